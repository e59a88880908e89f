"""Rule options: where sources disagree, a named option with a default and its source.

A game's rules are a frozen dataclass whose fields are made with :func:`option`. Nothing forks
silently: every variant a reader can pick is listed by :meth:`Rules.describe`, which the book's
"variants and sources" chapter and the CLI's help are generated from.
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from .errors import RuleOptionError, looks_numeric, read_whole, shorten

#: the values a whole-number option takes unless it says otherwise: points and counts are never
#: negative, and no rule of these games scores beyond this
DEFAULT_BOUNDS = (0, 100_000)


def option(default: Any, doc: str, source: str, choices: tuple | None = None, bounds: tuple[int, int] | None = None) -> Any:
    """A rule option: ``doc`` says what it does, ``source`` where the default and the variant come
    from; a whole-number option without ``choices`` takes values within ``bounds`` (inclusive;
    :data:`DEFAULT_BOUNDS` unless given)."""
    return dataclasses.field(default=default, metadata={"doc": doc, "source": source, "choices": choices, "bounds": bounds})


@dataclasses.dataclass(frozen=True)
class OptionInfo:
    name: str
    default: Any
    doc: str
    source: str
    choices: tuple | None
    kind: type
    bounds: tuple[int, int] | None = None


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclasses.dataclass(frozen=True)
class Rules:
    """Base of every game's rules. Subclasses are frozen dataclasses of :func:`option` fields."""

    game: ClassVar[str] = "game"

    @classmethod
    def options(cls) -> list[OptionInfo]:
        out = []
        for f in dataclasses.fields(cls):
            kind = type(f.default)
            bounds = f.metadata.get("bounds")
            if kind is int and f.metadata["choices"] is None and bounds is None:
                bounds = DEFAULT_BOUNDS
            out.append(OptionInfo(f.name, f.default, f.metadata["doc"], f.metadata["source"], f.metadata["choices"], kind, bounds))
        return out

    @classmethod
    def from_options(cls, options: Mapping[str, Any] | None = None, **kw: Any):
        """Rules with the named options changed; raises :class:`RuleOptionError` on a bad name or value."""
        given = dict(options or {}, **kw)
        infos = {o.name: o for o in cls.options()}
        values = {}
        for name, value in given.items():
            key = name.replace("-", "_")
            if key not in infos:
                close = difflib.get_close_matches(key, infos, n=3)
                hint = f"; did you mean {' or '.join(close)}?" if close else ""
                raise RuleOptionError(
                    f"{cls.game} has no option {name!r}{hint} Options: {', '.join(infos)}",
                    token=name,
                    legal=tuple(infos),
                )
            values[key] = _coerce(infos[key], value, cls.game)
        return cls(**values)

    @classmethod
    def parse(cls, assignments: Iterable[str]):
        """Rules from ``NAME=VALUE`` strings, as the CLI takes them."""
        kw = {}
        for a in assignments:
            if "=" not in a:
                raise RuleOptionError(f"option {a!r} should be written NAME=VALUE", token=a)
            k, v = a.split("=", 1)
            kw[k.strip()] = v.strip()
        return cls.from_options(kw)

    def changed(self) -> dict[str, Any]:
        """The options that differ from the defaults."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if getattr(self, f.name) != f.default}

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        return [
            {"name": o.name, "default": o.default, "choices": o.choices, "bounds": o.bounds, "doc": o.doc, "source": o.source}
            for o in cls.options()
        ]


def _coerce(info: OptionInfo, value: Any, game: str) -> Any:
    kind = info.kind
    if isinstance(value, str) and kind is not str:
        text = value.strip().lower()
        if kind is bool:
            if text in _TRUE:
                value = True
            elif text in _FALSE:
                value = False
        elif kind is int and looks_numeric(text):
            value = read_whole(text, f"{game} option {info.name}", error=RuleOptionError)
    if kind is int and isinstance(value, int) and not isinstance(value, bool):
        value = read_whole(value, f"{game} option {info.name}", error=RuleOptionError)  # not a number past 64 digits
    ok = isinstance(value, kind) and (kind is not int or not isinstance(value, bool))
    if ok and info.choices is not None and value not in info.choices:
        ok = False
    if ok and info.bounds is not None and not info.bounds[0] <= value <= info.bounds[1]:
        lo, hi = info.bounds
        raise RuleOptionError(f"{game} option {info.name} takes a whole number from {lo} to {hi:,}, not {shorten(repr(value))}",
                              token=shorten(repr(value)), legal=(lo, hi))
    if not ok:
        legal = info.choices if info.choices is not None else (("true", "false") if kind is bool else ())
        noun = {int: "a whole number", str: "text", float: "a number"}.get(kind, kind.__name__)
        what = f"one of {', '.join(map(str, legal))}" if legal else noun
        raise RuleOptionError(
            f"{game} option {info.name} takes {what}, not {shorten(repr(value))}", token=shorten(repr(value)), legal=legal
        )
    return value
