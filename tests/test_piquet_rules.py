"""The deal's state machine: exchange, carte blanche, the calling dialogue, play, bad input."""

import copy

import pytest

from tutor.errors import IllegalActionError, NotationError, RuleOptionError, UnknownGameError
from tutor.games import load
from tutor.games.piquet import Deal, Phase, PiquetDeal, PiquetRules
from tutor.games.piquet.combos import COURTS, mask_of

piquet = load("piquet")

# A deal with no carte blanche, written out card by card.
DEAL = Deal.from_cards(
    "AS KS QS JS 9S 8S AH KH 7H AD 7D 8C",
    "TS 7S QH JH TH 9H 8H KD QD JD AC KC",
    "TD 9D 8D QC JC TC 9C 7C",
)


def snapshot(state):
    return copy.deepcopy({k: v for k, v in vars(state).items() if k != "_expl"})


def test_deal_by_twos_or_threes_gives_top_cards_to_elder():
    # Cavendish Law 9: the top cards to the adversary (elder), the next to the dealer.
    from tutor.cards import PIQUET_PACK

    order = PIQUET_PACK.shuffled(5)
    by2, by3 = Deal.from_seed(5, 2), Deal.from_seed(5, 3)
    assert set(by2.elder) == set(order[0:2] + order[4:6] + order[8:10] + order[12:14] + order[16:18] + order[20:22])
    assert set(by3.elder) == set(order[0:3] + order[6:9] + order[12:15] + order[18:21])
    assert by2.talon == by3.talon == tuple(order[24:])


def test_deal_code_round_trips_a_whole_deal():
    d = Deal.from_seed(11)
    assert Deal.from_code(d.code) == d
    assert piquet.deal(code=d.code).deal == d


def test_elder_exchanges_one_to_five_from_the_top_and_may_see_what_he_left():
    s = PiquetDeal(DEAL)
    assert len(s.legal_actions()) == sum(__import__("math").comb(12, k) for k in range(1, 6))  # 1585
    s.apply("discard 7D 8C 7H")
    assert s.hand(0) == tuple(sorted(set(DEAL.elder) - {*map(__import__("tutor").Card, ["7D", "8C", "7H"])} | set(DEAL.talon[:3]), key=lambda c: s.hand(0).index(c)))
    assert set(s.view(0)["cards_left_seen"]) == set(DEAL.talon[3:5])  # Law 33 / Parlett's Piquet rules
    assert not s.view(1)["cards_left_seen"]
    # Younger may now take up to the five that remain (Law 34), at least one (Law 22).
    assert s.to_move == 1 and "discard TS QH JH TH 9H" in s.legal_actions()
    with pytest.raises(IllegalActionError, match="must discard 1 to 5"):
        s.apply("discard TS QH JH TH 9H 8H")


def test_younger_leaving_cards_chooses_shown_to_both_or_neither():
    for word, seen in (("show", True), ("hide", False)):
        s = PiquetDeal(DEAL)
        s.apply("discard 7D 8C 7H 8S 9S")
        with pytest.raises(IllegalActionError, match="shown to both"):
            s.apply("discard TS")
        s.apply(f"discard TS {word}")
        left = set(DEAL.talon[6:])
        assert (set(s.view(0)["cards_left_seen"]) >= left) is seen
        assert (set(s.view(1)["cards_left_seen"]) == left) is seen


def test_younger_must_exchange_unless_the_au_cent_option():
    s = PiquetDeal(DEAL)
    s.apply("discard 7D")
    assert "discard nothing hide" not in s.legal_actions()
    s2 = PiquetDeal(DEAL, PiquetRules(younger_must_exchange=False))
    s2.apply("discard 7D")
    assert "discard nothing hide" in s2.legal_actions()


def test_elder_carte_blanche_announces_then_younger_exchanges_first():
    # Parlett's Piquet rules: elder holding carte blanche says how many he will exchange; younger then takes
    # up to eight less that number, from the top, and elder exchanges after.
    deal = Deal.from_cards(
        "AS TS 9S AH TH 9H 8H AD TD 9D AC TC",
        "KS QS JS KH QH JH KD QD JD KC QC JC",
        "8S 7S 7H 8D 7D 9C 8C 7C",
    )
    s = PiquetDeal(deal)
    assert s.carte_blanche == (True, False) and s.phase is Phase.ANNOUNCE
    with pytest.raises(IllegalActionError, match="carte blanche"):
        s.apply("discard AS")
    s.apply("announce 2")
    assert s.to_move == 1 and s.phase is Phase.EXCHANGE
    with pytest.raises(IllegalActionError, match="1 to 6"):
        s.apply("discard KS QS JS KH QH JH KD")
    s.apply("discard KS QS JS KH QH JH")
    assert set(s.hand(1)) >= set(deal.talon[:6])
    assert s.view(1)["opponent_carte_blanche"] == tuple(deal.elder)  # proved after younger's discard
    with pytest.raises(IllegalActionError, match="exactly the number he announced"):
        s.apply("discard 9S")
    s.apply("discard 9S 8H")
    assert set(s.hand(0)) >= set(deal.talon[6:]) and s.phase is Phase.CALL
    assert s.explanation()[0].category == "carte blanche" and s.scores()["elder"] == 10


def fresh_calls():
    return PiquetDeal.after_exchange(DEAL.elder, DEAL.younger)


def test_calls_go_point_sequence_set_with_good_not_good_equal():
    s = fresh_calls()
    assert s.kind == "point"
    s.apply("call AS KS QS JS 9S 8S")  # six cards
    assert [str(a) for a in s.legal_actions()] == ["good"]
    s.apply("good")
    assert s.kind == "sequence" and s.scores()["elder"] == 6
    s.apply("call AS KS QS JS")  # quart major
    assert [str(a) for a in s.legal_actions()] == ["good", "not good"]  # younger has a quint to the queen
    with pytest.raises(IllegalActionError, match="cannot say 'equal'"):
        s.apply("equal")
    s.apply("not good")
    assert s.kind == "set"
    s.apply("pass")
    assert s.phase is Phase.PLAY and s.to_move == 0
    s.apply("play AS")
    # Younger now shows what he said was better, and may add any other sequence (Law 49).
    assert s.phase is Phase.DECLARE and s.kind == "sequence"
    with pytest.raises(IllegalActionError, match="better than"):
        s.apply("call KD QD JD")
    assert "pass" not in s.legal_actions()
    s.apply("call QH JH TH 9H 8H")
    s.apply("call KD QD JD")
    s.apply("pass")
    assert s.kind == "set"  # elder passed on sets: younger may show his
    s.apply("pass")
    assert s.phase is Phase.PLAY and s.to_move == 1
    assert s.scores() == {"elder": 7, "younger": 18}


def test_equal_point_goes_to_the_pips():
    # Parlett's Piquet rules: on "equal", elder says what his point makes; equal again and nobody scores.
    s = PiquetDeal.after_exchange("AS KS 9S 8S AH 8H 7H AD 9D 8D AC 7C", "QS JS TS 7S KH QH JH TH KD QD JD TD")
    s.apply("call AS KS 9S 8S")  # four cards making 38
    assert set(map(str, s.legal_actions())) == {"good", "equal"}  # lengths only, at first
    s.apply("equal")
    assert s.point_stage == "pips" and {str(a) for a in s.legal_actions()} == {"good", "not good"}
    s.apply("not good")  # younger's KH QH JH TH makes 40
    s.apply("pass")
    s.apply("pass")
    s.apply("play AS")
    with pytest.raises(IllegalActionError):
        s.apply("call QS JS TS 7S")  # 37: not more than 38
    s.apply("call KH QH JH TH")
    assert s.scores()["younger"] == 4


def test_play_must_follow_suit_and_winner_leads():
    s = fresh_calls()
    for a in ("pass", "pass", "pass"):
        s.apply(a)
    s.apply("play 7D")
    while s.phase is Phase.DECLARE:
        s.apply("pass") if "pass" in s.legal_actions() else s.apply(s.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="must follow diamonds") as e:
        s.apply("play TS")
    assert set(e.value.legal) == {"play KD", "play QD", "play JD"}
    s.apply("play KD")
    assert s.to_move == 1  # the king won: younger leads


def test_bad_input_names_the_token_and_leaves_the_state_unchanged():
    s = PiquetDeal(DEAL)
    cases = [
        ("discard ZZ", NotationError, "ZZ"),
        ("discard 2S", IllegalActionError, "2S is not in the 32-card piquet pack"),
        ("discard TS", IllegalActionError, "elder does not hold TS"),
        ("discard AS AS", IllegalActionError, "twice"),
        ("discard AS KS QS JS 9S 8S", IllegalActionError, "1 to 5"),
        ("play AS", IllegalActionError, "turn to exchange"),
        ("good", IllegalActionError, "turn to exchange"),
    ]
    for text, err, msg in cases:
        before = snapshot(s)
        with pytest.raises(err, match=msg):
            s.apply(text)
        assert snapshot(s) == before, text
        assert issubclass(err, ValueError)


def test_unknown_game_and_option_suggest_what_exists():
    with pytest.raises(UnknownGameError, match="did you mean piquet"):
        load("piqet")
    with pytest.raises(RuleOptionError, match="did you mean cards_value"):
        load("piquet", card_value=10)
    with pytest.raises(RuleOptionError, match="one of six, four"):
        load("piquet", partie="three")
    assert load("piquet", partie="four").rules.partie == "four"
    assert load("Rubicon-Piquet").rules == PiquetRules()


def test_carte_blanche_is_judged_on_the_hand_as_dealt():
    d = Deal.from_cards(
        "AS TS 9S AH TH 9H 8H AD TD 9D AC TC",
        "KS QS JS KH QH JH KD QD JD KC QC JC",
        "8S 7S 7H 8D 7D 9C 8C 7C",
    )
    assert not mask_of(d.elder) & COURTS
    s = PiquetDeal(d)
    s.apply("announce 1")
    s.apply("discard KS")
    s.apply("discard 8H")  # elder takes in a king: still scores carte blanche as dealt
    assert s.scores()["elder"] == 10


def test_every_option_names_a_source():
    for o in PiquetRules.describe():
        assert o["source"] and o["doc"], o["name"]
    assert {"point_min_length", "point_by_pips", "younger_must_exchange", "cards_value", "capot_value",
            "partie", "carte_rouge"} <= {o["name"] for o in PiquetRules.describe()}


def test_point_minimum_option_removes_short_points():
    r = load("piquet", point_min_length=5).score("AS KS QS JS AH KH QH JH AD KD QD JD", "TS 9S 8S 7S TH 9H 8H 7H TD 9D 8D 7D")
    assert not any(s.category == "point" for s in r.explanation)
    r = load("piquet").score("AS KS QS JS AH KH QH JH AD KD QD JD", "TS 9S 8S 7S TH 9H 8H 7H TD 9D 8D 7D")
    assert [s.points for s in r.explanation if s.category == "point"] == [4]


def test_cards_and_capot_values_are_options():
    import tests.test_piquet_examples as ex

    st = load("piquet", cards_value=20).replay(ex.HOFFMANN_A, ex.HOFFMANN_B, ex.HOFFMANN_PLAYS)
    assert st.scores()["elder"] == 53


def test_carte_rouge_option_scores_forty_when_every_card_is_in_a_scored_combination():
    # Parlett, Penguin Book of Card Games: "a bonus of 40 for carte rouge".
    elder = "AS KS QS JS AH KH QH JH AD KD QD JD"  # three quarts and three quatorzes... all cards used
    younger = "TS 9S 8S 7S TH 9H 8H 7H TD 9D 8D 7D"
    plain = load("piquet").score(elder, younger)
    rouge = load("piquet", carte_rouge=True).score(elder, younger)
    assert rouge.totals["elder"] == plain.totals["elder"] + 40
    assert any(s.category == "carte rouge" for s in rouge.explanation)
