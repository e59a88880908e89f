"""Briscan (Brisque; two players, 32 cards, five each), as David Parlett's *Penguin Book of Card Games* gives it.

>>> from tutor.games.briscan import Briscan
>>> s = Briscan().deal(seed=1)
>>> len(s.hand(0)), len(s.stock), s.turnup is not None
(5, 21, True)
>>> Briscan().deal(seed=1).spec.melds.get("trump tierce to the nine").value
20
"""

from __future__ import annotations

from ..contract import GameType, Outcome
from ..match import Match
from ..sixtysix import SixtySix, SixtySixMatch
from .rules import PARLETT, WIKI, BriscanRules
from .state import PLAYERS, RULE_CAPOT, RULE_GAME, BriscanDeal, feats, spec_for


class Briscan(SixtySix):
    """The game object: rules fixed, deals and matches made from it."""

    TYPE = GameType(
        name="briscan",
        title="Briscan",
        family="Sixty-Six",
        pack="piquet32",
        seats={2: PLAYERS},
        sources=(
            "David Parlett, The Penguin Book of Card Games",
            "Wikipedia, 'Briscan' (after the Académie des jeux oubliés)",
            "adpoker.fr, 'La Brisque ou Mariage'",
        ),
        summary="Played as at Sixty-Six with 32 cards, five each: sequences by length and top card (the ten between "
                "jack and nine), quartets, marriages from the hand or won in a trick, carte rouge and carte blanche, "
                "bonuses for the turn-up, the last card, the last five tricks and nine tricks; all sixteen tricks win "
                "outright; game 600.",
    )
    Rules = BriscanRules  # type: ignore[assignment]
    Deal = BriscanDeal

    def golden_line(self, state) -> dict:
        out = dict(state.scores())
        if state.is_over and state.ending:
            out["ending"] = state.ending["how"] + (f" {state.ending['winner']}" if state.ending["winner"] else "")
        return out


class BriscanMatch(SixtySixMatch):
    """A game to 600: each deal's whole score goes to the totals; the deal alternates; all sixteen
    tricks in a deal win the game outright."""

    END_RULE = RULE_GAME
    UNIT = " points"

    @property
    def target(self) -> int:
        return self.game.rules.game_points

    def next_dealer(self):
        return Match.next_dealer(self)  # the book is silent: the deal alternates, as at Schnapsen

    def finished(self) -> Outcome | None:
        last = self.records[-1] if self.records else None
        if last is not None and last.outcome is not None and last.outcome.termination == "capot":
            dealer = self.persons.seat(last.dealer)
            seat = last.outcome.winner
            person = dealer.name if seat == "younger" else dealer.next.name
            return Outcome(person, f"{person} takes all sixteen tricks and wins the game outright ({RULE_CAPOT})",
                           self.standing(), "capot")
        return super().finished()


Briscan.MatchType = BriscanMatch

#: the game this package registers (read by tutor.games)
GAME = Briscan

__all__ = ["Briscan", "BriscanRules", "BriscanDeal", "BriscanMatch", "feats", "spec_for", "PARLETT", "WIKI"]
