"""Gaigel's rule options: the game as pagat.com gives it (John McLeod, after Claus D. Grupp), which
David Parlett's *Penguin Book of Card Games* follows as far as its entry goes.

Sources, as a reader finds them: David Parlett, *The Penguin Book of Card Games*, "Gaigel" (after
Grupp, *Schafkopf, Doppelkopf*, 1976: four in crosswise partnerships, play to the right, 48 cards,
five each, the first side to claim 101 correctly wins; the copy of the entry the tutor worked
from stops at the turn-up);
pagat.com, "Gaigel" (the rest: the first trick, the seven of trumps, pairs, strict play after the
talon, "Aus!", single and double games, false and late claims).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...options import Rules, option

PARLETT = "David Parlett, The Penguin Book of Card Games, Gaigel"
PAGAT = "pagat.com, Gaigel"


@dataclass(frozen=True)
class GaigelRules(Rules):
    """Gaigel for four in partnerships."""

    game: ClassVar[str] = "gaigel"

    target: int = option(
        101,
        "The card points and pairs a side must reach to say 'Aus!'.",
        f"{PARLETT} and {PAGAT}: 101.",
        choices=(101,),
    )
    game_points: int = option(
        10,
        "Game points that win the match: a single game counts 1, a double game 2.",
        f"{PAGAT} keeps the score with ten tokens or strokes per side; the tutor plays to the side that "
        "first wins ten (a single game one, a double two).",
        bounds=(1, 50),
    )
