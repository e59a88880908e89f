"""Refusals that must give the reason actually broken, with its source (see tests/test_refusals.py
for how every kind of refusal is provoked, and tests/test_refusal_sweep.py for the net under it)."""

from __future__ import annotations

import random

import pytest

from tutor.games import load
from tutor.games.checks import snapshot

TWO_AT_ONCE = ["sixtysix", "schnapsen", "oldmariage", "briscan", "bondtolva", "bondtolva3", "chouine", "marjapussi", "mariage",
               "tausendeins", "gaigel"]


def _two_listed_declarations(name):
    game = load(name)
    for seed in range(300):
        state, rng = game.deal(seed=seed), random.Random(seed)
        while not state.is_over:
            listed = [str(a) for a in state.legal_actions()]
            declares = [a for a in listed if a.startswith("declare ")]
            if len(declares) >= 2:
                return state, declares[0] + " + " + declares[1][len("declare "):]
            state.apply(rng.choice(listed))
    raise AssertionError(f"{name}: no position with two declarations")


@pytest.mark.parametrize("name", TWO_AT_ONCE)
def test_two_declarations_at_once_are_refused_citing_a_rule(name):
    """The game's one declaration a turn (its own rule text), not a bare sentence."""
    state, both = _two_listed_declarations(name)
    before = snapshot(state)
    why = state.why_illegal(both)
    assert why is not None and "alongside another declaration" in why
    assert state.CITES.search(why) and why.count("(") >= 1 and why.endswith(")"), why
    assert snapshot(state) == before


@pytest.mark.parametrize("name", ["sixtysix", "oldmariage"])  # Schnapsen's marriages may be shown to the end
def test_a_marriage_after_closing_is_refused_because_the_stock_is_closed(name):
    """pagat.com, Sechsundsechzig: no marriage once the stock is exhausted or closed; a closed stock
    is not exhausted, and the refusal says which."""
    game = load(name)
    for seed in range(300):
        state, rng = game.deal(seed=seed), random.Random(seed)
        closed = False
        while not state.is_over:
            listed = [str(a) for a in state.legal_actions()]
            if not closed and "close" in listed:
                state.apply("close")
                closed = True
                continue
            if closed and state.stock and not state.trick:
                p = state.to_move
                kings = [c for c in state.hands[p] if c.rank.value == "K" and any(q.rank.value == "Q" and q.suit is c.suit for q in state.hands[p])]
                if kings:
                    k = kings[0]
                    why = state.why_illegal(f"declare {k} Q{k.suit.value}")
                    assert why is not None and "closed" in why and "exhausted" not in why.split(" (")[0], why
                    assert state.CITES.search(why)
                    return
            state.apply(rng.choice(listed))
    raise AssertionError(f"{name}: no marriage held after a close")
