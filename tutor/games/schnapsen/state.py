"""One deal of Schnapsen: Sixty-Six with twenty cards, as pagat.com describes it, on the same engine.

What differs from Sixty-Six (:mod:`tutor.games.sixtysix.state`): no nines, five cards each (three,
then two) and a stock of nine under the turn-up; the trump jack is exchanged for the turn-up, by
the player on lead, with no trick needed (soft rules); marriages may be shown to the end, after a
close too; no ten for the last trick, and when the stock has run out and nobody goes out, the winner
of the last trick wins the hand for one game point; a false claim gives the other 3 if he had taken
no trick yet; a closed hand is scored on the other player's tricks and points at the moment of
closing; and the closer's opponent's exchange at the close does not exist.
"""

from __future__ import annotations

import functools

from ...cards import PACKS, Card, Rank
from ..sixtysix.state import TARGET, SixtySixDeal, marriage_spec, marriages
from ..stock.core import StockSpec
from ..stock.declarations import Combination
from ..stock.laws import register
from .rules import PAGAT, SchnapsenRules

PACK = PACKS["pack20"]
RULE_CARDS = f"{PAGAT}: ace 11, ten 10, king 4, queen 3, jack 2 (120 in the twenty cards)"
RULE_SCALE = f"{PAGAT}: going out with 66 wins 1 game point, 2 if the other has under 33, 3 if he has taken no trick"
RULE_FALSE_OUT = f"{PAGAT}: a player who goes out without 66 gives the other 2 game points, 3 if the other had taken no trick yet"
RULE_LAST_TRICK = f"{PAGAT}: when the stock is used up and nobody goes out, the winner of the last trick wins the hand and 1 game point"
RULE_CLOSED_WON = (f"{PAGAT}, closing: a closer who goes out is scored on the other's tricks and points when he closed: "
                   "1, 2 under 33, 3 if the other had no trick")
RULE_CLOSER_FAILS = f"{PAGAT}, closing: a closer who fails gives the other 2 game points, 3 if the other had no trick when he closed"
RULE_CLOSER_BEATEN = f"{PAGAT}, closing: the closer's opponent who goes out first scores as if the closer had failed"
RULE_SHARP = "only after winning a trick (the sharp rules: pagat.com, Schnapsen; Martin Tompa, psellos.com)"

register("Schnapsen", {
    "over": f"{PAGAT}: the hand is over once a player goes out or the last trick is played",
    "draw": f"{PAGAT}: both players draw at once after each trick, the winner first",
    "close": f"{PAGAT}, closing: the player on lead may close the stock while it lasts",
    "claim": f"{PAGAT}: a player goes out just after winning a trick or showing a marriage",
    "hold": f"{PAGAT}: a player plays a card from his own hand",
    "must_lead": f"{PAGAT}: a player who shows a marriage leads one of its two cards",
    "follow": f"{PAGAT}: once the stock is used up or closed the second player must follow suit and beat the card led if he "
              "can, and with no card of that suit must trump",
    "exchange": f"{PAGAT}: the player on lead may give the trump jack for the turn-up while the stock is open",
    "declare_end": f"{PAGAT}: marriages may be shown to the end of the hand",
    "declare_when": f"{PAGAT}: a marriage is shown by the player on lead, before he leads, one a turn",
    "meld_name": f"{PAGAT}: the one combination is the marriage, king and queen of a suit",
    "meld_cards": f"{PAGAT}: a marriage is shown from the player's own hand",
    "meld_once": f"{PAGAT}: a marriage is the king and the queen of one suit",
})


@functools.cache
def spec_for(rules: SchnapsenRules) -> StockSpec:
    return marriage_spec(
        "Schnapsen", PAGAT, pack=PACK, hand_size=5, packets=(3, 2),
        stock_play="while the stock is open any card may be played",
        end_play="once the stock is used up or closed, follow suit and beat the card led if able, else trump",
        melds=marriages(PAGAT, ": the marriage in trumps, 40", ": king and queen of a plain suit, 20"),
        declare_in_end=True, exchange_rank=Rank.JACK, may_close=True, may_claim=True, deal_tag="sn", cites=r"pagat|psellos",
    )


class SchnapsenDeal(SixtySixDeal):
    """One deal of Schnapsen. Player 0 is elder (leads first), player 1 younger (deals)."""

    Rules = SchnapsenRules
    spec_of = staticmethod(spec_for)
    LAST_TRICK = 0  # no ten for the last trick in Schnapsen
    CARDS_RULE = RULE_CARDS
    WAITS_RULE = f"{PAGAT}: a marriage counts once the player who showed it has taken a trick"

    # -- the trump jack, marriages --------------------------------------------------------------
    def _exchange_needs_trick(self) -> str | None:
        return f"with the sharp rules the trump jack may be exchanged {RULE_SHARP}" if self.rules.sharp else None

    def _meld_fault(self, player: int, kind: Combination, cards: tuple[Card, ...]) -> str | None:
        if self.rules.sharp and not self.tricks_won()[player]:
            return f"with the sharp rules a marriage may be shown {RULE_SHARP}"
        return None

    # -- the end of the hand ------------------------------------------------------------------
    def _on_close(self, player: int) -> None:
        other = self.table.seats[player].other
        self.tricks_at_close = self.tricks_won()[other]
        self.points_at_close = self.scores()[self.table.names[other]]

    def _at_close(self) -> int:
        """Game points by the closer's opponent's state when the stock was closed."""
        assert self.tricks_at_close is not None and self.points_at_close is not None
        return 3 if self.tricks_at_close == 0 else 2 if self.points_at_close < 33 else 1

    def _on_claim(self, player: int) -> None:
        sc = self.scores()
        seat = self.table.seats[player]
        me, other = seat.name, seat.other.name
        closer = self.closed_by
        if sc[me] >= TARGET:
            if closer is None:
                self._end(player, self._scale(seat.other), f"{me} goes out with {sc[me]}", RULE_SCALE, "claim")
            elif closer == player:
                self._end(player, self._at_close(), f"{me} closed and goes out with {sc[me]}", RULE_CLOSED_WON, "claim")
            else:
                gp = 3 if self.tricks_at_close == 0 else 2
                self._end(player, gp, f"{me} goes out with {sc[me]} before the closer", RULE_CLOSER_BEATEN, "claim")
        elif closer == player:
            self._closer_failed(f"{me} closed and says he has 66 with only {sc[me]}")
        else:
            gp = 3 if not self.tricks_won()[seat.other] else 2
            self._end(seat.other, gp, f"{me} says he has 66 with only {sc[me]}: {other} wins the hand", RULE_FALSE_OUT, "false claim")

    def _finish_deal(self) -> None:
        sc = self.scores()
        closer = self.closed_by
        last = self.tricks[-1].winner
        if closer is not None:
            me = self.table.names[closer]
            if sc[me] >= TARGET and last == closer:
                self._end(closer, self._at_close(), f"{me} closed and goes out with {sc[me]} after the last trick", RULE_CLOSED_WON, "claim")
            else:
                self._closer_failed(f"{me} closed and did not go out ({sc[me]})")
            return
        self._end(last, 1, f"{self.table.names[last]} wins the last trick with the stock used up and nobody out", RULE_LAST_TRICK, "last trick")

    def _closer_failed(self, reason: str) -> None:
        closer = self.closed_by
        assert closer is not None
        self._end(self.table.seats[closer].other, 3 if self.tricks_at_close == 0 else 2, reason, RULE_CLOSER_FAILS, "closer failed")
