"""What a deal on the stock core says of its table to one seat (its side of the typed view every
panel draws, :mod:`tutor.games.view`): the cards each seat holds and has shown, the trick in play
(a card played face down stays hidden), the last trick, the stock with its turn-up, trumps, the
declarations, and the family's own part (:class:`StockExtra`): the stage of the deal, the rule of
play, who closed, the partners' questions and the one waiting for an answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..view import Extra, TableParts

if TYPE_CHECKING:  # pragma: no cover
    from ...seats import Seat
    from .core import StockState

__all__ = ["StockExtra", "stock_parts"]


@dataclass(frozen=True)
class StockExtra(Extra):
    """The stock-and-tricks family's part of a seat's view."""

    stage: str = field(default="", metadata={"label": "stage"})
    play_rule: str = field(default="", metadata={"label": "rule of play"})
    closed_by: str | None = field(default=None, metadata={"label": "closed by"})
    questions: tuple[str, ...] = field(default=(), metadata={"label": "questions asked and answered"})
    asked: str | None = field(default=None, metadata={"label": "waiting for an answer"})


def _question_words(question: object) -> str:
    suit = getattr(question, "suit", None)
    if suit is not None:
        return f"for the card that pairs his {suit.noun[:-1]}"
    return "whether you hold a marriage"


def stock_parts(state: StockState, seat: Seat, names: Sequence[str] | None = None) -> TableParts:
    me = int(seat)
    names = tuple(names) if names is not None else state.spec.players
    v = state.view(me)
    shown_up = {c for m in state.melds for c in m.cards}
    exposed = v.get("exposed") or {}
    shown = {}
    for p in range(state.n):
        hand = state.hand(p)  # what he may play, in order: his hand and his cards on the table
        face_up = exposed.get(state.spec.players[p])  # a hand laid face up (Tute's capote), by seat
        shown[p] = tuple(hand) if face_up else tuple(c for c in hand if c in shown_up or c in state.laid[p])
    trick = [(p, None if seen == "?" else c) for p, c, (_, seen) in zip(state.trick_players, state.trick, v["trick"])]
    last = state.tricks[-1] if state.tricks else None
    by_seat = dict(zip(state.spec.players, names))
    questions = tuple(f"{by_seat[a].capitalize()} asked: {q} {by_seat[b].capitalize()}: {ans}."
                      for a, q, b, ans in getattr(state, "questions", ()))
    waiting = getattr(state, "question", None)
    prompt = None
    asked = None
    if waiting is not None and not state.is_over:
        asker, question = waiting
        asked = f"{names[asker].capitalize()} asks {_question_words(question)}"
        if state.turn is not None and int(state.turn) == me:
            legal = ", ".join(str(a) for a in state.legal_actions())
            prompt = f"{names[me].capitalize()}: your partner asks {_question_words(question)}: answer ({legal})."
    closed = getattr(state, "closed_by", None)
    return TableParts(
        counts={p: len(state.held(p)) for p in range(state.n)},
        shown=shown,
        won=dict(enumerate(state.tricks_won())),
        trick=trick,
        last_trick=[] if last is None else list(zip(last.players, last.cards)),
        last_winner=None if last is None else last.winner,
        stock=len(state.stock) + (1 if state.turnup is not None else 0),
        turnup=state.turnup,
        trumps=state.trump.noun if state.trump else None,
        declared=[(m.player, m.kind.key, tuple(m.cards), m.kind.value) for m in state.melds],
        prompt=prompt,
        extra=StockExtra(
            stage="the stock" if state.stage.value == "stock" else "the last tricks",
            play_rule=f"{state.play_rule.name} play",
            closed_by=None if closed is None else names[closed],
            questions=questions,
            asked=asked,
        ),
        tricks_played=len(state.tricks),
    )
