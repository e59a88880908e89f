"""Bondtolva's computer player: it decides from its seat's view alone (its own hand, the cards played
and shown, the questions asked and answered), never from a partner's or an opponent's hand.

* It shows a marriage when it can, making trumps of the suit it holds most of.
* Four-handed, on lead before trumps with no marriage of its own, it asks its partner to pair a king
  or queen of its longest suit ("Hearts?"), else whether the partner holds a marriage; once trumps
  are made it asks whether the partner has one, and then leads the suit shown to score the point.
* Asked, it answers truly (the rules leave only which marriage to show: the suit it holds most of).
* In play it leads a plain ace, else a low card of a plain suit; to a trick it wins as cheaply as it
  can when the trick holds a matador or it plays last, gives its partner a matador when the partner
  holds the trick and it plays last, and otherwise throws its least useful card.
"""

from __future__ import annotations

from ...cards import Card, Suit, parse_card
from ..stock.actions import Declare, Play
from ..stock.tricks import trick_winner
from .actions import Answer, Ask, AskSuit, Show
from .state import EYES, MATADORS, ORDER

_SUITS = {s.noun: s for s in Suit}


def _length(hand, suit: Suit) -> int:
    return sum(c.suit is suit for c in hand)


def _value(card: Card) -> int:
    """What a card is worth to take: a matador counts most, then the eyes."""
    return 10 * (card.rank in MATADORS) + EYES.get(card.rank, 0)


class BondtolvaBot:
    """The computer at any seat of Bondtolva (see the module docstring)."""

    def choose(self, seat):
        view = seat.view()
        legal = list(seat.legal_actions())
        hand = list(view["hand"])
        shows = [a for a in legal if isinstance(a, Show)]
        if shows:
            return max(shows, key=lambda a: _length(hand, a.cards[0].suit))
        answers = [a for a in legal if isinstance(a, Answer)]
        if answers:
            return answers[0]
        trump = _SUITS.get(view["trumps"])
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares:
            return max(declares, key=lambda a: (_length(hand, a.cards[0].suit), sum(_value(c) for c in hand if c.suit is a.cards[0].suit)))
        pairs = [a for a in legal if isinstance(a, AskSuit)]
        if trump is None and pairs:
            return max(pairs, key=lambda a: (_length(hand, a.suit), a.suit.value))
        if any(isinstance(a, Ask) for a in legal):
            return Ask()
        cards = [a.card for a in legal if isinstance(a, Play)]
        owed = view.get("owed")
        trick = [parse_card(c) for _, c in view["trick"]]
        if not trick:
            if owed:
                suited = [c for c in cards if c.suit.noun == owed]
                if suited:
                    return Play(min(suited, key=lambda c: (_value(c), ORDER.power[c.rank])))
            return Play(self._lead(cards, trump))
        return Play(self._follow(seat, view, trick, cards, trump))

    @staticmethod
    def _lead(cards: list[Card], trump: Suit | None) -> Card:
        aces = [c for c in cards if c.rank.value == "A" and c.suit is not trump]
        if aces:
            return aces[0]
        plain = [c for c in cards if c.suit is not trump] or cards
        return min(plain, key=lambda c: (c.rank in MATADORS, ORDER.power[c.rank]))

    @staticmethod
    def _follow(seat, view, trick: list[Card], cards: list[Card], trump: Suit | None) -> Card:
        table = seat.table
        players = [table.seat(name) for name, _ in view["trick"]]
        best = trick_winner(trick, trump, ORDER)
        partner = seat.seat.partner
        partner_holds = partner is not None and players[best] == partner
        last = len(trick) == table.size - 1
        winners = [c for c in cards if ORDER.beats(c, trick[best], trump)]
        cheap = min(cards, key=lambda c: (_value(c), c.suit is trump, ORDER.power[c.rank]))
        if partner_holds:
            if last:
                losers = [c for c in cards if c not in winners] or cards
                return max(losers, key=lambda c: (_value(c), -(c.suit is trump)))
            return cheap
        at_stake = sum(_value(c) for c in trick)
        if winners and (last or at_stake >= 10 or view["stage"] == "end"):
            return min(winners, key=lambda c: (c.suit is trump, ORDER.power[c.rank] if c.suit is not trick[0].suit else -_value(c)))
        return cheap
