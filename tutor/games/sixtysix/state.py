"""One deal of Sixty-Six on the stock-and-tricks engine (pagat.com's rules of Sechsundsechzig).

What the core gives as data: the 24-card pack (aces 11, tens 10, kings 4, queens 3, jacks 2: 120 in all); six
each by threes; a turn-up for trumps; free play while the stock lasts and strict play after
(follow and head the trick, else trump); marriages shown on lead, one of them led, 20, or 40 in
trumps; the nine of trumps exchanged for the turn-up on lead; closing; going out. What is
Sixty-Six's own (the hooks here): card points scored trick by trick, a marriage counted only once
its maker has taken a trick, 10 for the last trick when the cards are played out, going out only
right after winning a trick or showing a marriage, and the game points of the deal by pagat's
table:

* out with 66 or more, or the higher total when the cards are played out: 1, 2 if the other
  has under 33 (schneider), 3 if he has taken no trick (schwarz);
* out with less than 66: the other wins 2;
* the closer who goes out scores as above, on the other's points at the end; the closer who fails
  gives the other 2, or 3 if the other had taken no trick when the stock was closed; the closer's
  opponent who goes out first wins 2;
* 65 all when played out: nobody scores, and the same dealer deals again.

Rulings of the engine where the rules leave a choice to the player or are silent: the stock is
closed by the player on lead after he has drawn; pagat also allows closing before drawing, which the
option ``close_before_drawing`` gives (each trick won while the stock lasts then waits for the
winner's ``draw`` or ``close``; he holds five cards if he closes then); the
nine of trumps a closer's opponent may take the turn-up with at the moment of closing is
exchanged for him at once, since the turn-up is always the higher trump; a closer who wins the
last trick with 66 goes out after it (the deal ends there, so his claim is made for him).
"""

from __future__ import annotations

import functools
from dataclasses import replace
from operator import attrgetter

from ...cards import PACKS, Card, Rank
from ..contract import Outcome
from ..stock.actions import Claim
from ..stock.core import Dealt, Phase, Stage, StockSpec, StockState, Trick, When
from ..stock.declarations import FOSTER_REUSE, Combination, Meld, MeldTable, Run, SuitScope
from ..stock.laws import law, register
from ..stock.tricks import FREE, STRICT, CardOrder
from .rules import PAGAT, SixtySixRules

_TEXT = attrgetter("_text")  # a card's notation, as str() gives it
_LEAD = Phase.LEAD  # read as a global: no lookup on the enum (asked at every lead)

PACK = PACKS["pack24"]
PLAYERS = ("elder", "younger")
ORDER = CardOrder("A T K Q J 9")
POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
TARGET = 66

RULE_CARDS = f"{PAGAT}: the cards count ace 11, ten 10, king 4, queen 3, jack 2, nine 0 (120 in the pack)"
RULE_LAST = f"{PAGAT}: the winner of the last trick scores 10 more when the cards are played out (not after a close)"
RULE_MARRIAGE_WAITS = f"{PAGAT}: a marriage counts only if the player who showed it wins a trick, before or after"
RULE_OUT = f"{PAGAT}, going out: a player who has 66 says so just after winning a trick or showing a marriage, and the hand ends"
RULE_FALSE_OUT = f"{PAGAT}, going out: a player who says he has 66 and has not loses the hand, and the other scores 2 game points"
RULE_SCALE = f"{PAGAT}, scoring: the winner of a hand scores 1 game point, 2 if the loser has under 33, 3 if the loser has taken no trick"
RULE_PLAYED_OUT = f"{PAGAT}: when the cards are played out and nobody has gone out, the higher total wins the hand (65 all: nobody scores)"
RULE_CLOSER_FAILS = (f"{PAGAT}, closing: a closer who does not go out gives the other 2 game points, or 3 if the other "
                     "had taken no trick when the stock was closed")
RULE_CLOSER_BEATEN = f"{PAGAT}, closing: if the closer's opponent goes out first, he scores 2 game points"
RULE_CLOSE_NINE = f"{PAGAT}, closing: at the moment his opponent closes, a player holding the nine of trumps may take the turn-up for it"

register("Sixty-Six", {
    "over": f"{PAGAT}: the hand is over once a player goes out or the last trick is played",
    "draw": f"{PAGAT}: the winner of each trick draws the top card of the stock at once, the other the next",
    "close": f"{PAGAT}, closing: the player on lead may close while two or more cards are left in the stock, before or after "
             "drawing (before drawing with the option close_before_drawing)",
    "claim": RULE_OUT,
    "hold": f"{PAGAT}: a player plays a card from his own hand",
    "must_lead": f"{PAGAT}, marriages: a player who shows a marriage leads one of its two cards",
    "follow": f"{PAGAT}: once the stock is exhausted or closed the second player must follow suit and win the trick if he can, "
              "and with no card of the suit led must trump if he can",
    "exchange": f"{PAGAT}: a player on lead who has won a trick may exchange the nine of trumps for the turn-up while the stock lasts",
    "declare_end": f"{PAGAT}, marriages: none may be shown once the stock is exhausted or closed",
    "declare_when": f"{PAGAT}, marriages: a marriage is shown by the player on lead, before he leads, one a turn",
    "meld_name": f"{PAGAT}, marriages: the one combination is the marriage, king and queen of a suit",
    "meld_cards": f"{PAGAT}, marriages: a marriage is shown from the player's own hand",
    "meld_once": f"{PAGAT}, marriages: a marriage is two different cards, the king and queen of a suit",
})


def marriage_spec(name: str, source: str, *, pack, hand_size: int, packets: tuple[int, ...], melds: MeldTable,
                  deal_tag: str, cites: str, order: CardOrder = ORDER, stock_play: str, end_play: str, **kw) -> StockSpec:
    """A game of the Sixty-Six family as data: two players, ace-ten card points, free play while the
    stock lasts and strict play after (each with the game's ``source`` and words), declarations and
    the exchange on lead; ``kw`` sets what else differs (the exchange card, closing, going out...)."""
    kw.setdefault("declare_when", When.ON_LEAD)
    kw.setdefault("exchange_when", When.ON_LEAD)
    kw.setdefault("reuse", FOSTER_REUSE)
    return StockSpec(
        name=name, pack=pack, players=PLAYERS, hand_size=hand_size, packets=packets, order=order, card_points=POINTS,
        play={Stage.STOCK: replace(FREE, source=f"{source}: {stock_play}"), Stage.END: replace(STRICT, source=f"{source}: {end_play}")},
        melds=melds, deal_tag=deal_tag, cites=cites, **kw,
    )


def marriages(source: str, royal: str, plain: str) -> MeldTable:
    """The marriage, 40 in trumps and 20 in another suit, with the names readers type."""
    kq = Run((Rank.KING, Rank.QUEEN))
    return MeldTable(
        (Combination("royal marriage", 40, kq, "A", SuitScope.TRUMPS, lay=False, source=f"{source}{royal}"),
         Combination("marriage", 20, kq, "A", SuitScope.PLAIN, lay=False, source=f"{source}{plain}")),
        {"royal": "royal marriage", "40": "royal marriage", "20": "marriage"},
    )


@functools.cache
def spec_for(rules: SixtySixRules) -> StockSpec:
    return marriage_spec(
        "Sixty-Six", PAGAT, pack=PACK, hand_size=6, packets=(3, 3),
        stock_play="while the stock lasts any card may be played",
        end_play="once the stock is exhausted or closed, follow suit and win the trick if able, else trump",
        melds=marriages(PAGAT, ", marriages: the marriage in trumps is 40", ", marriages: king and queen of a suit, 20"),
        declare_in_end=rules.marriages_at_the_end, exchange_rank=Rank.NINE, may_close=True, may_claim=True,
        close_before_draw=rules.close_before_drawing, deal_tag="ss", cites=r"pagat|Santase",
    )


class SixtySixDeal(StockState):
    """One deal of Sixty-Six. Player 0 is elder (leads first), player 1 younger (deals).

    Once over, ``ending`` says who won the hand, how many game points, why, and by which rule
    (``winner`` None and 0 points for 65 all).
    """

    REPLACES = frozenset({"_may_claim", "_on_trick"})  # the core's rules this game sets its own (see StockPosition)

    #: the rule options and the spec of the game this state plays (a variant game changes them)
    Rules: type = SixtySixRules
    spec_of = staticmethod(spec_for)
    #: what the last trick is worth when the cards are played out (none after a close)
    LAST_TRICK = 10
    #: the rules the steps cite: cards taken, a marriage counted with its maker's first trick, the last trick
    CARDS_RULE, WAITS_RULE, LAST_RULE = RULE_CARDS, RULE_MARRIAGE_WAITS, RULE_LAST
    CLOSE_EXCHANGE_RULE = RULE_CLOSE_NINE  # a game exchanging another card names its own rule

    def __init__(self, dealt: Dealt, rules=None):
        self.rules = rules or self.Rules()
        self.unscored: list[list[Meld]] = [[], []]
        self.ending: dict | None = None
        self.tricks_at_close: int | None = None  # the closer's opponent's tricks when the stock was closed
        self.points_at_close: int | None = None  # and his points then
        super().__init__(dealt, self.spec_of(self.rules))

    @classmethod
    def from_seed(cls, seed, rules=None):
        rules = rules or cls.Rules()
        return cls(Dealt.from_seed(cls.spec_of(rules), seed), rules)

    @classmethod
    def from_code(cls, code: str, rules=None):
        rules = rules or cls.Rules()
        return cls(Dealt.from_code(cls.spec_of(rules), code), rules)

    @classmethod
    def from_cards(cls, elder, younger, turnup, stock, rules=None):
        rules = rules or cls.Rules()
        return cls(Dealt.from_cards(cls.spec_of(rules), [elder, younger], turnup, stock), rules)

    @property
    def code(self) -> str:
        return self.dealt.code(self.spec)

    # -- what is Sixty-Six's own -----------------------------------------------------------------
    def _meld_points(self, meld: Meld) -> int:
        """What a declaration is worth (Mariage values marriages by their order)."""
        return meld.kind.value

    def _on_declare(self, meld: Meld, pending: bool) -> None:
        if self.tricks_won()[meld.player]:
            self._score(meld.player, meld.kind.key, self._meld_points(meld), self._meld_text(meld, pending), meld.kind.source)
        else:  # shown now, counted once its maker takes a trick
            self.unscored[meld.player].append(meld)

    def _exchange_needs_trick(self) -> str | None:
        """Why the exchange waits for a trick won, with the rule; None in a game where it does not."""
        rank = self.spec.exchange_rank.noun if self.spec.exchange_rank else "exchange card"
        return law(self.spec.name, "exchange", f"the {rank} of trumps may be exchanged only by a player who has won a trick")

    def _exchange_allowed(self, p: int, cards: list[Card]) -> list[Card]:
        if not self.won[p] and self._exchange_needs_trick():  # (no card won: no trick won)
            return []
        return cards

    def _why_bad_exchange(self, p: int, card: Card) -> str | None:
        why = super()._why_bad_exchange(p, card)
        if why is None and not self.tricks_won()[p]:
            return self._exchange_needs_trick()
        return why

    def _may_claim(self, p: int) -> bool:
        # just after winning a trick (he is on lead) or showing a marriage, before leading
        return self.spec.may_claim and self.phase is _LEAD and not self.trick and (bool(self.tricks) or self.declared_now)

    def _why_bad_claim(self, p: int) -> str | None:
        if not self.spec.may_claim:
            return super()._why_bad_claim(p)
        if not self._may_claim(p):
            return law(self.spec.name, "claim", "a player may go out only just after winning a trick or showing a marriage, before he leads")
        return None

    def _on_trick(self, trick: Trick) -> None:
        w = trick.winner
        cards = trick.cards
        taken = self.spec.taken.get(cards)  # (the points and words of these cards, as counted below the first time)
        if taken is None:
            # POINTS, by card (no rank hashed); the str of each card
            taken = self.spec.taken[cards] = (sum(map(self.spec.card_value.__getitem__, cards)), "takes " + " ".join(map(_TEXT, cards)))
        self._score(w, "cards", taken[0], taken[1], self.CARDS_RULE)
        waiting = self.unscored[w]
        if waiting:  # (most tricks: no marriage waits for its maker's first trick)
            for m in waiting:
                self._score(w, m.kind.key, self._meld_points(m), self._meld_text(m, False) + ", counted now that he has taken a trick",
                            self.WAITS_RULE)
            self.unscored[w] = []
        if not any(self.hands) and not any(self.laid):
            bonus = self.last_trick_bonus()
            if bonus:
                self._score(w, "last trick", bonus, "wins the last trick", self.LAST_RULE)

    def last_trick_bonus(self) -> int:
        return self.LAST_TRICK if self.closed_by is None else 0

    def _on_close(self, player: int) -> None:
        other = self.table.seats[player].other
        self.tricks_at_close = self.tricks_won()[other]
        self.points_at_close = self.scores()[self.table.names[other]]
        up = self.turnup
        nine = next((c for c in self.hands[other] if c.rank is self.spec.exchange_rank and c.suit is self.trump), None)
        if up is not None and nine is not None:
            self.hands[other].remove(nine)
            self.hands[other].append(up)
            self.hands[other].sort(key=self._key)
            self.turnup = nine
            self._score(other, "exchange", 0, f"takes the turn-up {up} for the {nine.rank.noun} of trumps as the stock is closed",
                        self.CLOSE_EXCHANGE_RULE)

    def _claim_true(self, player: int) -> bool:
        """Whether ``player``'s claim is true: he has 66 (:meth:`_on_claim` decides by it)."""
        return self.scores()[self.table.seats[player].name] >= TARGET

    def _wins_now(self, action, player: int) -> bool | None:
        """A claim wins if it is true (a true claim gives the claimant game points, a false one
        gives them to the other: see :meth:`_on_claim`)."""
        if type(action) is not Claim or type(self)._on_claim is not SixtySixDeal._on_claim:
            return None
        return self._claim_true(player)

    def _on_claim(self, player: int) -> None:
        sc = self.scores()
        seat = self.table.seats[player]
        me, other = seat.name, seat.other.name
        closer = self.closed_by
        if self._claim_true(player):
            if closer is not None and closer != player:
                self._end(player, 2, f"{me} goes out with {sc[me]} before the closer", RULE_CLOSER_BEATEN, "claim")
            else:
                self._end(player, self._scale(seat.other), f"{me} goes out with {sc[me]}", RULE_SCALE, "claim")
        elif closer == player:
            self._closer_failed(f"{me} closed and says he has 66 with only {sc[me]}")
        else:
            self._end(seat.other, 2, f"{me} says he has 66 with only {sc[me]}: {other} wins the hand", RULE_FALSE_OUT, "false claim")

    def _finish_deal(self) -> None:
        sc = self.scores()
        closer = self.closed_by
        if closer is not None:
            me = self.table.names[closer]
            if sc[me] >= TARGET and self.tricks[-1].winner == closer:
                self._end(closer, self._scale(self.table.seats[closer].other), f"{me} closed and goes out with {sc[me]} after the last trick", RULE_SCALE, "claim")
            else:
                self._closer_failed(f"{me} closed and did not go out ({sc[me]})")
            return
        a, b = sc["elder"], sc["younger"]
        if a == b:
            self.ending = {"winner": None, "game_points": 0, "reason": f"{a} all: nobody scores, and the same dealer deals again",
                           "rule": RULE_PLAYED_OUT, "how": "drawn"}
            self.phase = Phase.OVER
            return
        w = 0 if a > b else 1
        self._end(w, self._scale(self.table.seats[w].other), f"{self.table.names[w]} has the higher total when the cards are played out ({max(a, b)} to {min(a, b)})",
                  RULE_PLAYED_OUT + "; " + RULE_SCALE, "played-out")

    def _closer_failed(self, reason: str) -> None:
        closer = self.closed_by
        assert closer is not None and self.tricks_at_close is not None
        gp = 3 if self.tricks_at_close == 0 else 2
        self._end(self.table.seats[closer].other, gp, reason, RULE_CLOSER_FAILS, "closer failed")

    def _scale(self, loser: int) -> int:
        """Game points for beating ``loser``: 3 if he has taken no trick, 2 under 33, else 1."""
        if not self.tricks_won()[loser]:
            return 3
        return 2 if self.scores()[self.table.names[loser]] < 33 else 1

    def _end(self, winner: int, points: int, reason: str, rule: str, how: str) -> None:
        self.ending = {"winner": self.table.names[winner], "game_points": points, "reason": reason, "rule": rule, "how": how}
        self.phase = Phase.OVER

    def outcome(self):
        if not self.is_over or self.ending is None:
            return None
        e = self.ending
        pts = e["game_points"]
        tail = f"{pts} game point{'s' if pts != 1 else ''} to {e['winner']}" if e["winner"] else "no game points"
        return Outcome(e["winner"], f"{e['reason']}: {tail} ({e['rule']})", self.scores(), e.get("how", "played-out"))

    def game_points(self) -> dict[str, int]:
        """What the finished hand is worth to each player, in game points."""
        out = dict.fromkeys(PLAYERS, 0)
        if self.ending and self.ending["winner"]:
            out[self.ending["winner"]] = self.ending["game_points"]
        return out

    def view(self, player: int) -> dict:
        out = super().view(player)
        # marriages shown by a player who has taken no trick yet: public, counted later
        out["waiting"] = [(self.table.names[q], f"{m.kind.key} {m.faces}") for q in range(2) for m in self.unscored[q]]
        if self.is_over and self.ending:
            out["ending"] = dict(self.ending)
        return out

    def to_json(self) -> dict:
        out = super().to_json()
        out["deal"] = self.dealt.to_json(self.spec)
        out["ending"] = self.ending
        return out
