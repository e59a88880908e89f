"""Mariage's rule options. David Parlett's *Penguin Book of Card Games* is the only source for this
game (24 cards, five each, marriages valued by the order they are shown, 100 for the last five
tricks, scores divided by ten, 100 to win); where it is silent, the tutor's choices are stated in
the book and here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...options import Rules, option

PARLETT = "David Parlett, The Penguin Book of Card Games, Mariage"


@dataclass(frozen=True)
class MariageRules(Rules):
    """Two-handed Mariage with 24 cards, five each."""

    game: ClassVar[str] = "mariage"

    target: int = option(
        100,
        "Points (each deal's score divided by ten) that win the game.",
        f"{PARLETT}: the first to 100 wins.",
        choices=(100,),
    )
