"""The registry of games: ``load("piquet", cards_value=10)`` gives a game with those rules.

A game module is imported only when it is loaded, so importing :mod:`tutor` stays cheap.
"""

from __future__ import annotations

import difflib
import importlib
from typing import Any

from ..errors import UnknownGameError

#: name -> (module, class). Every registered game has a golden playthrough in tests/golden/.
GAMES: dict[str, tuple[str, str]] = {
    "piquet": ("tutor.games.piquet", "Piquet"),
    "truc": ("tutor.games.truc", "Truc"),
    "counterpique": ("tutor.games.counterpique", "Counterpique"),
    "bezique": ("tutor.games.bezique", "Bezique"),
}
ALIASES = {
    "rubicon-piquet": "piquet",
    "rubicon piquet": "piquet",
    "piquet-rubicon": "piquet",
    "le truc": "truc",
    "le-truc": "truc",
}


def resolve(name: str) -> str:
    key = str(name).strip().lower().replace("_", "-")
    key = ALIASES.get(key, key)
    if key not in GAMES:
        known = sorted(GAMES) + sorted(ALIASES)
        close = difflib.get_close_matches(key, known, n=3)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise UnknownGameError(
            f"unknown game {name!r}{hint} Games: {', '.join(sorted(GAMES))}", token=name, legal=tuple(sorted(GAMES))
        )
    return key


def game_class(name: str):
    module, cls = GAMES[resolve(name)]
    return getattr(importlib.import_module(module), cls)


def load(name: str, **options: Any):
    """The game ``name`` with the given rule options (each checked, see ``Rules.describe()``)."""
    cls = game_class(name)
    return cls(cls.Rules.from_options(options))


__all__ = ["GAMES", "ALIASES", "load", "resolve", "game_class"]
