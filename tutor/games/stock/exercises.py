"""The kinds of exercise question (:mod:`tutor.exercises`) of the stock-and-tricks core: ``tricks``
(what each side has scored after a few tricks played by the strong computer), which every game of the
core offers (:meth:`StockState.exercise_kinds <tutor.games.stock.core.StockState.exercise_kinds>`),
and ``melds`` (which declarations a hand can make, and what each scores), which a game with a
declaration workbench declares with its workbench (:func:`melds`).
"""

from __future__ import annotations

import random
from typing import Any

from ...exercises import Kind, Question, play_moves, steps

__all__ = ["TRICKS", "melds"]


def _tricks(game: Any, seed: str, number: int) -> Question:
    state = game.deal(seed=seed)
    target = random.Random(seed).randint(3, 5)
    # played by the strong computer at every seat (repeatable: it draws its samples from a seed made
    # of each seat's view), so that the deals a class is set are played well by both sides
    log = [text for _, _, text in play_moves(game, state, game.bot("strong"), stop=lambda s: len(s.tricks) >= target)]
    scores = state.scores()
    trumps = getattr(state, "trump", None)
    head = f"Trumps are {str(getattr(trumps, 'name', trumps)).lower()}. " if trumps is not None else ""
    rows = tuple((f"trick {i + 1} (won by {state.table.seats[t.winner].name})", tuple(t.cards)) for i, t in enumerate(state.tricks))
    answer = ", ".join(f"{k} {v}" for k, v in scores.items())
    prompt = head + "The deal went: " + " ".join(log) + " What has each side scored so far?"
    return Question(number, prompt, rows, answer,
                    steps(state.explanation()) or ("nothing is scored yet: these tricks count only when the deal ends",),
                    {"scores": scores, "tricks": len(state.tricks),
                     "won": [[state.table.seats[t.winner].name, " ".join(map(str, t.cards))] for t in state.tricks]}, state.code)


#: every game of the core: what each side has scored after a few tricks
TRICKS = Kind("tricks", "what has each side scored after these tricks?", _tricks)


def _melds(bench_cls: Any, game: Any, seed: str, number: int) -> Question:
    bench = bench_cls(rules=game.rules)
    for k in range(200):  # the first hand of the seed's with something to declare
        if hasattr(bench, "practice"):
            bench.practice(f"{seed}/{k}")
        else:
            bench = bench_cls.dealt(f"{seed}/{k}", rules=game.rules)
        if bench.best():
            break
    options = bench.options()
    legal = [o for o in options if o.legal]
    best = bench.best()
    working = tuple(f"{o.name} {o.faces}: " + (f"{o.points} [{getattr(o, 'rule', None) or o.kind.source}]" if o.legal else f"refused: {o.why}")
                    for o in options)
    answer = "; ".join(f"{o.name} {o.faces} {o.points}" for o in legal) + \
        f". Best: {' or '.join(f'{o.name} {o.faces}' for o in best)}"
    return Question(number, f"Trumps are {bench.trumps}. Which declarations can this hand make now, what does each score, and which is best?",
                    (("hand", tuple(bench.hand)),), answer, working,
                    {"legal": {f"{o.name} {o.faces}": o.points for o in legal}, "best": [f"{o.name} {o.faces}" for o in best],
                     "hand": " ".join(map(str, bench.hand)), "trumps": bench.trumps}, "")


def melds(bench_cls: Any) -> Kind:
    """The ``melds`` kind for a game whose declaration workbench is ``bench_cls``: a class made
    with ``rules=``, that deals a hand by ``practice(seed)`` (a
    :class:`~tutor.games.stock.workbench.DeclarationBench`) or by ``bench_cls.dealt(seed, rules=)``,
    and lists its ``options()`` and ``best()``."""
    return Kind("melds", "which declarations does this hand make, and what do they score?",
                lambda game, seed, number: _melds(bench_cls, game, seed, number))
