"""Le Truc speed figures (run: python tests/benchmarks/bench_truc.py). Prints, never asserts.

A complete random deal is dealt from a seed and played to its end by random legal actions (the
call for cards, doubles, bancos and their answers included).
"""

from __future__ import annotations

import platform
import random
import sys

from timing import rate  # beside this script

from tutor.games.truc import Deal, TrucBot, TrucDeal, TrucRules
from tutor.games.truc.odds import _weights, first_hand_table


def main() -> None:
    rules = TrucRules()
    deals = [Deal.from_seed(i) for i in range(2000)]

    def unchecked(n):
        rng = random.Random(1)
        for i in range(n):
            s = TrucDeal(deals[i % 2000], rules, (rng.randrange(12), rng.randrange(12)))
            while not s.is_over:
                s.apply_unchecked(rng.choice(s._enumerate()))

    def checked(n):
        rng = random.Random(2)
        for i in range(n):
            s = TrucDeal(deals[i % 2000], rules, (rng.randrange(12), rng.randrange(12)))
            while not s.is_over:
                s.apply(str(rng.choice(list(s.legal_actions()))))

    def with_seed(n):
        rng = random.Random(3)
        for i in range(n):
            s = TrucDeal.from_seed(i, rules)
            while not s.is_over:
                s.apply_unchecked(rng.choice(s._enumerate()))

    def bots(n):
        a, b = TrucBot(1), TrucBot(2)
        for i in range(n):
            s = TrucDeal(deals[i % 2000], rules)
            while not s.is_over:
                s.apply_unchecked((a if s.to_move == 0 else b).choose_action(s))

    def odds_table(n):
        for _ in range(n):
            _weights.cache_clear()
            first_hand_table("elder")
            first_hand_table("dealer")

    print(f"Python {platform.python_version()} on {platform.machine()} ({sys.platform})")
    print(f"complete random deals/s, unchecked (apply_unchecked):      {rate(unchecked, 20000):>10,.0f}")
    print(f"complete random deals/s, checked (notation parsed again):  {rate(checked, 5000):>10,.0f}")
    print(f"complete random deals/s, shuffled from a seed each time:   {rate(with_seed, 10000):>10,.0f}")
    print(f"complete bot-against-bot deals/s (exact odds, warm cache): {rate(bots, 2000):>10,.0f}")
    print(f"exact odds of all 240 first hands, cold cache, tables/s:   {rate(odds_table, 5):>10,.1f}")


if __name__ == "__main__":
    main()
