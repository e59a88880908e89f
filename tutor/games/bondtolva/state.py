"""One deal of Bondtolva for two, three or four, as David Parlett's *Penguin Book of Card Games* gives it.

Two players: 24 cards (A T K Q J 9), six each by threes, the rest a stock with no card turned up and
no trumps. While the stock lasts any card may be played; the winner of a trick draws first. On
leading, a player may show a king and queen of a suit and lead one of them: the first marriage of
the deal, the "trump", scores 2 and makes its suit trumps; every later one, a "tjog", scores 1 and
changes nothing. Once the stock is empty no marriage may be shown, and the second player must
follow suit, head the trick, and trump if he cannot follow.

Three or four players: all the cards are dealt (eight or six each), the rules of the two-hander's
last tricks hold from the first trick, and marriages may be shown throughout. Four play in
partnerships, and the leader may ask his partner instead of showing his own marriage
(:mod:`.actions`): whether he holds one (then the partner shows it), or, holding one card of a
marriage, whether the partner holds the other ("Hearts?"); each answer decides what may be led,
and after a "no" the asker must win a trick before asking again.

Each deal scores 1 for the last trick and 1 for the most matadors (aces and tens) taken in tricks;
with equal matadors that point goes to the most "eyes" (ace 4, king 3, queen 2, jack 1), and if
those are equal too nobody scores it.

The tutor's rulings where the book is silent (stated in the chapter): a marriage scores as soon as
it is shown (no trick need be won first); with three players the matadors' point goes to the one
player with most, the eyes deciding among those tied for most; three players are dealt 3, 3 and
2; the duty to head the trick holds even against one's partner, and a trick already trumped must
be overtrumped if possible (heading it); a "no" bars its asker from asking again until he wins a
trick, before trumps and after.
"""

from __future__ import annotations

import functools
from dataclasses import replace

from ...cards import PACKS, Card, Rank, Suit
from ..base import citing
from ..stock.core import Dealt, Phase, Stage, StockSpec, StockState, Trick, When
from ..stock.declarations import FOSTER_REUSE, Combination, Meld, MeldTable, Run, SuitScope
from ..stock.laws import register
from ..stock.tricks import FREE, STRICT, CardOrder
from .actions import Answer, Ask, AskSuit, Show, parse_question
from .asking import PartnerQuestions
from .rules import PARLETT, PARLETT34, BondtolvaRules

PACK = PACKS["pack24"]
ORDER = CardOrder("A T K Q J 9")
EYES = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
MATADORS = (Rank.ACE, Rank.TEN)
#: what a card is worth winning: 10 a matador, for the deal's point, and its eyes, which break a tie
WORTH = {r: 10 * (r in MATADORS) + EYES.get(r, 0) for r in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)}
#: the seats of a deal by the number of players, in order of play from the first leader, the dealer last
SEATING = {2: ("elder", "younger"), 3: ("elder", "second", "dealer"), 4: ("elder", "second", "third", "dealer")}
SIDES4 = (("elder", "third"), ("second", "dealer"))

RULE_TRUMP = f"{PARLETT}: the first marriage, called 'trump', scores 2 and makes its suit trumps for the rest of the deal"
RULE_TJOG = f"{PARLETT}: each later marriage, a 'tjog', scores 1 and does not change the trump"
RULE_LAST = f"{PARLETT}: the winner of the last trick scores 1"
RULE_MATADORS = (f"{PARLETT}: 1 for taking the majority of matadors (aces and tens); if equal, to the most card points "
                 "counting ace 4, king 3, queen 2, jack 1; if still equal, nobody scores it")
RULE_ASK = f"{PARLETT34}: before trumps, the leader not holding a marriage may ask whether his partner holds one"
RULE_ASK_AFTER = f"{PARLETT34}: once trumps are made, the leader may ask whether his partner has a marriage, and must lead its suit to score the point"
RULE_PAIR = (f"{PARLETT34}: holding one card of a marriage, the leader may ask his partner to pair it ('Hearts?'); "
             "on 'yes' he leads the king or queen, on 'no' a card of that suit")
RULE_WED = f"{PARLETT34}: once trumps are made, the leader may lead a king or queen and ask his partner to wed it"
RULE_ONCE = f"{PARLETT34}: only one marriage query on the same turn"
RULE_BARRED = f"{PARLETT34}: a player answered 'no' must win a trick, and so hold the lead, before he puts another question"
RULE_ANSWER = f"{PARLETT34}: the partner asked answers the question truly, showing the marriage or the card that pairs"

_AS2 = f"{PARLETT}: in the two-hander"
register("Bondtolva", {
    "over": f"{PARLETT}: the deal ends with its last trick",
    "draw": f"{PARLETT}: the trick-winner draws the top card of stock, then the other",
    "close": f"{PARLETT}: the stock is never closed",
    "claim": f"{PARLETT}: the points are reckoned at the end of the deal",
    "hold": f"{PARLETT}: a player plays from his own hand",
    "must_lead": f"{PARLETT}: a marriage is shown by leading one of its king and queen",
    "follow": f"{PARLETT}: once the stock is empty (with three or four, from the first trick) the second to a trick must "
              "follow suit and beat the best card so far when able; with none of the suit led, trump when able",
    "exchange": f"{PARLETT}: no card is turned up, so there is none to exchange for",
    "declare_end": f"{PARLETT}: no marriage may be shown once the stock is empty",
    "declare_when": f"{PARLETT}: a marriage is declared upon leading to a trick, once a turn",
    "meld_name": f"{PARLETT}: the one combination is the marriage, king and queen of a suit",
    "meld_cards": f"{PARLETT}: a marriage is shown from the player's own hand",
    "meld_once": f"{PARLETT}: a marriage is a king and a queen of the same suit",
})


@functools.cache
def spec_for(players: int) -> StockSpec:
    """Bondtolva for ``players`` (2, 3 or 4) as data."""
    source = PARLETT if players == 2 else PARLETT34
    end = replace(STRICT, source=f"{source}: follow suit and beat the best card so far when able; with none of the suit led, trump when able"
                  + ("" if players == 2 else " (with three or four, from the first trick)"))
    marriage = Combination("marriage", 0, Run((Rank.KING, Rank.QUEEN)), "A", SuitScope.ANY, lay=False, fixes_trumps=True,
                           source=f"{RULE_TRUMP}; {RULE_TJOG}")
    return StockSpec(
        name="Bondtolva", pack=PACK, players=SEATING[players], hand_size={2: 6, 3: 8, 4: 6}[players],
        packets={2: (3, 3), 3: (3, 3, 2), 4: (3, 3)}[players], order=ORDER, card_points=EYES, turnup=False,
        play={Stage.STOCK: replace(FREE, source=f"{PARLETT}: suit need not be followed while the stock lasts"), Stage.END: end},
        melds=MeldTable((marriage,), {"trump": "marriage", "tjog": "marriage", "pair": "marriage"}),
        declare_when=When.ON_LEAD, exchange_when=When.ON_LEAD, declare_in_end=players > 2, reuse=FOSTER_REUSE,
        teams=(0, 1, 0, 1) if players == 4 else None,
        side_names=tuple("-".join(s) for s in SIDES4) if players == 4 else None,
        worth=WORTH, cites=r"Parlett", deal_tag={2: "bt", 3: "b3", 4: "b4"}[players],
    )


spec_of = spec_for


class BondtolvaDeal(PartnerQuestions, StockState):
    """One deal of Bondtolva. Player 0 is elder (leads first); the last seat deals.

    ``questions`` holds the four-hander's questions and answers, in order, as the table heard them
    (public): (asker, question, answerer, answer).
    """

    REPLACES = frozenset({"_on_play", "_on_trick"})  # the core's rules this game sets its own (see StockPosition)

    ANSWER_RULE = RULE_ANSWER

    def __init__(self, dealt: Dealt, players: int = 2, rules: BondtolvaRules | None = None):
        self.rules = rules or BondtolvaRules()
        self.players_n = players
        self.marriages = 0  # shown so far this deal (the first is the trump)
        self.question = None
        self.barred: set[int] = set()  # players who had a 'no' and have not won a trick since
        self.owed: tuple[int, Suit, Meld] | None = None  # a point scored if the asker leads the suit
        self.questions: list[tuple[str, str, str, str]] = []
        self.lead_rule: tuple[str, str] | None = None  # why the lead is forced by an answer, and the rule
        super().__init__(dealt, spec_of(players))

    WHY_NOT = {**StockState.WHY_NOT, Ask: lambda s, p, a: s._why_bad_ask(p, a), AskSuit: lambda s, p, a: s._why_bad_ask(p, a),
               Show: lambda s, p, a: s._why_bad_answer(p, a), Answer: lambda s, p, a: s._why_bad_answer(p, a)}
    DO = {**StockState.DO, Ask: lambda s, p, a: s._ask(p, a), AskSuit: lambda s, p, a: s._ask(p, a),
          Show: lambda s, p, a: s._answer(p, a), Answer: lambda s, p, a: s._answer(p, a)}

    @classmethod
    def from_seed(cls, seed, players: int = 2, rules: BondtolvaRules | None = None) -> BondtolvaDeal:
        return cls(Dealt.from_seed(spec_of(players), seed), players, rules)

    @classmethod
    def from_code(cls, code: str, players: int = 2, rules: BondtolvaRules | None = None) -> BondtolvaDeal:
        return cls(Dealt.from_code(spec_of(players), code), players, rules)

    @classmethod
    def from_cards(cls, hands, stock="", players: int = 2, rules: BondtolvaRules | None = None) -> BondtolvaDeal:
        return cls(Dealt.from_cards(spec_of(players), hands, None, stock), players, rules)

    @property
    def code(self) -> str:
        return self.dealt.code(self.spec)

    def parse_action(self, text):
        return parse_question(text) or super().parse_action(text)

    # -- marriages -----------------------------------------------------------------------------
    def _score_marriage(self, player: int, text: str) -> None:
        self.marriages += 1
        if self.marriages == 1:
            self._score(player, "trump", 2, f"{text}: the trump, {self.trump.noun if self.trump else ''} are trumps", RULE_TRUMP)
        else:
            self._score(player, "tjog", 1, f"{text}: a tjog", RULE_TJOG)

    def _on_declare(self, meld: Meld, pending: bool) -> None:
        self._score_marriage(meld.player, f"marriage {meld.faces} shown")

    def _married(self, card: Card) -> bool:
        return any(card in m.cards for m in self.melds)

    def _meld_fault(self, player: int, kind: Combination, cards: tuple[Card, ...]) -> str | None:
        shown = [c for c in cards if self._married(c)]
        if shown:
            return citing(f"{' '.join(map(str, shown))} has been married already", f"{PARLETT}: a king and queen marry once")
        return None

    # -- the four-hander's questions -----------------------------------------------------------
    def _marriages_in(self, p: int) -> list[tuple[Card, Card]]:
        held = set(self.hands[p])
        out = []
        for s in Suit:
            k, q = Card.of(Rank.KING, s), Card.of(Rank.QUEEN, s)
            if k in held and q in held and not self._married(k) and not self._married(q):
                out.append((k, q))
        return out

    def _why_bad_ask(self, p: int, action) -> str | None:
        who = self.spec.players[p]
        rule = RULE_ASK if isinstance(action, Ask) else RULE_PAIR
        if self.players_n != 4:
            return citing("only the four-handed game has partners to ask", PARLETT34)
        if self.phase is Phase.OVER:
            return citing("the deal is over", f"{PARLETT}: the deal ends with its last trick")
        if self.question is not None:
            return citing(f"{self.spec.players[self.partner(self.question[0])]} must answer the question first", RULE_ANSWER)
        if self.phase is not Phase.LEAD or self.trick:
            return citing(f"{who} may ask only when on lead, before leading", rule)
        if self.declared_now:
            return citing(f"{who} has already shown or asked for a marriage this turn", RULE_ONCE)
        if p in self.barred:
            return citing(f"{who} was answered 'no' and has not won a trick since", RULE_BARRED)
        if isinstance(action, Ask):
            if self.trump is None and self._marriages_in(p):
                return citing(f"{who} holds a marriage: he shows and leads from it himself", RULE_ASK)
            return None
        suit = action.suit
        k, q = Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit)
        half = self._half(p, suit)
        if k in self.hands[p] and q in self.hands[p]:
            return citing(f"{who} holds both the king and the queen of {suit.noun}: he shows the marriage himself", rule)
        if half is None:
            return citing(f"{who} holds neither the king nor the queen of {suit.noun}: there is nothing to pair", rule)
        mate = q if half == k else k
        if self._married(half) or self._married(mate):
            return citing(f"the {suit.noun} marriage has been shown already", rule)
        if mate in self.every_played():
            return citing(f"the other card, {mate}, has been played: {half} cannot be paired", rule)
        return None

    def every_played(self) -> set[Card]:
        return {c for t in self.tricks for c in t.cards} | set(self.trick)

    def _answer(self, q: int, action) -> None:
        assert self.question is not None
        asker, question = self.question
        self.question = None
        self.to_move = asker
        who, mate = self.spec.players[asker], self.spec.players[q]
        before = self.trump is None
        if isinstance(question, Ask):
            if isinstance(action, Show):
                meld = Meld(q, self.spec.melds.kinds[0], tuple(action.cards), True, len(self.tricks))
                self.melds.append(meld)
                self.questions.append((who, "do you hold a marriage?", mate, f"yes: {meld.faces}"))
                if before:
                    self.trump = action.cards[0].suit
                    self._score_marriage(q, f"marriage {meld.faces} shown by {mate}, asked by his partner")
                else:
                    self.owed = (asker, action.cards[0].suit, meld)
            else:
                self.barred.add(asker)
                self.questions.append((who, "do you hold a marriage?", mate, "no"))
            return
        suit = question.suit
        half = self._half(asker, suit)
        assert half is not None
        if isinstance(action, Answer) and action.yes:
            other = Card.of(Rank.QUEEN if half.rank is Rank.KING else Rank.KING, suit)
            meld = Meld(asker, self.spec.melds.kinds[0], (Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit)), True, len(self.tricks))
            self.melds.append(meld)
            self.questions.append((who, f"{suit.noun.capitalize()}?", mate, f"yes: {other}"))
            if before:
                self.trump = suit
            self._score_marriage(asker, f"marriage {meld.faces}, {half} paired by {mate}'s {other}")
            self.must_lead = (half,)
            self.lead_rule = (f"{mate} paired {half}: {who} must lead it", RULE_PAIR if before else RULE_WED)
        else:
            self.barred.add(asker)
            self.questions.append((who, f"{suit.noun.capitalize()}?", mate, "no"))
            self.must_lead = tuple(c for c in self.hands[asker] if c.suit is suit) if before else (half,)
            self.lead_rule = ((f"answered no, {who} must lead a {suit.noun[:-1]}", RULE_PAIR) if before
                              else (f"{who} asked his partner to wed {half} and leads it", RULE_WED))

    # -- the legal actions, with questions -------------------------------------------------------
    def _list_actions(self) -> list:
        if self.phase is Phase.OVER:
            return []
        if self.question is not None:
            return list(self._answers(self.to_move))
        out = super()._list_actions()
        if self.players_n == 4 and self.phase is Phase.LEAD and not self.trick and self.must_lead is None:
            p = self.to_move
            asks: list = [Ask(), *(AskSuit(s) for s in Suit)]
            out = [a for a in asks if self._why_bad_ask(p, a) is None] + out
        return out

    def _why_illegal(self, action) -> str | None:
        if self.question is not None and not isinstance(action, (Show, Answer)) and self.phase is not Phase.OVER:
            return citing(f"{self.spec.players[self.to_move]} must first answer his partner's question "
                          f"({' or '.join(map(str, self._answers(self.to_move)))})", RULE_ANSWER)
        return super()._why_illegal(action)

    def _why_bad_play(self, p: int, card: Card) -> str | None:
        if self.lead_rule is not None and self.must_lead is not None and not self.trick and card not in self.must_lead \
                and card in self.hands[p]:
            why, rule = self.lead_rule
            return citing(f"{why} ({' '.join(map(str, self.must_lead))})", rule)
        return super()._why_bad_play(p, card)

    def _on_play(self, player: int, card: Card) -> None:
        self.lead_rule = None
        if self.owed is not None and len(self.trick) == 1:
            asker, suit, meld = self.owed
            self.owed = None
            partner = self.spec.players[meld.player]
            if card.suit is suit:
                self._score_marriage(asker, f"marriage {meld.faces} shown by {partner}, and its suit led")
            else:
                self._score(asker, "tjog", 0, f"marriage {meld.faces} shown by {partner}, but {card} led, not a {suit.noun[:-1]}: "
                            "no point", RULE_ASK_AFTER)

    def _on_trick(self, trick: Trick) -> None:
        self.barred.discard(trick.winner)

    # -- the end of the deal -------------------------------------------------------------------
    def _finish_deal(self) -> None:
        last = self.tricks[-1]
        self._score(last.winner, "last trick", 1, f"takes the last trick ({' '.join(map(str, last.cards))})", RULE_LAST)
        count: dict[int, int] = {}
        eyes: dict[int, int] = {}
        for p in range(self.n):
            side = self.spec.side(p)
            count[side] = count.get(side, 0) + sum(c.rank in MATADORS for c in self.won[p])
            eyes[side] = eyes.get(side, 0) + sum(EYES.get(c.rank, 0) for c in self.won[p])
        names = self.spec.scorers
        said = [self.spec.table.words(k) for k in names]
        most = max(count.values())
        tied = [s for s, v in count.items() if v == most]
        words = ", ".join(f"{said[s]} {count[s]}" for s in count)
        if len(tied) == 1:
            winner = tied[0]
            text = f"most matadors (aces and tens: {words})"
        else:
            best = max(eyes[s] for s in tied)
            top = [s for s in tied if eyes[s] == best]
            eye_words = ", ".join(f"{said[s]} {eyes[s]}" for s in tied)
            if len(top) > 1:
                self.events.append((names[tied[0]], "matadors", 0, f"matadors equal ({words}) and eyes equal ({eye_words}): "
                                    "nobody scores the point", RULE_MATADORS))
                self._expl = None
                self.phase = Phase.OVER
                return
            winner = top[0]
            text = f"matadors equal ({words}), most eyes ({eye_words})"
        member = next(p for p in range(self.n) if self.spec.side(p) == winner)
        self._score(member, "matadors", 1, text, RULE_MATADORS)
        self.phase = Phase.OVER

    # -- what a seat may see ------------------------------------------------------------------
    #: what a seat sees besides the core's view: the questions asked and answered, the seats barred
    #: from asking, the question waiting, the suit the seat owes the lead (its own), the matadors taken
    VIEW_MORE = {
        "questions": lambda s, p: list(s.questions),
        "barred": lambda s, p: [s.spec.players[q] for q in sorted(s.barred)],
        "asked": lambda s, p: None if s.question is None else (s.spec.players[s.question[0]], str(s.question[1])),
        "owed": lambda s, p: s.owed[1].noun if s.owed is not None and s.owed[0] == p else None,
        "matadors": lambda s, p: {s.spec.scorers[side]: n for side, n in s.matadors().items()},
    }

    def matadors(self) -> dict[int, int]:
        """Matadors (aces and tens) taken so far, by side."""
        out: dict[int, int] = {}
        for p in range(self.n):
            side = self.spec.side(p)
            out[side] = out.get(side, 0) + sum(c.rank in MATADORS for c in self.won[p])
        return out

    def declarations_text(self) -> str:
        tail = "; none once the stock is empty" if self.players_n == 2 else "; throughout (all cards dealt)"
        ask = "; for four, the leader may ask his partner for a marriage or for the card that pairs his own" if self.players_n == 4 else ""
        return "marriage: the first (trump) 2 and makes trumps, each later one (tjog) 1" + tail + ask

    def last_trick_bonus(self) -> int:
        return 1


__all__ = ["BondtolvaDeal", "spec_of", "SEATING", "SIDES4", "EYES", "MATADORS"]
