"""The questions of four-handed Bondtolva, as actions (the stock core's handler tables take them).

=====================  ==========================================================================
``ask``                ask one's partner whether he holds a marriage (David Parlett's (b))
``ask hearts``         holding the king or queen of hearts, ask one's partner to pair it: "Hearts?" (c)
``show KH QH``         the partner's answer to ``ask``: he shows a marriage he holds
``yes``                the partner's answer to ``ask hearts``: he holds the other card (shown)
``no``                 the partner's answer: he has no marriage, or not the card asked for
=====================  ==========================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...cards import Card, Suit, parse_cards
from ...errors import IllegalActionError

_SUITS = {s.noun: s for s in Suit} | {s.noun[:-1]: s for s in Suit} | {s.value.lower(): s for s in Suit}


@dataclass(frozen=True)
class Ask:
    """Ask one's partner whether he holds a marriage."""

    #: a question records itself and passes the turn to the partner: it never ends the deal
    never_ends_deal: ClassVar[bool] = True

    def __str__(self) -> str:
        return "ask"


@dataclass(frozen=True)
class AskSuit:
    """Holding the king or the queen of ``suit``, ask one's partner for the other ("Hearts?")."""

    never_ends_deal: ClassVar[bool] = True  # (as Ask)
    suit: Suit

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit):
            object.__setattr__(self, "suit", read_suit(str(self.suit)))

    def __str__(self) -> str:
        return f"ask {self.suit.noun}"


@dataclass(frozen=True)
class Show:
    """The partner shows a marriage he holds (his answer to ``ask``)."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        if isinstance(self.cards, str) or not all(type(c) is Card for c in self.cards):
            object.__setattr__(self, "cards", tuple(parse_cards(self.cards)))

    def __str__(self) -> str:
        return "show " + " ".join(map(str, self.cards))


@dataclass(frozen=True)
class Answer:
    """The partner's yes or no."""

    yes: bool

    def __str__(self) -> str:
        return "yes" if self.yes else "no"


QUESTIONS = (Ask, AskSuit, Show, Answer)


def read_suit(word: str) -> Suit:
    suit = _SUITS.get(word.strip().lower().rstrip("?"))
    if suit is None:
        raise IllegalActionError(f"{word!r} is not a suit: ask hearts, spades, diamonds or clubs", token=word,
                                 legal=("ask hearts", "ask spades", "ask diamonds", "ask clubs"))
    return suit


def parse_question(text) -> Ask | AskSuit | Show | Answer | None:
    """A question or an answer from its notation, or None if ``text`` is neither."""
    if isinstance(text, QUESTIONS):
        return text
    if not isinstance(text, str):
        return None
    t = " ".join(text.strip().lower().split())
    if t in ("ask", "ask?"):
        return Ask()
    if t.startswith("ask "):
        return AskSuit(read_suit(t[4:]))
    if t in ("yes", "no"):
        return Answer(t == "yes")
    if t.startswith("show "):
        return Show(tuple(parse_cards(text.strip()[5:])))
    return None
