"""Bezique: the deal, the declarations and the reuse of cards, the seven of trumps, the last eight,
the revoke forfeit, brisques, options, typed errors, and the golden playthrough.

Sources quoted: the nineteenth-century Bezique account (shared/rules/seeds/003); Foster's Complete Hoyle (1897), Bezique,
'Declarations' and 'Double Declarations'; Hoffmann, Hoyle's Games Modernized (1909), Bezique;
Britannica 1911 and 9th edition, Bezique; Enquire Within upon Everything, Bezique rules.
"""

import json
import pathlib

import pytest

from tutor.cards import Card, Suit, parse_cards
from tutor.errors import IllegalActionError, NotationError, RuleOptionError, TutorError
from tutor.games.bezique import Bezique, BeziqueDeal, BeziqueRules, Phase, Stage, choose_action
from tutor.games.bezique.state import PACK, score_declarations
from tutor.games.match import DealRecord
from tutor.games.stock import FREE, STRICT, CardOrder, legal_plays, trick_winner

GOLDEN = pathlib.Path(__file__).parent / "golden" / "bezique.json"


def make(elder, younger, turnup, top="", rules=None, **kw) -> BeziqueDeal:
    """A deal with these hands and turn-up; the stock starts with ``top`` and holds the rest in pack order."""
    given = (elder + " " + younger + " " + turnup + " " + top).split()
    rest = [str(c) for c in PACK.cards if str(c) not in given]
    return BeziqueDeal.from_cards(elder, younger, turnup, top.split() + rest, rules or BeziqueRules(**kw))


def snapshot(s: BeziqueDeal):
    return (
        [list(map(str, h)) for h in s.hands],
        [list(map(str, t)) for t in s.laid],
        list(map(str, s.stock)),
        str(s.turnup),
        list(map(str, s.trick)),
        [list(map(str, w)) for w in s.won],
        [(m.kind.key, m.faces, m.scored) for m in s.melds],
        list(s.events),
        s.phase,
        s.to_move,
        [str(a) for a in s.history],
        s.declared_now,
    )


def refused(s: BeziqueDeal, action, *words, error=IllegalActionError):
    """The action raises the typed error naming the problem, and the state is unchanged."""
    before = snapshot(s)
    with pytest.raises(error) as e:
        s.apply(action)
    assert snapshot(s) == before
    for w in words:
        assert w in str(e.value), (w, str(e.value))
    return e.value


def play_out(s: BeziqueDeal) -> BeziqueDeal:
    while not s.is_over:
        s.apply(choose_action(s))
    return s


def last_eight(elder: str, younger: str, trump: Suit, leader: int = 0, rules=None) -> BeziqueDeal:
    """A position of the last eight tricks (built by hand: the other 48 cards are in elder's tricks)."""
    s = make("AS AS' TS TS' KS KS' QS QS'", "JS JS' 9S 9S' 8S 8S' 7S 7S'", "AH", rules=rules)
    e, y = parse_cards(elder), parse_cards(younger)
    s.hands = [sorted(e, key=s._key), sorted(y, key=s._key)]
    s.laid = [[], []]
    s.stock, s.turnup, s.trump = [], None, trump
    s.won = [[c for c in PACK.cards if c not in e and c not in y], []]
    s.end_from = len(s.tricks)
    s.phase, s.to_move = Phase.LEAD, leader
    return s


# -- the deal --------------------------------------------------------------------------------------
def test_a_deal_gives_eight_each_a_turnup_and_a_stock_of_47():
    s = Bezique().deal(seed=7)
    assert [len(h) for h in s.hands] == [8, 8] and len(s.stock) == 47 and s.turnup is not None
    assert s.trump is s.turnup.suit
    assert sorted(s.every_card(), key=PACK.index) == list(PACK.cards)
    assert s.phase is Phase.LEAD and s.to_move == 0 and s.stage is Stage.STOCK


def test_deal_codes_round_trip_and_a_damaged_code_is_refused():
    s = Bezique().deal(seed="code")
    again = Bezique().deal(code=s.code)
    assert again.dealt == s.dealt
    with pytest.raises(NotationError):
        Bezique().deal(code=s.code[:-2] + ("A" if s.code[-2] != "A" else "B") + s.code[-1])


def test_explicit_deal_refuses_a_card_twice():
    with pytest.raises(NotationError, match="both"):
        BeziqueDeal.from_cards("AS KS QS JS TS 9S 8S 7S", "AS AH KH QH JH TH 9H 8H", "7H",
                               [str(c) for c in PACK.cards if str(c) not in "AS KS QS JS TS 9S 8S 7S AH KH QH JH TH 9H 8H 7H".split()][:47])


def test_a_seven_turned_up_scores_ten_for_the_dealer():
    # the nineteenth-century Bezique account: 'Turning up the seven of trumps' 10; Hoffmann: 'Should the turn-up card be a seven, the dealer scores ten'.
    s = make("AS KS QS JS TS 9S 8S 7S", "AH KH QH JH TH 9H 8H AD", "7C")
    assert s.scores() == {"elder": 0, "younger": 10}
    assert s.explanation()[0].category == "seven of trumps"


def test_while_the_stock_lasts_there_is_no_need_to_follow_and_the_winner_draws_first():
    # Hoffmann 1909: 'he is not bound to do either, or even to follow suit'.
    s = make("AS TS JS 9S 8S 7S 9D 7C", "AH TH QH JH 9H 8H 7H 8S'", "8D", top="9C 8C")
    s.apply("play 7C")
    assert len(s.legal_actions()) == 8  # any of younger's cards, though he holds no club
    s.apply("play 7H")  # neither follows nor trumps: the leader wins
    assert s.tricks[-1].winner == 0
    assert s.phase is Phase.DECLARE and s.to_move == 0  # the winner's moment: he draws himself
    s.apply("draw")
    assert Card("9C") in s.hands[0] and Card("8C") in s.hands[1]  # the winner took the top card
    assert s.phase is Phase.LEAD and s.to_move == 0


def test_of_two_identical_cards_the_first_played_wins():
    # the nineteenth-century Bezique account / Hoffmann 1909: 'If the two cards played are the same ... the trick belongs to the leader'.
    s = make("AS KS QS JS TS 9S 8S 7C", "AS' KH QH JH TH 9H 8H 7H", "8D")
    s.apply("play AS")
    s.apply("play AS'")
    assert s.tricks[-1].winner == 0
    assert trick_winner([Card("TH"), Card("TH'")], Suit.CLUBS, CardOrder("A T K Q J 9 8 7")) == 0


def test_trumps_and_the_ten_above_the_king():
    order = CardOrder("A T K Q J 9 8 7")
    assert trick_winner([Card("KH"), Card("TH")], Suit.SPADES, order) == 1
    assert trick_winner([Card("AH"), Card("7S")], Suit.SPADES, order) == 1
    assert trick_winner([Card("AH"), Card("AD")], Suit.SPADES, order) == 0


# -- declarations in play ----------------------------------------------------------------------
def won_trick(s: BeziqueDeal, lead: str, follow: str) -> None:
    if s.phase is Phase.DECLARE:  # the last winner has not drawn yet
        s.apply("draw")
    s.apply(f"play {lead}")
    s.apply(f"play {follow}")


def test_declared_cards_stay_on_the_table_count_as_in_hand_and_may_be_played():
    # the nineteenth-century Bezique account: 'The cards, though left on the table, can be used as if in the hand of the player,
    # and can be played to a trick as if they had not been declared.'
    s = make("KS KH KD KC QS JD 9H 7C", "AH AD 9C 8C 7D 9D 8D TS", "8H", top="8S 9S JC JH")
    won_trick(s, "7C", "9D")
    assert s.phase is Phase.DECLARE and s.to_move == 0
    s.apply("declare bezique QS JD")
    assert s.scores()["elder"] == 40
    assert set(s.laid[0]) == {Card("QS"), Card("JD")}
    assert Card("QS") in s.hand(0)
    assert set(s.view(1)["table"]["elder"]) == set(s.laid[0])
    s.apply("draw")
    s.apply("play QS")
    assert Card("QS") not in s.laid[0]


def test_only_one_declaration_scores_after_each_trick():
    # Foster's Hoyle: 'Only one declaration can be scored at a time, so that a trick must be won for every announcement made.'
    s = make("KS KH KD KC QS JD 9H 7C", "AH AD 9C 8C 7D 9D 8D TS", "8H", top="8S 9S JC JH")
    won_trick(s, "7C", "9D")
    s.apply("declare four kings KS KH KD KC")
    assert s.phase is Phase.DECLARE  # he has declared: he may still exchange, then he draws
    refused(s, "declare bezique QS JD", "only one declaration scores after each trick", "Foster")
    s.apply("draw")
    refused(s, "declare bezique QS JD", "after winning a trick")
    won_trick(s, "9H", "8D")
    s.apply("declare bezique QS JD")
    assert s.scores()["elder"] == 120


def test_several_declarations_shown_at_once_score_one_now_and_the_rest_on_later_tricks():
    # Foster's Hoyle, 'Double Declarations': four kings shown (one the king of spades), then bezique;
    # the spade queen marries the king on the table; both may be scored, but the marriage only on
    # winning another trick: 'it is usual to declare both combinations, scoring the more valuable'.
    s = make("KS KH KD KC QS JD 9H 7C", "AH AD 9C 8C 7D 9D 8D TS", "8H", top="8S 9S JC JH 7S 7S'")
    won_trick(s, "7C", "9D")
    s.apply("declare four kings KS KH KD KC")
    won_trick(s, "9H", "8D")
    acts = [str(a) for a in s.legal_actions()]
    assert "declare bezique QS JD + marriage KS QS" in acts
    s.apply("declare bezique QS JD + marriage KS QS")
    assert s.scores()["elder"] == 120  # the marriage is announced, not yet scored
    won_trick(s, "8S", "9C")
    assert "declare marriage KS QS" in s.legal_actions()
    s.apply("declare marriage KS QS")
    assert s.scores()["elder"] == 140
    assert [st.text for st in s.explanation()][-1] == "marriage KS QS (announced on an earlier trick)"


def test_a_combination_of_cards_all_on_the_table_cannot_be_declared_unless_announced_before():
    # Foster's Hoyle: 'at least one new card must be added from the player's hand when the announcement is made'.
    s = make("KS KH KD KC QS JD 9H 7C", "AH AD 9C 8C 7D 9D 8D TS", "8H", top="8S 9S QH' JH 7S 7S'")
    won_trick(s, "7C", "9D")
    s.apply("declare four kings KS KH KD KC")
    won_trick(s, "9H", "8D")
    s.apply("declare bezique QS JD")
    won_trick(s, "8S", "9C")
    assert s.phase is Phase.DECLARE  # he may still make a royal marriage with KH and QH' from his hand
    refused(s, "declare marriage KS QS", "already on the table", "from the hand")
    assert "declare marriage KS QS" not in s.legal_actions()


def test_a_bezique_announced_before_trumps_are_fixed_is_not_scored_once_trumps_make_another_pair_the_bezique():
    # Two variants together: trumps fixed by the first marriage (Britannica 1911) and the bezique
    # changing with trumps (New International Encyclopedia: with spades or diamonds trumps, the
    # queen of clubs and the knave of hearts). Before trumps, QS JD is the bezique and is announced
    # beside the royal marriage that makes spades trumps; from then on it is not a bezique, so it
    # is neither listed nor accepted when its maker wins his next trick.
    rules = BeziqueRules(bezique_cards="by-trumps", trumps="first-marriage", seven_of_trumps="exchange-or-play")
    s = BeziqueDeal.from_seed(1182, rules)
    for a in ("play AD'|play AS|draw|play 9D|play 9C'|draw|play TC|play KD|draw|play AH'|play 8D'|draw|play KH'|play 7D|draw|"
              "play 8H|play AH|draw|play 7C'|play TS'|draw|play AD|play 8H'|declare royal marriage KS' QS + bezique QS JD|"
              "draw|play JS|play QC").split("|"):
        s.apply(a)
    assert s.trump is Suit.SPADES and s.phase is Phase.DECLARE and {"QS", "JD"} <= {str(c) for c in s.laid[s.to_move]}
    assert "declare bezique QS JD" not in [str(a) for a in s.legal_actions()]
    refused(s, "declare bezique QS JD", "is not a bezique", "queen of clubs and knave of hearts", "New International Encyclopedia")


def test_an_announced_combination_is_lost_when_one_of_its_cards_is_played():
    s = make("KS KH KD KC QS JD 9H 7C", "AH AD 9C 8C 7D 9D 8D TS", "8H", top="8S 9S QH' JH 7S 7S'")
    won_trick(s, "7C", "9D")
    s.apply("declare four kings KS KH KD KC")
    won_trick(s, "9H", "8D")
    s.apply("declare bezique QS JD + marriage KS QS")
    won_trick(s, "KS", "9C")
    assert s.phase is Phase.DECLARE
    assert "declare marriage KS QS" not in s.legal_actions()
    refused(s, "declare marriage KS QS", "KS has been played (trick 3)")


def test_declaring_names_the_combination_from_the_cards_and_accepts_either_copy():
    s = make("KS KH KD KC QS' JD 9H 7C", "AH AD 9C 8C 7D 9D 8D TS", "8H")
    won_trick(s, "7C", "9D")
    s.apply("declare QS JD")  # 'QS' is the copy he holds, QS'
    assert s.history[-1].kind == "bezique" and Card("QS'") in s.laid[0]
    assert str(s.history[-1]) == "declare bezique QS' JD"


def test_no_declarations_in_the_last_eight():
    # the nineteenth-century Bezique account: 'No more declarations can now be made'; Foster: 'When the stock is exhausted ... no announcement can be made.'
    s = last_eight("KS QS JD AH TH 9C 8C 7C", "AD TD KD QD JH 9H 8H 7H", Suit.HEARTS)
    assert not any(str(a).startswith("declare") for a in s.legal_actions())
    refused(s, "declare bezique QS JD", "stock is exhausted")


# -- reusing declared cards (the ledger applies the same rules as play) ----------------------------
def test_reuse_lower_combination_from_a_higher_one_of_the_same_class_is_refused():
    # Foster's Hoyle: 'If the sequence has been declared, a player cannot take from it the King and Queen and score a marriage'
    with pytest.raises(IllegalActionError, match="lower combination"):
        score_declarations("H", ["declare sequence AH TH KH QH JH", "declare royal marriage KH QH"])
    # '... neither can he add a new Queen to the King already in the sequence, and announce a marriage'
    with pytest.raises(IllegalActionError, match="lower combination"):
        score_declarations("H", ["declare sequence AH TH KH QH JH", "declare royal marriage KH QH'"])


def test_reuse_marriage_first_then_the_sequence_by_adding_ace_ten_and_knave():
    # Foster's Hoyle: 'But if the marriage is first announced, the A 10 J may be added and the sequence scored'
    r = score_declarations("H", ["declare royal marriage KH QH", "declare sequence AH TH KH QH JH"])
    assert r.total == 290


def test_reuse_the_king_and_queen_of_a_sequence_cannot_then_be_a_royal_marriage():
    # the nineteenth-century Bezique account: 'The king and queen used in a sequence cannot afterwards be declared as a royal marriage.'
    with pytest.raises(IllegalActionError):
        score_declarations("S", ["declare sequence AS TS KS QS JS", "declare royal marriage KS QS"])


def test_reuse_four_kings_again_with_one_new_king_is_refused():
    # Foster's Hoyle: 'Four Kings have been declared, and one of them afterward used in the course of play.
    # The player cannot add a new King to the three remaining, and announce four Kings again.'
    with pytest.raises(IllegalActionError, match="equal value"):
        score_declarations("C", ["declare four kings KS KH KD KC", "play KS", "declare four kings KS' KH KD KC"])
    # eight different kings make two fours
    assert score_declarations("C", ["declare four kings KS KH KD KC", "declare four kings KS' KH' KD' KC'"]).total == 160


def test_reuse_kings_and_queens_once_married_cannot_be_married_again():
    # the nineteenth-century Bezique account: 'Kings and queens once married, cannot be married again'
    with pytest.raises(IllegalActionError, match="married"):
        score_declarations("C", ["declare marriage KH QH", "play QH", "declare marriage KH QH'"])


def test_reuse_married_cards_serve_in_fours_and_the_sequence():
    # the nineteenth-century Bezique account: '... but can be used, while they remain on the table, to make up four kings, four queens, or a sequence.'
    r = score_declarations(
        "H",
        ["declare royal marriage KH QH", "declare four kings KS KH KD KC", "declare four queens QS QH QD QC",
         "declare sequence AH TH KH QH JH"],
    )
    assert r.total == 40 + 80 + 60 + 250


def test_reuse_the_knave_of_diamonds_after_four_knaves_and_the_ace_of_trumps_after_four_aces():
    # the nineteenth-century Bezique account: 'If four knaves have been declared, the knave of diamonds may again be used for a Bezique,
    # or to complete a sequence. If four aces have been declared, the ace of trumps may again be used to perfect a sequence.'
    assert score_declarations("C", ["declare four knaves JS JH JD JC", "declare bezique QS JD"]).total == 80
    r = score_declarations("D", ["declare four knaves JS JH JD JC", "declare four aces AS AH AD AC", "declare sequence AD TD KD QD JD"])
    assert r.total == 40 + 100 + 250


def test_the_four_knaves_are_named_as_the_chapters_name_them_and_jacks_are_understood():
    # Bezique's chapters, after the old books, say knave: the declaration's name says so too
    from tutor.games import load

    melds = load("bezique").deal(seed=0).spec.melds
    assert "four knaves" in [k.key for k in melds.kinds] and not [k.key for k in melds.kinds if "jack" in k.key]
    assert melds.get("four jacks").key == "four knaves"
    assert score_declarations("C", ["declare four jacks JS JH JD JC"]).explanation[0].text.startswith("four knaves")


def test_reuse_the_queen_of_spades_in_a_marriage_a_bezique_and_four_queens():
    # the nineteenth-century Bezique account: 'If the queen of spades has been married, she may be again used to form a Bezique,
    # and vice versa, and again for four queens.'
    assert score_declarations("H", ["declare marriage KS QS", "declare bezique QS JD", "declare four queens QS QH QD QC"]).total == 120
    assert score_declarations("H", ["declare bezique QS JD", "declare marriage KS QS"]).total == 60


def test_reuse_bezique_then_double_bezique_is_540():
    # the nineteenth-century Bezique account: 'Bezique having been declared, may be again used to form double Bezique';
    # Foster's Hoyle: 'declare the single bezique first, scoring 40 points for it, and after winning
    # another trick to show the other bezique, scoring 500 points more'.
    assert score_declarations("C", ["declare bezique QS JD", "declare double bezique QS JD QS' JD'"]).total == 540


def test_reuse_double_bezique_first_loses_the_single():
    # Foster's Hoyle: 'A beginner would be apt to declare the highest count first ... he would lose the 40 points'
    with pytest.raises(IllegalActionError, match="lower combination"):
        score_declarations("C", ["declare double bezique QS JD QS' JD'", "declare bezique QS JD"])


def test_reuse_two_single_beziques_cannot_then_make_a_double():
    # Foster's Hoyle: 'A player is not allowed to score 40 for the second bézique, and then 500 for the
    # two combined; because ... at least one new card must be added from the player's hand'
    with pytest.raises(IllegalActionError, match="from the hand"):
        score_declarations("C", ["declare bezique QS JD", "declare bezique QS' JD'", "declare double bezique QS JD QS' JD'"])


def test_reuse_several_laid_down_at_once_score_one_at_a_time():
    # Foster's Hoyle: 'He cannot lay all these cards down at once, and claim 600 points ... he can score
    # only one combination, and must win a separate trick to score each of the others.'
    r = score_declarations("H", ["declare four queens QS QH QD QC + bezique QS JD", "declare bezique QS JD"])
    assert r.total == 100 and [s.points for s in r.explanation] == [60, 40]
    # what is announced with a declaration must itself bring a card from the hand
    with pytest.raises(IllegalActionError, match="from the hand"):
        score_declarations("C", ["declare four kings KS KH KD KC", "declare four queens QS QH QD QC",
                                 "declare bezique QS' JD + marriage KH QH"])
    assert score_declarations("C", ["declare four kings KS KH KD KC", "declare four queens QS QH QD QC + marriage KD QD",
                                    "declare marriage KD QD"]).total == 160


def test_ledger_json_and_errors():
    r = Bezique().score("hearts", "declare bezique QS JD; declare double bezique QS JD QS' JD'")
    data = r.to_json()
    assert data["total"] == 540 and data["trumps"] == "hearts" and len(data["steps"]) == 2
    with pytest.raises(NotationError):
        Bezique().score("X", ["declare bezique QS JD"])
    with pytest.raises(IllegalActionError, match="not a marriage"):
        Bezique().score("H", ["declare marriage KS QH"])
    with pytest.raises(IllegalActionError, match="no combination called"):
        Bezique().score("H", ["declare quint KS QS"])
    with pytest.raises(IllegalActionError, match="KS JH make no combination with hearts trumps") as e:
        Bezique().score("H", ["declare KS JH"])
    assert "double bezique (both queens of spades and both knaves of diamonds)" in str(e.value)


def test_ledger_a_card_played_to_a_trick_serves_in_no_later_declaration():
    # the nineteenth-century Bezique account: declared cards may be played from the table; once played, a card is out of the
    # hand and the table, so it can make no more combinations (here the queen of a bezique, which
    # could otherwise have gone on to four queens, Foster's Hoyle, Bezique, 'Declarations').
    assert Bezique().score("H", ["declare bezique QS JD", "declare four queens QS QH QD QC"]).total == 100
    for played in (["declare bezique QS JD", "play QS"], ["play QS"]):
        with pytest.raises(IllegalActionError, match="QS has been played") as e:
            Bezique().score("H", [*played, "declare four queens QS QH QD QC"])
        assert e.value.token == "QS"
    with pytest.raises(IllegalActionError, match="played already"):
        Bezique().score("H", ["play KS", "play KS"])
    # the other copy is another card
    assert Bezique().score("H", ["play QS", "declare four queens QS' QH QD QC"]).total == 60


def test_an_equal_combination_of_the_same_class_is_refused_quoting_the_rule_that_applies():
    with pytest.raises(IllegalActionError, match="once married") as e:
        Bezique().score("H", ["declare marriage KS QS", "declare marriage KS QS"])
    with pytest.raises(IllegalActionError, match="equal value of the same class") as e:
        Bezique().score("H", ["declare four kings KS KH KD KC", "declare four kings KS KH KD KC'"])
    assert "married" not in str(e.value)


def test_reuse_in_play_the_sequence_after_the_royal_marriage():
    s = make("KH QH AH TH JH 9C 8C 7C", "AD TD 9D 8D 7D 9S 8S 7S", "8H", top="9H 9H' 8D' 8S'")
    won_trick(s, "7C", "7D")
    s.apply("declare royal marriage KH QH")
    won_trick(s, "8C", "8D")
    assert "declare sequence AH TH KH QH JH" in s.legal_actions()
    refused(s, "declare royal marriage KH QH", "equal value")
    s.apply("declare sequence AH TH KH QH JH")
    assert s.scores()["elder"] == 290


# -- the seven of trumps ----------------------------------------------------------------------------
def test_the_seven_of_trumps_exchanged_after_winning_a_trick_scores_ten():
    # the nineteenth-century Bezique account: 'The seven of trumps can be exchanged for the trump card, and for this exchange ten is scored.
    # A player can only make this exchange, like a declaration, immediately after he has taken a trick.'
    s = make("7H KS QS JS TS 9S 8S 7C", "AD TD 9D 8D 7D 9C 8C 7S", "AH")
    refused(s, "exchange 7H", "after winning a trick")
    won_trick(s, "7C", "7D")
    assert "exchange 7H" in s.legal_actions()
    s.apply("exchange 7H")
    assert s.turnup == Card("7H") and Card("AH") in s.hands[0]
    assert s.scores()["elder"] == 10
    # the exchange and a declaration may both be made after the same trick
    assert s.phase is Phase.DECLARE and "declare bezique" not in str(s.legal_actions())
    refused(s, "exchange 7H", "turn-up is itself the seven")


def test_the_seven_of_trumps_played_before_the_last_eight_scores_ten_even_losing_the_trick():
    # the nineteenth-century Bezique account: 'Whenever the seven of trumps is played, except in the last eight tricks, the player
    # scores ten for it, no matter whether he wins the trick or not.'
    s = make("7H KS QS JS TS 9S 8S 7C", "AH TD 9D 8D 7D 9C 8C 7S", "8H")
    s.apply("play 7H")
    s.apply("play AH")
    assert s.scores() == {"elder": 10, "younger": 0}
    assert s.tricks[-1].winner == 1


def test_the_seven_of_trumps_in_the_last_eight_scores_nothing():
    s = last_eight("7H KS QS JS TS 9S 8S 7C", "AH TD 9D 8D 7D 9C 8C 7S", Suit.HEARTS)
    s.apply("play 7H")
    s.apply("play AH")
    assert s.scores() == {"elder": 0, "younger": 0}


def test_option_the_seven_of_trumps_declared_instead_of_played():
    # Hoffmann 1909: 'For the seven of trumps, turned up by the dealer, or declared by either player ... 10'
    rules = BeziqueRules(seven_of_trumps="exchange-or-declare")
    s = make("7H 7H' QS JS TS 9S 8S 7C", "AD TD 9D 8D 7D 9C 8C 7S", "AH", rules=rules)
    won_trick(s, "7C", "7D")
    s.apply("exchange 7H")
    s.apply("declare seven of trumps 7H'")
    assert s.scores()["elder"] == 20
    s3 = make("7H KS QS JS TS 9S 8S 7C", "AD TD 9D 8D 7D 9C 8C 7S", "AH", rules=rules)
    won_trick(s3, "7C", "7D")
    s3.apply("declare seven of trumps 7H")
    refused(s3, "exchange 7H", "exchanged or declared, not both")
    s2 = make("7H KS QS JS TS 9S 8S 7C", "AH TD 9D 8D 7D 9C 8C 7S", "8H", rules=rules)
    won_trick(s2, "7H", "AH")
    assert s2.scores() == {"elder": 0, "younger": 0}


# -- the last trick ---------------------------------------------------------------------------------
def test_the_last_trick_before_the_last_eight_scores_ten():
    # the nineteenth-century Bezique account: 'The winner of the last trick - that is, the twenty-fourth or trick before the last eight - scores ten'
    s = play_out(Bezique().deal(seed=3))
    lt = [st for st in s.explanation() if st.category == "last trick"]
    assert len(lt) == 1 and lt[0].player == s.players[s.tricks[23].winner]


def test_option_the_last_trick_is_the_thirty_second():
    s = play_out(Bezique(BeziqueRules(last_trick="thirty-second")).deal(seed=3))
    lt = [st for st in s.explanation() if st.category == "last trick"]
    assert len(lt) == 1 and lt[0].player == s.players[s.tricks[31].winner]


def test_the_table_is_taken_up_for_the_last_eight():
    s = Bezique().deal(seed=11)
    while s.stage is Stage.STOCK:
        s.apply(choose_action(s))
    assert s.laid == [[], []] and [len(h) for h in s.hands] == [8, 8]
    assert len(s.tricks) == 24 and s.turnup is None and not s.stock


# -- the last eight ---------------------------------------------------------------------------------
def test_last_eight_must_follow_and_win_if_able():
    # the nineteenth-century Bezique account: 'obliged to follow suit, or trump ... or does not win the card led, if able'
    s = last_eight("QC 9D 8D 7D 8S 7S 8H 7H", "AC 9C TD JS 9S KH QH 9H", Suit.HEARTS)
    s.apply("play QC")
    assert [str(a) for a in s.legal_actions()] == ["play AC"]
    refused(s, "play 9C", "must win the trick", "AC")
    refused(s, "play 9S", "must follow clubs")


def test_last_eight_follow_with_a_lower_card_when_unable_to_win():
    s = last_eight("AC 9D 8D 7D 8S 7S 8H 7H", "QC 9C TD JS 9S KH QH 9H", Suit.HEARTS)
    s.apply("play AC")
    assert [str(a) for a in s.legal_actions()] == ["play QC", "play 9C"]


def test_last_eight_trump_if_void():
    s = last_eight("AD 9C 8D 7D 8S 7S 8H 7H", "JS 9S KH QH 9H AC TC 7C", Suit.HEARTS)
    s.apply("play AD")
    assert [str(a) for a in s.legal_actions()] == ["play KH", "play QH", "play 9H"]
    refused(s, "play JS", "must trump")


def test_last_eight_void_and_no_trumps_anything_goes():
    s = last_eight("AD 9C 8D 7D 8S 7S 8H 7H", "JS 9S KS QS 9S' AC TC 7C", Suit.HEARTS)
    s.apply("play AD")
    assert len(s.legal_actions()) == 8


def test_last_eight_legal_plays_match_a_naive_oracle_in_random_deals():
    order = CardOrder("A T K Q J 9 8 7")

    def naive(hand, led, trump):
        follow = [c for c in hand if c.suit is led.suit]
        if follow:
            win = [c for c in follow if order.power[c.rank] > order.power[led.rank]]
            return win or follow
        trumps = [c for c in hand if c.suit is trump]
        return trumps or list(hand)

    for seed in range(12):
        s = Bezique().deal(seed=seed)
        while not s.is_over:
            if s.stage is Stage.END and s.phase is Phase.FOLLOW:
                got = {a.card for a in s.legal_actions()}
                assert got == set(naive(s.hands[s.to_move], s.trick[0], s.trump))
            s.apply(choose_action(s))


def test_a_revoke_in_the_last_eight_forfeits_the_eight_tricks():
    # the nineteenth-century Bezique account: 'If a player revokes in the last eight tricks ... he forfeits the eight tricks to his opponent.'
    s = last_eight("AC TC 9D 8D 7D 8S 7S 7H", "QC 9C TD AD JS 9S KH AH", Suit.HEARTS, leader=0)
    won_trick(s, "AC", "QC")  # elder wins the first of the last eight
    s.apply("play TC")
    assert "revoke AD" not in s.legal_actions()  # a breach, never a legal action
    refused(s, "revoke 9C", "legal play")
    s.apply("revoke AD")
    assert s.is_over and s.revoked == (1, Card("AD"))
    last = {c for c in "AC QC TC AD 9C TD JS 9S KH AH 9D 8D 7D 8S 7S 7H".split()}
    assert {str(c) for c in s.won[0]} >= last  # all sixteen cards of the last eight, to elder
    brisques = {st.player: st.points for st in s.explanation() if st.category == "brisques"}
    assert sum(brisques.values()) == 160 and brisques["younger"] == 0


def test_a_revoke_is_refused_while_the_stock_lasts():
    s = make("7H KS QS JS TS 9S 8S 7C", "AD TD 9D 8D 7D 9C 8C 7S", "AH")
    s.apply("play 7C")
    refused(s, "revoke 7D", "anything may be played")


# -- brisques ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [BeziqueRules(), BeziqueRules(last_trick="thirty-second", trumps="first-marriage")])
def test_brisques_sum_to_160_in_every_deal(rules):
    for seed in range(30):
        s = play_out(Bezique(rules).deal(seed=seed))
        brisques = [st for st in s.explanation() if st.category == "brisques"]
        assert len(brisques) == 2 and sum(st.points for st in brisques) == 160
        assert sum(s.brisques()) == 16
        assert sorted(s.every_card(), key=PACK.index) == list(PACK.cards)


# -- options ----------------------------------------------------------------------------------------
def test_every_option_names_its_source_and_bad_options_are_refused():
    for o in BeziqueRules.describe():
        assert o["source"] and o["doc"]
    with pytest.raises(RuleOptionError):
        BeziqueRules.from_options(game_points=1500)
    with pytest.raises(RuleOptionError, match="did you mean"):
        BeziqueRules.from_options(last_trik="twenty-fourth")


def test_option_bezique_cards_change_with_trumps():
    rules = BeziqueRules(bezique_cards="by-trumps")
    assert score_declarations("S", ["declare bezique QC JH"], rules).total == 40
    with pytest.raises(IllegalActionError, match="not a bezique"):
        score_declarations("S", ["declare bezique QS JD"], rules)
    assert score_declarations("H", ["declare bezique QS JD"], rules).total == 40
    assert score_declarations("D", ["declare double bezique QC QC' JH JH'"], rules).total == 500


def test_option_first_marriage_fixes_trumps():
    # Britannica 1911: 'As sometimes played, the first marriage, or the first sequence, decides the
    # trump suit; there is then no score for the seven of trumps.'
    rules = BeziqueRules(trumps="first-marriage")
    given = "KD QD 7C 8C 9C JS 9S 8S AD TD 9D 8D 7D 7H 8H 9H".split()
    stock = [str(c) for c in PACK.cards if str(c) not in given]
    s = BeziqueDeal.from_cards("KD QD 7C 8C 9C JS 9S 8S", "AD TD 9D 8D 7D 7H 8H 9H", None, stock, rules)
    assert s.turnup is None and s.trump is None and len(s.stock) == 48
    won_trick(s, "7C", "7H")
    assert "declare marriage KD QD" not in s.legal_actions()
    s.apply("declare royal marriage KD QD")
    assert s.trump is Suit.DIAMONDS and s.scores()["elder"] == 40
    assert "makes diamonds trumps" in s.explanation()[-1].text


def test_game_to_1000_stops_when_a_player_reaches_it():
    # the nineteenth-century Bezique account: 'When a player, by declaring ... scores 1000 or upwards he wins, although his opponent
    # might make the score higher with his brisques'
    s = make("KS KH KD KC QS JD 9H 7C", "AH AD 9C 8C 7D 9D 8D TS", "8H")
    s = BeziqueDeal(s.dealt, BeziqueRules(), carried=(960, 0))
    won_trick(s, "7C", "9D")
    s.apply("declare bezique QS JD")
    assert s.is_over and s.game_winner == 0
    g = Bezique().game(seed=5)
    while not g.is_over:
        g.apply(choose_action(g.deal))
    totals = g.standing()
    assert max(totals.values()) >= 1000 and g.outcome().winner == ("first" if totals["first"] >= 1000 else "second")
    assert len(g.records) >= 1 and totals == {k: sum(r.credited[k] for r in g.records) for k in totals}
    # rewinding to the start deals the first deal again, the same cards (deals come from the seed)
    first = g.records[0]
    g.rewind(len(g.history))
    assert g.records == [] and g.deal.code == first.code and not g.is_over


def test_a_dealer_who_reaches_the_game_with_a_turned_up_seven_wins_before_any_card_is_played():
    # the nineteenth-century Bezique account: the seven turned up scores ten for the dealer, and the game is won the moment a
    # player reaches 1000. Deal 2 of seed 6 turns up a seven; its dealer (player "first") has 995.
    g = Bezique().match(seed=6, first_dealer="second", pause=True)
    while not g.between_deals:  # deal 1 played out, then its credit set to 995 for "first"
        g.apply(choose_action(g.deal))
    r = g.records[0]
    g.records[0] = DealRecord(r.number, r.dealer, r.code, {"first": 995, "second": 0}, r.outcome, r.explanation)
    g.next_deal()
    assert g.records[1].dealer == "first" and g.records[1].credited == {"first": 10, "second": 0}
    assert g.is_over and g.outcome().winner == "first" and g.standing() == {"first": 1005, "second": 0}
    with pytest.raises(IllegalActionError, match="is over"):
        g.apply("draw")


# -- bad input --------------------------------------------------------------------------------------
def test_bad_input_raises_typed_errors_and_leaves_the_state_unchanged():
    s = make("7H KS QS JS TS 9S 8S 7C", "AD TD 9D 8D 7D 9C 8C 7S", "AH")
    e = refused(s, "play AS", "does not hold AS")
    assert e.token == "play AS" and "play 7H" in e.legal
    refused(s, "play XS", error=NotationError)
    refused(s, "shuffle", "cannot read action")
    refused(s, "draw", "nothing to draw")
    refused(s, "declare bezique QS JD", "after winning a trick")
    refused(s, "close", "cannot be closed")
    refused(s, "claim", "nothing to claim")
    s.apply("play 7C")
    refused(s, "play 7C", "does not hold")
    s.apply("play 7D")
    assert s.phase is Phase.DECLARE
    refused(s, "play KS", "declare, exchange or draw")
    refused(s, "declare bezique QS JS", "not a bezique")
    refused(s, "declare quint KS QS", "no combination called", error=IllegalActionError)
    refused(s, "declare KS 9S", "make no combination")
    refused(s, "exchange 7S", "only the seven of trumps")
    assert isinstance(refused(s, "play AS", error=TutorError), ValueError)


def test_the_deal_over_refuses_everything():
    s = play_out(Bezique().deal(seed=2))
    refused(s, "play AS", "over")
    assert list(s.legal_actions()) == []


# -- the game object, json, view --------------------------------------------------------------------
def test_replay_and_json():
    s = Bezique().deal(seed=4)
    actions = []
    while not s.is_over:
        a = choose_action(s)
        actions.append(str(a))
        s.apply(a)
    again = Bezique().replay(actions, code=s.code)
    assert again.to_json() == s.to_json()
    data = json.loads(s.dumps())
    assert data["complete"] and sum(data["totals"].values()) == sum(st["points"] for st in data["steps"])
    assert sum(data["brisques"].values()) == 16


def test_view_hides_the_opponents_hand():
    s = Bezique().deal(seed=9)
    v = s.view(0)
    assert v["hand"] == s.hand(0) and "younger" not in str(v["hand"])
    assert set(v["hand"]).isdisjoint(s.hands[1]) and v["stock"] == 48


def test_stock_core_play_rules_are_data():
    hand = parse_cards("AH 9C 7S")
    order = CardOrder("A T K Q J 9 8 7")
    assert legal_plays(hand, [Card("KC")], Suit.SPADES, FREE, order) == hand
    assert legal_plays(hand, [Card("KC")], Suit.SPADES, STRICT, order) == [Card("9C")]
    assert legal_plays(hand, [Card("KD")], Suit.SPADES, STRICT, order) == [Card("7S")]


# -- the golden playthrough -------------------------------------------------------------------------
def test_bezique_golden_deal_ends():
    """Beyond the golden transcript (read by tests/test_golden.py): the recorded deal is complete."""
    data = json.loads(GOLDEN.read_text())
    s = Bezique(BeziqueRules(**data["rules"])).golden_deal(data)
    for line in data["transcript"]:
        s.apply(line["action"])
    assert s.is_over and s.outcome() is not None
