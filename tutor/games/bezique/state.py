"""One deal of two-handed Bezique on the stock-and-tricks engine, the game to 1000, a declaration ledger.

The deal (the nineteenth-century Bezique account; Foster's Hoyle; Hoffmann 1909): 64 cards ranking A T K Q J 9 8 7, eight each
by three, two and three, the seventeenth turned up for trumps (a seven turned up scores 10 for the
dealer). Elder (the non-dealer) leads. While the stock lasts anything may be played; of two
identical cards the first played wins. The winner of a trick may declare one combination before
drawing; declared cards stay on the table, count as in hand and may be played. The winner draws
first, the loser next; the turn-up is drawn last. Then the last eight tricks: declared cards are
taken up, no more declarations, follow suit, win if able, trump if void; a revoke forfeits the
eight tricks. Aces and tens taken (brisques) score 10 each.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from dataclasses import replace

from ...cards import PACKS, Card, Rank, Suit, parse_suit
from ..stock.actions import Action
from ..stock.core import Dealt, Phase, Stage, StockSpec, StockState, Trick, When
from ..stock.declarations import FOSTER_REUSE, Combination, Faces, Meld, MeldTable, Run, Set, SuitScope
from ..stock.laws import register
from ..stock.ledger import LedgerResult, judge
from ..stock.tricks import FREE, STRICT, CardOrder
from .rules import BeziqueRules

PACK = PACKS["bezique64"]
PLAYERS = ("elder", "younger")
ELDER, YOUNGER = 0, 1
ORDER = CardOrder("A T K Q J 9 8 7")
BRISQUES = {Rank.ACE: 10, Rank.TEN: 10}
_BRISQUE_CARDS = frozenset(c for c in PACK.cards if c.rank in BRISQUES)  # counted by card: no enum member hashed

_A, _T, _K, _Q, _J, _7 = Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.SEVEN
_QS, _JD, _QC, _JH = (Card(x) for x in ("QS", "JD", "QC", "JH"))
_STOCK = Stage.STOCK  # read as a global in the hook called after every trick
_FOSTER = "Foster's Complete Hoyle (1897), Bezique"
_SEED = "the nineteenth-century Bezique account"

_DOUBLE = "Foster's Complete Hoyle (1897), Bezique, 'Double Declarations'"
_AFTER_TRICK = f"{_SEED}: the exchange, 'like a declaration', is made 'immediately after he has taken a trick'"
RULE_EXCHANGE = f"{_SEED}: 'The seven of trumps can be exchanged for the trump card'; the exchange, 'like a declaration', is made 'immediately after he has taken a trick'"
RULE_GAME = f"{_SEED}, Winning the Game: 'When a player, by declaring ... scores 1000 or upwards he wins'"
RULE_SEVEN_ONCE = (
    "the rule option seven_of_trumps='exchange-or-declare', after Hoffmann 1909 and Foster's Hoyle: the seven of trumps "
    "scores ten once, exchanged for the turn-up or declared"
)

#: the rule each kind of refusal of the stock-and-tricks engine applies in Bezique (see tutor.games.stock.laws)
register("Bezique", {
    "over": f"{_SEED}, The Last Eight Tricks: 'When all the cards are played' each counts the aces and tens in his tricks",
    "draw": f"{_SEED}, Forfeits: 'For drawing out of turn'",
    "close": f"{_SEED}, The Last Eight Tricks: the stock is drawn to its last two cards before the last eight tricks; no rule lets a player close it",
    "claim": f"{_SEED}, Winning the Game: a player who reaches 1000 by declaring or in play wins, and the tutor counts it; nothing is claimed",
    "play_after_trick": f"{_AFTER_TRICK}; Forfeits: 'For playing without drawing'",
    "hold": f"{_SEED}: a declared card left on the table may still be played to a trick like any card in the hand; any other card played must be held",
    "follow": f"{_SEED}, The Last Eight Tricks: 'the player is obliged to follow suit, or trump', and to win the card led if able",
    "revoke": f"{_SEED}, The Last Eight Tricks and Forfeits: only in the last eight tricks must a player follow suit, trump or win the card led, and a revoke there forfeits the eight tricks",
    "exchange": RULE_EXCHANGE,
    "declare_end": f"{_SEED}, The Last Eight Tricks: 'No more declarations can now be made'",
    "declare_when": f"{_SEED}: a declaration, like the exchange, is made 'immediately after he has taken a trick'",
    "meld_name": f"{_SEED}, Scoring: the combinations are bezique, double bezique, sequence, four aces, kings, queens or knaves, royal marriage and marriage",
    "meld_cards": f"{_SEED}: a combination is declared from the hand, cards already on the table being 'used as if in the hand of the player'",
    "meld_once": f"{_SEED}, Scoring: a combination is so many different cards (double bezique takes both queens of spades and both knaves of diamonds)",
    "alongside": f"{_DOUBLE}: only one combination scores after a trick; another it makes is announced, to score after a later trick",
    "on_table": f"{_DOUBLE}: a combination announced is scored after a later trick while its cards are on the table; {_SEED}: 'All four cards must be seen on the table together'",
    "announce_new": "Foster's Complete Hoyle (1897), Bezique: a new announcement must add 'at least one new card' from the hand",
})

ALIASES = {
    "royal": "royal marriage",
    "common marriage": "marriage",
    "double": "double bezique",
    "single bezique": "bezique",
    "aces": "four aces",
    "kings": "four kings",
    "queens": "four queens",
    "jacks": "four knaves",
    "knaves": "four knaves",
    "four jacks": "four knaves",  # the chapters, after the old books, say knave; jack is understood
    "4 aces": "four aces",
    "4 kings": "four kings",
    "4 queens": "four queens",
    "4 jacks": "four knaves",
    "4 knaves": "four knaves",
    "seven": "seven of trumps",
}


#: Play while the stock lasts, and in the last eight tricks, as Bezique's sources have them.
BEZIQUE_FREE = replace(FREE, source="the nineteenth-century Bezique account; Hoffmann 1909, Bezique "
                                    "('he is not bound to ... even to follow suit')")
BEZIQUE_STRICT = replace(STRICT, source="the nineteenth-century Bezique account ('obliged to follow suit, or trump ... "
                                        "or does not win the card led, if able')")


@functools.cache
def spec_for(rules: BeziqueRules) -> StockSpec:
    """Bezique as data for the stock-and-tricks engine, for these rules."""
    by_trumps = rules.bezique_cards == "by-trumps"
    alt = ((Suit.SPADES, (_QC, _JH)), (Suit.DIAMONDS, (_QC, _JH))) if by_trumps else ()
    alt2 = tuple((s, f + f) for s, f in alt)
    fix = rules.trumps == "first-marriage"
    bez = "the nineteenth-century Bezique account; Foster's Hoyle" + ("; New International Encyclopedia (bezique cards change with trumps)" if by_trumps else "")
    kinds = [
        Combination("sequence", 250, Run((_A, _T, _K, _Q, _J)), "A", SuitScope.TRUMPS, fixes_trumps=fix,
                    source=f"{_SEED}: 'Sequence - Ace, ten, king, queen, and knave of trumps' 250; {_FOSTER}, class A"),
        Combination("royal marriage", 40, Run((_K, _Q)), "A", SuitScope.TRUMPS, fixes_trumps=fix,
                    source=f"{_SEED}: 'Royal Marriage - King and queen of trumps' 40"
                    + ("; Britannica 1911: the first marriage decides the trump suit" if fix else "")),
        Combination("marriage", 20, Run((_K, _Q)), "A", SuitScope.PLAIN,
                    source=f"{_SEED}: 'Marriage - King and queen of any suit, except trumps' 20"),
        Combination("double bezique", 500, Faces((_QS, _QS, _JD, _JD), alt2), "B",
                    source=f"{bez}: double bezique 500; {_FOSTER}, class B"),
        Combination("bezique", 40, Faces((_QS, _JD), alt), "B", source=f"{bez}: bezique 40"),
        Combination("four aces", 100, Set(_A), "C", source=f"{_SEED}: 'Four aces - The aces of any suit or suits' 100"),
        Combination("four kings", 80, Set(_K), "C", source=f"{_SEED}: four kings 80"),
        Combination("four queens", 60, Set(_Q), "C", source=f"{_SEED}: four queens 60"),
        Combination("four knaves", 40, Set(_J), "C", source=f"{_SEED}: four knaves 40"),
    ]
    if rules.seven_of_trumps == "exchange-or-declare" and not fix:
        kinds.append(
            Combination("seven of trumps", 10, Run((_7,)), "seven", SuitScope.TRUMPS, lay=False, extra=True,
                        source="Hoffmann 1909, Bezique: 'For the seven of trumps ... declared by either player' 10")
        )
    return StockSpec(
        name="Bezique",
        pack=PACK,
        players=PLAYERS,
        hand_size=8,
        packets=(3, 2, 3),
        order=ORDER,
        card_points=BRISQUES,
        turnup=not fix,
        play={Stage.STOCK: BEZIQUE_FREE, Stage.END: BEZIQUE_STRICT},
        melds=MeldTable(tuple(kinds), ALIASES),
        declare_when=When.AFTER_TRICK,
        declare_in_end=False,
        one_per_trick=True,
        reuse=FOSTER_REUSE,
        exchange_rank=None if fix else _7,
        exchange_when=When.AFTER_TRICK,
        revoke_penalty=True,
        deal_tag="bz" if not fix else "bzf",
        cites=r"nineteenth-century|Foster|Hoffmann|Britannica",
    )


class BeziqueDeal(StockState):
    """The state of one deal of Bezique. Player 0 is elder (leads first), player 1 younger (deals).

    ``carried``: the players' scores from earlier deals, when playing to the game; then the deal
    stops as soon as one of them reaches ``rules.game_points`` (the nineteenth-century Bezique account: 'When a player, by
    declaring ... scores 1000 or upwards he wins').
    """

    REPLACES = frozenset({"_on_play", "_on_trick", "_after_score"})  # the core's rules this game sets its own (see StockPosition)
    PLAYS_TOLD = frozenset({_7})  # only the seven of trumps scores when played (see _on_play)

    def __init__(self, dealt: Dealt, rules: BeziqueRules | None = None, carried: tuple[int, int] | None = None):
        self.rules = rules or BeziqueRules()
        self.carried = carried
        self.game_winner: int | None = None
        self.revoked: tuple[int, Card] | None = None
        super().__init__(dealt, spec_for(self.rules))

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def from_seed(cls, seed: int | str, rules: BeziqueRules | None = None, carried=None) -> BeziqueDeal:
        rules = rules or BeziqueRules()
        return cls(Dealt.from_seed(spec_for(rules), seed), rules, carried)

    @classmethod
    def from_code(cls, code: str, rules: BeziqueRules | None = None, carried=None) -> BeziqueDeal:
        rules = rules or BeziqueRules()
        return cls(Dealt.from_code(spec_for(rules), code), rules, carried)

    @classmethod
    def from_cards(cls, elder, younger, turnup, stock, rules: BeziqueRules | None = None, carried=None) -> BeziqueDeal:
        """A deal from notation: eight cards each, the turn-up, the 47 others top first (two copies
        of each card, the second marked ``'``: ``AS AS'``)."""
        rules = rules or BeziqueRules()
        return cls(Dealt.from_cards(spec_for(rules), [elder, younger], turnup, stock), rules, carried)

    @property
    def code(self) -> str:
        return self.dealt.code(self.spec)

    # -- scoring hooks --------------------------------------------------------------------------
    def _after_deal(self) -> None:
        up = self.turnup
        if up is not None and up.rank is _7:
            self._score(YOUNGER, "seven of trumps", 10, f"the dealer turns up the seven of trumps ({up})",
                        f"{_SEED}: 'Turning up the seven of trumps' 10; Hoffmann 1909: 'Should the turn-up card be a seven, the dealer scores ten'")

    def _after_score(self, player: int) -> None:
        if self.carried is None or self.game_winner is not None:
            return
        totals = self.explanation().totals(PLAYERS)
        if self.carried[player] + totals[self.table.names[player]] >= self.rules.game_points:
            self.game_winner = player
            self._end_now()

    def _on_play(self, player: int, card: Card) -> None:
        if (
            card.rank is _7  # the cheapest test first: most cards are not sevens
            and self.rules.seven_of_trumps == "exchange-or-play"
            and card.suit is self.trump
            and self.turnup is not None  # before the last eight (the turn-up is drawn last)
            and self.rules.trumps == "turn-up"
        ):
            self._score(player, "seven of trumps", 10, f"plays the seven of trumps ({card})",
                        f"{_SEED}: the seven of trumps scores ten when played, except in the last eight tricks")

    def _on_exchange(self, player: int, card: Card, turnup: Card) -> None:
        self._score(player, "seven of trumps", 10, f"exchanges the seven of trumps for the turn-up ({card} for {turnup})",
                    f"{_SEED}: exchanging the seven of trumps for the turn-up scores ten")

    def _shown_sevens(self) -> set[Card]:
        return {c for m in self.melds if m.kind.key == "seven of trumps" for c in m.cards}

    def _exchange_allowed(self, p: int, cards: list[Card]) -> list[Card]:
        # Foster's Hoyle: the holder of the seven 'may either exchange it for the trump card or declare it'
        shown = self._shown_sevens()
        return [c for c in cards if c not in shown]

    def _why_bad_exchange(self, p: int, card: Card) -> str | None:
        why = super()._why_bad_exchange(p, card)
        if why is None and self._resolve(p, [card])[0] in self._shown_sevens():
            return f"{card} has been declared for 10 already: the seven is exchanged or declared, not both ({RULE_SEVEN_ONCE})"
        return why

    def _meld_text(self, meld: Meld, pending: bool) -> str:
        text = f"{meld.kind.key} {meld.faces}"
        if meld.kind.fixes_trumps and self.trump is meld.cards[0].suit and not any(
            m.kind.fixes_trumps and m is not meld and m.scored for m in self.melds
        ):
            text += f", which makes {self.trump.noun} trumps"
        return text + (" (announced on an earlier trick)" if pending else "")

    def _on_trick(self, trick: Trick) -> None:
        if (trick.stage is _STOCK and len(self.stock) + (self.turnup is not None) == 2
                and self.rules.last_trick == "twenty-fourth"):
            self._score(trick.winner, "last trick", 10, "wins the last trick before the last eight",
                        f"{_SEED}: ten for winning the twenty-fourth trick, the one before the last eight")

    def last_trick_bonus(self) -> int:
        return 10 if self.rules.last_trick == "thirty-second" else 0

    def _on_stock_exhausted(self) -> None:
        # the nineteenth-century Bezique account: each player takes back his cards still on the table, eight in hand
        for p in (ELDER, YOUNGER):
            self.hands[p] = sorted(self.hands[p] + self.laid[p], key=self._key)
            self.laid[p] = []

    def _finish_deal(self, last_winner: int | None = None) -> None:
        if last_winner is None:
            last_winner = self.tricks[-1].winner
        if self.rules.last_trick == "thirty-second" and self.phase is not Phase.OVER:
            self._score(last_winner, "last trick", 10, "wins the last trick",
                        "Enquire Within upon Everything, Bezique rule viii: 'The last trick is the thirty-second, for which the winner scores ten'")
        first = last_winner if self.rules.brisques_first == "last-trick" else ELDER
        for p in (first, self.table.seats[first].other):
            if self.phase is Phase.OVER:
                break
            n = len(_BRISQUE_CARDS.intersection(self.won[p]))
            self._score(p, "brisques", 10 * n, f"{n} brisque{'s' if n != 1 else ''} (aces and tens) in his tricks",
                        f"{_SEED}: 'Each ace, and ten in the tricks at the end of each deal 10'")
        self.phase = Phase.OVER

    def _on_revoke(self, player: int, card: Card) -> None:
        other = self.table.seats[player].other
        cards = [*self.trick, card, *self.hands[0], *self.hands[1]]
        self.hands = [[], []]
        self.trick, self.trick_players = [], []
        for t in self.tricks[self.end_from or 0 :]:
            for c in t.cards:
                self.won[t.winner].remove(c)
            cards += t.cards
        self.won[other] += cards
        self.revoked = (player, card)
        self._score(other, "revoke", 0,
                    f"{self.table.names[player]} revokes with {card}: the last eight tricks are forfeited to {self.table.names[other]}",
                    f"{_SEED}: in the last eight, failing to follow, to trump when void, or to win when able forfeits the eight tricks")
        if self.phase is not Phase.OVER:
            self._finish_deal(last_winner=other)

    # -- questions ------------------------------------------------------------------------------
    def brisques(self) -> tuple[int, int]:
        """Aces and tens each player has taken in tricks so far."""
        return tuple(len(_BRISQUE_CARDS.intersection(self.won[p])) for p in (ELDER, YOUNGER))  # type: ignore[return-value]

    def to_json(self) -> dict:
        expl = self.explanation()
        return {
            "game": "bezique",
            "rules": self.rules.changed(),
            "deal": self.dealt.to_json(self.spec),
            "code": self.code,
            "actions": [str(a) for a in self.history],
            "trumps": self.trump.noun if self.trump else None,
            "complete": self.is_over,
            "tricks": dict(zip(PLAYERS, self.tricks_won())),
            "brisques": dict(zip(PLAYERS, self.brisques())),
            "totals": expl.totals(PLAYERS),
            "revoke": None if self.revoked is None else {"player": self.table.names[self.revoked[0]], "card": str(self.revoked[1])},
            "game_winner": None if self.game_winner is None else self.table.names[self.game_winner],
            "steps": expl.to_json(),
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def __repr__(self) -> str:
        who = "" if self.is_over else f", {self.table.names[self.to_move]} to {self.phase.value}"
        trumps = f" trumps {self.trump.noun}" if self.trump else ""
        return f"<BeziqueDeal{trumps} {self.phase.value}{who}>"


# -- the declaration ledger -----------------------------------------------------------------------
def score_declarations(trumps: str | Suit, actions: Iterable[str], rules: BeziqueRules | None = None) -> LedgerResult:
    """Judge one player's Bezique declarations in order, each as if made after a trick of its own
    (:func:`tutor.games.stock.ledger.judge`): the reuse rules of Foster's Hoyle as a function, and
    what ``tutor score bezique`` can print. ``actions``: ``declare NAME CARDS [+ NAME CARDS]``
    (cards not on the table come from the hand) or ``play CARD`` (a declared card leaves the table)."""
    return judge(spec_for(rules or BeziqueRules()), trumps, actions)


_suit = parse_suit  # trumps named by letter, symbol or noun (shared with the other workbenches)


__all__ = [
    "BeziqueDeal",
    "LedgerResult",
    "score_declarations",
    "spec_for",
    "PLAYERS",
    "ELDER",
    "YOUNGER",
    "PACK",
    "ORDER",
    "BRISQUES",
    "Action",
]
