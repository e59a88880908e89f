"""Schnapsen (two players, 20 cards): Sixty-Six's Austrian cousin, after pagat.com's soft rules.

>>> from tutor.games.schnapsen import Schnapsen
>>> s = Schnapsen().deal(seed=1)
>>> len(s.hand(0)), len(s.stock), s.turnup is not None
(5, 9, True)
"""

from __future__ import annotations

from ..contract import GameType, Outcome
from ..match import Match
from ..sixtysix import SixtySix, SixtySixBot, SixtySixMatch
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
            "pagat.com, Schnapsen, by Keith Waclena and John McLeod",
            "Martin Tompa, Schnapsen and Sixty-Six Rules Variants (psellos.com)",
        ),
        summary="Sixty-Six with twenty cards: five each, the trump jack exchanged, marriages to the end, "
                "closing, going out with 66; the last trick wins a hand played out; a Bummerl of 7.",
    )
    Rules = SchnapsenRules  # type: ignore[assignment]
    Deal = SchnapsenDeal


class SchnapsenMatch(SixtySixMatch):
    """A Bummerl: both start at 7 and count down; the deal alternates."""

    NOUN = "Bummerl"
    END_RULE = RULE_BUMMERL
    TARGET = 7

    @property
    def target(self) -> int:
        """The game points that win: a Bummerl counted down from 7 is won at 7 counted up."""
        return self.TARGET

    def next_dealer(self):
        return Match.next_dealer(self)  # the deal alternates, whoever won

    def to_go(self) -> dict[str, int]:
        """Each player's count in the Bummerl: 7 less the game points he has won (0 or less wins)."""
        return {k: self.TARGET - v for k, v in self.standing().items()}

    def finished(self) -> Outcome | None:
        winner = self.first_to(self.TARGET)
        if winner is None:
            return None
        return Outcome(winner, f"{winner} counts down from 7 to {self.to_go()[winner]}: the Bummerl is won", self.standing(), "target")


Schnapsen.MatchType = SchnapsenMatch

#: the game this package registers (read by tutor.games)
GAME = Schnapsen

__all__ = ["Schnapsen", "SchnapsenRules", "SchnapsenDeal", "SchnapsenMatch", "SixtySixBot", "spec_for"]
