"""Positions: a deal code and the moves made in it. A session opens one (a single deal or a match),
each move checked in order; the position on show opens again to the same hands and the same
moves made, in every registry entry; a refused move names itself and changes nothing; undo stops at
the position opened."""

from __future__ import annotations

import random

import pytest

from tutor.errors import IllegalActionError, TutorError
from tutor.games import GAMES, load
from tutor.games.match import deal_seed
from tutor.session import READER, Position, Session


def _play(s: Session, rng: random.Random, n: int) -> None:
    """``n`` random legal moves of the reader's (the computer answering each)."""
    for _ in range(n):
        if not s.reader_to_move:
            return
        s.act(rng.choice(s.legal_actions()))


def _same_table(a: Session, b: Session) -> None:
    assert a.position == b.position
    assert [str(x) for x in a.state.history] == [str(x) for x in b.state.history]
    assert a.reader_seats == b.reader_seats and a.state.turn == b.state.turn
    for seat in a.state.table:  # every seat sees the same: the same hands, the same table
        assert a.state.view(seat) == b.state.view(seat), seat


@pytest.mark.parametrize("match", [False, True], ids=["deal", "match"])
@pytest.mark.parametrize("name", GAMES)
def test_a_position_made_of_random_legal_moves_opens_to_the_same_table(name, match):
    game = load(name)
    for seed in (3, 8):
        s = Session(game, seed, match=match)
        _play(s, random.Random(seed), 4 + seed)
        pos = s.position
        assert pos.code == s.state.code and len(pos.moves) == len(s.state.history)
        assert (pos.dealer is not None) == match
        fresh = Session(game, 1000 + seed, match=match)
        fresh.open(pos.code, pos.moves, pos.dealer)
        _same_table(s, fresh)
        # the moves as one text, commas between them, open the same position
        again = Session(game, 1, match=match)
        again.open(pos.code, ",".join(pos.moves), pos.dealer)
        assert again.position == pos


@pytest.mark.parametrize("name", GAMES)
def test_on_the_second_deal_of_a_match_the_position_is_that_deal(name):
    game = load(name)
    s = Session(game, 5, match=True)
    first = s.state.code
    s.play_for_reader()
    s.next_deal()
    _play(s, random.Random(5), 3)
    pos = s.position
    assert pos.code == s.state.code != first  # the deal in play, not the match's first deal
    assert pos.dealer == s.match.dealer.name
    # the totals the deal started from, where the match can start at them (a rubber or a pad cannot)
    before = s.match.standing_before_deal()
    assert pos.totals() == (before if s.match.STANDING and any(before.values()) else None)
    fresh = Session(game, 77, match=True)
    fresh.open(pos.code, pos.moves, pos.dealer, standing=pos.totals())
    assert fresh.position == pos and fresh.reader_seats == s.reader_seats
    assert fresh.match.standing_before_deal() == (before if pos.standing else dict.fromkeys(before, 0))
    assert [str(x) for x in fresh.state.history] == [str(x) for x in s.state.history]
    for seat in s.reader_seats:  # the reader holds the same cards at the same seat
        assert fresh.state.view(seat).get("hand") == s.state.view(seat).get("hand")


def test_a_match_opened_on_a_code_deals_on_from_the_code():
    game = load("sixtysix")
    code = game.deal(seed=12).code
    s = Session(game, 1, match=True)
    s.open(code)
    assert s.state.code == code and s.match is not None and not s.match.records
    assert all(v == 0 for v in s.match.standing().values())
    s.play_for_reader()
    s.next_deal()
    assert s.state.code == game.deal(seed=deal_seed(code, 2)).code
    # the same code gives the same match
    t = Session(game, 2, match=True)
    t.open(code)
    t.play_for_reader()
    t.next_deal()
    assert t.state.code == s.state.code


@pytest.mark.parametrize("name, match", [("piquet", False), ("sixtysix", True), ("bondtolva4", True)])
def test_a_refused_move_names_itself_and_leaves_the_session_as_it_was(name, match):
    game = load(name)
    s = Session(game, 4, match=match)
    _play(s, random.Random(1), 2)
    before = (s.position, list(s.log), list(s.actions), s.seed, s.code_given)
    code = game.deal(seed=9).code
    legal = [str(a) for a in game.deal(code=code).legal_actions()]
    with pytest.raises(IllegalActionError, match=r"move 2 of the position, 'play ZZ'") as e:
        s.open(code, [legal[0], "play ZZ"])
    assert e.value.token == "'play ZZ'"
    assert (s.position, s.log, s.actions, s.seed, s.code_given) == before
    with pytest.raises(TutorError, match="move 1 of the position is empty"):
        s.open(code, ",play 7S")
    with pytest.raises(TutorError, match="damaged|deal code"):
        s.open(code[:-3])
    with pytest.raises(TutorError, match="at most 1000 moves"):
        s.open(code, ["x"] * 1001)
    assert (s.position, s.log, s.actions, s.seed, s.code_given) == before
    if match:
        with pytest.raises(TutorError, match="'nobody' is not a player"):
            s.open(code, (), "nobody")
        assert s.position == before[0]


def test_a_move_after_the_end_of_the_deal_is_refused():
    game = load("sixtysix")
    s = Session(game, 2, seats={"elder": READER, "younger": READER})
    s.play_for_reader()
    pos = s.position
    with pytest.raises(IllegalActionError, match=f"move {len(pos.moves) + 1} of the position, 'play 9S', comes after the end"):
        Session(game, 2).open(pos.code, (*pos.moves, "play 9S"))


def test_undo_goes_back_to_the_position_opened_never_before_it():
    game = load("piquet")
    s = Session(game, 6)
    _play(s, random.Random(6), 3)
    pos = s.position
    fresh = Session(game, 1)
    fresh.open(pos.code, pos.moves)
    assert fresh.undo() is False and fresh.position == pos  # the position's moves are its start
    fresh.act(fresh.legal_actions()[0])
    assert fresh.position != pos
    assert fresh.undo() is True and fresh.position == pos
    assert fresh.undo() is False and fresh.position == pos


def test_a_position_is_the_moves_of_the_deal_in_play_only():
    assert Position.moves_of("play 7S, play 8H ,draw") == ("play 7S", "play 8H", "draw")
    assert Position.moves_of("") == () and Position.moves_of(None) == ()
    with pytest.raises(TutorError, match="not a move in words"):
        Position.moves_of([7])


def test_a_match_opened_at_a_deal_code_may_start_at_given_totals():
    """A match opened at a deal's code starts at nought, or at the totals given (a reviewed deal
    played on where its match stood); undo goes back to the position at those totals. Totals for
    a deal alone, or that the match refuses, are refused by name and change nothing."""
    game = load("bondtolva3")
    code = game.deal(seed=1).code
    s = Session(game, match=True, seats={"first": READER, "second": READER, "third": READER})
    s.open(code, (), "second", standing={"first": 5, "third": 2})
    assert s.playing.standing_before_deal() == {"first": 5, "second": 0, "third": 2}
    assert s.position == Position(code, (), "second", (("first", 5), ("second", 0), ("third", 2)))
    s.act(s.legal_actions()[0])
    assert s.undo() and s.playing.standing_before_deal() == {"first": 5, "second": 0, "third": 2}
    shown = s.state.to_json()
    with pytest.raises(TutorError, match="nobody"):
        s.open(code, (), None, standing={"nobody": 3})
    assert s.state.to_json() == shown and s.playing.standing_before_deal()["first"] == 5
    s.open(code)  # opened again without totals: from nought
    assert not any(s.playing.standing_before_deal().values())
    alone = Session(game, code=code)
    with pytest.raises(TutorError, match="standing") as e:
        alone.open(code, (), standing={"first": 5})
    assert e.value.token == "standing" and alone.position == Position(code, ())
