"""Refusals that must give the reason actually broken, with its source (see tests/test_refusals.py
for how every kind of refusal is provoked, and tests/test_refusal_sweep.py for the net under it)."""

from __future__ import annotations

import random

import pytest

from tutor.games import load
from tutor.games.checks import snapshot

# (Gaigel shows two pairs together, as pagat.com allows: tests/test_gaigel.py)
TWO_AT_ONCE = ["sixtysix", "schnapsen", "oldmariage", "briscan", "bondtolva", "bondtolva3", "chouine", "marjapussi", "mariage",
               "tausendeins"]


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


def test_old_mariage_the_exchange_at_a_close_is_for_the_seven():
    """Parlett (as at Sixty-Six) with the seven of trumps, the lowest, in place of the nine (Wikipedia):
    the closer's opponent holding it takes the turn-up for the seven."""
    game = load("oldmariage")
    for seed in range(400):
        state, rng = game.deal(seed=seed), random.Random(seed)
        while not state.is_over:
            listed = [str(a) for a in state.legal_actions()]
            if "close" in listed:
                other = 1 - state.to_move
                if any(c.rank.value == "7" and c.suit is state.trump for c in state.hands[other]) and state.turnup.rank.value != "7":
                    state.apply("close")
                    step = next(s for s in state.explanation() if s.category == "exchange" and "closed" in s.text)
                    assert "seven of trumps" in step.text and "nine" not in step.text, step.text
                    assert "seven of trumps" in step.rule and "Wikipedia" in step.rule, step.rule
                    return
            state.apply(rng.choice(listed))
    raise AssertionError("no close with the seven of trumps in the other hand")


def test_old_mariage_an_unknown_combination_names_the_amour_too():
    from tutor.games.stock.actions import Declare

    state = load("oldmariage").deal(seed=1)
    why = state.why_illegal(Declare("flush", "KS QS"))
    assert why is not None and "amour" in why and "the one combination" not in why, why
