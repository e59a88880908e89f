"""Tausendeins's rule options: the game as David Parlett's *Penguin Book of Card Games* gives it (32
cards, six each, no turn-up), the German 24-card game as an option.

Sources, as a reader finds them: David Parlett, *The Penguin Book of Card Games* (its entry begins
where the page's heading is lost; the game it describes is played to 1001); the German Wikipedia's
article "Tausendeins" and German rule sites (Tausendundeins) for the 24-card game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...options import Rules, option

PARLETT = "David Parlett, The Penguin Book of Card Games, Tausendeins"
GERMAN = "the German Wikipedia, Tausendeins, and German rule sites (Tausendundeins)"


@dataclass(frozen=True)
class TausendeinsRules(Rules):
    """Two-handed Tausendeins."""

    game: ClassVar[str] = "tausendeins"

    pack: str = option(
        "32",
        "The pack and the deal: 32 cards and six each, or the German 24 cards and eight each (by 3, 3, 2).",
        f"Default: {PARLETT} (32 cards, six each). Variant: {GERMAN} (24 cards, eight each).",
        choices=("32", "24"),
    )
    target: int = option(
        1001,
        "The total over as many deals as it takes that wins the game.",
        f"{PARLETT}: 1001, the game's name.",
        choices=(1001,),
    )
    claim: str = option(
        "claim",
        "How play stops at 1001: the player who has reached it claims it on his turn ('claim': a true claim wins "
        "the game, a false one loses it), or the tutor stops the deal itself the moment a total reaches it ('automatic').",
        f"Default: {PARLETT} (play ceases the moment either player claims to have reached 1001). The book does not "
        "say what a false claim costs: the tutor's reading is that it loses the game, as a false claim does in Tute "
        "(the same book) and in Gaigel (pagat.com). Variant: 'automatic', the tutor doing the counting, so that no "
        "claim can be false.",
        choices=("claim", "automatic"),
    )
