"""Le Truc (the French rules of Le Truc): worked examples of every pourrie case, the doubling dialogue, banco, the call
for cards, bad input, the golden playthrough, the odds against a naive enumeration, the bot."""

import copy
import json
import pathlib
from fractions import Fraction
from itertools import combinations

import pytest

from tutor.cards import PIQUET_PACK, Card
from tutor.errors import IllegalActionError, NotationError, RuleOptionError, TutorError
from tutor.explain import Explanation
from tutor.games.match import DealRecord
from tutor.games.truc import (
    Banco,
    Deal,
    Double,
    Phase,
    Play,
    Truc,
    TrucBot,
    TrucDeal,
    TrucRules,
    hand_odds,
    parse_action,
)
from tutor.games.truc.odds import follow_card, lead_card, view_odds
from tutor.games.truc.state import STRENGTH, credited

GOLDEN = pathlib.Path(__file__).parent / "golden" / "truc.json"
truc = Truc()


def snapshot(state):
    return copy.deepcopy(vars(state))


def play(state, *actions):
    for a in actions:
        state.apply(a)
    return state


def steps(state):
    return [(s.player, s.category, s.points) for s in state.explanation()]


# -- cards and deals ----------------------------------------------------------------------------


def test_rank_order_is_seven_eight_ace_king_queen_jack_ten_nine_and_suits_do_not_count():
    # The French rules of Le Truc: 'Sept, Huit, As, Roi, Dame, Valet, Dix, Neuf ... Les couleurs ne comptent pas'.
    order = [STRENGTH[Card(t)] for t in "7S 8H AD KC QS JH TD 9C".split()]
    assert order == sorted(order, reverse=True) and len(set(order)) == 8
    assert STRENGTH[Card("7S")] == STRENGTH[Card("7D")]
    assert len(STRENGTH) == 32


def test_deal_by_seed_and_by_code_round_trip():
    d = Deal.from_seed(7)
    assert len(d.elder) == len(d.dealer) == 3 and len(d.stock) == 26
    assert set(d.elder) | set(d.dealer) | set(d.stock) == set(PIQUET_PACK.cards)
    assert Deal.from_code(d.code) == d
    assert truc.deal(code=d.code).deal == d
    assert d.code.startswith("tr-")
    order = PIQUET_PACK.shuffled(7)  # one at a time, elder first
    assert set(d.elder) == set(order[0:6:2]) and set(d.dealer) == set(order[1:6:2])


def test_a_play_without_calls_for_cards_starts_with_elder_leading():
    s = truc.from_cards("7S AS 9S", "8H KH TH")
    assert s.phase is Phase.CALL and s.to_move == 0
    assert [str(a) for a in s.legal_actions()] == ["keep", "ask"]
    s.apply("keep")
    assert s.phase is Phase.PLAY and s.to_move == 0
    assert [str(a) for a in s.legal_actions()] == ["play 7S", "play AS", "play 9S", "double"]


def test_the_higher_card_wins_and_the_winner_leads_with_no_need_to_follow():
    s = play(truc.from_cards("AS QS 9S", "8H KH TH"), "keep", "play AS", "play 8H")
    assert s.tricks_won() == (0, 1) and s.to_move == 1  # 8 beats A; the dealer leads
    play(s, "play TH", "play QS")  # no need to follow: any card, suits of no account
    assert s.tricks_won() == (1, 1) and s.to_move == 0
    play(s, "play 9S", "play KH")
    assert s.is_over and s.ending == "won" and s.winner == 1
    assert steps(s) == [("dealer", "deal", 1)]


# -- la pourrie: every case as a worked example -------------------------------------------------


def test_first_trick_rotten_goes_to_the_winner_of_the_second():
    s = play(truc.from_cards("KS QS 9S", "KH JH 9H"), "keep", "play KS", "play KH")
    assert s.tricks[-1][3] == 2 and s.tricks_won() == (0, 0)  # not placed yet
    assert s.to_move == 0  # whoever led the pourrie leads the next trick
    play(s, "play QS", "play JH")
    assert s.is_over and s.tricks_won() == (2, 0)  # two tricks: the third is not played
    assert steps(s) == [("elder", "deal", 1)]
    assert "trick 1 a pourrie" in s.explanation()[0].text
    assert s.hands == [[Card("9S")], [Card("9H")]]  # cards left are thrown in unseen


def test_first_trick_rotten_goes_to_the_follower_if_he_wins_the_second():
    s = play(truc.from_cards("KS QS 9S", "KH JH AH"), "keep", "play KS", "play KH", "play 9S", "play JH")
    assert s.is_over and s.tricks_won() == (0, 2)
    assert steps(s) == [("dealer", "deal", 1)]


def test_second_trick_rotten_goes_to_the_winner_of_the_first():
    s = play(truc.from_cards("AS QS 9S", "KH QH 9H"), "keep", "play AS", "play 9H", "play QS", "play QH")
    assert s.is_over and s.tricks_won() == (2, 0)
    assert steps(s) == [("elder", "deal", 1)]


def test_second_trick_rotten_goes_to_the_dealer_when_he_won_the_first():
    s = play(truc.from_cards("QS JS 9S", "KH TH 9H"), "keep", "play QS", "play KH", "play 9H", "play 9S")
    assert s.is_over and s.winner == 1 and s.tricks_won() == (0, 2)


def test_third_trick_rotten_goes_to_the_winner_of_the_first():
    s = truc.from_cards("AS JS 9S", "KH QH 9H")
    play(s, "keep", "play JS", "play QH")  # dealer wins the first
    play(s, "play KH", "play AS")  # elder the second
    assert s.tricks_won() == (1, 1) and not s.is_over
    play(s, "play 9S", "play 9H")  # a pourrie: to the winner of the first trick
    assert s.is_over and s.tricks_won() == (1, 2)
    assert steps(s) == [("dealer", "deal", 1)]


def test_first_two_rotten_go_to_the_winner_of_the_third():
    s = play(truc.from_cards("KS QS 9S", "KH QH JH"), "keep", "play KS", "play KH", "play QS", "play QH")
    assert not s.is_over and s.to_move == 0 and s.tricks_won() == (0, 0)
    play(s, "play 9S", "play JH")
    assert s.is_over and s.tricks_won() == (0, 3)
    assert steps(s) == [("dealer", "deal", 1)]
    assert "tricks 1, 2 and 3" in s.explanation()[0].text


def test_all_three_rotten_is_a_void_deal():
    s = play(truc.from_cards("KS QS 9S", "KH QH 9H"), "keep", "double", "accept")
    play(s, "play KS", "play KH", "play QS", "play QH", "play 9S", "play 9H")
    assert s.is_over and s.ending == "null" and s.winner is None
    assert steps(s) == [] and s.scores() == {"elder": 0, "dealer": 0}  # even when doubled
    assert "donne nulle" in s.result()


def test_credited_states_the_pourrie_rule_in_one_line():
    assert credited([2, 0]) == ([2, 0], 0)
    assert credited([2, 1]) == ([0, 2], 0)
    assert credited([1, 2]) == ([0, 2], 0)
    assert credited([0, 1, 2]) == ([2, 1], 0)
    assert credited([2, 2, 1]) == ([0, 3], 0)
    assert credited([2, 2, 2]) == ([0, 0], 3)
    assert credited([2]) == ([0, 0], 1)


# -- the doubling dialogue (le truc) ------------------------------------------------------------


def test_double_accepted_doubles_the_value():
    s = play(truc.from_cards("7S AS 9S", "8H KH TH"), "keep", "double")
    assert s.phase is Phase.ANSWER and s.to_move == 1
    assert [str(a) for a in s.legal_actions()] == ["accept", "refuse"]
    s.apply("accept")
    assert s.value == 2 and s.phase is Phase.PLAY and s.to_move == 0
    assert "double" not in s.legal_actions()  # one proposal before each card
    play(s, "play 7S", "play TH", "play AS", "play KH")
    assert steps(s) == [("elder", "deal", 2)]
    assert "2 points (doubled)" in s.explanation()[0].text


def test_double_refused_gives_the_proposer_the_value_before_and_stops():
    s = play(truc.from_cards("7S AS 9S", "8H KH TH"), "keep", "double", "refuse")
    assert s.is_over and s.ending == "refused" and s.winner == 0
    assert steps(s) == [("elder", "refusal", 1)]
    assert "Enchères" in s.explanation()[0].rule
    assert s.tricks == []


def test_both_players_double_in_the_same_trick_and_again_later():
    s = play(truc.from_cards("7S AS 9S", "8H KH TH"), "keep", "double", "accept", "play 7S")
    assert s.to_move == 1 and "double" in s.legal_actions()  # the follower, before his card
    play(s, "double", "accept")
    assert s.value == 4 and s.to_move == 1
    play(s, "play TH")  # elder wins the first trick and leads
    play(s, "double", "accept")  # elder doubles again, before his second card
    assert s.value == 8
    play(s, "play AS")
    # 1, 2, 4, 8: a fourth double would carry the dealer past 12, so he may only ask banco (12).
    assert [str(a) for a in s.legal_actions()] == ["play 8H", "play KH", "banco"]
    play(s, "banco", "refuse")
    assert steps(s) == [("dealer", "refusal", 8)]  # the value before the refused proposal


def test_a_proposal_answered_leaves_the_turn_with_the_card_player():
    s = play(truc.from_cards("7S AS 9S", "8H KH TH"), "keep", "play 9S", "double", "accept")
    assert s.to_move == 1 and s.card_player() == 1 and s.proposed


def test_double_turns_alternate_option():
    alt = Truc(TrucRules(double_turns="alternate"))
    s = play(alt.from_cards("7S AS 9S", "8H KH TH"), "keep", "double", "accept", "play 7S", "play TH")
    with pytest.raises(IllegalActionError, match="alternate"):
        s.apply("double")
    play(s, "play 9S", "double", "accept")  # the dealer may: the right has passed to him
    assert s.value == 4
    s2 = play(truc.from_cards("7S AS 9S", "8H KH TH"), "keep", "double", "accept", "play 7S", "play TH")
    assert "double" in s2.legal_actions()  # the default lets elder double again


# -- banco (the French rules of Le Truc, Manche) -------------------------------------------------------------------


def banco_deal(manche, rules=None):
    game = Truc(rules) if rules else truc
    s = game.from_cards("KS AS 9C", "KH 8D QC", manche=manche)
    return play(s, "keep", "double", "accept", "play KS", "play KH")  # worth 2, a pourrie, elder leads


def test_a_double_that_could_carry_past_twelve_becomes_banco():
    s = banco_deal((9, 2))
    assert s.value == 2 and s.to_move == 0
    assert [str(a) for a in s.legal_actions()][-1] == "banco"  # 9 + 4 > 12: banco for 3
    with pytest.raises(IllegalActionError, match="only ask banco, for the 3"):
        s.apply("double")
    play(s, "banco", "accept", "play AS", "play QC")
    assert s.value == 3 and steps(s) == [("elder", "deal", 3)]  # exactly the 12 he needed


def test_double_reaching_exactly_twelve_is_a_double_not_banco():
    s = truc.from_cards("KS AS 9C", "KH 8D QC", manche=(10, 0)).apply("keep")
    assert "double" in s.legal_actions() and "banco" not in s.legal_actions()  # 10 + 2 = 12
    with pytest.raises(IllegalActionError, match="may double to 2"):
        s.apply("banco")


def test_a_player_lacking_no_more_than_the_value_cannot_raise():
    s = truc.from_cards("KS AS 9C", "KH 8D QC", manche=(11, 0)).apply("keep")
    assert [str(a) for a in s.legal_actions()] == ["play AS", "play KS", "play 9C"]
    with pytest.raises(IllegalActionError, match="nothing left to double"):
        s.apply("double")


def test_banco_refused_gives_the_value_before_it():
    s = play(banco_deal((9, 2)), "banco", "refuse")
    assert steps(s) == [("elder", "refusal", 2)]


def test_counter_banco_accepted():
    s = play(banco_deal((9, 2)), "banco")
    assert [str(a) for a in s.legal_actions()] == ["accept", "refuse", "banco"]
    play(s, "banco")  # the dealer lacks 10: his banco takes the value to 10
    assert s.value == 3 and s.pending == (1, "counter-banco", 10) and s.to_move == 0
    assert [str(a) for a in s.legal_actions()] == ["accept", "refuse"]
    play(s, "accept")
    assert s.value == 10 and s.to_move == 0  # elder still has his card to play
    assert "banco" not in s.legal_actions()  # nothing left to raise
    play(s, "play AS", "play 8D")
    assert steps(s) == [("dealer", "deal", 10)]


def test_counter_banco_refused_gives_the_first_banco():
    s = play(banco_deal((9, 2)), "banco", "banco", "refuse")
    assert steps(s) == [("dealer", "refusal", 3)]  # his counter took elder's banco as accepted


def test_counter_banco_only_for_the_player_who_lacks_more():
    s = play(banco_deal((9, 10)), "banco")  # the dealer lacks 2, less than the banco of 3
    assert [str(a) for a in s.legal_actions()] == ["accept", "refuse"]
    with pytest.raises(IllegalActionError, match="would not raise"):
        s.apply("banco")


def test_counter_banco_on_own_turn_option():
    rules = TrucRules(counter_banco="own turn")
    s = play(banco_deal((9, 7), rules), "banco")
    with pytest.raises(IllegalActionError, match="own turn"):
        s.apply("banco")
    play(s, "accept", "play 9C")  # value 3; the dealer's card: 7 + 6 > 12, banco for 5
    assert s.to_move == 1 and "banco" in s.legal_actions()
    play(s, "banco", "accept", "play 8D")
    assert s.value == 5


def test_a_double_is_not_answered_with_banco():
    s = play(truc.from_cards("KS AS 9C", "KH 8D QC", manche=(0, 11)), "keep", "double")
    with pytest.raises(IllegalActionError, match="only a banco may be answered"):
        s.apply("banco")


# -- the call for cards and the pack running out ------------------------------------------------


def test_elder_asks_and_the_dealer_keeps_so_the_hands_are_played():
    s = play(truc.from_cards("9S TS JH", "7H 8H AH"), "ask")
    assert s.to_move == 1 and s.phase is Phase.CALL
    play(s, "keep")
    assert s.phase is Phase.PLAY and s.to_move == 0 and s.hand(0) == truc_hand("9S TS JH")


def truc_hand(text):
    from tutor.games.truc import truc_sorted

    return truc_sorted(PIQUET_PACK.parse_hand(text))


def test_both_ask_so_the_hands_are_thrown_in_and_three_more_dealt_from_the_same_pack():
    d = Deal.from_seed(3)
    s = play(TrucDeal(d), "ask", "ask")
    assert s.round == 2 and s.phase is Phase.CALL and s.to_move == 0
    assert set(s.hands[0]) == set(d.stock[0:6:2]) and set(s.hands[1]) == set(d.stock[1:6:2])
    assert s.thrown == [[d.elder], [d.dealer]] and len(s.stock) == 20
    v = s.view(0)
    assert v["thrown_in"] == (d.elder,) and v["opponent_thrown_in"] == 1
    assert not set(d.dealer) & set(v["hand"]) and set(d.dealer) <= set(v["unseen"])


def test_the_pack_runs_out_after_five_pairs_of_hands():
    s = TrucDeal(Deal.from_seed(4))
    for n in range(1, 5):
        play(s, "ask", "ask")
        assert s.round == n + 1 and len(s.stock) == 26 - 6 * n
    play(s, "ask", "ask")  # two cards left: too few for two hands of three
    assert s.is_over and s.ending == "exhausted" and steps(s) == []
    assert "deal passes" in s.result()
    assert sum(len(h) for hs in s.thrown for h in hs) + len(s.stock) == 32


def test_the_exhausted_pack_passes_the_deal_in_the_manche():
    m = truc.manche(seed=5)
    assert m.dealer.name == "first" and m.person(m.turn).name == "second"  # the second player is elder
    for _ in range(5):
        m.apply("ask").apply("ask")
    assert m.records[0].outcome.termination == "exhausted" and m.standing() == {"first": 0, "second": 0}
    assert m.dealer.name == "second" and m.person(m.turn).name == "first" and m.deal.round == 1  # shuffled again, deal passed


def test_new_cards_once_option():
    s = play(Truc(TrucRules(new_cards="once")).deal(seed=4), "ask", "ask")
    assert s.phase is Phase.PLAY and s.round == 2
    assert "ask" not in s.legal_actions()


# -- bad input: typed errors, the state unchanged -----------------------------------------------


@pytest.mark.parametrize(
    "setup, text, err, msg",
    [
        ((), "play 7S", IllegalActionError, "call for cards"),
        ((), "double", IllegalActionError, "call for cards"),
        ((), "accept", IllegalActionError, "call for cards"),
        (("keep",), "play 2S", IllegalActionError, "2S is not in the 32-card pack"),
        (("keep",), "play ZZ", NotationError, "ZZ"),
        (("keep",), "play 8H", IllegalActionError, "elder does not hold 8H"),
        (("keep",), "ask", IllegalActionError, "being played"),
        (("keep",), "accept", IllegalActionError, "no proposal"),
        (("keep",), "fold", IllegalActionError, "cannot read action"),
        (("keep", "double"), "play 7S", IllegalActionError, "must first accept or refuse"),
        (("keep", "double"), "double", IllegalActionError, "must first accept or refuse"),
        (("keep", "double", "accept"), "double", IllegalActionError, "already proposed"),
        (("keep", "double", "refuse"), "play 7S", IllegalActionError, "the deal is over"),
    ],
)
def test_bad_input_names_the_token_and_leaves_the_state_unchanged(setup, text, err, msg):
    s = play(truc.from_cards("7S AS 9S", "8H KH TH"), *setup)
    before = snapshot(s)
    with pytest.raises(err, match=msg) as e:
        s.apply(text)
    assert isinstance(e.value, TutorError) and isinstance(e.value, ValueError)
    assert snapshot(s) == before
    if err is IllegalActionError and e.value.legal:
        assert e.value.legal == tuple(str(a) for a in s.legal_actions()) or "cannot read" in str(e.value)


def test_out_of_turn_by_a_named_player():
    s = truc.from_cards("7S AS 9S", "8H KH TH")
    before = snapshot(s)
    with pytest.raises(IllegalActionError, match="it is elder's turn") as e:
        s.apply("keep", player="dealer")
    assert e.value.legal == ("keep", "ask") and snapshot(s) == before
    s.apply("keep", player="elder")
    m = truc.manche(seed=1)
    assert m.seat_of("first").name == "dealer"  # first deals the first deal: second is elder
    with pytest.raises(IllegalActionError, match="not dealer's"):
        m.deal.apply("keep", player=m.seat_of("first").name)
    m.deal.apply("keep", player=m.seat_of("second").name)


def test_bad_deals_codes_and_scores():
    with pytest.raises(NotationError, match="both in elder's hand and in dealer's"):
        Deal.from_cards("7S AS 9S", "7S KH TH")
    with pytest.raises(NotationError, match="has 3 cards"):
        Deal.from_cards("7S AS", "8H KH TH")
    with pytest.raises(NotationError):
        Deal.from_code("tr-AAAA")
    with pytest.raises(NotationError, match="not a tr code"):
        Deal.from_code("pq-AAAA")
    with pytest.raises(IllegalActionError, match="0 to 11"):
        truc.from_cards("7S AS 9S", "8H KH TH", manche=(12, 0))


def test_unknown_option_and_bad_values():
    with pytest.raises(RuleOptionError, match="did you mean counter_banco"):
        TrucRules.from_options(counter_bank="answer")
    with pytest.raises(RuleOptionError, match="one of answer, own turn"):
        TrucRules.from_options(counter_banco="never")
    with pytest.raises(RuleOptionError, match="from 2 to"):
        TrucRules.from_options(manche_points=1)
    assert TrucRules.parse(["new-cards=once", "manche_points=7"]).changed() == {"new_cards": "once", "manche_points": 7}


def test_every_option_names_a_source_citing_the_seed():
    for o in TrucRules.describe():
        assert o["doc"] and "the French rules of Le Truc" in o["source"], o["name"]


def test_actions_round_trip_through_their_notation():
    for text in ["keep", "ask", "play QS", "double", "banco", "accept", "refuse"]:
        assert str(parse_action(text)) == text
    assert parse_action("play on") == parse_action("keep")
    assert parse_action("qs") == Play(Card("QS")) == parse_action("play Q♠")
    assert parse_action(Double()) == Double() and Banco() != Double()


# -- the golden playthrough ---------------------------------------------------------------------


def test_truc_golden_commentary_and_manche():
    """Beyond the golden transcript (read by tests/test_golden.py): the table-talk and the manche after it."""
    data = json.loads(GOLDEN.read_text())
    s = truc.golden_deal(data)
    for line in data["transcript"]:
        s.apply(line["action"])
    assert [t for t, _ in s.log] == data["commentary"]
    after = {p: s.manche[i] + s.scores()[p] for i, p in enumerate(s.players)}
    assert after == data["manche_after"]


# -- the manche and the partie ------------------------------------------------------------------


def test_a_manche_is_twelve_points_and_the_deal_alternates():
    m = truc.manche(seed=2)
    while not m.is_over:
        m.apply(m.legal_actions()[0])  # keep, then each plays his strongest card
    dealers = [r.dealer for r in m.records]
    assert dealers == [("first", "second")[i % 2] for i in range(len(dealers))]
    totals = m.standing()
    winner = m.outcome().winner
    assert max(totals.values()) >= 12 and totals[winner] == max(totals.values())
    assert totals == {p: sum(r.credited[p] for r in m.records) for p in ("first", "second")}
    for r in m.records:  # each deal's credit is its explained steps, in the manche's names
        assert sum(r.credited.values()) == sum(r.explanation.totals(("elder", "dealer")).values())
        assert sum(r.credited.values()) == (1 if r.outcome.termination == "won" else 0)  # no raise: each deal is worth 1
    with pytest.raises(IllegalActionError, match="is over"):
        m.apply("keep")


def test_the_deal_knows_the_manche_score_for_banco():
    m = truc.manche(seed=2)
    m.records.append(DealRecord(1, "second", "", {"first": 9, "second": 2}, None, Explanation.build(("first", "second"), [])))
    d = m.make_deal(2, m.persons.seat("first"))  # first deals: second is elder with 2, first (dealer) has 9
    assert d.manche == (2, 9)


def test_a_partie_is_two_manches_won():
    p = Truc(TrucRules(manche_points=3)).partie(seed=3)
    while not p.is_over:
        p.apply(p.legal_actions()[0])
    assert max(p.won.values()) == 2 and p.won[p.winner] == 2 and len(p.manches) in (2, 3)
    assert p.turn is None and p.to_move is None and list(p.legal_actions()) == []
    assert p.outcome().winner == p.winner and "deux manches gagnantes" in p.outcome().reason
    v = p.view("first")
    assert v["seat"] in ("elder", "dealer") and v["manches_won"] == p.won
    for before, after in zip(p.manches, p.manches[1:]):  # the deal keeps alternating
        assert after.first_dealer.name != before.dealer.name
    with pytest.raises(IllegalActionError, match="partie is over"):
        p.apply("keep")


# -- odds: exact, checked against a naive enumeration of card hands -----------------------------


def naive_odds(mine, me):
    """Every hand of three of the other 29 cards, played out card by card by the same strategy."""
    rest = [c for c in PIQUET_PACK if c not in set(mine)]
    counts = {0: 0, 1: 0, -1: 0}
    for opp in combinations(rest, 3):
        hands = [sorted(mine, key=STRENGTH.get, reverse=True), sorted(opp, key=STRENGTH.get, reverse=True)]
        if me == 1:
            hands.reverse()
        res, leader = [], 0
        while True:
            lead = lead_card(tuple(STRENGTH[c] for c in hands[leader]), not res)
            lc = next(c for c in hands[leader] if STRENGTH[c] == lead)
            hands[leader].remove(lc)
            f = 1 - leader
            fs = follow_card(tuple(STRENGTH[c] for c in hands[f]), lead)
            hands[f].remove(next(c for c in hands[f] if STRENGTH[c] == fs))
            res.append(2 if fs == lead else (f if fs > lead else leader))
            if fs > lead:
                leader = f
            won, _ = credited(res)
            if max(won) >= 2 or len(res) == 3:
                break
        counts[0 if won[0] >= 2 else 1 if won[1] >= 2 else -1] += 1
    total = sum(counts.values())
    mine_wins = counts[me]
    return Fraction(mine_wins, total), Fraction(counts[1 - me], total), Fraction(counts[-1], total)


@pytest.mark.parametrize("hand", ["7S AS 9S", "KS KH QD", "8C JD TH", "9S 9H 9D", "7S 7H 7D"])
@pytest.mark.parametrize("position", ["elder", "dealer"])
def test_hand_odds_equal_a_naive_enumeration(hand, position):
    mine = list(PIQUET_PACK.parse_hand(hand))
    o = hand_odds(hand, position)
    assert (o.win, o.lose, o.null) == naive_odds(mine, 0 if position == "elder" else 1)
    assert o.win + o.lose + o.null == 1


def test_extreme_hands():
    assert hand_odds("7S 7H 7D").win == 1
    assert hand_odds("9S 9H 9D", "elder").lose == 1


def test_view_odds_mid_deal_agree_with_the_start():
    s = truc.from_cards("7S AS 9S", "8H KH TH").apply("keep")
    assert view_odds(s.view(0)) == hand_odds("7S AS 9S", "elder")
    s.apply("play 9S")
    o = view_odds(s.view(1), Card("TH"))
    assert o.win + o.lose + o.null == 1
    assert view_odds(s.view(1), Card("TH")).win > view_odds(s.view(1), Card("KH")).win  # win cheaply


# -- the computer opponent ----------------------------------------------------------------------


def test_bot_plays_legal_actions_and_is_reproducible():
    def run(seed):
        p, bots, acts = truc.partie(seed=seed), {"first": TrucBot(1), "second": TrucBot(2)}, []
        while not p.is_over:
            a = bots[p.to_move].choose_action(p.deal)
            assert a in p.legal_actions()
            acts.append(str(a))
            p.apply(a)
        return acts, p.won

    assert run(4) == run(4)


def test_bot_uses_only_what_its_seat_may_see():
    # Same hand and stock seen by elder; the dealer's cards differ: the same decisions.
    a = truc.from_cards("AS KS QS", "7H 7D 7C", manche=(4, 4))
    b = truc.from_cards("AS KS QS", "9H 9D 9C", manche=(4, 4))
    for s in (a, b):
        s.apply("keep")
    assert TrucBot(3).choose_action(a) == TrucBot(3).choose_action(b)


def test_bot_doubles_a_sure_hand_refuses_a_hopeless_one_and_bluffs_when_told():
    s = truc.from_cards("7S 7H 7D", "9H 9D 9C").apply("keep")
    assert TrucBot(0).choose_action(s) == Double()
    s.apply("double")
    assert str(TrucBot(0).choose_action(s)) == "refuse"
    weak = truc.from_cards("9S TS JH", "7H 8H AH").apply("keep")
    assert isinstance(TrucBot(0, bluff=0.0).choose_action(weak), Play)
    assert TrucBot(0, bluff=1.0).choose_action(weak) == Double()


def test_bot_asks_for_cards_with_a_weak_hand():
    s = truc.from_cards("9S TS JH", "7H 8H AH")
    assert str(TrucBot(0).choose_action(s)) == "ask"
    s2 = truc.from_cards("7S 8S AS", "9H TH JD")
    assert str(TrucBot(0).choose_action(s2)) == "keep"


def test_a_sample_of_the_unseen_cards_is_a_deal_that_could_have_been_dealt():
    """A copy with the unseen cards dealt again (``determinize``, as the strong player searches) is
    itself a deal: its cards, dealt from its code and played with the same actions, come to the
    copy's hands and to the same view for the seat. The hands played from are the cards still held
    with those already played (a copy made after a card was played once lost them: its code
    failed)."""
    import random

    checked = 0
    for seed in range(12):
        s = TrucDeal.from_seed(seed)
        rng = random.Random(seed)
        while not s.is_over:
            for p in (0, 1):
                copy_ = s.determinize(p, random.Random(checked))
                again = TrucDeal(Deal.from_code(copy_.code), s.rules, s.manche)
                for a in s.history:
                    again.apply(a)
                assert [set(h) for h in again.hands] == [set(h) for h in copy_.hands]
                assert again.view(p) == s.view(p)
                checked += 1
            s.apply(rng.choice(list(s.legal_actions())))
    assert checked > 100
