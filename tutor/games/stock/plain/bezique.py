"""Two-handed Bezique, plainly (the nineteenth-century Bezique account; Foster's Hoyle; Hoffmann
1909): the seven of trumps, the last trick, brisques, the revoke forfeit, the game to 1000."""

from __future__ import annotations

from ....cards import Card, Rank
from ...bezique import state as bezique
from ..spec import Stage, Trick
from .games import Game
from .position import Position
from .rules import Refusal

SEED = "the nineteenth-century Bezique account"


class Bezique(Game):
    EXTRA = ("game_winner", "revoked", "carried")

    def start(self, pos: Position) -> None:
        pos.extra.update(game_winner=None, revoked=None, carried=None)
        if pos.turnup is not None and pos.turnup.rank == Rank.SEVEN:
            pos.score(1, "seven of trumps", 10, "the dealer turns up the seven of trumps", f"{SEED}: 'Turning up the seven of trumps' 10; "
                      "Hoffmann 1909: 'Should the turn-up card be a seven, the dealer scores ten'")

    def after_score(self, pos: Position, p: int) -> None:
        """Playing to the game: the deal stops as soon as a player's total reaches it."""
        carried = pos.extra.get("carried")
        if carried is None or pos.extra.get("game_winner") is not None:
            return
        if carried[p] + pos.scores()[pos.spec.players[p]] >= self.options.game_points:
            pos.extra["game_winner"] = p
            pos.phase = "over"

    def on_play(self, pos: Position, p: int, card: Card) -> None:
        """The seven of trumps played scores ten, before the last eight tricks (a rule option)."""
        o = self.options
        if (card.rank == Rank.SEVEN and card.suit == pos.trump and pos.turnup is not None
                and o.seven_of_trumps == "exchange-or-play" and o.trumps == "turn-up"):
            pos.score(p, "seven of trumps", 10, "plays the seven of trumps",
                      f"{SEED}: the seven of trumps scores ten when played, except in the last eight tricks")

    def on_exchange(self, pos: Position, p: int, card: Card, turnup: Card) -> None:
        pos.score(p, "seven of trumps", 10, "exchanges the seven of trumps", f"{SEED}: exchanging the seven of trumps for the turn-up scores ten")

    def shown_sevens(self, pos: Position) -> list[Card]:
        return [c for m in pos.melds if m.kind.key == "seven of trumps" for c in m.cards]

    def exchange_allowed(self, pos: Position, p: int, cards: list[Card]) -> list[Card]:
        """The seven of trumps is exchanged or declared, not both (Foster's Hoyle)."""
        return [c for c in cards if c not in self.shown_sevens(pos)]

    def why_not_exchange(self, pos: Position, p: int, card: Card) -> Refusal | None:
        return Refusal("seven once", bezique.RULE_SEVEN_ONCE) if card in self.shown_sevens(pos) else None

    def on_trick(self, pos: Position, trick: Trick) -> None:
        """Ten for the twenty-fourth trick, the last before the last eight (a rule option)."""
        if (trick.stage == Stage.STOCK and len(pos.stock) + (pos.turnup is not None) == 2
                and self.options.last_trick == "twenty-fourth"):
            pos.score(trick.winner, "last trick", 10, "wins the last trick before the last eight",
                      f"{SEED}: ten for winning the twenty-fourth trick, the one before the last eight")

    def on_stock_exhausted(self, pos: Position) -> None:
        """Each takes back his cards still on the table for the last eight tricks."""
        for p in range(2):
            pos.hands[p] = pos.sort(pos.hands[p] + pos.laid[p])
            pos.laid[p] = []

    def finish(self, pos: Position, last_winner: int | None = None) -> None:
        """Ten for the last trick (a rule option), then each player's brisques, ten an ace or ten taken."""
        if last_winner is None:
            last_winner = pos.tricks[-1].winner
        if self.options.last_trick == "thirty-second" and not pos.over():
            pos.score(last_winner, "last trick", 10, "wins the last trick", "Enquire Within upon Everything, Bezique rule viii: "
                      "'The last trick is the thirty-second, for which the winner scores ten'")
        first = last_winner if self.options.brisques_first == "last-trick" else 0
        for p in (first, pos.other(first)):
            if pos.over():
                break
            n = sum(1 for c in pos.won[p] if c.rank in (Rank.ACE, Rank.TEN))
            pos.score(p, "brisques", 10 * n, "brisques", f"{SEED}: 'Each ace, and ten in the tricks at the end of each deal 10'")
        pos.phase = "over"

    def on_revoke(self, pos: Position, p: int, card: Card) -> None:
        """A revoke in the last eight tricks forfeits them all to the other player."""
        other = pos.other(p)
        cards = [*pos.trick, card, *pos.hands[0], *pos.hands[1]]
        pos.hands = [[], []]
        pos.trick, pos.trick_players = [], []
        for t in pos.tricks[pos.end_from or 0:]:
            for c in t.cards:
                pos.won[t.winner].remove(c)
            cards += t.cards
        pos.won[other] += cards
        pos.extra["revoked"] = (p, card)
        pos.score(other, "revoke", 0, "revokes", f"{SEED}: in the last eight, failing to follow, to trump when void, or to win when able "
                  "forfeits the eight tricks")
        if not pos.over():
            self.finish(pos, last_winner=other)
