"""Why an action is refused, plainly: each kind of action checked against the rules in the order a
player meets them (the deal is over; it is not the moment; the cards are not his; the rule of play).
"""

from __future__ import annotations

from ....cards import Card
from ..actions import Action, Aside, Claim, Close, Declare, Draw, Exchange, Play, Revoke
from . import declaring
from .position import Position
from .rules import Refusal, exchange_time, play_rule, refusal, resolve


def why_not(pos: Position, action: Action) -> Refusal | None:
    """The rule ``action`` of the player to move breaks now, or None if he may make it."""
    if pos.phase == "over":
        return refusal(pos, "over")
    p = pos.to_move
    own = pos.game.why_not(pos, p, action)
    if own is not None:
        return own if isinstance(own, Refusal) else None
    if isinstance(action, Play):
        return why_not_play(pos, p, action.card)
    if isinstance(action, Revoke):
        return why_not_revoke(pos, p, action.card)
    if isinstance(action, Declare):
        return declaring.why_not(pos, p, action)
    if isinstance(action, Exchange):
        return why_not_exchange(pos, p, action.card)
    if isinstance(action, Draw):
        return None if pos.phase == "declare" else refusal(pos, "draw")
    if isinstance(action, Close):
        return why_not_close(pos, p)
    if isinstance(action, Claim):
        return why_not_claim(pos, p)
    if isinstance(action, Aside):
        return why_not_aside(pos, action)
    return refusal(pos, "unknown", "")


def why_not_play(pos: Position, p: int, card: Card) -> Refusal | None:
    if pos.phase == "declare":
        return refusal(pos, "play_after_trick")
    card = resolve(pos, p, [card])[0]
    if card not in pos.held(p):
        return refusal(pos, "hold")
    if pos.must_lead is not None and card not in pos.must_lead:
        return refusal(pos, "must_lead")
    if pos.trick and card not in pos.game.playable(pos, p):
        return refusal(pos, "follow")
    return None


def why_not_revoke(pos: Position, p: int, card: Card) -> Refusal | None:
    if not pos.spec.revoke_penalty or pos.phase != "follow" or play_rule(pos).free:
        return refusal(pos, "revoke")
    card = resolve(pos, p, [card])[0]
    if card not in pos.held(p):
        return refusal(pos, "hold")
    if card in pos.game.playable(pos, p):
        return refusal(pos, "revoke")
    return None


def why_not_exchange(pos: Position, p: int, card: Card) -> Refusal | None:
    rank = pos.game.exchange_rank(pos)
    if rank is None or pos.turnup is None or pos.turnup.rank == rank or pos.exchanged_now or pos.closed_by is not None:
        return refusal(pos, "exchange")
    if not exchange_time(pos, p) or card.rank != rank or card.suit != pos.trump:
        return refusal(pos, "exchange")
    card = resolve(pos, p, [card])[0]
    if card not in pos.hands[p]:
        return refusal(pos, "exchange")
    return pos.game.why_not_exchange(pos, p, card)


def why_not_aside(pos: Position, action: Aside) -> Refusal | None:
    """An action out of turn: only the exchange, where the game allows it at any time, and never
    by the player to move (he writes his own plainly)."""
    names = pos.spec.players
    if action.seat not in names:
        return Refusal("seat", "")
    q = names.index(action.seat)
    if q == pos.to_move or not isinstance(action.action, Exchange) or not pos.spec.exchange_any_time:
        return refusal(pos, "exchange")
    return why_not_exchange(pos, q, action.action.card)


def why_not_close(pos: Position, p: int) -> Refusal | None:
    spec = pos.spec
    before_draw = spec.close_before_draw and pos.phase == "declare"
    if not spec.may_close or not pos.game.may_close(pos, p) or (pos.phase != "lead" and not before_draw):
        return refusal(pos, "close")
    return None


def why_not_claim(pos: Position, p: int) -> Refusal | None:
    if not pos.spec.may_claim or not pos.game.may_claim(pos, p):
        return refusal(pos, "claim")
    return None

