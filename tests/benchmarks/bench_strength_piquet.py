"""How strong the strong computer is at Piquet, Counterpique and Le Truc (run: python
tests/benchmarks/bench_strength_piquet.py [--matches N] [--first K] [--games piquet,truc]
[--against beginner,random] [--record FILE] [--report FILE [--commit C]]). Prints, never asserts.

For each game, whole matches (Piquet's partie, Counterpique's rubber, Le Truc's manche) of the
strong player (``game.strong_bot()``) against the game's own player (``beginner_bot()``) and
against a player choosing uniformly among the legal actions (seeded with the match's seed); the
matches of seeds ``K`` to ``K + N - 1`` (``K`` is 10,000 unless told), the strong player in the
first person's place when the seed is even and the second's when it is odd (so each takes the
first deal's seats equally often). A match won by the strong player counts 1, a drawn one a half;
the table gives the share won with its Wilson 95% interval, and the CPU time the strong player
took for its moves (median, 95th percentile; moves with a single legal action left out). The
match loop, the records (``--record``) and the report (``--report``) are those of
``bench_strength.py``, in ``strength.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # strength.py, beside this script

from strength import main  # noqa: E402

GAMES = ["piquet", "counterpique", "truc"]

if __name__ == "__main__":
    main(__doc__, GAMES, default_first=10_000)
