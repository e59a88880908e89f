"""The README's tour runs as written."""

import doctest
import pathlib


def test_readme_tour_is_true():
    result = doctest.testfile(str(pathlib.Path(__file__).parent.parent / "README.md"), module_relative=False)
    assert result.attempted >= 5 and result.failed == 0
