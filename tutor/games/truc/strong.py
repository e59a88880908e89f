"""Le Truc's strong computer player: cards, calls, doubles and banco weighed over deals of the
unseen cards.

For each decision the player deals the cards it has not seen again
(:meth:`~tutor.games.truc.state.TrucDeal.determinize`) and, in each such deal, searches the rest
of the card play exactly (:func:`outcome`: both players choosing their best card with both hands
in view; only ranks count and a tie is a pourrie, as the French rules of Le Truc say). A
proposal is weighed by how the other answers it from what *he* can see: his chance of winning from
the odds module (:func:`~tutor.games.truc.odds.view_odds`, exact over every hand he may face), and
the answer a careful player gives on it (accept when accepting loses less on average than refusing,
his chance first lowered a little because a proposal is a sign of strength). An answer is weighed
over the deals in which the other would have made the proposal he made: a deal where his hand is
strong counts fully, one where it is weak counts as a bluff would.

Weights are in the deal's points for the seat less the other's: a deal won scores its value, a
refused proposal the value before it (the French rules of Le Truc). They are ranked by what those
points are worth towards the manche (:func:`manche_chance`): accepting a banco that could lose the
manche is weighed against the one point a refusal gives away.
"""

from __future__ import annotations

from functools import lru_cache
from statistics import pstdev
from typing import Any, cast

from ..contract import SeatView
from ..strength import SampledWeigher, Weight, view_rng
from .actions import Accept, Ask, Banco, Double, Keep, Play, Refuse
from .odds import view_odds
from .state import ROTTEN, STRENGTH, Phase, TrucDeal, credited

__all__ = ["TrucStrong", "outcome"]

SAMPLES = 48
UNIT = "points of the deal (the seat's less the other's)"
#: a player who would propose with this edge (win less lose) or more is taken to be strong
STRONG_EDGE = 0.3
#: how much a deal in which the other's hand is weak counts, against one where it is strong, when
#: weighing the answer to his proposal (a careful player's bluff)
BLUFF = 0.15
#: how much an answering player lowers his edge because a proposal is a sign of strength
CAUTION = 0.15


def _result(won: list[int], n: int) -> int | None:
    if won[0] >= 2:
        return 1
    if won[1] >= 2:
        return -1
    if n == 3:
        return 0
    return None


@lru_cache(maxsize=200_000)
def outcome(h0: tuple[int, ...], h1: tuple[int, ...], results: tuple[int, ...], leader: int, table: int) -> int:
    """The deal's result for elder (1 won, -1 lost, 0 void) when both play their best cards,
    both hands seen: ``h0``, ``h1`` strengths (sorted), ``results`` the finished tricks (0, 1 or
    :data:`ROTTEN`), ``leader`` the player to lead (or who led ``table``), ``table`` the strength
    led to the open trick or -1."""
    p = leader if table < 0 else 1 - leader
    hand = h0 if p == 0 else h1
    best = None
    for c in sorted(set(hand)):
        v = after_card(h0, h1, results, leader, table, p, c)
        if best is None or (v > best if p == 0 else v < best):
            best = v
    return best if best is not None else 0


def after_card(h0: tuple[int, ...], h1: tuple[int, ...], results: tuple[int, ...], leader: int, table: int,
               p: int, c: int) -> int:
    """:func:`outcome` after player ``p`` plays strength ``c``."""
    hand = list(h0 if p == 0 else h1)
    hand.remove(c)
    n0, n1 = (tuple(hand), h1) if p == 0 else (h0, tuple(hand))
    if table < 0:
        return outcome(n0, n1, results, p, c)
    r = ROTTEN if c == table else (p if c > table else leader)
    res = (*results, r)
    won, _ = credited(res)
    end = _result(won, len(res))
    if end is not None:
        return end
    nxt = leader if r == ROTTEN else r
    return outcome(n0, n1, res, nxt, -1)


def _position(s: TrucDeal) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]:
    h0 = tuple(sorted(STRENGTH[c] for c in s.hands[0]))
    h1 = tuple(sorted(STRENGTH[c] for c in s.hands[1]))
    results = tuple(t[3] for t in s.tricks if t[2] is not None)
    if s.tricks and s.tricks[-1][2] is None:
        return h0, h1, results, s.tricks[-1][0], STRENGTH[s.tricks[-1][1]]
    return h0, h1, results, s.leader, -1


def _edge_of(s: TrucDeal, q: int) -> float:
    """The edge (win less lose) player ``q`` sees in ``s`` by the odds module."""
    o = view_odds(s.view(q))
    return float(o.edge)


def _answers_accept(s: TrucDeal, q: int, new: int) -> bool:
    """Whether ``q``, offered ``new`` for a deal worth ``s.value``, accepts (a careful player's rule)."""
    proposer = 1 - q
    if s.manche[proposer] + s.value >= s.target:
        return True  # refusing would give the manche away: play it out
    return new * (_edge_of(s, q) - CAUTION) >= -s.value


def _play_value(s: TrucDeal, p: int) -> float:
    """The deal's value to ``p`` with the cards played out best from here (no more proposals)."""
    h0, h1, res, leader, table = _position(s)
    v = outcome(h0, h1, res, leader, table)
    return s.value * (v if p == 0 else -v)


def _settle_calls(s: TrucDeal, p: int) -> float:
    """Finish the call for cards as a careful player does (ask for new cards on a poor hand), then
    the play; ``p``'s value."""
    while s.phase is Phase.CALL:
        q = s.to_move
        edge = _edge_of(s, q)
        s.apply_unchecked(Ask() if edge < (-0.25 if q == 0 else -0.4) else Keep())
    if s.is_over:
        return _over_value(s, p)
    return _play_value(s, p)


def _over_value(s: TrucDeal, p: int) -> float:
    sc = list(s.scores().values())
    return float(sc[p] - sc[int(s.table.seats[p].other)])


@lru_cache(maxsize=4096)
def manche_chance(mine: int, theirs: int, target: int = 12) -> float:
    """The chance of winning the manche from ``mine`` points against ``theirs`` (the first to
    ``target`` wins: the French rules of Le Truc, Manche), if every deal from here were worth one
    point and as likely won as lost: what a deal's points are worth towards the manche."""
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return 0.5 * manche_chance(mine + 1, theirs, target) + 0.5 * manche_chance(mine, theirs + 1, target)


def _chance(s: TrucDeal, p: int, points: float) -> float:
    """The chance of winning the manche after this deal brings ``p`` ``points`` (less the other's)."""
    mine, theirs = s.manche[p], s.manche[int(s.table.seats[p].other)]
    if points > 0:
        return manche_chance(mine + int(points), theirs, s.target)
    if points < 0:
        return manche_chance(mine, theirs - int(points), s.target)
    return manche_chance(mine, theirs, s.target)


class TrucStrong(SampledWeigher):
    """The strong player (:class:`~tutor.games.strength.Weigher`); deterministic for a position."""

    unit = UNIT
    SAMPLES = SAMPLES

    def weigh(self, seat: SeatView) -> list[Weight]:
        legal = list(seat.legal_actions())
        rng = view_rng(seat)
        p = int(seat.seat)
        deals = [cast(TrucDeal, seat.sample(rng)) for _ in range(self.samples)]
        s0 = deals[0]
        weights = [1.0] * len(deals)
        if s0.phase is Phase.ANSWER and s0.pending is not None:
            # the deals in which the other would have proposed: a strong hand fully, a weak one as a bluff
            q = int(s0.table.seats[p].other)
            weights = [1.0 if _edge_of(s, q) >= STRONG_EDGE else BLUFF for s in deals]
        values: dict[Any, list[float]] = {a: [] for a in legal}
        for s in deals:
            for a in legal:
                values[a].append(self._value(s, p, a))
        ranked = []
        total = sum(weights)
        for a, vs in values.items():
            mean = sum(w * v for w, v in zip(weights, vs)) / total
            chance = sum(w * _chance(s0, p, v) for w, v in zip(weights, vs)) / total
            spread = pstdev(vs) if len(vs) > 1 else 0.0
            reason = f"{_reason(a, mean, s0)}; the manche then won {chance:.0%} of the time"
            ranked.append((chance, mean, Weight(a, mean, spread, len(vs), False, UNIT, (), reason)))
        # best first by the chance of winning the manche (the deal's points are what it is played for,
        # and a point near the end of a manche is worth more than one at its start), then by the points
        ranked.sort(key=lambda r: (-r[0], -r[1]))
        return [w for _, _, w in ranked]

    @staticmethod
    def _value(s: TrucDeal, p: int, a: Any) -> float:
        if isinstance(a, Play):
            h0, h1, res, leader, table = _position(s)
            v = after_card(h0, h1, res, leader, table, p, STRENGTH[a.card])
            return s.value * (v if p == 0 else -v)
        if isinstance(a, (Keep, Ask)):
            t = s.clone()
            t.apply_unchecked(a)
            return _settle_calls(t, p)
        if isinstance(a, Refuse):
            return -float(s.value)
        if isinstance(a, Accept):
            _, _, new = s.pending  # type: ignore[misc]
            h0, h1, res, leader, table = _position(s)
            v = outcome(h0, h1, res, leader, table)
            return new * (v if p == 0 else -v)
        # a proposal (double, banco) or a banco answered with a banco
        t = s.clone()
        t.apply_unchecked(a)
        _, _, new = t.pending  # type: ignore[misc]
        q = int(t.table.seats[p].other)
        if not _answers_accept(t, q, new):
            return float(t.value)
        h0, h1, res, leader, table = _position(t)
        v = outcome(h0, h1, res, leader, table)
        return new * (v if p == 0 else -v)


def _reason(a: Any, mean: float, s: TrucDeal) -> str:
    if isinstance(a, Play):
        return f"play {a.card}: {mean:+.2f} on average, the rest of the cards played best over the deals of the unseen cards"
    if isinstance(a, Double):
        return f"propose to double: {mean:+.2f} on average, counting the other's refusals on his own odds"
    if isinstance(a, Banco):
        return f"banco: {mean:+.2f} on average, counting the other's answer on his own odds"
    if isinstance(a, Accept):
        return f"accept: {mean:+.2f} on average over the deals in which the other would have proposed"
    if isinstance(a, Refuse):
        return f"refuse: {mean:+.2f}, the value before the proposal given up (the French rules of Le Truc)"
    if isinstance(a, Keep):
        return f"keep the cards: {mean:+.2f} on average"
    return f"ask for new cards: {mean:+.2f} on average"
