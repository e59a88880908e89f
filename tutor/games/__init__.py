"""The registry of games: ``load("piquet", cards_value=10)`` gives a game with those rules.

The registry reads the games' own descriptions: every package under ``tutor/games/`` that names
its game class as ``GAME`` (a :class:`~tutor.games.contract.Game` with a ``TYPE``) is a game, under
its name and aliases. Nothing else keeps a list of games. The packages are imported the first time
the registry is asked, so importing :mod:`tutor` stays cheap.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
from collections.abc import Iterator, Mapping
from typing import Any

from ..errors import UnknownGameError
from .contract import Game

__all__ = ["GAMES", "ALIASES", "load", "resolve", "game_class", "registered"]


def _discover() -> dict[str, type[Game]]:
    found: dict[str, type[Game]] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        cls = getattr(module, "GAME", None)
        if isinstance(cls, type) and issubclass(cls, Game):
            found[cls.TYPE.name] = cls
    return found


class _Registry(Mapping[str, type[Game]]):
    """name -> game class, filled from the packages on first use."""

    def __init__(self) -> None:
        self._games: dict[str, type[Game]] | None = None

    def _all(self) -> dict[str, type[Game]]:
        if self._games is None:
            self._games = _discover()
        return self._games

    def __getitem__(self, name: str) -> type[Game]:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return f"<games {', '.join(self._all())}>"


#: name -> game class. Every registered game has a golden playthrough in tests/golden/.
GAMES = _Registry()


class _Aliases(Mapping[str, str]):
    """alias -> name, read from each game's ``TYPE.aliases``."""

    def _all(self) -> dict[str, str]:
        return {a: name for name, cls in GAMES.items() for a in cls.TYPE.aliases}

    def __getitem__(self, alias: str) -> str:
        return self._all()[alias]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


ALIASES = _Aliases()


def resolve(name: object) -> str:
    """The registered name for ``name`` (any case, ``_`` for ``-``, or an alias)."""
    if not isinstance(name, str):
        raise UnknownGameError(f"a game is named by text, not {type(name).__name__}", token=repr(name)[:40], legal=tuple(GAMES))
    key = name.strip().lower().replace("_", "-")
    aliases = dict(ALIASES)
    key = aliases.get(key, key)
    if key not in GAMES:
        known = sorted(GAMES) + sorted(aliases)
        close = difflib.get_close_matches(key, known, n=3)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        shown = name if len(name) <= 40 else name[:39] + "…"
        raise UnknownGameError(f"unknown game {shown!r}{hint} Games: {', '.join(sorted(GAMES))}", token=shown, legal=tuple(sorted(GAMES)))
    return key


def game_class(name: str) -> type[Game]:
    return GAMES[resolve(name)]


def registered() -> list[type[Game]]:
    """The game classes, in name order."""
    return [GAMES[n] for n in sorted(GAMES)]


def load(name: str, **options: Any) -> Game:
    """The game ``name`` with the given rule options (each checked, see ``Rules.describe()``)."""
    cls = game_class(name)
    return cls(cls.Rules.from_options(options))
