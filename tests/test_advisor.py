"""The exchange advisor: exact distributions against brute force, its odds against Cavendish's
table, the sampled "good against" figures, bad input.

Published figures: Cavendish, *The Laws and Principles of Piquet*, "Discarding", odds table
(rules/piquet/cavendish-discarding.md, "Calculations").
"""

from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.cards import PIQUET_PACK, Hand
from tutor.errors import IllegalActionError, NotationError
from tutor.games.piquet import Deal, PiquetRules
from tutor.games.piquet.advisor import ASSUMPTION, Advice, advise
from tutor.games.piquet.combos import (
    SUIT_LEN,
    SUIT_PIPS,
    best_sequence_key,
    best_set_key,
    bits_of,
    cards_of,
    mask_of,
    sequence_total,
    set_total,
)
from tutor.games.piquet.odds import (
    BestPoint,
    BestSequence,
    BestSet,
    elder_takes_in,
    younger_takes_in,
)

HAND = Hand("AS KS QS JS 9S 8S AH KH 7H AD 7D 8C")  # the worked deal of test_piquet_rules


# -- brute force: every draw, one by one ----------------------------------------------------------------


def brute_point(m: int, rules: PiquetRules):
    best = None
    for s in range(4):
        p = m >> (8 * s) & 0xFF
        n = SUIT_LEN[p]
        if n == 0 or n < rules.point_min_length:
            continue
        key = (SUIT_PIPS[p], n) if rules.point_by_pips else (n, SUIT_PIPS[p])
        if best is None or key > best:
            best = key
    if best is None:
        return None
    return BestPoint(best[1], best[0]) if rules.point_by_pips else BestPoint(*best)


def brute(hand: int, unseen: int, discard: int, rules: PiquetRules | None = None):
    """(point Counter, sequence Counter, set Counter, total score, number of draws) by enumeration."""
    rules = rules or PiquetRules()
    kept = hand & ~discard
    k = discard.bit_count()
    point, seq, sets = Counter(), Counter(), Counter()
    score = 0
    draws = 0
    for drawn in combinations(bits_of(unseen), k):
        m = kept
        for b in drawn:
            m |= 1 << b
        p = brute_point(m, rules)
        point[p] += 1
        sk = best_sequence_key(m)
        seq[BestSequence(sk >> 3, sk & 7) if sk else None] += 1
        tk = best_set_key(m)
        sets[BestSet(tk >> 3, tk & 7) if tk else None] += 1
        score += (p.length if p else 0) + sequence_total(m) + set_total(m)
        draws += 1
    return point, seq, sets, Fraction(score, draws), draws


def assert_row_matches_brute(row, hand: int, unseen: int, rules=None):
    point, seq, sets, expected, draws = brute(hand, unseen, row.mask, rules)
    assert row.draws == draws
    assert row.point.counts() == dict(point)
    assert row.sequence.counts() == dict(seq)
    assert row.sets.counts() == dict(sets)
    assert row.expected == expected
    assert row.expected_point + row.expected_sequences + row.expected_sets == expected


# -- exactness --------------------------------------------------------------------------------------------


def test_elder_every_discard_of_one_and_two_cards_matches_brute_force():
    advice = advise(HAND)
    hand = mask_of(HAND)
    unseen = 0xFFFFFFFF & ~hand
    small = [r for r in advice.rows if r.drawn <= 2]
    assert len(small) == 12 + 66
    for row in small:
        assert_row_matches_brute(row, hand, unseen)


def test_elder_full_draws_of_five_and_three_match_brute_force():
    # C(20, 5) = 15,504 and C(20, 3) = 1,140 draws, each scored hand by hand
    advice = advise(HAND)
    hand = mask_of(HAND)
    unseen = 0xFFFFFFFF & ~hand
    assert_row_matches_brute(advice.row("7H AD 7D 8C KH"), hand, unseen)
    assert_row_matches_brute(advice.row("7D 8C 7H"), hand, unseen)
    assert_row_matches_brute(advice.best, hand, unseen)


@given(st.randoms(use_true_random=False), st.integers(1, 5), st.integers(5, 9))
def test_elder_with_few_unseen_cards_matches_brute_force(rnd, k, n_unseen):
    # a reduced set of unseen cards makes every discard size cheap to enumerate
    order = list(PIQUET_PACK)
    rnd.shuffle(order)
    hand, unseen = Hand(order[:12]), Hand(order[12 : 12 + n_unseen])
    advice = advise(hand, unseen=unseen)
    assert len(advice.rows) == sum(comb(12, i) for i in range(1, 6))
    rows = [r for r in advice.rows if r.drawn == k]
    for row in rnd.sample(rows, 3):
        assert_row_matches_brute(row, mask_of(hand), mask_of(unseen))
        assert row.draws == comb(n_unseen, k)


@given(st.randoms(use_true_random=False), st.integers(3, 7))
def test_younger_matches_brute_force(rnd, talon):
    order = list(PIQUET_PACK)
    rnd.shuffle(order)
    hand, unseen = Hand(order[:12]), Hand(order[12:22])
    advice = advise(hand, "younger", talon_size=talon, unseen=unseen)
    assert {r.drawn for r in advice.rows} == set(range(1, talon + 1))
    for row in rnd.sample(advice.rows, 4):
        assert_row_matches_brute(row, mask_of(hand), mask_of(unseen))


@given(st.randoms(use_true_random=False), st.sampled_from([(1, True), (4, False), (3, True), (1, False)]))
def test_point_rules_match_brute_force(rnd, opts):
    least, by_pips = opts
    rules = PiquetRules(point_min_length=least, point_by_pips=by_pips)
    order = list(PIQUET_PACK)
    rnd.shuffle(order)
    hand, unseen = Hand(order[:12]), Hand(order[12:21])
    advice = advise(hand, unseen=unseen, rules=rules)
    for row in rnd.sample(advice.rows, 3):
        assert_row_matches_brute(row, mask_of(hand), mask_of(unseen), rules)


def test_younger_full_view_matches_brute_force_for_three_cards():
    d = Deal.from_seed(3)
    advice = advise(d.younger, "younger")
    hand = mask_of(d.younger)
    assert len(advice.rows) == 12 + 66 + 220
    for row in advice.rows[:3] + advice.rows[-2:]:
        assert row.draws == comb(20, row.drawn)
        assert_row_matches_brute(row, hand, 0xFFFFFFFF & ~hand)


# -- the advisor's chances are Cavendish's ---------------------------------------------------------------


def test_elder_taking_the_fourth_ace_is_3_to_1_against():
    # Cavendish, 'Discarding', odds table: elder takes in one named card, 3 to 1 against. Holding
    # three aces and throwing five other cards, the quatorze of aces (the best set there is) comes
    # exactly when the fourth ace is taken in.
    advice = advise("AS AH AD KS QS JS TH 9H 8D 7D 8C 7C")
    row = advice.row("8D 7D 8C 7C 9H")
    assert row.sets[BestSet(4, 7)] == elder_takes_in(1) == Fraction(1, 4)


def test_elder_one_of_two_named_cards():
    # odds table: one card (at least) of two named cards, elder: "5 to 4 against" (exactly 21 to 17).
    # Three aces and three kings: a quatorze of aces or of kings (nothing else can beat them).
    advice = advise("AS AH AD KS KH KD 9C 8C 7C 9H 8H 7H")
    row = advice.row("9C 8C 7C 8H 7H")
    assert row.sets.at_least(BestSet(4, 6)) == elder_takes_in(2, at_least=1) == Fraction(17, 38)


def test_younger_taking_the_fourth_ace_is_17_to_3_against():
    # odds table, younger hand: one named card 17 to 3 against (3 in 20)
    advice = advise("AS AH AD KS QS JS TH 9H 8D 7D 8C 7C", "younger", talon_size=3)
    row = advice.row("8C 7C 7D")
    assert row.sets[BestSet(4, 7)] == younger_takes_in(1) == Fraction(3, 20)


def test_younger_one_of_four_named_cards_is_29_to_28_on():
    # odds table, younger: one card (at least) of four named cards, 29 to 28 on; the text's own
    # case: "with two quarts (except major or minor quarts), he may expect to take a card to make
    # a quint". The quarts to the king in spades and hearts want AS 9S AH 9H; no other suit can
    # reach five cards with three taken in.
    advice = advise("KS QS JS TS KH QH JH TH 8D 7D 8C 7C", "younger", talon_size=3)
    row = advice.row("8D 7D 7C")
    quint = row.sequence.prob(lambda o: o is not None and o.length >= 5)
    assert quint == younger_takes_in(4, at_least=1) == Fraction(29, 57)


def test_younger_one_of_three_named_cards_is_3_to_2_against():
    # odds table, younger: one card (at least) of three named cards, 3 to 2 against (34 to 23).
    # Trios of kings, queens and knaves kept, the tens thrown: any of KS QS JS makes a quatorze.
    advice = advise("KH KD KC QH QD QC JH JD JC TH TD TC", "younger", talon_size=3)
    row = advice.row("TH TD TC")
    quatorze = row.sets.prob(lambda o: o is not None and o.count == 4)
    assert quatorze == younger_takes_in(3, at_least=1) == Fraction(23, 57)


# -- the table ----------------------------------------------------------------------------------------------


def test_elder_table_has_every_discard_sorted_best_first():
    advice = advise(HAND)
    assert len(advice.rows) == 1585 == sum(comb(12, k) for k in range(1, 6))
    values = [r.expected for r in advice.rows]
    assert values == sorted(values, reverse=True)
    assert len({r.mask for r in advice.rows}) == 1585
    assert all(r.mask & ~mask_of(HAND) == 0 for r in advice.rows)
    best = advice.best
    assert best.expected == max(values)
    assert advice.row(best.discard) is best
    assert advice.row(str(best.discard)) is best


def test_younger_table_sizes_follow_the_talon_and_the_rules():
    d = Deal.from_seed(5)
    assert len(advise(d.younger, "younger", talon_size=3).rows) == 12 + 66 + 220
    assert len(advise(d.younger, "younger", talon_size=7).rows) == sum(comb(12, k) for k in range(1, 8))
    # Cavendish, Law 21: elder discards at least one, so younger never finds the whole talon of eight
    with pytest.raises(IllegalActionError, match="Law 21") as e:
        advise(d.younger, "younger", talon_size=8)
    assert e.value.token == 8
    free = advise(d.younger, "younger", rules=PiquetRules(younger_must_exchange=False))
    stand = free.row([])
    assert stand.drawn == 0 and stand.draws == 1
    assert sum(stand.point.values()) == 1 and len(stand.point) == 1


def test_expected_value_splits_by_class_and_bounds():
    advice = advise(HAND)
    for row in advice.rows[:20] + advice.rows[-20:]:
        assert row.expected == row.expected_point + row.expected_sequences + row.expected_sets
        assert row.expected_point == row.point.mean()
        # the best sequence (set) is one of those scored, so its mean is no more than their total
        assert row.sequence.mean() <= row.expected_sequences
        assert row.sets.mean() <= row.expected_sets
        for dist in (row.point, row.sequence, row.sets):
            assert sum(dist.values()) == 1
            assert sum(dist.counts().values()) == row.draws


def test_keeping_a_huitieme_is_certain():
    # all eight spades kept: the point and sequence are fixed whatever comes in
    advice = advise("AS KS QS JS TS 9S 8S 7S AH AD KC 7C")
    row = advice.row("AH AD KC 7C")
    assert row.point[BestPoint(8, 75)] == 1
    assert row.sequence[BestSequence(8, 7)] == 1
    # the huitième scores 18 every time; the four cards taken in add tierces and quarts elsewhere
    assert 18 < row.expected_sequences < 18 + 4
    assert row.sequence.mean() == 18
    assert advice.best.discard and advice.best.expected >= row.expected


def test_rendering_and_json():
    advice = advise(HAND)
    text = advice.table(5)
    assert ASSUMPTION in text and str(advice.best.discard) in text
    assert len(text.splitlines()) == 3 + 1 + 5
    html = advice._repr_html_()
    assert html.count("<tr>") == 1 + 10 and str(advice.best.discard) in html
    data = advice.to_json(top=3)
    assert data["discards"] == 1585 and len(data["rows"]) == 3
    first = data["rows"][0]
    assert first["discard"] == str(advice.best.discard)
    num, den = map(int, first["expected"]["exact"].split("/"))
    assert Fraction(num, den) == advice.best.expected
    assert abs(sum(o["p"] for o in first["point"]) - 1) < 1e-12
    dist = advice.best.point
    assert "point of" in dist.text() and "<table" in dist._repr_html_()


# -- sampled: good against the opponent ----------------------------------------------------------------------


def test_good_against_is_seeded_and_sized():
    advice = advise(HAND)
    a = advice.good_against(top=3, samples=300, seed=4)
    b = advise(HAND).good_against(top=3, samples=300, seed=4)
    assert [g.to_json() for g in a] == [g.to_json() for g in b]
    assert len(a) == 3 and all(r.good is g for r, g in zip(advice.rows, a))
    for g in a:
        for c in (g.point, g.sequence, g.sets):
            assert 0 <= c.good + c.equal <= c.samples == 300
            assert "estimated from 300 samples" in c.phrase()
    assert "good:" in advice.table(3)


def test_an_unbeatable_hand_is_always_good():
    # eight spades (point 75, huitième major) and the four aces: nothing the opponent can hold
    # equals or beats them, so every sample must say good
    advice = advise("AS KS QS JS TS 9S 8S 7S AH AD AC KC")
    row = advice.row("KC")
    advice.rows.insert(0, advice.rows.pop(advice.rows.index(row)))
    (g,) = advice.good_against(top=1, samples=200, seed=1)
    assert g.point.good == g.sequence.good == g.sets.good == 200


def test_younger_good_against_runs_and_is_bounded():
    d = Deal.from_seed(8)
    advice = advise(d.younger, "younger", talon_size=4)
    gs = advice.good_against(top=2, samples=200, seed=2)
    assert all(0 <= g.point.p_good <= 1 and g.scored_mean >= 0 for g in gs)


# -- bad input ------------------------------------------------------------------------------------------------


def test_bad_input_names_the_token_and_what_is_legal():
    with pytest.raises(NotationError) as e:
        advise("AS KS QS JS 9S 8S AH KH 7H AD 7D 6C")
    assert e.value.token == "6C" and "ranks are A K Q J T 9 8 7" in str(e.value)
    with pytest.raises(NotationError) as e:
        advise("AS KS QS JS 9S 8S AH KH 7H AD 7D ZZ")
    assert e.value.token == "ZZ"
    with pytest.raises(NotationError) as e:
        advise("AS AS QS JS 9S 8S AH KH 7H AD 7D 8C")
    assert e.value.token == "AS"
    with pytest.raises(NotationError):
        advise("AS KS QS")
    with pytest.raises(NotationError) as e:
        advise(HAND, seat="dealer")
    assert e.value.token == "dealer" and e.value.legal == ("elder", "younger")
    with pytest.raises(IllegalActionError) as e:
        advise(HAND, talon_size=5)
    assert e.value.legal == (8,)
    with pytest.raises(IllegalActionError) as e:
        advise(HAND, "younger", talon_size=2)
    assert e.value.token == 2 and e.value.legal == (3, 4, 5, 6, 7)
    with pytest.raises(NotationError) as e:
        advise(HAND, unseen="AS TD")
    assert e.value.token == "AS"
    with pytest.raises(NotationError):
        advise(HAND, unseen="TD 9D")  # fewer unseen cards than elder may draw
    advice = advise(HAND)
    with pytest.raises(IllegalActionError) as e:
        advice.row("TD")
    assert e.value.token == "TD" and "AS" in e.value.legal
    with pytest.raises(IllegalActionError) as e:
        advice.row("AS KS QS JS 9S 8S")
    assert e.value.legal == (1, 2, 3, 4, 5)
    with pytest.raises(IllegalActionError):
        advise(HAND, unseen=cards_of(0xFFFFFFFF & ~mask_of(HAND))[:10]).good_against()
    assert isinstance(advice, Advice)


@pytest.mark.parametrize("seat", [0.0, 1.0, True, -1, 2])
def test_a_seat_that_is_not_a_seat_is_refused_by_name_not_read_as_one(seat):
    """``0.0`` equals ``0`` in Python, but it is no seat: refused in words, as ``True`` is
    (found by the fuzz test over the advisor's arguments)."""
    with pytest.raises(NotationError, match="the seat is 'elder' or 'younger'"):
        advise(HAND, seat=seat)
