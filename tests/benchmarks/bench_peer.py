"""The engines against a peer: the ``schnapsen`` package on PyPI, a Schnapsen engine written for a
university course on intelligent systems (run: python tests/benchmarks/bench_peer.py). Prints,
never asserts.

The peer is not a dependency of the project and this script installs nothing: put it in the
environment first (``pip install schnapsen``; it brings scikit-learn and Flask for its other bots,
so a separate folder on ``PYTHONPATH`` keeps them apart: ``pip install --target DIR schnapsen``).

What is timed, in one process, CPU time, the rows interleaved round by round (``timing``):

* the peer's Schnapsen (its ``SchnapsenGamePlayEngine``: 20 cards, no closing, a deal ending when
  a player reaches 66 or the cards run out), both seats played by its own random bot (``RandBot``),
  whole deals through ``play_at_most_n_tricks``, the engine checking every move it is given;
* the project's Bezique, random legal play through the checked ``apply``: complete deals of 32
  tricks, as ``bench_bezique.py`` plays them;
* the project's Schnapsen, random legal play through the checked ``apply``, never claiming
  (``record.never_claims``: a claim would end the deal at once), so each deal is played to its end.

Each row deals from seeds 0 to n-1 (the peer shuffles its deck with ``random.Random(seed)``) and
draws its choices from one stream, ``random.Random(1)``, the same in every round. The figure
compared is tricks played a CPU second (a trump exchange is no trick): deals differ in length
from game to game. Each row's tricks are counted once, outside the timing (the same deals and
choices are played in every round).
"""

from __future__ import annotations

import random
import statistics

from record import never_claims  # beside this script
from timing import cpu_seconds, of_rounds

try:
    from schnapsen.bots import RandBot
    from schnapsen.game import BotState, GameState, SchnapsenGamePlayEngine
except ImportError as e:  # the peer is not installed: say how
    raise SystemExit(f"the peer is not installed ({e}): pip install schnapsen (see tests/benchmarks/README.md)") from e

from tutor.games import load
from tutor.games.bezique import BeziqueDeal, BeziqueRules


def peer_deals(n: int) -> int:
    """Deals 0..n-1 of the peer's Schnapsen, both seats its random bot: the tricks played."""
    engine = SchnapsenGamePlayEngine()
    rng = random.Random(1)
    tricks = 0
    for seed in range(n):
        deck = engine.deck_generator.shuffle_deck(engine.deck_generator.get_initial_deck(), random.Random(seed))
        first, second, talon = engine.hand_generator.generateHands(deck)
        bot1, bot2 = RandBot(rng), RandBot(rng)
        state = GameState(leader=BotState(implementation=bot1, hand=first),
                          follower=BotState(implementation=bot2, hand=second), talon=talon, previous=None)
        end, _ = engine.play_at_most_n_tricks(state, bot1, bot2, 1000)
        tricks += (len(end.leader.won_cards) + len(end.follower.won_cards)) // 2  # two cards a trick
    return tricks


def bezique_deals(n: int) -> int:
    """Deals 0..n-1 of the project's Bezique, random legal play, checked apply: the tricks played."""
    rules = BeziqueRules()
    rng = random.Random(1)
    tricks = 0
    for seed in range(n):
        s = BeziqueDeal.from_seed(seed, rules)
        while not s.is_over:
            s.apply(rng.choice(list(s.legal_actions())))
        tricks += len(s.tricks)
    return tricks


def schnapsen_deals(n: int) -> int:
    """Deals 0..n-1 of the project's Schnapsen, random legal play (never a claim), checked apply."""
    game = load("schnapsen")
    rng = random.Random(1)
    tricks = 0
    for seed in range(n):
        s = game.deal(seed=seed)
        while not s.is_over:
            s.apply(rng.choice([a for a in s.legal_actions() if never_claims(a)]))
        tricks += len(s.tricks)
    return tricks


ROWS = (
    ("peer: schnapsen (PyPI), its RandBot, whole deals", peer_deals, 600),
    ("Bezique, random legal play, checked apply", bezique_deals, 150),
    ("Schnapsen, random legal play, checked apply", schnapsen_deals, 600),
)


def main(repeat: int = 5) -> None:
    import platform
    from importlib.metadata import version

    print(f"Python {platform.python_version()} on {platform.machine()}; peer: schnapsen {version('schnapsen')}")
    tricks = [fn(n) for _, fn, n in ROWS]  # counted once, untimed (every round plays the same)
    seconds: list[list[float]] = [[] for _ in ROWS]
    for _ in range(repeat):
        for i, (_, fn, n) in enumerate(ROWS):
            seconds[i].append(cpu_seconds(lambda fn=fn, n=n: fn(n)))
    print(f"CPU time, median (min-max) of {repeat} interleaved rounds")
    print(f"{'':<52} {'deals':>6} {'tricks/deal':>11} {'tricks/s':>26} {'deals/s':>22}")
    per_trick = []
    for (label, _, n), k, ts in zip(ROWS, tricks, seconds):
        per_trick.append([k / t for t in ts])
        deals = of_rounds([n / t for t in ts])
        print(f"{label:<52} {n:>6} {k / n:>11.2f} {format(of_rounds(per_trick[-1]), ',.0f'):>26} {format(deals, ',.0f'):>22}")
    peer = per_trick[0]
    for (label, _, _), mine in zip(ROWS[1:], per_trick[1:]):
        ratios = [a / b for a, b in zip(mine, peer)]  # within each round: the load alike on both
        print(f"{label} against the peer, per trick: x{statistics.median(mine) / statistics.median(peer):.2f} "
              f"(ratio of the medians; each round's ratio {min(ratios):.2f}-{max(ratios):.2f}; target x3)")


if __name__ == "__main__":
    main()
