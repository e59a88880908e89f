"""What the actions of the stock-and-tricks family do to a deal: a card played and the trick taken,
a declaration laid down and scored, the exchange, the draw, closing."""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from ...cards import Card
from .actions import Action, Aside, Claim, Close, Declare, Draw, Exchange, Play, Revoke
from .declarations import Meld
from .refusals import Refusals
from .tricks import trick_winner
from .values import (
    _AFTER_TRICK,
    _DECLARE,
    _END,
    _FOLLOW,
    _LEAD,
    _OVER,
    _STOCK,
    _trick,
)


class Doing(Refusals):
    """Doing an action (a layer of :class:`~tutor.games.stock.core.StockState`)."""
    DO: ClassVar[Mapping[type, Callable[[Any, int, Any], None]]] = {
        Play: lambda s, p, a: s._play(p, a.card),
        Declare: lambda s, p, a: s._declare(p, a),
        Exchange: lambda s, p, a: s._exchange(p, a.card),
        Draw: lambda s, p, a: s._draw(p),
        Close: lambda s, p, a: s._close(p),
        Claim: lambda s, p, a: s._on_claim(p),
        Revoke: lambda s, p, a: s._revoke(p, a.card),
        Aside: lambda s, p, a: s._aside(a),
    }

    # -- what actions do ------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        p = self.to_move
        kind = type(action)  # actions are final classes: by type, not isinstance (draws, closes and claims pass at once)
        if type(action) is Play:
            card = action.card
            if card not in self.hands[p] and card not in self.laid[p]:
                card = self._resolve(p, [card])[0]
                action = Play(card) if card is not action.card else action
        elif type(action) is Revoke:
            card = self._resolve(p, [action.card])[0]
            action = Revoke(card) if card is not action.card else action
        elif type(action) is Exchange:
            action = Exchange(self._resolve(p, [action.card])[0])
        elif type(action) is Declare:
            parts = self._resolve_declare(p, action)
            action = Declare(parts[0][0].key, parts[0][1], tuple((k.key, c) for k, c in parts[1:]))
        self._do(action, kind)

    def _do(self, action: Action, kind: type | None = None) -> None:
        """Do ``action``, already resolved to the cards held (of type ``kind``)."""
        self._expl = self._legal = None
        self.history.append(action)
        kind = kind or type(action)
        if kind is Play and self._f.plays_plainly:  # no dispatch through the table
            self._play(self.to_move, action.card)  # type: ignore[union-attr]  # (a Play: its type is kind)
        else:
            self.DO[kind](self, self.to_move, action)

    def _close(self, p: int) -> None:
        if self.phase is _DECLARE:  # closed by the winner of a trick before drawing: nobody draws, he leads
            self.phase = _LEAD
        self.closed_by = p
        self._on_close(p)

    def _revoke(self, p: int, card: Card) -> None:
        self._take(p, card)
        self._on_revoke(p, card)

    def _take(self, p: int, card: Card) -> None:
        if card in self.laid[p]:
            self.laid[p].remove(card)
        else:
            self.hands[p].remove(card)

    def _play(self, p: int, card: Card) -> None:
        laid = self.laid[p]
        if laid and card in laid:  # (as _take does: a declared card, played from the table)
            laid.remove(card)
        else:
            self.hands[p].remove(card)
        self.must_lead = None
        f = self._f  # (read once: the traits are asked several times a card)
        if f.declares_on_play:
            self.declared_now = self.exchanged_now = False  # each player declares on his own turn to play
        cards, players = self.trick, self.trick_players
        cards.append(card)
        players.append(p)
        if not f.on_play_plain and card in f.plays_told:
            self._on_play(p, card)
            if self.phase is _OVER:
                return
        if len(cards) < f.n:
            self.phase, self.to_move = _FOLLOW, f.turns[p][1]
            return
        # the stage as it was (see stage): the stock and the turn-up change only as players draw,
        # exchange or close
        stage = _END if self.closed_by is not None or (not self.stock and self.turnup is None) else _STOCK
        if not f.trick_winner_plain:
            w = players[self._trick_winner()]
        elif f.n == 2:  # trick_winner's two-card case, without its call
            lead, second = cards
            if second.suit is lead.suit:
                power = self.spec.order.of_card
                w = players[1] if power[second] > power[lead] else players[0]
            else:
                w = players[1] if second.suit is self.trump else players[0]
        else:
            w = players[trick_winner(cards, self.trump, self.spec.order)]
        trick = _trick(players[0], tuple(players), tuple(cards), w, stage)
        self.tricks.append(trick)
        self.won[w] += cards
        self.trick, self.trick_players = [], []
        self.declared_now = self.exchanged_now = False
        if not f.on_trick_plain:
            self._on_trick(trick)
            if self.phase is _OVER:
                return
        if not any(self.hands) and not any(self.laid):
            self._finish_deal()
            return
        self.phase, self.to_move = _LEAD, w
        if stage is _STOCK:  # (as it was: the stock and the turn-up change only as players draw, exchange or close)
            if f.winner_moment:
                # The winner's moment: he declares, exchanges or draws. The draw is his own action,
                # even when he has nothing else to do (a front end may make it for him), so that
                # asking why a declaration is refused always gets the rule that refuses it.
                self.phase = _DECLARE
                return
            self._draw(w)

    def _declare(self, p: int, action: Declare) -> None:
        parts = self._resolve_declare(p, action)
        mine = [m for m in self.melds if m.player == p]
        for i, (kind, cards) in enumerate(parts):
            if kind.lay:
                for c in cards:
                    if c in self.hands[p]:
                        self.hands[p].remove(c)
                        self.laid[p].append(c)
            if i == 0:
                pending = next((m for m in mine if not m.scored and m.kind is kind and set(m.cards) == set(cards)), None)
                if pending is not None:
                    meld = Meld(p, kind, pending.cards, True, pending.trick)
                    self.melds[self.melds.index(pending)] = meld
                else:
                    meld = Meld(p, kind, cards, True, len(self.tricks))
                    self.melds.append(meld)
                if not kind.extra:
                    self.declared_now = True
                if kind.fixes_trumps and self.trump is None:
                    self.trump = cards[0].suit
                if self.spec.declare_when is not _AFTER_TRICK and self.spec.lead_declared:
                    self.must_lead = cards
                self._on_declare(meld, pending is not None)
                if self.phase is _OVER:
                    return
            else:
                self.melds.append(Meld(p, kind, cards, False, len(self.tricks)))
        self.laid[p].sort(key=self._f.key)

    def _exchange(self, p: int, card: Card) -> None:
        up = self.turnup
        assert up is not None
        self.hands[p].remove(card)
        self.hands[p].append(up)
        self.hands[p].sort(key=self._f.key)
        self.turnup = card
        self.exchanged_now = True
        self._on_exchange(p, card, up)

    def _draw(self, w: int) -> None:
        """The winner draws the top card, then the others in turn; the turn-up is drawn last."""
        drawn: list[tuple[int, Card]] = []
        told = not self._f.on_draw_plain  # the game is told who drew what
        stock, hands, key = self.stock, self.hands, self._f.key
        for q in self._f.turns[w]:
            if stock:
                c = stock.pop(0)
            elif self.turnup is not None:
                c, self.turnup = self.turnup, None
            else:  # pragma: no cover - the stock is always a multiple of the players
                break
            insort(hands[q], c, key=key)
            if told:
                drawn.append((q, c))
        self.declared_now = self.exchanged_now = False
        self.phase, self.to_move = _LEAD, w
        if told:
            self._on_draw(drawn)
        if not self.stock and self.turnup is None:
            self.end_from = len(self.tricks)
            self._on_stock_exhausted()
