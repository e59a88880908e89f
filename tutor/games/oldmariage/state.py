"""One deal of Old Mariage: Sixty-Six with thirty-two cards and one more combination, the amour.

David Parlett's *Penguin Book of Card Games* calls it the ancestor of Sixty-Six and very nearly the
same game: everything is as in :mod:`tutor.games.sixtysix.state` (66 to go out, marriages 20 and
40, closing, ten for the last trick, one to three game points), except the pack of thirty-two (the
eights and sevens back in, so six each and a stock of nineteen under the turn-up), and the
**amour**, the ace and ten of a suit, 30, or 60 in trumps, shown on lead like a marriage. The card
exchanged for the turn-up is the seven of trumps, the lowest, as in the old German rules.

Where the sources say nothing, the tutor's choices, stated in the book: the amour is shown and led
like a marriage and counts, like one, once its maker has a trick.
"""

from __future__ import annotations

import functools
from dataclasses import replace

from ...cards import PACKS, Rank
from ..sixtysix.state import SixtySixDeal, marriage_spec, marriages
from ..stock.core import StockSpec
from ..stock.declarations import Combination, MeldTable, Run, SuitScope
from ..stock.laws import LAWS, register
from ..stock.tricks import CardOrder
from .rules import PARLETT, WIKI, OldMariageRules

PACK = PACKS["piquet32"]  # the 32-card pack; the order in tricks is ORDER below
ORDER = CardOrder("A T K Q J 9 8 7")
POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
_AS_66 = f"the tutor's reading of {PARLETT}, who calls the game all but identical to Sixty-Six: as at Sixty-Six"

# the refusals name Sixty-Six's rules, as the game is played 'as at Sixty-Six', but for the card
# exchanged for the turn-up, which here is the seven
_OWN = {"exchange": f"{_AS_66}, with the seven of trumps, the lowest, in place of the nine ({WIKI}): a player on lead "
                    "who has won a trick may exchange it for the turn-up while the stock lasts",
        "meld_name": f"{PARLETT}: the combinations are the marriage, king and queen of a suit, and the amour, ace and ten of a "
                     f"suit (ace and king under the option after {WIKI})"}
register("Old Mariage", {k: _OWN.get(k) or f"{_AS_66} ({v})" for k, v in LAWS["Sixty-Six"].items()})


@functools.cache
def spec_for(rules: OldMariageRules) -> StockSpec:
    amour = Run((Rank.ACE, Rank.TEN) if rules.amour == "ace-ten" else (Rank.ACE, Rank.KING))
    cards = "ace and ten" if rules.amour == "ace-ten" else f"ace and king ({WIKI})"
    base = marriages(_AS_66, ", the marriage in trumps, 40", ", king and queen of a suit, 20")
    melds = MeldTable(
        (Combination("amour in trumps", 60, amour, "A", SuitScope.TRUMPS, lay=False, source=f"{PARLETT}: the amour, {cards} of trumps, 60"),
         Combination("amour", 30, amour, "A", SuitScope.PLAIN, lay=False, source=f"{PARLETT}: the amour, {cards} of a suit, 30"),
         *(replace(k, cls="B") for k in base.kinds)),
        {**base.aliases, "30": "amour", "60": "amour in trumps", "royal amour": "amour in trumps"},
    )
    return marriage_spec(
        "Old Mariage", _AS_66, pack=PACK, hand_size=6, packets=(3, 3), order=ORDER,
        stock_play="while the stock lasts any card may be played",
        end_play="once the stock is used up or closed, follow suit and win the trick if able, else trump",
        melds=melds, declare_in_end=False, exchange_rank=Rank.SEVEN, may_close=True, may_claim=True,
        deal_tag="om", cites=r"Parlett|pagat|Wikipedia",
    )


class OldMariageDeal(SixtySixDeal):
    """One deal of Old Mariage. Player 0 is elder (leads first), player 1 younger (deals)."""

    CLOSE_EXCHANGE_RULE = (f"{_AS_66}, with the seven of trumps in place of the nine ({WIKI}): at the moment his opponent "
                           "closes, a player holding it may take the turn-up for it")

    Rules = OldMariageRules
    spec_of = staticmethod(spec_for)
