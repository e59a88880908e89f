"""Tausendeins, as David Parlett's Penguin Book of Card Games gives it: each rule on composed and
random deals, and every deal reckoned here from the raw play by the book's rules."""

from __future__ import annotations

import random

import pytest

from tutor.cards import Rank, Suit
from tutor.games import load
from tutor.games.stock.core import Stage
from tutor.games.tausendeins.state import TausendeinsDeal

POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
BY_SUIT = {Suit.DIAMONDS: 40, Suit.HEARTS: 60, Suit.SPADES: 80, Suit.CLUBS: 100}  # Parlett


def random_deal(game, seed):
    s = game.deal(seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        legal = list(s.legal_actions())
        shows = [a for a in legal if str(a).startswith("declare")]
        s.apply(shows[0] if shows and rng.random() < 0.7 else rng.choice(legal))
    return s


def reckon(s) -> dict[str, int]:
    who = ("elder", "younger")
    out = dict.fromkeys(who, 0)
    for t in s.tricks:
        out[who[t.winner]] += sum(POINTS.get(c.rank, 0) for c in t.cards)
    takers = {t.winner for t in s.tricks}
    for m in s.melds:
        if m.player in takers:
            out[who[m.player]] += BY_SUIT[m.cards[0].suit]
    return out


@pytest.mark.parametrize("pack, each, stock", [("32", 6, 20), ("24", 8, 8)])
def test_the_deal_has_no_turn_up_and_no_trumps(pack, each, stock):
    s = load("tausendeins", pack=pack).deal(seed=3)
    assert [len(s.hand(0)), len(s.hand(1)), len(s.stock)] == [each, each, stock]
    assert s.turnup is None and s.trump is None


def test_every_deal_is_reckoned_by_the_book_and_the_last_marriage_makes_trumps():
    game = load("tausendeins")
    changed = 0
    for seed in range(200):
        s = random_deal(game, seed)
        assert s.scores() == reckon(s), seed
        assert all(st.category != "last trick" for st in s.explanation())
        if s.melds:
            assert s.trump is s.melds[-1].cards[0].suit
            changed += len({m.cards[0].suit for m in s.melds}) > 1
        else:
            assert s.trump is None
    assert changed >= 10, "trumps changed by a later marriage in too few deals to test it"


def test_a_marriage_is_declared_by_leading_its_king_or_queen():
    s = TausendeinsDeal.from_cards("KC QC AS TS 9H 7D", "AH TH KD QD 8S 7S",
                                   "JC 9C 8C 7C AC TC KS QS JS 9S KH QH JH 8H 7H AD TD JD 9D 8D")
    s.apply("declare marriage KC QC")
    assert s.trump is Suit.CLUBS
    assert sorted(str(a) for a in s.legal_actions()) == ["play KC", "play QC"]


def test_no_marriage_in_the_last_tricks():
    game = load("tausendeins")
    for seed in range(100):
        s = random_deal(game, seed)
        shown_at = [m.trick for m in s.melds]
        assert all(t < len(s.tricks) - 6 for t in shown_at), seed  # the last six are tricks 11 to 16
        assert s.end_from is not None and all(t.stage is Stage.END for t in s.tricks[10:])


def test_play_stops_the_moment_a_player_reaches_1001():
    game = load("tausendeins")
    match = game.play_out(game.match(6))
    last = match.records[-1]
    assert match.outcome().winner is not None and max(match.standing().values()) >= 1001
    # the last deal ended with the game: it stopped as soon as the total passed 1001
    st = match.standing()
    before = {k: st[k] - last.credited[k] for k in st}
    assert max(before.values()) < 1001
    assert "reaches" in last.outcome.reason and "play stops" in last.outcome.reason
