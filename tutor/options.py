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

from .errors import RuleOptionError


def option(default: Any, doc: str, source: str, choices: tuple | None = None) -> Any:
    """A rule option: ``doc`` says what it does, ``source`` where the default and the variant come from."""
    return dataclasses.field(default=default, metadata={"doc": doc, "source": source, "choices": choices})


@dataclasses.dataclass(frozen=True)
class OptionInfo:
    name: str
    default: Any
    doc: str
    source: str
    choices: tuple | None
    kind: type


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
            out.append(OptionInfo(f.name, f.default, f.metadata["doc"], f.metadata["source"], f.metadata["choices"], kind))
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
            {"name": o.name, "default": o.default, "choices": o.choices, "doc": o.doc, "source": o.source}
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
        elif kind is int:
            try:
                value = int(text)
            except ValueError:
                pass
    ok = isinstance(value, kind) and (kind is not int or not isinstance(value, bool))
    if ok and info.choices is not None and value not in info.choices:
        ok = False
    if not ok:
        legal = info.choices if info.choices is not None else (("true", "false") if kind is bool else ())
        what = f"one of {', '.join(map(str, legal))}" if legal else f"a {kind.__name__}"
        raise RuleOptionError(
            f"{game} option {info.name} takes {what}, not {value!r}", token=value, legal=legal
        )
    return value
