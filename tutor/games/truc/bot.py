"""A computer opponent for Le Truc that counts its chances exactly, doubles on them, and bluffs.

It sees only what its seat may see (:meth:`TrucDeal.view`) and decides on the exact odds of
:mod:`tutor.games.truc.odds` (the opponent's cards uniform over the unseen ones, both sides then
playing the simple strategy stated there):

* call for cards: elder asks for new cards when his hand's edge (chance of winning minus chance
  of losing) is below ``ask_below``; the dealer, who knows elder disliked his own hand, only below
  ``ask_below - 0.15``;
* play: the card with the best edge, each card tried in turn and the rest played out exactly;
* le truc (doubling) or banco: proposed when the edge reaches ``raise_at``, and otherwise, with
  probability ``bluff`` drawn from the bot's seeded RNG, as a bluff when the edge is poor, unless
  losing the raised deal would hand the opponent the manche;
* answering: accept when ``new value x (edge - caution) >= -current value``, that is when
  accepting loses less on average than refusing, the edge first lowered by ``caution`` because a
  proposal is a sign of strength; always accept when refusing would give away the manche anyway.
  A banco is answered with a counter-banco when the edge reaches ``raise_at``.
"""

from __future__ import annotations

import random

from ..contract import SeatView
from .actions import Accept, Ask, Banco, Double, Keep, Play, Refuse
from .odds import Odds, hand_odds, view_odds
from .state import PLAYERS, Phase, TrucDeal


class TrucBot:
    """``TrucBot(seed).choose_action(state)`` gives the action for ``state.to_move``."""

    def __init__(self, seed: int | str | None = 0, *, bluff: float = 0.12, raise_at: float = 0.45,
                 ask_below: float = -0.25, caution: float = 0.15):
        self.rng = random.Random(seed)
        self.bluff = bluff
        self.raise_at = raise_at
        self.ask_below = ask_below
        self.caution = caution

    def __repr__(self) -> str:
        return f"TrucBot(bluff={self.bluff}, raise_at={self.raise_at}, ask_below={self.ask_below}, caution={self.caution})"

    def choose(self, seat: SeatView):
        """The action for the seat to move, from what that seat may see (its view and the legal
        actions): the contract's computer player."""
        view = seat.view()
        if view["phase"] == Phase.CALL.value:
            return self._call(view)
        if view["phase"] == Phase.ANSWER.value:
            return self._answer(view, seat.legal_actions())
        return self._play(view)

    def choose_action(self, state: TrucDeal):
        if state.is_over:
            return None
        return self.choose(SeatView(state, state.table.seats[state.to_move]))

    # -- the call for cards -----------------------------------------------------------------------
    def _call(self, view: dict):
        o = hand_odds(view["hand"], view["player"], view["unseen"])
        limit = self.ask_below if view["player"] == "elder" else self.ask_below - 0.15
        return Ask() if o.edge < limit else Keep()

    # -- playing, doubling, bluffing --------------------------------------------------------------
    def best_card(self, view: dict) -> tuple[Play, Odds]:
        best = None
        for c in view["hand"]:
            o = view_odds(view, c)
            if best is None or (o.edge, o.win) > (best[1].edge, best[1].win):
                best = (Play(c), o)
        assert best is not None
        return best

    def _play(self, view: dict):
        play, o = self.best_card(view)
        kind = view["may_raise"]
        if kind is not None:
            me, them = view["player"], _other(view["player"])
            new = 2 * view["value"] if kind == "double" else view["target"] - view["manche"][me]
            opponent_lacks = view["target"] - view["manche"][them]
            if o.edge >= self.raise_at:
                return Double() if kind == "double" else Banco()
            # A bluff: only with a poor hand, and never one that would give the opponent the manche.
            if o.edge < 0 and new < opponent_lacks and self.rng.random() < self.bluff:
                return Double() if kind == "double" else Banco()
        return play

    def _answer(self, view: dict, legal):
        proposer, _, new = view["proposal"]
        if view["card_player"] == view["player"]:
            o = self.best_card(view)[1]
        else:
            o = view_odds(view)
        if Banco() in legal and o.edge >= self.raise_at:
            return Banco()
        if view["manche"][proposer] + view["value"] >= view["target"]:
            return Accept()  # refusing would give away the manche: play it out
        if new * (float(o.edge) - self.caution) >= -view["value"]:
            return Accept()
        return Refuse()


def _other(name: str) -> str:
    return next(p for p in PLAYERS if p != name)


def choose_action(state: TrucDeal, rng: random.Random | None = None):
    """The action of a bot with the default settings (and ``rng`` for its bluffs, if given)."""
    bot = TrucBot(None)
    if rng is not None:
        bot.rng = rng
    return bot.choose_action(state)


__all__ = ["TrucBot", "choose_action"]
