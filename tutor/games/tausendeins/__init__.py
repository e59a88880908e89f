"""Tausendeins (1001; two players, 32 cards, no turn-up), as David Parlett's *Penguin Book of Card Games* gives it.

>>> from tutor.games.tausendeins import Tausendeins
>>> s = Tausendeins().deal(seed=1)
>>> len(s.hand(0)), len(s.stock), s.trump is None
(6, 20, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import Game, GameType, Outcome, SeatView
from ..match import Match, deal_seed
from ..sixtysix import SixtySixBot, _person
from ..sixtysix.state import PLAYERS
from ..stock.actions import Declare
from ..stock.exercises import BEST
from .rules import TausendeinsRules
from .state import RULE_GAME, VALUES, TausendeinsDeal, spec_for


class Tausendeins(Game):
    """The game object: rules fixed, deals and games made from it."""

    EXERCISES = (BEST,)

    TYPE = GameType(
        name="tausendeins",
        title="Tausendeins",
        family="Sixty-Six",
        pack="piquet32",
        seats={2: PLAYERS},
        sources=("David Parlett, The Penguin Book of Card Games",
                 "the German Wikipedia, Tausendeins, and German rule sites (Tausendundeins)"),
        summary="Played as at Schnapsen with 32 cards and no turn-up: no trumps until a marriage, each marriage "
                "making its suit trumps and worth 40 to 100 by suit; the first to 1001 over the deals wins.",
    )
    Rules = TausendeinsRules

    @property
    def pack(self):
        """The pack of these rules: 32 cards, or the German 24."""
        return spec_for(self.rules).pack

    def deal(self, seed: int | str | None = None, code: str | None = None) -> TausendeinsDeal:
        if code is not None:
            return TausendeinsDeal.from_code(code, self.rules)
        return TausendeinsDeal.from_seed(0 if seed is None else seed, self.rules)

    def deal_cards(self, elder, younger, stock) -> TausendeinsDeal:
        """A deal from explicit cards (the hands, then the stock top first; no turn-up)."""
        return TausendeinsDeal.from_cards(elder, younger, stock, self.rules)

    def match(self, seed: int | str = 0, *, pause: bool = False, first_dealer: int | str = "younger",
              persons: tuple[str, str] = ("first", "second"), standing: Mapping[str, int] | None = None, **kw: Any) -> TausendeinsMatch:
        """A game to 1001; the deal alternates."""
        return TausendeinsMatch(self, seed, persons=persons, first_dealer=_person(first_dealer), pause=pause, standing=standing)

    def beginner_bot(self) -> TausendeinsBot:
        return TausendeinsBot(spec_for(self.rules), last_trick=0)

    def describe_action(self, state, seat, action) -> str:
        from ..sixtysix.words import deed

        parsed = state.parse_action(action)
        who = seat.name.capitalize()
        if isinstance(parsed, Declare):  # worth its suit's value, and it makes (or changes) trumps
            suit = parsed.cards[0].suit
            return (f"{who} shows the marriage {' '.join(map(str, parsed.cards))} ({VALUES[suit]}, and {suit.noun} "
                    f"are trumps from now) and must lead one of them.")
        return f"{who} {deed(parsed, you=False, spec=state.spec)}"

    def golden_deal(self, data: Mapping[str, Any]) -> TausendeinsDeal:
        d = data["deal"]
        return self.deal_cards(d["elder"], d["younger"], d["stock"])

    def golden_line(self, state) -> dict:
        out: dict[str, Any] = dict(state.scores())
        out["trumps"] = state.trump.noun if state.trump else None
        return out


class TausendeinsBot(SixtySixBot):
    """The Sixty-Six computer, declaring its most valuable marriage first."""

    def choose(self, seat: SeatView):
        legal = list(seat.legal_actions())
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares:
            return max(declares, key=lambda a: VALUES[a.cards[0].suit])
        return super().choose(seat)


class TausendeinsMatch(Match):
    """A game to 1001 over as many deals as it takes; each deal carries the totals so far, and play
    stops when a player claims the game (a false claim loses it); a total of 1001 nobody claimed
    wins when its deal ends."""

    game: Tausendeins
    deal: TausendeinsDeal
    NOUN = "game"
    END_RULE = RULE_GAME

    @property
    def target(self) -> int:
        return self.game.rules.target

    def make_deal(self, n, dealer) -> TausendeinsDeal:
        st = self.standing()
        carried = (st[dealer.next.name], st[dealer.name])  # (elder's, younger's)
        return TausendeinsDeal.from_seed(deal_seed(self.seed, n), self.game.rules, carried)

    def deal_of_code(self, code, n, dealer) -> TausendeinsDeal:
        st = self.standing()
        return TausendeinsDeal.from_code(code, self.game.rules, (st[dealer.next.name], st[dealer.name]))

    def finished(self) -> Outcome | None:
        d = self.deal
        st = self.standing()
        if d.is_over and d.game_winner is not None:  # play stopped: a claim, true or false (or the tutor's own stop)
            winner = self.scorer_of(self.person(d.game_winner))
            out = d.outcome()
            if d.false_claim is not None:
                loser = self.scorer_of(self.person(d.false_claim))
                return Outcome(winner, f"{loser} claims {self.target} falsely ({st[loser]}): {winner} wins the game", st, "false claim")
            return Outcome(winner, f"{winner} reaches {st[winner]}: the game of {self.target} is won", st,
                           out.termination if out is not None else "target")
        first = self.first_to(self.target)  # a total of 1001 nobody claimed, counted as the deal ends
        if first is None:
            return None
        return Outcome(first, f"{first} reaches {st[first]}: the game of {self.target} is won", st, "target")


#: the game this package registers (read by tutor.games)
GAME = Tausendeins

__all__ = ["Tausendeins", "TausendeinsRules", "TausendeinsDeal", "TausendeinsMatch", "TausendeinsBot"]
