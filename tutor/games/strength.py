"""The levels of computer player, and what a strong one says of each choice.

Every game offers a computer player at two levels (``game.bot(level)``):

- ``"beginner"``: the game's own rules-of-thumb player (fast, plays to the rules, often badly);
- ``"strong"``: a player that weighs every legal action by looking ahead from what its seat has
  seen, and can say what each choice is worth (:meth:`Weigher.weigh`).

A :class:`Weight` is the value of one legal action for the seat to move, in the points the deal
is scored in (:attr:`Weight.unit`), counted for the seat's side against the other side(s) from now
to the end of the deal, with best play after it as the weigher sees it. ``exact`` is true where
the value is certain (every card known, or the unseen cards cannot change it, and the rest of the
deal searched to its end); otherwise it is the mean over ``samples`` deals of the unseen cards,
with their standard deviation in ``spread``. The review of a reader's deal (:mod:`tutor.review`)
compares the weight of what the reader did with the best one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..errors import TutorError

if TYPE_CHECKING:  # pragma: no cover
    from .contract import SeatView

__all__ = ["LEVELS", "Weight", "Weigher", "SampledWeigher", "view_rng", "seed_view", "check_level", "UnknownLevelError"]

LEVELS: tuple[str, ...] = ("beginner", "strong")


class UnknownLevelError(TutorError):
    """A computer level that is not one of :data:`LEVELS`."""


def check_level(level: object) -> str:
    """``level`` if it names a level; otherwise a typed error naming it."""
    if not isinstance(level, str) or level not in LEVELS:
        shown = repr(level) if not isinstance(level, str) else level
        raise UnknownLevelError(f"no computer level {shown[:40]!s}: choose {' or '.join(LEVELS)}", token=shown[:40])
    return level


@dataclass(frozen=True)
class Weight:
    """What one legal action is worth to the seat to move (see the module's words)."""

    action: Any
    mean: float
    spread: float = 0.0
    samples: int = 0
    exact: bool = False
    unit: str = "points"
    line: tuple[Any, ...] = field(default=(), compare=False)
    reason: str = ""

    def to_json(self) -> dict:
        return {"action": str(self.action), "mean": self.mean, "spread": self.spread, "samples": self.samples,
                "exact": self.exact, "unit": self.unit, "line": [str(a) for a in self.line], "reason": self.reason}


@runtime_checkable
class Weigher(Protocol):
    """A computer player that can say what each legal action is worth (the strong level)."""

    def choose(self, seat: SeatView) -> Any: ...

    def weigh(self, seat: SeatView) -> Sequence[Weight]:
        """Every legal action of the seat to move, weighed, best first."""
        ...


def view_rng(seat: SeatView, view: dict | None = None) -> random.Random:
    """A random stream seeded by what ``seat`` sees (``view``, its view if already read, and
    nothing hidden): the same position always draws the same samples, so a player built on it
    always makes the same choice there."""
    view = seed_view(seat.view() if view is None else view)
    return random.Random(f"{seat.seat}|{sorted((k, str(v)) for k, v in view.items())}")


def seed_view(view: dict) -> dict:
    """``view`` as a seed is made of it: without the match's seating (``view["match"]["seats"]``),
    which follows from the deal's number, already there (and leaving it out keeps the seeds, and so
    the choices, of the matches recorded before the view gave it)."""
    match = view.get("match")
    if isinstance(match, dict) and "seats" in match:
        return {**view, "match": {k: v for k, v in match.items() if k != "seats"}}
    return view


class SampledWeigher:
    """What a strong player that weighs over ``samples`` deals of the unseen cards shares: its unit,
    its number of samples (the class's ``SAMPLES`` unless given), and its choice, the action it
    weighs first. A subclass says how it weighs (:meth:`weigh`)."""

    unit: str = "points"
    SAMPLES: int = 32

    def __init__(self, samples: int | None = None):
        self.samples = self.SAMPLES if samples is None else samples

    def choose(self, seat: SeatView) -> Any:
        return self.weigh(seat)[0].action

    def weigh(self, seat: SeatView) -> list[Weight]:  # pragma: no cover - each player weighs its own way
        raise NotImplementedError
