"""One deal of Tausendeins, as David Parlett's *Penguin Book of Card Games* gives it.

Played as at Schnapsen, with these differences: 32 cards, six each, the rest a stock with no card
turned up; no trumps until a marriage is declared, and every later marriage makes its own suit
trumps; a marriage is declared by leading its king or queen and showing the other, and is worth
(by suit) diamonds 40, hearts 60, spades 80, clubs 100; none in the last six tricks (those played
once the stock is used up); nothing for the last trick; the scores of the deals are added up, and the
first to 1001 wins, play stopping at once.

The tutor's rulings where the book is silent (stated in the chapter): as at Schnapsen, a marriage
counts once its maker has taken a trick, and one may be declared at each lead; there is no closing
(with no turn-up there is nothing to turn down). Play stops when a player claims 1001 (``claim``,
on his turn, leading or following, in a deal of a game to 1001): a true claim wins the game, a
false one loses it (the book is silent on a false claim); a total of 1001 nobody claims counts
when the deal ends. With the option ``claim="automatic"`` the tutor stops the deal itself the
moment a total reaches 1001, so that no claim can be false.
"""

from __future__ import annotations

import functools

from ...cards import PACKS, Card, Rank, Suit
from ..contract import Outcome
from ..sixtysix.state import PLAYERS, POINTS, marriage_spec
from ..stock.actions import Action, Claim
from ..stock.core import Dealt, Phase, StockSpec, StockState, Trick
from ..stock.declarations import Combination, Meld, MeldTable, Run, SuitScope
from ..stock.laws import law, register
from ..stock.tricks import CardOrder
from .rules import GERMAN, PARLETT, TausendeinsRules

ORDER32 = CardOrder("A T K Q J 9 8 7")
VALUES = {Suit.DIAMONDS: 40, Suit.HEARTS: 60, Suit.SPADES: 80, Suit.CLUBS: 100}
RULE_CARDS = f"{PARLETT}: as at Schnapsen, ace 11, ten 10, king 4, queen 3, jack 2"
RULE_MARRIAGE = f"{PARLETT}: a marriage makes its suit trumps and is worth, by suit, diamonds 40, hearts 60, spades 80, clubs 100"
RULE_WAITS = (f"the tutor's reading of {PARLETT}, who says to play it as at Schnapsen: a marriage counts once the "
              "player who declared it has taken a trick")
RULE_GAME = f"{PARLETT}: the first to 1001, over as many deals as it takes, wins, and play stops at once"
RULE_CLAIM = f"{PARLETT}: play ceases the moment a player claims to have reached 1001"
RULE_FALSE_CLAIM = (f"{RULE_CLAIM}; the book does not say what a false claim costs: the tutor's reading (as in Tute, "
                    "in the same book) is that it loses the game")
RULE_AUTOMATIC = f"{RULE_GAME}; under the option of an automatic claim the tutor stops the deal itself"
_AS = f"the tutor's reading of {PARLETT}, who says to play it as at Schnapsen"

register("Tausendeins", {
    "over": f"{PARLETT}: the deal ends with its last trick, or at once when a player reaches 1001",
    "draw": f"{_AS}: both draw after each trick, the winner first",
    "close": f"the tutor's reading of {PARLETT}: no card is turned up, so closing (turning the turn-up down) has no meaning",
    "claim": f"{RULE_CLAIM}, on his turn, in a game played to 1001 over the deals",
    "hold": f"{_AS}: a player plays from his own hand",
    "must_lead": f"{PARLETT}: a marriage is declared by leading its king or queen and showing the other",
    "follow": f"{_AS}: once the stock is used up the second player must follow suit and win if able, else trump",
    "exchange": f"{PARLETT}: no card is turned up, so there is none to exchange for",
    "declare_end": f"{PARLETT}: no marriage may be declared in the last six tricks",
    "declare_when": f"{PARLETT}: a marriage is declared by the player on lead, by leading one of its cards",
    "meld_name": f"{PARLETT}: the one combination is the marriage, king and queen of a suit",
    "meld_cards": f"{_AS}: a marriage is declared from the player's own hand",
    "meld_once": f"{_AS}: a marriage is the king and queen of one suit",
})


@functools.cache
def spec_for(rules: TausendeinsRules) -> StockSpec:
    german = rules.pack == "24"
    return marriage_spec(
        "Tausendeins", _AS, pack=PACKS["pack24" if german else "piquet32"], hand_size=8 if german else 6,
        packets=(3, 3, 2) if german else (3, 3), order=CardOrder("A T K Q J 9") if german else ORDER32,
        stock_play="while the stock lasts any card may be played",
        end_play="in the last tricks follow suit and win if able, else trump (once there are trumps)",
        melds=MeldTable((Combination("marriage", 0, Run((Rank.KING, Rank.QUEEN)), "A", SuitScope.ANY, lay=False, fixes_trumps=True,
                                     source=RULE_MARRIAGE + (f"; {GERMAN} for the 24-card game" if german else "")),),
                        {"pair": "marriage"}),
        turnup=False, declare_in_end=False, exchange_rank=None, may_close=False, may_claim=rules.claim == "claim",
        deal_tag="te24" if german else "te", cites=r"Parlett|German",
    )


class TausendeinsDeal(StockState):
    """One deal of Tausendeins. Player 0 is elder (leads first), player 1 younger (deals).

    ``carried``: the players' totals from earlier deals (elder's, younger's), when playing to 1001;
    then a player may claim the game on his turn, and play stops (``game_winner``: the claimer, or
    his opponent if the claim is false, ``false_claim`` then the claimer); with the option
    ``claim="automatic"`` the deal stops by itself the moment a total reaches 1001.
    """

    REPLACES = frozenset({"_on_trick", "_may_claim", "_after_score"})  # the core's rules this game sets its own (see StockPosition)

    #: what the play panel's button for the claim says
    CLAIM_BUTTON = "1001! (claim the game)"

    def __init__(self, dealt: Dealt, rules: TausendeinsRules | None = None, carried: tuple[int, int] | None = None):
        self.rules = rules or TausendeinsRules()
        self.carried = carried
        self.game_winner: int | None = None
        self.false_claim: int | None = None
        self.unscored: list[list[Meld]] = [[], []]
        super().__init__(dealt, spec_for(self.rules))

    @classmethod
    def from_seed(cls, seed, rules: TausendeinsRules | None = None, carried=None) -> TausendeinsDeal:
        rules = rules or TausendeinsRules()
        return cls(Dealt.from_seed(spec_for(rules), seed), rules, carried)

    @classmethod
    def from_code(cls, code: str, rules: TausendeinsRules | None = None, carried=None) -> TausendeinsDeal:
        rules = rules or TausendeinsRules()
        return cls(Dealt.from_code(spec_for(rules), code), rules, carried)

    @classmethod
    def from_cards(cls, elder, younger, stock, rules: TausendeinsRules | None = None) -> TausendeinsDeal:
        rules = rules or TausendeinsRules()
        return cls(Dealt.from_cards(spec_for(rules), [elder, younger], None, stock), rules)

    @property
    def code(self) -> str:
        return self.dealt.code(self.spec)

    # -- marriages: trumps by each, values by suit, counted once a trick is won --------------------
    def _on_declare(self, meld: Meld, pending: bool) -> None:
        self.trump = meld.cards[0].suit  # the first makes trumps, every later one changes them
        if self.tricks_won()[meld.player]:
            self._score_marriage(meld, "")
        else:
            self.unscored[meld.player].append(meld)

    def _score_marriage(self, meld: Meld, tail: str) -> None:
        suit = meld.cards[0].suit
        self._score(meld.player, "marriage", VALUES[suit], f"marriage in {suit.noun} {meld.faces}{tail}", RULE_MARRIAGE)

    def _on_trick(self, trick: Trick) -> None:
        w = trick.winner
        self._score(w, "cards", sum(POINTS.get(c.rank, 0) for c in trick.cards), f"takes {' '.join(map(str, trick.cards))}", RULE_CARDS)
        if self.is_over:
            return
        waiting, self.unscored[w] = self.unscored[w], []
        for m in waiting:
            self._score_marriage(m, ", counted now that he has taken a trick")
            if self.is_over:
                return

    # -- the claim of 1001 -------------------------------------------------------------------------
    def total(self, player: int) -> int | None:
        """``player``'s total in the game so far, this deal's points included (None for a deal played alone)."""
        if self.carried is None:
            return None
        return self.carried[player] + self.scores()[self.table.names[player]]

    def _may_claim(self, p: int) -> bool:
        return self.spec.may_claim and self.carried is not None and self.phase in (Phase.LEAD, Phase.FOLLOW)

    def _why_bad_claim(self, p: int) -> str | None:
        if not self.spec.may_claim:
            return law(self.spec.name, "claim", "with the option claim='automatic' the tutor stops the deal itself at 1001: "
                                                 "there is nothing to claim")
        if self.carried is None:
            return law(self.spec.name, "claim", "this deal is played alone, not in a game to 1001: there is nothing to claim")
        return None

    def _list_actions(self) -> list[Action]:
        out = super()._list_actions()
        if self.phase is Phase.FOLLOW and self._may_claim(self.to_move):
            out.insert(0, Claim())  # (on lead the core lists it)
        return out

    def _wins_now(self, action, player: int) -> bool | None:
        """A claim of 1001 wins if it is true: the claimant's total has reached the target (see
        :meth:`_on_claim`), what the strong player's samples ask at every move they play on."""
        if type(action) is not Claim or type(self)._on_claim is not TausendeinsDeal._on_claim:
            return None
        total = self.total(player)
        return None if total is None else total >= self.rules.target

    def _on_claim(self, player: int) -> None:
        total = self.total(player)
        assert total is not None
        if total >= self.rules.target:
            self.game_winner = player
        else:
            self.game_winner, self.false_claim = self.table.seats[player].other, player
        self._end_now()

    def outcome(self):
        if self.game_winner is None or not self.is_over:
            return super().outcome()
        sc = self.scores()
        how = "false claim" if self.false_claim is not None else "claim" if self.spec.may_claim else "target"
        return Outcome(self.table.names[self.game_winner], self._outcome_reason(self.table.names[self.game_winner], sc), sc, how)

    def _after_score(self, player: int) -> None:
        if self.spec.may_claim or self.carried is None or self.game_winner is not None:
            return
        total = self.carried[player] + self.explanation().totals(PLAYERS)[self.table.names[player]]
        if total >= self.rules.target:
            self.game_winner = player
            self._end_now()

    def _outcome_reason(self, winner: str | None, scores: dict[str, int]) -> str:
        if self.game_winner is not None:
            assert self.carried is not None
            p = self.game_winner
            if self.false_claim is not None:
                q = self.false_claim
                return (f"{self.table.names[q]} claims {self.rules.target} with only {self.carried[q] + scores[self.table.names[q]]}: the claim is "
                        f"false, and {self.table.names[p]} wins the game ({RULE_FALSE_CLAIM})")
            if self.spec.may_claim:
                return (f"{self.table.names[p]} claims {self.rules.target} with {self.carried[p] + scores[self.table.names[p]]}, and play stops: "
                        f"the game is won ({RULE_CLAIM})")
            return (f"{self.table.names[p]} reaches {self.carried[p] + scores[self.table.names[p]]} and play stops: the game of "
                    f"{self.rules.target} is won ({RULE_AUTOMATIC})")
        return super()._outcome_reason(winner, scores)

    def declarations_text(self) -> str:
        return "marriage, by suit: " + ", ".join(f"{s.noun} {v}" for s, v in VALUES.items()) + ", each making trumps; none in the last stage"

    @property
    def ending(self) -> dict | None:
        """How the deal ended, in the shape the Sixty-Six family's panel reads (no game points:
        the deal's scores go to the totals)."""
        out = self.outcome()
        if out is None:
            return None
        return {"winner": out.winner, "game_points": 0, "reason": out.reason, "rule": RULE_GAME, "how": out.termination}

    def view(self, player: int) -> dict:
        v = super().view(player)
        if self.carried is not None:
            # the game so far, and what this deal must score to reach the game (what a claim needs)
            v["game"] = {"carried": dict(zip(PLAYERS, self.carried)), "target": self.rules.target}
            v["target"] = self.rules.target - self.carried[player]
        v["waiting"] = [(self.table.names[q], f"marriage {m.faces}") for q in range(2) for m in self.unscored[q]]
        return v

    def hand_marriage_value(self, card: Card) -> int:
        """What a marriage in ``card``'s suit is worth (for a reader or a computer player)."""
        return VALUES[card.suit]
