"""Gaigel's own actions: the first trick's openings and the accusation of playing on past 101.

==========================  =======================================================================
``ge-elfen AH``             lead a plain ace face up to the first trick: it wins whatever is played
``tauchen KH``              lead face down a plain card that is not an ace: all play face down, and
                            the highest card of the suit led wins ("höher hat")
``zweite-alte AH``          lead a plain ace face down: if another player plays the other copy of
                            it, that second ace wins; else the leader's
``trumps TC``               holding nothing but trumps, lead one face up: it wins
``aus`` (or ``claim``)      say "Aus!": one's side has 101
``accuse``                  say that the other side has played on with 101 (übergaigeln)
==========================  =======================================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card, parse_card

OPENINGS = ("ge-elfen", "tauchen", "zweite-alte", "trumps")


@dataclass(frozen=True)
class Open:
    """Vorhand's lead to the first trick, by one of the openings."""

    kind: str
    card: Card

    def __post_init__(self) -> None:
        if type(self.card) is not Card:
            object.__setattr__(self, "card", parse_card(self.card))

    @property
    def face_down(self) -> bool:
        return self.kind in ("tauchen", "zweite-alte")

    def __str__(self) -> str:
        return f"{self.kind} {self.card}"


@dataclass(frozen=True)
class Accuse:
    """Accuse the other side of having played on with 101."""

    def __str__(self) -> str:
        return "accuse"


def parse_gaigel(text) -> Open | Accuse | None:
    if isinstance(text, (Open, Accuse)):
        return text
    if not isinstance(text, str):
        return None
    words = text.strip().lower().split()
    if words == ["accuse"]:
        return Accuse()
    if len(words) == 2 and words[0] in OPENINGS:
        return Open(words[0], parse_card(words[1]))
    return None
