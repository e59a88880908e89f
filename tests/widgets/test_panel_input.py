"""Odd input typed into any panel's seed (or code) box: the panel shows the engine's error, in one
line naming the bad token, and keeps what it showed; a deal code of another game is refused as
such, never taken for a text seed; an empty box deals a fresh deal."""

from __future__ import annotations

from functools import partial

import pytest

from tutor.widgets import counterpique, piquet
from tutor.widgets.table import TablePanel

NEW = ("Deal", "New hand", "Deal and play", "New deal", "New partie", "Advise", "New manche", "New rubber", "New game")
PANELS = [
    piquet.DealPanel, piquet.ExchangePanel, piquet.DeclarationPanel, piquet.ScoringPanel, piquet.AdvisorPanel,
    counterpique.AuctionPanel, counterpique.DrawPanel, counterpique.DeclarationPanel, counterpique.PadPanel,
    *(partial(TablePanel, game) for game in ("piquet", "truc", "counterpique", "bezique", "sixtysix", "bondtolva4", "tute")),
]


def name(c) -> str:
    if isinstance(c, partial):
        return f"table.{c.args[0]}"
    return f"{c.__module__.rsplit('.', 1)[-1]}.{c.__name__}"
ODD = ["\u017f" * 100, "AS\x00", "x" * 10_000, "tr-AAAAAAAA", "bz-garbled-code", "\t\n\u200b"]


def new_button(panel):
    def walk(w):
        yield w
        for c in getattr(w, "children", ()):
            yield from walk(c)

    found = [w for w in walk(panel.widget) if getattr(w, "description", None) in NEW and hasattr(w, "click")]
    assert found, f"{type(panel).__name__} has no button to deal"
    return found[0]


def shown(panel) -> str:
    parts = (getattr(panel, name, None) for name in ("view", "table", "prompt", "board"))
    return "".join(w.value for w in parts if hasattr(w, "value"))


@pytest.mark.parametrize("cls", PANELS, ids=name)
def test_odd_seeds_and_foreign_codes_are_shown_not_swallowed(cls):
    p = cls(seed=2)
    before = shown(p)
    button = new_button(p)
    for odd in ODD:
        p.source.value = odd
        button.click()
        message = p.message.value
        assert "tutor-error" in message, f"{odd[:20]!r} gave no error: {message!r}"
        assert len(message) < 600, "the message echoes the whole input"
        assert shown(p) == before, "a refused seed changed what the panel shows"
    p.source.value = ""
    button.click()
    assert "tutor-error" not in p.message.value and shown(p)


@pytest.mark.parametrize("cls", [c for c in PANELS if c is not piquet.AdvisorPanel],
                         ids=name)
def test_new_deal_deals_a_new_one_each_time_and_shows_its_seed(cls):
    # The box still showing the deal on the table: "New deal" deals a fresh one (a reader should not
    # have to edit the seed for another hand), and the box then shows the new seed, to be shared.
    p = cls(seed=2)
    button = new_button(p)
    seeds = [p.source.value]
    for _ in range(2):
        button.click()
        assert "tutor-error" not in p.message.value, p.message.value
        seeds.append(p.source.value)
    assert len(set(seeds)) == 3, seeds
    p.source.value = seeds[1]
    button.click()  # a seed typed (here, an earlier one) is dealt as typed
    assert p.source.value == seeds[1]
