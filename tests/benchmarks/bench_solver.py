"""The solver of the last tricks: time per end position (run: python tests/benchmarks/bench_solver.py).
Prints, never asserts.

End positions come from random deals of each game played at random to the first moment of the last
stage (the stock closed or used up, a card to play), so they are as large as the game allows: up to
six cards each in Sixty-Six (a close at the first lead), five in Schnapsen, eight in Bezique.
Goal (issue: the Sixty-Six family): under 50 ms for any Sixty-Six or Schnapsen end position.
"""

from __future__ import annotations

import random
import statistics
import time

from tutor.games import load
from tutor.games.stock.core import Phase, Stage
from tutor.games.stock.solver import solve


def positions(name: str, n: int):
    game = load(name)
    for seed in range(n):
        s = game.deal(seed=seed)
        rng = random.Random(seed)
        if name != "bezique" and seed % 4 == 0:
            s.apply("close")  # the largest positions: closed at the first lead
        while not s.is_over and not (s.stage is Stage.END and s.phase in (Phase.LEAD, Phase.FOLLOW)):
            s.apply(rng.choice([a for a in s.legal_actions() if str(a) != "claim"]))
        if not s.is_over:
            yield s


def main() -> None:
    for name, n in (("sixtysix", 400), ("schnapsen", 400), ("bezique", 40)):
        times, sizes = [], []
        for s in positions(name, n):
            t = time.process_time()
            solve(s)
            times.append(1000 * (time.process_time() - t))
            sizes.append(len(s.held(s.to_move)))
        print(f"{name}: {len(times)} end positions (up to {max(sizes)} cards each), "
              f"median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms a position (CPU time)")


if __name__ == "__main__":
    main()
