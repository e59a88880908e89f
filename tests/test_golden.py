"""Golden playthroughs: a whole deal per registered game, checked line by line by one reader. A
file deals by code (recorded with ``python -m tests.golden record``) or from explicit cards (each
game says how, ``golden_deal``); each game says what a line checks (``golden_line``); the files
record the source each was checked against."""

import json
import pathlib

import pytest

from tests.golden import deal_of, main, record, replay, write
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
    state = deal_of(game, data)
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


# -- recording a golden file ------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["truc", "bondtolva4", "bezique"])
def test_a_recorded_file_reads_back_line_by_line(name, tmp_path):
    data = record(name, 7, source="the test's own reading")
    path = write(data, tmp_path)
    again = json.loads(path.read_text(encoding="utf-8"))
    assert again == data and again["game"] == name and "read through by hand against the test's own reading" in again["source"]
    game, state, got = replay(again)
    assert state.is_over and got == again["transcript"]
    assert again["deal"]["code"] == load(name).deal(seed=7).code
    assert [[s.player, s.category, s.points, s.text, s.rule] for s in state.explanation()] == again["steps"]
    assert record(name, 7, source="the test's own reading") == data, "the same seed records the same file"


def test_a_recorded_file_whose_hands_are_not_its_deal_is_caught(tmp_path):
    data = record("truc", 7)
    data["deal"]["hands"]["elder"] = "AS KS QS"
    with pytest.raises(AssertionError, match="not the hands of deal"):
        deal_of(load("truc"), data)


def test_the_command_records_and_refuses_to_overwrite_without_force(tmp_path, capsys):
    assert main(["record", "bondtolva", "--seed", "4", "--dir", str(tmp_path), "-o", "exactly=true"]) == 0
    path = tmp_path / "bondtolva.json"
    assert capsys.readouterr().out.strip() == f"recorded {path}"
    first = json.loads(path.read_text(encoding="utf-8"))
    assert first["rules"] == {"exactly": True}
    path.write_text("hand-made\n", encoding="utf-8")
    assert main(["record", "bondtolva", "--seed", "5", "--dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "exists: give --force" in err
    assert path.read_text(encoding="utf-8") == "hand-made\n", "an existing file is left as it was"
    assert main(["record", "bondtolva", "--seed", "5", "--dir", str(tmp_path), "--force"]) == 0
    assert json.loads(path.read_text(encoding="utf-8")) == record("bondtolva", "5")


def _exit_code(argv):
    try:
        return main(argv)
    except SystemExit as e:  # argparse's own refusals
        return e.code


@pytest.mark.parametrize(("argv", "words"), [
    (["record", "whist", "--seed", "1"], "unknown game 'whist'"),
    (["record", "truc", "--seed", "1", "-o", "nonsense"], "should be written NAME=VALUE"),
    (["record", "truc", "--seed", "1", "-o", "speed=9"], "truc has no option 'speed'"),
    (["record", "truc"], "--seed"),
    (["record", "truc", "--seed", "1", "--dir", "/nonexistent/golden"], "no directory"),
])
def test_the_command_refuses_bad_input_in_one_line(argv, words, tmp_path, capsys):
    if "--dir" not in argv:
        argv = [*argv, "--dir", str(tmp_path)]
    assert _exit_code(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err, err
    assert list(tmp_path.iterdir()) == []
