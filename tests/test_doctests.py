"""The examples in the modules' own documentation run and print what they say."""

import doctest
import importlib

import pytest

MODULES = ["tutor.games.sixtysix", "tutor.games.schnapsen", "tutor.games.oldmariage", "tutor.games.mariage", "tutor.games.tausendeins", "tutor.games.tute",
           "tutor.games.stock.solver", "tutor.games.sixtysix.trainer", "tutor.games.bezique", "tutor.games.briscan",
           "tutor.render", "tutor.games.view", "tutor.table", "tutor.terminal"]


@pytest.mark.parametrize("name", MODULES)
def test_module_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0 and result.failed == 0
