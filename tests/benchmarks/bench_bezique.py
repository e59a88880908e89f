"""Bezique speed figures (run: python tests/benchmarks/bench_bezique.py). Prints, never asserts.

A complete deal is 32 tricks with the declarations after each trick won; the figures are whole
deals a second, dealt from seeds and played to the end.
"""

from __future__ import annotations

import platform
import random
import sys

from timing import rate  # beside this script

from tutor.games.bezique import BeziqueDeal, BeziqueRules, choose_action


def main() -> None:
    rules = BeziqueRules()

    def unchecked(n):
        rng = random.Random(1)
        for i in range(n):
            s = BeziqueDeal.from_seed(i, rules)
            while not s.is_over:
                s.apply_unchecked(rng.choice(s._enumerate()))

    def checked(n):
        rng = random.Random(1)  # the same deals and choices as the unchecked run
        for i in range(n):
            s = BeziqueDeal.from_seed(i, rules)
            while not s.is_over:
                s.apply(rng.choice(list(s.legal_actions())))

    def bots(n):
        for i in range(n):
            s = BeziqueDeal.from_seed(i, rules)
            while not s.is_over:
                s.apply_unchecked(choose_action(s))

    print(f"Python {platform.python_version()} on {platform.machine()} ({sys.platform})")
    print(f"complete random Bezique deals/s, legal actions, unchecked apply: {rate(unchecked, 300):>8,.0f}")
    print(f"complete random Bezique deals/s, legal actions, checked apply:   {rate(checked, 200):>8,.0f}")
    print(f"complete Bezique deals/s, computer opponent against itself:      {rate(bots, 100):>8,.0f}")


if __name__ == "__main__":
    main()
