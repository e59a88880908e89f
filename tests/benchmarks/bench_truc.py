"""Le Truc: deals a CPU second and the computer's record (run: python tests/benchmarks/bench_truc.py [GAMES]).
Prints, never asserts.

A complete random deal is dealt from a seed and played to its end by random legal actions (the
call for cards, doubles, bancos and their answers included). The unchecked and checked rows play
the same deals with the same choices (one random stream from the same seed: the legal actions are
listed in the same order both ways), and run interleaved, round by round, on CPU time (see
``timing.rates``): median, and the min-max of the rounds. The computer's record: whole manches
(``game.match``) against a player who picks a legal action at random, the computer first in even
games and second in odd ones (there is no earlier version of this computer to set against it).
"""

from __future__ import annotations

import platform
import random
import sys

from record import record_against_random  # beside this script
from timing import rate, rates  # beside this script

from tutor.games.truc import Deal, TrucBot, TrucDeal, TrucRules
from tutor.games.truc.odds import _weights, first_hand_table


def main(games: int = 1000) -> None:
    rules = TrucRules()
    deals = [Deal.from_seed(i) for i in range(2000)]

    def unchecked(n):
        rng = random.Random(1)
        for i in range(n):
            s = TrucDeal(deals[i % 2000], rules, (rng.randrange(12), rng.randrange(12)))
            while not s.is_over:
                s.apply_unchecked(rng.choice(s._enumerate()))

    def checked(n):
        rng = random.Random(1)  # the same deals and choices as the unchecked run
        for i in range(n):
            s = TrucDeal(deals[i % 2000], rules, (rng.randrange(12), rng.randrange(12)))
            while not s.is_over:
                s.apply(str(rng.choice(list(s.legal_actions()))))

    def with_seed(n):
        rng = random.Random(1)
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

    print(f"Python {platform.python_version()} on {platform.machine()} ({sys.platform}); CPU time, median (min-max) of 5 rounds")
    plain, parsed = rates([unchecked, checked], 5000)
    print(f"complete random deals/s, unchecked (apply_unchecked):      {plain}")
    print(f"complete random deals/s, checked (notation parsed again):  {parsed}  (the same deals and choices)")
    print(f"complete random deals/s, shuffled from a seed each time:   {rate(with_seed, 5000)}")
    bots(200)  # the odds' cache warmed first
    print(f"complete bot-against-bot deals/s (exact odds, warm cache): {rate(bots, 1000)}")
    print(f"exact odds of all 240 first hands, cold cache, tables/s:   {rate(odds_table, 3):,.1f}")
    record_against_random("truc", games, "manches")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
