"""Shared by the benchmark scripts of the Sixty-Six family (run as ``python tests/benchmarks/bench_x.py``):
the computer's games against an opponent, a random player who claims only honestly, and the rate of
complete random deals. Prints nothing itself, asserts nothing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from tutor.session import SeatView


class HonestRandom:
    """Random among the legal actions, but it claims exactly when it has the target (never falsely):
    ``target`` points, or the view's own ``target`` when none is given; never, with ``claims=False``."""

    def __init__(self, seed: int, claims: bool = True, target: int | None = None):
        self.rng = random.Random(seed)
        self.claims = claims
        self.target = target

    def choose(self, seat):
        legal = list(seat.legal_actions())
        view = seat.view()
        claim = [a for a in legal if str(a) == "claim"]
        target = view["target"] if self.target is None else self.target
        if self.claims and claim and view["scores"][view["player"]] >= target:
            return claim[0]
        return self.rng.choice([a for a in legal if str(a) != "claim"])


def seat_of(seed: int) -> str:
    """The computer's person in game ``seed``: first in even games, second in odd ones."""
    return ("first", "second")[seed % 2]


def play_out(state, bot, other, mine: Callable[[object], bool]) -> None:
    """Play ``state`` (a match or one deal) to its end: ``bot`` chooses when ``mine(state)``, else ``other``."""
    while not state.is_over:
        chooser = bot if mine(state) else other
        state.apply(chooser.choose(SeatView(state, state.turn)))


def play_match(match, bot, other, me: str) -> None:
    """Play ``match`` to its end, ``bot`` for the person named ``me``, ``other`` for the rest."""
    play_out(match, bot, other, lambda m: m.person(m.turn).name == me)  # type: ignore[attr-defined]


def random_deals_rate(game, n: int = 500, keep: Callable[[object], bool] = lambda a: True) -> float:
    """Complete deals of ``game`` a CPU second, each action drawn at random among the legal ones
    ``keep`` keeps, through the checked apply (deals from seeds 0 to ``n - 1``, one random stream)."""
    rng = random.Random(1)
    t = time.process_time()
    for seed in range(n):
        s = game.deal(seed=seed)
        while not s.is_over:
            s.apply(rng.choice([a for a in s.legal_actions() if keep(a)]))
    return n / (time.process_time() - t)
