"""Marjapussi, plainly (pagat.com and the tutor's stated rulings): only a trick's winner, before he
leads, tries once for a marriage (his own, one asked of his partner, or the other half of his),
marriages broken by asking; 2 for trumps, 1 a later marriage, 1 the last trick, 1 a majority of
the card points."""

from __future__ import annotations

from typing import Any

from ....cards import Card, Rank, Suit
from ...bondtolva.actions import Answer, Ask, AskSuit, Show
from ...marjapussi import state as marjapussi
from ..actions import Action, Declare
from ..declarations import Combination, Meld
from .bondtolva import Partners
from .position import Position
from .rules import Refusal


class Marjapussi(Partners):
    EXTRA = ("marriages", "question", "broken", "spent")
    ANSWER_RULE = marjapussi.RULE_ANSWER

    def start(self, pos: Position) -> None:
        pos.extra.update(marriages=0, question=None, broken=set(), spent=set())

    def attempt_open(self, pos: Position, p: int) -> bool:
        """The winner of the last trick, on lead, before leading, not yet tried this trick."""
        return (pos.phase == "lead" and not pos.trick and bool(pos.tricks) and pos.tricks[-1].winner == p
                and not pos.declared_now and pos.extra["question"] is None)

    def may_declare_now(self, pos: Position, p: int) -> bool:
        return self.attempt_open(pos, p)

    def marriages_in(self, pos: Position, p: int) -> list[tuple[Card, Card]]:
        out = []
        for s in Suit:
            k, q = Card.of(Rank.KING, s), Card.of(Rank.QUEEN, s)
            if k in pos.hands[p] and q in pos.hands[p] and (p, s) not in pos.extra["broken"] and not self.married(pos, k):
                out.append((k, q))
        return out

    def meld_fault(self, pos: Position, p: int, kind: Combination, cards: tuple[Card, ...]) -> Refusal | None:
        return Refusal("broken", marjapussi.RULE_BROKEN) if (p, cards[0].suit) in pos.extra["broken"] else None

    def score_marriage(self, pos: Position, p: int) -> None:
        pos.extra["marriages"] += 1
        if pos.extra["marriages"] == 1:
            pos.score(p, "trumps", 2, "trumps", marjapussi.RULE_TRUMPS)
        else:
            pos.score(p, "marriage", 1, "a later marriage", marjapussi.RULE_LATER)

    def on_declare(self, pos: Position, meld: Meld, pending: bool) -> None:
        self.score_marriage(pos, meld.player)
        pos.must_lead = None  # shown, not led

    # -- the questions ----------------------------------------------------------------------------------
    def more_actions(self, pos: Position, p: int) -> list[Action]:
        if not self.attempt_open(pos, p):
            return []
        asks: list[Any] = [Ask(), *(AskSuit(s) for s in Suit)]
        return [a for a in asks if self.why_not_ask(pos, p, a) is None]

    def why_not_ask(self, pos: Position, p: int, action: Any) -> Refusal | None:
        if pos.extra["question"] is not None:
            return Refusal("ask", marjapussi.RULE_ANSWER)
        if not self.attempt_open(pos, p):
            return Refusal("ask", marjapussi.RULE_WHEN)
        if isinstance(action, Ask):
            return Refusal("ask", marjapussi.RULE_BROKEN) if self.partner(pos, p) in pos.extra["spent"] else None
        half = self.half(pos, p, action.suit)
        if half is None:
            return Refusal("ask", marjapussi.RULE_HALF)
        mate = Card.of(Rank.QUEEN if half.rank == Rank.KING else Rank.KING, action.suit)
        if self.married(pos, half) or self.married(pos, mate) or any(mate in t.cards for t in pos.tricks):
            return Refusal("ask", marjapussi.RULE_HALF)
        return None

    def why_not(self, pos: Position, p: int, action: Action) -> Refusal | bool | None:
        if pos.extra["question"] is not None and not isinstance(action, (Show, Answer)):
            return Refusal("answer first", marjapussi.RULE_ANSWER)
        if isinstance(action, (Ask, AskSuit)):
            return self.why_not_ask(pos, p, action) or True
        if isinstance(action, (Show, Answer)):
            return self.why_not_answer(pos, p, action)
        if isinstance(action, Declare) and not self.attempt_open(pos, p):
            return Refusal("when", marjapussi.RULE_WHEN)
        return None

    def break_up(self, pos: Position, p: int) -> None:
        """Asking breaks the marriages not yet declared (his own; with a half asked, both hands')."""
        pos.extra["spent"].add(p)
        for k, _ in self.marriages_in(pos, p):
            pos.extra["broken"].add((p, k.suit))

    def answer(self, pos: Position, q: int, action: Any) -> None:
        asker, question = pos.extra["question"]
        pos.extra["question"], pos.to_move = None, asker
        kind = pos.spec.melds.kinds[0]
        if isinstance(question, Ask):
            if isinstance(action, Show):
                pos.melds.append(Meld(q, kind, tuple(action.cards), True, len(pos.tricks)))
                pos.trump = pos.trump or action.cards[0].suit
                self.score_marriage(pos, asker)
                self.break_up(pos, asker)
            return
        if action.yes:
            suit = question.suit
            pos.melds.append(Meld(asker, kind, (Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit)), True, len(pos.tricks)))
            pos.trump = pos.trump or suit
            self.score_marriage(pos, asker)
            self.break_up(pos, asker)
            self.break_up(pos, q)

    def finish(self, pos: Position) -> None:
        """1 for the last trick; 1 for more than half the card points (nobody, if equal)."""
        pos.score(pos.tricks[-1].winner, "last trick", 1, "takes the last trick", marjapussi.RULE_LAST)
        points = [pos.card_points([c for p in range(pos.n) if pos.spec.side(p) == s for c in pos.won[p]]) for s in (0, 1)]
        best = [s for s in (0, 1) if 2 * points[s] > sum(points)]
        if best:
            pos.score(next(p for p in range(pos.n) if pos.spec.side(p) == best[0]), "card points", 1, "a majority", marjapussi.RULE_MAJORITY)
        else:
            pos.events.append((pos.spec.scorers[0], "card points", 0, "nobody scores", marjapussi.RULE_MAJORITY))
        pos.phase = "over"
