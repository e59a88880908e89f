"""Sixty-Six's kin, plainly: Tausendeins and Chouine (Parlett; pagat.com) and Briscan (Parlett;
Wikipedia): each game's own scoring and the rules it changes, on Sixty-Six's or the family's."""

from __future__ import annotations

from ....cards import Card, Rank
from ...briscan import state as briscan
from ...chouine import state as chouine
from ...tausendeins import state as tausendeins
from ..declarations import Combination, Meld
from ..spec import Trick
from .games import Game
from .position import Position
from .rules import Refusal, refusal
from .sixtysix import SixtySix


class Tausendeins(Game):
    """Every marriage makes its suit trumps and scores by suit once its maker has a trick; the game
    to 1001 is claimed on one's turn (or, with ``claim='automatic'``, ends at once)."""

    EXTRA = ("unscored", "carried", "game_winner", "false_claim")

    def start(self, pos: Position) -> None:
        pos.extra.update(unscored=[[], []], carried=None, game_winner=None, false_claim=None)

    def total(self, pos: Position, p: int) -> int:
        return pos.extra["carried"][p] + pos.scores()[pos.spec.players[p]]

    def may_claim(self, pos: Position, p: int) -> bool:
        return pos.spec.may_claim and pos.extra["carried"] is not None and pos.phase in ("lead", "follow")

    def more_actions(self, pos: Position, p: int) -> list:
        from ..actions import Claim

        return [Claim()] if pos.phase == "follow" and self.may_claim(pos, p) else []

    def score_marriage(self, pos: Position, meld: Meld) -> None:
        pos.score(meld.player, "marriage", tausendeins.VALUES[meld.cards[0].suit], "marriage", tausendeins.RULE_MARRIAGE)

    def on_declare(self, pos: Position, meld: Meld, pending: bool) -> None:
        pos.trump = meld.cards[0].suit
        if pos.tricks_won(meld.player):
            self.score_marriage(pos, meld)
        else:
            pos.extra["unscored"][meld.player].append(meld)

    def on_trick(self, pos: Position, trick: Trick) -> None:
        w = trick.winner
        pos.score(w, "cards", pos.card_points(list(trick.cards)), "takes", tausendeins.RULE_CARDS)
        waiting, pos.extra["unscored"][w] = pos.extra["unscored"][w], []
        for m in waiting:
            if pos.over():
                return
            self.score_marriage(pos, m)

    def on_claim(self, pos: Position, p: int) -> None:
        if self.total(pos, p) >= self.options.target:
            pos.extra["game_winner"] = p
        else:
            pos.extra["game_winner"], pos.extra["false_claim"] = pos.other(p), p
        pos.phase = "over"

    def after_score(self, pos: Position, p: int) -> None:
        if pos.spec.may_claim or pos.extra["carried"] is None or pos.extra["game_winner"] is not None:
            return
        if self.total(pos, p) >= self.options.target:
            pos.extra["game_winner"] = p
            pos.phase = "over"


class Chouine(SixtySix):
    """Declarations score at once, as a card of them is played; one a suit and one quinte a
    player; the chouine wins the deal when its trick is complete; the seven of trumps until the
    lead to the eleventh trick; the higher total wins (or the first to 101, an option)."""

    EXTRA = ("unscored", "tricks_at_close", "points_at_close", "ending", "chouines")
    CARDS_RULE, LAST_RULE = chouine.RULE_CARDS, chouine.RULE_LAST

    def start(self, pos: Position) -> None:
        super().start(pos)
        pos.extra["chouines"] = []

    def exchange_needs_trick(self) -> bool:
        return False

    def meld_fault(self, pos: Position, p: int, kind: Combination, cards: tuple[Card, ...]) -> Refusal | None:
        mine = [m for m in pos.melds if m.player == p]
        if kind.key == "quinte":
            return Refusal("one quinte", chouine.RULE_ONE_QUINTE) if any(m.kind.key == "quinte" for m in mine) else None
        if any(m.kind.key != "quinte" and m.cards[0].suit == cards[0].suit for m in mine):
            return Refusal("one a suit", chouine.RULE_PER_SUIT)
        return None

    def exchange_allowed(self, pos: Position, p: int, cards: list[Card]) -> list[Card]:
        """Until the lead to the eleventh trick: following, two cards must be left in the stock."""
        return [] if pos.phase == "follow" and len(pos.stock) < 2 else cards

    def why_not_exchange(self, pos: Position, p: int, card: Card) -> Refusal | None:
        return refusal(pos, "exchange") if pos.phase == "follow" and len(pos.stock) < 2 else None

    def on_declare(self, pos: Position, meld: Meld, pending: bool) -> None:
        if meld.kind.key == "chouine":
            pos.extra["chouines"].append(meld)
            pos.score(meld.player, "chouine", 0, "declares the chouine", chouine.RULE_CHOUINE)
        else:
            pos.score(meld.player, meld.kind.key, meld.kind.value, meld.kind.key, meld.kind.source)

    def after_score(self, pos: Position, p: int) -> None:
        if self.options.deal_won_by != "101" or pos.over() or pos.extra.get("chouines"):
            return
        if self.points(pos, p) >= chouine.TARGET_101:
            self.end(pos, p, 1, "target", chouine.RULE_101)

    def on_trick(self, pos: Position, trick: Trick) -> None:
        super().on_trick(pos, trick)
        shown = pos.extra["chouines"]
        if not shown or pos.over():
            return
        if len(shown) == 1:
            self.end(pos, shown[0].player, 1, "chouine", chouine.RULE_CHOUINE)
            return
        trumps = [m for m in shown if m.cards[0].suit == pos.trump]
        m = trumps[0] if trumps else [m for m in shown if m.player == trick.leader][0]
        self.end(pos, m.player, 1, "chouine", chouine.RULE_TWO_CHOUINES)

    def finish(self, pos: Position) -> None:
        a, b = self.points(pos, 0), self.points(pos, 1)
        if a == b:
            self.end(pos, None, 0, "drawn", chouine.RULE_DEAL)
        else:
            self.end(pos, 0 if a > b else 1, 1, "played-out", chouine.RULE_DEAL)


class Briscan(SixtySix):
    """Sixty-Six's play with Briscan's table: sequences, quartets, marriages (also met in a trick),
    cartes rouge and blanche as dealt and as the draw re-forms them, the last card, the last five
    tricks, nine tricks, all sixteen."""

    EXTRA = ("unscored", "tricks_at_close", "points_at_close", "ending", "capot")
    CARDS_RULE, WAITS_RULE, LAST_RULE = briscan.RULE_CARDS, briscan.RULE_WAITS, briscan.BriscanDeal.LAST_RULE

    def start(self, pos: Position) -> None:
        super().start(pos)
        pos.extra["capot"] = None
        up = pos.turnup
        if up is not None and up.rank == Rank.ACE:
            self.feat(pos, 1, "turn-up ace")
        elif up is not None and up.rank in (Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK):
            self.feat(pos, 1, "turn-up")
        for p in (0, 1):
            self.cartes(pos, p, None)

    def feat(self, pos: Position, p: int, key: str) -> None:
        f = briscan.feats(self.options)[key]
        pos.score(p, key, f.value, f.words, f.source)

    def exchange_needs_trick(self) -> bool:
        return False

    def last_trick(self, pos: Position) -> int:
        return briscan.feats(self.options)["last trick"].value

    def may_declare_now(self, pos: Position, p: int) -> bool:
        return super().may_declare_now(pos, p) and (not self.options.declare_after_trick or pos.tricks_won(p) > 0)

    def court(self, card: Card) -> bool:
        return card.rank in (Rank.KING, Rank.QUEEN, Rank.JACK) or (card.rank == Rank.ACE and self.options.ace_is == "court")

    def cartes(self, pos: Position, p: int, drawn: Card | None) -> None:
        """A full hand all of courts (carte rouge) or without one (carte blanche), as dealt or as a
        card drawn re-forms it."""
        hand = pos.hands[p]
        if len(hand) != pos.spec.hand_size:
            return
        if all(map(self.court, hand)) and (drawn is None or self.court(drawn)):
            self.feat(pos, p, "carte rouge")
        elif not any(map(self.court, hand)) and (drawn is None or not self.court(drawn)):
            self.feat(pos, p, "carte blanche")

    def on_draw(self, pos: Position, drawn: list[tuple[int, Card]]) -> None:
        for p, card in drawn:
            self.cartes(pos, p, card)

    def on_stock_exhausted(self, pos: Position) -> None:
        self.feat(pos, pos.tricks[-1].winner, "last card")
        for p in (0, 1):
            if pos.trump is not None and all(c.suit == pos.trump for c in pos.hands[p]):
                self.feat(pos, p, "all trumps")

    def on_trick(self, pos: Position, trick: Trick) -> None:
        """Sixty-Six's scoring, and the mariage de rencontre: a king and queen of a suit in one trick."""
        super().on_trick(pos, trick)
        for suit in {c.suit for c in trick.cards}:
            ranks = [c.rank for c in trick.cards if c.suit == suit]
            if Rank.KING in ranks and Rank.QUEEN in ranks:
                pos.score(trick.winner, "mariage de rencontre", 40 if suit == pos.trump else 20, "mariage de rencontre", briscan.RULE_RENCONTRE)

    def finish(self, pos: Position) -> None:
        last = pos.tricks[pos.end_from:] if pos.end_from is not None else []
        if len(last) == 5 and len({t.winner for t in last}) == 1:
            self.feat(pos, last[0].winner, "last five")
        won = [pos.tricks_won(p) for p in (0, 1)]
        for p in (0, 1):
            if won[p] >= 9:
                self.feat(pos, p, "nine tricks")
        if 16 in won:
            pos.extra["capot"] = won.index(16)
            self.feat(pos, won.index(16), "all sixteen")
        a, b = self.points(pos, 0), self.points(pos, 1)
        if pos.extra["capot"] is not None:
            self.end(pos, pos.extra["capot"], 0, "capot", briscan.RULE_CAPOT)
        else:
            self.end(pos, None if a == b else 0 if a > b else 1, 0, "played-out", briscan.RULE_DEAL)

