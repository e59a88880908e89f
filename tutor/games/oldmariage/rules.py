"""Old Mariage's rule options: the game as David Parlett's *Penguin Book of Card Games* gives it (Sixty-Six
with thirty-two cards and the amour), the old German rules as options.

Sources, as a reader finds them: David Parlett, *The Penguin Book of Card Games* (Mariage, the
ancestor of Sixty-Six); the English Wikipedia's article "Mariage (card game)" on the historical
German rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...options import Rules, option

PARLETT = "David Parlett, The Penguin Book of Card Games, Mariage"
WIKI = "Wikipedia, Mariage (card game)"


@dataclass(frozen=True)
class OldMariageRules(Rules):
    """Two-handed Mariage with thirty-two cards and the amour."""

    game: ClassVar[str] = "oldmariage"

    amour: str = option(
        "ace-ten",
        "Which two cards of a suit make the amour: the ace and ten, or the ace and king.",
        f"Default: {PARLETT} (ace and ten, 30, or 60 in trumps). Variant: {WIKI}, which lists l'amour "
        "as ace and king among the old variations.",
        choices=("ace-ten", "ace-king"),
    )
