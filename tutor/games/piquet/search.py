"""Playing out Piquet's twelve tricks fast, for a strong computer player's look-ahead.

Piquet and Counterpique play the same tricks: no trumps, suit must be followed, the higher card of
the suit led wins (Parlett's Piquet rules, Tricks; Cavendish Law 59 IV; Parlett's Counterpique,
Play). Here the two hands are bit masks (:mod:`~tutor.games.piquet.combos`) and every card is
known, as in one deal of the unseen cards (:mod:`~tutor.games.piquet.unseen`):

- :func:`greedy_card` is the quick play used to finish a deal: lead a card the other cannot beat,
  from the longest such suit, else the lowest card of the longest suit; follow with the cheapest
  card that wins, else the lowest card;
- :func:`play_out` finishes the tricks with it;
- :func:`exact_values` searches the last tricks exactly (both hands seen) for what a function of the
  tricks won is worth.
"""

from __future__ import annotations

from collections.abc import Callable

from .combos import PIPS, SUIT_LEN

__all__ = ["greedy_card", "play_out", "playable", "exact_values", "winner"]


def playable(hand: int, led: int) -> int:
    """The cards of ``hand`` (a mask) that may be played to ``led`` (a card bit, -1 to lead)."""
    if led < 0:
        return hand
    follow = hand & (0xFF << (led & ~7))
    return follow or hand


def winner(leader: int, led: int, followed: int) -> int:
    """Who takes the trick: the follower only with a higher card of the suit led."""
    return 1 - leader if followed >> 3 == led >> 3 and followed > led else leader


def _low(mask: int) -> int:
    """The lowest card of ``mask`` by its pips, then by rank."""
    best, key = -1, 99
    m = mask
    while m:
        low = m & -m
        b = low.bit_length() - 1
        k = PIPS[b & 7] * 8 + (b & 7)
        if k < key:
            best, key = b, k
        m ^= low
    return best


def greedy_card(hand: int, other: int, led: int) -> int:
    """The quick play for the player holding ``hand`` against ``other`` (both masks)."""
    if led >= 0:
        suit = 0xFF << (led & ~7)
        mine = hand & suit
        if not mine:
            return _low(hand)
        above = mine & ~((2 << led) - 1)
        if above:
            return (above & -above).bit_length() - 1  # the cheapest card that wins
        return (mine & -mine).bit_length() - 1
    best, key = -1, -1
    for s in range(4):
        mine = hand >> (8 * s) & 0xFF
        if not mine:
            continue
        theirs = other >> (8 * s) & 0xFF
        top = mine.bit_length() - 1
        sure = theirs < (1 << top)  # no higher card of the suit against it
        n = SUIT_LEN[mine]
        k = (1 if sure else 0) * 100 + n * 10 + (top if sure else 7 - (mine & -mine).bit_length())
        if k > key:
            best = 8 * s + (top if sure else (mine & -mine).bit_length() - 1)
            key = k
    return best


def play_out(hands: list[int], tricks: list[list[int]], to_move: int, total: int = 12) -> list[list[int]]:
    """``tricks`` (each ``[leader, led, followed or -1, winner or -1]``) finished to ``total``
    tricks with :func:`greedy_card`, ``to_move`` the player to play; a new list, hands untouched."""
    h = hands[:]
    out = [t[:] for t in tricks]
    p = to_move
    while True:
        if out and out[-1][2] < 0:
            t = out[-1]
            b = greedy_card(h[p], h[1 - p], t[1])
            h[p] ^= 1 << b
            t[2] = b
            t[3] = winner(t[0], t[1], b)
            p = t[3]
        if len(out) >= total:
            return out
        b = greedy_card(h[p], h[1 - p], -1)
        h[p] ^= 1 << b
        out.append([p, b, -1, -1])
        p = 1 - p


def exact_values(hands: list[int], led: int, leader: int, to_move: int, value: Callable[[int, int, int], float],
                 won: tuple[int, int], left: int) -> dict[int, float]:
    """What each card ``to_move`` may play is worth to player 0, by exact search of the ``left``
    tricks still to finish (the one in progress counted), both hands known: one for each lead and
    one for a trick won that the other led, counted as each trick ends, then
    ``value(won_0, won_1, last winner)`` for the tricks won in all (player 0 maximises, player 1
    minimises). ``led`` is the card led to the trick in progress, or -1."""
    memo: dict[tuple, float] = {}

    def after(h0: int, h1: int, led: int, leader: int, p: int, b: int, w0: int, w1: int, left: int) -> float:
        low = 1 << b
        n0, n1 = (h0 ^ low, h1) if p == 0 else (h0, h1 ^ low)
        if led < 0:
            return search(n0, n1, b, p, 1 - p, w0, w1, left)
        w = winner(leader, led, b)
        pts = (1 if leader == 0 else -1) + ((1 if w == 0 else -1) if w != leader else 0)
        w0, w1 = w0 + (w == 0), w1 + (w == 1)
        if left == 1:
            return pts + value(w0, w1, w)
        return pts + search(n0, n1, -1, w, w, w0, w1, left - 1)

    def search(h0: int, h1: int, led: int, leader: int, p: int, w0: int, w1: int, left: int) -> float:
        key = (h0, h1, led, leader, p, w0)
        got = memo.get(key)
        if got is not None:
            return got
        m = playable(h0 if p == 0 else h1, led)
        best: float | None = None
        while m:
            low = m & -m
            m ^= low
            v = after(h0, h1, led, leader, p, low.bit_length() - 1, w0, w1, left)
            if best is None or (v > best if p == 0 else v < best):
                best = v
        memo[key] = best  # type: ignore[assignment]
        return best  # type: ignore[return-value]

    out = {}
    m = playable(hands[to_move], led)
    while m:
        low = m & -m
        m ^= low
        b = low.bit_length() - 1
        out[b] = after(hands[0], hands[1], led, leader, to_move, b, won[0], won[1], left)
    return out
