"""Briscan: the computer's record over whole games to 600 and single deals, and deals a second
(run: python tests/benchmarks/bench_briscan.py [GAMES]). Prints, never asserts.

The computer (``load("briscan").bot()``) decides from its seat's view alone: it exchanges the seven
of trumps, declares the combination worth most when it may, and plays the last five tricks by the
solver of the stock core, keeping its combinations out of its leads and taking a trick to declare
one. Its opponents: a player who picks a legal action at random (declaring or not at random too),
and Sixty-Six's computer playing Briscan (the same without those two habits); each side sits first
in half of the games.
"""

from __future__ import annotations

import sys
import time

from record import play_match, random_deals_rate, seat_of  # beside this script

from tutor.games import load
from tutor.games.contract import RandomPlayer
from tutor.games.sixtysix import SixtySixBot


def games(n: int, against: str = "random") -> None:
    game = load("briscan")
    bot = game.bot()
    label = "a random player" if against == "random" else "Sixty-Six's computer"
    won = deals = capots = 0
    margin = 0
    t = time.process_time()
    for seed in range(n):
        match = game.match(seed)
        other = RandomPlayer(seed) if against == "random" else SixtySixBot(bot.spec)
        me = seat_of(seed)
        play_match(match, bot, other, me)
        out = match.outcome()
        won += out.winner == me
        capots += out.termination == "capot"
        deals += len(match.records)
        st = match.standing()
        margin += st[me] - st["second" if me == "first" else "first"]
    secs = time.process_time() - t
    print(f"briscan, {n} games to 600 against {label}: the computer won {won} ({won / n:.1%}); "
          f"{deals} deals ({deals / n:.1f} a game), {capots} won outright by all sixteen tricks; "
          f"average margin {margin / n:+.0f} points; {secs:.0f} CPU seconds")


def speed(n: int = 500) -> None:
    print(f"briscan: complete random deals a CPU second (checked apply, never a claim; median (min-max) of 5 rounds): {random_deals_rate(load('briscan'), n):,.0f}")


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    games(n)
    games(n, "sixtysix")
    speed()
