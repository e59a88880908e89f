"""How strong the strong computer is at Piquet, Counterpique and Le Truc (run: python
tests/benchmarks/bench_strength_piquet.py [--matches N] [--games piquet,truc]). Prints, never asserts.

For each game, whole matches (Piquet's partie, Counterpique's rubber, Le Truc's manche) of the
strong player (``game.bot("strong")``) against the game's own player (``beginner_bot()``) and
against a player choosing uniformly among the legal actions; each match from its own seed, the
strong player in the first person's place in even matches and the second's in odd ones (so each
takes the first deal's seats equally often). A match won by the strong player counts 1, a drawn
one a half; the table gives the share won with its Wilson 95% interval, and the CPU time the strong
player took for each move (median, 95th percentile, largest).
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import sys
import time

from tutor.games import load
from tutor.games.contract import RandomPlayer, SeatView

GAMES = ("piquet", "counterpique", "truc")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` of ``n`` (draws counted as half a win)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def play_match(game, seed: int, strong, other, strong_first: bool, times: list[float]) -> float:
    """One match; 1 if the strong player won it, 0.5 drawn, 0 lost. Its move times go to ``times``."""
    m = game.match(seed)
    me = m.persons.seats[0 if strong_first else 1]
    for _ in range(200_000):
        if m.is_over:
            break
        if m.between_deals:
            m.next_deal()
            continue
        seat = m.turn
        view = SeatView(m, seat)
        if m.person(seat) == me:
            t = time.process_time()
            action = strong.choose(view)
            times.append(time.process_time() - t)
        else:
            action = other.choose(view)
        m.apply(action)
    out = m.outcome()
    if out is None or out.winner is None:
        return 0.5
    return 1.0 if out.winner == me.name else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=20, help="matches per game and opponent (default 20)")
    ap.add_argument("--games", default=",".join(GAMES), help="games to measure, comma separated")
    args = ap.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()} ({sys.platform}); {args.matches} matches each")
    print(f"{'game':<13} {'against':<9} {'won':>7} {'share':>6}  {'Wilson 95%':<15} {'moves':>6} {'median ms':>9} {'p95 ms':>7} {'max ms':>7}")
    for name in args.games.split(","):
        game = load(name)
        for label, make in (("beginner", game.beginner_bot), ("random", lambda: RandomPlayer(1))):
            strong, other = game.bot("strong"), make()
            times: list[float] = []
            won = 0.0
            for i in range(args.matches):
                won += play_match(game, 10_000 + i, strong, other, i % 2 == 0, times)
            lo, hi = wilson(won, args.matches)
            times.sort()
            med = statistics.median(times) * 1000
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))] * 1000
            print(f"{name:<13} {label:<9} {won:>7.1f} {won / args.matches:>6.1%}  [{lo:.1%}, {hi:.1%}]"
                  f"{'':<{15 - len(f'[{lo:.1%}, {hi:.1%}]')}} {len(times):>6} {med:>9.1f} {p95:>7.1f} {times[-1] * 1000:>7.1f}",
                  flush=True)


if __name__ == "__main__":
    main()
