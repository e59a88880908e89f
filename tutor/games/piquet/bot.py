"""A simple computer opponent for Piquet: sensible, readable, not strong.

It keeps its longest, highest suit and its sets of high cards, declares all it holds truthfully,
and plays the old rules of thumb: win a trick cheaply when it can, otherwise throw its lowest card;
lead from its strongest suit.
"""

from __future__ import annotations

from .actions import Announce, Exchange, Play
from .combos import BIT_CARD, PIPS, SUIT_LEN, SUIT_POINT_KEY, bits_of, rank_count
from .deal import Phase, PiquetDeal
from .reckon import ELDER
from .scoring import declare_in_full


def keep_value(hand: int, b: int) -> float:
    """How much the bot wants to keep card ``b``: its suit's strength, its rank, its sets."""
    s, r = b >> 3, b & 7
    suit = hand >> (8 * s) & 0xFF
    value = SUIT_POINT_KEY[suit] / 128 * 3 + r
    if r >= 3 and rank_count(hand, r) >= 3:
        value += 6
    if r == 7:
        value += 4
    return value


def choose_discard(state: PiquetDeal) -> Exchange:
    p = state.to_move
    least, most = state._exchange_limits(p)
    hand = state.hands[p]
    order = sorted(bits_of(hand), key=lambda b: keep_value(hand, b))
    # Cavendish, 'Discarding': "It is a common error at Piquet not to take all their cards."
    k = most
    discard = tuple(BIT_CARD[b] for b in order[:k])
    show = None
    if p != ELDER and k < len(state.stock) and not (state.announced is not None and not state.exchanged[ELDER]):
        show = False
    return Exchange(discard, show)


def choose_play(state: PiquetDeal) -> Play:
    legal = state._playable()
    if state.tricks and state.tricks[-1][2] < 0:
        led = state.tricks[-1][1]
        winners = [b for b in legal if b >> 3 == led >> 3 and b > led]
        if winners:
            return Play(BIT_CARD[min(winners)])
        return Play(BIT_CARD[min(legal, key=lambda b: (PIPS[b & 7], b & 7))])
    hand = state.hands[state.to_move]
    best_suit = max(range(4), key=lambda s: (SUIT_LEN[hand >> (8 * s) & 0xFF], SUIT_POINT_KEY[hand >> (8 * s) & 0xFF]))
    in_suit = [b for b in legal if b >> 3 == best_suit] or legal
    return Play(BIT_CARD[max(in_suit)])


def choose_action(state: PiquetDeal):
    """The bot's action for the player to move."""
    ph = state.phase
    if ph is Phase.ANNOUNCE:
        low = sum(1 for b in bits_of(state.hands[ELDER]) if (b & 7) < 3)
        return Announce(max(1, min(5, low)))
    if ph is Phase.EXCHANGE:
        return choose_discard(state)
    if ph in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
        return declare_in_full(state)
    return choose_play(state)


__all__ = ["choose_action", "choose_discard", "choose_play", "keep_value"]
