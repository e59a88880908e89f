"""Typed errors. Each is a ``ValueError`` that quotes the bad input and says what would be legal.

Every error a reader can provoke (bad notation, an illegal action, an unknown game or option)
is one of these, so a caller may catch ``ValueError`` and show ``str(error)`` as it is: the
message is written to be read by a person learning the game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_LONG_MESSAGE, _LONG_TOKEN = 300, 80
_LONG_WORD = re.compile(r"\S{81,}")


class TutorError(ValueError):
    """Base of every error the tutor raises on bad input.

    ``token`` is the offending piece of input (a card, an action, an option name) and
    ``legal`` what would have been accepted instead (possibly empty when there is no short list).
    """

    def __init__(self, message: str, *, token: object = None, legal: Iterable[object] = ()):
        if len(message) > _LONG_MESSAGE:  # a megabyte of bad input quoted whole is still one line to read
            message = _LONG_WORD.sub(lambda m: m.group(0)[:40] + "…", message)
        if isinstance(token, str) and len(token) > _LONG_TOKEN:
            token = shorten(token)
        super().__init__(message)
        self.token = token
        self.legal = tuple(legal)


class NotationError(TutorError):
    """A card, hand or deal code that cannot be read, or that does not fit the pack or hand size."""


class IllegalActionError(TutorError):
    """An action that the rules do not allow at this point of the game (out of turn, or illegal)."""


class RuleOptionError(TutorError):
    """An unknown rule option or a value the option does not accept."""


class UnknownGameError(TutorError):
    """A game name that is not in the registry."""


def list_words(items: Iterable[object], limit: int = 24) -> str:
    """Space-separated rendering of ``items`` for messages, shortened past ``limit`` entries."""
    words = [str(i) for i in items]
    if len(words) > limit:
        return " ".join(words[:limit]) + f" … ({len(words)} in all)"
    return " ".join(words) if words else "(none)"


def shorten(value: object, limit: int = 40) -> str:
    """``value`` quoted for a message, cut to ``limit`` characters: a megabyte of bad input gets a
    line of message, and odd characters show as escapes (``'\\u212aS'``)."""
    text = value if isinstance(value, str) else str(value)
    shown = repr(text if len(text) <= limit else text[:limit])
    return shown + ("…" if len(text) > limit else "")


def shorten_path(path: object, limit: int = 80) -> str:
    """A file's or folder's path quoted for a message, cut at its start past ``limit`` characters,
    so the end that names the file stays (``'…/class/answer.html'``)."""
    text = path if isinstance(path, str) else str(path)
    if len(text) <= limit:
        return repr(text)
    return "'…" + repr(text[-limit:])[1:]


#: the most digits a number read from text may have (a seed, a total, an option's value): more is
#: no number of these games, and Python will not even convert past 4,300
MAX_DIGITS = 64


def odd_digit(text: str) -> str | None:
    """The first character of ``text`` that passes for a digit but is not one of ``0``-``9`` (a
    fullwidth ``１``, an Arabic-Indic ``١``, a superscript ``²``), or the ``_`` that Python's
    ``int`` skips between digits; None when there is none."""
    for ch in text:
        if ch == "_" or (not ch.isascii() and (ch.isdigit() or ch.isnumeric())):
            return ch
    return None


def looks_numeric(text: str) -> bool:
    """``text`` is written as a whole number, in any script: a sign or none, then digits (of any
    kind, underscores between them)."""
    body = text.strip()
    body = body[1:] if body[:1] in ("-", "+") else body
    return any(ch.isdigit() or ch.isnumeric() for ch in body) and all(
        ch == "_" or ch.isdigit() or ch.isnumeric() for ch in body)


def char_name(ch: str) -> str:
    """``'١' (ARABIC-INDIC DIGIT ONE)``: a character as a message names it."""
    import unicodedata

    return f"{ch!r} ({unicodedata.name(ch, f'U+{ord(ch):04X}')})"


def read_whole(text: object, what: str, *, error: type[TutorError] = TutorError, lo: int | None = None,
               hi: int | None = None) -> int:
    """``text`` as a whole number written in the digits 0-9 (a ``-`` or ``+`` before them when
    ``lo`` allows below 0), within ``lo``..``hi``. Anything else is ``error`` naming it: a
    look-alike digit by its name, more than :data:`MAX_DIGITS` digits, another type."""
    span = (f" from {lo:,} to {hi:,}" if lo is not None and hi is not None else f", {lo:,} or more" if lo is not None
            else f" up to {hi:,}" if hi is not None else "")
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise error(f"{what} is a whole number{span}, not {type(text).__name__} {shown(text)}",
                    token=shown(text))
    if isinstance(text, str):
        body = text.strip()
        digits = body[1:] if body[:1] in ("-", "+") and (lo is None or lo < 0) else body
        if not (digits.isascii() and digits.isdigit()):
            odd = odd_digit(body)
            if odd is not None:
                raise error(f"{what} is written with the digits 0-9: {char_name(odd)} in {shorten(text)} is not one",
                            token=odd)
            raise error(f"{what} is a whole number{span}, not {shorten(text)}", token=shorten(text))
        if len(digits) > MAX_DIGITS:
            raise error(f"{what} is a whole number{span or f' of at most {MAX_DIGITS} digits'}, not one of {len(digits):,} digits",
                        token=shorten(text))
        value = int(body)
    else:
        value = text
        if abs(value) >= 10**MAX_DIGITS:
            raise error(f"{what} is a whole number{span or f' of at most {MAX_DIGITS} digits'}, not one of {value.bit_length():,} bits",
                        token=f"{value.bit_length()}-bit number")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise error(f"{what} is a whole number{span}, not {shorten(text)}", token=shorten(text))
    return value


def shown(value: object) -> str:
    """``value`` as a message quotes a wrong one: its ``repr``, shortened (a whole number of more
    than :data:`MAX_DIGITS` digits by its size: Python will not write one past 4,300 digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_DIGITS:
        return f"a {value.bit_length():,}-bit number"
    try:
        return shorten(value if isinstance(value, str) else repr(value))
    except ValueError:  # a container holding such a number
        return f"a {type(value).__name__}"


def read_text(value: object, what: str, *, error: type[TutorError] = TutorError) -> str:
    """``value`` when it is text; anything else (None, a number, a list...) is ``error`` naming
    its type and the value, shortened."""
    if not isinstance(value, str):
        raise error(f"{what} is text, not {type(value).__name__} {shown(value)}", token=shown(value))
    return value


def read_choice(value: object, what: str, legal: Iterable[str], *, error: type[TutorError] = TutorError) -> str:
    """``value`` as one of the words ``legal`` (any case, spaces around ignored); anything else is
    ``error`` naming it, shortened (the error shortens a long token too), and listing the words."""
    words = tuple(legal)
    text = read_text(value, what, error=error).strip().lower()
    if text not in words:
        raise error(f"{what} is {', '.join(words[:-1])} or {words[-1]}, not {shorten(value)}" if len(words) > 1
                    else f"{what} is {words[0]}, not {shorten(value)}", token=value, legal=words)
    return text


def read_flag(value: object, what: str, *, error: type[TutorError] = TutorError) -> bool:
    """``value`` when it is ``True`` or ``False``; anything else (1, "yes", None) is ``error`` naming it."""
    if not isinstance(value, bool):
        raise error(f"{what} is True or False, not {type(value).__name__} {shown(value)}", token=shown(value))
    return value
