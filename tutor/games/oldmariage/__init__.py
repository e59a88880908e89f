"""Old Mariage (two players, 32 cards): Sixty-Six's ancestor, with the amour (ace and ten of a suit).

>>> from tutor.games.oldmariage import OldMariage
>>> s = OldMariage().deal(seed=1)
>>> len(s.hand(0)), len(s.stock), s.turnup is not None
(6, 19, True)
"""

from __future__ import annotations

from ..contract import GameType
from ..sixtysix import SixtySix, SixtySixMatch
from ..sixtysix.state import PLAYERS
from .rules import PARLETT, OldMariageRules
from .state import OldMariageDeal


class OldMariage(SixtySix):
    """The game object: rules fixed, deals and matches made from it."""

    TYPE = GameType(
        name="oldmariage",
        title="Old Mariage",
        family="Sixty-Six",
        pack="piquet32",
        seats={2: PLAYERS},
        sources=("David Parlett, The Penguin Book of Card Games", "Wikipedia, Mariage (card game)",
                 "pagat.com, Sechsundsechzig (66), for the rules it shares with Sixty-Six"),
        summary="Sixty-Six with thirty-two cards and the amour (ace and ten of a suit, 30, or 60 in trumps); "
                "the seven of trumps exchanged; first to 7 game points.",
    )
    Rules = OldMariageRules  # type: ignore[assignment]
    Deal = OldMariageDeal


class OldMariageMatch(SixtySixMatch):
    """A game to 7 game points, as at Sixty-Six."""

    END_RULE = f"{PARLETT}: as at Sixty-Six, the first to 7 game points wins"

    @property
    def target(self) -> int:
        return 7


OldMariage.MatchType = OldMariageMatch

#: the game this package registers (read by tutor.games)
GAME = OldMariage

__all__ = ["OldMariage", "OldMariageRules", "OldMariageDeal", "OldMariageMatch"]
