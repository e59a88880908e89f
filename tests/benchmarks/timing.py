"""Shared by the benchmark scripts beside it (run as ``python tests/benchmarks/bench_x.py``)."""

from __future__ import annotations

import time


def rate(fn, n: int, repeat: int = 3) -> float:
    """Calls a second of ``fn(n)`` (which does ``n`` units of work), best of ``repeat`` runs."""
    best = min(_time(fn, n) for _ in range(repeat))
    return n / best


def _time(fn, n):
    t = time.perf_counter()
    fn(n)
    return time.perf_counter() - t
