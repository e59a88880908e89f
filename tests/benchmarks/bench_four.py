"""Bondtolva for two, three and four, Marjapussi, and Gaigel for four and three: the computer's record against random players over
1,000 games each (run: python tests/benchmarks/bench_four.py [GAMES]). Prints, never asserts.

In a game for two the computer holds one seat and a random player the other; for three, the
computer one seat and random players the other two (a third of the games is par); for four, the
computer holds one partnership (both partners, each choosing from its own seat's view: it knows
its partner's cards only as far as they were shown or answered) and random players the other.
The computer sits at each place in turn. A random player asks and answers at random among the
legal actions (its answers are true: the engine lists only true ones). In Gaigel a random player
who says "Aus!" or accuses at random loses at once, so the yardstick there is also a careful random
player, who says "Aus!" only with 101 and never accuses.
"""

from __future__ import annotations

import sys
import time

from tutor.games import load
from tutor.games.contract import RandomPlayer
from tutor.session import SeatView


class CarefulRandom(RandomPlayer):
    """Random among the legal actions, but 'Aus!' exactly when its side has 101, and no accusing."""

    def choose(self, seat):
        view = seat.view()
        legal = [a for a in seat.legal_actions() if str(a) not in ("claim", "accuse")]
        if "claim" in map(str, seat.legal_actions()) and view["scores"][view["my_side"]] >= 101:
            return "claim"
        return self.rng.choice(legal)


def record(name: str, n: int, careful: bool = False) -> None:
    game = load(name)
    bot = game.bot()
    won = deals = 0
    t = time.process_time()
    for seed in range(n):
        match = game.match(seed)
        other = CarefulRandom(seed) if careful else RandomPlayer(seed)
        mine = match.scorers[seed % len(match.scorers)]
        while not match.is_over:
            seat = match.turn
            chooser = bot if match.scorer_of(match.person(seat)) == mine else other
            match.apply(chooser.choose(SeatView(match, seat)))
        won += match.outcome().winner == mine
        deals += len(match.records)
    par = 1 / len(match.scorers)
    against = "careful random players" if careful else "random players"
    print(f"{name}: {n} games to {match.target}, the computer's side against {against}: won {won} ({won / n:.1%}; "
          f"par {par:.0%}); {deals / n:.1f} deals a game; {time.process_time() - t:.1f} CPU seconds")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for game_name in ("bondtolva", "bondtolva3", "bondtolva4", "marjapussi", "gaigel", "gaigel3"):
        record(game_name, count)
    record("gaigel", count, careful=True)
