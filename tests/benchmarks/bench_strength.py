"""The strong computer against today's (the beginner) and against a random player, per registry
entry (run: python tests/benchmarks/bench_strength.py [--matches N] [--games a,b] [--against beginner,random]).
Prints, never asserts.

Each match is a whole match of the game (``game.match(seed)``), seeds 0 to N - 1; the strong
player sits as the first person in even matches and as the second in odd ones (in a game of
partners it plays both seats of its side; at a table of three, one seat against two of the
other). The random player of Tute never claims falsely (it claims exactly when it has 101, as
``record.HonestRandom``); elsewhere it picks any legal action. For each pairing the table gives
the strong player's match wins with a 95% Wilson interval, and the CPU time of its moves (median
and 95th percentile, moves with a single legal action left out: nothing is weighed for them).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # record.py, beside this script

from record import HonestRandom  # noqa: E402

from tutor.games import GAMES, load  # noqa: E402
from tutor.games.contract import RandomPlayer, SeatView  # noqa: E402
from tutor.games.stock.core import StockState  # noqa: E402


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``wins`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def stock_games() -> list[str]:
    """The registry entries played on the stock core (those this strong player plays)."""
    return [name for name in sorted(GAMES) if isinstance(load(name).deal(seed=0), StockState)]


def opponent(game, kind: str, seed: int):
    if kind == "beginner":
        return game.beginner_bot()
    if game.name == "tute":
        return HonestRandom(seed)
    return RandomPlayer(seed)


def one_match(game, seed: int, strong, other, times: list[float], limit: int = 20_000) -> float:
    """Play match ``seed``: 1 if the strong player's side wins it, 0 if not, 0.5 for no winner."""
    match = game.match(seed)
    persons = match.persons
    me = match.scorer_of(persons.seat(persons.names[seed % 2]))
    for _ in range(limit):
        if match.is_over:
            break
        if getattr(match, "between_deals", False):
            match.next_deal()
            continue
        seat = match.turn
        view = SeatView(match, seat)
        if match.scorer_of(match.person(seat)) == me:
            many = len(view.legal_actions()) > 1
            t = time.process_time()
            action = strong.choose(view)
            if many:
                times.append(time.process_time() - t)
        else:
            action = other.choose(view)
        match.apply(action)
    out = match.outcome()
    if out is None or out.winner is None:
        return 0.5
    return 1.0 if out.winner == me else 0.0


def pairing(name: str, kind: str, matches: int) -> dict:
    game = load(name)
    strong = game.strong_bot()
    times: list[float] = []
    won = 0.0
    t = time.process_time()
    for seed in range(matches):
        won += one_match(game, seed, strong, opponent(game, kind, seed), times)
    times.sort()
    lo, hi = wilson(won, matches)
    return {"game": name, "against": kind, "matches": matches, "won": won, "rate": won / matches, "lo": lo, "hi": hi,
            "median_ms": 1000 * times[len(times) // 2] if times else 0.0,
            "p95_ms": 1000 * times[min(len(times) - 1, int(len(times) * 0.95))] if times else 0.0,
            "moves": len(times), "secs": time.process_time() - t}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20, help="matches per pairing (the acceptance asks 1,000)")
    parser.add_argument("--games", default="", help="registry entries, separated by commas (default: every stock game)")
    parser.add_argument("--against", default="beginner,random", help="beginner, random, or both")
    args = parser.parse_args(argv)
    if args.matches < 1:
        parser.error(f"--matches must be at least 1, not {args.matches}")
    names = [g for g in args.games.split(",") if g] or stock_games()
    unknown = [g for g in names if g not in GAMES]
    kinds = [k for k in args.against.split(",") if k]
    if unknown or any(k not in ("beginner", "random") for k in kinds):
        parser.error(f"unknown game or opponent: {', '.join(unknown + [k for k in kinds if k not in ('beginner', 'random')])[:60]}")
    print(f"{'game':<12} {'against':<9} {'matches':>7} {'won':>6} {'rate':>6}  {'95% interval':<15} {'median ms':>9} {'p95 ms':>7} {'moves':>6}")
    for name in names:
        for kind in kinds:
            r = pairing(name, kind, args.matches)
            print(f"{r['game']:<12} {r['against']:<9} {r['matches']:>7} {r['won']:>6.1f} {r['rate']:>6.1%}  "
                  f"[{r['lo']:.1%}, {r['hi']:.1%}]  {r['median_ms']:>9.1f} {r['p95_ms']:>7.1f} {r['moves']:>6}", flush=True)


if __name__ == "__main__":
    main()
