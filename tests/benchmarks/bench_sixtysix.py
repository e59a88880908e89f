"""The Sixty-Six family: the computer's record, and deals a second (run: python
tests/benchmarks/bench_sixtysix.py [GAME ...]). Prints, never asserts; each run's time is printed
as wall-clock seconds and the CPU seconds the process used (on a shared machine the second is the
figure to compare).

The computer (``game.bot()``) plays whole games (Sixty-Six to 7 game points, a Schnapsen Bummerl)
and single hands against three opponents: a player who picks a legal action at random; a random
player who goes out only when he has 66 (a fairer yardstick than one who says "sixty-six" at
random); and the previous version of the computer, which played the last tricks by rule of thumb
instead of solving them (the same computer with ``solve_end=False``). Each sits first in half of the games.
Goal (issue: the Sixty-Six family): at least 90% of games won against a random player.
"""

from __future__ import annotations

import time

from record import HonestRandom, play_match, random_deals_rate, seat_of  # beside this script

from tutor.games import load
from tutor.games.contract import RandomPlayer

OPPONENTS = {
    "a random player": RandomPlayer,
    "a random player who goes out only with 66": lambda seed: HonestRandom(seed, target=66),
    "the previous computer (no solver)": None,  # made per game: its own bot with the solver off
}


def _previous(game):
    bot = game.bot()
    bot.solve_end = False
    return bot


def games(name: str, n: int, label: str) -> None:
    game = load(name)
    bot, won, hands = game.bot(), 0, 0
    started, cpu = time.perf_counter(), time.process_time()
    for seed in range(n):
        match = game.match(seed)
        maker = OPPONENTS[label]
        other = maker(seed) if maker is not None else _previous(game)
        me = seat_of(seed)
        play_match(match, bot, other, me)
        won += match.outcome().winner == me
        hands += len(match.records)
    took, used = time.perf_counter() - started, time.process_time() - cpu
    print(f"{name}, {n} games against {label}: the computer won {won} ({won / n:.1%}); {hands} hands; "
          f"{took:.0f} s ({used:.0f} s of CPU)")


def speed(name: str, n: int = 500) -> None:
    print(f"{name}: complete random hands a CPU second (checked apply, never a claim; median (min-max) of 5 rounds): {random_deals_rate(load(name), n):,.0f}")


if __name__ == "__main__":
    import sys

    # every game of the family, or those named: python tests/benchmarks/bench_sixtysix.py tausendeins
    for game_name in sys.argv[1:] or ("sixtysix", "schnapsen", "oldmariage", "mariage", "tausendeins"):
        for who in OPPONENTS:
            games(game_name, 1000, who)
        speed(game_name)
