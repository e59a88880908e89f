"""The typed seat view (tutor.games.view), over every registry entry: what it shows a seat is what
the contract lets that seat see, its choices are exactly the legal actions, and its JSON form is
plain JSON. Random play through whole matches, every seat's view checked after every action."""

from __future__ import annotations

import json
import random

import pytest

from tutor.cards import Card
from tutor.games import GAMES, load
from tutor.games.view import Extra, TableView, choice_of, prompt_for, takes_seat
from tutor.table import seat_view, table_session


def _cards_shown(v: TableView) -> set[Card]:
    """Every card the view shows face up, other than the viewer's own hand."""
    out: set[Card] = set()
    for p in v.places:
        out.update(p.shown)
    for t in (v.trick, v.last_trick):
        if t is not None:
            out.update(x.card for x in t.plays if x.card is not None)
    for d in v.declared:
        out.update(d.cards)
    if v.turnup is not None:
        out.add(v.turnup)
    return out


def _check(game, match, seat) -> TableView:
    state = match.deal
    v = game.table_view(match, seat)
    table = state.table
    me = table.seat(seat)
    # the places: every seat once, in order of play from the viewer, the partner named
    assert [p.seat for p in v.places] == [s.name for s in table.order_from(me)]
    assert [p.name for p in v.places] == [match.person(s).name for s in table.order_from(me)]
    for p in v.places:
        s = table.seat(p.seat)
        assert p.partner == (None if s.partner is None else s.partner.name)
        assert p.to_move == (state.turn is not None and int(state.turn) == int(s))
        assert p.hand is None or p.seat == me.name  # only the viewer's own hand is face up
    assert v.me.hand == tuple(state.view(me)["hand"]) == v.hand
    # nothing shown that the contract hides from this seat
    assert not (_cards_shown(v) & state.hidden(me)), "the view shows a card the seat may not see"
    # the choices are exactly the legal actions, when it is this seat's turn, and each is accepted
    if state.turn is not None and int(state.turn) == int(me):
        assert [c.notation for c in v.choices] == [str(a) for a in state.legal_actions()]
        assert all(state.why_illegal(c.notation) is None for c in v.choices[:40])
    else:  # what the seat may do out of turn, where the deal lists it (else nothing), each accepted for that seat
        expected = [str(a) for a in state.legal_actions(seat=me)] if takes_seat(state) and state.turn is not None else []
        assert [c.notation for c in v.choices] == expected
        assert all(state.why_illegal(c.notation, seat=me) is None for c in v.choices)
    # the deal's scores under the match's names, and the match's standing
    assert sum(v.scores.values()) == sum(state.scores().values())
    # (a side under its seats in words, 'north and south', never its key 'north-south')
    assert v.standing == {match.persons.words(k): t for k, t in match.standing().items()}
    if table.partnerships:
        assert set(v.scores) == set(v.standing) == {" and ".join(side) for side in match.persons.sides}
        assert v.outcome is None or not any(key in v.outcome for key in table.side_names)
    assert v.extra is None or isinstance(v.extra, Extra)
    data = v.to_json()
    assert json.loads(json.dumps(data)) == data  # plain JSON, cards as their notation
    assert data["hand"] == [str(c) for c in v.hand]
    return v


@pytest.mark.parametrize("name", list(GAMES))
def test_every_seat_view_over_random_matches(name):
    game = load(name)
    rng = random.Random(name)
    for seed in range(2):
        match = game.match(seed)
        for _ in range(400):
            if match.is_over:
                break
            if match.between_deals:
                match.next_deal()
                continue
            for seat in match.deal.table:
                _check(game, match, seat)
            match.apply(rng.choice(list(match.legal_actions())))


def test_choice_reads_the_cards_an_action_names():
    c = choice_of("declare marriage KS' QS")
    assert (c.kind, c.cards, c.label) == ("declare", (Card("KS'"), Card("QS")), "Declare marriage K♠' Q♠")
    assert choice_of("discard nothing").cards == ()


def test_prompt_names_the_card_led_and_the_other_kinds():
    game = load("sixtysix")
    state = game.deal(seed=1)
    v = game.table_view(state, state.table.first_leader)
    assert v.prompt == prompt_for(v) == "Elder: your lead to trick 1; play a card, or first close."
    state.apply(next(a for a in state.legal_actions() if str(a).startswith("play")))
    led = state.view(0)["trick"][0][1]
    follower = game.table_view(state, state.turn)
    assert follower.prompt == f"Younger: elder led {Card(led).symbol}; play a card."


def test_a_partner_question_is_put_in_words():
    """Bondtolva for four: the partner asked answers (David Parlett, The Penguin Book of Card
    Games, Bondtolva); the prompt says what he is asked, not the question's notation."""
    game = load("bondtolva4")
    for seed in range(40):
        state = game.deal(seed=seed)
        asks = [a for a in state.legal_actions() if str(a) == "ask"]
        if asks:
            break
    else:  # pragma: no cover - the deals above hold a question
        raise AssertionError("no deal with a question")
    state.apply("ask")
    v = game.table_view(state, state.turn)
    assert "asks whether you hold a marriage" in v.prompt and "'ask" not in v.prompt
    assert v.extra is not None and v.extra.asked


def test_a_face_down_card_stays_hidden_in_the_trick():
    """Gaigel's first trick may be opened face down (Tauchen, pagat.com's Gaigel): the other seats
    see that a card was played, not which."""
    game = load("gaigel")
    state = game.deal(seed=1)
    state.apply(next(a for a in state.legal_actions() if str(a).startswith("tauchen")))
    leader = state.table.first_leader
    mine = game.table_view(state, leader).trick.plays[0]
    theirs = game.table_view(state, leader.next).trick.plays[0]
    assert mine.card is not None and theirs.card is None


def test_a_session_view_carries_the_log_in_the_persons_names():
    s = table_session(load("bondtolva4"), seed=2)
    v = seat_view(s)
    assert v.me.name == "south" and [p.name for p in v.places] == ["south", "west", "north", "east"]
    assert v.events == tuple(s.log[-12:]) and v.events[-1] == s.log[-1]
    assert s.log[0].startswith("Deal 1: west deals, north leads")


def test_chouine_follower_holding_the_seven_sees_his_exchange_out_of_turn():
    """pagat.com, Chouine: the seven of trumps may be swapped for the turn-up at any time before the
    lead to the eleventh trick, so younger, not to move, is offered it while elder considers his
    lead; the choice is exactly ``legal_actions(seat=)`` and is taken by ``apply(..., seat=)``."""
    game = load("chouine")
    for seed in range(200):
        s = game.deal(seed=seed)
        seven = next((c for c in s.hands[1] if c.rank.value == "7" and c.suit is s.trump), None)
        if seven is not None and s.to_move == 0:
            break
    else:
        raise AssertionError("no deal with younger holding the seven of trumps")
    v = game.table_view(s, "younger")
    assert [c.notation for c in v.choices] == [str(a) for a in s.legal_actions(seat="younger")] == [f"younger: exchange {seven}"]
    (choice,) = v.choices
    assert choice.kind == "exchange" and choice.cards == (seven,) and "out of turn" in choice.label
    assert "Elder is to move" in v.prompt and "out of turn" in v.prompt
    assert not [c for c in game.table_view(s, "elder").choices if "younger" in c.notation]  # elder is offered his own moves only
    up = s.turnup
    s.apply(choice.notation, seat="younger")
    assert s.turnup == seven and up in s.hands[1] and s.turn.name == "elder"
    assert game.table_view(s, "younger").choices == ()  # nothing more to do out of turn


def test_a_game_without_actions_out_of_turn_offers_the_seat_not_to_move_nothing():
    game = load("sixtysix")
    s = game.deal(seed=1)
    assert game.table_view(s, "younger").choices == ()
    assert game.table_view(s, "younger").prompt == "Elder is to move."


def test_a_hand_laid_face_up_is_shown_to_the_other_seat_in_a_match():
    """Tute (David Parlett, The Penguin Book of Card Games: a player who cannot answer a trump lead
    while the stock lasts lays his hand face up): the other seat's view shows that hand in a match,
    where the places are named for the match's persons, not the deal's seats."""
    import random

    game = load("tute")
    rng = random.Random(5)
    for seed in range(60):
        match = game.match(seed, pause=True)
        while not match.is_over and not match.between_deals:
            deal = match.deal
            face_up = [q for q in deal.table if deal.exposed[int(q)]]
            if face_up:
                q = face_up[0]
                v = game.table_view(match, q.other)
                assert v.place(q.name).shown == tuple(deal.hand(int(q)))
                return
            legal = [a for a in match.legal_actions() if str(a) != "claim"]  # no false claim ends the deal early
            match.apply(rng.choice(legal))
    pytest.fail("no hand laid face up in sixty deals")
