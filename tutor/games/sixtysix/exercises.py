"""The ``close`` kind of exercise question (:mod:`tutor.exercises`), for the games of the family in
which the player on lead may close the stock (Sixty-Six, Schnapsen, Old Mariage): a position of a
deal the computer has played, the player on lead with the stock still open; should he close it,
play on, or go out?

The key is the closing trainer's weighing (:func:`tutor.games.sixtysix.trainer.weigh`): the cards
the player cannot see dealt at random (keeping those he knows the other holds), and for each
arrangement, after a close the rest solved exactly (:mod:`tutor.games.stock.solver`), playing on
played out by the computer at both seats. Only positions where one choice is clearly best (by half a
game point or more on average) are asked, so the key does not hang on the luck of the samples.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from ...exercises import ExerciseError, Kind, Question, play_moves
from ..stock.actions import Close
from ..stock.core import Phase, Stage

__all__ = ["CLOSE", "SAMPLES", "MARGIN", "close_question"]

#: the arrangements of the unseen cards each position is weighed over
SAMPLES = 24
#: how much better (in game points, on average) the best choice must be than the next to be asked
MARGIN = 0.5
#: positions weighed in search of one whose best choice is the one the question wants, before a
#: clear one of the other choice is taken instead
TRIES = 14


def _may_close(state: Any) -> bool:
    return (state.stage is Stage.STOCK and state.phase is Phase.LEAD and not state.trick and len(state.tricks) >= 1
            and any(isinstance(a, Close) for a in state.legal_actions()))


def _moved(state: Any, since: int) -> bool:
    return len(state.history) > since


def _clear(weighing) -> bool:
    ranked = sorted((c.game_points for c in weighing.choices), reverse=True)
    return len(ranked) > 1 and ranked[0] - ranked[1] >= MARGIN


def _close(game: Any, seed: str, number: int) -> Question:
    from .trainer import weigh

    rng = random.Random(seed)
    want = rng.choice(("close", "play on"))  # a set asks both ways round, not one answer every time
    found = None
    weighed = 0
    for k in range(40):
        state = game.deal(seed=f"{seed}/{k}")
        log: list[str] = []
        while not state.is_over:
            log += [text for _, _, text in play_moves(game, state, stop=_may_close)]
            if state.is_over or state.stage is not Stage.STOCK:
                break
            w = weigh(state, samples=SAMPLES, seed=seed)
            weighed += 1
            if _clear(w):
                if w.best.choice == want:
                    return close_question(game, state, number, log, w)
                found = found or (state.clone(), list(log), w)
            if found is not None and weighed >= TRIES:
                return close_question(game, found[0], number, found[1], found[2])
            log += [text for _, _, text in play_moves(game, state, stop=functools.partial(_moved, since=len(state.history)))]
    if found is None:  # pragma: no cover - every seed tried gives one within a few deals
        raise ExerciseError(f"no deal of {seed} gave a clear choice to close or play on", token=seed)
    return close_question(game, found[0], number, found[1], found[2])


def close_question(game: Any, state: Any, number: int, log: list[str] | None = None, weighing: Any = None) -> Question:
    """The ``close`` question at ``state`` (the player on lead while the stock lasts): close, play on
    or go out? The key is ``weighing`` (by default :func:`~tutor.games.sixtysix.trainer.weigh` over
    :data:`SAMPLES` arrangements)."""
    from .trainer import weigh

    w = weighing if weighing is not None else weigh(state, samples=SAMPLES, seed=0)
    p = state.to_move
    me = state.table.seats[p]
    trump = state.trump.name.lower() if state.trump is not None else "none"
    scores = ", ".join(f"{k} {v}" for k, v in state.scores().items())
    said = ("The deal went: " + " ".join(log) + " ") if log else ""
    prompt = (f"Trumps are {trump}. {said}{me.name.capitalize()} is on lead with {len(state.stock)} card"
              f"{'s' if len(state.stock) != 1 else ''} left in the stock under the turn-up. Scores so far: {scores}. "
              f"Should {me.name} close the stock, play on, or go out?")
    rows = [(f"{me.name}'s hand", tuple(state.hand(p)))]
    if state.turnup is not None:
        rows.append(("turn-up", (state.turnup,)))
    rows += [(f"trick {i + 1} (won by {state.table.seats[t.winner].name})", tuple(t.cards)) for i, t in enumerate(state.tricks)]
    best = w.best
    answer = best.words()
    working = (*(c.words() for c in w.choices),
               f"weighed: {w.assumption} [{_close_rule(state)}]")
    return Question(number, prompt, tuple(rows), answer, working,
                    {"choice": best.choice, "player": me.name, "game_points": {c.choice: c.game_points for c in w.choices},
                     "won": {c.choice: c.won for c in w.choices}, "moves": [str(a) for a in state.history]},
                    state.code)


def _close_rule(state: Any) -> str:
    """The game's own rule on closing, with its source (the one a refused close names)."""
    from ..stock.laws import LAWS

    return LAWS.get(state.spec.name, {}).get("close") or f"{state.spec.name}: closing the stock"


#: Sixty-Six, Schnapsen, Old Mariage: close the stock, play on, or go out?
CLOSE = Kind("close", "close the stock, play on, or go out?", _close)
