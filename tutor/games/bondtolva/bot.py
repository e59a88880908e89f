"""Bondtolva's computer player: it decides from its seat's view alone (its own hand, the cards played
and shown, the questions asked and answered), never from a partner's or an opponent's hand.

* It shows a marriage when it can, making trumps of the suit it holds most of.
* Four-handed, on lead before trumps with no marriage of its own, it asks its partner to pair a king
  or queen of its longest suit ("Hearts?"), else whether the partner holds a marriage; once trumps
  are made it asks whether the partner has one, and then leads the suit shown to score the point.
* Asked, it answers truly (the rules leave only which marriage to show: the suit it holds most of).
* In play, the rules of thumb of :mod:`tutor.games.stock.tablebot`, a matador counting most.
"""

from __future__ import annotations

from collections.abc import Callable

from ...cards import Card, Suit
from ..stock.actions import Declare, Play
from ..stock.tablebot import follow, lead
from ..stock.tricks import CardOrder
from .actions import Answer, Ask, AskSuit, Show
from .state import EYES, MATADORS, ORDER

_SUITS = {s.noun: s for s in Suit}


def _length(hand, suit: Suit) -> int:
    return sum(c.suit is suit for c in hand)


def _value(card: Card) -> int:
    """What a card is worth to take: a matador counts most, then the eyes."""
    return 10 * (card.rank in MATADORS) + EYES.get(card.rank, 0)


class _Entries:
    """The seat's view, each entry made when first read (``seat.view_entry``): the player reads a few
    entries at each move, and making the whole view cost it half its time."""

    __slots__ = ("_seat", "_made")
    _NONE = object()

    def __init__(self, seat):
        self._seat = seat
        self._made: dict = {}

    def get(self, key: str, default=None):
        made = self._made.get(key, self._NONE)
        if made is self._NONE:
            made = self._made[key] = self._seat.view_entry(key, self._NONE)
        return default if made is self._NONE else made

    def __getitem__(self, key: str):
        made = self.get(key, self._NONE)
        if made is self._NONE:
            raise KeyError(key)
        return made

    def __contains__(self, key: str) -> bool:
        return self.get(key, self._NONE) is not self._NONE


class BondtolvaBot:
    """The computer at any seat of Bondtolva (see the module docstring). ``order`` and ``value``
    (the card order and what a card is worth taking) and ``ask_first`` (ask for a whole marriage
    before asking to pair a card) let a game of the same kind use it (Marjapussi)."""

    def __init__(self, order: CardOrder = ORDER, value: Callable[[Card], int] | None = None, ask_first: bool = False,
                 exact: int | None = None):
        self.order = order
        self.value = value or _value
        self.ask_first = ask_first
        self.exact = exact  # the target, where it must be reached exactly: no marriage that would pass it

    def _room(self, seat, view) -> int | None:
        """Game points its side may still make without passing an exact target (None: no limit known)."""
        if self.exact is None or "match" not in view:
            return None
        mine = seat.table.side_name(seat.seat)
        return self.exact - view["match"]["yours"] - view["scores"].get(mine, 0)

    def choose(self, seat):
        legal = list(seat.legal_actions())
        if len(legal) == 1:  # no choice: what every rule below would come to (a card to follow, a forced answer)
            return legal[0]
        view = _Entries(seat)
        hand = list(view["hand"])
        shows = [a for a in legal if isinstance(a, Show)]
        if shows:
            return max(shows, key=lambda a: _length(hand, a.cards[0].suit))
        answers = [a for a in legal if isinstance(a, Answer)]
        if answers:
            return answers[0]
        trump = _SUITS.get(view["trumps"])
        room = self._room(seat, view)
        if room is not None and room < (2 if trump is None else 1) + 1:  # keep a point of room for the last trick
            legal = [a for a in legal if not isinstance(a, (Declare, Ask, AskSuit))]
        questions = view.get("questions", ())
        partner = seat.seat.partner if questions else None
        refused = [q.lower() for _a, q, b, ans in questions if partner is not None and b == partner.name and ans == "no"]
        if refused:  # what the partner has said "no" to stays no: his hand has not grown since
            nouns = [s.noun for s in _SUITS.values()]
            whole = any(not any(n in q for n in nouns) for q in refused)  # asked for a marriage, not for a suit
            legal = [a for a in legal if not (isinstance(a, Ask) and whole)
                     and not (isinstance(a, AskSuit) and any(a.suit.noun in q for q in refused))]
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares:
            return max(declares, key=lambda a: (_length(hand, a.cards[0].suit), sum(_value(c) for c in hand if c.suit is a.cards[0].suit)))
        pairs = [a for a in legal if isinstance(a, AskSuit)]
        if self.ask_first and any(isinstance(a, Ask) for a in legal):
            return Ask()
        if trump is None and pairs:
            return max(pairs, key=lambda a: (_length(hand, a.suit), a.suit.value))
        if any(isinstance(a, Ask) for a in legal):
            return Ask()
        cards = [a.card for a in legal if isinstance(a, Play)]
        owed = view.get("owed")
        if not view["trick"]:
            if owed:
                suited = [c for c in cards if c.suit.noun == owed]
                if suited:
                    return Play(min(suited, key=lambda c: (self.value(c), self.order.power[c.rank])))
            return Play(lead(cards, trump, self.order, self.value))
        return Play(follow(seat, view, cards, trump, self.order, self.value, view["stage"] == "end"))
