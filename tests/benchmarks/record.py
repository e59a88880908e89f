"""Shared by the benchmark scripts of the Sixty-Six family (run as ``python tests/benchmarks/bench_x.py``):
the computer's games against an opponent, a random player who claims only honestly, and the rate of
complete random deals (played to the last trick: the random player never claims). Prints nothing itself, asserts nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from timing import Rate, rate  # beside this script

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


def record_against_random(name: str, n: int, noun: str) -> None:
    """Print the record of ``name``'s computer over ``n`` matches (``noun``: "rubbers", "manches")
    against a random player, seats swapped from one to the next, with the deals played and the CPU
    seconds it took."""
    import time

    from tutor.games import load
    from tutor.games.contract import RandomPlayer

    game = load(name)
    bot, won, deals = game.bot(), 0, 0
    cpu = time.process_time()
    for seed in range(n):
        match = game.match(seed)
        me = seat_of(seed)
        play_match(match, bot, RandomPlayer(seed), me)
        won += match.outcome().winner == me
        deals += len(match.records)
    print(f"{name}, {n} {noun} against a random player: the computer won {won} ({won / n:.1%}); {deals} deals; "
          f"{time.process_time() - cpu:.0f} s of CPU")


def never_claims(action: object) -> bool:
    """Whether a random player may take ``action``: anything but a claim, which ends the deal at
    once (a false one loses it), so that every deal timed is played to its last trick. A claim
    is the stock core's ``Claim`` (the only action written ``claim``), known by its class's name
    so that the code of an earlier commit is judged alike, and without writing out every action
    listed (which cost the timed row of a random Schnapsen deal about a tenth of its time)."""
    return type(action).__name__ != "Claim"


def random_deals_rate(game, n: int = 500, keep: Callable[[object], bool] = never_claims, repeat: int = 5) -> Rate:
    """Complete deals of ``game`` a CPU second, each action drawn at random among the legal ones
    ``keep`` keeps (never a claim, unless told), through the checked apply: deals from seeds 0 to
    ``n - 1`` and one random stream, the same in every round; the median and min-max of ``repeat``
    rounds (see ``timing.rate``)."""

    def run(k: int) -> None:
        rng = random.Random(1)
        for seed in range(k):
            s = game.deal(seed=seed)
            while not s.is_over:
                s.apply(rng.choice([a for a in s.legal_actions() if keep(a)]))

    return rate(run, n, repeat)
