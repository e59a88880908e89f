"""Tricks in the stock-and-tricks games: how cards rank, who wins a trick, what may be played.

The rules of play change with the stage of the deal. While the stock lasts "anything may be
played" (Bezique, Sixty-Six, Briscan...); once it is gone or closed the second player must follow,
head the trick and trump. Tute asks only that trumps be followed while the stock lasts. These are
data (:class:`PlayRule`), one per stage, and :func:`legal_plays` reads them.

Of two identical cards (the two-pack games: Bezique, Gaigel) the first played wins
(the nineteenth-century Bezique account; Hoffmann 1909, Bezique: "If the two cards played are the same ... the trick belongs to
the leader"). :func:`trick_winner` does this for any number of players.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...cards import Card, Rank, Suit
from ...errors import RuleOptionError, shorten

__all__ = ["CardOrder", "PlayRule", "FREE", "STRICT", "FOLLOW_TRUMPS", "trick_winner", "legal_plays", "why_not_playable"]


class CardOrder:
    """The order of ranks in tricks, highest first: ``CardOrder("A T K Q J 9 8 7")``."""

    __slots__ = ("ranks", "power", "of_card", "suit_of", "in_suit", "above")

    def __init__(self, ranks: str | Sequence[Rank]):
        if isinstance(ranks, str):
            ranks = [Rank("T" if r == "10" else r) for r in ranks.split()]
        self.ranks = tuple(ranks)
        #: rank -> strength in tricks (higher beats lower)
        self.power = {r: len(self.ranks) - i for i, r in enumerate(self.ranks)}
        #: card -> its rank's power: the same figures, looked up without hashing an enum member
        self.of_card: dict[Card, int] = {Card.of(r, s, k): p for r, p in self.power.items() for s in Suit for k in (0, 1)}
        # The cards of each suit, and above each card, as sets: what may be played is picked from
        # a hand by them in one pass made in C (see legal_plays).
        #: a suit's letter -> its cards (both copies)
        self.suit_of: dict[str, frozenset[Card]] = {s._value_: frozenset(c for c in self.of_card if c.suit is s) for s in Suit}
        #: card -> the cards of its suit (both copies)
        self.in_suit: dict[Card, frozenset[Card]] = {c: self.suit_of[c.suit._value_] for c in self.of_card}
        #: card -> the cards of its suit that beat it (both copies)
        self.above: dict[Card, frozenset[Card]] = {
            c: frozenset(d for d in self.in_suit[c] if self.of_card[d] > p) for c, p in self.of_card.items()}

    def beats(self, card: Card, best: Card, trump: Suit | None) -> bool:
        """Does ``card``, played later, take the trick from ``best``? (Ties stay with ``best``.)"""
        if card.suit is best.suit:
            return self.of_card[card] > self.of_card[best]
        return card.suit is trump

    def __repr__(self) -> str:
        return f"CardOrder({' '.join(r.value for r in self.ranks)!r})"


class Follow(enum.StrEnum):
    """What a player to a trick must follow: nothing (``any``), the suit led (``suit``), or the
    suit led only when it is trumps (``trumps``)."""

    ANY = "any"
    SUIT = "suit"
    TRUMPS = "trumps"


@dataclass(frozen=True)
class PlayRule:
    """What the player to a trick (not its leader) is obliged to play.

    ``follow``: ``"any"`` (anything may be played), ``"suit"`` (follow suit if able) or
    ``"trumps"`` (follow only when trumps are led, as in Tute while the stock lasts);
    ``head``: when following, beat the best card of the suit led if able (``head_trumps_only``:
    only when trumps were led, as in Chouine);
    ``trump``: unable to follow, play a trump if able;
    ``overtrump``: when trumping a trick already trumped, beat that trump if able;
    ``beat_partner``: the duties to beat and to trump hold even when one's partner is winning the
    trick (Marjapussi); where False (Bondtolva, Gaigel), a player whose partner holds the trick
    need only follow suit.
    """

    name: str
    follow: Follow = Follow.ANY
    head: bool = False
    trump: bool = False
    overtrump: bool = False
    beat_partner: bool = True
    head_trumps_only: bool = False
    source: str = ""

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "follow", Follow(self.follow))
        except ValueError:
            raise RuleOptionError(f"follow is one of {', '.join(f.value for f in Follow)}, not {shorten(str(self.follow))}",
                                  token=shorten(str(self.follow)), legal=tuple(f.value for f in Follow)) from None

    @property
    def free(self) -> bool:
        return self.follow is Follow.ANY


_ANY, _TRUMPS = Follow.ANY, Follow.TRUMPS  # read as globals: no lookup on the enum (asked at every card followed)


# The shapes of play rule the family shares. They name no source: each game gives its own, from
# its own texts (``dataclasses.replace(STRICT, source=...)``), and its refusals quote it.
FREE = PlayRule("free")
STRICT = PlayRule("strict", follow=Follow.SUIT, head=True, trump=True, overtrump=True)
FOLLOW_TRUMPS = PlayRule("follow trumps", follow=Follow.TRUMPS)


def trick_winner(cards: Sequence[Card], trump: Suit | None, order: CardOrder) -> int:
    """Index in ``cards`` (in the order played) of the card that takes the trick."""
    power = order.of_card
    if len(cards) == 2:  # a trick of two players: one comparison, no loop
        lead, second = cards
        if second.suit is lead.suit:
            return 1 if power[second] > power[lead] else 0
        return 1 if second.suit is trump else 0
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if c.suit is b.suit:
            if power[c] > power[b]:
                best = i
        elif c.suit is trump:
            best = i
    return best


def legal_plays(hand: Iterable[Card], trick: Sequence[Card], trump: Suit | None, rule: PlayRule, order: CardOrder,
                partner_winning: bool = False) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (the cards already in it, in order);
    ``partner_winning``: the player's partner holds the trick so far. A new list, in the hand's
    order (the cards of a suit, or above a card, picked by the order's sets of them)."""
    follow = rule.follow
    if not trick or follow is _ANY:
        return [*hand]
    lead = trick[0]
    led = lead.suit
    if follow is _TRUMPS and led is not trump:
        return [*hand]
    best = lead if len(trick) == 1 else trick[trick_winner(trick, trump, order)]  # (one card led: it holds the trick)
    suited = [*filter(order.in_suit[lead].__contains__, hand)]
    if partner_winning and not rule.beat_partner:
        return suited or [*hand]
    if suited:
        if rule.head and best.suit is led and (led is trump or not rule.head_trumps_only):
            higher = [*filter(order.above[best].__contains__, suited)]  # (best is of the suit led: the same suit)
            if higher:
                return higher
        return suited
    if rule.trump and trump is not None:
        trumps = [*filter(order.suit_of[trump._value_].__contains__, hand)]
        if trumps:
            if rule.overtrump and best.suit is trump:
                over = [*filter(order.above[best].__contains__, trumps)]  # (best is a trump)
                if over:
                    return over
            return trumps
    return [*hand]


def why_not_playable(card: Card, hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, rule: PlayRule, order: CardOrder,
                     partner_winning: bool = False, cite: bool = True) -> str | None:
    """None if ``card`` may be played, else a sentence saying what the rule asks and what is legal,
    and (``cite``) the rule's source: left out where the caller cites the rule itself."""
    legal = legal_plays(hand, trick, trump, rule, order, partner_winning)
    if card in legal:
        return None
    led = trick[0].suit
    listed = " ".join(map(str, legal))
    best = trick[trick_winner(trick, trump, order)]
    if any(c.suit is led for c in hand):
        if card.suit is not led or partner_winning and not rule.beat_partner:
            why = f"must follow {led.noun}"
        else:
            why = f"must win the trick: play a {led.noun[:-1]} higher than {best}"
    elif best.suit is trump and any(c.suit is trump and order.power[c.rank] > order.power[best.rank] for c in hand):
        why = f"holding no {led.noun}, must overtrump {best}"
    else:
        why = f"holding no {led.noun}, must trump"
    source = f": {rule.source}" if rule.source and cite else ""
    return f"cannot play {card}: {why} ({rule.name} play{source}; legal: {listed})"
