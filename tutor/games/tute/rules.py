"""Tute Habanero's rule options: the game as David Parlett's *Penguin Book of Card Games* gives it,
the other readings as options, each with its source.

Sources, as a reader finds them: David Parlett, *The Penguin Book of Card Games*, "Tute" (its
two-hander, Tute Habanero); pagat.com, "Tute" (John McLeod: *tute corriente*, *habanero*,
*americano*); ludoteka.com, "Havanian tute".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...options import Rules, option

PARLETT = "David Parlett, The Penguin Book of Card Games, Tute"
PAGAT = "pagat.com, Tute"
LUDO = "ludoteka.com, Havanian tute"


@dataclass(frozen=True)
class TuteRules(Rules):
    """Two-handed Tute Habanero with the 40-card Spanish pack."""

    game: ClassVar[str] = "tute"

    target: int = option(
        101,
        "The points that win, claimed by the player who has them.",
        f"Default: {PARLETT} (101). Variant: 121, which {PARLETT} says some accounts give "
        f"(and {PAGAT}, tute americano).",
        choices=(101, 121),
    )
    stock_play: str = option(
        "face-up",
        "Play while the stock lasts: 'face-up', a trump lead must be answered with a trump, and a player "
        "who cannot lays his hand face up until he draws a trump; 'trumps', the same duty without the "
        "face-up hand; 'free', any card may be played.",
        f"Default: {PARLETT} ('face-up'). 'trumps': {LUDO}. 'free': {PAGAT}, tute corriente and habanero.",
        choices=("face-up", "trumps", "free"),
    )
    tute: bool = option(
        True,
        "Whether four kings or four horses (a tute), shown after winning a trick, win the game outright.",
        f"Default: {PARLETT} and {PAGAT} (the tute wins). Variant: {LUDO} (no tute).",
    )
    capote: bool = option(
        True,
        "Whether a player may undertake, before the last eight tricks, to win them all (capote).",
        f"Default: {PARLETT} and {PAGAT}, habanero (capote wins the game, or loses it). Variant: {LUDO} (no capote).",
    )
    low_exchange: bool = option(
        True,
        "Whether the two of trumps may also be exchanged for a four, five or six turned up.",
        f"{PARLETT} names only a jack or higher for the seven, and the seven for the two; default: {PAGAT} and "
        f"{LUDO} (the two for a four, five, six or seven). Variant: only the seven for the two, as {PARLETT} words it.",
    )
