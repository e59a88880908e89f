"""The registry of games: ``load("piquet", cards_value=10)`` gives a game with those rules.

The registry reads the games' own descriptions: every package under ``tutor/games/`` that names
its game class as ``GAME`` (a :class:`~tutor.games.contract.Game` with a ``TYPE``), or several as
``GAMES`` (the forms of one game for other numbers of players), registers them, each under its
name and aliases. Nothing else keeps a list of games. The packages are imported the first time
the registry is asked, so importing :mod:`tutor` stays cheap; and :func:`load` by a game's own
name reads that game's package alone while the others have not been asked for (a chapter opens
one game, in the browser too).

A game written elsewhere (a notebook, another package) joins with :func:`register`, and from then
on is listed, loaded and played like the others:

>>> "piquet" in GAMES, register(GAMES["piquet"]) is GAMES["piquet"]
(True, True)
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
from collections.abc import Iterator, Mapping
from typing import Any

from ..errors import TutorError, UnknownGameError
from .contract import Game, GameType

__all__ = ["GAMES", "ALIASES", "load", "resolve", "game_class", "registered", "register", "unregister"]


def _is_game(cls: object) -> bool:
    return isinstance(cls, type) and issubclass(cls, Game) and isinstance(getattr(cls, "TYPE", None), GameType)


def _declared(module: Any) -> tuple[Any, ...]:
    """The game classes a package declares: ``GAMES`` (several), else ``GAME`` (one)."""
    many = getattr(module, "GAMES", None)
    if many is not None:
        return tuple(many)
    one = getattr(module, "GAME", None)
    return () if one is None else (one,)


def _discover() -> dict[str, type[Game]]:
    found: dict[str, type[Game]] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not info.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for cls in _declared(module):
            if _is_game(cls):
                _add(found, cls)
    return found


def _add(games: dict[str, type[Game]], cls: type[Game]) -> None:
    """Add ``cls`` under its name, refusing a name or alias another game already has."""
    name = cls.TYPE.name
    taken = {n: n for n in games} | {a: n for n, c in games.items() for a in c.TYPE.aliases}
    for key in (name, *cls.TYPE.aliases):
        holder = taken.get(key)
        if holder is not None and games[holder] is not cls:
            raise TutorError(f"the game name {key!r} is taken by {games[holder].TYPE.title}", token=key)
    games[name] = cls


class _Registry(Mapping[str, type[Game]]):
    """name -> game class, filled from the packages on first use."""

    def __init__(self) -> None:
        self._games: dict[str, type[Game]] | None = None
        self._packages: frozenset[str] | None = None  # the names of the games' packages, read once

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

    def by_package(self, key: str) -> type[Game] | None:
        """The game named ``key`` read from its own package alone (``tutor/games/KEY/``), before
        the registry has imported the others: a reader's chapter opens one game, and importing
        all sixteen would cost it their start-up (in the browser, about twice as long). None
        where the registry is already filled, or no package of that name declares a game so
        named (an alias, say): ask the whole registry then. A form for other numbers of players is
        looked for in the package of the name without its digits (``bondtolva3``: ``bondtolva``)."""
        if self._games is not None or not key.isidentifier():
            return None
        if self._packages is None:
            self._packages = frozenset(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)
        package = key if key in self._packages else key.rstrip("0123456789")  # (bondtolva3: a form of bondtolva's)
        if package not in self._packages:
            return None
        for cls in _declared(importlib.import_module(f"{__name__}.{package}")):
            if _is_game(cls) and cls.TYPE.name == key:
                return cls
        return None

    def _register(self, cls: type[Game]) -> None:
        _add(self._all(), cls)

    def _unregister(self, name: str) -> type[Game]:
        return self._all().pop(name)


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
    if isinstance(name, str):
        found = GAMES.by_package(name.strip().lower())
        if found is not None:
            return found
    return GAMES[resolve(name)]


def registered() -> list[type[Game]]:
    """The game classes, in name order."""
    return [GAMES[n] for n in sorted(GAMES)]


def load(name: str, **options: Any) -> Game:
    """The game ``name`` with the given rule options (each checked, see ``Rules.describe()``)."""
    cls = game_class(name)
    return cls(cls.Rules.from_options(options))


def register(cls: type[Game]) -> type[Game]:
    """Add a game class written outside ``tutor/games/`` to the registry; returns it (so it may be
    used as a class decorator). From then on ``load``, ``tutor games`` and every verb know it.
    Registering the same class again changes nothing; a name or alias another game has is refused."""
    if not _is_game(cls):
        what = cls.__name__ if isinstance(cls, type) else type(cls).__name__
        raise TutorError(f"only a Game subclass with a TYPE describing it can be registered, not {what}", token=what[:40])
    name = cls.TYPE.name
    if name != name.strip().lower().replace("_", "-"):
        raise TutorError(f"a game's name is written in lower case with '-', not {name[:40]!r}", token=name[:40])
    GAMES._register(cls)
    return cls


def unregister(name: str) -> type[Game]:
    """Take a registered game out of the registry (by name or alias); returns its class."""
    return GAMES._unregister(resolve(name))
