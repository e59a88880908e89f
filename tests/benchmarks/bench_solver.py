"""The solver of the last tricks: time per end position (run: python tests/benchmarks/bench_solver.py).
Prints, never asserts.

End positions come from random deals of each game played at random to the first moment of the last
stage (the stock closed or used up, a card to play), so they are as large as the game allows: up to
six cards each in Sixty-Six (a close at the first lead), five in Schnapsen, eight in Bezique and Tute.
Goal (issue: the Sixty-Six family): under 50 ms for any Sixty-Six or Schnapsen end position.

The same positions are solved by the code at the start commit and by this checkout in one process,
position by position in turn (see ``timing.versions``), and the ratio of the medians is printed;
a game the old code does not have is solved by this checkout alone. A solver that keeps what it
solved between questions starts each position with an empty memory here (the figures are of fresh
searches); the closing trainer's weighing, which asks it hundreds of questions, is timed after.
"""

from __future__ import annotations

import random
import statistics
import time

from timing import Code, header, versions  # beside this script


def positions(code: Code, name: str, n: int):
    game = code.get("tutor.games").load(name)
    core = code.get("tutor.games.stock.core")
    for seed in range(n):
        s = game.deal(seed=seed)
        rng = random.Random(seed)
        if name != "bezique" and seed % 4 == 0 and "close" in map(str, s.legal_actions()):
            s.apply("close")  # the largest positions: closed at the first lead
        while not s.is_over and not (s.stage is core.Stage.END and s.phase in (core.Phase.LEAD, core.Phase.FOLLOW)):
            s.apply(rng.choice([a for a in s.legal_actions() if str(a) != "claim"]))
        if not s.is_over:
            yield s


def main() -> None:
    codes = versions()
    header(codes, columns=False)
    for name, n in (("sixtysix", 400), ("schnapsen", 400), ("bezique", 40), ("tute", 100)):
        found = {}
        for c in codes:
            try:
                with c:
                    found[c.label] = (list(positions(c, name, n)), c.get("tutor.games.stock.solver").solve)
            except (ValueError, ImportError):  # an unknown game, or no solver, in the old code: this checkout alone
                if c is codes[1]:
                    raise
        run = [c for c in codes if c.label in found]
        times: dict[str, list[float]] = {c.label: [] for c in run}
        sizes = []
        for i, s in enumerate(found[codes[1].label][0]):
            sizes.append(len(s.held(s.to_move)))
            for c in run:  # the same position under each code in turn
                state, solve = found[c.label][0][i], found[c.label][1]
                with c:
                    kept = getattr(c.get("tutor.games.stock.solver"), "_SEARCHES", None)
                    if kept is not None:
                        kept.clear()  # a fresh search: nothing solved before
                    t = time.process_time()
                    solve(state)
                    times[c.label].append(1000 * (time.process_time() - t))
        new = times[codes[1].label]
        head = f"{name}: {len(new)} end positions (up to {max(sizes)} cards each), CPU time a position: "
        if len(run) == 1:
            print(head + f"median {statistics.median(new):.2f} ms, worst {max(new):.1f} ms (the old code has no {name})")
            continue
        old = times[codes[0].label]
        print(head + f"median {statistics.median(old):.2f} -> {statistics.median(new):.2f} ms "
              f"(x{statistics.median(old) / statistics.median(new):.2f}), worst {max(old):.1f} -> {max(new):.1f} ms")
    weighings(codes)


def weighings(codes, rounds: int = 3) -> None:
    """The closing trainer's weighing (20 deals of the unseen cards, each line played out by the
    solver or the computer), at the first lead of ten deals, the longest lines: CPU time a weighing,
    each a first weighing of its position (the solver's and the trainer's stores emptied before it),
    old and new in turn position by position, ``rounds`` times; a position's time is the median of
    its rounds."""
    for name in ("sixtysix", "schnapsen", "oldmariage"):
        runs = {}
        for c in codes:
            try:
                with c:
                    game = c.get("tutor.games").load(name)
                    trainer = c.get("tutor.games.sixtysix.trainer")
                    runs[c.label] = (c, trainer, [game.deal(seed=seed) for seed in range(1, 11)])
            except (ValueError, ImportError):  # no such game or trainer in the old code
                if c is codes[1]:
                    raise
        times: dict[str, list[list[float]]] = {label: [[] for _ in range(10)] for label in runs}
        for _ in range(rounds):
            for i in range(10):
                for label, (c, trainer, states) in runs.items():
                    with c:
                        kept = getattr(c.get("tutor.games.stock.solver"), "_SEARCHES", None)
                        if kept is not None:
                            kept.clear()
                        getattr(trainer, "_PLAYED", {}).clear()
                        t = time.process_time()
                        trainer.weigh(states[i], samples=20)
                        times[label][i].append(1000 * (time.process_time() - t))
        figures = {label: [statistics.median(ts) for ts in per] for label, per in times.items()}
        new = figures[codes[1].label]
        if codes[0].label in figures:
            old = figures[codes[0].label]
            print(f"{name}: weighing at the first lead, 20 samples, CPU median {statistics.median(old):.1f} -> "
                  f"{statistics.median(new):.1f} ms (x{statistics.median(old) / statistics.median(new):.2f}), "
                  f"worst {max(old):.1f} -> {max(new):.1f} ms (a panel click: target 50 ms; median of {rounds} rounds a position)")
        else:
            print(f"{name}: weighing at the first lead, 20 samples, CPU median {statistics.median(new):.1f} ms, "
                  f"worst {max(new):.1f} ms (a panel click: target 50 ms; the old code has no trainer)")


if __name__ == "__main__":
    main()
