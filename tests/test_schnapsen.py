"""Schnapsen, after pagat.com's soft rules (and the sharp ones as an option): each way it differs from
Sixty-Six, checked on composed deals, and pagat's scoring checked on random deals against an oracle
written here from pagat's text alone (not from the engine)."""

from __future__ import annotations

import random

import pytest

from tutor.cards import PACKS, Rank
from tutor.errors import IllegalActionError
from tutor.games import load
from tutor.games.stock.actions import Claim, Close, Play

PAGAT_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
ELDER, YOUNGER, TURNUP, STOCK = "AH TH KH QH JS", "AS TS KC QC JC", "KS", "QS AD TD KD QD JD JH AC TC"


def deal(**rules):
    return load("schnapsen", **rules).deal_cards(ELDER, YOUNGER, TURNUP, STOCK)


def test_twenty_cards_five_each_and_a_stock_of_nine_under_the_turn_up():
    # pagat: A T K Q J in four suits (exact: 4 x 30 = 120 points), three then two each, a turn-up
    assert sum(PAGAT_POINTS[c.rank] for c in PACKS["pack20"].cards) == 120
    s = load("schnapsen").deal(seed=5)
    assert [len(s.hand(0)), len(s.hand(1)), len(s.stock)] == [5, 5, 9] and s.turnup is not None


def test_the_trump_jack_is_exchanged_with_no_trick_needed_by_the_soft_rules():
    s = deal()
    s.apply("exchange JS")
    assert s.turnup.rank is Rank.JACK and "KS" in str(s.hand(0))


def test_the_sharp_rules_want_a_trick_first_and_say_so():
    s = deal(sharp=True)
    before = s.to_json()
    for action in ("exchange JS", "declare marriage KH QH"):
        with pytest.raises(IllegalActionError, match="sharp rules"):
            s.apply(action)
    assert s.to_json() == before
    s.apply("play AH")
    s.apply("play JC")
    assert s.why_illegal("exchange JS") is None and s.why_illegal("declare marriage KH QH") is None


def test_marriages_are_shown_after_a_close_too():
    # pagat: a marriage may be shown on any lead, after the stock is closed or used up
    s = deal()
    s.apply("close")
    assert s.why_illegal("declare marriage KH QH") is None


def test_a_hand_played_out_is_won_by_the_last_trick_with_no_ten_for_it():
    game = load("schnapsen")
    for seed in range(100):
        s = game.deal(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            s.apply(rng.choice([a for a in s.legal_actions() if not isinstance(a, (Claim, Close))]))
        assert all(st.category != "last trick" for st in s.explanation())
        assert s.ending["winner"] == ("elder", "younger")[s.tricks[-1].winner] and s.ending["game_points"] == 1


def _expected(s):
    """(winner, game points) by pagat's Schnapsen rules, from the raw deal."""
    who = ("elder", "younger")
    tricks = [t.winner for t in s.tricks]
    took = [sum(PAGAT_POINTS[c.rank] for t in s.tricks if t.winner == p for c in t.cards) for p in (0, 1)]
    for m in s.melds:
        if m.player in tricks:
            took[m.player] += m.kind.value
    closed = next((i for i, a in enumerate(s.history) if isinstance(a, Close)), None)
    closer = at_close = None
    if closed is not None:
        done = sum(isinstance(a, Play) for a in s.history[:closed]) // 2
        closer = s.tricks[done - 1].winner if done else 0
        other = 1 - closer
        had = [t for t in s.tricks[:done] if t.winner == other]
        pts = sum(PAGAT_POINTS[c.rank] for t in had for c in t.cards)
        shown = sum(str(a).startswith("declare") for a in s.history[:closed])  # the melds are kept in the order shown
        pts += sum(m.kind.value for m in s.melds[:shown] if m.player == other) if had else 0
        at_close = (len(had), pts)

    def at_closing():
        return 3 if at_close[0] == 0 else 2 if at_close[1] < 33 else 1

    if isinstance(s.history[-1], Claim):
        p = s.to_move
        if took[p] >= 66:
            if closer is None:
                return who[p], 3 if (1 - p) not in tricks else 2 if took[1 - p] < 33 else 1
            if closer == p:
                return who[p], at_closing()
            return who[p], 3 if at_close[0] == 0 else 2
        if closer == p:
            return who[1 - p], 3 if at_close[0] == 0 else 2
        return who[1 - p], 3 if (1 - p) not in tricks else 2
    if closer is not None:
        if took[closer] >= 66 and tricks[-1] == closer:
            return who[closer], at_closing()
        return who[1 - closer], 3 if at_close[0] == 0 else 2
    return who[tricks[-1]], 1


def test_every_random_deal_is_scored_by_pagats_rules():
    game = load("schnapsen")
    kinds = set()
    for seed in range(400):
        s = game.deal(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            legal = list(s.legal_actions())
            claims = [a for a in legal if isinstance(a, Claim)]
            if claims and (s.scores()[("elder", "younger")[s.to_move]] >= 66 or rng.random() < 0.05):
                s.apply(claims[0])
                continue
            s.apply(rng.choice([a for a in legal if not isinstance(a, Claim)] or legal))
        assert (s.ending["winner"], s.ending["game_points"]) == _expected(s), (seed, s.ending)
        kinds.add((s.ending["how"], s.ending["game_points"]))
    assert {("claim", 1), ("claim", 2), ("false claim", 2), ("false claim", 3), ("closer failed", 3), ("last trick", 1)} <= kinds


def test_a_bummerl_counts_down_from_seven_and_the_deal_alternates():
    game = load("schnapsen")
    match = game.play_out(game.match(2))
    assert min(match.to_go().values()) <= 0 and match.outcome().winner == min(match.to_go(), key=match.to_go().get)
    dealers = [row["dealer"] for row in match.sheet()]
    assert all(a != b for a, b in zip(dealers, dealers[1:]))
