"""The Bezique panels' logic without a UI: the declaration workbench and a game against the computer.

Sources cited: Foster's Complete Hoyle (1897), Bezique, 'Declarations'; the nineteenth-century Bezique account
(shared/rules/seeds/003), the description the engine follows where sources differ.
"""

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cards import Card
from tutor.errors import IllegalActionError, NotationError, TutorError
from tutor.games import load
from tutor.games.bezique import BeziqueRules, Phase
from tutor.games.bezique.state import PACK, score_declarations
from tutor.games.bezique.workbench import PRESET_HAND, Workbench
from tutor.games.stock.actions import Declare, Draw, Play
from tutor.session import AUTO, Session
from tutor.table import explanation, seat_view, table_session


def bench_state(b: Workbench):
    return (str(b.hand), b.trumps, list(b.actions), list(b.table), list(b.hand_cards), set(b.selected), b.total)


def refused(b: Workbench, fn, *args, error=IllegalActionError, words=()):
    """``fn(*args)`` raises the typed error (a ValueError) with ``words`` in it, the workbench unchanged."""
    before = bench_state(b)
    with pytest.raises(error) as e:
        fn(*args)
    assert isinstance(e.value, ValueError) and isinstance(e.value, TutorError)
    assert bench_state(b) == before
    for w in words:
        assert w in str(e.value), (w, str(e.value))
    return e.value


def declare(b: Workbench, cards: str, name=None) -> str:
    b.clear()
    for c in cards.split():
        b.toggle(c)
    return b.declare(name)


# -- the workbench: Foster's cases ---------------------------------------------------------------------
def test_default_hand_is_the_rich_preset():
    b = Workbench()
    assert set(b.hand) == set(PACK.parse_hand(PRESET_HAND)) and len(b.hand) == 14
    assert b.trumps == "hearts" and b.total == 0 and b.actions == [] and b.table == []
    assert {Card("QS"), Card("QS'"), Card("JD"), Card("JD'")} <= set(b.hand)
    names = {o.name for o in b.options()}
    assert {"sequence", "royal marriage", "marriage", "bezique", "double bezique", "four kings", "four queens"} <= names


def test_bezique_then_double_bezique_scores_540():
    # Foster's Hoyle, Declarations: show one bezique first (40), then, after another trick, add the
    # other pair for the double (500): 540 in all.
    b = Workbench()
    said = declare(b, "QS JD")
    assert "40" in said and b.total == 40 and set(b.table) == {Card("QS"), Card("JD")}
    said = declare(b, "QS JD QS' JD'", "double bezique")
    assert "500" in said and b.total == 540
    assert b.actions == ["declare bezique QS JD", "declare double bezique QS QS' JD JD'"]
    assert b.selected == set()


def test_royal_marriage_then_the_sequence_with_the_same_king_and_queen_scores_290():
    # Foster's Hoyle, Declarations: with the marriage announced first, ace, ten and knave may be
    # added to the same king and queen and the sequence scored.
    b = Workbench()
    declare(b, "KH QH")
    assert b.total == 40 and b.result.melds[0].kind.key == "royal marriage"
    declare(b, "AH TH KH QH JH")
    assert b.total == 290
    assert [s.points for s in b.explanation] == [40, 250]


def test_sequence_first_then_a_royal_marriage_from_it_is_refused_with_the_reason():
    # Foster's Hoyle, Declarations: once the sequence is declared, its king and queen cannot be taken
    # from it for a marriage (a lower combination of the same class).
    b = Workbench()
    declare(b, "AH TH KH QH JH")
    b.toggle("KH")
    b.toggle("QH")
    e = refused(b, b.declare, "royal marriage", words=("lower combination", "sequence"))
    assert e.token
    # nor with the other king of hearts added to the queen already in the sequence
    b.clear()
    b.toggle("KH'")
    b.toggle("QH")
    refused(b, b.declare, "royal marriage", words=("lower combination",))
    assert b.total == 250


def test_four_kings_with_a_king_already_married_is_legal():
    # the nineteenth-century Bezique account: kings and queens once married may still make up four kings, four queens or a
    # sequence while they stay on the table (Foster: a card may serve again in another class).
    b = Workbench()
    declare(b, "KS QS")
    assert b.total == 20
    declare(b, "KS KH KD KC")
    assert b.total == 100 and Card("KS") in b.table


def test_a_declaration_made_only_of_cards_already_on_the_table_is_refused():
    # Foster's Hoyle, Declarations: each new declaration must bring at least one card from the hand.
    b = Workbench()
    declare(b, "KS KH KD KC")
    declare(b, "QS QS' QH QD")
    assert b.total == 140
    b.toggle("KS")
    b.toggle("QS")
    refused(b, b.declare, words=("already on the table", "from the hand"))
    opts = {(o.name, o.faces): o for o in b.options()}
    assert not opts[("marriage", "KS QS")].legal and "from the hand" in opts[("marriage", "KS QS")].why


def test_a_card_played_from_the_table_cannot_be_used_again():
    # the nineteenth-century Bezique account / Foster's Hoyle: declared cards stay on the table until played; a card played to a
    # trick is gone, so it serves in no later declaration.
    b = Workbench()
    declare(b, "QS JD")
    said = b.play("QS")
    assert "table" in said and b.actions[-1] == "play QS" and Card("QS") not in b.table
    assert Card("QS") not in b.hand_cards and Card("QS") in b.played
    refused(b, b.toggle, "QS", words=("QS", "played"))
    refused(b, b.apply, "declare four queens QS QH QD QC", words=("not in this hand",))
    refused(b, b.play, "QS", words=("played",))
    assert all(Card("QS") not in o.cards for o in b.options())
    # the other queen of spades still can (she is another card)
    assert any(o.legal and Card("QS'") in o.cards for o in b.options())
    declare(b, "QS' KS")
    assert b.total == 60


def test_a_card_of_the_hand_played_away_simply_leaves_the_hand():
    b = Workbench()
    said = b.play("KC")
    assert "hand" in said and Card("KC") not in b.hand_cards and b.total == 0
    assert b.undo() and Card("KC") in b.hand_cards
    assert not b.undo()


def test_announcements_with_plus_score_on_a_later_trick():
    # Foster's Hoyle, Double Declarations: cards for two combinations may be laid at once; one scores
    # now, the other after another trick is won.
    b = Workbench()
    said = b.apply("declare four kings KS KH KD KC + marriage KS QS")
    assert b.total == 80 and "announced" in said and "marriage KS QS" in said
    opts = {(o.name, o.faces): o for o in b.options()}
    assert opts[("marriage", "KS QS")].legal  # all on the table, but announced before
    said = b.apply("declare marriage KS QS")
    assert b.total == 100 and "announced earlier" in said


def test_workbench_errors_are_typed_and_leave_it_unchanged():
    b = Workbench("KS QS JD QS' JD' KH QH", "spades")
    declare(b, "QS JD")
    e = refused(b, b.reset, "KS KS", error=NotationError, words=("KS", "twice"))
    assert e.token == "KS"
    refused(b, b.reset, "KS 2S", error=NotationError, words=("2S", "bezique pack"))
    refused(b, b.reset, "KS XQ", error=NotationError, words=("XQ",))
    refused(b, b.reset, "   ", error=NotationError, words=("1 to 24",))
    refused(b, b.reset, " ".join(str(c) for c in PACK.cards[:25]), error=NotationError, words=("1 to 24", "25"))
    refused(b, b.reset, None, "purple", error=NotationError, words=("purple",))
    refused(b, b.toggle, "AH", words=("AH", "not in this hand"))
    refused(b, b.declare, words=("select",))
    b.toggle("KH")
    b.toggle("QH")
    refused(b, b.declare, "quint", words=("no combination called", "marriage"))
    refused(b, b.declare, "royal marriage", words=("not a royal marriage", "of trumps"))  # spades are trumps
    b.clear()
    b.toggle("KS")
    b.toggle("JD")
    refused(b, b.declare, words=("make no combination",))
    refused(b, b.play, words=("exactly one",))
    refused(b, b.apply, "exchange 7S", words=("declare and play",))
    refused(b, b.apply, "shuffle", words=("cannot read",))
    for bad in ("KS KS", "2S", ""):
        with pytest.raises(NotationError):
            Workbench(bad)
    with pytest.raises(ValueError):
        Workbench(trumps="X")


def test_reset_deal_and_trumps():
    b = Workbench()
    declare(b, "QS JD")
    b.reset(trumps="spades")
    assert b.trumps == "spades" and b.actions == [] and set(b.hand) == set(Workbench().hand)
    hand = b.deal(5)
    assert len(hand) == 8 and set(hand) == set(Workbench.dealt(5).hand) and b.trumps == "spades"
    assert hand == Workbench.dealt_hand("5") and hand != Workbench.dealt_hand(6)
    assert set(hand) == set(PACK.shuffled(5)[:8])
    b.reset("KS QS")
    assert [str(c) for c in b.hand] == ["KS", "QS"]


# -- options() agrees with the ledger ------------------------------------------------------------------
def signature(cards, table, melds):
    """Cards up to interchangeable copies: face, on the table or not, which earlier melds hold it."""
    return tuple(sorted((str(c.face), c in table, tuple(i for i, m in enumerate(melds) if c in m.cards)) for c in cards))


def brute_force(b: Workbench) -> dict:
    """Every subset of the available cards that makes a combination, judged by score_declarations."""
    avail = b.available()
    table = set(b.table)
    melds = list(b.result.melds)
    kinds = b.spec.melds.kinds
    sizes = sorted({k.shape.size for k in kinds})
    out = {}
    for n in sizes:
        for cards in combinations(avail, n):
            for k in kinds:
                if k.shape.size != n or not k.matches(cards, b.trump):
                    continue
                text = f"declare {k.key} {' '.join(map(str, cards))}"
                try:
                    score_declarations(b.trump, [*b.actions, text])
                    ok = True
                except IllegalActionError:
                    ok = False
                key = (k.key, signature(cards, table, melds))
                assert out.get(key, ok) == ok, "interchangeable cards judged differently"
                out[key] = ok
    return out


def from_options(b: Workbench) -> dict:
    table = set(b.table)
    melds = list(b.result.melds)
    out = {}
    for o in b.options():
        key = (o.name, signature(o.cards, table, melds))
        assert key not in out, f"listed twice: {o}"
        out[key] = o.legal
        assert o.points == b.spec.melds.get(o.name).value
        assert (o.why is None) == o.legal
    return out


@pytest.mark.parametrize("steps", [
    [],
    ["declare bezique QS JD"],
    ["declare royal marriage KH QH", "declare sequence AH TH KH QH JH", "play KH"],
    ["declare marriage KS QS", "declare four kings KS KH KD KC", "play QS"],
    ["declare four kings KS KH KD KC + marriage KS QS", "declare four queens QS QS' QH QD"],
])
def test_options_list_exactly_the_combinations_and_verdicts_of_the_ledger(steps):
    b = Workbench()
    for s in steps:
        b.apply(s)
    assert from_options(b) == brute_force(b)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(6, 14), picks=st.lists(st.integers(0, 10**6), max_size=6))
def test_options_agree_with_the_ledger_on_random_hands_and_legal_ones_score_their_points(seed, size, picks):
    hand = PACK.shuffled(seed)[:size]
    # give the hand something to declare: both bezique pairs and two kings of a suit
    hand = list(dict.fromkeys([*hand[: size - 4], Card("QS"), Card("JD"), Card("QS'"), Card("KS")]))
    b = Workbench(hand, random.Random(seed).choice("SHDC"))
    for p in picks:
        assert from_options(b) == brute_force(b)
        legal = [o for o in b.options() if o.legal]
        if not legal or p % 5 == 0:
            avail = b.available()
            if not avail:
                break
            b.play(avail[p % len(avail)])
            continue
        o = legal[p % len(legal)]
        before = b.total
        b.clear()
        for c in o.cards:
            b.toggle(c)
        b.declare(o.name)
        assert b.total == before + o.points


# -- the game against the computer (the table's session, tutor.table) ---------------------------------------
def game_session(seed, rules: BeziqueRules | None = None) -> Session:
    game = load("bezique") if rules is None else load("bezique", **rules.changed())
    return table_session(game, seed)


def legal(s: Session, kind: type | None = None) -> list[str]:
    return [str(a) for a in s.legal_actions() if kind is None or isinstance(a, kind)]


def reader(s: Session):
    return s.state.table.seat(s.match.seat_of("first"))


def check_deal(s: Session) -> None:
    d = s.state
    cards = d.every_card()
    assert len(cards) == 64 and set(cards) == set(PACK.cards)
    running = {"elder": 0, "younger": 0}
    for step in d.explanation():
        running[step.player] += step.points
        assert dict(step.totals) == running
    assert d.scores() == running
    v = seat_view(s)
    assert sum(v.scores.values()) == sum(step.points for step in d.explanation())
    assert sum(explanation(s).totals(("first", "second")).values()) == sum(running.values())


@pytest.mark.parametrize("seed", [0, 11, "abc"])
def test_a_whole_game_through_act_with_random_legal_actions(seed):
    rng = random.Random(str(seed))
    s = game_session(seed)
    deals = 0
    acts = 0
    while not s.is_over:
        if s.between_deals:
            check_deal(s)
            deals += 1
            s.next_deal()
            continue
        assert s.reader_to_move
        check_deal(s)
        options = legal(s)
        assert options and [c.notation for c in seat_view(s).choices] == options
        out = s.act(rng.choice(options))
        assert isinstance(out, str) and out
        acts += 1
        assert acts < 2000
    check_deal(s)
    deals += 1
    match = s.match
    assert deals == len(match.records)
    totals = match.standing()
    assert max(totals.values()) >= 1000 and match.outcome().winner in ("first", "second")
    assert totals["first"] == sum(r.credited["first"] for r in match.records)
    assert "game of 1000 is won" in s.log[-1]
    with pytest.raises(IllegalActionError, match="is over"):
        s.act(s.state.history[-1])
    with pytest.raises(IllegalActionError):
        s.next_deal()


def test_the_reader_alternates_seats_and_the_first_deal_is_led_by_the_reader():
    s = game_session(4)
    assert reader(s).name == "elder" and seat_view(s).viewer == "elder" and s.reader_to_move
    assert s.log[0].startswith("Deal 1: second deals, first leads")
    while not s.between_deals:
        s.act(legal(s)[0])
    s.next_deal()
    assert reader(s).name == "younger" and seat_view(s).viewer == "younger" and len(s.match.records) == 1
    assert any(line.startswith("Deal 2: first deals, second leads") for line in s.log)


def session_state(s: Session):
    return (seat_view(s), list(s.log), list(s.actions), s.between_deals, s.state.to_json())


def test_illegal_and_out_of_turn_actions_raise_and_leave_the_session_unchanged():
    s = game_session(6)
    before = session_state(s)
    held = set(s.state.held(int(reader(s))))
    absent = next(c for c in PACK.cards if c not in held and c.face not in {h.face for h in held})
    for bad, words in ((f"play {absent}", "does not hold"), ("draw", "nothing to draw"),
                       ("declare bezique QS JD", "after winning a trick"), ("exchange 7H", ""),
                       ("shuffle", "cannot read"), ("play ZZ", "cannot read card")):
        with pytest.raises(TutorError) as e:
            s.act(bad)
        assert isinstance(e.value, ValueError) and words in str(e.value)
        assert session_state(s) == before
    with pytest.raises(IllegalActionError, match="is not over"):
        s.next_deal()
    assert session_state(s) == before
    while not s.between_deals:
        s.act(legal(s)[-1])
    paused = session_state(s)
    assert legal(s) == [] and not s.reader_to_move
    with pytest.raises(IllegalActionError, match="deal is over"):
        s.act("draw")
    assert session_state(s) == paused


def test_undo_restores_the_previous_view_and_log():
    s = game_session(8)
    assert not s.undo()
    rng = random.Random(3)
    for _ in range(40):
        if s.between_deals:
            s.next_deal()
        before = session_state(s)
        s.act(rng.choice(legal(s)))
        after = session_state(s)
        assert s.undo()
        assert session_state(s) == before
        who, action = after[2][len(before[2])]  # the reader's action, done again
        assert who == "reader"
        s.act(action)
        assert session_state(s) == after


def test_undo_goes_back_over_the_end_of_a_deal():
    s = game_session(9)
    while True:
        before = session_state(s)
        s.act(legal(s)[0])
        if s.between_deals:
            break
    assert s.state.is_over and "Deal over" in " ".join(s.log[-3:])
    s.next_deal()
    mid = session_state(s)
    assert s.undo()
    assert session_state(s) == before and not s.between_deals and not s.match.records
    assert mid != before


def test_the_session_draws_for_a_reader_with_nothing_else_to_do():
    # The state waits for the trick winner's draw; the table's session makes it when it is his only move.
    s = game_session(3)
    for _ in range(200):
        if s.between_deals:
            break
        s.act(legal(s)[0])
    autos = [a for who, a in s.actions if who == AUTO]
    assert autos and any(isinstance(a, Draw) for a in autos)


def test_declaring_through_the_session():
    # find a deal where the reader wins a trick and may declare
    for seed in range(40):
        s = game_session(seed)
        for _ in range(60):
            if s.between_deals:
                break
            decls = legal(s, Declare)
            if decls:
                points = s.state.spec.melds.get(s.state.parse_action(decls[0]).kind).value
                before = seat_view(s).scores["first"]
                s.act(decls[0])
                assert seat_view(s).scores["first"] >= before + points or s.between_deals
                assert any(line.startswith("First (") and "declares" in line or "shows" in line for line in s.log)
                return
            if legal(s, Draw):
                assert s.state.phase is Phase.DECLARE
                s.act("draw")
                continue
            s.act(sorted(legal(s, Play))[0])
    pytest.fail("no declaration in forty deals")


def test_the_view_shows_both_tables_and_hides_the_computers_hand():
    s = game_session(2)
    v = seat_view(s)
    assert all(isinstance(c, Card) for c in v.hand) and len(v.hand) == 8 and v.stock == 48
    assert [p.name for p in v.places] == ["first", "second"] and v.places[1].cards == 8 and v.places[1].hand is None
    assert set(v.hand).isdisjoint(s.state.hands[int(reader(s).other)])
    assert v.me.to_move
    s.act(sorted(legal(s, Play))[0])
    v = seat_view(s)
    assert v.last_trick is not None and v.last_trick.winner in ("elder", "younger")


def test_same_seed_same_game_and_rules_are_honoured():
    a, b = game_session(12), game_session("12")
    assert a.log == b.log
    for _ in range(10):
        if a.between_deals:
            break
        x = legal(a)[0]
        a.act(x)
        b.act(x)
    assert seat_view(a) == seat_view(b)
    s = game_session(12, BeziqueRules(game_points=2000))
    assert seat_view(s).target == 2000
    s.act(legal(s)[0])
    s.start(13)
    assert s.seed == 13 and not s.match.records and s.reader_to_move
    assert Counter(w for w, _ in s.actions)["reader"] == 0 and s.log[0].startswith("Deal 1:")
