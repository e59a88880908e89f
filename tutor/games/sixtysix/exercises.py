"""The ``close`` kind of exercise question (:mod:`tutor.exercises`), for the games of the family in
which the player on lead may close the stock (Sixty-Six, Schnapsen, Old Mariage): a position of a
deal the computer has played, the player on lead with the stock still open; should he close it,
play on, or go out?

At the last chance to close (one card left in the stock under the turn-up), every third question of
a set, the key is the solver's (:func:`exact_weighing`): every arrangement of the unseen cards is
taken in turn; closing or playing on, the player's next lead is searched (chosen once for all the
arrangements, as he cannot see them), the reply is the other's best, and the rest is solved with
best play for both (:mod:`tutor.games.stock.solver`). Earlier, the
key is the closing trainer's weighing (:func:`tutor.games.sixtysix.trainer.weigh`): the cards the
player cannot see dealt at random (keeping those he knows the other holds), and for each
arrangement, after a close the rest solved exactly, playing on played out by the computer at both
seats. Only positions where one choice is clearly best (by half a game point or more on average) are
asked, so the key does not hang on the luck of the samples.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from ...exercises import ExerciseError, Kind, Question, play_moves
from ..stock.actions import Close
from ..stock.core import Phase, Stage

__all__ = ["CLOSE", "SAMPLES", "MARGIN", "close_question", "exact_weighing", "last_chance"]

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


def last_chance(state: Any) -> bool:
    """Whether ``state`` is the last moment the stock may be closed: one card left under the turn-up."""
    return len(state.stock) == 1 and state.turnup is not None


def _game_points(state: Any, p: int) -> int:
    gp = state.game_points()
    seat = state.table.seats[p]
    return gp[seat.name] - gp[seat.other.name]


def _solved(state: Any, p: int) -> tuple[int, int]:
    """Play ``state`` out with best play for both (the solver), each going out as soon as he may:
    (what ``p`` scores in game points, less the other's; his card points)."""
    from .trainer import solved_out

    solved_out(state)
    return _game_points(state, p), state.scores()[state.table.names[p]]


def _first_moves(state: Any) -> list[list[Any]]:
    """The ways the player on lead may play on at the last chance: each card, led plainly or with
    the marriage it belongs to shown first, with or without the exchange for the turn-up first."""
    from ..stock.actions import Declare, Exchange, Play

    out: list[list[Any]] = []
    starts: list[list[Any]] = [[]]
    starts += [[a] for a in state.legal_actions() if isinstance(a, Exchange)]
    for start in starts:
        trial = state.clone()
        for a in start:
            trial.apply(a)
        legal = trial.legal_actions()
        for a in legal:
            if isinstance(a, Play):
                shows = [d for d in legal if isinstance(d, Declare) and a.card in d.cards]
                out.append([*start, *(shows[:1]), a])
    return out


def _play_on_value(state: Any, p: int, moves: list[Any]) -> tuple[int, int]:
    """``p`` plays on with ``moves`` (his lead); the other replies with the card that is best for
    him, and the rest is solved: (game points, card points) for ``p``."""
    from ..stock.actions import Play

    trial = state.clone()
    for a in moves:
        trial.apply(a)
    if trial.is_over:
        return _game_points(trial, p), trial.scores()[trial.table.names[p]]
    results = []
    for reply in [a for a in trial.legal_actions() if isinstance(a, Play)]:
        after = trial.clone()
        after.apply(reply)
        results.append(_solved(after, p))
    return min(results)


def exact_weighing(state: Any) -> Any:
    """The choices of the player on lead at the last chance to close (:func:`last_chance`), each
    valued over every arrangement of the cards he cannot see, taken in turn and equally likely:
    going out as the rules score it; closing and playing on by searching the next trick (his lead
    chosen once for all the arrangements, as he must choose it without seeing them; the reply the
    best for the other in each) and solving the rest with best play for both, every card known then
    (:mod:`tutor.games.stock.solver`)."""
    from ..stock.actions import Claim, Close
    from .trainer import Choice, Weighing, _known_to, arranged

    p = state.to_move
    seat = state.table.seats[p]
    known = _known_to(state, p)
    pool = sorted((set(state.hands[seat.other]) | set(state.stock)) - known, key=state._key)
    arrangements = []
    for i, down in enumerate(pool):  # the card left in the stock; the rest are the other's hand
        rest = pool[:i] + pool[i + 1:]
        arrangements.append((tuple(sorted([*known, *rest], key=state._key)), (down,)))
    trials = [arranged(state, p, a) for a in arrangements]
    legal = state.legal_actions()
    choices = []

    def choice(name: str, results: list[tuple[int, int]], lines: tuple) -> Any:
        n = len(results)
        return Choice(name, sum(r[0] for r in results) / n, sum(r[0] > 0 for r in results) / n,
                      sum(r[1] for r in results) / n, lines)

    if any(isinstance(a, Claim) for a in legal):
        out = []
        for t in trials:
            t = t.clone()
            t.apply(Claim())
            out.append((_game_points(t, p), t.scores()[seat.name]))
        choices.append(choice("go out", out, ()))
    def best_lead(start: list[Any]) -> tuple[list[Any], list[tuple[int, int]]]:
        """After ``start`` (a close, or nothing), the lead that is best over all the arrangements
        (he cannot see which card lies where) and what it brings in each."""
        ready = []
        for t in trials:
            t = t.clone()
            for a in start:
                t.apply(a)
            ready.append(t)
        best = None
        for moves in _first_moves(ready[0]):
            out = [_play_on_value(t, p, moves) for t in ready]
            if best is None or sum(r[0] for r in out) > sum(r[0] for r in best[1]):
                best = (moves, out)
        assert best is not None
        return best

    leads = {}
    if any(isinstance(a, Close) for a in legal):
        moves, out = best_lead([Close()])
        leads["close"] = moves
        choices.append(choice("close", out, (tuple(str(a) for a in moves),)))
    moves, out = best_lead([])
    leads["play on"] = moves
    choices.append(choice("play on", out, (tuple(str(a) for a in moves),)))
    said = "; ".join(f"{c}, he leads {' then '.join(map(str, m))}" for c, m in leads.items())
    return Weighing(seat.name, tuple(choices), tuple(arrangements),
                    f"exact: every one of the {len(arrangements)} arrangements of the cards {seat.name} cannot see "
                    "(which of them is the card left in the stock), equally likely; closing or playing on, his first lead "
                    "is the one best over all the arrangements (he cannot see which card lies where), the reply the best "
                    f"for the other in each, and the rest solved with best play for both, every card known ({said})")


def _moved(state: Any, since: int) -> bool:
    return len(state.history) > since


def _clear(weighing) -> bool:
    ranked = sorted((c.game_points for c in weighing.choices), reverse=True)
    return len(ranked) > 1 and ranked[0] - ranked[1] >= MARGIN


def _close(game: Any, seed: str, number: int) -> Question:
    from .trainer import weigh

    if number % 3 == 0:  # every third question at the last chance to close, its key exact
        exact = _close_exact(game, seed, number)
        if exact is not None:
            return exact
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


def _at_last_chance(state: Any) -> bool:
    return _may_close(state) and last_chance(state)


def _close_exact(game: Any, seed: str, number: int) -> Question | None:
    """The first of the seed's deals that reaches the last chance to close with one choice clearly
    best, keyed exactly (:func:`exact_weighing`); None if none of the first few does."""
    for k in range(30):
        state = game.deal(seed=f"{seed}/last/{k}")
        log = [text for _, _, text in play_moves(game, state, stop=_at_last_chance)]
        if state.is_over or not _at_last_chance(state):
            continue
        w = exact_weighing(state)
        if _clear(w):
            return close_question(game, state, number, log, w)
    return None  # pragma: no cover - nearly every seed gives one


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
