"""Published worked examples and the rules of reckoning, each with its source.

Hands are built to be consistent with each stated case; the source is named in every test.
"""

import itertools

import pytest

from tutor.errors import IllegalActionError
from tutor.games import load
from tutor.games.piquet import PiquetDeal
from tutor.games.piquet.combos import (
    SUIT_LEN,
    SUIT_PIPS,
    SUIT_POINT_KEY,
    SUIT_RUNS,
    mask_of,
)
from tutor.games.piquet.reckon import reckon_events
from tutor.games.piquet.rules import PiquetRules
from tutor.games.piquet.scoring import declare_in_full, settle

piquet = load("piquet")


def categories(expl):
    return [(s.player, s.category, s.points) for s in expl]


def declare(state):
    while state.phase.value in ("call", "reply", "declare"):
        state.apply(declare_in_full(state))


# -- Hoffmann, "Hoyle's Games Modernized" (1909), Piquet: a deal counted aloud trick by trick ----
HOFFMANN_A = "AD JD TD 9D 8D 7D JC TC 9C KH AS AH"  # elder
HOFFMANN_B = "QD KD AC KC QC 8C KS QS QH JS 7H 8H"  # younger
HOFFMANN_PLAYS = [
    ("AD", "QD"), ("7D", "KD"), ("AC", "JC"), ("KC", "TC"), ("QC", "9C"), ("8C", "KH"),
    ("KS", "AS"), ("JD", "QS"), ("TD", "JS"), ("9D", "7H"), ("8D", "8H"), ("AH", "QH"),
]


def test_hoffmann_worked_deal_counts_like_the_book():
    # Hoffmann: A scores 6 for the point, 15 for the quint and 3 for the tierce (24), says 25 on
    # leading; B scores 14 for four queens and 3 for three kings (17); ... A ends with 33 and 10
    # for the cards, 43; B with 23. B's hand is completed consistently with the narration.
    state = piquet.replay(HOFFMANN_A, HOFFMANN_B, HOFFMANN_PLAYS)
    expl = state.explanation()
    assert state.is_over and state.tricks_won() == (7, 5)
    assert state.scores() == {"elder": 43, "younger": 23}
    hand = [(s.player, s.category, s.points) for s in expl if s.category in ("point", "sequence", "set")]
    assert hand == [("elder", "point", 6), ("elder", "sequence", 15), ("elder", "sequence", 3),
                    ("younger", "set", 14), ("younger", "set", 3)]
    # The running totals the book says aloud, elder's after each of his scores in play:
    elder_play = [s.total("elder") for s in expl if s.player == "elder" and s.category in ("lead", "trick", "last trick")]
    assert elder_play == [25, 26, 27, 28, 29, 30, 31, 32, 33]
    younger_play = [s.total("younger") for s in expl if s.player == "younger" and s.category in ("lead", "trick")]
    assert younger_play == [18, 19, 20, 21, 22, 23]
    assert expl[-1].category == "cards" and expl[-1].total("elder") == 43


def test_seed_000_two_quatorzes_and_a_trio_repique_despite_equalities():
    # Parlett's Piquet rules: "Even if both equalized on point, and neither scored for sequence, a player could
    # score repique on two quatorzes and a trio (14+14+3=31, plus 60 for repique 91)."
    elder = "AS JS 9S AH JH 9H JD 9D 8D JC TC 8C"  # best point three cards, 30; no sequence
    younger = "KS QS TS KH QH TH KD QD TD KC QC 9C"  # best point three cards, 30; no sequence
    r = piquet.score(elder, younger)
    assert categories(r.explanation) == [("younger", "set", 14), ("younger", "set", 14), ("younger", "set", 3),
                                         ("younger", "repique", 60)]
    assert r.totals == {"elder": 0, "younger": 91} and r.repique == "younger"


ELDER_BIG = "AS KS QS JS TS 9S AH KH QH AD AC KD"
YOUNGER_BLANK = "TH 9H 8H 7H TD 9D 8D 7D TC 9C 8C 7C"


def test_carte_blanche_reckons_first_and_saves_the_repique():
    # Parlett's Piquet rules / Cavendish Law 18: carte blanche scores first and so saves a repique.
    r = piquet.score(ELDER_BIG, YOUNGER_BLANK)
    assert r.carte_blanche == (False, True)
    assert categories(r.explanation)[0] == ("younger", "carte blanche", 10)
    assert r.repique is None and r.totals == {"elder": 6 + 16 + 3 + 14 + 3, "younger": 10}
    # The same elder hand against a younger hand holding one king: now elder is repiqued to 102.
    r2 = piquet.score(ELDER_BIG, YOUNGER_BLANK.replace("7C", "KC"))
    assert r2.repique == "elder" and r2.totals == {"elder": 42 + 60, "younger": 0}


def test_point_and_sequence_reckon_before_sets_so_sets_cannot_save_a_repique():
    # Parlett's Piquet rules ("the other cannot prevent it by scoring for set, as point and sequence have
    # priority") and the example in Wikipedia's Piquet article: elder has a quatorze of aces,
    # younger a point of seven and two long sequences, and younger is repiqued into 60.
    elder = "AS AH AD AC KS QS JS 9S 8S KC QC JC"
    younger = "KH QH JH TH 9H 8H 7H KD QD JD TD 9D"
    r = piquet.score(elder, younger)
    assert r.repique == "younger"
    assert r.totals == {"younger": 7 + 17 + 15 + 60, "elder": 14}
    # Elder's one for leading does not save him either (Parlett's Piquet rules): reckoning puts younger's hand first.
    state = PiquetDeal.after_exchange(elder, younger)
    declare(state)
    state.apply("play AS")
    declare(state)
    cats = [s.category for s in state.explanation()]
    assert cats.index("repique") < cats.index("lead")


def test_twenty_nine_in_hand_and_one_for_leading_is_pique_not_repique():
    # Parlett's Piquet rules: "If elder makes 29 in combinations, his 1 for leading may give him pique but not
    # repique." Point 7 (4), quart major and tierce minor in spades, quint major in hearts: 29.
    elder = "AS KS QS JS 9S 8S 7S AH KH QH JH TH"
    younger = "TS 9H 8H 7H AD KD QD 9D AC KC 8C 7C"
    state = PiquetDeal.after_exchange(elder, younger)
    declare(state)
    assert state.scores() == {"elder": 29, "younger": 0}
    state.apply("play AS")
    declare(state)
    steps = categories(state.explanation())
    assert steps[-2:] == [("elder", "lead", 1), ("elder", "pique", 30)]
    assert "repique" not in [c for _, c, _ in steps]


def _all_tricks_to_elder():
    return [(0, 8 * (i % 4) + 7 - i // 4, 8 * (i % 4) + 3 - i // 4 % 3, 0) for i in range(12)]


@pytest.mark.parametrize("hand_points, pique", [(16, False), (17, True)])
def test_capot_never_counts_towards_pique(hand_points, pique):
    # Cavendish Law 69: "A capot reckons after points made in play; and, therefore, does not
    # count toward a pique." Elder leads and wins all twelve: 12 + 1 for the last = 13 in play.
    events = reckon_events([(0, "point", hand_points, None)], _all_tricks_to_elder(), PiquetRules())
    cats = [c for _, c, _, _ in events]
    assert ("pique" in cats) is pique
    assert cats[-1] == "capot"
    assert sum(p for _, _, p, _ in events) == hand_points + 13 + 40 + (30 if pique else 0)


def test_younger_cannot_pique_because_elder_scores_for_leading():
    # Parlett's Piquet rules / Parlett: younger can never pique; elder's first lead already counts one.
    tricks = [(0, 0, 7, 1)] + [(1, 8 * (i % 4) + 7 - i // 4, 8 * (i % 4) + 1, 1) for i in range(11)]
    events = reckon_events([(1, "point", 20, None)], tricks, PiquetRules())
    assert "pique" not in [c for _, c, _, _ in events]


def test_an_equality_saves_nothing_and_equal_sequences_cancel_all():
    # Parlett's Piquet rules: equal best sequences (same length and top card) cancel all sequences of both.
    elder = "AS KS QS 9S 8S 7S AH 8H 7H TD 9D 7C"  # tierce major spades and tierce minor
    younger = "AD KD QD JH TH 9H 8D 7D AC KC QC TC"  # tierce major in diamonds and clubs
    r = piquet.score(elder, younger)
    assert not any(s.category == "sequence" for s in r.explanation)


def test_settlement_laws_72_and_73():
    # Cavendish Laws 72-73 and the usual worked figures: 120 to 99 is a rubicon, 319; 120 to
    # 101 is 119; a winner under 100 still adds the loser's score (Law 73).
    assert settle(120, 99).to_json() == {"winner": "first", "points": 319, "rubicon": True}
    assert settle(101, 120).to_json() == {"winner": "second", "points": 119, "rubicon": False}
    assert settle(90, 80).points == 270 and settle(90, 80).rubicon
    assert settle(100, 150).points == 150 and not settle(100, 150).rubicon
    assert settle(77, 77).to_json() == {"winner": None, "points": 0, "rubicon": False}


def test_suit_tables_match_a_naive_count():
    pips = {0: 7, 1: 8, 2: 9, 3: 10, 4: 10, 5: 10, 6: 10, 7: 11}
    for m in range(256):
        ranks = [r for r in range(8) if m >> r & 1]
        assert SUIT_LEN[m] == len(ranks) and SUIT_PIPS[m] == sum(pips[r] for r in ranks)
        bits = format(m, "08b")[::-1]  # index r = rank
        runs = []
        for k, grp in itertools.groupby(enumerate(bits), key=lambda x: x[1]):
            grp = list(grp)
            if k == "1" and len(grp) >= 3:
                runs.append((len(grp), grp[-1][0]))
        assert list(SUIT_RUNS[m]) == runs


def test_point_by_pips_alone_can_never_disagree_with_length_first():
    # k cards always out-pip k-1 cards (15 > 11, 24 > 21, ..., 75 > 71), so deciding the point by
    # pips alone gives the same winner as length first: checked over every pair of suit patterns.
    keys = [(SUIT_POINT_KEY[m], SUIT_PIPS[m]) for m in range(1, 256)]
    for (ka, pa), (kb, pb) in itertools.product(keys, repeat=2):
        assert (ka > kb) == (pa > pb)


def test_sinking_scores_only_what_is_declared():
    # Parlett's Piquet rules: "you score only what you declare". Elder sinks the king of spades from his point,
    # as B does in Cavendish's Example IV (showing A J T 8 of spades for point).
    state = PiquetDeal.after_exchange("AS KS JS TS 8S 9H 8H 7H 9D 8D 7D 7C", "QS 9S 7S AH KH QH AD KD QD AC KC QC")
    state.apply("call AS JS TS 8S")
    assert [str(a) for a in state.legal_actions()] == ["good"]  # younger has three spades at most
    state.apply("good")
    assert state.scores()["elder"] == 4
    # Law 46: younger may not ask what it makes, holding fewer cards of a suit; Law 55: he may
    # ask to see the cards called, and the sunk king stays hidden.
    with pytest.raises(IllegalActionError, match="Law 46"):
        state.ask(1, 0, "making")
    assert state.ask(1, 0, "show") == "AS JS TS 8S"


def test_mask_of_rejects_cards_outside_the_pack():
    from tutor.cards import Card
    from tutor.errors import NotationError

    with pytest.raises(NotationError):
        mask_of([Card("2S")])
