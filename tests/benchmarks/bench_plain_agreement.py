"""The engine held to the plain rules on many positions (run: python tests/benchmarks/bench_plain_agreement.py
--positions 100000). Prints, never asserts.

For every game on the stock core (tutor.games.stock.plain has rules for each), deals are played to their ends, half
at random and half by the game's computer player, and at every position the engine and the plain
rules are asked the same questions (tutor.games.stock.plain.compare): the legal actions, the
refusals of a sample of actions in the game's notation with the rule named, and the position after
the action made (cards, turn, declarations, scores, explanation). Prints, by game, the positions
that agreed, the deals played, the CPU seconds, and the first disagreements if any.

Acceptance: at least 100,000 agreeing positions a game.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tutor.games.stock.plain.compare import play_and_compare  # noqa: E402

GAMES = ("sixtysix", "oldmariage", "schnapsen", "mariage", "bezique", "tausendeins", "chouine", "briscan", "tute", "gaigel", "gaigel3",
         "bondtolva", "bondtolva3", "bondtolva4", "marjapussi")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10_000, help="positions to compare in each game (default 10,000)")
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES, help="the games (default: all the plain rules cover)")
    args = parser.parse_args(argv)
    if args.positions < 1:
        parser.error(f"--positions must be at least 1, not {args.positions}")
    print(f"{'game':<12} {'agreed':>9} {'deals':>7} {'CPU s':>8}  disagreements")
    failed = False
    for name in args.games:
        agreed = deals = 0
        found: list[str] = []
        start = time.process_time()
        while agreed < args.positions and not found:
            for computer in (False, True):
                got, found = play_and_compare(name, range(deals, deals + 20), computer=computer, seed=deals, stop=3)
                agreed += got
                if found:
                    break
            deals += 20
        print(f"{name:<12} {agreed:>9,} {deals * 2:>7,} {time.process_time() - start:>8.1f}  {len(found)}")
        for f in found:
            print("   ", f[:400])
        failed = failed or bool(found)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
