"""Golden playthroughs: a whole deal per registered game, with explicit cards, checked line by line
by one reader. Each game says how its golden deal is dealt (``golden_deal``) and what a line
checks (``golden_line``); the files record the source each was checked against."""

import json
import pathlib

import pytest

from tutor.games import GAMES, load
from tutor.games.checks import check_notation, check_state

GOLDEN = pathlib.Path(__file__).parent / "golden"


def test_every_registered_game_has_a_golden_playthrough():
    missing = [g for g in GAMES if not (GOLDEN / f"{g}.json").exists()]
    assert not missing, f"no golden playthrough for {missing}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_playthrough(name):
    data = json.loads((GOLDEN / f"{name}.json").read_text())
    assert data["game"] == name and data["source"]
    game = load(name, **data.get("rules", {}))
    state = game.golden_deal(data)
    for i, line in enumerate(data["transcript"]):
        actor = state.turn.name
        check_state(game, state)  # the contract holds at every position of the hand-checked deal too
        check_notation(state, list(state.legal_actions()))
        state.apply(line["action"])
        got = {"action": line["action"], "seat": actor, **game.golden_line(state)}
        assert {k: got.get(k) for k in line} == line, f"line {i}: {line['action']}"
    check_state(game, state)
    steps = [[s.player, s.category, s.points, s.text, s.rule] for s in state.explanation()]
    assert [s[: len(want)] for s, want in zip(steps, data["steps"])] == data["steps"]
    assert len(steps) == len(data["steps"])


def test_a_changed_golden_line_is_caught():
    """The reader can fail: a transcript with one score altered does not pass."""
    data = json.loads((GOLDEN / "piquet.json").read_text())
    game = load("piquet")
    state = game.golden_deal(data)
    line = dict(data["transcript"][-1])
    for earlier in data["transcript"][:-1]:
        state.apply(earlier["action"])
    state.apply(line["action"])
    line["elder"] += 1
    got = {"action": line["action"], **game.golden_line(state)}
    assert {k: got.get(k) for k in line} != line
