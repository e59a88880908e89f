"""Mariage (two players, 24 cards, five each), as David Parlett's *Penguin Book of Card Games* gives it.

>>> from tutor.games.mariage import Mariage
>>> s = Mariage().deal(seed=1)
>>> len(s.hand(0)), len(s.stock), s.turnup is not None
(5, 13, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import GameType, Outcome
from ..match import deal_seed
from ..sixtysix import SixtySix, SixtySixBot, SixtySixMatch, _person
from ..sixtysix.state import PLAYERS
from .rules import PARLETT, MariageRules
from .state import MariageDeal, spec_for


class Mariage(SixtySix):
    """The game object: rules fixed, deals and matches made from it."""

    TYPE = GameType(
        name="mariage",
        title="Mariage",
        family="Sixty-Six",
        pack="pack24",
        seats={2: PLAYERS},
        sources=("David Parlett, The Penguin Book of Card Games",),
        summary="Played as at Schnapsen with 24 cards, five each: marriages worth 20, 40, 60 and 80 in the order "
                "they are shown, 100 for the last five tricks, every deal played out and divided by ten; 100 wins.",
    )
    Rules = MariageRules  # type: ignore[assignment]

    def deal(self, seed: int | str | None = None, code: str | None = None) -> MariageDeal:
        if code is not None:
            return MariageDeal.from_code(code, self.rules)
        return MariageDeal.from_seed(0 if seed is None else seed, self.rules)

    def deal_cards(self, elder, younger, turnup, stock) -> MariageDeal:
        """A deal from explicit cards (five each, the turn-up, the thirteen of the stock top first)."""
        return MariageDeal.from_cards(elder, younger, turnup, stock, self.rules)

    def match(self, seed: int | str = 0, *, pause: bool = False, first_dealer: int | str = "younger",
              persons: tuple[str, str] = ("first", "second"), **kw: Any) -> MariageMatch:
        """A game to 100: each deal's scores divided by ten; the deal alternates."""
        return MariageMatch(self, seed, persons=persons, first_dealer=_person(first_dealer), pause=pause)

    def bot(self) -> SixtySixBot:
        return SixtySixBot(spec_for(self.rules), last_trick=0)

    def golden_deal(self, data: Mapping[str, Any]) -> MariageDeal:
        d = data["deal"]
        return self.deal_cards(d["elder"], d["younger"], d["turnup"], d["stock"])

    def golden_line(self, state) -> dict:
        out = dict(state.scores())
        if state.is_over:
            out["ending"] = " ".join(f"{k} {v}" for k, v in state.game_points().items())
        return out


class MariageMatch(SixtySixMatch):
    """A game to 100 (each deal's scores divided by ten); the deal alternates, as at Schnapsen."""

    NOUN = "game"
    END_RULE = f"{PARLETT}: the first to 100 wins"

    @property
    def target(self) -> int:
        return self.game.rules.target

    def make_deal(self, n, dealer) -> MariageDeal:
        return MariageDeal.from_seed(deal_seed(self.seed, n), self.game.rules)

    def next_dealer(self):
        return self.dealer.next

    def finished(self) -> Outcome | None:
        winner = self.first_to(self.target)
        if winner is None:
            return None
        st = self.standing()
        return Outcome(winner, f"{winner} reaches {st[winner]}: the game of {self.target} is won", st, "target")


#: the game this package registers (read by tutor.games)
GAME = Mariage

__all__ = ["Mariage", "MariageRules", "MariageDeal", "MariageMatch"]
