"""Shared by the benchmark scripts beside it (run as ``python tests/benchmarks/bench_x.py``).

Every figure is CPU time (``time.process_time``: the machine is shared, and CPU time is what the
code itself costs), measured in rounds and given as the median with the min-max of the rounds
(:class:`Rate`); rows compared with each other run interleaved, round by round, on the same
seeds and random streams, so a load on the machine falls on each row alike. No figure is a best
of runs. Besides :func:`rate` and :func:`rates`, the old-against-new comparison: :func:`versions` loads the package twice in
one process, the code of this checkout and that of an earlier commit (its ``tutor/`` folder,
``TUTOR_OLD`` or ``/tmp/old-tutor-COMMIT``, made with ``git archive`` from ``TUTOR_OLD_COMMIT``
when missing; a folder made for another commit is never taken for this one), and :func:`compare`
times the same work under each, interleaved, on CPU time, so a loaded machine slows both alike.

The default old commit, :data:`START`, is the code the speed issue measured its figures on;
``TUTOR_OLD_COMMIT=667bc55`` compares with the code the second round of speed work started from.
"""

from __future__ import annotations

import importlib
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[2]
#: the commit this work started from (the figures' "old"); set TUTOR_OLD_COMMIT to compare another
START = "e57605a"


class Rate(NamedTuple):
    """Units of work a CPU second: the median of the rounds, and the slowest and fastest round."""

    median: float
    lo: float
    hi: float

    def __format__(self, spec: str) -> str:
        """``f"{r:,.0f}"``: ``"1,234 (1,100-1,300)"``, the spec applied to each figure."""
        spec = spec or ",.0f"
        return f"{self.median:{spec}} ({self.lo:{spec}}-{self.hi:{spec}})"

    def __str__(self) -> str:
        return format(self)


def of_rounds(values: Sequence[float]) -> Rate:
    return Rate(statistics.median(values), min(values), max(values))


def rates(fns: Sequence[Callable[[int], object]], n: int, repeat: int = 5, codes: Sequence[Code] | None = None) -> list[Rate]:
    """For each ``fn(n)`` (``n`` units of work), units a CPU second over ``repeat`` rounds, the
    functions run in turn within each round (interleaved); each under its version of ``codes``
    when given (entered outside the timing)."""
    seconds: list[list[float]] = [[] for _ in fns]
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            if codes is None:
                seconds[i].append(cpu_seconds(lambda fn=fn: fn(n)))
            else:
                with codes[i]:
                    seconds[i].append(cpu_seconds(lambda fn=fn: fn(n)))
    return [of_rounds([n / max(t, 1e-9) for t in ts]) for ts in seconds]


def rate(fn: Callable[[int], object], n: int, repeat: int = 5) -> Rate:
    """Units of work a CPU second of ``fn(n)``, over ``repeat`` rounds (median, min-max)."""
    return rates([fn], n, repeat)[0]


class Code:
    """One version of the ``tutor`` package: its modules, put in ``sys.modules`` while it runs (so
    that imports made inside functions find the same version)."""

    active: Code | None = None  # the version in sys.modules now, when one has been put there

    def __init__(self, label: str, modules: dict[str, ModuleType]):
        self.label = label
        self.modules = modules
        self._saved: dict[str, ModuleType] = {}
        self._depth = 0

    def get(self, name: str) -> ModuleType:
        """A module of this version, imported if need be (``"tutor.games.piquet.advisor"``)."""
        with self:
            return importlib.import_module(name)

    def __enter__(self) -> Code:
        if self._depth == 0:  # entered again from within (get() inside a with block): nothing to swap
            assert Code.active is None, f"{self.label} entered inside {Code.active and Code.active.label}"
            self._saved = _take_tutor()
            sys.modules.update(self.modules)
            Code.active = self
        self._depth += 1
        return self

    def __exit__(self, *exc) -> None:
        self._depth -= 1
        if self._depth == 0:
            self.modules = _take_tutor()
            sys.modules.update(self._saved)
            Code.active = None


def _take_tutor() -> dict[str, ModuleType]:
    mods = {k: v for k, v in sys.modules.items() if k == "tutor" or k.startswith("tutor.")}
    for k in mods:
        del sys.modules[k]
    return mods


def versions() -> tuple[Code, Code]:
    """(old, new): the package at the start commit and as it is in this checkout."""
    commit = os.environ.get("TUTOR_OLD_COMMIT", START)
    old_dir = Path(os.environ.get("TUTOR_OLD", f"/tmp/old-tutor-{commit}"))
    stamp = old_dir / "COMMIT"
    if not (old_dir / "tutor" / "__init__.py").exists():
        old_dir.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "tutor"], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(old_dir)], input=archive, check=True)
        stamp.write_text(commit)
    elif stamp.exists() and stamp.read_text().strip() != commit:
        raise SystemExit(f"{old_dir} holds the code of {stamp.read_text().strip()}, not {commit}: set TUTOR_OLD to another folder")
    importlib.import_module("tutor")
    new = Code("new", _take_tutor())
    sys.path.insert(0, str(old_dir))
    try:
        importlib.import_module("tutor")
        old = Code(f"old ({commit})", _take_tutor())
    finally:
        sys.path.remove(str(old_dir))
    sys.modules.update(new.modules)
    assert old.get("tutor").__file__ != new.get("tutor").__file__
    return old, new


def cpu_seconds(fn: Callable[[], object]) -> float:
    t = time.process_time()
    fn()
    return time.process_time() - t


def compare(label: str, make: Callable[[Code], Callable[[int], object]], n: int, codes: tuple[Code, Code],
            repeat: int = 5, target: str = "", per: str = "/s") -> tuple[Rate, Rate]:
    """Units of work a CPU second, old and new, over ``repeat`` interleaved rounds (median and
    min-max); printed with the ratio of the medians. ``make(code)`` builds ``fn(n)`` from that
    version's modules (outside the timing); both run the same work (the same seeds and streams)."""
    fns = []
    for code in codes:
        with code:
            fns.append(make(code))

    old, new = rates(fns, n, repeat, codes)
    tail = f"  (target {target})" if target else ""
    print(f"{label:<58} {str(old) + per:>26} {str(new) + per:>26}  x{new.median / old.median:5.2f}{tail}")
    return old, new


def header(codes: tuple[Code, Code], columns: bool = True) -> None:
    import platform

    print(f"Python {platform.python_version()} on {platform.machine()} ({sys.platform}); old: the code at {codes[0].label}")
    if columns:
        print(f"{'CPU time, median (min-max) of interleaved rounds':<58} {codes[0].label:>26} {codes[1].label:>26}  ratio")
