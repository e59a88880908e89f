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


def test_play_stops_when_the_player_at_1001_claims_it():
    """David Parlett, Tausendeins: play ceases the moment either player claims 1001. The computer
    claims as soon as its total reaches it; the deal stops there, cards still in hand."""
    game = load("tausendeins")
    match = game.play_out(game.match(6))
    last = match.records[-1]
    assert match.outcome().winner is not None and max(match.standing().values()) >= 1001
    # the last deal ended with the game: it stopped as soon as the total passed 1001
    st = match.standing()
    before = {k: st[k] - last.credited[k] for k in st}
    assert max(before.values()) < 1001
    assert last.outcome.termination == "claim" and "claims 1001" in last.outcome.reason and "play stops" in last.outcome.reason
    assert match.outcome().termination == "claim"


def test_the_tutor_stops_play_itself_with_the_automatic_option():
    game = load("tausendeins", claim="automatic")
    match = game.play_out(game.match(6))
    last = match.records[-1]
    assert "reaches" in last.outcome.reason and "play stops" in last.outcome.reason
    assert not any(str(a) == "claim" for a in match.history)


def _claims(state):
    return [a for a in state.legal_actions() if str(a) == "claim"]


def test_a_claim_is_listed_on_every_turn_of_a_game_and_accepted_as_listed():
    """Both ways: wherever the claim is listed it is accepted, and wherever it is accepted it is
    listed (leading and following), in a deal of a game to 1001; never in a deal played alone."""
    from tutor.games.tausendeins import TausendeinsDeal
    from tutor.games.tausendeins.rules import TausendeinsRules

    rules = TausendeinsRules()
    s = TausendeinsDeal.from_seed(2, rules, carried=(500, 400))
    alone = TausendeinsDeal.from_seed(2, rules)
    phases = set()
    while not s.is_over:
        listed = bool(_claims(s))
        assert listed == (s.why_illegal("claim") is None), s.history
        assert listed, s.history
        phases.add(s.phase.value)
        assert not _claims(alone) and "played alone" in alone.why_illegal("claim") and "Parlett" in alone.why_illegal("claim")
        play = next(a for a in s.legal_actions() if str(a) != "claim")
        s.apply(play)
        alone.apply(play)
    assert {"lead", "follow"} <= phases


def test_a_false_claim_loses_the_game():
    """The book is silent on a false claim; the tutor's reading (stated in the rule option and the
    chapter) is that it loses the game, as in Tute. Elder at 900 claims at once: false."""
    game = load("tausendeins")
    m = game.match(1, standing={"first": 900, "second": 10})
    assert m.seat_of("first").name == "elder" and m.turn.name == "elder"
    m.apply("claim")
    assert m.is_over and m.outcome().winner == "second" and m.outcome().termination == "false claim"
    assert m.standing() == {"first": 900, "second": 10}
    reason = m.records[-1].outcome.reason
    assert "claims 1001 with only 900" in reason and "loses the game" in reason and "Parlett" in reason


def test_a_true_claim_wins_however_the_other_stands():
    """Elder at 1000, younger at 999: once elder's total passes 1001 his claim on his next turn
    wins, though younger may hold more in this deal."""
    from tutor.games.tausendeins.rules import TausendeinsRules

    for seed in range(20):
        s = TausendeinsDeal.from_seed(seed, TausendeinsRules(), carried=(1000, 999))
        while not s.is_over and not (s.total(0) >= 1001 and s.to_move == 0):
            s.apply(next(a for a in s.legal_actions() if str(a) != "claim"))
        if not s.is_over:
            break
    s.apply("claim")
    out = s.outcome()
    assert s.is_over and out.winner == "elder" and out.termination == "claim" and s.false_claim is None
