"""The cards a seat has not seen, dealt again: what a strong computer player searches.

A Piquet deal (and a Counterpique deal, which plays Piquet's cards) is determinized by a
permutation of the cards the seat has not seen: every place a card can be (the other's hand, the
discards, the talon, the cards left, the deal as dealt, the history) is rewritten through the same
permutation, so the copy is a deal that could have happened and everything the seat has seen stays
where it was. The permutation respects what the seat knows:

- the cards it has seen: its own hands and discard, what it took in and the cards left it may look
  at, a carte blanche proved to it, every card played, and the combinations the other declared
  (declared cards must be shown when asked: Cavendish Law 55; Parlett's Piquet rules, Sinking and
  proving), all stay put;
- a suit the other failed to follow (Cavendish Law 59 IV; Parlett's Counterpique, Play) is not
  dealt back into his hand;
- a carte blanche announced (or its absence) holds for the other's hand as dealt
  (Cavendish Law 20: a hand without king, queen or knave);
- younger's answers to elder's calls hold for his hand ("not good" only holding better, "equal"
  only holding as good: Parlett's Piquet rules, Declarations).

The cards that may go to the other's hand are chosen first, uniformly among those allowed, then
the rest are shuffled into the other places: each deal consistent with those constraints is equally
likely.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .actions import Call, Exchange, Play
from .combos import BIT_CARD, CARD_BIT, COURTS, FULL, Combination

__all__ = ["draw_permutation", "map_mask", "map_bits", "map_action", "void_suits"]


def map_mask(mask: int, perm: list[int]) -> int:
    """``mask`` with every card moved by ``perm`` (a list of 32 card bits)."""
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << perm[low.bit_length() - 1]
        mask ^= low
    return out


def map_bits(bits: Iterable[int], perm: list[int]) -> list[int]:
    return [perm[b] if b >= 0 else b for b in bits]


def map_action(action: Any, perm: list[int]) -> Any:
    """An action of the history with its cards moved by ``perm`` (other actions unchanged)."""
    if isinstance(action, Exchange):
        return Exchange(tuple(BIT_CARD[perm[CARD_BIT[c]]] for c in action.discard), action.show_left)
    if isinstance(action, Call):
        return Call(tuple(BIT_CARD[perm[CARD_BIT[c]]] for c in action.cards))
    if isinstance(action, Play):
        return Play(BIT_CARD[perm[CARD_BIT[action.card]]])
    return action


def map_combination(c: Combination | None, perm: list[int]) -> Combination | None:
    return None if c is None else Combination(c.kind, map_mask(c.mask, perm))


def void_suits(tricks: Iterable[list[int]], player: int) -> int:
    """A mask of the suits ``player`` showed he no longer held, by not following them."""
    out = 0
    for t in tricks:
        if t[2] >= 0 and t[0] != player and t[1] >> 3 != t[2] >> 3:
            out |= 0xFF << (t[1] & ~7)
    return out


def draw_permutation(rng: Any, known: int, other_hand: int, voids: int, other_dealt: int,
                     other_blank: bool, tries: int = 200, fits: Callable[[list[int]], bool] | None = None) -> list[int]:
    """A permutation of the 32 card bits that fixes every ``known`` card and moves the others at
    random, so that no card of a ``voids`` suit lands in ``other_hand`` and the other's hand as
    dealt (``other_dealt``) holds a court card exactly when it was not a blank (``other_blank``),
    and ``fits(perm)`` holds if given (the other's answers to the calls, say). Falls back to the identity (the deal as it is) if no such draw is found in ``tries``."""
    unseen = FULL & ~known
    slots_hand = [b for b in range(32) if other_hand >> b & 1 and unseen >> b & 1]
    slots_rest = [b for b in range(32) if unseen >> b & 1 and not other_hand >> b & 1]
    # drawn from the cards in their own order, so the other's new hand depends only on what the
    # seat knows (which cards are unseen, the voids, how many the other holds), not on where they were
    cards = [b for b in range(32) if unseen >> b & 1]
    allowed = [b for b in cards if not voids >> b & 1]
    for _ in range(tries):
        into_hand = rng.sample(allowed, len(slots_hand))
        chosen = set(into_hand)
        rest = [b for b in cards if b not in chosen]
        rng.shuffle(rest)
        perm = list(range(32))
        for slot, card in zip(slots_hand, into_hand):
            perm[slot] = card
        for slot, card in zip(slots_rest, rest):
            perm[slot] = card
        courts = map_mask(other_dealt, perm) & COURTS
        if bool(courts) != other_blank and (fits is None or fits(perm)):
            return perm
    return list(range(32))  # pragma: no cover - a blank far too constrained to redraw
