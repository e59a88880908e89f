"""Golden playthroughs: one whole deal per registered game, read line by line (``tests/test_golden.py``).

A file is recorded from a seed, the computer playing every seat, with::

    python -m tests.golden record GAME --seed 7 [--source TEXT] [-o NAME=VALUE ...] [--dir DIR] [--force]

It keeps the deal's code (and every hand, to read), each action with the seat that made it and
what the game's ``golden_line`` says after it, and the steps scored. A recorded file is a
regression record, not an independent oracle, until someone reads it through against the rules:
``--source`` says what it was read against. An existing file is never overwritten without
``--force``.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from tutor.errors import TutorError, shorten
from tutor.games import load
from tutor.session import SeatView

HERE = pathlib.Path(__file__).parent
MAX_ACTIONS = 5_000

__all__ = ["HERE", "record", "write", "deal_of", "replay", "main"]


def record(name: str, seed: int | str, *, source: str | None = None, options: Mapping[str, Any] | None = None) -> dict:
    """The golden playthrough of ``name`` from ``seed``: the computer at every seat, to the end of the deal."""
    game = load(name, **dict(options or {}))
    state = game.deal(seed=seed)
    deal = {"code": state.code, "hands": {s.name: " ".join(map(str, state.view(s)["hand"])) for s in state.table}}
    bot = game.bot()
    transcript = []
    while not state.is_over:
        if len(transcript) >= MAX_ACTIONS:  # pragma: no cover - the contract test catches a deal that never ends
            raise TutorError(f"{game.title}: the deal from seed {seed} did not end", token=str(seed))
        seat = state.turn
        action = str(bot.choose(SeatView(state, seat)))
        state.apply(action)
        transcript.append({"action": action, "seat": seat.name, **game.golden_line(state)})
    said = (f"one deal of the computer against itself from seed {seed!r}, recorded from the engine by "
            "'python -m tests.golden record' (a regression record, not an independent oracle)")
    if source:
        said += f"; read through by hand against {source}"
    return {
        "game": game.name,
        "source": said,
        "rules": dict(game.rules.changed()),
        "deal": deal,
        "transcript": transcript,
        "steps": [[s.player, s.category, s.points, s.text, s.rule] for s in state.explanation()],
    }


def write(data: Mapping[str, Any], directory: pathlib.Path = HERE, *, force: bool = False) -> pathlib.Path:
    """Write ``data`` as ``<directory>/<game>.json``; an existing file is refused unless ``force``."""
    path = pathlib.Path(directory) / f"{data['game']}.json"
    if path.exists() and not force:
        raise TutorError(f"{path} exists: give --force to record over it", token=str(path)[-40:])
    if not path.parent.is_dir():
        raise TutorError(f"no directory {shorten(str(path.parent))} to record into", token=shorten(str(path.parent)))
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def deal_of(game: Any, data: Mapping[str, Any]) -> Any:
    """The deal a golden file plays: by its code when recorded, else from its explicit cards (the
    game's ``golden_deal``). A recorded file's hands, kept to read, must be the code's hands."""
    given = data["deal"]
    if "code" not in given:
        return game.golden_deal(data)
    state = game.deal(code=given["code"])
    hands = {s.name: " ".join(map(str, state.view(s)["hand"])) for s in state.table}
    if "hands" in given and dict(given["hands"]) != hands:
        raise AssertionError(f"the hands written in the file are not the hands of deal {given['code']}")
    return state


def replay(data: Mapping[str, Any]) -> tuple[Any, Any, list[dict]]:
    """Play a golden file's transcript: (game, final state, what each line reads now)."""
    game = load(data["game"], **data.get("rules", {}))
    state = deal_of(game, data)
    got = []
    for line in data["transcript"]:
        actor = state.turn.name
        state.apply(line["action"])
        got.append({"action": line["action"], "seat": actor, **game.golden_line(state)})
    return game, state, got


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {' '.join(message.split())[:300]}", file=sys.stderr)
        raise SystemExit(2)


def main(argv: Sequence[str] | None = None) -> int:
    parser = _Parser(prog="python -m tests.golden", description="Record a game's golden playthrough from a seed.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    rec = sub.add_parser("record", help="record tests/golden/GAME.json from a seed")
    rec.add_argument("game")
    rec.add_argument("--seed", required=True, help="the deal's seed")
    rec.add_argument("--source", help="what the recorded deal was read through against (named in the file)")
    rec.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE", help="a rule option")
    rec.add_argument("--dir", default=str(HERE), help="where to write (default: tests/golden)")
    rec.add_argument("--force", action="store_true", help="record over an existing file")
    args = parser.parse_args(argv)
    try:
        options = {}
        for given in args.option:
            if "=" not in given:
                raise TutorError(f"option {shorten(given)} should be written NAME=VALUE", token=shorten(given))
            key, value = given.split("=", 1)
            options[key.strip()] = value.strip()
        path = write(record(args.game, args.seed, source=args.source, options=options), pathlib.Path(args.dir), force=args.force)
    except TutorError as e:
        print(f"{parser.prog}: error: {' '.join(str(e).split())}", file=sys.stderr)
        return 2
    print(f"recorded {path}")
    return 0
