"""Test doubles of the strong computer player (the ``Weigher`` protocol), for the review's tests.

Neither is a player of the tutor: they read the whole deal (a real player sees only its seat's
view), and away from the last tricks their numbers are a fixed table, not a judgement. They let
the review's arithmetic be checked against values known in advance.
"""

from __future__ import annotations

import hashlib
from typing import Any

from tutor.games.stock.actions import Play
from tutor.games.stock.solver import solve
from tutor.games.strength import Weight


def _deal(seat: Any) -> Any:
    from tutor.games.match import Match

    state = seat._state  # a test double may read the deal itself
    return state.deal if isinstance(state, Match) else state


def solver_values(state) -> dict[str, int] | None:
    """In a two-handed stock deal in its last tricks with only cards to play: each card's value
    for the player to move, card points he takes from here less those his opponent takes, by the
    exact solver; else None."""
    from tutor.games.stock.core import Phase, Stage

    if getattr(state, "n", None) != 2 or getattr(state, "stage", None) is not Stage.END:
        return None
    if state.phase not in (Phase.LEAD, Phase.FOLLOW):
        return None
    legal = list(state.legal_actions())
    if not all(isinstance(a, Play) for a in legal):
        return None
    sol = solve(state)
    rest = sum(sol.points.values())
    return {str(Play(c)): 2 * v - rest for c, v in sol.plays.items()}


class TableWeigher:
    """Weighs every legal action by a fixed table: a number from 0 to 19 made from the deal's code,
    the move's number and the action's notation (the same every run), as an estimate over
    ``samples`` deals with spread ``spread``; exact by the solver in a two-handed stock deal's
    last tricks. Best first, ties in the order of the legal actions."""

    def __init__(self, samples: int = 16, spread: float = 3.0, solver: bool = True):
        self.samples, self.spread, self.solver = samples, spread, solver
        self.calls = 0

    def weigh(self, seat) -> list[Weight]:
        self.calls += 1
        state = _deal(seat)
        legal = list(seat.legal_actions())
        exact = solver_values(state) if self.solver else None
        out = []
        for a in legal:
            if exact is not None:
                out.append(Weight(a, float(exact[str(a)]), exact=True, unit="card points", reason="the solver's value"))
            else:
                h = hashlib.sha256(f"{state.code}|{len(state.history)}|{a}".encode()).digest()
                out.append(Weight(a, float(h[0] % 20), self.spread, self.samples, unit="points", reason=f"table value of {a}"))
        return sorted(out, key=lambda x: -x.mean)

    def choose(self, seat) -> Any:
        return self.weigh(seat)[0].action


class FirstWeigher(TableWeigher):
    """A table whose first legal action is always best (by 10 points) and the others equal: every
    other choice costs exactly 10, and the first costs nothing."""

    def weigh(self, seat) -> list[Weight]:
        self.calls += 1
        legal = list(seat.legal_actions())
        return [Weight(a, 10.0 if i == 0 else 0.0, exact=True, reason="first is best" if i == 0 else "")
                for i, a in enumerate(legal)]
