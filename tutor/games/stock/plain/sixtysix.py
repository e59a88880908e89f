"""Sixty-Six, Old Mariage, Schnapsen and Mariage, plainly (pagat.com's Sechsundsechzig and Schnapsen;
Parlett's Mariage): card points trick by trick, a marriage counted once its maker has a trick,
going out with 66, closing, and each game's table of game points."""

from __future__ import annotations

from ....cards import Card
from ...mariage import state as mariage
from ...schnapsen import state as schnapsen
from ...sixtysix import state as sixtysix
from ..declarations import Combination, Meld
from ..spec import Trick
from . import rules
from .games import Game
from .position import Position
from .rules import Refusal, refusal

TARGET = 66


class SixtySix(Game):
    """Sixty-Six (and Old Mariage, the same rules with the seven of trumps for the exchange)."""

    EXTRA: tuple[str, ...] = ("unscored", "tricks_at_close", "points_at_close", "ending")
    LAST_TRICK = 10
    CARDS_RULE = sixtysix.RULE_CARDS
    WAITS_RULE = sixtysix.RULE_MARRIAGE_WAITS
    LAST_RULE = sixtysix.RULE_LAST

    def start(self, pos: Position) -> None:
        pos.extra.update(unscored=[[], []], tricks_at_close=None, points_at_close=None, ending=None)

    def last_trick(self, pos: Position) -> int:
        """What the last trick is worth when the cards are played out (nothing after a close)."""
        return self.LAST_TRICK if pos.closed_by is None else 0

    def exchange_needs_trick(self) -> bool:
        return True

    def meld_points(self, pos: Position, meld: Meld) -> int:
        return meld.kind.value


    def points(self, pos: Position, p: int) -> int:
        return pos.scores()[pos.spec.players[p]]

    # -- what may be done ---------------------------------------------------------------------------
    def exchange_allowed(self, pos: Position, p: int, cards: list[Card]) -> list[Card]:
        return cards if pos.tricks_won(p) or not self.exchange_needs_trick() else []

    def why_not_exchange(self, pos: Position, p: int, card: Card) -> Refusal | None:
        return refusal(pos, "exchange") if self.exchange_needs_trick() and not pos.tricks_won(p) else None

    def may_close(self, pos: Position, p: int) -> bool:
        return rules.may_close(pos, p) and (pos.phase == "lead" or (pos.phase == "declare" and pos.spec.close_before_draw))

    def may_claim(self, pos: Position, p: int) -> bool:
        """Going out: just after winning a trick (on lead) or showing a marriage, before leading."""
        return pos.spec.may_claim and pos.phase == "lead" and not pos.trick and (bool(pos.tricks) or pos.declared_now)

    # -- scoring ------------------------------------------------------------------------------------
    def on_declare(self, pos: Position, meld: Meld, pending: bool) -> None:
        if pos.tricks_won(meld.player):
            pos.score(meld.player, meld.kind.key, self.meld_points(pos, meld), meld.kind.key, meld.kind.source)
        else:  # counted once its maker takes a trick
            pos.extra["unscored"][meld.player].append(meld)

    def on_trick(self, pos: Position, trick: Trick) -> None:
        w = trick.winner
        pos.score(w, "cards", pos.card_points(list(trick.cards)), "takes", self.CARDS_RULE)
        for m in pos.extra["unscored"][w]:
            pos.score(w, m.kind.key, self.meld_points(pos, m), m.kind.key, self.WAITS_RULE)
        pos.extra["unscored"][w] = []
        if not any(pos.hands) and not any(pos.laid) and self.last_trick(pos):
            pos.score(w, "last trick", self.last_trick(pos), "wins the last trick", self.LAST_RULE)

    def on_close(self, pos: Position, p: int) -> None:
        """The other's tricks and points are noted; holding the exchange card, he takes the turn-up."""
        other = pos.other(p)
        pos.extra["tricks_at_close"] = pos.tricks_won(other)
        pos.extra["points_at_close"] = self.points(pos, other)
        low = [c for c in pos.hands[other] if c.rank == pos.spec.exchange_rank and c.suit == pos.trump]
        if pos.turnup is not None and low:
            up = pos.turnup
            pos.hands[other].remove(low[0])
            pos.hands[other] = pos.sort(pos.hands[other] + [up])
            pos.turnup = low[0]
            pos.score(other, "exchange", 0, "takes the turn-up", self.close_exchange_rule(pos))

    def close_exchange_rule(self, pos: Position) -> str:
        from ...oldmariage.state import OldMariageDeal

        return OldMariageDeal.CLOSE_EXCHANGE_RULE if pos.spec.name == "Old Mariage" else sixtysix.RULE_CLOSE_NINE

    def scale(self, pos: Position, loser: int) -> int:
        """Game points for beating ``loser``: 3 if he has no trick, 2 if under 33, else 1."""
        return 3 if not pos.tricks_won(loser) else 2 if self.points(pos, loser) < 33 else 1

    def closer_failed(self, pos: Position) -> None:
        closer = pos.closed_by
        assert closer is not None
        self.end(pos, pos.other(closer), 3 if pos.extra["tricks_at_close"] == 0 else 2, "closer failed", sixtysix.RULE_CLOSER_FAILS)

    def on_claim(self, pos: Position, p: int) -> None:
        closer, other = pos.closed_by, pos.other(p)
        if self.points(pos, p) >= TARGET:
            if closer is not None and closer != p:
                self.end(pos, p, 2, "claim", sixtysix.RULE_CLOSER_BEATEN)
            else:
                self.end(pos, p, self.scale(pos, other), "claim", sixtysix.RULE_SCALE)
        elif closer == p:
            self.closer_failed(pos)
        else:
            self.end(pos, other, 2, "false claim", sixtysix.RULE_FALSE_OUT)

    def finish(self, pos: Position) -> None:
        closer = pos.closed_by
        if closer is not None:
            if self.points(pos, closer) >= TARGET and pos.tricks[-1].winner == closer:
                self.end(pos, closer, self.scale(pos, pos.other(closer)), "claim", sixtysix.RULE_SCALE)
            else:
                self.closer_failed(pos)
            return
        a, b = self.points(pos, 0), self.points(pos, 1)
        if a == b:
            self.end(pos, None, 0, "drawn", sixtysix.RULE_PLAYED_OUT)
        else:
            w = 0 if a > b else 1
            self.end(pos, w, self.scale(pos, pos.other(w)), "played-out", sixtysix.RULE_PLAYED_OUT + "; " + sixtysix.RULE_SCALE)


class Schnapsen(SixtySix):
    """Schnapsen: no ten for the last trick; with the sharp rules the exchange and marriages wait
    for a trick won; closing is scored on the other's state when the stock was closed; played out,
    the last trick wins the hand."""

    LAST_TRICK = 0
    CARDS_RULE = schnapsen.RULE_CARDS
    WAITS_RULE = f"{schnapsen.PAGAT}: a marriage counts once the player who showed it has taken a trick"

    def exchange_needs_trick(self) -> bool:
        return bool(self.options.sharp)

    def why_not_exchange(self, pos: Position, p: int, card: Card) -> Refusal | None:
        return Refusal("sharp", schnapsen.RULE_SHARP) if self.options.sharp and not pos.tricks_won(p) else None

    def meld_fault(self, pos: Position, p: int, kind: Combination, cards: tuple[Card, ...]) -> Refusal | None:
        return Refusal("sharp", schnapsen.RULE_SHARP) if self.options.sharp and not pos.tricks_won(p) else None

    def on_close(self, pos: Position, p: int) -> None:
        pos.extra["tricks_at_close"] = pos.tricks_won(pos.other(p))
        pos.extra["points_at_close"] = self.points(pos, pos.other(p))

    def at_close(self, pos: Position) -> int:
        tricks, points = pos.extra["tricks_at_close"], pos.extra["points_at_close"]
        return 3 if tricks == 0 else 2 if points < 33 else 1

    def closer_failed(self, pos: Position) -> None:
        closer = pos.closed_by
        assert closer is not None
        self.end(pos, pos.other(closer), 3 if pos.extra["tricks_at_close"] == 0 else 2, "closer failed", schnapsen.RULE_CLOSER_FAILS)

    def on_claim(self, pos: Position, p: int) -> None:
        closer, other = pos.closed_by, pos.other(p)
        if self.points(pos, p) >= TARGET:
            if closer is None:
                self.end(pos, p, self.scale(pos, other), "claim", schnapsen.RULE_SCALE)
            elif closer == p:
                self.end(pos, p, self.at_close(pos), "claim", schnapsen.RULE_CLOSED_WON)
            else:
                self.end(pos, p, 3 if pos.extra["tricks_at_close"] == 0 else 2, "claim", schnapsen.RULE_CLOSER_BEATEN)
        elif closer == p:
            self.closer_failed(pos)
        else:
            self.end(pos, other, 3 if not pos.tricks_won(other) else 2, "false claim", schnapsen.RULE_FALSE_OUT)

    def finish(self, pos: Position) -> None:
        closer, last = pos.closed_by, pos.tricks[-1].winner
        if closer is None:
            self.end(pos, last, 1, "last trick", schnapsen.RULE_LAST_TRICK)
        elif self.points(pos, closer) >= TARGET and last == closer:
            self.end(pos, closer, self.at_close(pos), "claim", schnapsen.RULE_CLOSED_WON)
        else:
            self.closer_failed(pos)


class Mariage(SixtySix):
    """Mariage (Parlett): marriages score 20, 40, 60, 80 in the order shown; 100 for all the last
    five tricks; the deal's points go to the totals, tens by tens."""

    LAST_TRICK = 0
    CARDS_RULE = mariage.RULE_CARDS
    WAITS_RULE = mariage.RULE_ORDER

    def exchange_needs_trick(self) -> bool:
        return False

    def meld_points(self, pos: Position, meld: Meld) -> int:
        shown = [m for m in pos.melds]
        order = next(i for i, m in enumerate(shown) if m.cards == meld.cards and m.player == meld.player)
        return 20 * (order + 1)

    def finish(self, pos: Position) -> None:
        last = pos.tricks[pos.end_from:] if pos.end_from is not None else []
        if last and len({t.winner for t in last}) == 1:
            pos.score(last[0].winner, "last five", 100, "wins all the last five tricks", mariage.RULE_LAST_FIVE)
        a, b = self.points(pos, 0), self.points(pos, 1)
        self.end(pos, None if a == b else 0 if a > b else 1, 0, "played-out", mariage.RULE_DEAL)
