"""Rules of thumb for playing a card at a table of two to four, shared by the computer players of
the stock games with partners (Bondtolva, Gaigel): from the seat's view alone.

* Leading: a plain ace if it has one, else its lowest card of a plain suit (an ace or a ten kept).
* Following: when the partner holds the trick, a valuable card if it plays last (it goes to its
  side), else its cheapest; otherwise it wins as cheaply as it can when the trick is worth taking
  (it holds a counting card, it plays last, or play is strict), and else throws its cheapest card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...cards import Card, Rank, Suit, parse_card
from .tricks import CardOrder, trick_winner

Value = Callable[[Card], int]


def lead(cards: Sequence[Card], trump: Suit | None, order: CardOrder, value: Value) -> Card:
    aces = [c for c in cards if c.rank is Rank.ACE and c.suit is not trump]
    if aces:
        return aces[0]
    plain = [c for c in cards if c.suit is not trump] or list(cards)
    return min(plain, key=lambda c: (value(c) >= 10, order.power[c.rank]))


def follow(seat, view: dict, cards: Sequence[Card], trump: Suit | None, order: CardOrder, value: Value, strict: bool) -> Card:
    """The card to play to the trick in ``view`` (``cards``: the legal ones)."""
    trick = [parse_card(c) for _, c in view["trick"]]
    best = trick_winner(trick, trump, order)
    partner = seat.seat.partner
    partner_holds = partner is not None and seat.table.seat(view["trick"][best][0]) == partner
    last = len(trick) == seat.table.size - 1
    winners = [c for c in cards if order.beats(c, trick[best], trump)]
    cheap = min(cards, key=lambda c: (value(c), c.suit is trump, order.power[c.rank]))
    if partner_holds:
        if last:
            losers = [c for c in cards if c not in winners] or list(cards)
            return max(losers, key=lambda c: (value(c), -(c.suit is trump)))
        return cheap
    at_stake = sum(value(c) for c in trick)
    if winners and (last or at_stake >= 10 or strict):
        return min(winners, key=lambda c: (c.suit is trump, order.power[c.rank] if c.suit is not trick[0].suit else -value(c)))
    return cheap
