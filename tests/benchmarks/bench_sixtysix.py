"""Sixty-Six: the computer's record against a random player, and deals a second (run: python
tests/benchmarks/bench_sixtysix.py). Prints, never asserts.

The computer (``SixtySix().bot()``) plays hands and whole games to 7 against a player who picks a
legal action at random; each sits first in half of them. Hands won, game points won, and games won
are printed with their rates.
"""

from __future__ import annotations

import random
import time

from tutor.games import load
from tutor.games.contract import RandomPlayer
from tutor.session import SeatView


class CarefulRandom:
    """Random among the legal actions, but it goes out exactly when it has 66 (never falsely):
    a fairer yardstick than a player who says "sixty-six" at random."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, seat):
        legal = list(seat.legal_actions())
        view = seat.view()
        claim = [a for a in legal if str(a) == "claim"]
        if claim and view["scores"][view["player"]] >= 66:
            return claim[0]
        return self.rng.choice([a for a in legal if str(a) != "claim"])


def hands(n: int = 2000, opponent=RandomPlayer, label: str = "a random player") -> None:
    game = load("sixtysix")
    bot, won, points, draws = game.bot(), 0, [0, 0], 0
    for seed in range(n):
        s = game.deal(seed=seed)
        rnd, me = opponent(seed), seed % 2
        while not s.is_over:
            s.apply((bot if s.to_move == me else rnd).choose(SeatView(s, s.turn)))
        e = s.ending
        if e["winner"] is None:
            draws += 1
            continue
        mine = e["winner"] == ("elder", "younger")[me]
        won += mine
        points[0 if mine else 1] += e["game_points"]
    print(f"hands against {label}: the computer won {won} of {n} ({won / n:.1%}), {draws} drawn; "
          f"game points {points[0]} to {points[1]}")


def games(n: int = 200) -> None:
    game = load("sixtysix")
    bot, won = game.bot(), 0
    for seed in range(n):
        match = game.match(seed)
        rnd = RandomPlayer(seed)
        me = ("first", "second")[seed % 2]
        while not match.is_over:
            chooser = bot if match.person(match.turn).name == me else rnd
            match.apply(chooser.choose(SeatView(match, match.turn)))
        won += match.outcome().winner == me
    print(f"games to 7: the computer won {won} of {n} ({won / n:.1%})")


def speed(n: int = 500) -> None:
    game = load("sixtysix")
    rng = random.Random(1)
    t = time.process_time()
    for seed in range(n):
        s = game.deal(seed=seed)
        while not s.is_over:
            s.apply(rng.choice(list(s.legal_actions())))
    print(f"complete random Sixty-Six hands a CPU second (checked apply): {n / (time.process_time() - t):,.0f}")


if __name__ == "__main__":
    hands()
    hands(opponent=CarefulRandom, label="a random player who goes out only with 66")
    games()
    speed()
