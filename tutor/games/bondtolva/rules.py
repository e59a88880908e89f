"""Bondtolva's rule options: the game as David Parlett's *The Penguin Book of Card Games* gives it,
for two, three and four players.

Sources, as a reader finds them: David Parlett, *The Penguin Book of Card Games*, "Bondtolva" (the
two-hander, its variant of exactly twelve, and "Bondtolva for 3-4 players"); the Swedish rule
pages kortspelsregler.com, "Bondtolva regler", and casinon.nu, which give exactly twelve as the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...options import Rules, option

PARLETT = "David Parlett, The Penguin Book of Card Games, Bondtolva"
PARLETT34 = "David Parlett, The Penguin Book of Card Games, Bondtolva for 3-4 players"
SWEDISH = "casinon.nu and kortspelsregler.com, Bondtolva regler"


@dataclass(frozen=True)
class BondtolvaRules(Rules):
    """Bondtolva for two, three or four (the number of players is the registered form)."""

    game: ClassVar[str] = "bondtolva"

    target: int = option(
        12,
        "The points over as many deals as it takes that win the game.",
        f"{PARLETT}: the first to reach 12 points wins (the game's name, 'farmer's dozen').",
        choices=(12,),
    )
    exactly: bool = option(
        False,
        "Whether the game must be reached exactly: a deal's points that would take a side past the target "
        "are taken off its total instead.",
        f"Default: {PARLETT} (the first to reach 12). Variant: {PARLETT}, 'Variant', and {SWEDISH}, which give "
        "exactly 12 as the rule.",
    )
