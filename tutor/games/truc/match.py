"""Le Truc's manche and partie on the contract's :class:`~tutor.games.match.Match`.

A manche is the match: deals until a player has ``manche_points`` (12), the deal passing each
time, whether the deal was played or the pack ran out at the call for cards (the French rules of
Le Truc: 'la donne change de main'). A partie is manches until one player has won
``manches_to_win`` (two), the deal still alternating from one manche to the next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...errors import IllegalActionError
from ..base import LegalActions
from ..contract import Outcome
from ..match import Match, deal_seed
from .state import NAMES, RULE_MANCHE, RULE_PARTIE, Deal, TrucDeal

if TYPE_CHECKING:  # pragma: no cover
    from . import Truc

__all__ = ["TrucManche", "Partie"]


class TrucManche(Match):
    """A manche as the contract's match: deals until a player has ``manche_points`` (12), the
    deal alternating; each deal knows the manche scores, which decide when a raise is a banco."""

    game: Truc
    deal: TrucDeal
    NOUN = "manche"
    END_RULE = RULE_MANCHE

    @property
    def target(self) -> int:
        """The points that win the manche."""
        return self.game.rules.manche_points

    def make_deal(self, n, dealer) -> TrucDeal:
        st = self.standing()
        return TrucDeal(Deal.from_seed(deal_seed(self.seed, n)), self.game.rules, (st[dealer.next.name], st[dealer.name]))

    def deal_of_code(self, code, n, dealer) -> TrucDeal:
        """The deal of ``code`` knows the manche's totals as a dealt one does (:meth:`make_deal`):
        a deal opened from a link at 8 to 10 decides its bancos at 8 to 10."""
        st = self.standing()
        return self.game.deal(code=code, manche=(st[dealer.next.name], st[dealer.name]))

    def finished(self) -> Outcome | None:
        target = self.game.rules.manche_points
        name = self.first_to(target)
        if name is None:
            return None
        st = self.standing()
        return Outcome(name, f"{name} has {st[name]} points: the manche is won (the French rules of Le Truc, "
                             f"Manche: {target} points)", st, "target")

    def view_of(self, person: int | str) -> dict:
        """What ``person`` (first or second) may see: his seat's view of the deal in play, his
        seat's name and the manche's totals."""
        seat = self.seat_of(person)
        out = self.view(seat)
        out["seat"] = seat.name
        return out


class Partie:
    """Manches until one player has won ``manches_to_win`` (two: the French rules of Le Truc, 'deux
    manches gagnantes'). Manche ``k`` is dealt from the seed ``f"{seed}/{k}"``; the player who did not
    deal the last deal of a manche deals the first of the next."""

    def __init__(self, game: Truc, seed: int | str = 0, first_dealer: int | str = "first"):
        self.game = game
        self.seed = seed
        self.won = dict.fromkeys(NAMES, 0)
        self.manches: list[TrucManche] = []
        self.manche = self._manche(1, first_dealer)

    def _manche(self, k: int, first_dealer: int | str) -> TrucManche:
        return TrucManche(self.game, f"{self.seed}/{k}", persons=NAMES, first_dealer=first_dealer)

    @property
    def rules(self):
        return self.game.rules

    @property
    def deal(self) -> TrucDeal:
        return self.manche.deal

    @property
    def is_over(self) -> bool:
        return max(self.won.values()) >= self.rules.manches_to_win

    @property
    def winner(self) -> str | None:
        return max(self.won, key=self.won.__getitem__) if self.is_over else None

    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        who = self.winner
        assert who is not None
        return Outcome(who, f"{who} has won {self.won[who]} manches: the partie is won (the French rules of Le Truc, "
                            f"'deux manches gagnantes')", dict(self.won), "target")

    @property
    def turn(self):
        return None if self.is_over else self.manche.turn

    @property
    def to_move(self) -> str | None:
        """The person (first or second) to move, or None when the partie is over."""
        turn = self.turn
        return None if turn is None else self.manche.person(turn).name

    def legal_actions(self) -> LegalActions:
        return LegalActions(self.deal, []) if self.is_over else self.manche.legal_actions()

    def apply(self, action: Any) -> Partie:
        if self.is_over:
            raise IllegalActionError(f"the partie is over: {self.winner} won it ({RULE_PARTIE})", token=str(action))
        self.manche.apply(action)
        self._advance()
        return self

    def apply_unchecked(self, action: Any) -> Partie:
        self.manche.apply_unchecked(action)
        self._advance()
        return self

    def _advance(self) -> None:
        m = self.manche
        outcome = m.outcome()
        if outcome is None:
            return
        assert outcome.winner is not None, "a manche always has a winner"
        self.won[outcome.winner] += 1
        self.manches.append(m)
        if not self.is_over:
            self.manche = self._manche(len(self.manches) + 1, m.dealer.next.name)

    def view(self, person: int | str) -> dict:
        """As :meth:`TrucManche.view_of`, with the manches won so far."""
        v = self.manche.view_of(person)
        v["manches_won"] = dict(self.won)
        return v

    def __repr__(self) -> str:
        return f"<Partie manches {self.won['first']}-{self.won['second']}, {self.manche!r}>"
