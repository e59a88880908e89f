"""Sixty-Six's rule options. The play follows pagat's rules of Sixty-Six and Schnapsen, the family's baseline.

Sources: pagat.com's Sixty-Six and Schnapsen pages; Parlett (Parlett's Penguin Book of Card Games, which plays many
games 'as at Sixty-Six/Schnapsen'); Hoyle's Sixty-Six as published by Bicycle (closing, marriages
after the stock, 65 all); symuli.com 'Card Game 66' (the exchange after a trick won, going out).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...options import Rules, option


@dataclass(frozen=True)
class SixtySixRules(Rules):
    """Two-handed Sixty-Six with 24 cards."""

    game: ClassVar[str] = "sixtysix"

    marriages_in_end: bool = option(
        True,
        "Marriages may still be declared (on lead) once the stock is exhausted or closed.",
        "Default: Hoyle's Sixty-Six as Bicycle publishes it ('Marriages may still be scored'). Variant: "
        "symuli.com, Card Game 66 ('marriages can no longer be played' once the stock is gone).",
    )
    target: int = option(
        66,
        "Points a player must claim to win the deal.",
        "pagat and every source: 66 (the game's name).",
        choices=(66,),
    )
