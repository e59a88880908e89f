"""Old Mariage, as David Parlett's Penguin Book of Card Games gives it: Sixty-Six with thirty-two
cards and the amour (ace and ten of a suit, 30, or 60 in trumps). Its scoring of a hand is
Sixty-Six's, checked by the oracle in tests/test_sixtysix.py; here, what is its own."""

from __future__ import annotations

import pytest

from tutor.cards import Rank
from tutor.games import load

ELDER, YOUNGER, TURNUP = "AD TD 7H KS QS 8C", "AS TS AC TC 9D 8D", "JH"
STOCK = "KH QH AH TH 9H 8H JS 9S 8S 7S KD QD JD 7D KC QC JC 9C 7C"


def deal(**rules):
    return load("oldmariage", **rules).deal_cards(ELDER, YOUNGER, TURNUP, STOCK)


def test_thirty_two_cards_six_each_and_a_stock_of_nineteen():
    s = load("oldmariage").deal(seed=2)
    assert [len(s.hand(0)), len(s.hand(1)), len(s.stock)] == [6, 6, 19] and s.turnup is not None
    assert len(s.every_card()) == 32


def test_the_amour_is_thirty_and_waits_for_a_trick_like_a_marriage():
    s = deal()
    s.apply("declare amour AD TD")
    assert [str(a) for a in s.legal_actions() if str(a).startswith("play")] == ["play AD", "play TD"]
    s.apply("play AD")
    s.apply("play 8D")
    assert [(st.category, st.points) for st in s.explanation()] == [("cards", 11), ("amour", 30)]


def test_the_amour_in_trumps_is_sixty():
    s = load("oldmariage").deal_cards("AH TH 7H KS QS 8C", "AS TS AC TC 9D 8D", "JH",
                                      "KH QH AD TD 9H 8H JS 9S 8S 7S KD QD JD 7D KC QC JC 9C 7C")
    assert s.why_illegal("declare amour AH TH") is not None  # in trumps it has its own name and value
    s.apply("declare amour in trumps AH TH")
    s.apply("play AH")
    s.apply("play 8D")
    assert s.scores()["elder"] == 11 + 60


def test_the_seven_of_trumps_is_exchanged_for_the_turn_up_after_a_trick():
    s = deal()
    why = s.why_illegal("exchange 7H")  # no trick won yet, as at Sixty-Six; the card is the seven, the rule says so
    assert "seven of trumps" in why and "Wikipedia" in why and "nine" not in why.replace("in place of the nine", "")
    s.apply("play AD")
    s.apply("play 8D")
    s.apply("exchange 7H")
    assert s.turnup.rank is Rank.SEVEN and "JH" in str(s.hand(0))


@pytest.mark.parametrize("amour, cards", [("ace-ten", "AD TD"), ("ace-king", "AS KS")])
def test_the_amour_option_names_its_cards(amour, cards):
    s = load("oldmariage", amour=amour).deal_cards("AD TD KS AS QS 8C", "7H TS AC TC 9D 8D", "JH", STOCK)
    assert s.why_illegal(f"declare amour {cards}") is None
