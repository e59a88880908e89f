"""Schnapsen (two players, 20 cards): Sixty-Six's Austrian cousin, after pagat.com's soft rules.

>>> from tutor.games.schnapsen import Schnapsen
>>> s = Schnapsen().deal(seed=1)
>>> len(s.hand(0)), len(s.stock), s.turnup is not None
(5, 9, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import GameType, Outcome
from ..match import Match, deal_seed
from ..sixtysix import SixtySix, SixtySixBot, _person
from ..sixtysix.state import PLAYERS
from .rules import PAGAT, SchnapsenRules
from .state import SchnapsenDeal, spec_for

RULE_BUMMERL = f"{PAGAT}: each player starts a Bummerl at 7 and counts down the game points he wins; the first to 0 wins"


class Schnapsen(SixtySix):
    """The game object: rules fixed, deals and matches made from it."""

    TYPE = GameType(
        name="schnapsen",
        title="Schnapsen",
        family="Sixty-Six",
        pack="pack20",
        seats={2: PLAYERS},
        sources=(
            "pagat.com, Schnapsen, by Jeff Waclena and John McLeod",
            "Joshua Tompa, Schnapsen and Sixty-Six Rules Variants (psellos.com)",
        ),
        summary="Sixty-Six with twenty cards: five each, the trump jack exchanged, marriages to the end, "
                "closing, going out with 66; the last trick wins a hand played out; a Bummerl of 7.",
    )
    Rules = SchnapsenRules  # type: ignore[assignment]

    def deal(self, seed: int | str | None = None, code: str | None = None) -> SchnapsenDeal:
        if code is not None:
            return SchnapsenDeal.from_code(code, self.rules)
        return SchnapsenDeal.from_seed(0 if seed is None else seed, self.rules)

    def deal_cards(self, elder, younger, turnup, stock) -> SchnapsenDeal:
        """A deal from explicit cards (five each, the turn-up, the nine of the stock top first)."""
        return SchnapsenDeal.from_cards(elder, younger, turnup, stock, self.rules)

    def match(self, seed: int | str = 0, *, pause: bool = False, first_dealer: int | str = "younger",  # type: ignore[override]
              persons: tuple[str, str] = ("first", "second"), **kw: Any) -> SchnapsenMatch:
        """A Bummerl: 7 game points counted down; the deal alternates."""
        return SchnapsenMatch(self, seed, persons=persons, first_dealer=_person(first_dealer), pause=pause)

    def bot(self) -> SixtySixBot:
        return SixtySixBot(spec_for(self.rules), last_trick=0)

    def golden_deal(self, data: Mapping[str, Any]) -> SchnapsenDeal:
        d = data["deal"]
        return self.deal_cards(d["elder"], d["younger"], d["turnup"], d["stock"])


class SchnapsenMatch(Match):
    """A Bummerl on the contract's match: both start at 7 and count down; the deal alternates."""

    game: Schnapsen
    deal: SchnapsenDeal
    NOUN = "Bummerl"
    END_RULE = RULE_BUMMERL
    TARGET = 7

    @property
    def target(self) -> int:
        """The game points that win: a Bummerl counted down from 7 is won at 7 counted up."""
        return self.TARGET

    def make_deal(self, n, dealer) -> SchnapsenDeal:
        return SchnapsenDeal.from_seed(deal_seed(self.seed, n), self.game.rules)

    def credit(self, state) -> dict[str, int]:
        out = dict.fromkeys(self.scorers, 0)
        for seat in state.table:
            out[self.scorer_of(self.person(seat))] = state.game_points()[seat.name]
        return out

    def to_go(self) -> dict[str, int]:
        """Each player's count in the Bummerl: 7 less the game points he has won (0 or less wins)."""
        return {k: self.TARGET - v for k, v in self.standing().items()}

    def finished(self) -> Outcome | None:
        winner = self.first_to(self.TARGET)
        if winner is None:
            return None
        return Outcome(winner, f"{winner} counts down from 7 to {self.to_go()[winner]}: the Bummerl is won", self.standing(), "target")


#: the game this package registers (read by tutor.games)
GAME = Schnapsen

__all__ = ["Schnapsen", "SchnapsenRules", "SchnapsenDeal", "SchnapsenMatch", "SixtySixBot", "spec_for"]
