"""Exchange advisor speed figures (run: python tests/benchmarks/bench_advisor.py). Prints, never asserts.

Targets (brief: the exact exchange advisor): the full elder table (1,585 discards, every draw
counted) in at most 1 s in CPython on the project's 2-core machine, so at most about 5 s under
Pyodide (taken as three times slower). "cold" clears the advisor's per-suit caches first, as for a
reader's first hand; "warm" reuses them.
"""

from __future__ import annotations

import math
import platform
import sys
import time

from tutor.games.piquet import Deal, advisor
from tutor.games.piquet.advisor import advise
from tutor.games.piquet.combos import (
    best_point_key,
    best_sequence_key,
    best_set_key,
    mask_of,
    sequence_total,
    set_total,
)

SEEDS = (1, 2, 3, 4, 5)


def clear() -> None:
    advisor._FACTORS.clear()
    advisor._SUBSETS.clear()


def best_of(fn, repeat: int = 3, cold: bool = True) -> float:
    times = []
    for _ in range(repeat):
        if cold:
            clear()
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def brute_force_estimate() -> tuple[float, int]:
    """Seconds to score the 15 million hands a brute-force elder table would need (extrapolated)."""
    hands = [mask_of(Deal.from_seed(i).elder) for i in range(2000)]
    t = time.perf_counter()
    for m in hands:
        best_point_key(m), best_sequence_key(m), best_set_key(m), sequence_total(m), set_total(m)
    per_hand = (time.perf_counter() - t) / len(hands)
    draws = sum(math.comb(12, k) * math.comb(20, k) for k in range(1, 6))
    return per_hand * draws, draws


def main() -> None:
    print(f"Python {platform.python_version()} on {platform.machine()} ({sys.platform})")
    deals = {s: Deal.from_seed(s) for s in SEEDS}
    print("full elder table, 1,585 discards, exact (best of 3)    cold      warm   (target 1 s CPython)")
    for s, d in deals.items():
        cold = best_of(lambda d=d: advise(d.elder))
        warm = best_of(lambda d=d: advise(d.elder), cold=False)
        print(f"  seed {s}: {d.elder!s:<36}  {cold:7.3f} s {warm:7.3f} s")
    for talon in (3, 5, 7):  # elder takes one to five (Law 21): younger finds three to seven
        d = deals[SEEDS[0]]
        n = len(advise(d.younger, "younger", talon_size=talon).rows)
        t = best_of(lambda d=d, talon=talon: advise(d.younger, "younger", talon_size=talon))
        print(f"younger table, talon of {talon} ({n:>5,} discards), cold, best of 3: {t:7.3f} s")
    d = deals[SEEDS[0]]
    a = advise(d.elder)
    for samples in (2000, 10000):
        t = best_of(lambda samples=samples: a.good_against(top=5, samples=samples, seed=1), cold=False)
        print(f"good-against estimate, elder, top 5, {samples:>6,} samples:   {t:7.3f} s")
    y = advise(d.younger, "younger")
    t = best_of(lambda: y.good_against(top=5, samples=2000, seed=1), cold=False)
    print(f"good-against estimate, younger, top 5,  2,000 samples:   {t:7.3f} s")
    secs, draws = brute_force_estimate()
    print(f"brute force for comparison: {draws:,} hands to score, about {secs:,.0f} s")


if __name__ == "__main__":
    main()
