"""A simple computer opponent for Piquet: sensible, readable, not strong.

It keeps its longest, highest suit and its sets of high cards, declares all it holds truthfully,
and plays the old rules of thumb: win a trick cheaply when it can, otherwise throw its lowest card;
lead from its strongest suit.
"""

from __future__ import annotations

from ...cards import parse_card
from ..contract import SeatView
from .actions import Announce, Exchange, Play
from .combos import BIT_CARD, CARD_BIT, PIPS, SUIT_LEN, SUIT_POINT_KEY, bits_of, mask_of, rank_count
from .deal import Phase, PiquetDeal
from .scoring import declare_in_full_from


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
    return PiquetBot().choose(SeatView(state, state.table.seats[state.to_move]))


def choose_play(state: PiquetDeal) -> Play:
    return PiquetBot().choose(SeatView(state, state.table.seats[state.to_move]))


def choose_action(state: PiquetDeal):
    """The bot's action for the player to move."""
    return PiquetBot().choose(SeatView(state, state.table.seats[state.to_move]))


class PiquetBot:
    """The computer player: it decides from its seat's view and the legal actions alone."""

    def choose(self, seat: SeatView):
        view = seat.view()
        ph = Phase(view["phase"])
        hand = mask_of(view["hand"])
        if ph is Phase.ANNOUNCE:
            low = sum(1 for b in bits_of(hand) if (b & 7) < 3)
            return Announce(max(1, min(5, low)))
        if ph is Phase.EXCHANGE:
            return self._discard(view, hand, seat.legal_actions())
        if ph in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
            d = view["declaring"]
            return declare_in_full_from(ph, d["kind"], d["hand_mask"], d["declared_masks"], d["elder_called"],
                                        seat.legal_actions(), d["point_min_length"], d["point_by_pips"])
        return self._play(view, hand, [a.card for a in seat.legal_actions()])

    @staticmethod
    def _discard(view: dict, hand: int, legal) -> Exchange:
        least, most = view["exchange_limits"]
        order = sorted(bits_of(hand), key=lambda b: keep_value(hand, b))
        # Cavendish, 'Discarding': "It is a common error at Piquet not to take all their cards."
        discard = tuple(BIT_CARD[b] for b in order[:most])
        plain = Exchange(discard, None)
        return plain if plain in legal else Exchange(discard, False)  # cards left: kept hidden

    @staticmethod
    def _play(view: dict, hand: int, legal_cards) -> Play:
        legal = [CARD_BIT[c] for c in legal_cards]
        tricks = view["tricks"]
        if tricks and tricks[-1][2] is None:
            led = CARD_BIT[parse_card(tricks[-1][1])]
            winners = [b for b in legal if b >> 3 == led >> 3 and b > led]
            if winners:
                return Play(BIT_CARD[min(winners)])
            return Play(BIT_CARD[min(legal, key=lambda b: (PIPS[b & 7], b & 7))])
        best_suit = max(range(4), key=lambda s: (SUIT_LEN[hand >> (8 * s) & 0xFF], SUIT_POINT_KEY[hand >> (8 * s) & 0xFF]))
        in_suit = [b for b in legal if b >> 3 == best_suit] or legal
        return Play(BIT_CARD[max(in_suit)])


__all__ = ["PiquetBot", "choose_action", "choose_discard", "choose_play", "keep_value"]
