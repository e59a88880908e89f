"""Closing or playing on? A finished hand of Sixty-Six (or Schnapsen, Old Mariage) looked back on:
at every lead where a player could have closed the stock, what closing there would have made.

Once the stock is closed no card is drawn again, so from that moment the hand is decided by the
cards in the two hands. The review closes the stock at each such moment, solves the rest exactly
with both hands known (:mod:`tutor.games.stock.solver`, best play for both), and sets what the
closer would then have taken beside what he had: did it reach 66, and what would the hand have
been worth? It is hindsight (the closer cannot see his opponent's cards), and it counts card
points only (a marriage still to be shown before closing is not tried), but it shows when a close
was on and when it was a trap.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..stock.actions import Close
from ..stock.solver import solve
from .state import TARGET

__all__ = ["ClosingChance", "closing_review"]


@dataclass(frozen=True)
class ClosingChance:
    """One moment a player could have closed: before trick ``trick`` (from 1), ``player`` on lead
    with ``had`` points; closing and then playing his best would have given him ``would`` (his
    opponent playing his best too), against ``other`` for the opponent; ``reaches`` says whether
    that makes 66; ``closed``: whether he did close there."""

    trick: int
    player: str
    had: int
    would: int
    other: int
    reaches: bool
    closed: bool

    def words(self) -> str:
        did = "closed" if self.closed else "could have closed"
        verdict = ("enough to go out" if self.reaches else f"short of {TARGET}: the close would have failed")
        return (f"Before trick {self.trick}, {self.player} {did} with {self.had}: with best play on both sides "
                f"he would have finished with {self.would} ({verdict}).")


def closing_review(deal) -> list[ClosingChance]:
    """Every moment of ``deal`` (a finished or unfinished hand) at which the player on lead could
    have closed, with what closing there would have made."""
    replay = type(deal)(deal.dealt, deal.rules)
    out: list[ClosingChance] = []
    for action in deal.history:
        if not replay.is_over and Close() in list(replay.legal_actions()):
            seat = replay.table.seats[replay.to_move]
            trial = replay.clone()
            trial.apply(Close())
            sc = trial.scores()
            if not trial.is_over and trial.phase.value in ("lead", "follow"):
                solved = solve(trial)
                mine = sc[seat.name] + solved.points[seat.name]
                theirs = sc[seat.other.name] + solved.points[seat.other.name]
                out.append(ClosingChance(len(replay.tricks) + 1, seat.name, replay.scores()[seat.name], mine, theirs,
                                         mine >= TARGET, isinstance(action, Close)))
        replay.apply_unchecked(action)
    # one line a lead: the moment just before the card is led (after any exchange or marriage)
    last: dict[int, ClosingChance] = {}
    for chance in out:
        last[chance.trick] = chance if not last.get(chance.trick) or not last[chance.trick].closed else last[chance.trick]
    return list(last.values())
