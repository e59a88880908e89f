"""Chouine's declaration workbench: a hand at the table, every combination it could make listed as
"scores N" or "refused" with the rule that refuses it, and a practice mode that deals a hand and asks
for the best declaration.

The hand is a real deal of the engine (:class:`~tutor.games.chouine.state.ChouineDeal`): the reader
holds elder's hand; the other player, the computer's stand-in, plays his lowest card and never
declares; the stock is drawn as in play. So what the workbench says is what the game says: a
declaration is made by playing one of its cards, its cards may serve again in a combination of
another kind, one declaration in each suit and one quinte a deal (pagat.com, Chouine).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from ...cards import Card, Hand, Suit, check_seed, parse_suit
from ...errors import IllegalActionError, RuleOptionError, read_text, shown
from ...explain import Explanation
from ..stock.actions import Declare, Play
from ..stock.workbench import declarable
from .rules import ChouineRules
from .state import PACK, ChouineDeal, spec_for

__all__ = ["PRESET_HAND", "Option", "Workbench", "Practice"]

#: the default hand (hearts trumps): a quarteron in trumps, whose ace and king also make a marriage
#: and a tierce, and the ten of spades: the marriage, tierce and quarteron are offered, one only may
#: be declared in the suit
PRESET_HAND = "AH KH QH JH TS"


@dataclass(frozen=True)
class Option:
    """A combination the hand could make now: what it scores, or why the rules refuse it."""

    name: str
    cards: tuple[Card, ...]
    points: int
    legal: bool
    why: str | None
    rule: str

    @property
    def action(self) -> str:
        return f"declare {self.name} {self.faces}"

    @property
    def faces(self) -> str:
        return " ".join(map(str, self.cards))

    @property
    def wins(self) -> bool:
        """A chouine: it wins the deal outright."""
        return self.name == "chouine"

    def words(self) -> str:
        if not self.legal:
            return f"{self.name} {self.faces}: refused: {self.why}"
        worth = "wins the deal outright" if self.wins else f"scores {self.points}"
        return f"{self.name} {self.faces}: {worth} ({self.rule})"


def _rank(o: Option) -> tuple[int, int]:
    return (1 if o.wins else 0, o.points)


def _rules(rules: object) -> ChouineRules:
    """Chouine's rules as given (the defaults for None); anything else is a typed error naming it."""
    if rules is None:
        return ChouineRules()
    if not isinstance(rules, ChouineRules):
        raise RuleOptionError(f"the rules are ChouineRules, not {type(rules).__name__} {shown(rules)}",
                              token=shown(rules))
    return rules


class Workbench:
    """Elder's hand in a deal of Chouine, the reader to play it (``Workbench("KS QS JS 7C 8C", "hearts")``,
    or :meth:`dealt`). ``actions`` are the reader's (declare, play, exchange), replayed for undo."""

    def __init__(self, hand: str | Iterable[Card] | None = None, trumps: str | Suit = "hearts", rules: ChouineRules | None = None):
        self.rules = _rules(rules)
        self.spec = spec_for(self.rules)
        self._dealt: ChouineDeal = self._composed(PRESET_HAND if hand is None else hand, parse_suit(trumps))
        self.actions: list[str] = []
        self.state = self._replay()

    @classmethod
    def dealt(cls, seed: int | str = 0, rules: ChouineRules | None = None) -> Workbench:
        """A workbench on elder's hand of a deal shuffled by ``seed`` (its own turn-up and stock)."""
        wb = cls.__new__(cls)
        wb.rules = _rules(rules)
        wb.spec = spec_for(wb.rules)
        wb._dealt = ChouineDeal.from_seed(seed, wb.rules)
        wb.actions = []
        wb.state = wb._replay()
        return wb

    def _composed(self, hand: str | Iterable[Card], trump: Suit) -> ChouineDeal:
        """A deal giving elder ``hand``: the turn-up the lowest trump he lacks, the other player the
        lowest cards left, the stock the rest in the pack's order."""
        mine = PACK.parse_hand(hand, 5, "Chouine hand")
        power = self.spec.order.power
        rest = [c for c in PACK.cards if c not in mine]
        up = min((c for c in rest if c.suit is trump), key=lambda c: (c.rank.value == "7", power[c.rank]))
        rest.remove(up)
        low = sorted(rest, key=lambda c: (self.spec.card_points.get(c.rank, 0), power[c.rank]))[:5]
        stock = [c for c in rest if c not in low]
        return ChouineDeal.from_cards(mine, Hand(low), up, Hand(stock), self.rules)

    def _replay(self) -> ChouineDeal:
        import copy

        s = copy.deepcopy(self._dealt)
        for a in self.actions:
            s.apply(a)
            self._their_turn(s)
        self._their_turn(s)
        return s

    @staticmethod
    def _their_turn(s: ChouineDeal) -> None:
        """The other player plays his first legal card, never declaring, until the reader is to move."""
        while not s.is_over and s.to_move == 1:
            s.apply(next(a for a in s.legal_actions() if isinstance(a, Play)))

    # -- what it shows ----------------------------------------------------------------------------
    @property
    def hand(self) -> Hand:
        return self.state.hand(0)

    @property
    def trump(self) -> Suit:
        assert self.state.trump is not None
        return self.state.trump

    @property
    def trumps(self) -> str:
        return self.trump.noun

    @property
    def explanation(self) -> Explanation:
        return self.state.explanation()

    @property
    def total(self) -> int:
        return self.state.scores()["elder"]

    def declared(self) -> list[str]:
        return [f"{m.kind.key} {m.faces}" for m in self.state.melds if m.player == 0]

    def options(self) -> list[Option]:
        """Every combination the hand could make now, each judged by the engine as the next action."""
        s = self.state
        mine = [m for m in s.melds if m.player == 0]
        out = []
        for kind, cards, text in declarable(self.spec, s.hand(0), s.trump, lambda c: False, mine):
            why = s.why_illegal(text) if not s.is_over else "the deal is over"
            out.append(Option(kind.key, cards, kind.value, why is None, why, kind.source))
        return out

    def best(self) -> list[Option]:
        """The best declarations now: a chouine above all, else the most points (none if nothing may be declared)."""
        legal = [o for o in self.options() if o.legal]
        if not legal:
            return []
        top = max(map(_rank, legal))
        return [o for o in legal if _rank(o) == top]

    def playable(self) -> list[Card]:
        return [a.card for a in self.state.legal_actions() if isinstance(a, Play)]

    # -- the reader's actions ---------------------------------------------------------------------
    def apply(self, text: str) -> str:
        """An action as typed (``declare tierce KS QS JS``, ``play JS``, ``exchange 7H``), checked by
        the engine: a refused one raises with the rule and changes nothing."""
        s = self.state
        if s.is_over:
            raise IllegalActionError("the deal is over: start again with a new hand", token=str(text))
        action = s.parse_action(text)
        before = len(s.events)
        s.apply(action)  # raises, unchanged, if illegal
        self.actions.append(str(s.history[-1]))
        self._their_turn(s)
        said = [f"{e[3]}: {e[2]}" for e in s.events[before:] if e[0] == "elder"]
        if isinstance(action, Declare):
            return f"{'; '.join(said)}. Now play one of {' '.join(map(str, s.must_lead or ()))}."
        return ("; ".join(said) + ". " if said else "") + f"Total {self.total}."

    def undo(self) -> bool:
        if not self.actions:
            return False
        self.actions.pop()
        self.state = self._replay()
        return True

    def reset(self, hand: str | Iterable[Card] | None = None, trumps: str | Suit | None = None) -> None:
        """A new hand and/or trumps, checked first: a bad one raises and leaves the workbench as it was."""
        trump = self.trump if trumps is None else parse_suit(trumps)
        self._dealt = self._composed(self.hand if hand is None else hand, trump)
        self.actions = []
        self.state = self._replay()


class Practice:
    """Deals hands that hold a combination and asks for the best declaration; the answer is judged
    by the workbench's options and the feedback names the rule."""

    def __init__(self, seed: int | str = 0, rules: ChouineRules | None = None):
        self.rules = _rules(rules)
        self.rng = random.Random(str(check_seed(seed)))
        self.right = self.asked = 0
        self.bench = self._deal()

    def _deal(self) -> Workbench:
        while True:
            wb = Workbench.dealt(self.rng.randrange(10**9), self.rules)
            if wb.options():
                return wb

    def next(self) -> Workbench:
        self.bench = self._deal()
        return self.bench

    def answer(self, text: str) -> tuple[bool, str]:
        """Judge ``text`` (``declare NAME CARDS``, or ``none``): right or wrong, and why, with the rule."""
        words = " ".join(read_text(text, "an answer", error=IllegalActionError).lower().split())
        wb = self.bench
        best = wb.best()
        self.asked += 1
        if words in ("none", "nothing", "pass"):
            if not best:
                self.right += 1
                return True, "Right: nothing may be declared. " + "; ".join(o.words() for o in wb.options())
            return False, f"Wrong: the best is {best[0].words()}"
        s = wb.state
        try:
            action = s.parse_action(words if words.startswith("declare") else f"declare {words}")
        except ValueError as e:
            self.asked -= 1
            raise IllegalActionError(str(e), token=text) from None
        why = s.why_illegal(action)
        if why is not None:
            tail = f" The best is {best[0].words()}" if best else " Nothing may be declared."
            return False, f"Refused: {why}.{tail}"
        assert isinstance(action, Declare)
        kind = self.bench.spec.melds.get(action.kind) if action.kind else self.bench.spec.melds.infer(action.cards, s.trump)
        assert kind is not None
        mine = Option(kind.key, tuple(action.cards), kind.value, True, None, kind.source)
        if best and _rank(mine) >= _rank(best[0]):
            self.right += 1
            return True, f"Right: {mine.words()}"
        return False, f"Legal, but not the best: {mine.words()}; better: {best[0].words()}"
