"""``tutor review``: a played deal's decisions weighed, from the command line; bad input one line
and exit code 2. The strong player is the test double of tests/weighers.py, put in the game's
place for these tests."""

from __future__ import annotations

import json

import pytest

from tests.weighers import TableWeigher
from tutor.cli import main
from tutor.games import load
from tutor.games.contract import SeatView


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def strong(monkeypatch):
    """Sixty-Six's strong level, for these tests, the test double."""
    monkeypatch.setattr(type(load("sixtysix")), "strong_bot", lambda self: TableWeigher())


def deal_moves(seed: int) -> list[str]:
    game = load("sixtysix")
    state = game.deal(seed=seed)
    bot = game.bot("beginner")
    moves = []
    while not state.is_over:
        a = bot.choose(SeatView(state, state.turn))
        moves.append(str(a))
        state.apply(a)
    return moves


def test_review_prints_the_decisions_costliest_first_and_json(capsys, strong):
    from tutor.review import review

    moves = deal_moves(3)
    code, out, err = run(capsys, "review", "sixtysix", "--seed", "3", "--actions", ",".join(moves), "--seat", "elder")
    expected = review(load("sixtysix"), seed="3", actions=moves, seats=["elder"], weigher=TableWeigher())
    assert code == 0 and not err and out.strip() == expected.text()
    code, out, _ = run(capsys, "review", "sixtysix", "--seed", "3", "--actions", ",".join(moves), "--seat", "elder,younger",
                       "--json", "--limit", "2")
    data = json.loads(out)
    assert code == 0 and data["seats"] == ["elder", "younger"] and data["moves"] == moves
    assert [d["index"] for d in data["decisions"]] == sorted(d["index"] for d in data["decisions"])
    code, out, _ = run(capsys, "review", "sixtysix", "--seed", "3", "--actions", ",".join(moves), "--seat", "elder",
                       "--limit", "2")
    assert code == 0 and len(out.strip().splitlines()) == 3  # the summary and the two costliest


@pytest.mark.parametrize("argv,bad", [
    (["--seat", "north"], "'north' is not a seat"),
    (["--seat", "elder,"], "an empty seat name"),
    (["--seat", "elder", "--limit", "0"], "number of decisions"),
    (["--seat", "elder", "--limit", "two"], "two"),
    (["--seat", "elder", "--code", "ss-nonsense"], "--seed or --code"),
    ([], "--seat"),
])
def test_bad_arguments_are_one_line_and_exit_2(capsys, strong, argv, bad):
    moves = deal_moves(3)
    code, out, err = run(capsys, "review", "sixtysix", "--seed", "3", "--actions", ",".join(moves), *argv)
    assert code == 2 and not out and len(err.strip().splitlines()) == 1 and bad in err, err


def test_a_bad_move_or_none_is_refused_before_anything_is_weighed(capsys, monkeypatch):
    calls = []

    class Counting(TableWeigher):
        def weigh(self, seat):
            calls.append(1)
            return super().weigh(seat)

    monkeypatch.setattr(type(load("sixtysix")), "strong_bot", lambda self: Counting())
    moves = deal_moves(3)
    code, _, err = run(capsys, "review", "sixtysix", "--seed", "3", "--actions", ",".join([*moves[:-1], "play ZZ"]),
                       "--seat", "elder")
    assert code == 2 and f"move {len(moves)} of the position, 'play ZZ'" in err and not calls
    code, _, err = run(capsys, "review", "sixtysix", "--seed", "3", "--seat", "elder")
    assert code == 2 and "needs --actions" in err


def test_a_game_without_a_strong_player_is_refused_in_one_line(capsys, monkeypatch):
    from tutor.errors import TutorError

    def none(self):
        raise TutorError("Sixty-Six has no strong computer player yet", token="sixtysix")

    monkeypatch.setattr(type(load("sixtysix")), "strong_bot", none)
    code, out, err = run(capsys, "review", "sixtysix", "--actions", deal_moves(0)[0], "--seat", "elder")
    assert code == 2 and not out and err.strip() == "tutor: error: Sixty-Six has no strong computer player yet"
