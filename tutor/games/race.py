"""The chance of winning a match that is a race to a target, from the totals it stands at.

In Bondtolva the deals go on until somebody's running total comes to 12, and he takes the game.
What a point is worth then depends on where the totals stand: at a table of three, a point taken from
the player about to go out is worth more than one taken from the player far behind, and a deal
that leaves the totals level is worth less to the leader than to the one behind. A strong player
that counts a deal's points alone (its own less the others' mean) cannot see this.

:class:`Race` gives, for the totals after a deal, the chance that each player wins the match, in
a model of the deals to come: each deal gives the players points drawn from a table of deals
measured in play, one deal independent of the next. The table is either the same for every seat
(:func:`measure`: the game's own computer at every seat, the table taken in every order of the
seats) or the valued player's own (``own``: his points as he takes them, the others' as they take
them against him: :func:`measure` with his ``player``). The chance is computed exactly in that
model, by working back from the totals that end the match. Where two or more players are level at
the top past the target, the rules play another deal; the model shares the match between them
instead (the case is rare, and its chances are near even).

Marjapussi's game is a race of two sides to exactly 10, where a side that goes over goes back to 7
and a side that takes no trick goes back to 0: :class:`ExactRace`, over a table of deals that says
what each side took and whether it took a trick (:func:`measure_sides`). Its totals go down as well
as up, so its chances are the fixed point of one deal's step over every pair of totals.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from typing import Any

__all__ = ["ExactRace", "Race", "exact_race", "exact_step", "measure", "measure_sides", "race_to"]


class Race:
    """The chances of winning a race to ``target`` (see the module's words). ``deals``: the
    deals measured, as pairs of the points each seat took and how many deals gave them. With
    ``own``, the first seat's points are the valued player's own (he plays unlike the others: the
    strong computer against the game's own), and only his chances are asked (``chance(totals, me)``
    for his seat ``me``): the table is then taken in every order of the others alone."""

    def __init__(self, target: int, deals: Sequence[tuple[Sequence[int], int]], own: bool = False):
        if not deals:
            raise ValueError("a race needs at least one measured deal")
        sizes = {len(points) for points, _ in deals}
        if len(sizes) != 1:
            raise ValueError(f"the measured deals have different numbers of seats: {sorted(sizes)}")
        self.target = target
        self.players = sizes.pop()
        weights: dict[tuple[int, ...], float] = {}
        for points, count in deals:
            if count < 0 or min(points) < 0 or not any(points):
                raise ValueError(f"a measured deal must give some points and a count: {tuple(points)} x {count}")
            orders = ((points[0], *rest) for rest in itertools.permutations(points[1:])) if own else itertools.permutations(points)
            for order in orders:
                weights[order] = weights.get(order, 0.0) + count
        total = sum(weights.values())
        #: each deal's points for the seat valued first and the others, and its chance
        self.outcomes: tuple[tuple[int, tuple[int, ...], float], ...] = tuple(
            (points[0], points[1:], w / total) for points, w in sorted(weights.items()))
        self._memo: dict[tuple[int, tuple[int, ...]], float] = {}

    def totals_after(self, state: Any, before: Sequence[int]) -> list[int]:
        """Each seat's total once the points of the deal ``state`` are added to ``before``."""
        return _plus_points(state, before)

    def chance(self, totals: Sequence[int], me: int) -> float:
        """The chance that the player at ``me`` wins the match from ``totals`` (one a seat, after
        the deal just played), between 0 and 1."""
        if len(totals) != self.players:
            raise ValueError(f"a race of {self.players} needs {self.players} totals, not {len(totals)}")
        mine = totals[me]
        others = tuple(sorted(t for i, t in enumerate(totals) if i != me))
        return self._chance(mine, others)

    def _chance(self, mine: int, others: tuple[int, ...]) -> float:
        top = max(mine, *others)
        if top >= self.target:  # the match is over: won alone, shared at a level top, or lost
            if mine < top:
                return 0.0
            return 1.0 / (1 + sum(1 for t in others if t == top))
        key = (mine, others)
        found = self._memo.get(key)
        if found is not None:
            return found
        value = 0.0
        for gain, more, p in self.outcomes:
            value += p * self._chance(mine + gain, tuple(sorted(t + g for t, g in zip(others, more))))
        self._memo[key] = value
        return value


def exact_step(total: int, gain: int, took: bool, target: int, back: int) -> int:
    """A side's new total in a race to exactly ``target``: ``total`` plus ``gain``, except that a
    side that took no trick goes back to 0 and one that goes over goes back to ``back``."""
    if not took:
        return 0
    return total + gain if total + gain <= target else back


def _plus_points(state: Any, before: Sequence[int]) -> list[int]:
    scores = state.scores()
    spec = state.spec
    return [t + scores.get(spec.scorers[spec.side(q)], 0) for q, t in enumerate(before)]


class ExactRace:
    """The chances of winning a race of two sides to exactly ``target`` (Marjapussi): a side that
    goes over goes back to ``back``, a side that takes no trick in a deal goes back to 0, and both
    sides reaching the target on the same deal tie the game (a half for each). ``deals``: the deals
    measured (:func:`measure_sides`), as pairs of ``((points, took a trick), (points, took a
    trick))``, one a side, and how many deals gave them; they are taken both ways round.

    Totals go down as well as up, so the chances are not worked back from the end: they are the
    fixed point of one deal's step, reached by repeating it over every pair of totals until no
    chance moves by more than ``1e-12``. Totals are one a seat; the sides sit alternately."""

    def __init__(self, target: int, back: int, deals: Sequence[tuple[tuple[tuple[int, bool], tuple[int, bool]], int]]):
        if not deals:
            raise ValueError("a race needs at least one measured deal")
        if not 0 <= back < target:
            raise ValueError(f"a side that goes over goes back below the target {target}, not to {back}")
        self.target, self.back = target, back
        weights: dict[tuple[tuple[int, bool], tuple[int, bool]], float] = {}
        for (one, two), count in deals:
            if count < 0 or min(one[0], two[0]) < 0:
                raise ValueError(f"a measured deal needs points and a count: {one}, {two} x {count}")
            for key in ((one, two), (two, one)):
                weights[key] = weights.get(key, 0.0) + count
        total = sum(weights.values())
        outcomes = [(a, b, w / total) for (a, b), w in sorted(weights.items())]
        self._chances = self._solve(outcomes)

    def _step(self, total: int, gain: int, took: bool) -> int:
        return exact_step(total, gain, took, self.target, self.back)

    def _solve(self, outcomes: list[tuple[tuple[int, bool], tuple[int, bool], float]]) -> dict[tuple[int, int], float]:
        target = self.target
        states = [(m, o) for m in range(target) for o in range(target)]
        # each pair of totals: where a deal takes it, with its chance
        moves: dict[tuple[int, int], list[tuple[int, int, float]]] = {s: [] for s in states}
        for m, o in states:
            for (gain, took), (their, they_took), p in outcomes:
                moves[(m, o)].append((self._step(m, gain, took), self._step(o, their, they_took), p))
        chances = {s: 0.5 for s in states}
        for _ in range(100_000):
            moved = 0.0
            for s in states:  # (Gauss-Seidel: each new chance used at once)
                value = 0.0
                for m, o, p in moves[s]:
                    if m == target:
                        value += p * (0.5 if o == target else 1.0)
                    elif o != target:
                        value += p * chances[(m, o)]
                moved = max(moved, abs(value - chances[s]))
                chances[s] = value
            if moved < 1e-12:
                return chances
        raise ValueError("the chances of this race do not settle")  # pragma: no cover

    def totals_after(self, state: Any, before: Sequence[int]) -> list[int]:
        """Each seat's total once the deal ``state`` is counted by the race's rules (the target
        gone over: back to ``back``; no trick taken: back to 0)."""
        after = _plus_points(state, before)
        spec = state.spec
        took = {spec.side(t.winner) for t in state.tricks}
        return [self._step(t, a - t, spec.side(q) in took) for q, (t, a) in enumerate(zip(before, after))]

    def chance(self, totals: Sequence[int], me: int) -> float:
        """The chance that the side of the seat at ``me`` wins from ``totals`` (one a seat: the
        next seat is the other side's), a tie counted a half."""
        if len(totals) < 2:
            raise ValueError(f"a race of two sides needs a total a seat, not {len(totals)}")
        mine, theirs = totals[me], totals[(me + 1) % len(totals)]
        for t in (mine, theirs):
            if not 0 <= t <= self.target:
                raise ValueError(f"a total of this race is between 0 and {self.target}, not {t}")
        if mine == self.target:
            return 0.5 if theirs == self.target else 1.0
        if theirs == self.target:
            return 0.0
        return self._chances[(mine, theirs)]


@functools.lru_cache(maxsize=8)
def exact_race(target: int, back: int,
               deals: tuple[tuple[tuple[tuple[int, bool], tuple[int, bool]], int], ...]) -> ExactRace:
    """The :class:`ExactRace` over ``deals``, made once a process."""
    return ExactRace(target, back, deals)


def measure_sides(game: Any, deals: int, first: int = 0) -> list[tuple[tuple[tuple[int, bool], tuple[int, bool]], int]]:
    """What each of two sides took in ``deals`` deals of ``game`` (seeds ``first`` on), the game's
    own computer at every seat: the points of the side of the seat to play first and of the other,
    each with whether it took a trick, and how many deals gave them (a table for :class:`ExactRace`)."""
    bot = game.beginner_bot()
    counts: dict[tuple[tuple[int, bool], tuple[int, bool]], int] = {}
    for seed in range(first, first + deals):
        state = game.play_out(game.deal(seed=seed), bot)
        spec = state.spec
        scores = state.scores()
        took = {spec.side(t.winner) for t in state.tricks}
        one, two = ((scores[spec.scorers[side]], side in took) for side in (0, 1))
        counts[(one, two)] = counts.get((one, two), 0) + 1
    return sorted(counts.items())


@functools.lru_cache(maxsize=8)
def race_to(target: int, deals: tuple[tuple[tuple[int, ...], int], ...], own: bool = False) -> Race:
    """The :class:`Race` to ``target`` over ``deals``, made once a process (its chances are kept as
    they are worked out: the first question works out nearly all of them, about a quarter of a
    second for a table of three racing to 12)."""
    return Race(target, deals, own)


def measure(game: Any, deals: int, first: int = 0, player: Any = None) -> list[tuple[tuple[int, ...], int]]:
    """The points each seat took in ``deals`` deals of ``game`` (seeds ``first`` on), its own
    computer (the beginner) at every seat: a table of deals for :class:`Race`, as pairs of the
    points, seat by seat in the order of play, and how many deals gave them. With ``player`` (a
    computer player, such as ``game.strong_bot()``), that player takes the seat the seed gives
    (``seed`` modulo the seats) and each deal is its points, then the others', the smaller first:
    a table for ``Race(..., own=True)``."""
    from .contract import SeatView

    bot = game.beginner_bot()
    counts: dict[tuple[int, ...], int] = {}
    for seed in range(first, first + deals):
        state = game.deal(seed=seed)
        me = seed % state.n
        if player is None:
            state = game.play_out(state, bot)
        else:
            while not state.is_over:
                state.apply((player if int(state.turn) == me else bot).choose(SeatView(state, state.turn)))
        scores = state.scores()
        points = tuple(scores[state.spec.scorers[state.spec.side(q)]] for q in range(state.n))
        if player is not None:
            points = (points[me], *sorted(points[:me] + points[me + 1:]))
        counts[points] = counts.get(points, 0) + 1
    return sorted(counts.items())
