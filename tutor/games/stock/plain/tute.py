"""Tute Habanero, plainly (Parlett; pagat.com and ludoteka for the options): cantes by the winner of
the last trick, the tute winning outright, the seven or the two for the turn-up, the hand laid face
up, capote, the claim of 101 at any turn, and the points found at the end."""

from __future__ import annotations

from typing import Any

from ....cards import Card, Rank
from ...tute import state as tute
from ..actions import Action, Claim, Exchange
from ..declarations import Meld
from ..spec import Stage, Trick
from .position import Position
from .rules import Refusal
from .sixtysix import SixtySix

HIGH = (Rank.ACE, Rank.THREE, Rank.KING, Rank.QUEEN, Rank.JACK)


class Tute(SixtySix):
    EXTRA = ("unscored", "tricks_at_close", "points_at_close", "ending", "exposed", "capote_by", "played_on", "carried")
    CARDS_RULE, LAST_RULE = tute.RULE_CARDS, tute.RULE_LAST

    def start(self, pos: Position) -> None:
        super().start(pos)
        pos.extra.update(exposed=[False, False], capote_by=None, played_on=[], carried=None)

    def target(self) -> int:
        return self.options.target

    # -- what may be done ---------------------------------------------------------------------------
    def exchange_rank(self, pos: Position) -> Rank | None:
        """The seven takes a turned-up sota or better, the two a seven (and, an option, a four to six)."""
        up = pos.turnup
        if up is None:
            return None
        if up.rank in HIGH:
            return Rank.SEVEN
        low = (Rank.FOUR, Rank.FIVE, Rank.SIX) if self.options.low_exchange else ()
        return Rank.TWO if up.rank == Rank.SEVEN or up.rank in low else None

    def may_claim(self, pos: Position, p: int) -> bool:
        return pos.phase in ("lead", "follow") and pos.extra["capote_by"] is None

    def may_declare_now(self, pos: Position, p: int) -> bool:
        return super().may_declare_now(pos, p) and bool(pos.tricks)

    def why_not_capote(self, pos: Position) -> Refusal | None:
        if not self.options.capote:
            return Refusal("capote", "")
        first_of_last_eight = pos.stage == Stage.END and pos.phase == "lead" and not pos.trick and pos.end_from == len(pos.tricks)
        if pos.extra["capote_by"] is not None or not first_of_last_eight:
            return Refusal("capote", tute.RULE_CAPOTE)
        return None

    def more_actions(self, pos: Position, p: int) -> list[Action]:
        out: list[Action] = [Claim()] if pos.phase == "follow" and self.may_claim(pos, p) else []
        return out + ([tute.Capote()] if pos.phase == "lead" and self.why_not_capote(pos) is None else [])  # type: ignore[list-item]

    def why_not(self, pos: Position, p: int, action: Action) -> Refusal | bool | None:
        if isinstance(action, tute.Capote):
            return self.why_not_capote(pos) or True
        if isinstance(action, Exchange) and pos.turnup is None:
            return Refusal("turn-up gone", tute.RULE_TURNUP_GONE)
        return None

    # -- what happens ---------------------------------------------------------------------------------
    def before(self, pos: Position, p: int, action: Any) -> None:
        """A player who acts with the target reached and does not claim has played on past it."""
        total = self.points(pos, p)
        if not isinstance(action, Claim) and total >= self.target():
            pos.extra["played_on"].append((p, total, len(pos.tricks)))

    def do(self, pos: Position, p: int, action: Action) -> bool:
        if not isinstance(action, tute.Capote):
            return False
        pos.extra["capote_by"] = p
        pos.score(p, "capote", 0, "declares capote", tute.RULE_CAPOTE)
        return True

    def on_declare(self, pos: Position, meld: Meld, pending: bool) -> None:
        if meld.kind.key.startswith("tute"):
            pos.score(meld.player, meld.kind.key, 0, "tute", tute.RULE_TUTE)
            self.end(pos, meld.player, 1, "tute", tute.RULE_TUTE)
        else:
            pos.score(meld.player, meld.kind.key, meld.kind.value, "sings", tute.RULE_CANTE)

    def on_exchange(self, pos: Position, p: int, card: Card, turnup: Card) -> None:
        low = turnup.rank in (Rank.FOUR, Rank.FIVE, Rank.SIX)
        pos.score(p, "exchange", 0, "takes the turn-up", tute.RULE_LOW_EXCHANGE if low else tute.RULE_EXCHANGE)

    def on_play(self, pos: Position, p: int, card: Card) -> None:
        """Unable to answer a trump lead while the stock lasts, the hand is laid face up."""
        if (self.options.stock_play == "face-up" and pos.stage == Stage.STOCK and len(pos.trick) == 2 and pos.trick[0].suit == pos.trump
                and card.suit != pos.trump and not pos.extra["exposed"][p]):
            pos.extra["exposed"][p] = True
            pos.score(p, "face up", 0, "lays his hand face up", tute.RULE_FACE_UP)

    def on_draw(self, pos: Position, drawn: list[tuple[int, Card]]) -> None:
        """... until he draws a trump."""
        for q in range(2):
            if pos.extra["exposed"][q] and any(c.suit == pos.trump for c in pos.hands[q]):
                pos.extra["exposed"][q] = False
                pos.score(q, "face up", 0, "takes his hand up again", tute.RULE_FACE_UP)

    def on_trick(self, pos: Position, trick: Trick) -> None:
        w = trick.winner
        pos.score(w, "cards", pos.card_points(list(trick.cards)), "takes", tute.RULE_CARDS)
        if not any(pos.hands) and not any(pos.laid):
            pos.score(w, "last trick", 10, "wins the last trick", tute.RULE_LAST)
        c = pos.extra["capote_by"]
        if c is not None and w != c:
            self.end(pos, pos.other(c), 1, "capote failed", tute.RULE_CAPOTE)

    def on_claim(self, pos: Position, p: int) -> None:
        true = self.points(pos, p) >= self.target()
        pos.score(p, "claim", 0, "claims", tute.RULE_CLAIM)
        self.end(pos, p if true else pos.other(p), 1, "claim" if true else "false claim", tute.RULE_CLAIM)

    def finish(self, pos: Position) -> None:
        c = pos.extra["capote_by"]
        if c is not None:
            self.end(pos, c, 1, "capote", tute.RULE_CAPOTE)
            return
        over = [p for p in (0, 1) if self.points(pos, p) >= self.target()]
        if len(over) == 1:
            self.end(pos, over[0], 1, "found", tute.RULE_FOUND)
        elif over:
            self.end(pos, pos.tricks[-1].winner, 1, "last trick", tute.RULE_FOUND)
        else:
            self.end(pos, None, 0, "no winner", tute.RULE_NOBODY)
