"""How fast the panels answer (run: python tests/benchmarks/bench_panels.py). Prints figures.

Target (issue: the book and its live panels): every panel action answers in under 50 ms in
CPython. Each panel gets a few hundred random actions: a random enabled button of the panel
(card buttons included) is clicked, and the time until the panel has re-rendered is recorded.
"""

from __future__ import annotations

import random
import statistics
import time

import ipywidgets as w

from tutor.games.counterpique import BIDS
from tutor.widgets import counterpique as cp
from tutor.widgets.bezique import PlayPanel as BeziquePlayPanel
from tutor.widgets.bezique import WorkbenchPanel
from tutor.widgets.piquet import (
    DealPanel,
    DeclarationPanel,
    ExchangePanel,
    PartiePanel,
    PlayPanel,
    ScoringPanel,
)
from tutor.widgets.truc import RottenPanel, TrucPanel

SKIP = {"Play to the end", "New partie"}  # whole-partie actions are measured separately below


def buttons(widget):
    if isinstance(widget, w.Button) and not widget.disabled and widget.description not in SKIP:
        yield widget
    for c in getattr(widget, "children", ()):
        yield from buttons(c)


def run(panel_factory, n: int, rng: random.Random) -> list[float]:
    panel = panel_factory()
    times = []
    for _i in range(n):
        if isinstance(panel, PartiePanel) and panel.partie.is_over:
            panel = panel_factory()
        if isinstance(panel, TrucPanel) and panel.manche.is_over:
            panel = panel_factory()
        options = list(buttons(panel.widget))
        if not options:
            panel = panel_factory()
            continue
        if hasattr(panel, "bid_choice"):  # Counterpique: a bid to make, if the auction is on
            panel.bid_choice.value = rng.choice(BIDS).name
        b = rng.choice(options)
        t = time.perf_counter()
        b.click()
        times.append((time.perf_counter() - t) * 1000)
        if isinstance(panel, (DealPanel, ExchangePanel, PlayPanel, BeziquePlayPanel)) and rng.random() < 0.05:
            panel.source.value = str(rng.randrange(10**6))
        if isinstance(panel, WorkbenchPanel) and rng.random() < 0.05:
            panel.seed.value = str(rng.randrange(10**6))
    return times


def main() -> None:
    rng = random.Random(7)
    factories = {
        "DealPanel": lambda: DealPanel(seed=rng.randrange(1000)),
        "ExchangePanel": lambda: ExchangePanel(seed=rng.randrange(1000)),
        "DeclarationPanel": lambda: DeclarationPanel(seed=rng.randrange(1000)),
        "ScoringPanel": lambda: ScoringPanel(seed=rng.randrange(1000)),
        "PlayPanel": lambda: PlayPanel(seed=rng.randrange(1000), seat=rng.choice(["elder", "younger"])),
        "PartiePanel": lambda: PartiePanel(seed=rng.randrange(1000)),
        "Truc manche": lambda: TrucPanel(seed=rng.randrange(1000)),
        "Truc rotten tricks": lambda: RottenPanel(seed=rng.randrange(1000)),
        **{f"Counterpique {cls.__name__.removesuffix('Panel')}": (lambda cls=cls: cls(seed=rng.randrange(1000)))
           for cls in (cp.AuctionPanel, cp.DrawPanel, cp.DeclarationPanel, cp.PlayPanel, cp.PadPanel)},
        "Bezique Workbench": lambda: WorkbenchPanel(),
        "Bezique PlayPanel": lambda: BeziquePlayPanel(seed=rng.randrange(1000)),
    }
    print(f"{'panel':<26}{'actions':>8}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}")
    worst = 0.0
    for name, f in factories.items():
        times = sorted(run(f, 300, rng))
        worst = max(worst, times[-1])
        p95 = times[int(len(times) * 0.95) - 1]
        print(f"{name:<26}{len(times):>8}{statistics.median(times):>11.2f}{p95:>9.2f}{times[-1]:>9.2f}")
    t = time.perf_counter()
    p = PartiePanel(seed=1)
    p.all_button.click()
    print(f"'Play to the end' (six computer-played deals at once): {(time.perf_counter() - t) * 1000:.1f} ms")
    # the workbench at its heaviest: the fourteen-card preset with a long ledger, every option judged
    wb = WorkbenchPanel()
    for line in ("declare marriage KS QS", "declare four kings KS KH KD KC", "declare bezique QS JD",
                 "declare royal marriage KH QH", "declare sequence AH TH KH QH JH", "play KD"):
        wb.typed.value = line
        wb.enter_button.click()
    heavy = []
    for b in [b for b in wb.hand_row.children + wb.table_row.children if not b.disabled] * 3:
        t = time.perf_counter()
        b.click()
        heavy.append((time.perf_counter() - t) * 1000)
    worst = max(worst, *heavy)
    print(f"Workbench, preset hand after six ledger lines: {statistics.median(heavy):.2f} ms median, {max(heavy):.2f} ms max a click")
    print(f"slowest single action: {worst:.1f} ms (target < 50 ms)")


if __name__ == "__main__":
    main()
