"""Briscan (Brisque; two players, 32 cards, five each), as David Parlett's *Penguin Book of Card Games* gives it.

>>> from tutor.games.briscan import Briscan
>>> s = Briscan().deal(seed=1)
>>> len(s.hand(0)), len(s.stock), s.turnup is not None
(5, 21, True)
>>> Briscan().deal(seed=1).spec.melds.get("trump tierce to the nine").value
20
"""

from __future__ import annotations

from collections.abc import Iterable

from ...errors import TutorError
from ..contract import CliOption, GameType, Outcome, Report
from ..match import Match
from ..sixtysix import SixtySix, SixtySixMatch
from ..stock.exercises import BEST, melds
from ..stock.ledger import LedgerResult, judge
from .bot import BriscanBot
from .rules import PARLETT, WIKI, BriscanRules
from .state import PLAYERS, RULE_CAPOT, RULE_GAME, BriscanDeal, feats, spec_for
from .workbench import Workbench


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
        declarations=True,
        cli_options=(
            CliOption("trumps", "the trump suit: S, H, D or C (or spades, hearts...)", ("score",)),
            CliOption("declarations", 'one player\'s declarations in order, e.g. "declare JS TS 9S, play QS, declare four aces ..."',
                      ("score",)),
        ),
    )
    Rules = BriscanRules  # type: ignore[assignment]
    EXERCISES = (melds(Workbench), BEST)
    Deal = BriscanDeal

    def score(self, trumps, declarations: str | Iterable[str]) -> LedgerResult:
        """Judge one player's declarations in order, each on a lead of its own, by the table and the
        rules on reusing cards (a sequence never scored twice, nor extended, nor scored again from its
        cards); ``play CARD`` takes a card out of the hand. Returns ``.total``, ``.explanation`` and
        ``.to_json()``; an illegal one raises :class:`~tutor.errors.IllegalActionError` naming the rule."""
        if isinstance(declarations, str):
            declarations = [a.strip() for a in declarations.replace(";", ",").split(",") if a.strip()]
        return judge(spec_for(self.rules), trumps, declarations)

    def cli_score(self, *, hands, trumps=None, declarations=None, **extra) -> Report:
        if hands:
            raise TutorError("tutor score briscan judges one player's declarations: give --trumps and --declarations, "
                             "not hands", token=", ".join(hands))
        if not trumps or not declarations:
            raise TutorError("tutor score briscan needs --trumps and --declarations", token="briscan")
        result = self.score(trumps, declarations)
        return Report(result.explanation.text() + f"\ntotal {result.total}", result.to_json())

    def beginner_bot(self) -> BriscanBot:
        return BriscanBot(self.Deal.spec_of(self.rules), last_trick=feats(self.rules)["last trick"].value)

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

__all__ = ["Briscan", "BriscanBot", "BriscanRules", "BriscanDeal", "BriscanMatch", "feats", "spec_for", "PARLETT", "WIKI"]
