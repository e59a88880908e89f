"""Fast random deals for simulations and odds: the same rules, without the dialogue.

A random deal here is dealt, exchanged at random (elder 1 to 5 cards, younger 1 up to what
remains; the carte blanche order of exchange when elder holds one), declared in full by both
players and played out with random legal cards. Scoring goes through the same
:func:`~tutor.games.piquet.reckon.reckon_events` as the explained state machine; the tests replay
recorded simulations through :class:`~tutor.games.piquet.deal.PiquetDeal` and demand the same totals.
"""

from __future__ import annotations

import random

from .combos import COURTS
from .reckon import reckon_events
from .rules import PiquetRules
from .scoring import declaration_events


def _pick(rng_random, mask: int, k: int) -> int:
    """A uniformly random k-card subset of ``mask``."""
    bits = []
    m = mask
    while m:
        low = m & -m
        bits.append(low)
        m ^= low
    out = 0
    n = len(bits)
    for i in range(k):
        j = i + int(rng_random() * (n - i))
        bits[i], bits[j] = bits[j], bits[i]
        out |= bits[i]
    return out


def random_deal(rng: random.Random, rules: PiquetRules | None = None, record: list | None = None) -> tuple[int, int]:
    """Play one random deal; returns (elder's score, younger's score).

    With ``record`` given, appends what happened so that it can be replayed exactly:
    ``("deal", elder, younger, talon bits)``, ``("announce", k)``, ``("exchange", player, discard)``,
    ``("play", bit)``.
    """
    rules = rules or PiquetRules()
    rr = rng.random
    order = list(range(32))
    for i in range(31, 0, -1):
        j = int(rr() * (i + 1))
        order[i], order[j] = order[j], order[i]
    hands = [0, 0]
    for b in order[:12]:
        hands[0] |= 1 << b
    for b in order[12:24]:
        hands[1] |= 1 << b
    talon = order[24:]
    if record is not None:
        record.append(("deal", hands[0], hands[1], tuple(talon)))
    cb = (not hands[0] & COURTS, not hands[1] & COURTS)
    least_y = 1 if rules.younger_must_exchange else 0

    def exchange(p: int, k: int) -> None:
        nonlocal talon
        d = _pick(rr, hands[p], k)
        took = 0
        for b in talon[:k]:
            took |= 1 << b
        talon = talon[k:]
        hands[p] = hands[p] & ~d | took
        if record is not None:
            record.append(("exchange", p, d))

    if cb[0]:
        k = 1 + int(rr() * 5)
        if record is not None:
            record.append(("announce", k))
        most = 8 - k
        exchange(1, least_y + int(rr() * (most - least_y + 1)))
        exchange(0, k)
    else:
        exchange(0, 1 + int(rr() * 5))
        most = len(talon)
        exchange(1, least_y + int(rr() * (most - least_y + 1)))

    events = declaration_events(hands[0], hands[1], rules, cb)
    tricks = []
    leader = 0
    h = hands[:]  # the simulator's own two bit-mask hands: 1 - leader indexes them in its hot loop
    for _ in range(12):
        lm = h[leader]
        led = _pick(rr, lm, 1)
        h[leader] = lm ^ led
        fm = h[1 - leader]
        suit = 0xFF << ((led.bit_length() - 1) & ~7)
        fol = _pick(rr, fm & suit or fm, 1)
        h[1 - leader] = fm ^ fol
        lb, fb = led.bit_length() - 1, fol.bit_length() - 1
        winner = 1 - leader if fol & suit and fol > led else leader
        tricks.append((leader, lb, fb, winner))
        if record is not None:
            record.append(("play", lb))
            record.append(("play", fb))
        leader = winner
    totals = [0, 0]
    for p, _, pts, _ in reckon_events(events, tricks, rules, True):
        totals[p] += pts
    return totals[0], totals[1]
