"""Le Truc's kind of exercise question (:mod:`tutor.exercises`): ``truc``, a deal the computer
played from a given manche score, with its calls of truc and banco accepted or refused: who scores
what.
"""

from __future__ import annotations

import random
from typing import Any

from ...exercises import ExerciseError, Kind, Question, play_moves, steps

__all__ = ["TRUC"]


def _deal(game: Any, seed: str, number: int) -> Question:
    from .bot import TrucBot
    from .state import Phase

    target = game.rules.manche_points
    rng = random.Random(seed)
    for k in range(100):  # the first of the seed's deals that is played (not thrown in till the pack runs out)
        manche = (rng.randrange(target), rng.randrange(target))
        state = game.deal(seed=f"{seed}/{k}", manche=manche)
        bot = TrucBot(f"{seed}/{k}")  # its bluffs drawn from the question's seed
        moves = play_moves(game, state, bot, lambda s: s.phase is not Phase.CALL)
        if state.ending != "exhausted":
            break
    else:  # pragma: no cover - the pack runs out in about one deal in a hundred
        raise ExerciseError(f"every deal of {seed} was thrown in", token=seed)
    hands = (("elder", tuple(state.hand(0))), ("dealer", tuple(state.hand(1))))
    moves += play_moves(game, state, bot)
    expl = state.explanation()
    scores = state.scores()
    done = {s.text for s in expl}
    working = tuple(f"{text} [{rule}]" for text, rule in state.log if text not in done) + steps(expl)
    prompt = (f"The manche stands at elder {manche[0]}, dealer {manche[1]} ({target} to win). The deal went: "
              + " ".join(text for _, _, text in moves) + " Who scores what for this deal, and why?")
    answer = ", ".join(f"{k} {v}" for k, v in scores.items()) + f": {state.result()}"
    return Question(number, prompt, hands, answer, working,
                    {"manche": dict(zip(("elder", "dealer"), manche)), "scores": scores, "value": state.value,
                     "moves": [[who, str(action)] for who, action, _ in moves],
                     "hands": {name: " ".join(map(str, cs)) for name, cs in hands}}, state.code)


TRUC = Kind("truc", "who scores this deal, with its calls of truc?", _deal)
