"""Tute Habanero: the computer's record over 1,000 games against random players, and deals a
second (run: python tests/benchmarks/bench_tute.py). Prints, never asserts.

A game is played to its end (a deal nobody wins is followed by another, the points carried). The
computer (``game.bot()``) meets: a player who picks a legal action at random (claims included, so
it often claims falsely and loses at once); a random player who claims only when he truly has
101 (the fairer yardstick); and one who never claims at all (his 101 counts only when found at
the end of play). Each sits first in half of the games. Also counted: how the games were won.
"""

from __future__ import annotations

import time
from collections import Counter

from record import HonestRandom, play_match, random_deals_rate, seat_of  # beside this script

from tutor.games import load
from tutor.games.contract import RandomPlayer

OPPONENTS = {
    "a random player": RandomPlayer,
    "a random player who claims only with 101": HonestRandom,
    "a random player who never claims": lambda seed: HonestRandom(seed, claims=False),
}


def games(n: int, label: str) -> None:
    game = load("tute")
    bot, won, deals, how = game.bot(), 0, 0, Counter()
    t = time.process_time()
    for seed in range(n):
        match = game.match(seed)
        other = OPPONENTS[label](seed)
        me = seat_of(seed)
        play_match(match, bot, other, me)
        mine = match.outcome().winner == me
        won += mine
        deals += len(match.records)
        last = match.records[-1].outcome
        how[("won" if mine else "lost") + " by " + (last.termination if last else "?")] += 1
    secs = time.process_time() - t
    tally = ", ".join(f"{k} {v}" for k, v in sorted(how.items()))
    print(f"tute, {n} games against {label}: the computer won {won} ({won / n:.1%}); {deals} deals; {tally}; "
          f"{secs / n * 1000:.0f} ms a game")


def speed(n: int = 500) -> None:
    rate = random_deals_rate(load("tute"), n, keep=lambda a: str(a) != "claim")
    print(f"tute: complete random deals a CPU second (checked apply, no claims): {rate:,.0f}")


def first_leads(n: int = 200) -> None:
    """CPU time of the computer's first lead of the last eight tricks (where it looks for capote),
    deals 0 to ``n - 1`` played by the computer at both seats."""
    from tutor.games.contract import SeatView

    game = load("tute")
    bot, times = game.bot(), []
    for seed in range(n):
        s = game.deal(seed=seed)
        while not s.is_over:
            first = not s.stock and s.turnup is None and not s.trick and len(s.hands[s.to_move]) == 8 and s.phase.value == "lead"
            t = time.process_time()
            action = bot.choose(SeatView(s, s.turn))
            if first:
                times.append(time.process_time() - t)
            s.apply(action)
    times.sort()
    print(f"tute: the computer's first lead of the last eight tricks, {len(times)} deals: median {times[len(times) // 2] * 1000:.1f} ms, "
          f"p95 {times[int(len(times) * 0.95)] * 1000:.1f} ms, most {times[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    for who in OPPONENTS:
        games(1000, who)
    speed()
    first_leads()
