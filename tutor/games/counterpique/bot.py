"""The Counterpique computer player. It is simple and readable, not strong:

* **auction**: it estimates the nominal tricks it would win as Elder for each number of cards left
  to Younger (:func:`estimate_tricks`, a linear rule of thumb fitted to deals it played against
  itself), turns that into a chance of each result (:func:`trick_chances`, a normal spread), and
  values each bid by its expected net score below the line (:func:`bid_values`). The dealer opens
  at seven-three and raises as little as he can; the non-dealer says yes, and then raises or
  stands, on his best bid. Each passes when no bid left has a positive expectation;
* **draw**: it draws all it may, throwing its lowest cards, short suits first
  (:func:`~tutor.games.counterpique.odds.keep_order`, the rule the sampling uses);
* **declarations**: it declares everything it holds;
* **play**: it wins a trick as cheaply as it can, else throws its lowest card; it leads a sure
  winner if it holds one, else the lowest card of its longest suit. In a misère it does the
  opposite, ducking when it can and shedding its high cards.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from math import erf, sqrt

from ...cards import Hand, parse_card
from ...errors import IllegalActionError
from ..contract import SeatView
from ..piquet.combos import (
    BIT_CARD,
    CARD_BIT,
    PIPS,
    SUIT_LEN,
    mask_of,
)
from ..piquet.deal import Phase as PiquetPhase
from ..piquet.scoring import declare_in_full_from
from .actions import (
    BIDS,
    LOWEST,
    TALON,
    Action,
    Bid,
    Blank,
    Exchange,
    Pass,
    Play,
    Stand,
    Yes,
    parse_bid,
)
from .odds import keep_order
from .state import (
    NOMINAL,
    SEATS,
    CounterpiqueDeal,
    Phase,
)

# -- the computer's judgement of a bid ---------------------------------------------------------------

#: Nominal tricks Elder wins as the computer plays, fitted by least squares to 9,000 deals it played
#: against itself to the last trick (a seven-trick bid leaving 3 to 8 cards, the dealer's hand as
#: Elder's): a constant, then per ace, king, queen, knave, card of a suit beyond the fourth, and
#: card drawn. Its own play is weaker than double dummy's perfect play, so it expects fewer tricks
#: than :func:`~tutor.games.counterpique.odds.outlook` would.
WEIGHTS = (0.98, 0.99, 1.17, 0.32, 0.13, 0.12, 0.32)
#: The spread of those deals around the estimate: about 1.7 tricks drawing nothing, 1.95 drawing five.
SPREAD = (1.7, 0.05)


def estimate_tricks(hand: int, cards_left: int) -> float:
    """The computer's estimate of the nominal tricks (of 13) Elder wins with ``hand`` (a bit mask of
    his twelve before the draw) on a bid leaving ``cards_left`` to Younger, drawing all he may."""
    c, ace, king, queen, knave, long_, drawn = WEIGHTS
    total = c + drawn * (TALON - cards_left)
    for s in range(4):
        suit = hand >> (8 * s) & 0xFF
        total += ace * (suit >> 7 & 1) + king * (suit >> 6 & 1) + queen * (suit >> 5 & 1) + knave * (suit >> 4 & 1)
        total += long_ * max(0, SUIT_LEN[suit] - 4)
    return total


def trick_chances(hand: int, cards_left: int) -> list[float]:
    """Chance of each number of nominal tricks, 0 to 13: a normal spread (:data:`SPREAD`) around
    :func:`estimate_tricks`, a little wider the more cards Elder draws."""
    mean = estimate_tricks(hand, cards_left)
    sd = SPREAD[0] + SPREAD[1] * (TALON - cards_left)

    def below(x: float) -> float:
        return 0.5 * (1 + erf((x - mean) / (sd * sqrt(2))))

    edges = [0.0] + [below(t + 0.5) for t in range(NOMINAL)] + [1.0]
    return [edges[t + 1] - edges[t] for t in range(NOMINAL + 1)]


@dataclass(frozen=True)
class BidValue:
    """A bid as the computer judges it for one hand: its chance of making and expected net score."""

    bid: Bid
    making: float
    expectation: float


def bid_values(hand) -> list[BidValue]:
    """Every bid, lowest first, with the computer's chance of making it and its expected net score
    below the line (its value if made, less the value times the tricks short if not)."""
    h = hand if isinstance(hand, int) else mask_of(Hand(hand))
    return list(_bid_values(h))


@functools.lru_cache(maxsize=256)
def _bid_values(h: int) -> tuple[BidValue, ...]:
    """:func:`bid_values` of a card mask, found once for a hand (the auction asks again at each
    bid, and each value is immutable)."""
    chances = {c: trick_chances(h, c) for c in range(3, TALON + 1)}
    out = []
    for bid in BIDS:
        p = chances[bid.cards]
        making = sum(p[bid.tricks:])
        # Parlett's Counterpique, Score (as contract_result): the value if made, the value per trick short if not.
        short = sum(q * (bid.tricks - t) for t, q in enumerate(p[: bid.tricks]))
        out.append(BidValue(bid, making, bid.value * (making - short)))
    return tuple(out)


def _best(values: list[BidValue], floor: int) -> BidValue | None:
    """The best bid worth more than ``floor``, if its expectation is positive."""
    ok = [v for v in values if v.bid.value > floor and v.expectation > 0]
    return max(ok, key=lambda v: (v.expectation, -v.bid.value), default=None)


def choose_bid(state: CounterpiqueDeal) -> Action:
    return choose_action(state)


def choose_draw(state: CounterpiqueDeal) -> Exchange:
    return choose_action(state)  # type: ignore[return-value]


def choose_play(state: CounterpiqueDeal) -> Play:
    return choose_action(state)  # type: ignore[return-value]


def choose_action(state: CounterpiqueDeal) -> Action:
    """The computer's action for the seat to move."""
    if state.is_over:
        raise IllegalActionError("the deal is over: nothing to choose", token="over")
    return CounterpiqueBot().choose(SeatView(state, state.table.seats[state.to_move]))


class CounterpiqueBot:
    """The computer player: bids on the exact odds of its own hand, draws, declares in full and
    plays the old rules of thumb, all from its seat's view and the legal actions."""

    def choose(self, seat: SeatView) -> Action:
        view = seat.view()
        ph = Phase(view["phase"])
        hand = mask_of(view["hand"])
        if ph is Phase.BLANK:
            return Blank()
        if ph in (Phase.AUCTION, Phase.RAISE):
            return self._bid(ph, SEATS.index(view["seat"]), hand, None if view["bid"] is None else parse_bid(view["bid"]))
        if ph is Phase.DRAW:
            order = keep_order(hand)[: view["draw_limit"]]
            return Exchange(tuple(BIT_CARD[b] for b in order))
        if ph in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
            d = view["declaring"]
            inner_phase = PiquetPhase(ph.value)
            return declare_in_full_from(inner_phase, d["kind"], d["hand_mask"], d["declared_masks"], d["elder_called"],
                                        seat.legal_actions(), d["point_min_length"], d["point_by_pips"])
        return self._play(view, hand, [CARD_BIT[a.card] for a in seat.legal_actions()])

    @staticmethod
    def _bid(ph: Phase, seat: int, hand: int, current: Bid | None) -> Action:
        values = bid_values(hand)
        if ph is Phase.RAISE:
            best = _best(values, current.value)  # type: ignore[union-attr]
            stay = next(v for v in values if v.bid == current)
            return best.bid if best is not None and best.expectation > stay.expectation else Stand()
        if seat == 0:
            # The non-dealer's yes holds him to this very bid, or to a raise once he has won.
            held = current or LOWEST
            ok = any(v.expectation > 0 and (v.bid == held or v.bid.value > held.value) for v in values)
            return Yes() if ok else Pass()
        if current is None:  # the dealer opens at the lowest bid if any bid is worth playing
            return LOWEST if _best(values, 0) is not None else Pass()
        # The dealer raises as little as he can: the cheapest bid above with a positive expectation.
        up = [v for v in values if v.bid.value > current.value and v.expectation > 0]
        return min(up, key=lambda v: (v.bid.value, -v.expectation)).bid if up else Pass()

    @staticmethod
    def _play(view: dict, hand: int, legal: list[int]) -> Play:
        tricks = [(t[0], CARD_BIT[parse_card(t[1])], CARD_BIT[parse_card(t[2])] if t[2] else -1) for t in view["tricks"]]
        following = bool(tricks) and tricks[-1][2] < 0
        if view["misere"]:
            if following:
                led = tricks[-1][1]
                under = [b for b in legal if b >> 3 == led >> 3 and b < led]
                if under:
                    return Play(BIT_CARD[max(under)])  # duck as high as is safe
                return Play(BIT_CARD[max(legal, key=lambda b: (b & 7, b))])  # must win, or void: shed the highest
            return Play(BIT_CARD[min(legal, key=lambda b: (b & 7, b))])
        if following:
            led = tricks[-1][1]
            winners = [b for b in legal if b >> 3 == led >> 3 and b > led]
            if winners:
                return Play(BIT_CARD[min(winners)])
            return Play(BIT_CARD[min(legal, key=lambda b: (PIPS[b & 7], b & 7))])
        # Lead a sure winner (every higher card of its suit held or played), from the longest suit;
        # with none, the lowest card of the longest suit, to make its length good.
        gone = hand
        for t in tricks:
            gone |= 1 << t[1] | (1 << t[2] if t[2] >= 0 else 0)
        sure = [b for b in legal if (0xFF << (b & ~7)) & ~((2 << b) - 1) & ~gone == 0]
        length = [SUIT_LEN[hand >> (8 * s) & 0xFF] for s in range(4)]
        if sure:
            return Play(BIT_CARD[max(sure, key=lambda b: (length[b >> 3], b))])
        return Play(BIT_CARD[min(legal, key=lambda b: (-length[b >> 3], b & 7))])


__all__ = [
    "WEIGHTS",
    "BidValue",
    "CounterpiqueBot",
    "bid_values",
    "choose_action",
    "choose_bid",
    "choose_draw",
    "choose_play",
    "estimate_tricks",
    "trick_chances",
]
