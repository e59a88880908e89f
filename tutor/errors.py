"""Typed errors. Each is a ``ValueError`` that quotes the bad input and says what would be legal.

Every error a reader can provoke (bad notation, an illegal action, an unknown game or option)
is one of these, so a caller may catch ``ValueError`` and show ``str(error)`` as it is: the
message is written to be read by a person learning the game.
"""

from __future__ import annotations

from collections.abc import Iterable


class TutorError(ValueError):
    """Base of every error the tutor raises on bad input.

    ``token`` is the offending piece of input (a card, an action, an option name) and
    ``legal`` what would have been accepted instead (possibly empty when there is no short list).
    """

    def __init__(self, message: str, *, token: object = None, legal: Iterable[object] = ()):
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
