"""Sixty-Six and Schnapsen checked against worked examples published with their sources, and, where
the sources give none, against exact counting (the reasoning written out in each test).

Published: Martin Tompa, "The Horns of a Dilemma" and its solution, The Schnapsen Log (psellos.com,
September 2019): a Schnapsen position on lead with one card left face down in the stock, where
closing wins with the right line, and the right line depends on where the missing diamond lies.
"""

from __future__ import annotations

import itertools
from math import comb

import pytest

from tutor.cards import PACKS, Rank, Suit, parse_card, parse_cards
from tutor.games import load
from tutor.games.stock.actions import Declare
from tutor.games.stock.core import Stage
from tutor.games.stock.solver import solve_cards

# -- Tompa, "The Horns of a Dilemma" (solution), The Schnapsen Log, psellos.com, 2019 -----------------
# Spades are trumps (the jack turned up); you hold the spade queen, the heart king and the ace, king
# and jack of diamonds, with 33 trick points to Tibor's 13, on lead with one card face down in the
# stock. Tibor holds five of: the ace, ten and queen of hearts, the club ace, the ten and queen of
# diamonds; the sixth lies in the stock. You close.
YOU = parse_cards("QS KH AD KD JD")
UNSEEN = parse_cards("AH TH QH AC TD QD")
HAD = 33
QS, KH, AD = parse_card("QS"), parse_card("KH"), parse_card("AD")


def _schnapsen():
    game = load("schnapsen")
    spec = game.Deal.spec_of(game.rules)
    return spec, spec.play[Stage.END]


def _after_queen(tibor, discard, lead):
    """Your points after the spade queen (Tibor, with no spade, throws ``discard``: you win it) and
    then ``lead``, both playing their best after (every card known)."""
    spec, rule = _schnapsen()
    won = spec.card_points[Rank.QUEEN] + spec.card_points.get(discard.rank, 0)
    rest = solve_cards(spec, rule, Suit.SPADES, [[c for c in YOU if c != QS], [c for c in tibor if c != discard]], [], 0, 0)
    return won + rest.plays[lead]


@pytest.mark.parametrize("stock", UNSEEN, ids=str)
def test_tompa_closing_wins_with_best_play_wherever_the_stock_card_lies(stock):
    # The solution: with the stock closed there is a winning line in every case (cash the spade queen
    # and exit with the heart king when Tibor holds both diamonds; cash the diamonds from the ace when
    # one lies in the stock). The solver, every card known, must find at least the 33 you lack.
    spec, rule = _schnapsen()
    tibor = [c for c in UNSEEN if c != stock]
    best = solve_cards(spec, rule, Suit.SPADES, [YOU, tibor], [], 0, 0)
    assert HAD + best.points["elder"] >= 66


def test_tompa_the_worst_case_of_the_elimination_is_exactly_67():
    # "Even if Tibor had both red queens": 33 + 3 + 3 + 3 + 4 + 10 + 11 = 67. Both red queens with
    # Tibor and both diamonds too means the club ace lies in the stock; Tibor throws the heart queen
    # on the spade queen; you exit with the heart king.
    tibor = [c for c in UNSEEN if c != parse_card("AC")]
    assert HAD + _after_queen(tibor, parse_card("QH"), KH) == 33 + 3 + 3 + 3 + 4 + 10 + 11 == 67


@pytest.mark.parametrize("stock", ["AH", "TH", "QH", "AC"])
def test_tompa_with_both_diamonds_held_the_heart_king_exit_wins_whatever_tibor_throws_but_a_diamond(stock):
    tibor = [c for c in UNSEEN if c != parse_card(stock)]
    for discard in tibor:
        if discard.suit is not Suit.DIAMONDS:  # "assuming Tibor doesn't discard a diamond"
            assert HAD + _after_queen(tibor, discard, KH) >= 66, discard


def test_tompa_the_horns_of_the_dilemma_the_right_second_lead_depends_on_the_stock_card():
    # Tibor throws the heart queen on the spade queen. If he holds both diamonds, only the heart king
    # exit wins; if a diamond lies in the stock, only cashing the diamonds from the ace wins.
    qh = parse_card("QH")
    for stock, exit_wins in (("AH", True), ("TH", True), ("AC", True), ("TD", False), ("QD", False)):
        tibor = [c for c in UNSEEN if c != parse_card(stock)]
        assert (HAD + _after_queen(tibor, qh, KH) >= 66) is exit_wins, stock
        assert (HAD + _after_queen(tibor, qh, AD) >= 66) is not exit_wins, stock


# -- exact counting, where the sources give the rule but no example ---------------------------------
def test_schnapsen_hands_holding_a_marriage_counted_by_inclusion_and_exclusion():
    # Five cards from twenty. A marriage in a given suit fixes its king and queen: C(18, 3) hands;
    # two given suits: C(16, 1); three suits need six cards. So 4 C(18,3) - 6 C(16,1) hands hold at
    # least one marriage, and 6 C(16,1) hold two. The engine, offering elder the marriages he may show
    # on his first lead (pagat.com, Schnapsen: no trick is needed to show one), must agree on all
    # C(20, 5) hands.
    game = load("schnapsen")
    cards = list(PACKS["pack20"].cards)
    one = two = 0
    for hand in itertools.combinations(range(20), 5):
        rest = [cards[i] for i in range(20) if i not in hand]
        s = game.deal_cards([cards[i] for i in hand], rest[:5], rest[5], rest[6:])
        suits = {a.cards[0].suit for a in s.legal_actions() if isinstance(a, Declare)}
        one += bool(suits)
        two += len(suits) == 2
    assert one == 4 * comb(18, 3) - 6 * comb(16, 1) == 3168
    assert two == 6 * comb(16, 1) == 96


@pytest.mark.parametrize("name, pack, most", [("sixtysix", "pack24", 120 + 10 + 40 + 3 * 20), ("schnapsen", "pack20", 120 + 40 + 3 * 20)])
def test_the_most_a_hand_can_score_is_the_pack_the_last_trick_and_every_marriage(name, pack, most):
    # The pack's points (4 suits x (11 + 10 + 4 + 3 + 2) = 120), Sixty-Six's 10 for the last trick
    # (none in Schnapsen), one marriage in trumps (40) and three plain ones (3 x 20): an upper bound
    # no deal passes, the engine's marriage table read for the values.
    game = load(name)
    spec = game.Deal.spec_of(game.rules)
    values = sorted((k.value for k in spec.melds.kinds), reverse=True)
    assert sum(spec.card_points.get(c.rank, 0) for c in PACKS[pack].cards) == 120
    assert 120 + game.Deal.LAST_TRICK + values[0] + 3 * values[1] == most
