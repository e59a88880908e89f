"""How fast the panels answer (run: python tests/benchmarks/bench_panels.py). Prints figures.

Target (issue: the book and its live panels; issue: speed): every panel action answers in under
50 ms in CPython, the advisor panel's "Advise" included. Each panel gets a random walk of its
main actions in proportion: half the clicks on a card button when any is enabled (selecting,
playing or discarding a card), half on the panel's other buttons (dealing afresh only one click
in twenty), and for the advisor panel its three actions, "Advise" for a newly typed hand, picking
a row and "Try this discard". The time until the panel has re-rendered is recorded as wall time
and as CPU time (the machine is shared: CPU time is what the panel itself costs). Each panel
walks from the same seed under the code at the start commit and under this checkout, in one
process (see ``timing.versions``), and the ratio of the median CPU times is printed; a fresh
deal's seed is the panel's own choice, so the two walks part after the first fresh deal, and a
ratio of medians well under a millisecond is mostly noise. A panel the old code does not have (a
game registered since) is walked under the new code alone, its old figures shown as "n/a".
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time

import ipywidgets as w
from timing import Code, header, versions  # beside this script

from tutor.widgets import CardButton

SKIP = {"Play to the end", "New partie", "Play the deal out"}  # whole-deal actions are measured separately below
FRESH = {"Deal", "New deal", "New hand", "New game", "Deal and play", "Deal 8 cards", "Use this hand", "Clear"}
ACTIONS = 150


def buttons(widget):
    if isinstance(widget, (w.Button, CardButton)) and not widget.disabled and widget.description not in SKIP:
        if widget.layout.display != "none":
            yield widget
    for c in getattr(widget, "children", ()):
        yield from buttons(c)


def is_card(b: w.Button) -> bool:
    return "tutor-card-button" in b._dom_classes


def pick(options: list[w.Button], rng: random.Random) -> w.Button:
    """Half the clicks on a card when one may be clicked; a fresh deal one click in twenty."""
    cards = [b for b in options if is_card(b)]
    fresh = [b for b in options if not is_card(b) and b.description in FRESH]
    other = [b for b in options if not is_card(b) and b.description not in FRESH]
    if fresh and (rng.random() < 0.05 or not (cards or other)):
        return rng.choice(fresh)
    if cards and (rng.random() < 0.5 or not other):
        return rng.choice(cards)
    return rng.choice(other or fresh)


_FULL_COLLECTIONS = [0]


def _count_full(phase: str, info: dict) -> None:
    if phase == "start" and info["generation"] == 2:
        _FULL_COLLECTIONS[0] += 1


gc.callbacks.append(_count_full)


def clicked(fn) -> tuple[float, float]:
    t, c = time.perf_counter(), time.process_time()
    fn()
    return (time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000


def clicked_gc(fn) -> tuple[float, float, bool]:
    """(wall ms, CPU ms, whether a full garbage collection ran meanwhile)."""
    before = _FULL_COLLECTIONS[0]
    a, c = clicked(fn)
    return a, c, _FULL_COLLECTIONS[0] != before


def _select(rows: w.Select, i: int):
    def choose() -> None:
        rows.value = i
    return choose


def walk(code: Code, make, n: int, seed: int) -> tuple[list[float], list[float], int, list[float]]:
    """(wall ms, CPU ms, card clicks, CPU ms of the actions no full garbage collection fell in)
    of ``n`` actions on panels ``make(rng)`` makes."""
    rng = random.Random(seed)
    wall, cpu, cards, clean = [], [], 0, []
    gc.collect()
    with code:
        panel = make(rng)
        advisor = type(panel).__name__ == "AdvisorPanel"
        for _ in range(n):
            if getattr(getattr(panel, "partie", None), "is_over", False) or getattr(getattr(panel, "manche", None), "is_over", False):
                panel = make(rng)
            if advisor:
                act = rng.randrange(3)
                if act == 0:
                    panel.source.value = str(rng.randrange(10**6))
                    panel.seat.value = rng.choice(["elder", "elder", "younger"])
                    fn = panel.advise_button.click
                elif act == 1:
                    fn = _select(panel.rows, rng.randrange(len(panel.rows.options)))
                else:
                    fn = panel.try_button.click
            else:
                options = list(buttons(panel.widget))
                if not options:
                    panel = make(rng)
                    continue
                if hasattr(panel, "bid_choice"):  # Counterpique: a bid to make, if the auction is on
                    panel.bid_choice.value = rng.choice(code.get("tutor.games.counterpique").BIDS).name
                b = pick(options, rng)
                cards += is_card(b)
                fn = b.click
            a, c, full = clicked_gc(fn)
            wall.append(a)
            cpu.append(c)
            if not full:
                clean.append(c)
            if hasattr(panel, "source") and not advisor and rng.random() < 0.05:
                panel.source.value = str(rng.randrange(10**6))
            if hasattr(panel, "seed") and isinstance(panel.seed, w.Text) and rng.random() < 0.05:
                panel.seed.value = str(rng.randrange(10**6))
    return wall, cpu, cards, clean


def factories(code: Code) -> dict:
    pq = code.get("tutor.widgets.piquet")
    bz = code.get("tutor.widgets.bezique")
    tr = code.get("tutor.widgets.truc")
    cp = code.get("tutor.widgets.counterpique")
    seed = lambda rng: rng.randrange(1000)  # noqa: E731
    return {
        "DealPanel": lambda rng: pq.DealPanel(seed=seed(rng)),
        "ExchangePanel": lambda rng: pq.ExchangePanel(seed=seed(rng)),
        "DeclarationPanel": lambda rng: pq.DeclarationPanel(seed=seed(rng)),
        "ScoringPanel": lambda rng: pq.ScoringPanel(seed=seed(rng)),
        "AdvisorPanel": lambda rng: pq.AdvisorPanel(seed=seed(rng)),
        "Truc rotten tricks": lambda rng: tr.RottenPanel(seed=seed(rng)),
        **{f"Counterpique {name}": (lambda rng, name=name: getattr(cp, name + "Panel")(seed=seed(rng)))
           for name in ("Auction", "Draw", "Declaration", "Pad")},
        "Bezique Workbench": lambda rng: bz.WorkbenchPanel(),
        **_later_panels(code, seed),
    }


def _registered() -> list[str]:
    from tutor.games import GAMES

    return list(GAMES)


def _later_panels(code: Code, seed) -> dict:
    """The panels of the games added after the start commit (the old code has none of them: their
    rows print "n/a" for it)."""
    try:
        bz, br = code.get("tutor.widgets.bezique"), code.get("tutor.widgets.briscan")
        ch, cl = code.get("tutor.widgets.chouine"), code.get("tutor.widgets.closing")
        ta = code.get("tutor.widgets.table")
    except ImportError:
        return {}
    return {
        "Bezique PracticePanel": lambda rng: bz.PracticePanel(seed=seed(rng)),
        **{f"{name} {kind}": (lambda rng, m=m, kind=kind: getattr(m, kind)(seed=seed(rng)) if kind != "WorkbenchPanel" else m.WorkbenchPanel())
           for name, m in (("Briscan", br), ("Chouine", ch)) for kind in ("WorkbenchPanel", "PracticePanel")},
        **{f"Closing {game}": (lambda rng, game=game: cl.ClosingTrainer(game=game, seed=seed(rng), samples=rng.choice(cl.SAMPLES)))
           for game in ("sixtysix", "schnapsen")},
        "Tute counting drill": lambda rng: ta.TablePanel("tute", seed=seed(rng), count=True),
        **{f"{game} TablePanel": (lambda rng, game=game: ta.TablePanel(seed=seed(rng), game=game)) for game in _registered()},
    }


def main() -> None:
    codes = versions()
    old, new = codes
    header(codes, columns=False)
    makers = {c.label: factories(c) for c in codes}
    print("max*: the slowest action no full garbage collection fell in (a collection of the whole heap,")
    print("      tens of ms here, lands in some click now and then, whichever code runs)")
    print(f"{'panel':<22}{'actions':>8}{'cards':>6}   {'wall ms: median':>15}{'p95':>7}{'max':>7}   "
          f"{'CPU ms: median':>14}{'max':>7}{'max*':>7}   {'old CPU median':>14}  ratio")
    worst = 0.0
    chosen = sys.argv[1:]  # panel names (or parts of them) to walk; all if none
    for i, name in enumerate(makers[new.label]):
        if chosen and not any(part.lower() in name.lower() for part in chosen):
            continue
        figures = {}
        for c in codes:  # the same walk, old then new
            try:
                figures[c.label] = walk(c, makers[c.label][name], ACTIONS, seed=100 + i)
            except Exception:  # noqa: BLE001 - a panel (or game) the old code does not have
                if c is new:
                    raise
                figures[c.label] = None
        wall, cpu, cards, clean = figures[new.label]
        old_figures = figures[old.label]
        worst = max(worst, max(clean))
        ws = sorted(wall)
        p95 = ws[int(len(ws) * 0.95) - 1]
        if old_figures is None:
            tail = f"{'n/a':>14}  n/a"
        else:
            ocpu = old_figures[1]
            tail = f"{statistics.median(ocpu):>14.2f}  x{statistics.median(ocpu) / max(statistics.median(cpu), 1e-3):.2f}"
        print(f"{name:<22}{len(wall):>8}{cards:>6}   {statistics.median(wall):>15.2f}{p95:>7.1f}{max(wall):>7.1f}   "
              f"{statistics.median(cpu):>14.2f}{max(cpu):>7.1f}{max(clean):>7.1f}   {tail}")
    best: dict[str, tuple[float, float]] = {}
    for _ in range(3):  # interleaved, best of three
        for c in codes:
            gc.collect()
            with c:
                try:
                    p = c.get("tutor.widgets.table").TablePanel("piquet", seed=1)
                except Exception:  # noqa: BLE001 - the old code's table plays the stock games alone
                    continue
                a, b = clicked(p.out_button.click)
            best[c.label] = min(best.get(c.label, (a, b)), (a, b), key=lambda x: x[1])
    for c in codes:
        if c.label in best:
            a, b = best[c.label]
            print(f"'Play the deal out' (a whole Piquet deal played by the computer), {c.label}: {a:.1f} ms wall, {b:.1f} ms CPU (best of 3)")
    # the workbench at its heaviest: the fourteen-card preset with a long ledger, every option judged
    for c in codes:
        with c:
            wb = c.get("tutor.widgets.bezique").WorkbenchPanel()
            for line in ("declare marriage KS QS", "declare four kings KS KH KD KC", "declare bezique QS JD",
                         "declare royal marriage KH QH", "declare sequence AH TH KH QH JH", "play KD"):
                wb.typed.value = line
                wb.enter_button.click()
            heavy = [clicked(b.click) for b in [b for b in wb.hand_row.children + wb.table_row.children if not b.disabled] * 3]
        if c is new:
            worst = max(worst, *(h[1] for h in heavy))  # CPU, as for the walks
        print(f"Workbench, preset hand after six ledger lines, {c.label}: {statistics.median(h[0] for h in heavy):.2f} ms median, "
              f"{max(h[0] for h in heavy):.2f} ms max a click (CPU median {statistics.median(h[1] for h in heavy):.2f} ms)")
    print(f"slowest single action (new, CPU, no full collection in it): {worst:.1f} ms (target < 50 ms)")


if __name__ == "__main__":
    main()
