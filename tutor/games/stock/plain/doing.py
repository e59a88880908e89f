"""What the actions do, plainly: a card played and the trick taken, the draw, the exchange, closing."""

from __future__ import annotations

from ....cards import Card
from ..actions import Action, Aside, Claim, Close, Declare, Draw, Exchange, Play, Revoke
from ..spec import Stage, Trick, When
from . import declaring
from .position import Position
from .refusing import why_not
from .rules import resolve


def apply(pos: Position, action: Action) -> Position:
    """The position after ``action`` of the player to move (a copy; ``pos`` is left as it was);
    an action the rules refuse raises ValueError naming the rule."""
    refused = why_not(pos, action)
    if refused is not None:
        raise ValueError(f"{action} is refused: {refused.kind} ({refused.rule})")
    new = pos.copy()
    p = new.to_move
    new.game.before(new, p, action)
    if new.game.do(new, p, action):
        return new
    if isinstance(action, Play):
        play(new, p, resolve(new, p, [action.card])[0])
    elif isinstance(action, Revoke):
        card = resolve(new, p, [action.card])[0]
        take(new, p, card)
        new.game.on_revoke(new, p, card)
    elif isinstance(action, Declare):
        declaring.declare(new, p, action)
    elif isinstance(action, Exchange):
        exchange(new, p, resolve(new, p, [action.card])[0])
    elif isinstance(action, Draw):
        draw(new, p)
    elif isinstance(action, Close):
        if new.phase == "declare":  # closed by the winner of a trick before drawing: nobody draws, he leads
            new.phase = "lead"
        new.closed_by = p
        new.game.on_close(new, p)
    elif isinstance(action, Claim):
        new.game.on_claim(new, p)
    elif isinstance(action, Aside):  # the exchange, out of turn
        q = new.spec.players.index(action.seat)
        exchange(new, q, resolve(new, q, [action.action.card])[0])  # type: ignore[union-attr]
    return new


def take(pos: Position, p: int, card: Card) -> None:
    """``card`` leaves ``p``'s table if it lies there, else his hand."""
    (pos.laid[p] if card in pos.laid[p] else pos.hands[p]).remove(card)


def play(pos: Position, p: int, card: Card) -> None:
    """``p`` plays ``card``; the last card of a trick decides it, the winner takes its cards, and
    leads next, after the draw (or his moment to declare) while the stock lasts."""
    take(pos, p, card)
    pos.must_lead = None
    if pos.spec.declare_when == When.ON_PLAY:
        pos.declared_now = pos.exchanged_now = False  # each declares on his own turn to play
    pos.trick.append(card)
    pos.trick_players.append(p)
    pos.game.on_play(pos, p, card)
    if pos.over():
        return
    if len(pos.trick) < pos.n:
        pos.phase, pos.to_move = "follow", pos.next_seat(p)
        return
    end_trick(pos)


def end_trick(pos: Position) -> None:
    stage = pos.stage
    w = pos.trick_players[pos.game.trick_winner(pos)]
    trick = Trick(pos.trick_players[0], tuple(pos.trick_players), tuple(pos.trick), w, stage)
    pos.tricks.append(trick)
    pos.won[w] += pos.trick
    pos.trick, pos.trick_players = [], []
    pos.declared_now = pos.exchanged_now = False
    pos.game.on_trick(pos, trick)
    if pos.over():
        return
    if not any(pos.hands) and not any(pos.laid):
        pos.game.finish(pos)
        return
    pos.phase, pos.to_move = "lead", w
    if stage == Stage.STOCK:
        if winners_moment(pos):
            pos.phase = "declare"
        else:
            draw(pos, w)


def winners_moment(pos: Position) -> bool:
    """After a trick won while the stock lasts the winner may declare or exchange before he draws
    (or close, where the game lets him close before drawing)."""
    spec = pos.spec
    declares = spec.declare_when == When.AFTER_TRICK and bool(spec.melds.kinds or spec.exchange_rank is not None)
    return declares or (spec.may_close and spec.close_before_draw)


def draw(pos: Position, w: int) -> None:
    """The winner draws the top card, then the others in turn; the turn-up is drawn last."""
    drawn = []
    for q in pos.seats_from(w):
        if pos.stock:
            card = pos.stock.pop(0)
        elif pos.turnup is not None:
            card, pos.turnup = pos.turnup, None
        else:
            break
        pos.hands[q] = pos.sort(pos.hands[q] + [card])
        drawn.append((q, card))
    pos.declared_now = pos.exchanged_now = False
    pos.phase, pos.to_move = "lead", w
    pos.game.on_draw(pos, drawn)
    if not pos.stock and pos.turnup is None:
        pos.end_from = len(pos.tricks)
        pos.game.on_stock_exhausted(pos)


def exchange(pos: Position, p: int, card: Card) -> None:
    up = pos.turnup
    assert up is not None
    pos.hands[p].remove(card)
    pos.hands[p] = pos.sort(pos.hands[p] + [up])
    pos.turnup = card
    pos.exchanged_now = True
    pos.game.on_exchange(pos, p, card, up)
