"""A simple computer opponent for Bezique: sensible, readable, not strong.

It follows the hints of Britannica (9th ed.) and Hoffmann 1909: the lead is a disadvantage, so do
not win a trick unless you want to declare, or to take an ace or ten; sevens, eights and nines of
plain suits are worthless, so throw them; keep the cards of combinations; declare what scores
most, but a single bezique before the double (Foster's Hoyle: declared first, the double would
lose the 40); in the last eight, win cheaply when you can, else throw the lowest card.
"""

from __future__ import annotations

from ...cards import Card, Rank, Suit, parse_card
from ..contract import SeatView
from ..stock.actions import Declare, Draw, Exchange, Play
from ..stock.core import Phase, Stage
from .state import BRISQUES, ORDER, BeziqueDeal, spec_for

_SUITS = {s.noun: s for s in Suit}

_POWER = ORDER.power
_COMBO_RANKS = {Rank.ACE: 3, Rank.KING: 2, Rank.QUEEN: 3, Rank.JACK: 2, Rank.TEN: 2}


def _keep(trump: Suit | None, card: Card) -> float:
    """How much the bot wants to keep ``card`` while the stock lasts."""
    value = _COMBO_RANKS.get(card.rank, 0) + _POWER[card.rank] / 10
    if card.suit is trump:
        value += 2.5
    if card.face in (Card("QS"), Card("JD")):
        value += 3
    if card.rank in BRISQUES:
        value += 1.5
    return value


class BeziqueBot:
    """The computer player: it decides from its seat's view and the legal actions alone."""

    def choose(self, seat: SeatView):
        view = seat.view()
        legal = list(seat.legal_actions())
        trump = _SUITS.get(view["trumps"])
        if view["phase"] == Phase.DECLARE.value:
            exchanges = [a for a in legal if isinstance(a, Exchange)]
            if exchanges:
                return exchanges[0]
            declares = [a for a in legal if isinstance(a, Declare)]
            if declares:
                mine = [d for d in view["declared"] if d[0] == view["player"]]
                return max(declares, key=lambda a: _declare_value(seat.rules, mine, a))
            return Draw()
        plays = [a.card for a in legal if isinstance(a, Play)]
        trick = [parse_card(c) for _, c in view["trick"]]
        if view["stage"] == Stage.END.value:
            return Play(_end_play(trick, trump, plays))
        return Play(_stock_play(trick, trump, plays, view.get("could_declare", False)))


def _declare_value(rules, mine, act: Declare) -> float:
    kind = spec_for(rules).melds.get(act.kind)
    assert kind is not None
    v = kind.value + 5 * len(act.also)
    if kind.key == "double bezique" and not any(d[1] == "bezique" for d in mine):
        v = 39  # Foster: score the single first, then the double
    return v


def choose_action(state: BeziqueDeal):
    """The bot's action for the player to move."""
    return BeziqueBot().choose(SeatView(state, state.table.seats[state.to_move]))


def _end_play(trick: list[Card], trump: Suit | None, plays: list[Card]) -> Card:
    if trick:
        led = trick[0]
        winners = [c for c in plays if ORDER.beats(c, led, trump)]
        if winners:
            return min(winners, key=lambda c: (c.suit is trump, _POWER[c.rank]))
        return min(plays, key=lambda c: (c.rank in BRISQUES, _POWER[c.rank]))
    return max(plays, key=lambda c: (_POWER[c.rank], c.suit is not trump))


def _stock_play(trick: list[Card], trump: Suit | None, plays: list[Card], could_declare: bool) -> Card:
    if trick:
        led = trick[0]
        winners = [c for c in plays if ORDER.beats(c, led, trump)]
        wants = led.rank in BRISQUES or could_declare
        if wants and winners:
            return min(winners, key=lambda c: _keep(trump, c))
    return min(plays, key=lambda c: _keep(trump, c))


__all__ = ["BeziqueBot", "choose_action"]
