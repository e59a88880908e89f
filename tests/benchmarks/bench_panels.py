"""How fast the panels answer (run: python tests/benchmarks/bench_panels.py [PANEL ...] [--rounds N]).
Prints figures, never asserts.

Target (issue: the book and its live panels; issue: speed): every panel action answers in at
most 50 ms of CPU time in CPython, the computer's moves that follow a click included. Each panel
gets a random walk of its actions, clicked through the widgets as a reader clicks them: half the
clicks on a card button when any is enabled (selecting, playing or discarding a card), half on
the panel's other buttons, dealing afresh one click in twenty and a whole-deal action ("Play the
deal out", "Play to the end") one in twenty; for the advisor panel its three actions, "Advise"
for a newly typed hand, picking a row and "Try this discard". Every button is in the walk: the
table lists each action the walk clicked, how often, and its slowest click.

Each panel's walk runs ``--rounds`` times (3 unless told) from the same seed (the global random
stream, which some panels deal from, seeded too), each round with the version's caches emptied, under the code at the start commit and under
this checkout in turn (see ``timing.versions``), so a load on the shared machine falls on both
alike. A click's time is the median of its rounds (CPU time, ``time.process_time``); a panel's
figure is the median of its clicks, with the min-max of the rounds' medians. A click in which a
full garbage collection began (counted by a ``gc.callbacks`` hook) is counted, and the slowest
click is given with and without them. A panel the old code does not have (a game registered
since) is walked under the new code alone, its old figures shown as "n/a"; the old code's walk
parts from the new one where their buttons differ, so its median is a rough comparison only.
"""

from __future__ import annotations

import gc
import random
import statistics
import sys
import time
from dataclasses import dataclass

import ipywidgets as w
from timing import Code, header, versions  # beside this script

from tutor.widgets import CardButton

#: whole-deal actions: one click in twenty, as dealing afresh (each plays many moves)
WHOLE = {"Play to the end", "Play the deal out"}
FRESH = {"Deal", "New deal", "New hand", "New game", "New rubber", "Deal and play", "Deal 8 cards", "Use this hand",
         "Clear", "Deal me a position"}
ACTIONS = 150


def buttons(widget, kinds: tuple[type, ...] = (w.Button, CardButton)):
    """The buttons a reader may click: ``kinds``, the button classes of the version walked (each
    version has its own card button class)."""
    if isinstance(widget, kinds) and not widget.disabled:
        if widget.layout.display != "none":
            yield widget
    for c in getattr(widget, "children", ()):
        yield from buttons(c, kinds)


def is_card(b: w.Button) -> bool:
    return "tutor-card-button" in b._dom_classes


def pick(options: list[w.Button], rng: random.Random) -> w.Button:
    """Half the clicks on a card when one may be clicked; a fresh deal one click in twenty, a
    whole-deal action one in twenty."""
    cards = [b for b in options if is_card(b)]
    fresh = [b for b in options if not is_card(b) and b.description in FRESH]
    whole = [b for b in options if not is_card(b) and b.description in WHOLE]
    other = [b for b in options if not is_card(b) and b.description not in FRESH | WHOLE]
    if whole and rng.random() < 0.05:
        return rng.choice(whole)
    if fresh and (rng.random() < 0.05 or not (cards or other)):
        return rng.choice(fresh)
    if cards and (rng.random() < 0.5 or not other):
        return rng.choice(cards)
    return rng.choice(other or fresh or whole)


def label(b: w.Button) -> str:
    """What a click is listed under: a card button as "a card", any other by its words (a choice
    of the table panel by its first word, its cards aside)."""
    if is_card(b):
        return "a card"
    words = b.description.strip() or (b.tooltip or "").strip() or "(unnamed)"
    return words if len(words) <= 24 else words[:23] + "…"


_COLLECTIONS = [0, 0]  # collections begun: all generations, full (generation 2)


def _count(phase: str, info: dict) -> None:
    if phase == "start":
        _COLLECTIONS[0] += 1
        _COLLECTIONS[1] += info["generation"] == 2


gc.callbacks.append(_count)


@dataclass
class Click:
    action: str
    wall: float  # ms
    cpu: float  # ms, CPU time of this process
    full: bool  # a full garbage collection began during it
    any_gc: bool  # a collection of any generation began during it


def clicked(action: str, fn) -> Click:
    before = tuple(_COLLECTIONS)
    t, c = time.perf_counter(), time.process_time()
    fn()
    wall, cpu = (time.perf_counter() - t) * 1000, (time.process_time() - c) * 1000
    return Click(action, wall, cpu, _COLLECTIONS[1] != before[1], _COLLECTIONS[0] != before[0])


def _select(rows: w.Select, i: int):
    def choose() -> None:
        rows.value = i
    return choose


class _Seeded:
    """Stands in for the ``secrets`` module the session draws a fresh deal's seed from, so that
    every round of a walk deals the same fresh deals (from the global random stream, seeded)."""

    @staticmethod
    def randbelow(n: int) -> int:
        return random.randrange(n)


def _cold(code: Code) -> None:
    """Empty what the version keeps from one call to the next (its functools caches, the solver's
    positions, the weighings' lines), so that no round of a walk finds what an earlier round of the
    same walk stored: each round starts as a reader's first visit does."""
    with code:
        for name, module in list(sys.modules.items()):
            if not (name == "tutor" or name.startswith("tutor.")):
                continue
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", None) == name:
                    value.cache_clear()
            for store in ("_SEARCHES", "_PLAYED"):
                kept = vars(module).get(store)
                if isinstance(kept, dict):
                    kept.clear()


def walk(code: Code, make, n: int, seed: int) -> tuple[list[Click], int]:
    """The clicks of ``n`` actions on panels ``make(rng)`` makes, and how many were on cards."""
    rng = random.Random(seed)
    random.seed(seed)  # the stream a panel deals afresh from, the same in every round
    clicks: list[Click] = []
    cards = 0
    _cold(code)
    gc.collect()
    session = code.get("tutor.session")
    drawn = getattr(session, "secrets", None)
    with code:
        if drawn is not None:
            session.secrets = _Seeded  # type: ignore[attr-defined]
        try:
            cards = _walk(code, make, n, rng, clicks)
        finally:
            if drawn is not None:
                session.secrets = drawn  # type: ignore[attr-defined]
    return clicks, cards


def _walk(code: Code, make, n: int, rng: random.Random, clicks: list[Click]) -> int:
    cards = 0
    kinds = (w.Button, code.get("tutor.widgets").CardButton)
    panel = make(rng)
    advisor = type(panel).__name__ == "AdvisorPanel"
    while len(clicks) < n:
        if getattr(getattr(panel, "partie", None), "is_over", False) or getattr(getattr(panel, "manche", None), "is_over", False):
            panel = make(rng)
        if advisor:
            act = rng.randrange(3)
            if act == 0:
                panel.source.value = str(rng.randrange(10**6))
                panel.seat.value = rng.choice(["elder", "elder", "younger"])
                name, fn = "Advise", panel.advise_button.click
            elif act == 1:
                name, fn = "pick a row", _select(panel.rows, rng.randrange(len(panel.rows.options)))
            else:
                name, fn = "Try this discard", panel.try_button.click
        else:
            options = list(buttons(panel.widget, kinds))
            if not options:
                panel = make(rng)
                continue
            if hasattr(panel, "bid_choice"):  # Counterpique: a bid to make, if the auction is on
                panel.bid_choice.value = rng.choice(code.get("tutor.games.counterpique").BIDS).name
            b = pick(options, rng)
            cards += is_card(b)
            name, fn = label(b), b.click
        clicks.append(clicked(name, fn))
        if hasattr(panel, "source") and not advisor and rng.random() < 0.05:
            panel.source.value = str(rng.randrange(10**6))
        if hasattr(panel, "seed") and isinstance(panel.seed, w.Text) and rng.random() < 0.05:
            panel.seed.value = str(rng.randrange(10**6))
    return cards


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


def _registered(code: Code) -> list[str]:
    """The games ``code`` registers (listed inside its version: the registry fills itself on first
    use, importing every game, and outside the version those imports would make second copies)."""
    with code:
        return list(code.get("tutor.games").GAMES)


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
        **{f"Closing {game}": (lambda rng, game=game: cl.ClosingTrainer(game=game, seed=seed(rng), samples=max(cl.SAMPLES)))
           for game in ("sixtysix", "schnapsen")},
        "Tute counting drill": lambda rng: ta.TablePanel("tute", seed=seed(rng), count=True),
        **{f"{game} TablePanel": (lambda rng, game=game: ta.TablePanel(seed=seed(rng), game=game)) for game in _registered(code)},
    }


def _per_click(rounds: list[list[Click]]) -> list[Click] | None:
    """The clicks of identical rounds, each click's times the median of its rounds (and a garbage
    collection counted when one began in any round); None when the rounds' walks differ."""
    if any([c.action for c in r] != [c.action for c in rounds[0]] for r in rounds):
        return None
    return [Click(cs[0].action, statistics.median(c.wall for c in cs), statistics.median(c.cpu for c in cs),
                  any(c.full for c in cs), any(c.any_gc for c in cs)) for cs in zip(*rounds)]


def _options(argv: list[str]) -> tuple[list[str], int]:
    rounds, chosen = 3, []
    it = iter(argv)
    for arg in it:
        if arg == "--rounds":
            rounds = int(next(it))
        else:
            chosen.append(arg)
    return chosen, rounds


def main() -> None:
    chosen, n_rounds = _options(sys.argv[1:])  # panel names (or parts of them) to walk; all if none
    codes = versions()
    old, new = codes
    header(codes, columns=False)
    makers = {c.label: factories(c) for c in codes}
    print(f"CPU ms a click; {ACTIONS} clicks a walk, {n_rounds} rounds of each walk, old and new interleaved; a click's time")
    print("is the median of its rounds. gc: clicks in which a full collection (of the whole heap) began;")
    print("max*: the slowest click no full collection began in (old max*: the same for the old code's walk)")
    print(f"{'panel':<24}{'clicks':>7}{'cards':>6}   {'CPU median (min-max of rounds)':>30}{'p95':>7}{'max':>7}{'max*':>7}{'gc':>4}"
          f"   {'old CPU median':>14}{'old max*':>9}  ratio")
    worst: tuple[float, str] = (0.0, "")
    actions: dict[str, dict[str, list[float]]] = {}
    for i, name in enumerate(makers[new.label]):
        if chosen and not any(part.lower() in name.lower() for part in chosen):
            continue
        rounds: dict[str, list[list[Click]]] = {c.label: [] for c in codes}
        cards = 0
        for _ in range(n_rounds):
            for c in codes:  # the same walk, old then new, round after round
                if rounds[c.label] is None:
                    continue
                try:
                    clicks, k = walk(c, makers[c.label][name], ACTIONS, seed=100 + i)
                except Exception:  # noqa: BLE001 - a panel (or game) the old code does not have
                    if c is new:
                        raise
                    rounds[c.label] = None  # type: ignore[assignment]
                    continue
                rounds[c.label].append(clicks)
                if c is new:
                    cards = k
        merged = _per_click(rounds[new.label])
        if merged is None:  # the walk drew on something unseeded: every round's clicks, each on its own
            print(f"  ({name}: the rounds' walks differ; each click's time is its own, not a median of rounds)")
            merged = [c for r in rounds[new.label] for c in r]
        cpu = sorted(c.cpu for c in merged)
        clean = [c for c in merged if not c.full]
        slowest = max(clean, key=lambda c: c.cpu)
        if slowest.cpu > worst[0]:
            worst = (slowest.cpu, f"{name}: {slowest.action}")
        for c in merged:
            actions.setdefault(name, {}).setdefault(c.action, []).append(c.cpu)
        medians = [statistics.median(c.cpu for c in r) for r in rounds[new.label]]
        figure = f"{statistics.median(medians):.2f} ({min(medians):.2f}-{max(medians):.2f})"
        if rounds[old.label] is None:
            tail = f"{'n/a':>14}{'n/a':>9}  n/a"
        else:
            ocpu = statistics.median(statistics.median(c.cpu for c in r) for r in rounds[old.label])
            old_clicks = _per_click(rounds[old.label]) or [c for r in rounds[old.label] for c in r]
            old_worst = max((c.cpu for c in old_clicks if not c.full), default=0.0)
            tail = f"{ocpu:>14.2f}{old_worst:>9.1f}  x{ocpu / max(statistics.median(medians), 1e-3):.2f}"
        print(f"{name:<24}{len(merged):>7}{cards:>6}   {figure:>30}{cpu[int(len(cpu) * 0.95) - 1]:>7.1f}{cpu[-1]:>7.1f}"
              f"{slowest.cpu:>7.1f}{sum(c.full for c in merged):>4}   {tail}")
    print()
    print("every action the walks clicked: panel, action, clicks, CPU ms median and max (a click's time the median of its rounds)")
    for name, by in actions.items():
        cells = [f"{a} {len(ts)}x {statistics.median(ts):.1f}/{max(ts):.1f}" for a, ts in sorted(by.items(), key=lambda kv: -max(kv[1]))]
        print(f"  {name}: " + "; ".join(cells))
    if not chosen or any(part.lower() in "piquet tablepanel play the deal out" for part in chosen):
        _whole_deal(codes)
    if not chosen or any(part.lower() in "bezique workbench" for part in chosen):
        worst = max(worst, _workbench(codes, new))
    print(f"slowest single click (new, CPU, no full collection in it): {worst[0]:.1f} ms, {worst[1]} (target 50 ms)")


def _whole_deal(codes: tuple[Code, Code], rounds: int = 5) -> None:
    """'Play the deal out' at Piquet's table, the same deal (seed 1) under each version, rounds interleaved."""
    cpu: dict[str, list[float]] = {}
    for _ in range(rounds):
        for c in codes:
            gc.collect()
            with c:
                try:
                    p = c.get("tutor.widgets.table").TablePanel("piquet", seed=1)
                except Exception:  # noqa: BLE001 - the old code's table plays the stock games alone
                    continue
                cpu.setdefault(c.label, []).append(clicked("out", p.out_button.click).cpu)
    for label, ts in cpu.items():
        print(f"'Play the deal out' (a whole Piquet deal played by the computer, seed 1), {label}: "
              f"{statistics.median(ts):.1f} ms CPU ({min(ts):.1f}-{max(ts):.1f}, {rounds} rounds)")


def _workbench(codes: tuple[Code, Code], new: Code) -> tuple[float, str]:
    """The workbench at its heaviest: the fourteen-card preset with a long ledger, every option judged."""
    worst = (0.0, "")
    for c in codes:
        with c:
            wb = c.get("tutor.widgets.bezique").WorkbenchPanel()
            for line in ("declare marriage KS QS", "declare four kings KS KH KD KC", "declare bezique QS JD",
                         "declare royal marriage KH QH", "declare sequence AH TH KH QH JH", "play KD"):
                wb.typed.value = line
                wb.enter_button.click()
            heavy = [clicked("a card", b.click).cpu for b in [b for b in wb.hand_row.children + wb.table_row.children if not b.disabled] * 3]
        if c is new:
            worst = (max(heavy), "Bezique Workbench, preset hand after six ledger lines: a card")
        print(f"Workbench, preset hand after six ledger lines, {c.label}: CPU {statistics.median(heavy):.2f} ms median, "
              f"{max(heavy):.2f} ms max a click")
    return worst


if __name__ == "__main__":
    main()
