"""Marjapussi's rule options. David Parlett's *Penguin Book of Card Games* names the game only ("the
Finnish equivalent of Bondtolva"), so the defaults are pagat.com's Marjapussi (John McLeod, 2009).

Sources, as a reader finds them: pagat.com, "Marjapussi"; the English Wikipedia, "Marjapussi"
(exactly twelve points to win); korttipeli.org, "Marjapussi" (32 cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...options import Rules, option

PAGAT = "pagat.com, Marjapussi"
WIKIPEDIA = "the English Wikipedia, Marjapussi"
KORTTIPELI = "korttipeli.org, Marjapussi"


@dataclass(frozen=True)
class MarjapussiRules(Rules):
    """Marjapussi for four in partnerships."""

    game: ClassVar[str] = "marjapussi"

    target: int = option(
        10,
        "The game points a side must reach exactly to win; a side that goes over goes back to 7.",
        f"Default: {PAGAT} (exactly 10). Variant: {WIKIPEDIA} (exactly twelve).",
        choices=(10, 12),
    )
    pack: str = option(
        "36",
        "The pack: 36 cards (ace to six), or 32 (ace to seven), all dealt out.",
        f"Default: {PAGAT} (36 cards, nine each). Variant: {PAGAT} and {KORTTIPELI} (32 cards, eight each).",
        choices=("36", "32"),
    )
    values: str = option(
        "original",
        "The card points: original (ace 11, ten 10, king 4, queen 3, jack 2: 120) or simplified "
        "(ace and ten 10, king, queen and jack 5: 140).",
        f"{PAGAT}: either, agreed beforehand; the original is the default here.",
        choices=("original", "simplified"),
    )
