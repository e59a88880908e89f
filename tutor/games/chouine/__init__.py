"""Chouine (two players, 32 cards): the French game of many declarations, from the Loire valley,
as David Parlett's *Penguin Book of Card Games* and pagat.com's Chouine give it.

>>> from tutor.games.chouine import Chouine
>>> s = Chouine().deal(seed=1)
>>> len(s.hand(0)), len(s.stock), s.turnup is not None
(5, 21, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import Suit, parse_card
from ...errors import TutorError
from ..contract import CliOption, GameType, Outcome, Report
from ..match import Match
from ..sixtysix import SixtySix, SixtySixBot, SixtySixMatch
from ..sixtysix.state import PLAYERS, POINTS
from ..stock.actions import Declare, Play
from ..stock.exercises import BEST, melds
from .rules import PAGAT, PARLETT, ChouineRules
from .state import ChouineDeal, spec_for
from .workbench import Workbench

RULE_GAME = f"{PARLETT}: the first to win three deals (of five at most) wins the game, and two games win the rubber"
DEALS_TO_WIN, GAMES_TO_WIN = 3, 2


class Chouine(SixtySix):
    """The game object: rules fixed, deals and matches made from it."""

    TYPE = GameType(
        name="chouine",
        title="Chouine",
        family="Sixty-Six",
        pack="piquet32",
        seats={2: PLAYERS},
        sources=("David Parlett, The Penguin Book of Card Games",
                 "pagat.com, Chouine, by John McLeod after Jacques Proust's Règle du jeu de la Chouine"),
        summary="Five each from thirty-two cards; combinations declared as one of their cards is played, by leader or follower: "
                "marriage, tierce, quarteron (doubled in trumps), the quinte of five aces and tens, and the chouine that wins "
                "the deal outright; the seven of trumps exchanged; ten for the last trick; the higher total wins the deal; "
                "three deals won make a game, two games a rubber.",
        declarations=True,
        cli_options=(CliOption("trumps", "the trump suit of the hand scored (S, H, D, C, or spades...; default hearts)", ("score",)),),
    )
    Rules = ChouineRules  # type: ignore[assignment]
    EXERCISES = (melds(Workbench), BEST)
    Deal = ChouineDeal

    def cli_score(self, *, hands: Mapping[str, str], trumps: str | None = None, **extra: Any) -> Report:
        """Every combination a hand of five could declare on its lead (``tutor score chouine --elder
        'AH KH QH JH TS' --trumps hearts``): what each scores, or the rule that refuses it."""
        given = {k: v for k, v in hands.items() if v}
        if len(given) != 1:
            raise TutorError("score chouine takes one hand of five cards: --elder CARDS (or --hand elder=CARDS)",
                             token=",".join(given) or "hand")
        wb = Workbench(next(iter(given.values())), trumps or "hearts", self.rules)
        options = wb.options()
        lines = [f"Chouine hand {wb.hand}, {wb.trumps} trumps:"]
        lines += [f"  {o.words()}" for o in options] or ["  no combination"]
        best = wb.best()
        if best:
            lines.append(f"Best: {best[0].name} {best[0].faces}")
        data = {"hand": str(wb.hand), "trumps": wb.trumps, "options": [
            {"name": o.name, "cards": o.faces, "points": o.points, "legal": o.legal, "why": o.why, "rule": o.rule} for o in options],
            "best": [o.action for o in best]}
        return Report("\n".join(lines), data)

    def beginner_bot(self) -> ChouineBot:
        return ChouineBot(self.Deal.spec_of(self.rules), last_trick=self.Deal.LAST_TRICK)


class ChouineBot(SixtySixBot):
    """Sixty-Six's computer (:class:`~tutor.games.sixtysix.SixtySixBot`), from its seat's view alone:
    it declares a chouine whenever it holds one, else the best declaration it may make, takes the
    turn-up for the seven of trumps, and plays as at Sixty-Six, the last tricks solved exactly."""

    def choose(self, seat):
        legal = list(seat.legal_actions())
        chouine = next((a for a in legal if isinstance(a, Declare) and a.kind == "chouine"), None)
        if chouine is not None:
            return chouine
        choice = super().choose(seat)
        view = seat.view()
        if not isinstance(choice, Play) or len(view["trick"]) != 1 or POINTS.get(choice.card.rank, 0) < 10:
            return choice
        # Sixty-Six's computer throws its cheapest losing card; when even that is an ace or a
        # ten (a hand of brisques), it takes the trick instead if it can
        led = parse_card(view["trick"][0][1])
        trump = next((s for s in Suit if s.noun == view["trumps"]), None)
        order = self.spec.order
        winners = [a.card for a in legal if isinstance(a, Play) and order.beats(a.card, led, trump)]
        if not winners or choice.card in winners:
            return choice
        return Play(min(winners, key=lambda c: (c.suit is trump, POINTS.get(c.rank, 0))))


class ChouineMatch(SixtySixMatch):
    """A rubber: two games won out of three, each game three deals won out of five; or, with the option
    ``match="game"``, one game. Each deal won counts 1; an annulled deal is dealt again by the same
    dealer; otherwise the deal alternates."""

    NOUN = "rubber"
    END_RULE = RULE_GAME
    #: the match in words (the family chapter's table)
    SUMMARY = "a rubber: two games of three, each won by three deals of five"
    UNIT = " deals"

    @property
    def target(self) -> int:
        """The deals that win a game."""
        return DEALS_TO_WIN

    def next_dealer(self):
        last = self.records[-1] if self.records else None
        if last is not None and last.outcome is not None and last.outcome.winner is None:
            return self.dealer  # an annulled deal: the same dealer deals again (pagat.com)
        return Match.next_dealer(self)

    def games(self) -> list[dict[str, int]]:
        """The games played so far, each as deals won by each person (the last one may be unfinished)."""
        out = [dict(self.start)]  # deals won in the game in play when the match started
        for r in self.records:
            if max(out[-1].values()) >= DEALS_TO_WIN:
                out.append(dict.fromkeys(self.scorers, 0))
            for k, v in r.credited.items():
                out[-1][k] += v
        return out

    def games_won(self) -> dict[str, int]:
        won = dict.fromkeys(self.scorers, 0)
        for g in self.games():
            for k, v in g.items():
                if v >= DEALS_TO_WIN:
                    won[k] += 1
        return won

    def finished(self) -> Outcome | None:
        games = self.games()
        last = games[-1]
        if self.game.rules.match == "game":
            w = next((k for k, v in last.items() if v >= DEALS_TO_WIN), None)
            if w is None:
                return None
            return Outcome(w, f"{w} wins three deals: the game is won ({RULE_GAME})", self.standing(), "target")
        won = self.games_won()
        w = next((k for k, v in won.items() if v >= GAMES_TO_WIN), None)
        if w is None:
            return None
        tally = ", ".join(" to ".join(str(g[k]) for k in self.scorers) for g in games)
        return Outcome(w, f"{w} wins two games ({tally}): the rubber is won", self.standing(), "target")


Chouine.MatchType = ChouineMatch

#: the game this package registers (read by tutor.games)
GAME = Chouine

__all__ = ["Chouine", "ChouineRules", "ChouineDeal", "ChouineMatch", "ChouineBot", "PAGAT", "PARLETT", "spec_for"]
