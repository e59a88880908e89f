"""A simple computer opponent for Bezique: sensible, readable, not strong.

It follows the hints of Britannica (9th ed.) and Hoffmann 1909: the lead is a disadvantage, so do
not win a trick unless you want to declare, or to take an ace or ten; sevens, eights and nines of
plain suits are worthless, so throw them; keep the cards of combinations; declare what scores
most, but a single bezique before the double (Foster's Hoyle: declared first, the double would
lose the 40); in the last eight, win cheaply when you can, else throw the lowest card.
"""

from __future__ import annotations

from collections.abc import Callable

from ...cards import Card, Rank, Suit, parse_card
from ..contract import SeatView
from ..stock.actions import Declare, Draw, Exchange, Play
from ..stock.core import Phase, Stage
from .state import BRISQUES, ORDER, BeziqueDeal, spec_for

_SUITS = {s.noun: s for s in Suit}
_DECLARE, _END = Phase.DECLARE.value, Stage.END.value

_POWER = ORDER.power
_POWER_OF = ORDER.of_card  # the same figures by card (no rank hashed)
_BRISQUE_CARDS = frozenset(Card.of(r, s, k) for r in BRISQUES for s in Suit for k in (0, 1))  # aces and tens, by card
_COMBO_RANKS = {Rank.ACE: 3, Rank.KING: 2, Rank.QUEEN: 3, Rank.JACK: 2, Rank.TEN: 2}


_BEZIQUE_FACES = (Card("QS"), Card("JD"))


def _keep(trump: Suit | None, card: Card) -> float:
    """How much the bot wants to keep ``card`` while the stock lasts."""
    value = _COMBO_RANKS.get(card.rank, 0) + _POWER[card.rank] / 10
    if card.suit is trump:
        value += 2.5
    if card.face in _BEZIQUE_FACES:
        value += 3
    if card.rank in BRISQUES:
        value += 1.5
    return value


class _Keeps(dict):
    """:func:`_keep` under one trump suit, card by card, each card's worked out once."""

    def __init__(self, trump: Suit | None):
        super().__init__()
        self.trump = trump

    def __missing__(self, card: Card) -> float:
        value = self[card] = _keep(self.trump, card)
        return value


_KEEPS: dict[str | None, _Keeps] = {}  # by the trump suit's letter (hashing a str is cheaper than hashing a Suit)


def _keeps(trump: Suit | None) -> _Keeps:
    key = None if trump is None else trump._value_
    table = _KEEPS.get(key)
    if table is None:
        table = _KEEPS[key] = _Keeps(trump)
    return table


class BeziqueBot:
    """The computer player: it decides from its seat's view and the legal actions alone (the few
    entries of the view it reads, each made alone)."""

    def choose(self, seat: SeatView):
        legal = seat.legal_actions()
        if len(legal) == 1:  # nothing to choose (a draw with nothing to declare, a card the rules force)
            return legal[0]
        look = seat.view_entry
        if look("phase") == _DECLARE:
            exchanges = [a for a in legal if isinstance(a, Exchange)]
            if exchanges:
                return exchanges[0]
            declares = [a for a in legal if isinstance(a, Declare)]
            if declares:
                player = look("player")
                mine = [d for d in look("declared") if d[0] == player]
                return max(declares, key=lambda a: _declare_value(seat.rules, mine, a))
            return next((a for a in legal if isinstance(a, Draw)), None) or Draw()  # the listed draw
        trump = _SUITS.get(look("trumps"))
        plays = {a.card: a for a in legal if isinstance(a, Play)}  # the listed action of each card
        trick = [parse_card(c) for _, c in look("trick")]
        if look("stage") == _END:
            return plays[_end_play(trick, trump, list(plays))]
        return plays[_stock_play(trick, trump, list(plays), lambda: look("could_declare", False))]


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
            return min(winners, key=lambda c: (c.suit is trump, _POWER_OF[c]))
        return min(plays, key=lambda c: (c in _BRISQUE_CARDS, _POWER_OF[c]))
    return max(plays, key=lambda c: (_POWER_OF[c], c.suit is not trump))


def _stock_play(trick: list[Card], trump: Suit | None, plays: list[Card], could_declare: Callable[[], bool]) -> Card:
    """``could_declare()``: whether the player would have a declaration to make if he won the
    trick (asked only when it decides: a card is led that is no brisque and he can win it)."""
    if trick:
        led = trick[0]
        winners = [c for c in plays if ORDER.beats(c, led, trump)]
        if winners and (led in _BRISQUE_CARDS or could_declare()):
            return min(winners, key=_keeps(trump).__getitem__)
    return min(plays, key=_keeps(trump).__getitem__)


__all__ = ["BeziqueBot", "choose_action"]
