"""Rule options refuse nonsense with a RuleOptionError naming option, value and what it takes."""

from __future__ import annotations

import pytest

from tutor.errors import RuleOptionError
from tutor.games import GAMES, load


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_option_refuses_wrong_types_and_absurd_numbers(name):
    cls = GAMES[name]
    for opt in cls.Rules.options():
        for bad in ([1], {"a": 1}, 2.5, object()):
            with pytest.raises(RuleOptionError) as e:
                load(name, **{opt.name: bad})
            assert opt.name in str(e.value) and len(str(e.value)) < 400
        if opt.kind is int and opt.choices is None:
            lo, hi = opt.bounds
            for bad in (lo - 1, hi + 1, 10**30, -10):
                with pytest.raises(RuleOptionError, match="whole number from"):
                    load(name, **{opt.name: bad})
            assert load(name, **{opt.name: lo}).rules == cls.Rules(**{opt.name: lo})
            assert getattr(load(name, **{opt.name: str(hi)}).rules, opt.name) == hi


def test_the_cli_refuses_a_negative_option(capsys):
    from tutor.cli import main

    assert main(["deal", "piquet", "-o", "cards_value=-10"]) == 2
    err = capsys.readouterr().err
    assert "cards_value" in err and "-10" in err and err.count("\n") == 1
