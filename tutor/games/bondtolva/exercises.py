"""The ``partner`` kind of exercise question (:mod:`tutor.exercises`), for the games in which
partners ask each other for a marriage (Bondtolva for four, Marjapussi: the shared
:class:`~tutor.games.bondtolva.asking.PartnerQuestions`). The computer plays a deal to a turn at
which the leader may ask; he asks (his partner whether he holds a marriage, or to pair his king or
queen); what must the partner answer, and what does the answer score and decide?

The key is the engine's: the answers the partner may give are the legal actions after the question
(the rules allow only the true answer), and what each does is read from the deal once it is given
(the points scored, with their rules, the trumps, and the card the asker must then lead).
"""

from __future__ import annotations

import random
from typing import Any

from ...exercises import ExerciseError, Kind, Question, play_moves, steps
from .actions import Answer, Ask, AskSuit, Show

__all__ = ["PARTNER", "partner_question"]


def _asks(state: Any) -> list[Any]:
    return [a for a in state.legal_actions() if isinstance(a, (Ask, AskSuit))]


def _partner(game: Any, seed: str, number: int) -> Question:
    rng = random.Random(seed)
    want = (Ask, AskSuit)[number % 2]  # a set asks both questions in turn, where the deals allow
    found = None
    for k in range(100):
        state = game.deal(seed=f"{seed}/{k}")
        log = [text for _, _, text in play_moves(game, state, stop=lambda s: bool(_asks(s)))]
        if state.is_over:
            continue
        asks = [a for a in _asks(state) if isinstance(a, want)]
        if asks:
            return partner_question(game, state, rng.choice(asks), number, log)
        found = found or (state, _asks(state), log)
    if found is None:  # pragma: no cover - nearly every deal gives the leader a question
        raise ExerciseError(f"no deal of {seed} gave a partner a question", token=seed)
    state, asks, log = found
    return partner_question(game, state, rng.choice(asks), number, log)


def _words(ask: Any) -> str:
    return "do you hold a marriage?" if isinstance(ask, Ask) else f"{ask.suit.noun.capitalize()}? (pair my card)"


def partner_question(game: Any, state: Any, ask: Any, number: int, log: list[str] | None = None) -> Question:
    """The ``partner`` question: at ``state`` the player to move asks ``ask`` (one of his legal
    questions); what must his partner answer, and what does the answer do?"""
    asker = state.table.seats[state.to_move]
    before = state.clone()
    trump = before.trump.name.lower() if before.trump is not None else None
    state = state.clone()
    state.apply(ask)
    mate = state.table.seats[state.to_move]
    answers = [a for a in state.legal_actions() if isinstance(a, (Show, Answer))]
    said = ("The deal went: " + " ".join(log) + " ") if log else ""
    prompt = (f"{'Trumps are ' + trump if trump else 'No trumps are made yet'}. {said}{asker.name.capitalize()} is on "
              f"lead and asks his partner {mate.name}: \"{_words(ask)}\". What must {mate.name} answer, and what does the "
              "answer score and decide?")
    rows = ((f"{asker.name} (asks)", tuple(before.hand(int(asker)))), (f"{mate.name} (answers)", tuple(before.hand(int(mate)))))
    effects = {}
    working = [f"{asker.name} asks: {_words(ask)} [{state.ANSWER_RULE}]"]
    for a in answers:
        after = state.clone()
        scored_before = len(steps(state.explanation()))
        after.apply(a)
        new = steps(after.explanation())[scored_before:]
        made = after.trump.name.lower() if after.trump is not None else None
        lead = " ".join(map(str, after.must_lead)) if getattr(after, "must_lead", None) else ""
        effects[str(a)] = {"scores": dict(after.scores()), "trump": made, "must_lead": lead}
        said_trump = f"trumps: {made}" if made != trump and made else ("trumps unchanged" if trump else "no trumps yet")
        working.append(f"{mate.name}: {a}: " + ("; ".join(new) if new else "nothing scored now")
                       + f"; {said_trump}" + (f"; {asker.name} must lead {lead}" if lead else ""))
    answer = (f"{mate.name} must answer {' or '.join(map(str, answers))}" + (" (any marriage he holds)" if len(answers) > 1 else ""))
    return Question(number, prompt, rows, answer, tuple(working),
                    {"asker": asker.name, "partner": mate.name, "ask": str(ask), "answers": [str(a) for a in answers],
                     "effects": effects, "moves": [str(a) for a in before.history]}, before.code)


#: Bondtolva for four and Marjapussi: what the partner asked for a marriage must answer
PARTNER = Kind("partner", "what must the partner answer, and what does it score?", _partner)
