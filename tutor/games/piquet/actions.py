"""Piquet's actions: small values whose ``str`` is the notation :func:`parse_action` reads back."""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card, parse_card, parse_cards
from ...errors import IllegalActionError, shown

GOOD, NOT_GOOD, EQUAL = "good", "not good", "equal"
ANSWERS = (GOOD, NOT_GOOD, EQUAL)


@dataclass(frozen=True)
class Announce:
    """Elder holding carte blanche says how many cards he will exchange (Parlett's Piquet rules)."""

    count: int

    def __str__(self) -> str:
        return f"announce {self.count}"


@dataclass(frozen=True)
class Exchange:
    """Discard these cards and take as many from the top of the talon.

    ``show_left`` is younger's choice when he leaves cards: shown to both, or to neither.
    """

    discard: tuple[Card, ...]
    show_left: bool | None = None

    def __post_init__(self) -> None:
        if isinstance(self.discard, str) or not all(type(c) is Card for c in self.discard):
            object.__setattr__(self, "discard", tuple(parse_cards(self.discard)))

    def __str__(self) -> str:
        text = self.__dict__.get("_text")  # written once: the table names every discard of a hand at each view
        if text is None:
            tail = "" if self.show_left is None else (" show" if self.show_left else " hide")
            text = "discard " + (" ".join(map(str, self.discard)) or "nothing") + tail
            object.__setattr__(self, "_text", text)
        return text


@dataclass(frozen=True)
class Call:
    """Declare one combination of the class being called, by its cards."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if isinstance(self.cards, str) or not all(type(c) is Card for c in self.cards):
            object.__setattr__(self, "cards", tuple(parse_cards(self.cards)))

    def __str__(self) -> str:
        return "call " + " ".join(map(str, self.cards))


@dataclass(frozen=True)
class Pass:
    """Declare nothing (more) in this class."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Reply:
    """Younger's answer to a call: good, not good, or equal."""

    answer: str

    def __str__(self) -> str:
        return self.answer


@dataclass(frozen=True)
class Play:
    card: Card

    def __post_init__(self) -> None:
        if type(self.card) is not Card:
            object.__setattr__(self, "card", parse_card(self.card))

    def __str__(self) -> str:
        return f"play {self.card}"


Action = Announce | Exchange | Call | Pass | Reply | Play


def parse_action(text: str) -> Action:
    """Read ``announce 3``, ``discard 7C 8D [show|hide]``, ``call AS KS QS``, ``pass``,
    ``good``/``not good``/``equal``, ``play QS`` (or a bare card, ``QS``)."""
    if not isinstance(text, str):
        if isinstance(text, (Announce, Exchange, Call, Pass, Reply, Play)):
            return text
        raise IllegalActionError(f"an action is written as text, not {shown(text)}", token=shown(text))
    t = " ".join(text.strip().split())
    low = t.lower()
    if low in ANSWERS or low == "not-good":
        return Reply(NOT_GOOD if low.startswith("not") else low)
    if low == "pass":
        return Pass()
    word, _, rest = low.partition(" ")
    rest_orig = t.partition(" ")[2]
    if word == "announce":
        try:
            return Announce(int(rest))
        except ValueError:
            raise IllegalActionError(f"announce takes a number of cards, not {rest!r}", token=rest) from None
    if word == "discard":
        tokens = rest_orig.split()
        show = None
        if tokens and tokens[-1].lower() in ("show", "hide"):
            show = tokens.pop().lower() == "show"
        if [x.lower() for x in tokens] == ["nothing"]:
            tokens = []
        return Exchange(tuple(parse_cards(" ".join(tokens))), show)
    if word == "call":
        return Call(tuple(parse_cards(rest_orig)))
    if word == "play":
        return Play(parse_card(rest_orig))
    return Play(parse_card(t))
