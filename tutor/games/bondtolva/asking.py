"""Asking one's partner for a marriage, as Bondtolva for four and Marjapussi share it: the question
waits for the partner, who may give only the true answer (a marriage he holds, or whether he holds
the card that pairs the asker's king or queen). Each game says when a question may be asked, which
marriages count, and what an answer does (``_marriages_in``, ``_why_bad_ask``, ``_answer``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import Card, Rank, Suit
from ..base import citing
from .actions import Answer, Ask, Show

if TYPE_CHECKING:
    from ..stock.core import StockState

    _Base = StockState
else:
    _Base = object


class PartnerQuestions(_Base):
    """The questions between partners, on a four-seat stock deal."""

    #: the rule that obliges the partner to answer truly, with its source
    ANSWER_RULE: str = ""
    question: tuple[int, Any] | None  # (asker, the question) waiting for the partner's answer

    def partner(self, p: int) -> int:
        partner = self.table.seats[p].partner
        assert partner is not None, "questions are asked only at a table of two sides"
        return partner

    def _marriages_in(self, p: int) -> list[tuple[Card, Card]]:
        """The marriages ``p`` could show now (each game says which count)."""
        raise NotImplementedError

    def _half(self, p: int, suit: Suit) -> Card | None:
        """The one card of ``suit``'s marriage ``p`` holds (None if he holds neither or both)."""
        held = [c for c in (Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit)) if c in self.hands[p]]
        return held[0] if len(held) == 1 else None

    def _ask(self, p: int, action) -> None:
        self.question = (p, action)
        self.declared_now = True  # one question (or marriage) a turn
        self.to_move = self.partner(p)

    def _answers(self, q: int) -> list[Show | Answer]:
        """The partner's true answers to the question waiting."""
        assert self.question is not None
        asker, action = self.question
        if isinstance(action, Ask):
            shows: list[Show | Answer] = [Show(m) for m in self._marriages_in(q)]
            return shows or [Answer(False)]
        half = self._half(asker, action.suit)
        assert half is not None
        mate = Card.of(Rank.QUEEN if half.rank is Rank.KING else Rank.KING, action.suit)
        return [Answer(mate in self.hands[q])]

    def _why_bad_answer(self, p: int, action) -> str | None:
        if self.question is None:
            return citing("nobody has asked a question to answer", self.ANSWER_RULE)
        answers = self._answers(p)
        if action in answers:
            return None
        return citing(f"{self.spec.players[p]} cannot answer {action}: the true answer is {' or '.join(map(str, answers))}",
                      self.ANSWER_RULE)
