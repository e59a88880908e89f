"""Piquet's kinds of exercise question (:mod:`tutor.exercises`): ``score`` (the declarations of two
hands), ``declare`` (what elder calls in each class, and what younger answers), ``point`` (who wins
the point) and ``discard`` (the discard best for the whole deal, and by how much). Each key is
worked out by Piquet's engine: the declaration tables, the declarations quiz, and for the discard
the strong player's weighing of the whole deal with the advisor's exact figures for what it holds.
"""

from __future__ import annotations

from typing import Any

from ...cards import Hand
from ...exercises import Kind, Question, steps

__all__ = ["SCORE", "DECLARE", "POINT", "DISCARD", "ADVISOR_MODEL", "WHOLE_DEAL_MODEL"]


def _hands(seed: str):
    from .deal import Deal

    d = Deal.from_seed(seed)
    return d.elder, d.younger


def _code(game: Any, seed: str) -> str:
    """The deal's code (``tutor deal piquet --code ...`` shows it), the same hands as ``_hands``."""
    return game.deal(seed=seed).code


def _score(game: Any, seed: str, number: int) -> Question:
    elder, younger = _hands(seed)
    r = game.score(elder, younger)
    t = r.totals
    answer = f"elder {t['elder']}, younger {t['younger']}" + (f"; {r.repique} makes a repique" if r.repique else "")
    return Question(number, "Elder and younger declare everything these hands hold, before any card is played. "
                    "What does each score for the declarations, and for what?",
                    (("elder", tuple(elder)), ("younger", tuple(younger))), answer,
                    steps(r.explanation) or ("nobody scores: every class is equal or unheld",), {"totals": t}, _code(game, seed))


def _declare(game: Any, seed: str, number: int) -> Question:
    from .combos import CLASSES
    from .practice import DeclarationQuiz

    elder, younger = _hands(seed)
    quiz = DeclarationQuiz(elder, younger, game.rules)
    parts: list[str] = []
    working: list[str] = []
    data: dict[str, Any] = {}
    for kind in CLASSES:
        call = quiz.opponent_call(kind)
        if call is None:
            parts.append(f"{kind}: elder has none to call")
            working.append(quiz.check_declaration(0, kind, ()).explanation)
            data[kind] = {"call": None, "answer": None}
            continue
        reply = quiz.check_reply(kind, "good")
        parts.append(f"{kind}: elder calls {call.call()}; younger answers “{reply.expected}”")
        working += [quiz.check_declaration(0, kind, call.cards).explanation, reply.explanation]
        data[kind] = {"call": " ".join(map(str, call.cards)), "answer": reply.expected}
    return Question(number, "You are elder, with the first hand; younger holds the second. In the point, the sequence and "
                    "the set, what do you call, and what does younger answer?",
                    (("elder", tuple(elder)), ("younger", tuple(younger))), "; ".join(parts), tuple(working), data,
                    _code(game, seed))


def _point(game: Any, seed: str, number: int) -> Question:
    from .combos import POINT as POINT_CLASS
    from .practice import DeclarationQuiz

    elder, younger = _hands(seed)
    quiz = DeclarationQuiz(elder, younger, game.rules)
    r = game.score(elder, younger)
    point = [s for s in r.explanation if s.category == POINT_CLASS]
    call = quiz.opponent_call(POINT_CLASS)
    working = [quiz.check_reply(POINT_CLASS, "good").explanation] if call is not None else []
    if point:
        s = point[0]
        answer = f"{s.player} scores the point: {s.points} ({s.text})"
        working.append(f"{s.player} +{s.points}: {s.text} [{s.rule}]")
    else:
        answer = "neither: the points are equal, and nobody scores"
    return Question(number, "Who wins the point, and what does it score?",
                    (("elder", tuple(elder)), ("younger", tuple(younger))), answer, tuple(working),
                    {"winner": point[0].player if point else None, "points": point[0].points if point else 0}, _code(game, seed))


#: how the advisor values a discard, as the key says it
ADVISOR_MODEL = ("the advisor counts every draw from the 20 cards elder cannot see, all equally likely (Parlett's Piquet rules; "
                 "Cavendish Laws 21-22), and values what the hand then holds: the point its length, every sequence "
                 "(Cavendish Law 63: 3, 4, 15, 16, 17, 18) and every set (Cavendish Law 64: trio 3, quatorze 14)")


#: how the key values a discard for the whole deal, as the key says it
WHOLE_DEAL_MODEL = ("the key weighs each discard by the whole deal over {n} deals of the 20 cards elder cannot see: "
                    "he takes in, younger exchanges taking all he may, both declare all they hold and the twelve tricks "
                    "are played out, reckoned in Cavendish's order (Law 67: carte blanche, point, sequences, sets, "
                    "repique and pique, play, the cards); the figure is elder's points less younger's. Cavendish "
                    "(Discarding, General rules): next in importance to the point are the cards, worth about 23 or 24 points")
#: deals of the unseen cards the key looks at
KEY_SAMPLES = 300


def _discard(game: Any, seed: str, number: int) -> Question:
    from .advisor import advise
    from .combos import mask_of
    from .strong import whole_deal_discards

    elder, _ = _hands(seed)
    ranked = whole_deal_discards(elder, "elder", game.rules, samples=KEY_SAMPLES, seed=seed)
    advice = advise(elder, "elder", rules=game.rules)
    best, second = ranked[0], ranked[1]
    row = advice.row(best.action.discard)
    gap = best.mean - second.mean
    answer = (f"discard {row.discard}: over the whole deal {best.mean:+.1f} on average, {gap:.1f} more than the next "
              f"best, discard {Hand(second.action.discard)}; it holds on average {float(row.expected):.2f} in "
              f"combinations (point {float(row.expected_point):.2f}, sequences {float(row.expected_sequences):.2f}, "
              f"sets {float(row.expected_sets):.2f})")
    top = advice.best
    working = [WHOLE_DEAL_MODEL.format(n=KEY_SAMPLES) + "."]
    working += [f"{i + 1}. discard {Hand(w.action.discard)}: {w.mean:+.1f} ({w.reason})" for i, w in enumerate(ranked[:3])]
    if mask_of(top.discard) != mask_of(row.discard):
        working.append(f"Counting the combinations alone ({ADVISOR_MODEL}), the best is {top.summary()}; "
                       f"over the whole deal it comes to less, because the tricks count too.")
    working.append(f"{len(advice)} legal discards in all (elder discards one to five: Cavendish Law 21).")
    return Question(number, "You are elder and exchange first. Which discard is best for the whole deal, and why? "
                    "(Weigh what the hand will hold after taking in, and the tricks it can win.)",
                    (("elder", tuple(elder)),), answer, tuple(working),
                    {"discard": str(row.discard), "expected": str(row.expected), "whole_deal": round(best.mean, 2),
                     "second": str(Hand(second.action.discard))},
                    _code(game, seed))


SCORE = Kind("score", "score the declarations of this deal", _score)
DECLARE = Kind("declare", "what do you declare, and what does your opponent answer?", _declare)
POINT = Kind("point", "who wins the point?", _point)
DISCARD = Kind("discard", "which discard is best for the whole deal, and why?", _discard)
