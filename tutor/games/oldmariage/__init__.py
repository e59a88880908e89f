"""Old Mariage (two players, 32 cards): Sixty-Six's ancestor, with the amour (ace and ten of a suit).

>>> from tutor.games.oldmariage import OldMariage
>>> s = OldMariage().deal(seed=1)
>>> len(s.hand(0)), len(s.stock), s.turnup is not None
(6, 19, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import GameType
from ..match import deal_seed
from ..sixtysix import SixtySix, SixtySixBot, SixtySixMatch, _person
from ..sixtysix.state import PLAYERS
from .rules import PARLETT, OldMariageRules
from .state import OldMariageDeal, spec_for


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

    def deal(self, seed: int | str | None = None, code: str | None = None) -> OldMariageDeal:
        if code is not None:
            return OldMariageDeal.from_code(code, self.rules)
        return OldMariageDeal.from_seed(0 if seed is None else seed, self.rules)

    def deal_cards(self, elder, younger, turnup, stock) -> OldMariageDeal:
        """A deal from explicit cards (six each, the turn-up, the nineteen of the stock top first)."""
        return OldMariageDeal.from_cards(elder, younger, turnup, stock, self.rules)

    def match(self, seed: int | str = 0, *, pause: bool = False, first_dealer: int | str = "younger",
              persons: tuple[str, str] = ("first", "second"), **kw: Any) -> OldMariageMatch:
        """A game to 7 game points, as at Sixty-Six; the winner of a hand deals the next."""
        return OldMariageMatch(self, seed, persons=persons, first_dealer=_person(first_dealer), pause=pause)

    def bot(self) -> SixtySixBot:
        return SixtySixBot(spec_for(self.rules), last_trick=10)

    def golden_deal(self, data: Mapping[str, Any]) -> OldMariageDeal:
        d = data["deal"]
        return self.deal_cards(d["elder"], d["younger"], d["turnup"], d["stock"])


class OldMariageMatch(SixtySixMatch):
    """A game to 7 game points, as at Sixty-Six."""

    END_RULE = f"{PARLETT}: as at Sixty-Six, the first to 7 game points wins"

    @property
    def target(self) -> int:
        return 7

    def make_deal(self, n, dealer) -> OldMariageDeal:
        return OldMariageDeal.from_seed(deal_seed(self.seed, n), self.game.rules)


#: the game this package registers (read by tutor.games)
GAME = OldMariage

__all__ = ["OldMariage", "OldMariageRules", "OldMariageDeal", "OldMariageMatch"]
