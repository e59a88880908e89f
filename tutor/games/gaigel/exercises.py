"""Gaigel's kind of exercise question (:mod:`tutor.exercises`): ``opening``, the first trick. Vorhand
opens it by Ge-Elfen, Tauchen or Zweite Alte (or, holding only trumps, with a trump), the others play
to it as the computer plays them; who takes it, and how many card points are in it? The key is the
engine's: the trick's winner as the state decides it, its cards counted by the game's table.
"""

from __future__ import annotations

import random
from typing import Any

from ...exercises import ExerciseError, Kind, Question, play_moves
from .actions import Open
from .state import POINTS, RULE_CARDS, RULE_EQUAL, RULE_NO_TRUMP, RULE_OPENING

__all__ = ["OPENING", "opening_question"]

#: the openings a set asks about in turn (Vorhand with nothing but trumps opens with a trump: rare)
OPENINGS = ("ge-elfen", "tauchen", "zweite-alte")
WORDS = {"ge-elfen": "Ge-Elfen (a plain ace face up)", "tauchen": "Tauchen (a plain card that is not an ace, face down)",
         "zweite-alte": "Zweite Alte (a plain ace face down)", "trumps": "a trump (he holds nothing but trumps)"}


def _opening(game: Any, seed: str, number: int) -> Question:
    want = OPENINGS[(number - 1) % len(OPENINGS)]
    for k in range(200):  # the first of the seed's deals in which Vorhand may open so
        state = game.deal(seed=f"{seed}/{k}")
        opens = [a for a in state.legal_actions() if isinstance(a, Open) and a.kind == want]
        if opens:
            hand = tuple(state.hand(0))
            state.apply(random.Random(f"{seed}/{k}").choice(opens))
            play_moves(game, state, stop=lambda s: len(s.tricks) >= 1)
            return opening_question(game, state, number, hand)
    raise ExerciseError(f"no deal of {seed} lets Vorhand open by {want}", token=seed)  # pragma: no cover


def opening_question(game: Any, state: Any, number: int, hand: tuple = ()) -> Question:
    """The ``opening`` question on a deal whose first trick has just been played: who took it, and
    for how many card points (``hand``: the opener's hand before it, shown with the question)."""
    trick = state.tricks[0]
    opening = state.opening
    seats = state.table.seats
    names = [seats[p].name for p in trick.players]
    winner = seats[trick.winner]
    points = sum(POINTS.get(c.rank, 0) for c in trick.cards)
    down = " (all face down, turned up when the trick is complete)" if opening.face_down else ""
    prompt = (f"Gaigel, trumps are {state.trump.name.lower()}. {names[0].capitalize()} opens the first trick by "
              f"{WORDS[opening.kind]} with {opening.card}; the others play in turn{down}: "
              + ", ".join(f"{n} {c}" for n, c in zip(names[1:], trick.cards[1:]))
              + ". Who takes the first trick, and how many card points are in it?")
    side = state.table.side_name(winner)
    mates = f" for his side ({state.table.side_words(winner)})" if side != winner.name else ""
    answer = f"{winner.name} takes it{mates}, with {points} card points"
    working = [f"opened by {opening.kind} with {opening.card}: {_why(opening.kind, trick, state)} [{RULE_OPENING}]"]
    trumps = [c for c in trick.cards[1:] if c.suit is state.trump]
    if trumps and opening.kind != "trumps":
        working.append(f"{' '.join(map(str, trumps))}: a trump cannot win the first trick [{RULE_NO_TRUMP}]")
    won_with = trick.cards[trick.players.index(trick.winner)]
    if opening.kind in ("tauchen", "trumps") and sum(c.face == won_with.face for c in trick.cards) > 1:
        working.append(f"of two identical cards the one played first wins [{RULE_EQUAL}]")
    working.append(" + ".join(f"{c} {POINTS.get(c.rank, 0)}" for c in trick.cards) + f" = {points} [{RULE_CARDS}]")
    rows = tuple((f"{n}" + (" (opens)" if i == 0 else ""), (c,)) for i, (n, c) in enumerate(zip(names, trick.cards)))
    if hand:
        rows = ((f"{names[0]}'s hand before the trick", tuple(hand)), *rows)
    return Question(number, prompt, rows, answer, tuple(working),
                    {"opening": opening.kind, "winner": winner.name, "side": side, "points": points,
                     "cards": [str(c) for c in trick.cards], "moves": [str(a) for a in state.history]},
                    state.code)


def _why(kind: str, trick: Any, state: Any) -> str:
    led = trick.cards[0]
    if kind == "ge-elfen":
        return "the ace led face up wins the trick"
    if kind == "zweite-alte":
        twin = [c for c in trick.cards[1:] if c.face == led.face]
        return f"the ace led face down is beaten only by its twin, {'played: it wins' if twin else 'not played: the ace wins'}"
    if kind == "trumps":
        return "the trump led wins unless a higher trump is played"
    return f"the highest card of the suit led ({led.suit.name.lower()}) wins; a card of another suit cannot"


#: Gaigel (for four and for three): the first trick, opened by Ge-Elfen, Tauchen or Zweite Alte
OPENING = Kind("opening", "who takes the first trick, and how many points are in it?", _opening)
