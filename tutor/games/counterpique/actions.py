"""Counterpique's actions: small values whose ``str`` is the notation :func:`parse_action` reads back.

Counterpique adds the auction to Piquet's dialogue; the rest is Piquet's own notation, and the
action values are Piquet's (:mod:`tutor.games.piquet.actions`)::

    blank                 prove a blank (no face cards) by showing it, and score ten (Parlett's Counterpique, Deal)
    pass                  decline: a blank, a bid (Parlett's Counterpique, Bidding), or a class of combination
    bid seven-three       the dealer's bid or raise, or the non-dealer's raise after winning;
                          also ``bid 7-3`` or, where only one bid has that value, ``bid 21``
    yes                   the non-dealer will play at the dealer's bid (Parlett's Counterpique, Bidding)
    stand                 the non-dealer who won the auction keeps his bid as it is
    discard 7C 8D         discard these and draw as many from the talon (``discard nothing``)
    call AS KS QS         declare a combination by its cards
    good / not good / equal   younger's answer to elder's call
    play QS               play a card (a bare ``QS`` is read the same way)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import cast

from ...errors import IllegalActionError, NotationError, looks_numeric, read_whole, shown
from ...explain import number_words
from ..piquet.actions import ANSWERS, Call, Exchange, Pass, Play, Reply
from ..piquet.actions import parse_action as parse_piquet_action

#: Parlett's Counterpique, Bidding: from "Seven-Three" (win seven tricks, leave three cards to Younger) up to
#: "Thirteen-eight"; twelve tricks are played but the last counts double (Preliminaries).
MIN_TRICKS, MAX_TRICKS = 7, 13
MIN_LEFT, MAX_LEFT = 3, 8
TALON = 8


@dataclass(frozen=True, order=False)
class Bid:
    """A bid: win ``tricks`` (of a nominal thirteen) after leaving ``cards`` of the talon to Younger.

    Its value, ``tricks * cards``, is what Elder scores for making it, and bids rank by value alone
    (Parlett's Counterpique: 'A higher bid is one with a higher potential score').
    """

    tricks: int
    cards: int

    def __post_init__(self) -> None:
        for what, v, lo, hi in (("tricks", self.tricks, MIN_TRICKS, MAX_TRICKS), ("cards left", self.cards, MIN_LEFT, MAX_LEFT)):
            if type(v) is not int or not lo <= v <= hi:
                raise NotationError(
                    f"a bid's {what} run from {lo} to {hi}, not {v!r} (Parlett's Counterpique: 'seven-three' up to 'thirteen-eight')",
                    token=v,
                    legal=range(lo, hi + 1),
                )

    @property
    def value(self) -> int:
        return self.tricks * self.cards

    @property
    def draw(self) -> int:
        """How many cards Elder may draw: the talon less those promised to Younger."""
        return TALON - self.cards

    @property
    def name(self) -> str:
        """``seven-three``, as the bid is said aloud."""
        return f"{number_words(self.tricks)}-{number_words(self.cards)}"

    def __str__(self) -> str:
        return f"bid {self.name}"


#: Every bid, lowest first (equal values: fewer tricks first).
BIDS: tuple[Bid, ...] = tuple(
    sorted((Bid(t, c) for t in range(MIN_TRICKS, MAX_TRICKS + 1) for c in range(MIN_LEFT, MAX_LEFT + 1)), key=lambda b: (b.value, b.tricks))
)
LOWEST, HIGHEST = BIDS[0], BIDS[-1]


@dataclass(frozen=True)
class Blank:
    """Prove a blank by showing the hand, and score ten above the line (Parlett's Counterpique, Deal)."""

    def __str__(self) -> str:
        return "blank"


@dataclass(frozen=True)
class Yes:
    """The non-dealer will play at the dealer's bid (Parlett's Counterpique, 'Bidding': he answers "yes" when he
    will undertake that bid or more). After the dealer passed at once, it is the lowest bid, seven-three."""

    def __str__(self) -> str:
        return "yes"


@dataclass(frozen=True)
class Stand:
    """The non-dealer who won the auction keeps his bid (he may raise it instead: Parlett's Counterpique)."""

    def __str__(self) -> str:
        return "stand"


Action = Blank | Pass | Bid | Yes | Stand | Exchange | Call | Reply | Play

_WORD_NUMBERS = {number_words(n): n for n in range(MIN_LEFT, MAX_TRICKS + 1)}
_SHAPE = re.compile(r"^(\w+)\s*[-x×*/ ]\s*(\w+)$")
_FORMS = (
    "blank, pass, yes, stand, bid seven-three (or bid 7-3, bid 21), discard 7C 8D, call AS KS QS, "
    "good, not good, equal, play QS"
)


def _number(word: str) -> int | None:
    if looks_numeric(word):  # plain digits; a look-alike (a superscript, a fullwidth digit) is refused naming it
        return read_whole(word, "a bid's number", error=NotationError)
    return _WORD_NUMBERS.get(word)


def parse_bid(text: str) -> Bid:
    """Read ``seven-three``, ``7-3``, ``7x3`` or a value (``21``) that only one bid has."""
    t = " ".join(str(text).strip().lower().split())
    m = _SHAPE.match(t)
    if m:
        tricks, cards = _number(m.group(1)), _number(m.group(2))
        if tricks is None or cards is None:
            raise NotationError(f"cannot read the bid {text!r}: write it like seven-three or 7-3", token=text)
        return Bid(tricks, cards)
    if looks_numeric(t):
        value = read_whole(t, "a bid's value", error=NotationError)
        shapes = [b for b in BIDS if b.value == value]
        if not shapes:
            near = ", ".join(str(b.value) for b in BIDS if abs(b.value - value) <= 3) or f"{LOWEST.value} to {HIGHEST.value}"
            raise NotationError(
                f"no bid is worth {value}: values run from {LOWEST.value} (seven-three) to {HIGHEST.value} (thirteen-eight)"
                f"; near it: {near}",
                token=text,
            )
        if len(shapes) > 1:
            names = " or ".join(b.name for b in shapes)
            raise NotationError(f"{value} is {names}: say which", token=text, legal=[b.name for b in shapes])
        return shapes[0]
    raise NotationError(f"cannot read the bid {text!r}: write it like seven-three, 7-3 or 21", token=text)


def _piquet(text: str) -> Action:
    """An action Counterpique shares with Piquet, read by Piquet's notation (an announcement of
    carte blanche, which Counterpique does not have, is refused by the deal as any wrong action)."""
    return cast(Action, parse_piquet_action(text))


def parse_action(text) -> Action:
    """Read an action in the notation above (see the module docstring)."""
    if not isinstance(text, str):
        if isinstance(text, (Blank, Pass, Bid, Yes, Stand, Exchange, Call, Reply, Play)):
            return text
        raise IllegalActionError(f"an action is written as text, not {shown(text)}", token=shown(text))
    t = " ".join(text.strip().split())
    low = t.lower()
    if low == "blank":
        return Blank()
    if low == "yes":
        return Yes()
    if low == "stand":
        return Stand()
    if low in ANSWERS or low == "not-good" or low == "pass":
        return _piquet(t)
    word, _, rest = low.partition(" ")
    if word == "bid":
        return parse_bid(rest)
    if word in ("discard", "call", "play"):
        return _piquet(t)
    shape = _SHAPE.match(low)
    if shape and all(_number(w) is not None for w in shape.groups()):
        return parse_bid(low)
    try:
        return _piquet(t)
    except NotationError:
        if " " in t:
            raise
        raise NotationError(f"cannot read the action {text!r}; actions are written: {_FORMS}", token=text) from None


__all__ = [
    "Action",
    "Bid",
    "BIDS",
    "LOWEST",
    "HIGHEST",
    "Blank",
    "Yes",
    "Stand",
    "Pass",
    "Exchange",
    "Call",
    "Reply",
    "Play",
    "parse_action",
    "parse_bid",
]
