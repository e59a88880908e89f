"""Tute's kind of exercise question (:mod:`tutor.exercises`): ``claim``. The points are kept in the
head, and the game is won by claiming the target (101) at one's turn: a true claim wins, a false one
loses. A deal the computer plays is stopped at a turn of one player with his points near the target;
has he reached it, so that a claim now wins? The key is the engine's reckoning of his points (the
cards of the tricks he won, his cantes, the last trick), and the claim applied to the deal.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from ...exercises import ExerciseError, Kind, Question, play_moves, steps
from ..stock.actions import Claim
from ..stock.core import Phase
from .state import RULE_CLAIM

__all__ = ["CLAIM", "claim_question"]

#: how far under the target a player may be when a question asks whether he has reached it
BELOW = 25


def _near(state: Any, reached: bool, short: int = 1) -> bool:
    """Whether the player to move may claim and has reached the target (``reached``), or has not
    but is no more than ``short`` under it."""
    if state.phase not in (Phase.LEAD, Phase.FOLLOW) or Claim() not in state.legal_actions():
        return False
    total = state.scores()[state.table.names[state.to_move]]
    return total >= state.target if reached else state.target - short <= total < state.target


def _claim(game: Any, seed: str, number: int) -> Question:
    reached = number % 2 == 0  # a set asks both ways round, in turn
    rng = random.Random(seed)
    for k in range(100):
        state = game.deal(seed=f"{seed}/{k}")
        stop = functools.partial(_near, reached=reached, short=rng.randint(3, BELOW))
        log = [text for _, _, text in play_moves(game, state, stop=stop)]
        if not state.is_over:
            return claim_question(game, state, number, log)
    raise ExerciseError(f"no deal of {seed} came near the target", token=seed)  # pragma: no cover


def claim_question(game: Any, state: Any, number: int, log: list[str] | None = None) -> Question:
    """The ``claim`` question at ``state`` (a turn of the player asked about): has he reached the
    target, so that a claim now wins?"""
    p = state.to_move
    me = state.table.seats[p]
    total = state.scores()[me.name]
    target = state.target
    said = ("The deal went: " + " ".join(log) + " ") if log else ""
    prompt = (f"Trumps are {state.trump.name.lower()}. {said}It is {me.name}'s turn. The points are kept in the head: "
              f"has {me.name} reached {target}, so that a claim now wins? Count his points.")
    rows = tuple((f"trick {i + 1} (won by {state.table.seats[t.winner].name})", tuple(t.cards))
                 for i, t in enumerate(state.tricks) if t.winner == p)
    mine = tuple(w for w in steps(state.explanation()) if w.startswith(f"{me.name} "))
    if total >= target:
        answer = f"claim: {me.name} has {total}, at least {target}, so the claim wins the game"
    else:
        answer = f"do not claim: {me.name} has {total}, short of {target}; a claim now would lose the game"
    working = (*mine, f"{me.name}'s total: {total} [{RULE_CLAIM}]")
    return Question(number, prompt, rows, answer, working,
                    {"player": me.name, "total": total, "target": target, "claim": total >= target,
                     "moves": [str(a) for a in state.history]}, state.code)


#: Tute: has the player reached 101, so that his claim wins?
CLAIM = Kind("claim", "has the player reached the target, so that a claim wins?", _claim)
