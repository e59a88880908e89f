"""One deal of Chouine on the stock-and-tricks engine, as David Parlett's *Penguin Book of Card
Games* and pagat.com's Chouine give it.

What the core gives as data: the 32-card pack ranking A T K Q J 9 8 7 (ace 11, ten 10, king 4,
queen 3, jack 2: 120 in all); five each, one at a time, the eleventh card turned up for trumps, the
rest (21 cards, then the turn-up) the stock; free play while the stock lasts, the winner of a trick
drawing first; once it is gone, follow suit, beat a trump lead if able, with none of the suit
trump; the seven of trumps exchanged for the turn-up. What is Chouine's own:

* a combination is **declared by the player to play, leading or following, as he plays one of its
  cards** (``When.ON_PLAY``), and scores at once, no trick needed, to the last trick;
* the table of declarations (:data:`TABLE` below): marriage 20, tierce 30, quarteron 40 (doubled in
  trumps), the quinte of five brisques 50 (pagat.com: 100), and the chouine, ace, ten, king, queen
  and jack of one suit, which **wins the deal outright**;
* re-use: at most one declaration in each suit, and one quinte, a deal; a card may serve again in a
  combination of another kind (the ace of a quarteron in a later quinte);
* the seven of trumps may be exchanged until the lead to the eleventh trick (the last one with a
  card left in the stock), at any moment, by the player to move or the other (``younger: exchange
  7H``; the option ``exchange_any_time=False`` keeps it to one's own turn);
* 10 for the last trick (*dix de der*); the higher total wins the deal; equal totals annul it and
  the same dealer deals again.

The tutor's choices where the sources are silent, stated in the book: a declaration and the
exchange are made on the player's own turn to play (lead or follow); a declaration made in
following needs one of its cards to be a legal play; the rule of one declaration per suit covers
the chouine too; the limit of one quinte is each player's; two chouines in one trick: the one in
trumps wins, else the leader's (pagat.com), the deal ending when the trick is complete.
"""

from __future__ import annotations

import functools
from dataclasses import replace

from ...cards import PACKS, Card, Rank
from ..sixtysix.state import SixtySixDeal, marriage_spec
from ..stock.core import Phase, Stage, StockSpec, Trick, When
from ..stock.declarations import Combination, Meld, MeldTable, Ranks, Reuse, Run, SuitScope
from ..stock.laws import register
from ..stock.tricks import CardOrder
from .rules import PAGAT, PARLETT, ChouineRules

PACK = PACKS["piquet32"]
ORDER = CardOrder("A T K Q J 9 8 7")
TARGET_101 = 101

RULE_CARDS = f"{PAGAT}: the cards count ace 11, ten 10, king 4, queen 3, jack 2 (120 in the pack)"
RULE_LAST = f"{PAGAT}: the winner of the last trick scores 10 more (dix de der)"
RULE_DEAL = f"{PAGAT}: the higher total of cards, last trick and declarations wins the deal; equal totals annul it and the same dealer deals again"
RULE_101 = f"{PARLETT}: 'game is 101 points', read as the first to 101 winning the deal (the tutor's reading, an option)"
RULE_CHOUINE = f"{PARLETT}: a chouine (ace, ten, king, queen and jack of one suit) wins the deal outright"
RULE_TWO_CHOUINES = f"{PAGAT}: of two chouines declared in one trick the one in trumps wins, else the leader's"
RULE_PER_SUIT = f"{PAGAT}: a player may make only one declaration in each suit in a deal"
RULE_ONE_QUINTE = f"{PAGAT}: a player may declare only one quinte in a deal"
RULE_EXCHANGE = f"{PAGAT}: the seven of trumps may be swapped for the turn-up until someone leads to the eleventh trick"

register("Chouine", {
    "over": f"{PAGAT}: the deal is over once the last trick is played, or a chouine is declared",
    "hold": f"{PAGAT}: a player plays a card from his own hand",
    "must_lead": f"{PAGAT}: a combination is declared as one of its cards is played to a trick",
    "follow": f"{PAGAT}: once the stock is gone the second player must follow suit, beat a trump lead if he can, and with none "
              "of the suit led must trump",
    "exchange": RULE_EXCHANGE,
    "declare_when": f"{PAGAT}: a player declares a combination on his turn, leading or following, as he plays one of its cards",
    "meld_name": f"{PARLETT}: the combinations are the marriage, tierce, quarteron, quinte and chouine",
    "meld_cards": f"{PAGAT}: a combination is declared from the cards in the player's hand",
    "meld_once": f"{PARLETT}: a combination is so many different cards",
    "close": f"{PAGAT}: there is no closing the stock in Chouine",
    "claim": f"{PAGAT}: there is no going out in Chouine: the deal is played out",
    "draw": f"{PAGAT}: the winner of each trick draws first, the other next, at once",
})

#: the published table, as data: (key, ranks, plain value, trumps value, source)
SUIT_ROWS = (
    ("marriage", (Rank.KING, Rank.QUEEN), 20, 40, f"{PARLETT}: a marriage (king and queen of a suit) scores 20, or 40 in trumps"),
    ("tierce", (Rank.KING, Rank.QUEEN, Rank.JACK), 30, 60, f"{PARLETT}: a tierce (king, queen, jack of a suit) scores 30, or 60 in trumps"),
    ("quarteron", (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK), 40, 80,
     f"{PARLETT}: a quarteron (ace, king, queen, jack of a suit) scores 40, or 80 in trumps"),
)
CHOUINE_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
BRISQUES = (Rank.ACE, Rank.TEN)


@functools.cache
def table_for(rules: ChouineRules) -> MeldTable:
    """Chouine's declarations as data, the quinte at the value the rules give."""
    kinds: list[Combination] = []
    for key, ranks, plain, trumps, source in SUIT_ROWS:
        kinds.append(Combination(f"{key} in trumps", trumps, Run(ranks), key, SuitScope.TRUMPS, lay=False, source=source))
        kinds.append(Combination(key, plain, Run(ranks), key, SuitScope.PLAIN, lay=False, source=source))
    quinte_src = (f"{PARLETT}: a cinquante (five brisques: aces and tens) scores 50" if rules.quinte == 50
                  else f"{PAGAT}: a quinte (five brisques: aces and tens) scores 100")
    kinds.append(Combination("quinte", rules.quinte, Ranks(BRISQUES, 5), "quinte", lay=False, source=quinte_src))
    kinds.append(Combination("chouine", 0, Run(CHOUINE_RANKS), "chouine", SuitScope.ANY, lay=False, source=RULE_CHOUINE))
    aliases = {"mariage": "marriage", "royal marriage": "marriage in trumps", "cinquante": "quinte", "20": "marriage",
               "40": "marriage in trumps", "30": "tierce", "60": "tierce in trumps", "80": "quarteron in trumps"}
    return MeldTable(tuple(kinds), aliases)


@functools.cache
def spec_for(rules: ChouineRules) -> StockSpec:
    sixty_six = rules.strict_play == "sixty-six"
    end_play = ("follow suit and win the trick if able, else trump (as at Sixty-Six)" if sixty_six
                else "follow suit, beat a trump lead if able, and with none of the suit led trump")
    spec = marriage_spec(
        "Chouine", PAGAT, pack=PACK, hand_size=5, packets=(1, 1, 1, 1, 1), order=ORDER,
        stock_play="while the stock lasts any card may be played", end_play=end_play,
        melds=table_for(rules), declare_in_end=True, exchange_rank=Rank.SEVEN,
        declare_when=When.ON_PLAY, exchange_when=When.ON_PLAY, exchange_any_time=rules.exchange_any_time,
        reuse=Reuse(classes=False, source=f"{RULE_PER_SUIT}; {RULE_ONE_QUINTE}"),
        deal_tag="ch", cites=r"Parlett|pagat",
    )
    end = spec.play[Stage.END]
    end = replace(end, source=f"{PARLETT}, 'a variety of Sixty-Six': {end_play}") if sixty_six else replace(end, head_trumps_only=True)
    return replace(spec, play={Stage.STOCK: spec.play[Stage.STOCK], Stage.END: end})


class ChouineDeal(SixtySixDeal):
    """One deal of Chouine. Player 0 is elder (leads first), player 1 younger (deals).

    Once over, ``ending`` says who won the deal, why, and by which rule (``winner`` None for an
    annulled deal); ``game_points`` is 1, the deal won.
    """

    REPLACES = frozenset({"_on_trick", "_after_score"})  # the core's rules this game sets its own (see StockPosition)

    Rules = ChouineRules
    spec_of = staticmethod(spec_for)
    LAST_TRICK = 10
    CARDS_RULE, LAST_RULE = RULE_CARDS, RULE_LAST

    def __init__(self, dealt, rules=None):
        self.chouines: list[Meld] = []  # chouines declared in the trick being played
        super().__init__(dealt, rules)

    # -- declarations ---------------------------------------------------------------------------
    def _on_declare(self, meld: Meld, pending: bool) -> None:
        if meld.kind.key == "chouine":
            self.chouines.append(meld)
            self._score(meld.player, "chouine", 0, f"declares the chouine {meld.faces}: the deal is won when this trick is complete",
                        RULE_CHOUINE)
            return
        self._score(meld.player, meld.kind.key, meld.kind.value, self._meld_text(meld, pending), meld.kind.source)

    def _meld_text(self, meld: Meld, pending: bool) -> str:
        trumps = " (in trumps, doubled)" if meld.kind.key.endswith("in trumps") else ""
        return f"declares the {meld.kind.key.removesuffix(' in trumps')} {meld.faces}{trumps}"

    def _meld_fault(self, player: int, kind: Combination, cards: tuple[Card, ...]) -> str | None:
        mine = [m for m in self.melds if m.player == player]
        if kind.key == "quinte":
            done = next((m for m in mine if m.kind.key == "quinte"), None)
            return f"{self.players[player]} has already declared a quinte ({done.faces}): {RULE_ONE_QUINTE}" if done else None
        suit = cards[0].suit
        done = next((m for m in mine if m.kind.key != "quinte" and m.cards[0].suit is suit), None)
        if done is not None:
            return (f"{self.players[player]} has already declared the {done.kind.key} {done.faces} in {suit.noun}: "
                    f"{RULE_PER_SUIT}")
        return None

    # -- the exchange ---------------------------------------------------------------------------
    def _exchange_needs_trick(self) -> str | None:
        return None  # at any time, no trick needed (pagat.com)

    def _exchange_time(self, p: int) -> bool:
        # before the lead to the eleventh trick: while leading, a card must be left in the stock;
        # while following, the stock must still hold two (the trick is not the eleventh)
        if self.phase is Phase.FOLLOW:
            return len(self.stock) >= 2
        return super()._exchange_time(p)

    def _why_bad_exchange(self, p: int, card: Card) -> str | None:
        why = super()._why_bad_exchange(p, card)
        if why is not None and self.turnup is not None and self.phase is Phase.FOLLOW and len(self.stock) == 1:
            return f"the lead to the eleventh trick has been made: the seven can no longer be exchanged ({RULE_EXCHANGE})"
        return why

    # -- tricks and the end of the deal ---------------------------------------------------------
    def _after_score(self, player: int) -> None:
        if self.rules.deal_won_by != "101" or self.phase is Phase.OVER or self.chouines:
            return
        total = self.scores()[self.players[player]]
        if total >= TARGET_101:
            self._end(player, 1, f"{self.players[player]} reaches {total}", RULE_101, "target")

    def _on_trick(self, trick: Trick) -> None:
        super()._on_trick(trick)
        if self.chouines and self.phase is not Phase.OVER:
            self._chouine_wins(trick)

    def _chouine_wins(self, trick: Trick) -> None:
        ch = self.chouines
        if len(ch) == 1:
            m = ch[0]
            self._end(m.player, 1, f"{self.players[m.player]} declared the chouine {m.faces}", RULE_CHOUINE, "chouine")
            return
        trumps = [m for m in ch if m.cards[0].suit is self.trump]
        m = trumps[0] if trumps else next(m for m in ch if m.player == trick.leader)
        why = "in trumps" if trumps else "the leader's"
        self._end(m.player, 1, f"both declared a chouine; {self.players[m.player]}'s ({m.faces}) is {why}", RULE_TWO_CHOUINES, "chouine")

    def _finish_deal(self) -> None:
        sc = self.scores()
        a, b = sc["elder"], sc["younger"]
        if a == b:
            self.ending = {"winner": None, "game_points": 0, "reason": f"{a} all: the deal is annulled, and the same dealer deals again",
                           "rule": RULE_DEAL, "how": "drawn"}
            self.phase = Phase.OVER
            return
        w = 0 if a > b else 1
        self._end(w, 1, f"{self.players[w]} has the higher total ({max(a, b)} to {min(a, b)})", RULE_DEAL, "played-out")

    def outcome(self):
        if not self.is_over or self.ending is None:
            return None
        from ..contract import Outcome

        e = self.ending
        tail = f"the deal to {e['winner']}" if e["winner"] else "no deal won"
        return Outcome(e["winner"], f"{e['reason']}: {tail} ({e['rule']})", self.scores(), e.get("how", "played-out"))

    def declarations_text(self) -> str:
        rows = ", ".join(f"{k} {p} ({t} in trumps)" for k, _, p, t, _ in SUIT_ROWS)
        return (f"declared as one of the cards is played, leader or follower: {rows}, quinte of five aces and tens "
                f"{self.rules.quinte}, the chouine (A T K Q J of a suit) wins the deal; to the last trick")
