"""Counterpique: deals a CPU second and the computer's record (run: python tests/benchmarks/bench_counterpique.py [GAMES]).
Prints, never asserts.

A complete random deal is dealt, bid (random legal bids, a pass one time in five more), drawn
(a random number of random cards), declared and played with random legal actions through the
checked state machine (:meth:`CounterpiqueDeal.apply`), until it is scored. Every row is CPU time,
the median and the min-max of rounds (see ``timing.rate``), each round on the same seeds and the
same random stream. The computer's record: whole rubbers (``game.match``) against a player who
picks a legal action at random, the computer first in even games and second in odd ones (there is
no earlier version of this computer to set against it).
"""

from __future__ import annotations

import platform
import random
import sys

from record import record_against_random  # beside this script
from timing import rate  # beside this script

from tutor.games.counterpique import Counterpique, CounterpiqueDeal, Exchange, Phase
from tutor.games.counterpique.odds import max_tricks
from tutor.games.piquet.combos import cards_of


def random_action(s: CounterpiqueDeal, rng: random.Random, enumerate_draws: bool):
    if s.phase in (Phase.AUCTION, Phase.RAISE) and rng.random() < 0.2:
        acts = list(s.legal_actions())
        return acts[0] if s.phase is Phase.RAISE else acts[-1]
    if s.phase is Phase.DRAW and not enumerate_draws:
        hand = cards_of(s.hands[s.to_move])
        return Exchange(tuple(rng.sample(hand, rng.randint(0, s._draw_limit(s.to_move)))))
    return rng.choice(list(s.legal_actions()))


def main(games: int = 1000) -> None:
    game = Counterpique()

    def deals(enumerate_draws):
        def run(n):
            rng = random.Random(1)
            for i in range(n):
                s = game.deal(seed=i)
                while not s.is_over:
                    s.apply(random_action(s, rng, enumerate_draws))
        return run

    def rubbers(n):
        rng = random.Random(2)
        for i in range(n):
            r = game.rubber(seed=i)
            while not r.is_over:
                r.apply(random_action(r.deal, rng, False))

    rng = random.Random(3)
    layouts = []
    for _ in range(20):
        order = list(range(32))
        rng.shuffle(order)
        layouts.append((sum(1 << b for b in order[:12]), sum(1 << b for b in order[12:24])))

    def solves(n):
        for i in range(n):
            e, y = layouts[i % len(layouts)]
            max_tricks(e, y)

    print(f"Python {platform.python_version()} on {platform.machine()} ({sys.platform}); CPU time, median (min-max) of rounds")
    print(f"complete random deals/s, checked state machine:                 {rate(deals(False), 300)}")
    print(f"complete random deals/s, same, every legal discard listed:      {rate(deals(True), 100, 3)}")
    print(f"complete random rubbers/s:                                      {rate(rubbers, 30, 3):,.1f}")
    print(f"double-dummy solves/s (twelve cards each, odds.max_tricks):     {rate(solves, 20, 3):,.1f}")
    record_against_random("counterpique", games, "rubbers")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
