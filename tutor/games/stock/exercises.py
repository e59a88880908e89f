"""The kinds of exercise question (:mod:`tutor.exercises`) of the stock-and-tricks core: ``tricks``
(what each side has scored after a few tricks played by the strong computer), which every game of the
core offers (:meth:`StockState.exercise_kinds <tutor.games.stock.core.StockState.exercise_kinds>`);
``melds`` (which declarations a hand can make, and what each scores), which a game with a
declaration workbench declares with its workbench (:func:`melds`); and ``best`` (which card takes
the most card points in the last tricks, both playing their best), which a two-handed game
declares (:data:`BEST`): its key is the exact solver's (:mod:`tutor.games.stock.solver`).
"""

from __future__ import annotations

import functools
import random
from typing import Any

from ...cards import Card
from ...exercises import ExerciseError, Kind, Question, play_moves, steps

__all__ = ["TRICKS", "BEST", "melds", "best_question"]


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
    said = state.table.words_of(scores)
    answer = ", ".join(f"{said[k]} {v}" for k, v in scores.items())
    prompt = head + "The deal went: " + " ".join(log) + " What has each side scored so far?"
    return Question(number, prompt, rows, answer,
                    steps(state.explanation(), said) or ("nothing is scored yet: these tricks count only when the deal ends",),
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


# -- the best card in the last tricks ---------------------------------------------------------------
def _in_end(state: Any, cards: int) -> bool:
    """Whether ``state`` is a moment of the last tricks with a card to play and at most ``cards``
    in the mover's hand."""
    from .core import Phase, Stage

    return (state.stage is Stage.END and state.phase in (Phase.LEAD, Phase.FOLLOW)
            and len(state.held(state.to_move)) <= cards)


def _best(game: Any, seed: str, number: int) -> Question:
    from .solver import solve

    rng = random.Random(seed)
    for k in range(200):  # the first of the seed's deals with a choice that matters in its last tricks
        state = game.deal(seed=f"{seed}/{k}")
        cards = rng.randint(3, 5)
        moves = play_moves(game, state, stop=functools.partial(_in_end, cards=cards))
        if state.is_over or len(state.held(state.to_move)) < 2:
            continue
        plays = solve(state).plays
        most = max(plays.values())
        best = [c for c, v in plays.items() if v == most]
        if len(best) <= max(1, len(plays) // 2):  # a choice that matters: most cards do worse
            return best_question(game, state, number, [text for _, _, text in moves])
    raise ExerciseError(f"no deal of {seed} reached a choice of card in its last tricks", token=seed)  # pragma: no cover


def best_question(game: Any, state: Any, number: int, log: list[str] | None = None) -> Question:
    """The ``best`` question at ``state`` (a two-handed deal in its last tricks, a card to play): which
    card takes the most card points from here on, both sides playing their best; the key is
    :func:`~tutor.games.stock.solver.solve`'s, every card the mover may play valued exactly."""
    from .solver import solve

    sol = solve(state)
    p = state.to_move
    me, other = state.table.seats[p], state.table.seats[p].other
    most = max(sol.plays.values())
    best = [c for c in sorted(sol.plays, key=state._key) if sol.plays[c] == most]
    left = sum(sol.points.values())
    bonus = state.last_trick_bonus()
    trump = f"Trumps are {state.trump.name.lower()}. " if state.trump is not None else ""
    closed = state.closed_by is not None
    shown = ("Both hands are shown face up for this question." if closed else
             "Both hands are shown: a player who has counted the cards knows the other's.")
    to = (f"to play to {other.name}'s {state.trick[0]}" if state.trick else "on lead")
    scores = ", ".join(f"{k} {v}" for k, v in state.scores().items())
    said = ("The deal went: " + " ".join(log) + " ") if log else ""
    prompt = (f"{trump}{said}The stock is {'closed' if closed else 'used up'}: the {state.play_rule.name} rule of play holds "
              f"from here. Scores so far: {scores}. {me.name.capitalize()} is {to}. {shown} Which card takes "
              f"{me.name} the most card points from here on, both sides playing their best, and how many?")
    rows: tuple[tuple[str, tuple[Card, ...]], ...] = (
        (f"{me.name} to play", tuple(state.hand(p))), (other.name, tuple(state.hand(int(other)))))
    if state.trick:
        rows = ((f"led by {other.name}", tuple(state.trick)), *rows)
    rule = f"{state.play_rule.name} [{state.play_rule.source or state.spec.name}]"
    extra = f" (the last trick's {bonus} included)" if bonus else ""
    answer = f"{' or '.join(map(str, best))}: {me.name} takes {most} of the {left} card points left{extra}"
    working = (f"the rule of play from here: {rule}",
               *(f"{c}: {me.name} takes {v}, {other.name} {left - v}" + (" (best)" if v == most else "")
                 for c, v in sorted(sol.plays.items(), key=lambda cv: (-cv[1], state._key(cv[0])))),
               "one best line: " + " ".join(map(str, sol.line)) + " [exact search of every line of play, best play for both]")
    return Question(number, prompt, rows, answer, working,
                    {"best": [str(c) for c in best], "points": most, "left": left, "player": me.name,
                     "plays": {str(c): v for c, v in sol.plays.items()}, "moves": [str(a) for a in state.history]},
                    state.code)


#: a two-handed game of the core: the card that takes the most in the last tricks (the solver's key)
BEST = Kind("best", "which card takes the most card points in the last tricks?", _best)
