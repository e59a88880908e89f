"""The strong computer against today's (the beginner) and against a random player, per stock-core
registry entry (run: python tests/benchmarks/bench_strength.py [--matches N] [--first K]
[--games a,b] [--against beginner,random] [--record FILE] [--report FILE [--commit C]]
[--sees all|hand] [--work N] [--solve-at N]).
Prints, never asserts.

Matches ``K`` to ``K + N - 1`` (``game.match(seed)``); the strong player sits as the first person
when the seed is even and as the second when it is odd (in a game of partners it plays both seats
of its side; at a table of three, one seat against two of the other). The random player of Tute
never claims falsely (it claims exactly when it has 101, as ``record.HonestRandom``); elsewhere it
picks any legal action. For each pairing the table gives the strong player's match wins with a 95%
Wilson interval, and the CPU time of its moves (median and 95th percentile, moves with a single
legal action left out: nothing is weighed for them). ``--record`` appends one JSON line a match
(and resumes a stopped run), ``--report`` prints the table from such a file: see ``strength.py``.
``--sees all|hand``, ``--work N`` and ``--solve-at N`` play a variant of the strong player instead
(it sees every card, or every hand; more or fewer samples a move; the solver from hands of N
cards), for measuring what it lacks: see ``strength.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # strength.py, beside this script

from strength import main, one_match, opponent, wilson  # noqa: E402,F401

from tutor.games import GAMES, load  # noqa: E402
from tutor.games.stock.core import StockState  # noqa: E402


def stock_games() -> list[str]:
    """The registry entries played on the stock core (those this strong player plays)."""
    return [name for name in sorted(GAMES) if isinstance(load(name).deal(seed=0), StockState)]


if __name__ == "__main__":
    main(__doc__, stock_games(), variants=True)
