"""A simple computer opponent for Bezique: sensible, readable, not strong.

It follows the hints of Britannica (9th ed.) and Hoffmann 1909: the lead is a disadvantage, so do
not win a trick unless you want to declare, or to take an ace or ten; sevens, eights and nines of
plain suits are worthless, so throw them; keep the cards of combinations; declare what scores
most, but a single bezique before the double (Foster's Hoyle: declared first, the double would
lose the 40); in the last eight, win cheaply when you can, else throw the lowest card.
"""

from __future__ import annotations

from ...cards import Card, Rank
from ..stock.actions import Declare, Draw, Exchange, Play
from ..stock.core import Phase, Stage
from .state import BRISQUES, ORDER, BeziqueDeal

_POWER = ORDER.power
_COMBO_RANKS = {Rank.ACE: 3, Rank.KING: 2, Rank.QUEEN: 3, Rank.JACK: 2, Rank.TEN: 2}


def _keep(state: BeziqueDeal, card: Card) -> float:
    """How much the bot wants to keep ``card`` while the stock lasts."""
    value = _COMBO_RANKS.get(card.rank, 0) + _POWER[card.rank] / 10
    if card.suit is state.trump:
        value += 2.5
    if card.face in (Card("QS"), Card("JD")):
        value += 3
    if card.rank in BRISQUES:
        value += 1.5
    return value


def _declare_value(state: BeziqueDeal, act: Declare) -> float:
    kind = state.spec.melds.get(act.kind)
    assert kind is not None
    v = kind.value + 5 * len(act.also)
    if kind.key == "double bezique" and not any(m.player == state.to_move and m.kind.key == "bezique" for m in state.melds):
        v = 39  # Foster: score the single first, then the double
    return v


def choose_action(state: BeziqueDeal):
    """The bot's action for the player to move."""
    legal = list(state.legal_actions())
    if state.phase is Phase.DECLARE:
        exchanges = [a for a in legal if isinstance(a, Exchange)]
        if exchanges:
            return exchanges[0]
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares:
            return max(declares, key=lambda a: _declare_value(state, a))
        return Draw()
    plays = [a.card for a in legal if isinstance(a, Play)]
    if state.stage is Stage.END:
        return Play(_end_play(state, plays))
    return Play(_stock_play(state, plays))


def _end_play(state: BeziqueDeal, plays: list[Card]) -> Card:
    if state.trick:
        led = state.trick[0]
        winners = [c for c in plays if ORDER.beats(c, led, state.trump)]
        if winners:
            return min(winners, key=lambda c: (c.suit is state.trump, _POWER[c.rank]))
        return min(plays, key=lambda c: (c.rank in BRISQUES, _POWER[c.rank]))
    return max(plays, key=lambda c: (_POWER[c.rank], c.suit is not state.trump))


def _stock_play(state: BeziqueDeal, plays: list[Card]) -> Card:
    if state.trick:
        led = state.trick[0]
        winners = [c for c in plays if ORDER.beats(c, led, state.trump)]
        wants = led.rank in BRISQUES or _could_declare(state)
        if wants and winners:
            return min(winners, key=lambda c: _keep(state, c))
    return min(plays, key=lambda c: _keep(state, c))


def _could_declare(state: BeziqueDeal) -> bool:
    """Could the player to move declare if he won this trick? (a peek for the bot, state restored)"""
    saved = state.phase
    try:
        state.phase = Phase.DECLARE
        return bool(state._declare_options(state.to_move))
    finally:
        state.phase = saved


__all__ = ["choose_action"]
