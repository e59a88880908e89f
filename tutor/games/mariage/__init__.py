"""Mariage (two players, 24 cards, five each), as David Parlett's *Penguin Book of Card Games* gives it.

>>> from tutor.games.mariage import Mariage
>>> s = Mariage().deal(seed=1)
>>> len(s.hand(0)), len(s.stock), s.turnup is not None
(5, 13, True)
"""

from __future__ import annotations

from ..contract import GameType
from ..match import Match
from ..sixtysix import SixtySix, SixtySixMatch
from ..sixtysix.state import PLAYERS
from ..stock.actions import Declare
from ..stock.exercises import BEST
from .rules import PARLETT, MariageRules
from .state import ORDINALS, MariageDeal


class Mariage(SixtySix):
    """The game object: rules fixed, deals and matches made from it."""

    EXERCISES = (BEST,)  # the stock may not be closed in Mariage

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
    Deal = MariageDeal

    def describe_action(self, state, seat, action) -> str:
        parsed = state.parse_action(action)
        if isinstance(parsed, Declare):  # worth its place in the order of showing, not the meld table's 20
            nth = len(state.melds)
            return (f"{seat.name.capitalize()} shows the marriage {' '.join(map(str, parsed.cards))} ({20 * (nth + 1)}, "
                    f"the {ORDINALS[nth]} of the deal) and must lead one of them.")
        return super().describe_action(state, seat, action)

    def golden_line(self, state) -> dict:
        out = dict(state.scores())
        if state.is_over:
            out["ending"] = " ".join(f"{k} {v}" for k, v in state.game_points().items())
        return out


class MariageMatch(SixtySixMatch):
    """A game to 100 (each deal's scores divided by ten); the deal alternates, as at Schnapsen."""

    END_RULE = f"{PARLETT}: the first to 100 wins"
    UNIT = ""  # plain points, each deal's score divided by ten

    @property
    def target(self) -> int:
        return self.game.rules.target

    def next_dealer(self):
        return Match.next_dealer(self)  # the deal alternates, as at Schnapsen


Mariage.MatchType = MariageMatch

#: the game this package registers (read by tutor.games)
GAME = Mariage

__all__ = ["Mariage", "MariageRules", "MariageDeal", "MariageMatch"]
