"""Counterpique (Parlett's Counterpique): worked cases from the seed's own text, the auction, the draw, the line
below, misère, the pad and the rubber, bad input, and the golden playthrough.

Each test quotes the words of Parlett's Counterpique it checks. Hands are built to fit each case.
"""

import copy
import json
import pathlib
from fractions import Fraction
from math import comb

import pytest

from tutor.errors import IllegalActionError, NotationError, RuleOptionError, TutorError
from tutor.explain import Explanation
from tutor.games.counterpique import (
    BIDS,
    Bid,
    Counterpique,
    CounterpiqueDeal,
    CounterpiqueRules,
    Deal,
    Pad,
    Phase,
    contract_result,
    declare_in_full,
    misere_result,
    parse_action,
    parse_bid,
)
from tutor.games.counterpique.odds import draw_chance, max_tricks, outlook
from tutor.games.counterpique.state import SEATS
from tutor.games.piquet.odds import take_in

GOLDEN = pathlib.Path(__file__).parent / "golden" / "counterpique.json"
game = Counterpique()


def cats(expl):
    return [(s.player, s.category, s.points) for s in expl]


def declare(state):
    while state.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
        state.apply(declare_in_full(state))


def snapshot(state):
    """Everything the state holds (Piquet's dialogue state inside it included), to compare."""
    out = {k: v for k, v in vars(state).items() if k not in ("_expl", "inner")}
    if state.inner is not None:
        out["inner"] = {k: v for k, v in vars(state.inner).items() if k != "_expl"}
    return copy.deepcopy(out)


# -- the line below: contract and counterpique ----------------------------------------------------


def test_seed_counterpique_example_seven_three_five_tricks_scores_42():
    # Parlett's Counterpique, Score: 'if Elder bid "Seven-three" or "21" and won only five tricks, thus falling two
    # short, Younger scores 42 (2 x 21).'
    assert contract_result(parse_bid("seven-three"), 5) == (1, "counterpique", 42)
    assert contract_result(parse_bid("21"), 5) == (1, "counterpique", 42)
    r = game.score("AS KS QS JS AH KH QH JH AD KD AC KC", "TS 9S 8S 7S TH 9H TD 9D 8D TC 9C 8C",
                   bid="seven-three", tricks=5)
    assert r.below == {"elder": 0, "younger": 42}
    assert cats(r.explanation)[-1] == ("younger", "counterpique", 42)


def test_seed_counterpique_example_played_out_trick_by_trick():
    # The same case played: Elder runs five spades, then loses the rest (the last counting two):
    # five of thirteen, two short of seven-three, so Younger scores 2 x 21 = 42 below the line.
    elder = "AS KS QS JS TS 7H 8H 9H 7D 8D 9D 7C"
    younger = "AH KH QH JH TH AD KD QD JD TD AC KC"
    plays = [("AS", "TH"), ("KS", "TD"), ("QS", "JD"), ("JS", "QD"), ("TS", "KC"),
             ("7H", "AH"), ("KH", "8H"), ("QH", "9H"), ("JH", "7D"), ("AD", "8D"), ("KD", "9D"), ("AC", "7C")]
    s = game.replay(elder, younger, plays, bid="seven-three")
    assert s.is_over and s.tricks_won()[s.elder] == 5 and s.nominal_tricks() == (5, 8)
    assert s.below("role") == {"elder": 0, "younger": 42}
    assert s.next_dealer == s.younger  # 'made by whoever scored for tricks below the line'


def test_contract_made_scores_tricks_times_cards_and_play_stops():
    # Parlett's Counterpique, Score: 'Upon winning the number of tricks bid, Elder scores that number multiplied by
    # the number of cards left to Younger'; Play: 'Play can cease as soon as Elder has won the
    # number of tricks contracted, as there is no score for overtricks.'
    elder = "AS KS QS JS TS 9S 8S 7S 7H 8H 9H 7C"
    younger = "AH KH QH JH TH AD KD QD JD TD AC KC"
    plays = [(c, f) for c, f in zip("AS KS QS JS TS 9S 8S".split(), "TH TD JD QD KD AD KC".split())]
    s = game.replay(elder, younger, plays, bid="seven-four")
    assert s.is_over and len(s.tricks) == 7 and s.made
    assert cats(s.explanation("role"))[-1] == ("elder", "contract", 28)
    with pytest.raises(IllegalActionError, match="play stops there"):
        s.apply("play 7S")
    # No bonus for overtricks: playing on (option play_out) scores the same below the line.
    longer = Counterpique(CounterpiqueRules(play_out=True)).replay(
        elder, younger, plays + [("7S", "JH"), ("7H", "AH")], bid="seven-four")
    assert not longer.is_over and longer.below("role") == {"elder": 0, "younger": 0}


def test_last_trick_counts_double_for_the_contract():
    # Parlett's Counterpique, Preliminaries: 'Although 12 tricks are played, the last trick counts double, making
    # the number of tricks nominally thirteen.' Elder takes seven tricks, the last among them: eight,
    # enough for eight-three.
    elder = "AS KS QS JS TS 9S 7C 8C 9C TC 7H AD"
    younger = "AC KC QC JC AH KH QH JH TH 9H 8H 7D"
    plays = [("AS", "8H"), ("KS", "9H"), ("QS", "TH"), ("JS", "JH"), ("TS", "QH"), ("9S", "KH"),
             ("7C", "AC"), ("KC", "8C"), ("QC", "9C"), ("JC", "TC"), ("AH", "7H"), ("7D", "AD")]
    s = game.replay(elder, younger, plays, bid="eight-three")
    assert s.tricks_won()[s.elder] == 7 and s.nominal_tricks()[s.elder] == 8
    assert cats(s.explanation("role"))[-1] == ("elder", "contract", 24)


def test_contract_result_table():
    bid = parse_bid("thirteen-eight")
    assert bid.value == 104 and bid.draw == 0
    assert contract_result(bid, 13) == (0, "contract", 104)
    assert contract_result(bid, 12) == (1, "counterpique", 104)
    assert contract_result(parse_bid("nine-four"), 9) == (0, "contract", 36)
    with pytest.raises(IllegalActionError):
        contract_result(bid, 14)


# -- misère ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("elder_tricks,expected", [
    (0, (0, "misère", 65)), (5, (0, "misère", 40)), (6, (0, "misère", 35)),
    (7, (1, "misère", 35)), (13, (1, "misère", 65)),
])
def test_misere_five_a_trick_to_whoever_took_fewer(elder_tricks, expected):
    # Parlett's Counterpique, Misère: 'whoever wins the smaller number of tricks scores below the line 5 points for
    # each trick won by the other, giving a range of 35 to 65.'
    assert misere_result(elder_tricks) == expected


def test_both_passing_at_once_is_misere_with_no_draw_and_no_declarations():
    # Parlett's Counterpique, Bidding: 'If both pass immediately, the game is misère.' Misère: 'there is no draw and
    # no declaring of combinations. Elder leads to the first trick'.
    s = game.deal(seed=0)
    s.apply("pass").apply("pass")
    assert s.misere and s.phase is Phase.PLAY and s.contract is None
    assert s.elder == 0 and s.to_move == 0  # option misere_elder: the non-dealer, as in Piquet
    assert len(s.stock) == 8
    with pytest.raises(IllegalActionError):
        s.apply("discard 7C")
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert len(s.tricks) == 12  # a misère is played out
    e = s.nominal_tricks()[s.elder]
    role, _, points = misere_result(e)
    assert s.below() == {SEATS[s.seat(role)]: points, SEATS[s.seat(1 - role)]: 0}
    assert 35 <= points <= 65 and s.above() == {"non-dealer": 0, "dealer": 0}
    dealer_elder = Counterpique(CounterpiqueRules(misere_elder="dealer")).deal(seed=0).apply("pass").apply("pass")
    assert dealer_elder.elder == 1 and dealer_elder.to_move == 1


def test_misere_score_helper():
    r = game.score("AS KS QS JS AH KH QH JH AD KD AC KC", "TS 9S 8S 7S TH 9H TD 9D 8D TC 9C 8C",
                   bid="misère", tricks=4)
    # No declaring in a misère; but Younger's hand is a blank, proved at the deal before the auction.
    assert r.bid is None and r.declared == () and r.above == {"elder": 0, "younger": 10}
    assert r.below == {"elder": 45, "younger": 0}


# -- the auction ------------------------------------------------------------------------------------


def test_bids_rank_by_value_from_21_to_104():
    # Parlett's Counterpique: 'The lowest bid is to win 7 tricks after drawing 5 from the talon, leaving 3 for
    # Younger ... "Seven-Three" or "21" ... A higher bid is one with a higher potential score, up to
    # the a maximum "Thirteen-eight" or "104".'
    assert (BIDS[0].name, BIDS[0].value, BIDS[-1].name, BIDS[-1].value) == ("seven-three", 21, "thirteen-eight", 104)
    assert len(BIDS) == 7 * 6 and [b.value for b in BIDS] == sorted(b.value for b in BIDS)
    assert parse_bid("eight-three").value == 24 and parse_bid("seven-four").value == 28  # 'Eight-three' or '24'
    assert parse_bid("24") == Bid(8, 3) and parse_bid("28") == Bid(7, 4) and parse_bid("7-3") == Bid(7, 3)
    assert parse_bid("104") == Bid(13, 8) and str(Bid(9, 4)) == "bid nine-four"
    with pytest.raises(NotationError, match="nine-four or twelve-three"):
        parse_bid("36")
    for bad in ("six-three", "7-2", "7-9", "105", "20", "lots"):
        with pytest.raises(NotationError):
            parse_bid(bad)


def test_dealer_wins_the_auction_and_may_not_raise():
    # Parlett's Counterpique: 'Dealer starts by announcing a bid. If as non-dealer you can bid the same or higher
    # you say "Yes", otherwise "Pass". Dealer continues raising the bid ... until one of you passes,
    # leaving the other as Elder hand. ... you may not increase your bid if you are the dealer'.
    s = game.deal(seed=0)
    assert s.phase is Phase.AUCTION and s.to_move == 1
    s.apply("bid seven-three").apply("yes").apply("bid 24")
    assert s.to_move == 0 and [str(a) for a in s.legal_actions()] == ["yes", "pass"]
    s.apply("pass")
    assert s.elder == 1 and s.contract == Bid(8, 3) and s.phase is Phase.DRAW and s.to_move == 1
    before = snapshot(s)
    with pytest.raises(IllegalActionError):
        s.apply("bid nine-four")
    assert snapshot(s) == before


def test_non_dealer_wins_and_may_raise():
    # Parlett's Counterpique: 'If you win the auction you may not increase your bid if you are the dealer, but as
    # non-dealer you may do so.'
    s = game.deal(seed=1)
    s.apply("bid seven-four").apply("yes")
    with pytest.raises(IllegalActionError, match="must raise"):
        s.apply("bid eight-three")  # 24 is below 28, though eight tricks are more than seven
    with pytest.raises(IllegalActionError, match="must raise"):
        s.apply("bid seven-four")
    s.apply("pass")
    assert s.phase is Phase.RAISE and s.elder == 0 and s.to_move == 0
    with pytest.raises(IllegalActionError, match="worth more"):
        s.apply("bid 28")
    s.apply("bid nine-four")
    assert s.contract == Bid(9, 4) and s.phase is Phase.DRAW and s.to_move == 0
    assert s.role(0) == "elder" and s.role(1) == "younger"


def test_equal_values_are_not_a_raise():
    s = game.deal(seed=2)
    s.apply("bid nine-four").apply("yes")
    assert "bid twelve-three" not in s.legal_actions()  # also 36
    assert "bid ten-four" in s.legal_actions()


def test_non_dealer_says_yes_after_the_dealers_pass_and_stands_or_raises():
    # After the dealer passes at once, 'yes' is the lowest bid (he 'can bid the same or higher'),
    # and as the auction's winner he may raise it.
    s = game.deal(seed=3)
    s.apply("pass")
    assert [str(a) for a in s.legal_actions()] == ["yes", "pass"]
    s.apply("yes")
    assert s.phase is Phase.RAISE and s.bid == Bid(7, 3)
    s.apply("stand")
    assert s.contract == Bid(7, 3) and s.elder == 0


def test_highest_bid_leaves_only_a_pass():
    s = game.deal(seed=4)
    s.apply("bid thirteen-eight").apply("yes")
    assert [str(a) for a in s.legal_actions()] == ["pass"]
    s.apply("pass")
    assert [str(a) for a in s.legal_actions()] == ["stand"]


# -- the draw ---------------------------------------------------------------------------------------


def test_draw_limits_follow_the_bid_and_younger_takes_the_rest():
    # Parlett's Counterpique, Drawing cards: Elder discards 'as many ... as you will draw', leaving the number bid
    # for Younger; 'You may draw fewer than you bid, but will only score for the amount of your bid';
    # Younger 'decide[s] how many of the remaining cards you will draw (if any)'.
    s = game.deal(seed=5)
    s.apply("bid seven-three").apply("pass")
    hand = list(s.hand(s.elder))
    assert {len(a.discard) for a in s.legal_actions()} == {0, 1, 2, 3, 4, 5}
    before = snapshot(s)
    with pytest.raises(IllegalActionError, match="at most 5"):
        s.apply("discard " + " ".join(map(str, hand[:6])))
    assert snapshot(s) == before
    top = list(s.deal.talon)
    s.apply("discard " + " ".join(map(str, hand[:2])))
    assert set(top[:2]) <= set(s.hand(s.elder)) and len(s.stock) == 6
    assert max(len(a.discard) for a in s.legal_actions()) == 6  # Younger may take all that remain
    s.apply("discard nothing")
    assert s.phase is Phase.CALL and s.to_move == s.elder and s.contract.value == 21


def test_younger_draws_only_the_bids_share_under_the_option_bid():
    # Parlett's Counterpique, Drawing cards: Elder 'may draw fewer than you bid'; Younger draws 'of the remaining
    # cards'. Option younger_draws='bid': the cards Elder does not draw are out of play, Younger draws at most the
    # three that seven-three leaves him; by default ('rest') he may take all five, the two Elder left included.
    for reading, most in (("rest", 5), ("bid", 3)):
        s = Counterpique(CounterpiqueRules(younger_draws=reading)).deal(seed=5)
        s.apply("bid seven-three").apply("pass")
        hand = list(s.hand(s.elder))
        s.apply("discard " + " ".join(map(str, hand[:3])))  # Elder draws three of his five
        assert len(s.stock) == 5
        assert max(len(a.discard) for a in s.legal_actions()) == most
        younger = list(s.hand(s.to_move))
        before = snapshot(s)
        if reading == "bid":
            with pytest.raises(IllegalActionError, match="younger_draws='bid'"):
                s.apply("discard " + " ".join(map(str, younger[:4])))
            assert snapshot(s) == before
        s.apply("discard " + " ".join(map(str, younger[:most])))
        assert len(s.stock) == 5 - most


def test_thirteen_eight_draws_nothing():
    s = game.deal(seed=6)
    s.apply("pass").apply("yes").apply("bid thirteen-eight")
    assert [str(a) for a in s.legal_actions()] == ["discard nothing"]
    s.apply("discard nothing")
    assert max(len(a.discard) for a in s.legal_actions()) == 8


# -- above the line: blank, no point for leading, pique and repique ---------------------------------

BLANK = "AS TS 9S 8S 7S AH TH 9H AD TD AC TC"
COURTS = "KS QS JS KH QH JH KD QD JD KC QC JC"
REST = "8H 7H 9D 8D 7D 9C 8C 7C"


def test_blank_scores_ten_at_once_and_counts_first_towards_repique():
    # Parlett's Counterpique, Deal: 'If dealt a blank (no face cards) you may immediately score 10 points for it
    # above the line, provided you first prove it'; Pique, repique: 'points accrue strictly in order
    # blank, point, sequence, sets'. 10 + 5 + 4 + 14 = 33 before Younger scores: repique.
    s = CounterpiqueDeal(Deal.from_cards(BLANK, COURTS, REST))
    assert s.phase is Phase.BLANK and s.to_move == 0
    s.apply("blank")
    assert s.phase is Phase.AUCTION and s.scores() == {"non-dealer": 10, "dealer": 0}
    assert s.view(1)["opponent_blank"] is not None
    for a in ("pass", "yes", "stand", "discard nothing", "discard nothing"):
        s.apply(a)
    declare(s)
    assert cats(s.explanation("role")) == [
        ("elder", "blank", 10), ("elder", "point", 5), ("elder", "sequence", 4), ("elder", "set", 14),
        ("elder", "repique", 60), ("elder", "set", 14)]
    assert s.above("role") == {"elder": 107, "younger": 0}


def test_a_blank_not_proved_scores_nothing():
    s = CounterpiqueDeal(Deal.from_cards(BLANK, COURTS, REST))
    s.apply("pass")
    assert s.phase is Phase.AUCTION and s.scores() == {"non-dealer": 0, "dealer": 0}
    with pytest.raises(IllegalActionError):
        CounterpiqueDeal(Deal.from_cards(COURTS, BLANK, REST)).apply("bid 21")  # the dealer must first say


PIQUE_ELDER = "AS KS 9S AD TD 9D 8D 8H 7H 9C 8C 7C"
PIQUE_YOUNGER = "AH KH QH JH TH 9H KD QD JD AC 7S 8S"
PIQUE_PLAYS = [("8H", "AH"), ("KH", "7H"), ("QH", "7C"), ("JH", "8C"), ("TH", "9C"), ("9H", "9S"),
               ("KD", "AD"), ("AS", "7S"), ("KS", "8S"), ("TD", "JD"), ("QD", "8D"), ("AC", "9D")]


def test_younger_makes_pique_and_adds_the_tricks_taken_to_reach_it():
    # Parlett's Counterpique: 'Elder does not score "1 for leading". This makes it possible for either player to
    # score 30 for pique.' Younger has 25 in combinations and wins the first five tricks before
    # Elder counts anything: pique, and 'the number of tricks they took to reach 30 are added to the
    # bonus and scored above the line': 30 + 5.
    s = game.replay(PIQUE_ELDER, PIQUE_YOUNGER, PIQUE_PLAYS[:5], bid="seven-three")
    assert cats(s.explanation("role")) == [
        ("younger", "point", 6), ("younger", "sequence", 16), ("younger", "sequence", 3), ("younger", "pique", 35)]
    assert not any(st.category == "lead" for st in s.explanation())
    s = game.replay(PIQUE_ELDER, PIQUE_YOUNGER, PIQUE_PLAYS, bid="seven-three")
    assert s.nominal_tricks()[s.elder] == 3
    assert s.above("role") == {"elder": 0, "younger": 60}
    assert s.below("role") == {"elder": 0, "younger": 84}  # four short of seven-three: 4 x 21


def test_a_trick_to_the_opponent_first_stops_the_pique_unless_only_combinations_count():
    # Option pique_race: by default the opponent's tricks count as his score in the race.
    plays = [("AS", "7S")] + PIQUE_PLAYS[:1] + [("KH", "7H"), ("QH", "7C"), ("JH", "8C"), ("TH", "9C")]
    clean = game.replay(PIQUE_ELDER, PIQUE_YOUNGER, plays, bid="seven-three")
    assert not any(st.category == "pique" for st in clean.explanation())
    loose = Counterpique(CounterpiqueRules(pique_race="combinations")).replay(PIQUE_ELDER, PIQUE_YOUNGER, plays, bid="seven-three")
    assert [st.points for st in loose.explanation() if st.category == "pique"] == [35]


def test_elder_pique_is_thirty_flat_unless_both_add_tricks():
    # Elder with 25 in combinations wins five tricks first. The seed adds the tricks to Younger's
    # pique only (option pique_tricks).
    elder, younger = PIQUE_YOUNGER, PIQUE_ELDER
    plays = [("AH", "8H"), ("KH", "7H"), ("QH", "7C"), ("JH", "8C"), ("TH", "9C")]
    s = game.replay(elder, younger, plays, bid="seven-three")
    assert [(st.player, st.points) for st in s.explanation("role") if st.category == "pique"] == [("elder", 30)]
    both = Counterpique(CounterpiqueRules(pique_tricks="both")).replay(elder, younger, plays, bid="seven-three")
    assert [st.points for st in both.explanation() if st.category == "pique"] == [35]


def test_repique_in_combinations_alone():
    r = game.score(BLANK, COURTS, bid="seven-three")
    assert r.repique == "elder" and r.above == {"elder": 107, "younger": 0}
    assert r.to_json()["outcomes"][7] == {"elder_tricks": 7, "player": "elder", "category": "contract", "points": 21}


# -- the pad and the rubber ----------------------------------------------------------------------------


def steps(*events):
    """A deal's steps by seat: (seat, category, points)."""
    return Explanation.build(SEATS, [(p, c, n, c, "test") for p, c, n in events])


def test_game_is_100_below_the_line_and_a_new_line_is_drawn():
    # Parlett's Counterpique, Game: 'The first to reach 100 below the line wins a game, and a new line is drawn.'
    pad = Pad()  # persons (0, 1) below: the first player is the non-dealer, the second the dealer
    assert pad.record(steps(("non-dealer", "point", 5), ("non-dealer", "contract", 63)), (0, 1)) is None
    assert pad.below(0) == 63 and pad.above(0) == 5
    assert pad.record(steps(("dealer", "counterpique", 42)), (1, 0)) == 0  # first now deals: 105
    assert pad.game == 1 and pad.below(0, 0) == 105 and pad.below(0) == 0 and pad.below(1) == 0


def test_rubber_bonus_500_when_the_loser_won_no_game_and_100_a_game_he_scored_nothing():
    # Parlett's Counterpique, Game: 'the winner adds a bonus of 300, or 500 if the loser failed to win a game, plus
    # (in either case) 100 for any game in which the loser failed to make any score.'
    deals = [
        steps(("non-dealer", "contract", 104), ("dealer", "point", 4)),  # game 1 to first; second: 4 above only
        steps(("non-dealer", "contract", 60)),
        steps(("dealer", "counterpique", 21)),  # second scores below in game 2
        steps(("non-dealer", "contract", 72)),  # game 2 to first, 132
    ]
    pad = Pad()
    for st in deals:
        pad.record(st, (0, 1))
    assert pad.is_over and pad.winner == 0
    assert [(p, c, n) for p, c, n, _, _ in pad.bonuses()] == [(0, "rubber", 500), (0, "whitewash", 100)]
    res = pad.result()
    assert res["totals"] == {"first": 104 + 60 + 72 + 500 + 100, "second": 4 + 21}
    assert res["margin"] == 836 - 25 and res["games"] == {"first": 2, "second": 0}
    strict = Pad(CounterpiqueRules(whitewash="any"))
    for st in deals:
        strict.record(st, (0, 1))
    assert [(c, n) for _, c, n, _, _ in strict.bonuses()] == [("rubber", 500)]  # second's point in game 1


def test_rubber_bonus_300_when_the_loser_won_a_game():
    pad = Pad()
    pad.record(steps(("non-dealer", "contract", 104)), (0, 1))  # game 1 to first, second nothing
    pad.record(steps(("dealer", "contract", 104)), (0, 1))  # game 2 to second
    pad.record(steps(("dealer", "misère", 65)), (0, 1))
    pad.record(steps(("non-dealer", "contract", 100)), (0, 1))  # game 3 to first
    # 'plus (in either case) 100 for any game in which the loser failed to make any score': game 1.
    assert pad.winner == 0 and [(c, n) for _, c, n, _, _ in pad.bonuses()] == [("rubber", 300), ("whitewash", 100)]
    assert pad.totals() == {"first": 104 + 100 + 300 + 100, "second": 104 + 65}
    with pytest.raises(IllegalActionError):
        pad.record(steps(("dealer", "contract", 21)), (0, 1))
    assert "game 3 to first" in pad.text()


def test_rubber_deals_until_two_games_and_whoever_scored_below_deals_next():
    # Parlett's Counterpique, Deal: 'Each subsequent deal is made by whoever scored for tricks below the line in the
    # previous hand.'
    r = game.rubber(seed=11, first_dealer="second")
    while not r.is_over:
        d = r.deal
        if d.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
            r.apply(declare_in_full(d))
            continue
        if d.phase is Phase.AUCTION:
            r.apply("pass" if d.to_move == 0 else ("bid seven-three" if d.bid is None else "pass"))
            continue
        r.apply(d.legal_actions()[0])
    assert max(r.pad.games_won(0), r.pad.games_won(1)) == 2
    below = [e for e in r.pad.entries if e.line == "below"]
    assert [e.person for e in below][:-1] == r.dealers[1:]
    with pytest.raises(IllegalActionError):
        r.apply("pass")
    assert r.result()["winner"] in ("first", "second")


# -- bad input: typed errors, state unchanged ----------------------------------------------------------


@pytest.mark.parametrize("script,junk,error", [
    ([], "yes", IllegalActionError),
    ([], "bid six-three", NotationError),
    ([], "bid 36", NotationError),
    ([], "frobnicate", NotationError),
    (["bid 21"], "bid 24", IllegalActionError),
    (["bid 21", "yes"], "bid 21", IllegalActionError),
    (["bid 21", "pass"], "discard 7C 8C 9C 7D 8D 9D", IllegalActionError),
    (["bid 21", "pass"], "discard QS QS", IllegalActionError),
    (["bid 21", "pass"], "discard nothing show", IllegalActionError),
    (["bid 21", "pass"], "play AS", IllegalActionError),
    (["pass", "pass"], "call AS KS QS", IllegalActionError),
    (["pass", "pass"], "play ZZ", NotationError),
])
def test_bad_input_raises_typed_errors_and_leaves_the_state(script, junk, error):
    s = game.deal(seed=0)
    for a in script:
        s.apply(a)
    before = snapshot(s)
    with pytest.raises(error) as info:
        s.apply(junk)
    assert isinstance(info.value, TutorError) and isinstance(info.value, ValueError) and str(info.value)
    assert snapshot(s) == before
    assert junk not in s.legal_actions()


def test_bad_input_during_declarations_and_play():
    s = game.deal(seed=0)
    for a in ("bid 21", "pass", "discard nothing", "discard nothing"):
        s.apply(a)
    assert s.phase is Phase.CALL
    before = snapshot(s)
    for junk in ("play AS", "good", "call AS 7H", "stand", "bid 30"):
        with pytest.raises(IllegalActionError):
            s.apply(junk)
        assert snapshot(s) == before
    declare(s)
    held = set(map(str, s.hand(s.to_move)))
    missing = next(str(c) for c in s.deal.talon if str(c) not in held)
    with pytest.raises(IllegalActionError, match="does not hold"):
        s.apply(f"play {missing}")


def test_options_and_helpers_reject_bad_values():
    with pytest.raises(RuleOptionError):
        CounterpiqueRules.from_options(pique_race="sometimes")
    with pytest.raises(RuleOptionError, match="did you mean"):
        CounterpiqueRules.from_options(play_outt=True)
    with pytest.raises(NotationError):
        game.score("AS KS", "QS JS", bid="seven-three")
    with pytest.raises(NotationError):
        game.score(BLANK, BLANK, bid="seven-three")
    with pytest.raises(IllegalActionError):
        game.score(BLANK, COURTS, bid="seven-three", tricks=14)
    with pytest.raises(IllegalActionError, match="after the end"):
        game.replay("AS KS QS JS TS 9S 8S 7S 7H 8H 9H 7C", "AH KH QH JH TH AD KD QD JD TD AC KC",
                    [(c, f) for c, f in zip("AS KS QS JS TS 9S 8S 7S".split(), "TH TD JD QD KD AD KC JH".split())],
                    bid="seven-four")
    with pytest.raises(TutorError):
        game.rubber(first_dealer=2)


def test_notation_round_trips():
    for text in ("blank", "pass", "yes", "stand", "bid seven-three", "bid thirteen-eight", "discard 7C 8D",
                 "discard nothing", "call AS KS QS", "good", "not good", "equal", "play QS"):
        assert str(parse_action(text)) == text
    assert parse_action("QS") == parse_action("play QS") and parse_action("bid 7x3") == Bid(7, 3)
    d = Deal.from_seed(9)
    assert Deal.from_code(d.code) == d and game.deal(code=d.code).deal == d


# -- odds --------------------------------------------------------------------------------------------------


def test_draw_chance_is_hypergeometric_over_twenty_unseen_cards():
    # Parlett's Counterpique: the lowest bid draws five; each card more left to Younger is one fewer drawn.
    assert draw_chance(1, 3) == take_in(1, 5, 20) == pytest.approx(5 / 20)
    assert draw_chance(1, 8) == 0 and draw_chance(0, 8) == 1
    assert draw_chance(2, 4, at_least=1) == 1 - Fraction(comb(18, 4), comb(20, 4))
    with pytest.raises(IllegalActionError):
        draw_chance(1, 2)


def test_double_dummy_on_known_layouts():
    # Eight spades against eight hearts: the leader takes every trick, nine with the last counting two.
    assert max_tricks("AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H 7H") == 9
    assert max_tricks("AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H 7H", leader=1) == 0
    assert max_tricks("AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H 7H", last_double=False) == 8
    # Elder leads the seven of hearts first and keeps the ace of spades for the last trick, worth two.
    assert max_tricks("AS 7H", "KS AH") == 2
    # Bidding to leave all eight to Younger, Elder draws nothing and keeps the twelve top cards.
    o = outlook("AS KS QS JS TS 9S 8S 7S AH KH QH JH", 8, samples=4)
    assert o.samples == 4 and o.making(13) == 1.0 and o.error(13) == 0


def test_counterpique_golden_lines():
    """Beyond the golden transcript (read by tests/test_golden.py): the pad's lines after it."""
    data = json.loads(GOLDEN.read_text())
    s = game.golden_deal(data)
    for line in data["transcript"]:
        s.apply(line["action"])
    assert s.above() == data["above"] and s.below() == data["below"]
