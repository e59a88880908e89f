"""Judging a bid: the chance of making it with a given hand, and exact chances of the draw.

Two methods, each named where it is used:

* **Exact counting** for what Elder draws. Elder bidding to leave ``c`` cards draws ``8 - c`` of
  the 20 cards he cannot see, all C(20, 8 - c) sets equally likely, so the chance of drawing named
  cards is hypergeometric: :func:`draw_chance` is Piquet's :func:`~tutor.games.piquet.odds.take_in`
  with Counterpique's draw sizes (five for a bid leaving three, none for one leaving eight).

* **Sampling with double-dummy play** for making a bid (:func:`outlook`, :func:`bid_chances`).
  Each sample deals the 20 unseen cards at random into Younger's twelve and the talon's eight;
  Elder discards by a stated rule (:func:`keep_order`: his lowest cards, short suits first; or
  the discard given) and draws; Younger discards by the same rule and takes all that remain;
  then :func:`max_tricks` finds the tricks Elder wins if both play perfectly seeing all the cards
  (double dummy). The chance is the fraction of samples that make the bid, with its standard
  error ``sqrt(p(1 - p)/n)``. Double dummy is the usual yardstick of bridge analysis: it is exact
  for the layout but lets both sides play as if they saw each other's hands.

:func:`max_tricks` is an exact minimax over the play (following suit, the last trick counting
two), with memoisation and one card tried from each run of cards equivalent in play; the tests
hold it to a plain minimax on small hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import sqrt

from ...cards import PIQUET_PACK, shuffled
from ...errors import IllegalActionError
from ..piquet.combos import SUIT_LEN, bits_of, mask_of
from ..piquet.odds import take_in
from .actions import BIDS, MAX_LEFT, MIN_LEFT, TALON, Bid

FULL = 0xFFFFFFFF
UNSEEN = 20  # what Elder cannot see before the draw: 32 less his twelve

__all__ = [
    "max_tricks",
    "keep_order",
    "draw_chance",
    "Outlook",
    "outlook",
    "bid_chances",
]


# -- the draw, exactly ---------------------------------------------------------------------------------


def draw_chance(named: int, cards_left: int, at_least: int | None = None) -> Fraction:
    """Chance that Elder, bidding to leave ``cards_left`` to Younger and drawing all he may, draws at
    least ``at_least`` (default: all) of ``named`` cards he does not hold::

        P = sum over i >= at_least of C(named, i) * C(20 - named, d - i) / C(20, d),  d = 8 - cards_left
    """
    if type(cards_left) is not int or not MIN_LEFT <= cards_left <= MAX_LEFT:
        raise IllegalActionError(
            f"a bid leaves {MIN_LEFT} to {MAX_LEFT} cards to Younger, not {cards_left!r}", token=cards_left,
            legal=range(MIN_LEFT, MAX_LEFT + 1),
        )
    return take_in(named, TALON - cards_left, UNSEEN, at_least)


# -- double-dummy play ------------------------------------------------------------------------------------

_REPS: dict[int, tuple[int, ...]] = {}


def _suit_reps(live: int, mine: int) -> tuple[int, ...]:
    """Of ``mine`` (cards of one suit), the top card of each run adjacent among the ``live`` cards,
    highest first: cards of one run win and lose the same tricks, so one of them is tried."""
    key = live << 8 | mine
    out = _REPS.get(key)
    if out is None:
        found, above_mine = [], False
        for r in range(7, -1, -1):
            if live >> r & 1:
                is_mine = bool(mine >> r & 1)
                if is_mine and not above_mine:
                    found.append(1 << r)
                above_mine = is_mine
        out = _REPS[key] = tuple(found)
    return out


def _reps(cards: int, live: int) -> list[int]:
    out = []
    for s in (0, 8, 16, 24):
        m = cards >> s & 0xFF
        if m:
            for b in _suit_reps(live >> s & 0xFF, m):
                out.append(b << s)
    return out


def max_tricks(elder, younger, leader: int = 0, last_double: bool = True) -> int:
    """Tricks Elder wins (the last counting two unless ``last_double`` is False) when both play
    perfectly seeing every card: exact minimax. ``elder``/``younger`` are equal-sized hands (card
    notation or bit masks); ``leader`` 0 if Elder leads, 1 if Younger does."""
    e = elder if isinstance(elder, int) else mask_of(PIQUET_PACK.parse_hand(elder))
    y = younger if isinstance(younger, int) else mask_of(PIQUET_PACK.parse_hand(younger))
    if e & y or e.bit_count() != y.bit_count() or not e:
        raise IllegalActionError("double-dummy play needs two non-empty hands of one size with no card in common", token="hands")
    if leader not in (0, 1):
        raise IllegalActionError(f"leader is 0 (Elder) or 1 (Younger), not {leader!r}", token=leader, legal=(0, 1))
    return _solve(e, y, leader, 2 if last_double else 1)


def _solve(e: int, y: int, leader: int, last: int) -> int:
    """The exact value by MTD(f): null-window alpha-beta searches sharing one table of bounds."""
    table: dict = {}
    lo, hi = -1, e.bit_count() + last
    g = min(7, hi - 1)
    while lo < hi:
        beta = g + 1 if g == lo else g
        g = _search(e, y, leader, beta - 1, beta, table, last)
        if g < beta:
            hi = g
        else:
            lo = g
    return g


def _search(e: int, y: int, leader: int, alpha: int, beta: int, table: dict, last: int) -> int:
    """Fail-soft alpha-beta over whole tricks: Elder's tricks from here, a bound outside (alpha, beta).

    Elder maximises and Younger minimises; within a trick the leader picks a card and the follower
    answers it (following suit if he can). ``table`` keeps (lower, upper) bounds per position."""
    n = e.bit_count()
    if n == 1:
        lead, follow = (e, y) if leader == 0 else (y, e)
        follower_wins = (lead.bit_length() - 1) >> 3 == (follow.bit_length() - 1) >> 3 and follow > lead
        return last if (leader == 1) == follower_wins else 0
    key = (e << 32 | y) << 1 | leader
    lo, hi = table.get(key, (0, n + last - 1))
    if lo >= beta or lo == hi:
        return lo
    if hi <= alpha:
        return hi
    a0 = alpha = max(alpha, lo)
    b0 = beta = min(beta, hi)
    live = e | y
    if leader == 0:
        best = -1
        for lb in _reps(e, live):
            suit = 0xFF << ((lb.bit_length() - 1) & ~7)
            reply, a = 99, max(alpha, best)
            for fb in reversed(_reps(y & suit or y, live)):  # Younger tries his low cards first
                if fb & suit and fb > lb:
                    v = _search(e ^ lb, y ^ fb, 1, a, min(beta, reply), table, last)
                else:
                    v = 1 + _search(e ^ lb, y ^ fb, 0, a - 1, min(beta, reply) - 1, table, last)
                if v < reply:
                    reply = v
                    if reply <= a:
                        break
            if reply > best:
                best = reply
                if best >= beta:
                    break
    else:
        best = 99
        for lb in _reps(y, live):
            suit = 0xFF << ((lb.bit_length() - 1) & ~7)
            reply, b = -1, min(beta, best)
            for fb in _reps(e & suit or e, live):
                if fb & suit and fb > lb:
                    v = 1 + _search(e ^ fb, y ^ lb, 0, max(alpha, reply) - 1, b - 1, table, last)
                else:
                    v = _search(e ^ fb, y ^ lb, 1, max(alpha, reply), b, table, last)
                if v > reply:
                    reply = v
                    if reply >= b:
                        break
            if reply < best:
                best = reply
                if best <= alpha:
                    break
    if best <= a0:
        table[key] = (lo, best)
    elif best >= b0:
        table[key] = (best, hi)
    else:
        table[key] = (best, best)
    return best


# -- the draw by rule, for sampling ---------------------------------------------------------------------


def keep_order(hand: int) -> list[int]:
    """The hand's cards (bits) from the first to discard to the last: lowest rank first, and among
    equal ranks the card of the shorter suit first. The rule the sampling uses for both players."""
    return sorted(bits_of(hand), key=lambda b: (b & 7, SUIT_LEN[hand >> (b & ~7) & 0xFF], b))


def _discard(hand: int, k: int) -> int:
    d = 0
    for b in keep_order(hand)[:k]:
        d |= 1 << b
    return d


@dataclass(frozen=True)
class Outlook:
    """What sampling found for one number of cards left to Younger.

    ``tricks[t]`` is how many of the ``samples`` gave Elder exactly ``t`` of the nominal thirteen.
    """

    cards_left: int
    samples: int
    tricks: tuple[int, ...]

    def making(self, tricks: int) -> float:
        """The fraction of samples in which Elder won at least ``tricks``."""
        return sum(self.tricks[tricks:]) / self.samples

    def error(self, tricks: int) -> float:
        """The standard error of :meth:`making`: sqrt(p (1 - p) / n)."""
        p = self.making(tricks)
        return sqrt(p * (1 - p) / self.samples)  # p is a chance here, not a seat

    def expectation(self, bid: Bid) -> float:
        """Elder's expected score below the line less Younger's, for ``bid``, over the samples."""
        total = 0
        for t, count in enumerate(self.tricks):
            total += count * (bid.value if t >= bid.tricks else -bid.value * (bid.tricks - t))
        return total / self.samples


def outlook(hand, cards_left: int, samples: int = 100, seed: int | str = 0, discard=None) -> Outlook:
    """Sample Elder's double-dummy tricks with ``hand`` (his twelve before the draw) on a bid leaving
    ``cards_left`` cards to Younger: see the module docstring for the method. ``discard`` fixes
    Elder's discard (at most ``8 - cards_left`` cards); otherwise :func:`keep_order` chooses and he
    draws all he may."""
    h = mask_of(PIQUET_PACK.parse_hand(hand, 12, "hand"))
    if type(cards_left) is not int or not MIN_LEFT <= cards_left <= MAX_LEFT:
        raise IllegalActionError(
            f"a bid leaves {MIN_LEFT} to {MAX_LEFT} cards to Younger, not {cards_left!r}", token=cards_left,
            legal=range(MIN_LEFT, MAX_LEFT + 1),
        )
    if type(samples) is not int or samples < 1:
        raise IllegalActionError(f"samples is a whole number from 1, not {samples!r}", token=samples)
    most = TALON - cards_left
    if discard is None:
        d = _discard(h, most)
    else:
        d = mask_of(PIQUET_PACK.parse_hand(discard))
        if d & ~h or d.bit_count() > most:
            raise IllegalActionError(
                f"the discard must be at most {most} cards of the hand", token=str(discard), legal=(f"0 to {most} cards",)
            )
    k = d.bit_count()
    unseen = bits_of(FULL & ~h)
    counts = [0] * 14
    for i in range(samples):
        order = shuffled(unseen, f"{seed}/{i}")  # the same samples on every Python version
        younger = 0
        for b in order[:12]:
            younger |= 1 << b
        talon = order[12:]
        elder = h & ~d
        for b in talon[:k]:
            elder |= 1 << b
        rest = talon[k:]
        yd = _discard(younger, len(rest))
        for b in rest:
            younger |= 1 << b
        younger &= ~yd
        counts[_solve(elder, younger, 0, 2)] += 1
    return Outlook(cards_left, samples, tuple(counts))


def bid_chances(hand, samples: int = 100, seed: int | str = 0) -> list[dict]:
    """Every bid with its sampled chance of making and expected net score below the line, best
    expectation first. One :func:`outlook` per number of cards left serves all bids leaving it."""
    looks = {c: outlook(hand, c, samples, seed) for c in range(MIN_LEFT, MAX_LEFT + 1)}
    rows: list[dict] = []
    for bid in BIDS:
        o = looks[bid.cards]
        rows.append({"bid": bid.name, "value": bid.value, "p": o.making(bid.tricks), "error": o.error(bid.tricks),
                     "expectation": o.expectation(bid)})
    rows.sort(key=lambda r: -float(r["expectation"]))
    return rows
