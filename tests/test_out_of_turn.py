"""The seven of trumps exchanged 'at any time' (Chouine: pagat.com, until the lead to the eleventh
trick; Briscan: David Parlett, before the stock is exhausted), by a player who is not to move too:
what each seat may do is listed by ``legal_actions(seat)``, asked by ``why_illegal(action, seat=)``,
done by ``apply(action, seat=)`` or the notation ``younger: exchange 7H``; listed and accepted agree
both ways, for both seats, in every position reached."""

from __future__ import annotations

import random

import pytest

from tutor.errors import TutorError
from tutor.games import load


def _sevens_holder(s):
    """The seat holding the seven of trumps in hand, if a player holds it."""
    for q in range(2):
        for c in s.hands[q]:
            if s.trump is not None and c.rank.value == "7" and c.suit is s.trump:
                return q, c
    return None, None


def _both_ways(s):
    for q in range(2):
        listed = {str(a) for a in s.legal_actions(seat=q)}
        name = s.spec.players[q]
        candidates = {f"{name}: exchange {c}" for c in s.hands[q]} if q != s.to_move else set()
        for text in candidates | {f"{name}: play {c}" for c in s.hands[q][:1]}:
            assert (s.why_illegal(text) is None) == (text in listed), (text, listed, s.history)
        for a in listed:
            assert s.why_illegal(a) is None


@pytest.mark.parametrize("name", ["chouine", "briscan"])
def test_listed_and_accepted_agree_for_both_seats(name):
    game = load(name)
    seen_aside = 0
    for seed in range(25):
        s = game.deal(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            _both_ways(s)
            other = 1 - s.to_move
            aside = list(s.legal_actions(seat=other))
            if aside and rng.random() < 0.5:
                seen_aside += 1
                up, (q, seven) = s.turnup, _sevens_holder(s)
                s.apply(aside[0])
                assert q == other and s.turnup == seven and up in s.hands[other]
                continue
            s.apply(rng.choice(list(s.legal_actions())))
    assert seen_aside > 3


def test_chouine_the_follower_exchanges_while_the_leader_is_to_lead():
    """pagat.com, Chouine: the seven may be swapped at any time before the lead to the eleventh
    trick, so the player not to move may do it while his opponent considers his lead."""
    for seed in range(200):
        s = load("chouine").deal(seed=seed)
        q, seven = _sevens_holder(s)
        if q == 1 and s.turnup.rank.value != "7":
            break
    else:
        raise AssertionError("no deal with younger holding the seven")
    up = s.turnup
    assert s.turn.name == "elder"
    assert s.why_illegal(f"exchange {seven}") is not None  # elder, to move, does not hold it
    assert s.why_illegal(f"exchange {seven}", seat="younger") is None
    assert [str(a) for a in s.legal_actions(seat="younger")] == [f"younger: exchange {seven}"]
    s.apply(f"exchange {seven}", seat="younger")
    assert s.turnup == seven and up in s.hands[1] and s.turn.name == "elder"
    assert str(s.history[-1]) == f"younger: exchange {seven}"
    again = load("chouine").replay_actions(seed=seed, actions=[str(a) for a in s.history])
    assert again.turnup == seven  # the notation reads back


def test_chouine_not_after_the_lead_to_the_eleventh_trick():
    game = load("chouine")
    for seed in range(100):
        s = game.deal(seed=seed)
        while not s.is_over and not (len(s.stock) == 1 and s.trick):
            s.apply(next(a for a in s.legal_actions() if "exchange" not in str(a)))
        q, seven = _sevens_holder(s)
        if s.is_over or q is None or q == s.to_move or s.turnup is None:
            continue
        why = s.why_illegal(f"exchange {seven}", seat=q)
        assert why is not None and "eleventh" in why and "pagat" in why
        assert not list(s.legal_actions(seat=q))
        return
    raise AssertionError("no position reached")


def test_the_option_keeps_the_exchange_to_ones_own_turn():
    s = load("chouine", exchange_any_time=False).deal(seed=1)
    assert not list(s.legal_actions(seat=1 - s.to_move))
    why = s.why_illegal("younger: exchange 7H")
    assert why is not None and "out of turn" in why


def test_a_game_without_it_refuses_an_action_out_of_turn_naming_its_rule():
    s = load("sixtysix").deal(seed=1)
    assert not list(s.legal_actions(seat="younger"))
    why = s.why_illegal("younger: play AS")
    assert why is not None and "elder's turn" in why and "pagat" in why


@pytest.mark.parametrize("seat", ["north", "", -1, 2, 1.5, None if False else "Ｅlder"])
def test_a_bad_seat_is_a_typed_error(seat):
    s = load("chouine").deal(seed=1)
    with pytest.raises(TutorError):
        s.legal_actions(seat=seat)
    with pytest.raises(TutorError):
        s.apply("exchange 7H", seat=seat)
    assert s.why_illegal("exchange 7H", seat=seat) is not None


# -- Gaigel: the partner's "Aus!" -------------------------------------------------------------------
# pagat.com, Gaigel (as the project has it, family brief §11, and the page's opening): the first
# *side* to reach 101 wins, and the winning side stops the play to claim it. Nothing there keeps the
# claim to the player whose turn it is, so his partner may say it too.


def _gaigel_positions(players=4, seeds=range(12)):
    """Positions of Gaigel reached by the computer at every seat, with a random card now and then."""
    from tutor.session import SeatView

    game = load("gaigel" if players == 4 else "gaigel3")
    bot = game.bot()
    for seed in seeds:
        s = game.deal(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            yield s
            legal = [a for a in s.legal_actions() if str(a) not in ("claim", "accuse")]
            s.apply(rng.choice(legal) if legal and rng.random() < 0.3 else bot.choose(SeatView(s, s.turn)))


def test_gaigel_out_of_turn_listed_and_accepted_agree_for_every_seat():
    seen = 0
    for s in _gaigel_positions():
        for q in range(4):
            if q == s.to_move:
                continue
            name = s.spec.players[q]
            listed = {str(a) for a in s.legal_actions(seat=q)}
            seen += bool(listed)
            candidates = {f"{name}: claim", f"{name}: aus", f"{name}: accuse", f"{name}: exchange {s.hands[q][0]}",
                          f"{name}: play {s.hands[q][0]}"} if s.hands[q] else {f"{name}: claim"}
            for text in candidates:
                ok = s.why_illegal(text) is None
                assert ok == (text.replace(": aus", ": claim") in listed), (text, listed, s.history)
                assert ok == (s.why_illegal(text.partition(": ")[2], seat=q) is None)
            for a in s.legal_actions(seat=q):
                assert s.why_illegal(a) is None and s.clone().apply(a).is_over
    assert seen > 20


def test_gaigel_the_partner_says_aus_out_of_turn():
    """The partner of the player whose trick took their side to 101 says 'Aus!' while that player
    is to lead: the deal ends, won by their side (pagat.com: a single game, the other side having
    taken a trick)."""
    for s in _gaigel_positions(seeds=range(40)):
        side = s._claiming_side()
        if side is None or s.side_points(side) < 101 or s.declared_now:
            continue
        leader = s.to_move
        partner = (leader + 2) % 4
        name = s.spec.players[partner]
        assert [str(a) for a in s.legal_actions(seat=partner)] == [f"{name}: claim"]
        for q in (leader + 1) % 4, (leader + 3) % 4:  # the other side may not say it for them, nor for itself now
            why = s.why_illegal("aus", seat=q)
            assert why is not None and "pagat" in why and "either partner" in why
            assert not list(s.legal_actions(seat=q))
        before = s.code, list(s.history), s.scores()
        assert s.why_illegal("play AS", seat=partner) is not None  # out of turn only 'Aus!'
        assert "only say 'Aus!'" in s.why_illegal(f"play {s.hands[partner][0]}", seat=partner)
        assert (s.code, list(s.history), s.scores()) == before
        s.apply("aus", seat=partner)
        assert s.is_over and s.ending["how"] == "aus" and s.ending["winner"] == s.spec.scorers[side]
        assert str(s.history[-1]) == f"{name}: claim"
        again = load("gaigel").replay_actions(code=s.code, actions=[str(a) for a in s.history])
        assert again.is_over and again.ending == s.ending  # the notation reads back
        assert load("gaigel").describe_action(s, s.table.seats[partner], s.history[-1]).startswith(
            f"{name.capitalize()} says 'Aus!', out of turn")
        return
    raise AssertionError("no position with a side at 101 on lead")


def test_gaigel_for_three_has_no_partner_to_say_it():
    for s in _gaigel_positions(players=3, seeds=range(4)):
        for q in range(3):
            if q != s.to_move:
                assert not list(s.legal_actions(seat=q))
                why = s.why_illegal("aus", seat=q)
                assert why is not None and "each plays for himself" in why and "pagat" in why


# -- the session: a reader acting out of turn ---------------------------------------------------------


def _chouine_session_younger_holding_the_seven():
    """A Chouine session, younger played by the reader, elder's lead (the computer's) still to come:
    the reader held both seats and hands elder to the computer without letting it move."""
    from tutor.session import Session

    game = load("chouine")
    for seed in range(200):
        s = game.deal(seed=seed)
        seven = next((c for c in s.hands[1] if c.rank.value == "7" and c.suit is s.trump), None)
        if seven is not None:
            break
    session = Session(game, seed, seats={"elder": "reader", "younger": "reader"})
    session.set_controller("elder", "computer", run=False)
    assert session.playing.turn.name == "elder" and not session.reader_to_move
    return session, seven


def test_session_the_reader_exchanges_out_of_turn_and_undo_takes_it_back():
    session, seven = _chouine_session_younger_holding_the_seven()
    up = session.state.turnup
    before = (session.position, list(session.log), session.state.code, [list(h) for h in session.state.hands])
    assert [str(a) for a in session.out_of_turn()] == [f"younger: exchange {seven}"]
    said = session.act(f"exchange {seven}")
    # applied as younger's (written with its seat), told as his, and the computer answered as after any move
    assert session.position.moves[0] == f"younger: exchange {seven}"
    assert said.startswith(f"Younger exchanges {seven} for the turn-up, out of turn.")
    assert session.state.turnup == seven and up in session.state.hands[1]
    assert len(session.position.moves) >= 2 and session.reader_to_move  # elder (the computer) led; younger to play
    assert session.undo()
    assert (session.position, session.log, session.state.code, [list(h) for h in session.state.hands]) == before
    assert session.state.turnup == up and not session.reader_to_move
    session.act(f"younger: exchange {seven}")  # the seat's own notation does the same
    assert session.state.turnup == seven


def test_session_refuses_out_of_turn_what_the_rules_refuse_and_changes_nothing():
    session, seven = _chouine_session_younger_holding_the_seven()
    before = (session.position, list(session.log))
    card = next(c for c in session.state.hands[1] if c != seven)
    with pytest.raises(TutorError) as e:
        session.act(f"play {card}")
    assert "elder's turn" in str(e.value) and "pagat" in str(e.value)
    assert e.value.legal == (f"younger: exchange {seven}",)
    with pytest.raises(TutorError):  # the computer's seat is not the reader's to act for
        session.act(f"elder: play {session.state.hands[0][0]}")
    assert (session.position, session.log) == before


def test_session_a_game_without_it_still_says_it_is_the_computers_turn():
    from tutor.session import Session

    session = Session(load("sixtysix"), 1, seats={"elder": "reader", "younger": "reader"})
    session.set_controller("elder", "computer", run=False)
    with pytest.raises(TutorError) as e:
        session.act("play AS")
    assert "elder's turn" in str(e.value) and "pagat" in str(e.value)


@pytest.mark.parametrize("name", ["chouine", "briscan", "gaigel"])
def test_the_computer_plays_every_seat_to_the_end_without_acting_out_of_turn(name):
    """The computer players choose from the legal actions of the seat to move: they never act out of
    turn (they need not), and still play whole deals."""
    from tutor.games.stock.actions import Aside
    from tutor.session import Session

    for seed in range(3):
        session = Session(load(name), seed)
        session.play_for_reader()
        assert session.state.is_over
        assert not any(type(a) is Aside for a in session.state.history)
