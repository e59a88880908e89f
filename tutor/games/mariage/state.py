"""One deal of Mariage as David Parlett's *Penguin Book of Card Games* gives it: played as at
Schnapsen, but with the 24-card pack of Sixty-Six and five cards each, marriages worth 20, 40, 60
and 80 in the order they are shown in the deal whatever their suit, 100 for winning all the last
five tricks (those played once the stock is used up); each player's score divided by ten (the remainder dropped) is added to his total, and the first
to 100 wins.

Where the book is silent, the tutor's choices (each stated in the chapter): no going out, every
deal played to the end (Parlett says only 'as at Schnapsen', and his scoring counts every deal); the order of marriages
runs through the deal for both players together; a marriage's value is fixed when it is shown,
and, as at Schnapsen, counted once its maker has taken a trick; nobody closes the stock (its
scoring gives closing no meaning); the nine of trumps is exchanged for the turn-up by the player on
lead as at Schnapsen (no trick needed); nothing extra for the last trick; the higher score wins the
deal.
"""

from __future__ import annotations

import functools

from ...cards import PACKS, Rank
from ..sixtysix.state import SixtySixDeal, marriage_spec
from ..stock.core import Phase, StockSpec
from ..stock.declarations import Combination, Meld, MeldTable, Run, SuitScope
from ..stock.laws import register
from .rules import PARLETT, MariageRules

PACK = PACKS["pack24"]
RULE_CARDS = f"{PARLETT}: the cards count as at Schnapsen, ace 11, ten 10, king 4, queen 3, jack 2"
RULE_ORDER = f"{PARLETT}: marriages score 20, 40, 60 and 80 by the order in which they are shown, whatever the suit"
RULE_LAST_FIVE = f"{PARLETT}: a player who takes all of the last five tricks scores 100 for them"
RULE_DEAL = f"{PARLETT}: each player's score for the deal, divided by ten with the remainder dropped, goes to his total"
_AS = f"the tutor's reading of {PARLETT}, who says to play it as at Schnapsen"

register("Mariage", {
    "over": f"the tutor's reading of {PARLETT}: the deal is over when the last card is played (his scoring counts every deal's points)",
    "draw": f"{_AS}: both players draw after each trick, the winner first",
    "close": f"the tutor's reading of {PARLETT}: nobody closes the stock (he says only 'as at Schnapsen', and his scoring gives closing nothing to win or lose)",
    "claim": f"the tutor's reading of {PARLETT}: nobody goes out, every deal is played out (he says only 'as at Schnapsen', and his scoring divides every deal's points by ten)",
    "hold": f"{_AS}: a player plays from his own hand",
    "must_lead": f"{_AS}: a player who declares a marriage leads one of its cards",
    "follow": f"{_AS}: once the stock is used up the second player must follow suit and win if able, else trump",
    "exchange": f"{_AS}: the player on lead may give the nine of trumps for the turn-up while the stock lasts",
    "declare_when": f"{_AS}: a marriage is declared by the player on lead, before he leads, one a turn",
    "meld_name": f"{PARLETT}: the one combination is the marriage",
    "meld_cards": f"{_AS}: a marriage is declared from the player's own hand",
    "meld_once": f"{_AS}: a marriage is the king and queen of one suit",
})


@functools.cache
def spec_for(rules: MariageRules) -> StockSpec:
    return marriage_spec(
        "Mariage", _AS, pack=PACK, hand_size=5, packets=(3, 2),
        stock_play="while the stock lasts any card may be played",
        end_play="in the last five tricks follow suit and win if able, else trump",
        melds=MeldTable((Combination("marriage", 20, Run((Rank.KING, Rank.QUEEN)), "A", SuitScope.ANY, lay=False, source=RULE_ORDER),),
                        {"20": "marriage", "royal marriage": "marriage", "royal": "marriage"}),
        declare_in_end=True, exchange_rank=Rank.NINE, may_close=False, may_claim=False, deal_tag="mg", cites=r"Parlett",
    )


#: the places of the marriages in the order of showing, in words
ORDINALS = ("first", "second", "third", "fourth")


class MariageDeal(SixtySixDeal):
    """One deal of Mariage. Player 0 is elder (leads first), player 1 younger (deals)."""

    Rules = MariageRules
    spec_of = staticmethod(spec_for)
    LAST_TRICK = 0  # nothing for the last trick, as at Schnapsen (the last five can score 100)
    CARDS_RULE, WAITS_RULE = RULE_CARDS, RULE_ORDER

    def _exchange_needs_trick(self) -> str | None:
        return None  # as at Schnapsen: no trick needed

    def _meld_points(self, meld: Meld) -> int:
        """20 for the first marriage of the deal, 40 for the second, and so on."""
        return 20 * (1 + next(i for i, m in enumerate(self.melds) if m.cards == meld.cards and m.player == meld.player))

    def _meld_text(self, meld: Meld, pending: bool) -> str:
        nth = ORDINALS[self._meld_points(meld) // 20 - 1]
        return f"marriage {meld.faces}, the {nth} of the deal"

    def declarations_text(self) -> str:
        return "marriages 20, 40, 60, 80 in the order shown, whatever the suit; 100 for all the last five tricks"

    def _finish_deal(self) -> None:
        last = self.tricks[self.end_from:] if self.end_from is not None else []
        if last and len({t.winner for t in last}) == 1:
            self._score(last[0].winner, "last five", 100, "wins all the last five tricks", RULE_LAST_FIVE)
        sc = self.scores()
        a, b = sc["elder"], sc["younger"]
        winner = None if a == b else "elder" if a > b else "younger"
        tens = {k: v // 10 for k, v in sc.items()}
        self.ending = {"winner": winner, "game_points": 0, "how": "played-out", "rule": RULE_DEAL,
                       "reason": f"the deal scores elder {a}, younger {b}: {tens['elder']} and {tens['younger']} to the totals"}
        self.phase = Phase.OVER

    def game_points(self) -> dict[str, int]:
        """What the finished deal adds to each player's total: his score divided by ten."""
        return {k: v // 10 for k, v in self.scores().items()}

    def outcome(self):
        from ..contract import Outcome

        if not self.is_over or self.ending is None:
            return None
        e = self.ending
        return Outcome(e["winner"], f"{e['reason']} ({e['rule']})", self.scores(), "played-out")
