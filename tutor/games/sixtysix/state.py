"""One deal of Sixty-Six on the stock-and-tricks engine: the proof that the core serves the family.

What the core gives as data: the 24-card pack counting A 11, T 10, K 4, Q 3, J 2; six each by
threes; a turn-up; free play while the stock lasts and strict play after; marriages shown on lead
(the card led must be one of them), 20, or 40 in trumps; the nine of trumps exchanged for the
turn-up on lead; closing; claiming 66. What is Sixty-Six's own (the hooks here): card points
scored trick by trick, marriages counted only once a trick is won, 10 for the last trick when the
stock ran out, and the game points of the deal.

Game points (the engine's reading, the common German reckoning of Sechsundsechzig): a correct
claim of 66 wins 1, 2 if the opponent has under 33, 3 if he has taken no trick; a false claim, or a
closer who fails, gives the opponent 2 (3 if he had taken no trick); with no claim, a player with
66 or more after the last trick wins as if he had claimed (the higher if both; 65 all: nobody).
"""

from __future__ import annotations

import functools
from dataclasses import replace

from ...cards import PACKS, Card, Rank
from ..stock.core import Dealt, Phase, Stage, StockSpec, StockState, Trick, When
from ..stock.declarations import FOSTER_REUSE, Combination, Meld, MeldTable, Run, SuitScope
from ..stock.tricks import FREE, STRICT, CardOrder
from .rules import SixtySixRules

PACK = PACKS["pack24"]
PLAYERS = ("elder", "younger")
ORDER = CardOrder("A T K Q J 9")
POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
_BASE = "pagat, Sixty-Six"


@functools.cache
def spec_for(rules: SixtySixRules) -> StockSpec:
    kq = Run((Rank.KING, Rank.QUEEN))
    return StockSpec(
        name="Sixty-Six",
        pack=PACK,
        players=PLAYERS,
        hand_size=6,
        packets=(3, 3),
        order=ORDER,
        card_points=POINTS,
        play={Stage.STOCK: replace(FREE, source=f"{_BASE}: while the stock lasts any card may be played"),
              Stage.END: replace(STRICT, source=f"{_BASE}: once the stock is closed or gone, follow suit and head "
                                                "the trick if able, else trump")},
        melds=MeldTable(
            (
                Combination("royal marriage", 40, kq, "A", SuitScope.TRUMPS, lay=False, source=f"{_BASE}: a marriage is 40 in trumps"),
                Combination("marriage", 20, kq, "A", SuitScope.PLAIN, lay=False, source=f"{_BASE}: a marriage (K+Q) is shown when leading one of them, 20"),
            ),
            {"royal": "royal marriage"},
        ),
        declare_when=When.ON_LEAD,
        declare_in_end=rules.marriages_in_end,
        reuse=replace(FOSTER_REUSE, source=f"{_BASE}: a marriage's cards are shown and taken back"),
        exchange_rank=Rank.NINE,
        exchange_when=When.ON_LEAD,
        may_close=True,
        may_claim=True,
        deal_tag="ss",
    )


class SixtySixDeal(StockState):
    """One deal of Sixty-Six. Player 0 is elder (leads first), player 1 younger (deals).

    ``ending`` once over: ``{"winner", "game_points", "reason"}`` (winner None for 65 all).
    """

    def __init__(self, dealt: Dealt, rules: SixtySixRules | None = None):
        self.rules = rules or SixtySixRules()
        self.unscored: list[list[Meld]] = [[], []]
        self.ending: dict | None = None
        self.closer_opponent_tricks: int | None = None
        super().__init__(dealt, spec_for(self.rules))

    @classmethod
    def from_seed(cls, seed, rules: SixtySixRules | None = None) -> SixtySixDeal:
        rules = rules or SixtySixRules()
        return cls(Dealt.from_seed(spec_for(rules), seed), rules)

    @classmethod
    def from_cards(cls, elder, younger, turnup, stock, rules: SixtySixRules | None = None) -> SixtySixDeal:
        rules = rules or SixtySixRules()
        return cls(Dealt.from_cards(spec_for(rules), [elder, younger], turnup, stock), rules)

    # -- what is Sixty-Six's own -----------------------------------------------------------------
    def _on_declare(self, meld: Meld, pending: bool) -> None:
        if self.tricks_won()[meld.player]:
            super()._on_declare(meld, pending)
        else:
            # a marriage shown before the player has taken a trick counts once he takes one
            self.unscored[meld.player].append(meld)

    def _exchangeable(self, p: int) -> list[Card]:
        if not self.tricks_won()[p]:
            return []  # symuli.com: 'only by a player who has the lead ... and has won at least one trick'
        return super()._exchangeable(p)

    def _why_bad_exchange(self, p: int, card: Card) -> str | None:
        why = super()._why_bad_exchange(p, card)
        if why is None and not self.tricks_won()[p]:
            return "the nine of trumps may be exchanged only by a player who has won a trick"
        return why

    def _may_claim(self, p: int) -> bool:
        return self.phase is Phase.LEAD and not self.trick

    def _on_trick(self, trick: Trick) -> None:
        w = trick.winner
        pts = sum(POINTS.get(c.rank, 0) for c in trick.cards)
        self._score(w, "cards", pts, f"takes {' '.join(map(str, trick.cards))}", f"{_BASE}: A 11, T 10, K 4, Q 3, J 2")
        for m in self.unscored[w]:
            self._score(w, m.kind.key, m.kind.value, f"{m.kind.key} {m.faces}, counted now that he has taken a trick",
                        "chereshnitsa.org, Sixty-Six: 'he/she may not score the marriage until after he/she has won a trick'")
        self.unscored[w] = []
        last = not any(self.hands) and not any(self.laid)
        if last and self.closed_by is None:
            self._score(w, "last trick", 10, "wins the last trick", f"{_BASE}: +10 for the last trick when the stock ran out")

    def _on_close(self, player: int) -> None:
        self.closer_opponent_tricks = self.tricks_won()[1 - player]

    def _on_claim(self, player: int) -> None:
        sc = self.scores()
        other = 1 - player
        if sc[PLAYERS[player]] >= self.rules.target:
            self._win(player, "claims 66")
        else:
            self._win(other, f"{PLAYERS[player]} claims 66 with only {sc[PLAYERS[player]]}", forfeit=True)
        self.phase = Phase.OVER

    def _finish_deal(self) -> None:
        sc = self.scores()
        if self.closed_by is not None:
            c = self.closed_by
            if sc[PLAYERS[c]] >= self.rules.target:
                self._win(c, "closed and made 66")
            else:
                self._win(1 - c, f"{PLAYERS[c]} closed and failed to make 66", forfeit=True, tricks=self.closer_opponent_tricks)
        else:
            a, b = sc["elder"], sc["younger"]
            if max(a, b) < self.rules.target:
                self.ending = {"winner": None, "game_points": 0, "reason": "neither reaches 66"}
            else:
                w = 0 if a > b else 1 if b > a else self.tricks[-1].winner
                self._win(w, "reaches 66 at the end")
        self.phase = Phase.OVER

    def _win(self, w: int, reason: str, forfeit: bool = False, tricks: int | None = None) -> None:
        other = 1 - w
        loser_tricks = self.tricks_won()[other] if tricks is None else tricks
        if forfeit:
            # the player who failed is the loser; 3 if the winner had taken no trick, else 2
            gp = 3 if (self.tricks_won()[w] if tricks is None else tricks) == 0 else 2
        else:
            gp = 3 if loser_tricks == 0 else 2 if self.scores()[PLAYERS[other]] < 33 else 1
        self.ending = {"winner": PLAYERS[w], "game_points": gp, "reason": reason}

    def to_json(self) -> dict:
        expl = self.explanation()
        return {
            "game": "sixtysix",
            "deal": self.dealt.to_json(self.spec),
            "actions": [str(a) for a in self.history],
            "complete": self.is_over,
            "totals": expl.totals(PLAYERS),
            "ending": self.ending,
            "steps": expl.to_json(),
        }
