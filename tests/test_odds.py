"""Exact odds at Piquet: carte blanche, taking in named cards, dealt hands; the published figures.

Published figures quoted here come from Cavendish, *The Laws and Principles of Piquet*: the odds
table and the calculations after it in "Discarding" (rules/piquet/cavendish-discarding.md,
"Calculations"), and "Odds at Piquet", odds irrespective of the tables, for carte blanche
(rules/piquet/cavendish-odds.md).
"""

import math
import random
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.errors import IllegalActionError
from tutor.games.piquet.combos import (
    COURTS,
    SUIT_LEN,
    best_point_key,
    best_sequence_key,
    best_set_key,
)
from tutor.games.piquet.odds import (
    HANDS,
    PUBLISHED_ODDS,
    BestPoint,
    BestSequence,
    BestSet,
    carte_blanche,
    carte_blanche_either,
    chance_phrase,
    dealt_point,
    dealt_point_length,
    dealt_sequence,
    dealt_sequence_length,
    dealt_set,
    elder_takes_in,
    judge_odds,
    odds_phrase,
    one_in,
    take_in,
    take_in_all_of_any,
    take_in_each,
    younger_takes_in,
)

CAVENDISH_TABLE = "Cavendish, Laws and Principles of Piquet, 'Discarding', odds table"


def odds_against(p: Fraction) -> Fraction:
    return (1 - p) / p


def published(description: str):
    return next(p for p in PUBLISHED_ODDS if p.description == description)


# -- carte blanche ------------------------------------------------------------------------------------


def test_carte_blanche_is_c20_12_over_c32_12_exactly():
    # Cavendish, 'Odds at Piquet': "The odds against a carte blanche in a named player's hand are 1791 to 1."
    p = carte_blanche()
    assert p == Fraction(125_970, 225_792_840)
    assert (comb(20, 12), comb(32, 12)) == (125_970, 225_792_840)
    assert one_in(p) == "1 in 1,792.43"
    # the published 1791 to 1 is the exact 1,791.43... to 1 rounded down to a whole number
    assert 1791 < odds_against(p) < Fraction(17915, 10)
    entry = published("Carte blanche in a named player's hand")
    assert entry.published == "1791 to 1 against" and entry.verdict == "rounded"
    assert carte_blanche_either() == 2 * p


def test_carte_blanche_by_suitwise_convolution_agrees():
    # independent count: hands built suit by suit from court-free suit patterns only
    poly = [0] * 9
    for m in range(256):
        if not m & 0x70:
            poly[SUIT_LEN[m]] += 1
    prod = [1]
    for _ in range(4):
        out = [0] * (len(prod) + 8)
        for i, a in enumerate(prod):
            for j, b in enumerate(poly):
                out[i + j] += a * b
        prod = out
    assert Fraction(prod[12], HANDS) == carte_blanche()
    assert COURTS == 0x70707070


# -- taking in named cards: Cavendish's table -----------------------------------------------------------


ELDER_TABLE = [
    # (named, at least, published odds against) from the elder-hand table
    (1, 1, Fraction(3)),
    (2, 2, Fraction(18)),
    (3, 3, Fraction(113)),
    (4, 4, Fraction(968)),
    (5, 5, Fraction(15503)),
]


@pytest.mark.parametrize("named, at_least, odds", ELDER_TABLE)
def test_elder_table_named_cards_are_exact(named, at_least, odds):
    # CAVENDISH_TABLE, elder hand: one named card 3 to 1 ... five named cards 15503 to 1 against
    p = elder_takes_in(named, at_least)
    assert odds_against(p) == odds
    assert p == Fraction(comb(20 - named, 5 - named), comb(20, 5))


def test_elder_table_at_least_rows():
    # CAVENDISH_TABLE, elder hand, "one card (at least) of ..." rows
    one_of_two = elder_takes_in(2, 1)
    assert one_of_two == 1 - Fraction(comb(18, 5), comb(20, 5)) == Fraction(17, 38)
    assert odds_against(one_of_two) == Fraction(21, 17)  # published "5 to 4": 1.235 vs 1.25, rounded
    assert round(odds_against(one_of_two) * 4) == 5
    one_of_three = elder_takes_in(3, 1)
    assert one_of_three / (1 - one_of_three) == Fraction(137, 91)  # published "3 to 2 on"
    two_of_three = elder_takes_in(3, 2)
    assert odds_against(two_of_three) == Fraction(49, 8)  # published "6 to 1": 6.125
    one_of_four = elder_takes_in(4, 1)
    assert one_of_four / (1 - one_of_four) == Fraction(232, 91)  # published "5 to 2 on": 2.55
    two_of_four = elder_takes_in(4, 2)
    assert odds_against(two_of_four) == Fraction(728, 241)  # published "3 to 1": 3.02


def test_three_of_four_named_cards_is_misprinted_as_32_to_1():
    # CAVENDISH_TABLE: "Three cards (at least) of four named cards are 32 to 1 against him".
    # Exactly: 4*C(16,2) + C(16,1) = 496 of the 15,504 draws, so 15,008 to 496 = 938 to 31,
    # 30.26 to 1; even "exactly three of four" (480 draws) is 31.3 to 1, not 32.
    p = elder_takes_in(4, 3)
    assert p == Fraction(4 * comb(16, 2) + 16, comb(20, 5)) == Fraction(496, 15504)
    assert odds_against(p) == Fraction(938, 31)
    assert round(odds_against(p)) == 30  # not 32
    assert round(odds_against(Fraction(480, 15504))) == 31
    entry = published("Elder takes in three at least of four named cards")
    assert entry.verdict == "wrong"
    assert "938 to 31" in entry.note and "30.26" in entry.note
    assert entry.error == pytest.approx(32 / (938 / 31) - 1)


def test_younger_table():
    # CAVENDISH_TABLE, younger hand: 17 to 3, 62 to 1, 1139 to 1, 5 to 2, 3 to 2, 21 to 1, 29 to 28 on
    assert odds_against(younger_takes_in(1)) == Fraction(17, 3)
    assert odds_against(younger_takes_in(2)) == Fraction(187, 3)  # 62.33: "62 to 1" rounded
    assert odds_against(younger_takes_in(3)) == 1139
    assert odds_against(younger_takes_in(2, 1)) == Fraction(68, 27)  # 2.52: "5 to 2"
    assert odds_against(younger_takes_in(3, 1)) == Fraction(34, 23)  # 1.48: "3 to 2"
    assert odds_against(younger_takes_in(3, 2)) == Fraction(272, 13)  # 20.9: "21 to 1"
    p = younger_takes_in(4, 1)
    assert p / (1 - p) == Fraction(29, 28)  # exactly "29 to 28 on"
    assert odds_phrase(p) == "29 to 28 on"


def test_every_table_row_is_right_except_three_of_four():
    table = [p for p in PUBLISHED_ODDS if "odds table" in p.source]
    assert len(table) == 18  # eleven elder rows, seven younger rows
    wrong = [p.description for p in table if p.verdict == "wrong"]
    assert wrong == ["Elder takes in three at least of four named cards"]
    exact = {p.published for p in table if p.verdict == "exact"}
    assert exact == {"3 to 1 against", "18 to 1 against", "113 to 1 against", "968 to 1 against",
                     "15503 to 1 against", "17 to 3 against", "1139 to 1 against", "29 to 28 on"}


def test_text_claims_after_the_table():
    # Cavendish, 'Discarding', Calculations (the paragraphs after the table).
    # "two kings and two queens ... 3 to 1 against his taking in two of the other kings and queens"
    assert published("Elder with two kings and two queens takes in two of the other kings and queens").verdict == "rounded"
    # "... against his taking two kings or two queens ... are 17 to 2 against him": 868 to 101 = 8.59
    p = take_in_all_of_any((2, 2), 5)
    assert p == Fraction(2 * comb(18, 3) - comb(16, 1), comb(20, 5))
    assert odds_against(p) == Fraction(868, 101)
    assert round(odds_against(p) * 2) == 17
    # "two quatorzes against him ... only 33 to 31 against his drawing both an ace and a king":
    # exactly 331 to 315 (1.051), which 33 to 31 (1.065) is 1.3% above.
    both = take_in_each((4, 4), 5)
    assert both == Fraction(comb(20, 5) - 2 * comb(16, 5) + comb(12, 5), comb(20, 5))
    assert odds_against(both) == Fraction(331, 315)
    assert published("Elder with quatorzes of aces and kings against him draws an ace and a king").error == pytest.approx(
        (33 / 31) / (331 / 315) - 1
    )
    # "Younger hand, it is 4 to 1 against taking in one of each quatorze": exactly 15 to 4 (3.75)
    y = take_in_each((4, 4), 3)
    assert odds_against(y) == Fraction(15, 4)
    entry = published("Younger with quatorzes of aces and kings against him draws an ace and a king")
    assert entry.verdict == "rounded" and entry.error == pytest.approx(4 / 3.75 - 1)


def test_two_trios_leaving_a_card():
    # Cavendish, 'Discarding', Calculations: "3/20 = 57/380", "74/380", "74 to 57, or about 4 to 3"
    three = take_in(1, 3, 20)
    two = take_in(2, 2, 20, at_least=1)
    assert three == Fraction(57, 380) and two == Fraction(74, 380)
    assert two / three == Fraction(74, 57)
    assert published("Leaving a card rather than taking three, in round figures").verdict == "rounded"
    assert published("Leaving a card rather than taking three (ratio of the two chances)").verdict == "exact"


def test_quart_to_a_king_and_two_kings_by_counting_draws():
    # Cavendish, 'Discarding': with a quart to a king and two other kings it is '3 to 2 in favour' of elder taking in
    # the ace or nine to the quart, or the fourth king: three named cards, at least one among five of twenty.
    p = published("Elder holding a quart headed by the king, and two more kings, draws one of three cards: the ace or the nine that lengthens the quart, or the last king")
    miss = comb(17, 5)  # draws holding none of the three
    assert p.exact == Fraction(comb(20, 5) - miss, comb(20, 5)) == Fraction(137, 228)
    assert p.verdict == "rounded"  # 137 to 91 on, 1.51 to 1


def test_published_list_is_complete_and_consistent():
    for p in PUBLISHED_ODDS:
        assert p.verdict in ("exact", "rounded", "wrong")
        assert isinstance(p.exact, Fraction) and p.source.startswith("Cavendish")
        assert (p.verdict == "exact") == (p.error == 0)
        if p.kind == "odds":
            assert p.verdict == judge_odds(p.published, p.exact)[0]
    descriptions = [p.description for p in PUBLISHED_ODDS]
    assert len(descriptions) == len(set(descriptions))


def test_judge_odds_catches_the_wrong_side_and_wrong_rounding():
    assert judge_odds("3 to 1 on", Fraction(1, 4))[0] == "wrong"
    assert judge_odds("3 to 1 against", Fraction(1, 4))[0] == "exact"
    assert judge_odds("4 to 1 against", Fraction(1, 4))[0] == "wrong"
    assert judge_odds("5 to 4 against", Fraction(17, 38))[0] == "rounded"


@given(st.integers(0, 20), st.integers(0, 20), st.integers(0, 20))
def test_take_in_is_a_hypergeometric_tail(named, drawn, at_least):
    named, drawn = min(named, 20), min(drawn, 20)
    at_least = min(at_least, named)
    p = take_in(named, drawn, 20, at_least)
    assert 0 <= p <= 1
    assert take_in(named, drawn, 20, 0) == 1
    if at_least < named:
        assert take_in(named, drawn, 20, at_least + 1) <= p
    # complement: at least a of the named among the drawn == at most drawn-a of the others
    exact = sum(comb(named, i) * comb(20 - named, drawn - i) for i in range(at_least, min(named, drawn) + 1))
    assert p * comb(20, drawn) == exact


def test_take_in_rejects_impossible_questions():
    with pytest.raises(IllegalActionError) as e:
        take_in(3, 5, 20, at_least=4)
    assert e.value.token == 4
    with pytest.raises(IllegalActionError):
        take_in(21, 5, 20)
    with pytest.raises(IllegalActionError):
        take_in(-1, 5, 20)


def test_named_card_odds_agree_with_simulation():
    # seeded simulation: elder's five are the top of a shuffled 20-card remainder
    rng = random.Random(20240)
    n = 40_000
    hits = {(1, 1): 0, (2, 1): 0, (3, 1): 0, (4, 2): 0, (3, 2): 0}
    cards = list(range(20))
    for _ in range(n):
        rng.shuffle(cards)
        drawn = set(cards[:5])
        for named, at_least in hits:
            if sum(1 for c in range(named) if c in drawn) >= at_least:
                hits[named, at_least] += 1
    for (named, at_least), h in hits.items():
        p = float(elder_takes_in(named, at_least))
        se = math.sqrt(p * (1 - p) / n)
        assert abs(h / n - p) < 4.5 * se, (named, at_least, h / n, p)


# -- what a dealt hand holds -----------------------------------------------------------------------------


def test_dealt_distributions_sum_to_every_hand():
    for d in (dealt_point(), dealt_sequence(), dealt_set()):
        assert sum(d.counts().values()) == HANDS
        assert sum(d.values()) == 1


def test_dealt_point_lengths_in_closed_form():
    lengths = dealt_point_length()
    # 3-3-3-3: three of each suit
    assert lengths[3] == Fraction(comb(8, 3) ** 4, HANDS)
    # eight of a suit (only one suit can have eight): 4 * C(24, 4)
    assert lengths[8] == Fraction(4 * comb(24, 4), HANDS)
    # seven of a suit: 4 * C(8,7) * C(24,5), no two suits of seven in twelve cards
    assert lengths[7] == Fraction(4 * 8 * comb(24, 5), HANDS)
    assert set(lengths) == {3, 4, 5, 6, 7, 8}
    # the best point of eight is the whole suit: 8 cards, 75 pips
    assert dealt_point()[BestPoint(8, 75)] == lengths[8]


def test_dealt_sequences_and_sets_in_closed_form():
    seq = dealt_sequence()
    assert seq[BestSequence(8, 7)] == Fraction(4 * comb(24, 4), HANDS)  # huitième = a whole suit
    assert dealt_sequence_length()[8] == seq[BestSequence(8, 7)]
    sets = dealt_set()
    # quatorze of aces is the best set whenever it is held: the four aces and 8 of the other 28
    assert sets[BestSet(4, 7)] == Fraction(comb(28, 8), HANDS)
    # a quatorze of tens is best only without a quatorze above it: inclusion-exclusion over A K Q J
    above = sum((-1) ** i * comb(4, i) * comb(28 - 4 * i, 8 - 4 * i) for i in range(3))
    assert sets[BestSet(4, 3)] == Fraction(above, HANDS)
    # sevens, eights and nines never make a set
    assert all(o is None or o.rank_index >= 3 for o in sets)


def test_dealt_distributions_agree_with_simulation():
    rng = random.Random(7)
    n = 20_000
    pack = list(range(32))
    length = {}
    seq_none = set_none = 0
    quint_or_better = 0
    for _ in range(n):
        m = 0
        for b in rng.sample(pack, 12):
            m |= 1 << b
        k = best_point_key(m) >> 7
        length[k] = length.get(k, 0) + 1
        seq_none += best_sequence_key(m) == 0
        quint_or_better += best_sequence_key(m) >= 5 * 8
        set_none += best_set_key(m) == 0
    exact = dealt_point_length()
    checks = [(length.get(k, 0), exact[k]) for k in exact]
    checks += [(seq_none, dealt_sequence().none()), (set_none, dealt_set().none())]
    checks.append((quint_or_better, dealt_sequence().at_least(BestSequence(5, 0))))
    for hits, p in checks:
        p = float(p)
        se = math.sqrt(p * (1 - p) / n) or 1 / n
        assert abs(hits / n - p) < 4.5 * se + 1 / n, (hits / n, p)


# -- phrasing --------------------------------------------------------------------------------------------


def test_odds_phrases():
    assert odds_phrase(Fraction(1, 4)) == "3 to 1 against"
    assert odds_phrase(Fraction(5, 7)) == "5 to 2 on"
    assert odds_phrase(Fraction(1, 2)) == "evens"
    assert odds_phrase(0) == "no chance" and odds_phrase(1) == "certain"
    assert odds_phrase(elder_takes_in(5)) == "15,503 to 1 against"
    assert odds_phrase(elder_takes_in(3, 1)) == "about 3 to 2 on"  # exactly 137 to 91
    assert odds_phrase(elder_takes_in(2, 1)) == "21 to 17 against"  # Cavendish's "5 to 4"
    assert odds_phrase(Fraction(1000, 2237)) == "about 5 to 4 against"  # 1,237 to 1,000
    assert odds_phrase(carte_blanche()) == "about 1,791 to 1 against"
    assert one_in(Fraction(1, 4)) == "1 in 4"
    assert chance_phrase(Fraction(1, 4)) == "1 in 4 (3 to 1 against)"
    with pytest.raises(IllegalActionError):
        odds_phrase(Fraction(3, 2))


@given(st.fractions(min_value=Fraction(1, 10**6), max_value=1 - Fraction(1, 10**6)))
def test_odds_phrase_side_and_exactness(p):
    text = odds_phrase(p)
    if text.endswith("evens"):
        assert abs(p - Fraction(1, 2)) < Fraction(1, 50)
        return
    if p < Fraction(1, 2):
        assert text.endswith("against")
    elif p > Fraction(1, 2):
        assert text.endswith(" on")
    if not text.startswith("about") and text != "evens":
        a, _, b, side = text.replace(",", "").split()
        ratio = Fraction(int(a), int(b))
        assert (1 - p) / p == ratio if side == "against" else p / (1 - p) == ratio
