"""Bondtolva, plainly (Parlett, for two, three and four): the first marriage the trump (2, making
trumps), each later one a tjog (1); for four, the leader's questions to his partner and their true
answers; 1 for the last trick and 1 for the most matadors (then eyes)."""

from __future__ import annotations

from typing import Any

from ....cards import Card, Rank, Suit
from ...bondtolva import state as bondtolva
from ...bondtolva.actions import Answer, Ask, AskSuit, Show
from ..actions import Action, Play
from ..declarations import Combination, Meld
from ..spec import Trick
from .games import Game
from .position import Position
from .rules import Refusal

MARRY_ONCE = f"{bondtolva.PARLETT}: a king and queen marry once"
QUESTIONS = (Ask, AskSuit, Show, Answer)


class Partners(Game):
    """The questions between partners (Bondtolva and Marjapussi for four): asked on lead, one a
    turn, answered truly by the partner, who then hands the turn back."""

    ANSWER_RULE = ""

    def partner(self, pos: Position, p: int) -> int:
        teams = pos.spec.teams
        assert teams is not None
        return next(q for q in range(pos.n) if q != p and teams[q] == teams[p])

    def married(self, pos: Position, card: Card) -> bool:
        return any(card in m.cards for m in pos.melds)

    def half(self, pos: Position, p: int, suit: Suit) -> Card | None:
        held = [c for c in (Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit)) if c in pos.hands[p]]
        return held[0] if len(held) == 1 else None

    def marriages_in(self, pos: Position, p: int) -> list[tuple[Card, Card]]:
        out = []
        for s in Suit:
            k, q = Card.of(Rank.KING, s), Card.of(Rank.QUEEN, s)
            if k in pos.hands[p] and q in pos.hands[p] and not self.married(pos, k) and not self.married(pos, q):
                out.append((k, q))
        return out

    def answers(self, pos: Position, q: int) -> list[Any]:
        """The partner's true answers: a marriage he holds (or no), or whether he holds the other half."""
        asker, question = pos.extra["question"]
        if isinstance(question, Ask):
            return [Show(m) for m in self.marriages_in(pos, q)] or [Answer(False)]
        half = self.half(pos, asker, question.suit)
        assert half is not None
        mate = Card.of(Rank.QUEEN if half.rank == Rank.KING else Rank.KING, question.suit)
        return [Answer(mate in pos.hands[q])]

    def only(self, pos: Position) -> list[Action] | None:
        return None if pos.extra["question"] is None else self.answers(pos, pos.to_move)

    def ask(self, pos: Position, p: int, action: Any) -> None:
        pos.extra["question"] = (p, action)
        pos.declared_now = True
        pos.to_move = self.partner(pos, p)

    def why_not_answer(self, pos: Position, p: int, action: Any) -> Refusal | bool:
        if pos.extra["question"] is None or action not in self.answers(pos, p):
            return Refusal("answer", self.ANSWER_RULE)
        return True

    def answer(self, pos: Position, q: int, action: Any) -> None:  # pragma: no cover - each game answers its own way
        raise NotImplementedError

    def do(self, pos: Position, p: int, action: Action) -> bool:
        if isinstance(action, (Ask, AskSuit)):
            self.ask(pos, p, action)
        elif isinstance(action, (Show, Answer)):
            self.answer(pos, p, action)
        else:
            return False
        return True


class Bondtolva(Partners):
    EXTRA = ("marriages", "question", "barred", "owed", "lead_rule")
    ANSWER_RULE = bondtolva.RULE_ANSWER

    def start(self, pos: Position) -> None:
        pos.extra.update(marriages=0, question=None, barred=set(), owed=None, lead_rule=None)

    def score_marriage(self, pos: Position, p: int) -> None:
        pos.extra["marriages"] += 1
        if pos.extra["marriages"] == 1:
            pos.score(p, "trump", 2, "the trump", bondtolva.RULE_TRUMP)
        else:
            pos.score(p, "tjog", 1, "a tjog", bondtolva.RULE_TJOG)

    def on_declare(self, pos: Position, meld: Meld, pending: bool) -> None:
        self.score_marriage(pos, meld.player)

    def meld_fault(self, pos: Position, p: int, kind: Combination, cards: tuple[Card, ...]) -> Refusal | None:
        return Refusal("married", MARRY_ONCE) if any(self.married(pos, c) for c in cards) else None

    # -- the questions --------------------------------------------------------------------------------
    def more_actions(self, pos: Position, p: int) -> list[Action]:
        if pos.n != 4 or pos.phase != "lead" or pos.trick or pos.must_lead is not None:
            return []
        asks: list[Any] = [Ask(), *(AskSuit(s) for s in Suit)]
        return [a for a in asks if self.why_not_ask(pos, p, a) is None]

    def why_not_ask(self, pos: Position, p: int, action: Any) -> Refusal | None:
        rule = bondtolva.RULE_ASK if isinstance(action, Ask) else bondtolva.RULE_PAIR
        if pos.n != 4:
            return Refusal("ask", bondtolva.PARLETT34)
        if pos.extra["question"] is not None:
            return Refusal("ask", bondtolva.RULE_ANSWER)
        if pos.phase != "lead" or pos.trick:
            return Refusal("ask", rule)
        if pos.declared_now:
            return Refusal("ask", bondtolva.RULE_ONCE)
        if p in pos.extra["barred"]:
            return Refusal("ask", bondtolva.RULE_BARRED)
        if isinstance(action, Ask):
            return Refusal("ask", rule) if pos.trump is None and self.marriages_in(pos, p) else None
        k, q = Card.of(Rank.KING, action.suit), Card.of(Rank.QUEEN, action.suit)
        half = self.half(pos, p, action.suit)
        if half is None or self.married(pos, k) or self.married(pos, q):
            return Refusal("ask", rule)
        mate = q if half == k else k
        played = [c for t in pos.tricks for c in t.cards] + pos.trick
        return Refusal("ask", rule) if mate in played else None

    def why_not(self, pos: Position, p: int, action: Action) -> Refusal | bool | None:
        if pos.extra["question"] is not None and not isinstance(action, (Show, Answer)):
            return Refusal("answer first", bondtolva.RULE_ANSWER)
        if isinstance(action, (Ask, AskSuit)):
            return self.why_not_ask(pos, p, action) or True
        if isinstance(action, (Show, Answer)):
            return self.why_not_answer(pos, p, action)
        if isinstance(action, Play) and pos.extra["lead_rule"] is not None and pos.must_lead is not None and not pos.trick:
            card = action.card
            if card not in pos.must_lead and card in pos.hands[p]:
                return Refusal("forced lead", pos.extra["lead_rule"][1])
        return None

    def answer(self, pos: Position, q: int, action: Any) -> None:
        """The partner's answer: a marriage shown (the trump at once, before trumps; after, a point
        owed if the asker leads its suit), or the card that pairs the asker's (he leads it), or no."""
        asker, question = pos.extra["question"]
        pos.extra["question"], pos.to_move = None, asker
        before = pos.trump is None
        kind = pos.spec.melds.kinds[0]
        if isinstance(question, Ask):
            if isinstance(action, Show):
                meld = Meld(q, kind, tuple(action.cards), True, len(pos.tricks))
                pos.melds.append(meld)
                if before:
                    pos.trump = action.cards[0].suit
                    self.score_marriage(pos, q)
                else:
                    pos.extra["owed"] = (asker, action.cards[0].suit, meld)
            else:
                pos.extra["barred"].add(asker)
            return
        suit = question.suit
        half = self.half(pos, asker, suit)
        assert half is not None
        if action.yes:
            pos.melds.append(Meld(asker, kind, (Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit)), True, len(pos.tricks)))
            if before:
                pos.trump = suit
            self.score_marriage(pos, asker)
            pos.must_lead = (half,)
            pos.extra["lead_rule"] = ("", bondtolva.RULE_PAIR if before else bondtolva.RULE_WED)
        else:
            pos.extra["barred"].add(asker)
            pos.must_lead = tuple(c for c in pos.hands[asker] if c.suit == suit) if before else (half,)
            pos.extra["lead_rule"] = ("", bondtolva.RULE_PAIR if before else bondtolva.RULE_WED)

    # -- what happens -----------------------------------------------------------------------------------
    def on_play(self, pos: Position, p: int, card: Card) -> None:
        pos.extra["lead_rule"] = None
        owed = pos.extra["owed"]
        if owed is not None and len(pos.trick) == 1:
            asker, suit, _ = owed
            pos.extra["owed"] = None
            if card.suit == suit:
                self.score_marriage(pos, asker)
            else:
                pos.score(asker, "tjog", 0, "its suit not led: no point", bondtolva.RULE_ASK_AFTER)

    def on_trick(self, pos: Position, trick: Trick) -> None:
        pos.extra["barred"].discard(trick.winner)

    def finish(self, pos: Position) -> None:
        """1 for the last trick; 1 for the most matadors, else the most eyes, else nobody."""
        pos.score(pos.tricks[-1].winner, "last trick", 1, "takes the last trick", bondtolva.RULE_LAST)
        sides = range(len(pos.spec.scorers))
        won = {s: [c for p in range(pos.n) if pos.spec.side(p) == s for c in pos.won[p]] for s in sides}
        count = {s: sum(c.rank in bondtolva.MATADORS for c in won[s]) for s in sides}
        eyes = {s: sum(bondtolva.EYES.get(c.rank, 0) for c in won[s]) for s in sides}
        tied = [s for s in sides if count[s] == max(count.values())]
        top = [s for s in tied if eyes[s] == max(eyes[t] for t in tied)]
        if len(top) > 1:
            pos.events.append((pos.spec.scorers[tied[0]], "matadors", 0, "nobody scores the point", bondtolva.RULE_MATADORS))
        else:
            pos.score(next(p for p in range(pos.n) if pos.spec.side(p) == top[0]), "matadors", 1, "matadors", bondtolva.RULE_MATADORS)
        pos.phase = "over"
