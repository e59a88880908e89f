"""Exchange advisor speed and size (run: python tests/benchmarks/bench_advisor.py). Prints, never asserts.

Targets (issue: the exact exchange advisor; issue: speed): the full elder table (1,585 discards,
every draw counted) in at most 1 s in CPython on the project's 2-core machine (about 5 s under
Pyodide, taken as three times slower); one "Advise" click of the advisor panel (elder, default
top) in at most 50 ms; one advisor result under 1 MB. "cold" clears the advisor's per-suit caches
first, as for a reader's first hand; "warm" reuses them. Each figure is measured for the code at
the start commit and for this checkout in one process, interleaved (see ``timing.versions``).
"""

from __future__ import annotations

import gc
import math
import statistics
import time
import tracemalloc

from timing import Code, Rate, header, of_rounds, versions  # beside this script

SEEDS = (1, 2, 3, 4, 5)
CLICK_SEEDS = tuple(range(2, 14))


def clear(code: Code) -> None:
    adv = code.get("tutor.games.piquet.advisor")
    adv._FACTORS.clear()
    adv._SUBSETS.clear()


def seconds(runs: list[tuple[Code, object]], repeat: int = 3, cold: bool = True) -> list[Rate]:
    """CPU seconds of each ``fn`` under its ``code`` (pairs in ``runs``), ``repeat`` rounds with the
    runs interleaved in each: the median and the min-max of the rounds (caches cleared before each
    run when ``cold``)."""
    times: list[list[float]] = [[] for _ in runs]
    for _ in range(repeat):
        for i, (code, fn) in enumerate(runs):
            with code:
                if cold:
                    clear(code)
                t = time.process_time()
                fn()  # type: ignore[operator]
                times[i].append(time.process_time() - t)
    return [of_rounds(ts) for ts in times]


def _s(r: Rate) -> str:
    return f"{r.median:6.3f} s ({r.lo:.3f}-{r.hi:.3f})"


def clicks(code: Code) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of each "Advise" click, elder, a new seed typed before each."""
    with code:
        panel = code.get("tutor.widgets.piquet").AdvisorPanel(seed=1)
        wall, cpu = [], []
        for s in CLICK_SEEDS:
            panel.source.value = str(s)
            t, c = time.perf_counter(), time.process_time()
            panel.advise_button.click()
            wall.append((time.perf_counter() - t) * 1000)
            cpu.append((time.process_time() - c) * 1000)
    return wall, cpu


def memory(code: Code, warm: bool) -> tuple[float, float]:
    """MB allocated and still held after one elder table (warm: its per-suit caches filled first),
    and of that what the result itself holds (freed when it is dropped: not the caches, nor the
    blocks Python keeps for reuse)."""
    with code:
        adv = code.get("tutor.games.piquet.advisor")
        hand = code.get("tutor.games.piquet").Deal.from_seed(3).elder
        clear(code)
        if warm:
            adv.advise(hand)
        gc.collect()
        tracemalloc.start()
        result = adv.advise(hand)
        held = tracemalloc.get_traced_memory()[0]
        del result
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
    return held / 1e6, (held - after) / 1e6


def brute_force_estimate(code: Code) -> tuple[float, int]:
    """Seconds to score the 15 million hands a brute-force elder table would need (extrapolated)."""
    with code:
        combos = code.get("tutor.games.piquet.combos")
        deal = code.get("tutor.games.piquet").Deal
        hands = [combos.mask_of(deal.from_seed(i).elder) for i in range(2000)]
        t = time.process_time()
        for m in hands:
            combos.best_point_key(m), combos.best_sequence_key(m), combos.best_set_key(m), combos.sequence_total(m), combos.set_total(m)
        per_hand = (time.process_time() - t) / len(hands)
    draws = sum(math.comb(12, k) * math.comb(20, k) for k in range(1, 6))
    return per_hand * draws, draws


def main() -> None:
    codes = versions()
    old, new = codes
    header(codes)
    advise = {c.label: c.get("tutor.games.piquet.advisor").advise for c in codes}
    deals = {c.label: {s: c.get("tutor.games.piquet").Deal.from_seed(s) for s in SEEDS} for c in codes}

    print("full elder table, 1,585 discards, exact; CPU, median (min-max) of 3 interleaved rounds (target 1 s)")
    for s in SEEDS:
        row = []
        for cold in (True, False):
            row += seconds([(c, lambda c=c, d=deals[c.label][s]: advise[c.label](d.elder)) for c in codes], cold=cold)
        print(f"  seed {s}: cold {_s(row[0])} -> {_s(row[1])} (x{row[0].median / row[1].median:4.1f}), "
              f"warm {_s(row[2])} -> {_s(row[3])} (x{row[2].median / row[3].median:4.1f})")
    for talon in (3, 5, 7):  # elder takes one to five (Law 21): younger finds three to seven
        t = seconds([(c, lambda c=c, talon=talon: advise[c.label](deals[c.label][1].younger, "younger", talon_size=talon))
                     for c in codes])
        n = len(advise[new.label](deals[new.label][1].younger, "younger", talon_size=talon).rows)
        print(f"younger table, talon of {talon} ({n:>5,} discards), cold: {_s(t[0])} -> {_s(t[1])} (x{t[0].median / t[1].median:4.1f})")
    try:
        advise[new.label](deals[new.label][1].younger, "younger", talon_size=8)
        print("younger with a talon of 8: accepted (it should be refused)")
    except ValueError as e:
        print(f"younger with a talon of 8 is refused ({type(e).__name__}): {e}")

    print(f'advisor panel, one "Advise" click (elder, default top), {len(CLICK_SEEDS)} seeds (target at most 50 ms)')
    results: dict[str, list[list[float]]] = {c.label: [] for c in codes}
    for _ in range(3):  # interleaved rounds; a click's time is the median of its rounds
        for c in codes:
            results[c.label].append(clicks(c)[1])
    for c in codes:
        cpu = [statistics.median(ts) for ts in zip(*results[c.label])]
        medians = [statistics.median(r) for r in results[c.label]]
        print(f"  {c.label:<14} CPU median {statistics.median(cpu):6.1f} ms ({min(medians):.1f}-{max(medians):.1f} over rounds), "
              f"worst {max(cpu):6.1f} ms")
    ratio = (statistics.median(statistics.median(ts) for ts in zip(*results[old.label]))
             / statistics.median(statistics.median(ts) for ts in zip(*results[new.label])))
    print(f"  median CPU per click x{ratio:.1f}")

    print("memory of one advisor result (elder, seed 3; MB allocated and still held; target under 1 MB)")
    for warm in (False, True):
        (o, oself), (n, nself) = (memory(c, warm) for c in codes)
        print(f"  {'warm caches:' if warm else 'cold caches:':<13} all still held {o:5.2f} MB -> {n:5.2f} MB; "
              f"the result itself {oself:5.2f} MB -> {nself:5.2f} MB (x{oself / nself:.1f} smaller)")

    a = advise[new.label](deals[new.label][1].elder)
    for samples in (2000, 10000):
        (t,) = seconds([(new, lambda samples=samples: a.good_against(top=5, samples=samples, seed=1))], cold=False)
        print(f"good-against estimate (new), elder, top 5, {samples:>6,} samples: {_s(t)}")
    secs, draws = brute_force_estimate(new)
    print(f"brute force for comparison: {draws:,} hands to score, about {secs:,.0f} s")


if __name__ == "__main__":
    main()
