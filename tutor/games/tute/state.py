"""One deal of Tute Habanero on the stock-and-tricks engine, as David Parlett's *Penguin Book of
Card Games* gives it.

What the core gives as data: the 40-card Spanish pack ranked A 3 R C S 7 6 5 4 2 (as 11, tres 10,
rey 4, caballo 3, sota 2: 120 in all); eight each, one at a time; the next card turned for trumps,
the rest the stock; while the stock lasts a trump lead must be answered with a trump (only then
must anything be followed), and once it is gone the second player follows, beats and trumps; the
winner draws first; the cantes (marriages, 20, or 40 in trumps, and the tute) shown by the player on
lead, who has just won a trick, one a trick, not led; the exchange of the turn-up.

What is Tute's own (the hooks here): the face-up hand of a player who could not answer a trump
lead, kept on the table until he draws a trump (each seat's view shows it, and what is shown is
hidden from nobody); which card may be exchanged (the seven for a sota or better, the two for a
seven, or for a four, five or six as an option); the tute winning at once; capote; 10 for the last
trick (*diez de últimas*); the claim of 101 (true: it wins; false: it loses) at any turn of the
claimer; at the end of play, the points found (one over 101 wins; both over 101: the winner of
the last trick; nobody: another deal with the points carried over).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ...cards import PACKS, Card, Hand, Rank
from ..base import citing
from ..contract import Outcome
from ..sixtysix.state import PLAYERS, SixtySixDeal
from ..stock.actions import Claim, parse_action
from ..stock.core import Dealt, Phase, Stage, StockSpec, StockState, Trick, When
from ..stock.declarations import Combination, Meld, MeldTable, Reuse, Run, Set, SuitScope
from ..stock.laws import law, register
from ..stock.tricks import FOLLOW_TRUMPS, FREE, STRICT, CardOrder
from .rules import LUDO, PAGAT, PARLETT, TuteRules

PACK = PACKS["spanish40"]
ORDER = CardOrder("A 3 K Q J 7 6 5 4 2")
POINTS = {Rank.ACE: 11, Rank.THREE: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
HIGH = (Rank.ACE, Rank.THREE, Rank.KING, Rank.QUEEN, Rank.JACK)  # the seven takes these from the turn-up

RULE_CARDS = f"{PARLETT}: the cards count as 11, tres 10, rey 4, caballo 3, sota 2, the rest nothing (120 in the pack)"
RULE_CANTE = f"{PARLETT}: before leading, the winner of the last trick may show one marriage, rey and caballo of a suit: 20, or 40 in trumps"
RULE_TUTE = f"{PARLETT}: a tute, all four reyes or all four caballos, shown after winning a trick, wins the game outright"
RULE_LAST = f"{PARLETT}: 10 for winning the last trick (diez de últimas)"
RULE_CLAIM = f"{PARLETT}: a player who claims to have reached the target wins if he has, and loses if he has not"
RULE_FOUND = (f"{PARLETT}: if nobody has claimed by the end of play, a player found to have reached the target wins; if both "
              "have, the winner of the last trick")
RULE_NOBODY = (f"{PARLETT}: if nobody wins the deal, the winner of the last trick deals the next; {PAGAT} and {LUDO}: the points "
               "of the deals are added together")
RULE_CAPOTE = f"{PARLETT}: capote, declared before the last eight tricks, wins the game if the declarer takes all eight, and loses it if not"
RULE_FACE_UP = (f"{PARLETT}: a player unable to answer a trump lead with a trump while the stock lasts lays his cards face up and "
                "keeps them so until he draws a trump")
RULE_EXCHANGE = (f"{PARLETT}: a player who has won a trick may take a turned-up sota or better for the seven of trumps, and a "
                 "turned-up seven for the two")
RULE_TURNUP_GONE = (f"{PARLETT}: the turn-up is drawn with the last of the stock, and the last eight tricks are played "
                    "with no turn-up left")
RULE_LOW_EXCHANGE = f"{PAGAT} and {LUDO}: the two of trumps may also be exchanged for a turned-up four, five or six"
RULE_PLAYED_ON = (f"{PARLETT}: the points are kept in the head and the game is won by claiming them; a player who plays on past "
                  "the target gives the other the chance to claim first")

register("Tute", {
    "over": f"{PARLETT}: play stops at a claim, a tute or a capote decided, or at the end of the last trick",
    "draw": f"{PARLETT}: the winner of each trick draws the top card of the stock, then the other",
    "close": f"{PARLETT}: the stock is not closed in Tute",
    "claim": RULE_CLAIM,
    "hold": f"{PARLETT}: a player plays a card from his own hand",
    "follow": f"{PARLETT}: while the stock lasts a trump lead must be answered with a trump; in the last eight tricks the second "
              "player must follow suit and win if able, and with no card of the suit led must trump if able",
    "exchange": RULE_EXCHANGE,
    "declare_end": f"{PARLETT}: no cantes in the last eight tricks",
    "declare_when": f"{PARLETT}: a cante is shown by the winner of the last trick before he leads, one a trick",
    "meld_name": f"{PARLETT}: the cantes are the marriage (20, or 40 in trumps) and the tute",
    "meld_cards": f"{PARLETT}: a cante is shown from the player's own hand",
    "meld_once": f"{PARLETT}: a cante is made of different cards",
})


def exchanged_for(turnup: Card, low_exchange: bool = True) -> Rank | None:
    """The rank of trumps that takes ``turnup``: the seven for a sota or better, the two for a seven
    (and, ``low_exchange``, for a four, five or six); None for a two."""
    if turnup.rank in HIGH:
        return Rank.SEVEN
    if turnup.rank is Rank.SEVEN or (low_exchange and turnup.rank in (Rank.FOUR, Rank.FIVE, Rank.SIX)):
        return Rank.TWO
    return None


@dataclass(frozen=True)
class Capote:
    """Undertake to win all the last eight tricks (Tute): ``capote``."""

    def __str__(self) -> str:
        return "capote"


_CAPOTE = Capote()


def cantes(rules: TuteRules) -> MeldTable:
    """The marriage (20), las cuarenta (40 in trumps) and, by the rules, the two tutes."""
    kq = Run((Rank.KING, Rank.QUEEN))
    kinds = [
        Combination("las cuarenta", 40, kq, "A", SuitScope.TRUMPS, lay=False, source=RULE_CANTE),
        Combination("marriage", 20, kq, "A", SuitScope.PLAIN, lay=False, source=RULE_CANTE),
    ]
    if rules.tute:
        kinds += [Combination("tute of kings", 0, Set(Rank.KING), "T", lay=False, source=RULE_TUTE),
                  Combination("tute of horses", 0, Set(Rank.QUEEN), "T", lay=False, source=RULE_TUTE)]
    return MeldTable(tuple(kinds), {"40": "las cuarenta", "cuarenta": "las cuarenta", "royal marriage": "las cuarenta",
                                    "20": "marriage", "veinte": "marriage", "tute de reyes": "tute of kings",
                                    "tute de caballos": "tute of horses"})


@functools.cache
def spec_for(rules: TuteRules) -> StockSpec:
    stock_rule = FREE if rules.stock_play == "free" else FOLLOW_TRUMPS
    stock_words = {"face-up": f"{PARLETT}: while the stock lasts a trump lead must be answered with a trump, any card otherwise",
                   "trumps": f"{LUDO}: while the stock lasts the only duty is to answer a trump lead with a trump",
                   "free": f"{PAGAT}: while the stock lasts any card may be played"}[rules.stock_play]
    return StockSpec(
        name="Tute", pack=PACK, players=PLAYERS, hand_size=8, packets=(1,) * 8, order=ORDER, card_points=POINTS,
        play={Stage.STOCK: replace(stock_rule, source=stock_words),
              Stage.END: replace(STRICT, source=f"{PARLETT}: in the last eight tricks follow suit and win if able, else trump")},
        melds=cantes(rules), declare_when=When.ON_LEAD, exchange_when=When.ON_LEAD, lead_declared=False,
        reuse=Reuse(source=f"{PARLETT}: one cante a trick"), exchange_rank=Rank.SEVEN, may_close=False, may_claim=True,
        deal_tag="tu", cites=r"Parlett|pagat|ludoteka",
    )


class TuteDeal(SixtySixDeal):
    """One deal of Tute Habanero. Player 0 is elder (leads first), player 1 younger (deals).

    ``carried``: the points each player brings from an earlier deal that nobody won (elder's,
    younger's): they are the first step of the reckoning, and a claim counts them.
    ``exposed``: for each player, whether his hand lies face up (he could not answer a trump lead).
    ``ending``: once over, who won the game (None when nobody did and another deal follows), how
    and by which rule.
    """

    REPLACES = frozenset({"_may_claim", "_may_declare_now", "_exchange_rank", "_apply", "_on_play", "_on_trick"})  # the core's rules this game sets its own (see StockPosition)

    Rules = TuteRules
    spec_of = staticmethod(spec_for)
    LAST_TRICK = 10
    CARDS_RULE, LAST_RULE = RULE_CARDS, RULE_LAST
    rules: TuteRules

    def __init__(self, dealt: Dealt, rules: TuteRules | None = None, carried: tuple[int, int] | None = None):
        self.carried = carried
        self.exposed = [False, False]
        self.capote_by: int | None = None
        self.played_on: list[tuple[int, int, int]] = []  # (player, his total, tricks played) each time he played on past the target
        super().__init__(dealt, rules)

    def _after_deal(self) -> None:
        if self.carried:
            for p, pts in enumerate(self.carried):
                self._score(p, "carried", pts, "points brought from the deal before, which nobody won", RULE_NOBODY)

    @classmethod
    def from_seed(cls, seed, rules=None, carried=None):
        rules = rules or cls.Rules()
        return cls(Dealt.from_seed(cls.spec_of(rules), seed), rules, carried)

    @classmethod
    def from_code(cls, code: str, rules=None, carried=None):
        rules = rules or cls.Rules()
        return cls(Dealt.from_code(cls.spec_of(rules), code), rules, carried)

    @property
    def target(self) -> int:
        return self.rules.target

    # -- what may be done -----------------------------------------------------------------------
    WHY_NOT: ClassVar[Any] = {**StockState.WHY_NOT, Capote: lambda s, p, a: s._why_bad_capote(p)}
    DO: ClassVar[Any] = {**StockState.DO, Capote: lambda s, p, a: s._capote(p)}

    def parse_action(self, text):
        if isinstance(text, Capote) or (isinstance(text, str) and text.strip().lower() == "capote"):
            return _CAPOTE
        return super().parse_action(text)

    def _list_actions(self) -> list[Any]:
        out: list[Any] = super()._list_actions()
        if self.phase is Phase.FOLLOW and self._may_claim(self.to_move):
            out.insert(0, Claim())
        if self._why_bad_capote(self.to_move) is None and self.phase is Phase.LEAD:
            out.insert(0, _CAPOTE)
        return out

    def _may_claim(self, p: int) -> bool:
        # at any turn of his: the points come only from tricks won and cantes, each followed by his turn
        return self.phase in (Phase.LEAD, Phase.FOLLOW) and self.capote_by is None

    def _why_bad_claim(self, p: int) -> str | None:
        if not self._may_claim(p):
            return law(self.spec.name, "claim", "a claim is made at one's own turn, and not once capote is declared")
        return None

    def _may_declare_now(self, p: int) -> bool:
        # only the winner of the last trick (the first lead of a deal follows no trick)
        return super()._may_declare_now(p) and bool(self.tricks)

    def _why_bad_declare(self, p, action):
        if self.phase is Phase.LEAD and not self.tricks and not self.trick:
            return law(self.spec.name, "declare_when", "a cante is shown only by a player who has just won a trick")
        return super()._why_bad_declare(p, action)

    def _exchange_rank(self) -> Rank | None:
        return None if self.turnup is None else exchanged_for(self.turnup, self.rules.low_exchange)

    def _why_bad_exchange(self, p: int, card: Card) -> str | None:
        if self.turnup is None:
            return citing("the turn-up has been taken: it was drawn with the last card of the stock, and there is "
                          "nothing left to exchange for", RULE_TURNUP_GONE)
        if self._exchange_rank() is None:
            return law(self.spec.name, "exchange", f"no card may be exchanged for the turn-up {self.turnup}")
        return super()._why_bad_exchange(p, card)

    def _exchange_needs_trick(self) -> str | None:
        return law(self.spec.name, "exchange", "the turn-up may be exchanged only by a player who has won a trick")

    def _why_bad_capote(self, p: int) -> str | None:
        if not self.rules.capote:
            return f"capote is not played with these rules ({LUDO} has none)"
        if self.capote_by is not None:
            return f"capote has been declared already ({RULE_CAPOTE})"
        if self.stage is not Stage.END or self.phase is not Phase.LEAD or self.trick or self.end_from != len(self.tricks):
            return f"capote is declared by the player on lead to the first of the last eight tricks, before he leads ({RULE_CAPOTE})"
        return None

    # -- what actions do ------------------------------------------------------------------------
    def _apply(self, action) -> None:
        p = self.to_move
        total = self.scores()[self.table.names[p]]
        if not isinstance(action, Claim) and total >= self.target and not self.is_over:
            self.played_on.append((p, total, len(self.tricks)))
        super()._apply(action)

    def _capote(self, p: int) -> None:
        self.capote_by = p
        self._score(p, "capote", 0, "declares capote: he undertakes to win all the last eight tricks", RULE_CAPOTE)

    def _on_declare(self, meld: Meld, pending: bool) -> None:
        if meld.kind.key.startswith("tute"):
            self._score(meld.player, meld.kind.key, 0, f"{meld.kind.key} {meld.faces}: wins the game outright", RULE_TUTE)
            self._end(meld.player, 1, f"{self.table.names[meld.player]} shows a {meld.kind.key} ({meld.faces})", RULE_TUTE, "tute")
            return
        self._score(meld.player, meld.kind.key, meld.kind.value, f"sings {meld.kind.key} {meld.faces}", RULE_CANTE)

    def _on_exchange(self, player: int, card: Card, turnup: Card) -> None:
        rule = RULE_LOW_EXCHANGE if turnup.rank in (Rank.FOUR, Rank.FIVE, Rank.SIX) else RULE_EXCHANGE
        self._score(player, "exchange", 0, f"takes the turn-up {turnup} for {card}", rule)

    def _on_play(self, player: int, card: Card) -> None:
        if (self.rules.stock_play == "face-up" and self.stage is Stage.STOCK and len(self.trick) == 2
                and self.trick[0].suit is self.trump and card.suit is not self.trump and not self.exposed[player]):
            self.exposed[player] = True
            self._score(player, "face up", 0, "has no trump to answer the trump lead: lays his hand face up", RULE_FACE_UP)

    def _draw(self, w: int) -> None:
        super()._draw(w)
        for q in range(2):
            if self.exposed[q] and any(c.suit is self.trump for c in self.hands[q]):
                self.exposed[q] = False
                self._score(q, "face up", 0, "draws a trump and takes his hand up again", RULE_FACE_UP)

    def _on_trick(self, trick: Trick) -> None:
        w = trick.winner
        pts = sum(POINTS.get(c.rank, 0) for c in trick.cards)
        self._score(w, "cards", pts, f"takes {' '.join(map(str, trick.cards))}", RULE_CARDS)
        if not any(self.hands) and not any(self.laid):
            self._score(w, "last trick", self.LAST_TRICK, "wins the last trick", RULE_LAST)
        if self.capote_by is not None and w != self.capote_by:
            c = self.capote_by
            self._end(self.table.seats[c].other, 1, f"{self.table.names[c]} declared capote and lost trick {len(self.tricks)}", RULE_CAPOTE, "capote failed")

    def last_trick_bonus(self) -> int:
        return self.LAST_TRICK

    def _claim_true(self, player: int) -> bool:
        """Whether ``player``'s claim is true: he has reached the target."""
        return self.scores()[self.table.seats[player].name] >= self.target

    def _wins_now(self, action, player: int) -> bool | None:
        """A claim wins if it is true (see :meth:`_on_claim`)."""
        if type(action) is not Claim or type(self)._on_claim is not TuteDeal._on_claim:
            return None
        return self._claim_true(player)

    def _on_claim(self, player: int) -> None:
        sc = self.scores()
        seat = self.table.seats[player]
        me, other = seat.name, seat.other.name
        if self._claim_true(player):
            self._score(player, "claim", 0, f"claims {self.target} with {sc[me]}: a true claim", RULE_CLAIM)
            self._end(player, 1, f"{me} claims {self.target} and has {sc[me]}", RULE_CLAIM, "claim")
        else:
            self._score(player, "claim", 0, f"claims {self.target} with only {sc[me]}: a false claim", RULE_CLAIM)
            self._end(seat.other, 1, f"{me} claims {self.target} with only {sc[me]}: {other} wins", RULE_CLAIM, "false claim")

    def _finish_deal(self) -> None:
        if self.capote_by is not None:
            c = self.capote_by
            self._end(c, 1, f"{self.table.names[c]} declared capote and won all the last eight tricks", RULE_CAPOTE, "capote")
            return
        sc = self.scores()
        over = [p for p in range(2) if sc[self.table.names[p]] >= self.target]
        last = self.tricks[-1].winner
        if len(over) == 1:
            p = over[0]
            self._end(p, 1, f"nobody claimed, and {self.table.names[p]} is found to have {sc[self.table.names[p]]}", RULE_FOUND, "found")
        elif over:
            self._end(last, 1, f"nobody claimed, both have {self.target} or more ({sc['elder']} and {sc['younger']}): "
                               f"{self.table.names[last]} won the last trick", RULE_FOUND, "last trick")
        else:
            self.ending = {"winner": None, "game_points": 0, "how": "no winner", "rule": RULE_NOBODY,
                           "reason": f"nobody has {self.target} ({sc['elder']} and {sc['younger']}): {self.table.names[last]}, who won "
                                     "the last trick, deals the next, and the points are carried"}
            self.phase = Phase.OVER

    def outcome(self):
        if not self.is_over or self.ending is None:
            return None
        e = self.ending
        tail = f"{e['winner']} wins the game" if e["winner"] else "another deal"
        return Outcome(e["winner"], f"{e['reason']}: {tail} ({e['rule']})", self.scores(), e.get("how", "played-out"))

    # -- what each seat sees --------------------------------------------------------------------
    def hidden(self, seat) -> frozenset[Card]:
        shown = {c for q in range(2) if self.exposed[q] for c in self.hands[q]}
        return frozenset(super().hidden(seat) - shown)

    def view(self, player: int) -> dict:
        out = super().view(player)
        out["exposed"] = {self.table.names[q]: Hand(sorted(self.hands[q], key=self._key)) if self.exposed[q] else None for q in range(2)}
        out["target"] = self.target
        out["capote"] = self.table.names[self.capote_by] if self.capote_by is not None else None
        out["played_on"] = [(self.table.names[p], total) for p, total, _ in self.played_on if p == player]
        return out

    def declarations_text(self) -> str:
        tute = "; a tute (four reyes or four caballos) wins outright" if self.rules.tute else ""
        return f"cantes, one a trick won: marriage 20, las cuarenta 40 (in trumps){tute}; none in the last eight"

    def exchange_text(self) -> str:
        low = ", four, five or six" if self.rules.low_exchange else ""
        return f"the seven of trumps for a turned-up sota or better, the two for a seven{low}; after winning a trick"

    def to_json(self) -> dict:
        out = super().to_json()
        out["exposed"] = [self.table.names[q] for q in range(2) if self.exposed[q]]
        out["carried"] = list(self.carried) if self.carried else None
        return out


__all__ = ["TuteDeal", "TuteRules", "spec_for", "Capote", "ORDER", "POINTS", "PACK", "parse_action"]
