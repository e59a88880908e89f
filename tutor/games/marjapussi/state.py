"""One deal of Marjapussi (four in partnerships, all the cards dealt), after pagat.com.

36 cards, A T K Q J 9 8 7 6, nine each, dealt one at a time; the player on the dealer's left leads.
There are no trumps at first. Follow suit; with none, trump once there are trumps; and, subject to
that, beat the best card in the trick if able, even a partner's.

Only the winner of a trick, before leading to the next, may try to make trumps, once a trick won,
by one of three ways (the questions of :mod:`tutor.games.bondtolva.actions`):

1. ``declare marriage KH QH``: his own king and queen of a suit;
2. ``ask``: his partner names a marriage he holds (his choice of several: ``show KD QD``), or says
   no; the asker's own marriages not yet declared are then "broken": he may not declare them, nor
   may his partner ask him for them;
3. ``ask hearts``: holding the king or queen of a suit, he asks his partner for the other; "yes" is
   enough; then every marriage not yet declared in either hand of the partnership is broken
   (asking for a half is still allowed).

The first marriage makes trumps and scores 2 game points; later ones, made the same ways, score 1
and do not change trumps. The deal scores 1 for the last trick and 1 for a majority of the card
points. A side must reach the target exactly: going over puts it back to 7, and a side that takes
no trick in a deal goes back to 0 (:class:`~tutor.games.marjapussi.MarjapussiMatch`).

The tutor's rulings where pagat.com is silent (stated in the chapter): the breaking follows every
use of ways 2 and 3, for trumps and for later marriages alike; a "majority" of the card points is
more than half of them; a question answered no still uses the trick's one attempt.
"""

from __future__ import annotations

import functools
from dataclasses import replace

from ...cards import PACKS, Card, Rank, Suit
from ..base import citing
from ..bondtolva.actions import Answer, Ask, AskSuit, Show, parse_question
from ..bondtolva.asking import PartnerQuestions
from ..stock.core import Dealt, Phase, Stage, StockSpec, StockState, When
from ..stock.declarations import FOSTER_REUSE, Combination, Meld, MeldTable, Run, SuitScope
from ..stock.laws import register
from ..stock.tricks import FREE, STRICT, CardOrder
from .rules import PAGAT, MarjapussiRules

SEATS = ("forehand", "second", "third", "dealer")
SIDES = (("forehand", "third"), ("second", "dealer"))
ORIGINAL = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
SIMPLIFIED = {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 5, Rank.QUEEN: 5, Rank.JACK: 5}

RULE_TRUMPS = f"{PAGAT}: the marriage that makes trumps scores 2 game points"
RULE_LATER = f"{PAGAT}: each later marriage scores 1 game point and does not change trumps"
RULE_WHEN = f"{PAGAT}: only the winner of a trick, before leading to the next, may try to make trumps (or a later marriage), once a trick won"
RULE_OWN = f"{PAGAT}: a player may declare a king and queen of a suit he holds"
RULE_ASK = (f"{PAGAT}: the trick's winner may ask his partner for a marriage; the partner names one he holds, and the asker's "
            "own undeclared marriages are then broken")
RULE_HALF = (f"{PAGAT}: holding a king or queen, the trick's winner may ask his partner for the other; a 'yes' makes the "
             "marriage, and every undeclared marriage in both their hands is then broken")
RULE_BROKEN = f"{PAGAT}: a broken marriage may not be declared, nor asked for"
RULE_ANSWER = f"{PAGAT}: the partner asked answers truly, naming a marriage he holds, or the card asked for"
RULE_LAST = f"{PAGAT}: the last trick scores 1 game point"
RULE_MAJORITY = f"{PAGAT}: a majority of the card points scores 1 game point (none if they are equal)"

register("Marjapussi", {
    "over": f"{PAGAT}: the deal ends with its last trick",
    "hold": f"{PAGAT}: a player plays from his own hand",
    "follow": f"{PAGAT}: follow suit; with none, trump if there are trumps; and beat the best card in the trick if able, even a partner's",
    "declare_when": RULE_WHEN,
    "declare_end": RULE_WHEN,
    "meld_name": f"{PAGAT}: the one combination is the marriage, king and queen of a suit",
    "meld_cards": RULE_OWN,
    "meld_once": f"{PAGAT}: a marriage is a king and a queen of the same suit",
    "must_lead": RULE_WHEN,
    "draw": f"{PAGAT}: all the cards are dealt: there is nothing to draw",
    "close": f"{PAGAT}: all the cards are dealt: there is no stock to close",
    "claim": f"{PAGAT}: the game points are reckoned at the end of the deal",
    "exchange": f"{PAGAT}: no card is turned up",
})


@functools.cache
def spec_for(rules: MarjapussiRules) -> StockSpec:
    short = rules.pack == "32"
    pack = PACKS["piquet32" if short else "pack36"]
    order = CardOrder("A T K Q J 9 8 7" if short else "A T K Q J 9 8 7 6")
    source = f"{PAGAT}: follow suit; with none, trump if there are trumps; and beat the best card in the trick if able, even a partner's"
    return StockSpec(
        name="Marjapussi", pack=pack, players=SEATS, hand_size=8 if short else 9, packets=(1,) * (8 if short else 9), order=order,
        card_points=SIMPLIFIED if rules.values == "simplified" else ORIGINAL, turnup=False,
        play={Stage.STOCK: replace(FREE, source=source), Stage.END: replace(STRICT, source=source)},
        melds=MeldTable((Combination("marriage", 0, Run((Rank.KING, Rank.QUEEN)), "A", SuitScope.ANY, lay=False, fixes_trumps=True,
                                     source=f"{RULE_TRUMPS}; {RULE_LATER}"),), {"pair": "marriage"}),
        declare_when=When.ON_LEAD, declare_in_end=True, reuse=FOSTER_REUSE, teams=(0, 1, 0, 1),
        side_names=tuple("-".join(s) for s in SIDES), cites=r"pagat", deal_tag="mp" if not short else "m2",
    )


class MarjapussiDeal(PartnerQuestions, StockState):
    """One deal of Marjapussi. Player 0 is forehand (the dealer's left); the last seat deals."""

    REPLACES = frozenset({"_may_declare_now"})  # the core's rules this game sets its own (see StockPosition)

    ANSWER_RULE = RULE_ANSWER

    def __init__(self, dealt: Dealt, rules: MarjapussiRules | None = None):
        self.rules = rules or MarjapussiRules()
        self.marriages = 0
        self.question = None
        self.broken: set[tuple[int, Suit]] = set()  # (player, suit): a marriage he may not declare nor be asked for
        self.spent: set[int] = set()  # players whose marriages are broken: their partner may not ask them for one
        self.questions: list[tuple[str, str, str, str]] = []
        super().__init__(dealt, spec_for(self.rules))

    WHY_NOT = {**StockState.WHY_NOT, Ask: lambda s, p, a: s._why_bad_ask(p, a), AskSuit: lambda s, p, a: s._why_bad_ask(p, a),
               Show: lambda s, p, a: s._why_bad_answer(p, a), Answer: lambda s, p, a: s._why_bad_answer(p, a)}
    DO = {**StockState.DO, Ask: lambda s, p, a: s._ask(p, a), AskSuit: lambda s, p, a: s._ask(p, a),
          Show: lambda s, p, a: s._answer(p, a), Answer: lambda s, p, a: s._answer(p, a)}

    @classmethod
    def from_seed(cls, seed, rules: MarjapussiRules | None = None) -> MarjapussiDeal:
        rules = rules or MarjapussiRules()
        return cls(Dealt.from_seed(spec_for(rules), seed), rules)

    @classmethod
    def from_code(cls, code: str, rules: MarjapussiRules | None = None) -> MarjapussiDeal:
        rules = rules or MarjapussiRules()
        return cls(Dealt.from_code(spec_for(rules), code), rules)

    @classmethod
    def from_cards(cls, hands, rules: MarjapussiRules | None = None) -> MarjapussiDeal:
        rules = rules or MarjapussiRules()
        return cls(Dealt.from_cards(spec_for(rules), hands, None, ""), rules)

    @property
    def code(self) -> str:
        return self.dealt.code(self.spec)

    def parse_action(self, text):
        return parse_question(text) or super().parse_action(text)

    # -- when a marriage may be tried ------------------------------------------------------------
    def _attempt_open(self, p: int) -> bool:
        """The winner of the last trick, on lead, before leading, not yet tried this trick."""
        return (self.phase is Phase.LEAD and not self.trick and bool(self.tricks) and self.tricks[-1].winner == p
                and not self.declared_now and self.question is None)

    def _may_declare_now(self, p: int) -> bool:
        return self._attempt_open(p)

    def _married(self, card: Card) -> bool:
        return any(card in m.cards for m in self.melds)

    def _why_bad_declare(self, p: int, action) -> str | None:
        if self.phase is not Phase.OVER and self.question is None and not self._attempt_open(p):
            who = self.spec.players[p]
            if not self.tricks:
                why = f"no trick has been won yet: {who} may declare only as the winner of a trick, before leading to the next"
            elif self.tricks[-1].winner != p:
                why = f"{self.spec.players[self.tricks[-1].winner]} won the last trick: only he may try for a marriage now"
            else:
                why = f"{who} has tried for a marriage after this trick already"
            return citing(why, RULE_WHEN)
        return super()._why_bad_declare(p, action)

    def _meld_fault(self, player: int, kind: Combination, cards: tuple[Card, ...]) -> str | None:
        if (player, cards[0].suit) in self.broken:
            return citing(f"{self.spec.players[player]}'s {cards[0].suit.noun} marriage is broken", RULE_BROKEN)
        return None

    def _declare(self, p: int, action) -> None:
        super()._declare(p, action)
        self.must_lead = None  # shown, not led: any card may follow

    def _score_marriage(self, player: int, text: str) -> None:
        self.marriages += 1
        if self.marriages == 1:
            self._score(player, "trumps", 2, f"{text}: {self.trump.noun if self.trump else ''} are trumps", RULE_TRUMPS)
        else:
            self._score(player, "marriage", 1, f"{text}: a later marriage", RULE_LATER)

    def _on_declare(self, meld: Meld, pending: bool) -> None:
        self._score_marriage(meld.player, f"marriage {meld.faces} declared")

    # -- the questions ---------------------------------------------------------------------------
    def _marriages_in(self, p: int) -> list[tuple[Card, Card]]:
        held = set(self.hands[p])
        out = []
        for s in Suit:
            k, q = Card.of(Rank.KING, s), Card.of(Rank.QUEEN, s)
            if k in held and q in held and (p, s) not in self.broken and not self._married(k):
                out.append((k, q))
        return out

    def _why_bad_ask(self, p: int, action) -> str | None:
        who = self.spec.players[p]
        if self.phase is Phase.OVER:
            return citing("the deal is over", f"{PAGAT}: the deal ends with its last trick")
        if self.question is not None:
            return citing(f"{self.spec.players[self.partner(self.question[0])]} must answer the question first", RULE_ANSWER)
        if not self._attempt_open(p):
            return citing(f"{who} may ask only as the winner of the last trick, before leading, once a trick won", RULE_WHEN)
        if isinstance(action, Ask):
            asked = self.partner(p)
            if asked in self.spent:
                return citing(f"{self.spec.players[asked]}'s marriages are broken: {who} may not ask him for one", RULE_BROKEN)
            return None
        suit = action.suit
        half = self._half(p, suit)
        if half is None:
            held = sum(c in self.hands[p] for c in (Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit)))
            return citing(f"{who} holds {'both' if held == 2 else 'neither'} the king and the queen of {suit.noun}", RULE_HALF)
        mate = Card.of(Rank.QUEEN if half.rank is Rank.KING else Rank.KING, suit)
        if self._married(half) or self._married(mate):
            return citing(f"the {suit.noun} marriage has been made already", RULE_HALF)
        if any(mate in t.cards for t in self.tricks):
            return citing(f"the other card, {mate}, has been played", RULE_HALF)
        return None

    def _break(self, p: int) -> None:
        self.spent.add(p)
        for k, _q in self._marriages_in(p):
            self.broken.add((p, k.suit))

    def _answer(self, q: int, action) -> None:
        assert self.question is not None
        asker, question = self.question
        self.question = None
        self.to_move = asker
        who, mate = self.spec.players[asker], self.spec.players[q]
        kind = self.spec.melds.kinds[0]
        if isinstance(question, Ask):
            if isinstance(action, Show):
                meld = Meld(q, kind, tuple(action.cards), True, len(self.tricks))
                self.melds.append(meld)
                self.questions.append((who, "a marriage?", mate, f"yes: {meld.faces}"))
                if self.trump is None:
                    self.trump = action.cards[0].suit
                self._score_marriage(asker, f"marriage {meld.faces} named by {mate}, asked by his partner")
                self._break(asker)
            else:
                self.questions.append((who, "a marriage?", mate, "no"))
            return
        suit = question.suit
        if isinstance(action, Answer) and action.yes:
            meld = Meld(asker, kind, (Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit)), True, len(self.tricks))
            self.melds.append(meld)
            self.questions.append((who, f"the other half of {suit.noun}?", mate, "yes"))
            if self.trump is None:
                self.trump = suit
            self._score_marriage(asker, f"marriage {meld.faces}, the halves in {who}'s and {mate}'s hands")
            self._break(asker)
            self._break(q)
        else:
            self.questions.append((who, f"the other half of {suit.noun}?", mate, "no"))

    def _list_actions(self) -> list:
        if self.phase is Phase.OVER:
            return []
        if self.question is not None:
            return list(self._answers(self.to_move))
        out = super()._list_actions()
        p = self.to_move
        if self._attempt_open(p):
            asks: list = [Ask(), *(AskSuit(s) for s in Suit)]
            out = [a for a in asks if self._why_bad_ask(p, a) is None] + out
        return out

    def _why_illegal(self, action) -> str | None:
        if self.question is not None and not isinstance(action, (Show, Answer)) and self.phase is not Phase.OVER:
            return citing(f"{self.spec.players[self.to_move]} must first answer his partner's question "
                          f"({' or '.join(map(str, self._answers(self.to_move)))})", RULE_ANSWER)
        return super()._why_illegal(action)

    # -- the end of the deal -------------------------------------------------------------------
    def _finish_deal(self) -> None:
        last = self.tricks[-1]
        self._score(last.winner, "last trick", 1, f"takes the last trick ({' '.join(map(str, last.cards))})", RULE_LAST)
        points = self.card_points_by_side()
        total = sum(points.values())
        words = ", ".join(f"{self.spec.table.words(k)} {v}" for k, v in points.items())
        best = [k for k, v in points.items() if 2 * v > total]
        if best:
            member = next(p for p in range(4) if self.spec.scorers[self.spec.side(p)] == best[0])
            self._score(member, "card points", 1, f"a majority of the {total} card points ({words})", RULE_MAJORITY)
        else:
            self.events.append((self.spec.scorers[0], "card points", 0, f"card points equal ({words}): nobody scores", RULE_MAJORITY))
            self._expl = None
        self.phase = Phase.OVER

    #: what a seat sees besides the core's view: the questions asked and answered, the question
    #: waiting, the marriages broken (by whom, which suit)
    VIEW_MORE = {
        "questions": lambda s, p: list(s.questions),
        "asked": lambda s, p: None if s.question is None else (s.spec.players[s.question[0]], str(s.question[1])),
        "broken": lambda s, p: sorted((s.spec.players[q], suit.noun) for q, suit in s.broken),
    }

    def declarations_text(self) -> str:
        return ("marriage, only by a trick's winner: the first (trumps) 2 game points, each later one 1; his own, or asked "
                "of his partner, whole or for the other half")

    def last_trick_bonus(self) -> int:
        return 1


__all__ = ["MarjapussiDeal", "spec_for", "SEATS", "SIDES", "ORIGINAL", "SIMPLIFIED"]
