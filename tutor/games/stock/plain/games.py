"""Each game's own rules, plainly: what the family's rules leave to a game (its scoring, its end, a
rule of its own), one small method a rule. :class:`Game` is the family's rules as they stand;
a game's class changes what it must. :func:`game_for` gives the plain rules of a deal of the engine.
"""

from __future__ import annotations

from typing import Any

from ....cards import Card, Rank
from ..actions import Action
from ..declarations import Combination, Meld
from ..spec import Trick
from . import rules
from .position import Position
from .rules import Refusal, refusal


class Game:
    """The family's rules, as a game's spec states them, with nothing of a game's own."""

    #: the fields of its own a game keeps in a position (read from the engine's deal under these names)
    EXTRA: tuple[str, ...] = ()

    def __init__(self, options: Any = None):
        self.options = options

    # -- what may be done -------------------------------------------------------------------------
    def may_declare_now(self, pos: Position, p: int) -> bool:
        return rules.may_declare_now(pos, p)

    def may_close(self, pos: Position, p: int) -> bool:
        return rules.may_close(pos, p)

    def may_claim(self, pos: Position, p: int) -> bool:
        return pos.spec.may_claim

    def exchange_rank(self, pos: Position) -> Rank | None:
        return pos.spec.exchange_rank

    def exchange_allowed(self, pos: Position, p: int, cards: list[Card]) -> list[Card]:
        return cards

    def why_not_exchange(self, pos: Position, p: int, card: Card) -> Refusal | None:
        return None

    def meld_pool(self, pos: Position, p: int) -> list[Card]:
        """The cards ``p``'s declarations may use: his own, and his partners' hands where the game
        lets partners declare together."""
        spec = pos.spec
        if not spec.partner_melds or spec.teams is None:
            return pos.held(p)
        teams = spec.teams
        return pos.held(p) + [c for q in range(pos.n) if q != p and teams[q] == teams[p] for c in pos.hands[q]]

    def meld_fault(self, pos: Position, p: int, kind: Combination, cards: tuple[Card, ...]) -> Refusal | None:
        return None

    def playable(self, pos: Position, p: int) -> list[Card]:
        return rules.playable(pos, p)

    def trick_winner(self, pos: Position) -> int:
        return rules.winning_index(pos, pos.trick)

    def more_actions(self, pos: Position, p: int) -> list[Action]:
        return []

    def only(self, pos: Position) -> list[Action] | None:
        """What alone may be done now, where a game's own moment leaves nothing else (None: no such moment)."""
        return None

    def declarations(self, pos: Position, p: int) -> list[Action]:
        """The declarations ``p`` may make now (the moment checked by the caller)."""
        from . import declaring

        return declaring.options(pos, p)  # type: ignore[return-value]

    def asides(self, pos: Position, q: int) -> list[Action]:
        """What ``q``, not to move, may do now."""
        return rules.asides(pos, q)

    def why_not(self, pos: Position, p: int, action: Action) -> Refusal | bool | None:
        """A game's own refusal of ``action``, True if its own rules allow it, None to ask the family's."""
        return None

    def before(self, pos: Position, p: int, action: Action) -> None:
        """What a game notes before any action is made."""

    def do(self, pos: Position, p: int, action: Action) -> bool:
        """Do an action of the game's own; False for the family's actions."""
        return False

    # -- what happens -------------------------------------------------------------------------------
    def start(self, pos: Position) -> None:
        pass

    def after_score(self, pos: Position, p: int) -> None:
        pass

    def on_play(self, pos: Position, p: int, card: Card) -> None:
        pass

    def on_trick(self, pos: Position, trick: Trick) -> None:
        pass

    def on_declare(self, pos: Position, meld: Meld, pending: bool) -> None:
        pos.score(meld.player, meld.kind.key, meld.kind.value, f"{meld.kind.key} {meld.faces}", meld.kind.source)

    def on_exchange(self, pos: Position, p: int, card: Card, turnup: Card) -> None:
        pass

    def on_draw(self, pos: Position, drawn: list[tuple[int, Card]]) -> None:
        pass

    def on_stock_exhausted(self, pos: Position) -> None:
        pass

    def on_close(self, pos: Position, p: int) -> None:
        pass

    def on_claim(self, pos: Position, p: int) -> None:
        raise ValueError("nothing is claimed in this game")

    def on_revoke(self, pos: Position, p: int, card: Card) -> None:
        raise ValueError("no revoke is played in this game")

    def finish(self, pos: Position) -> None:
        pos.phase = "over"

    def end(self, pos: Position, winner: int | None, points: int, how: str, rule: str) -> None:
        """The deal ends: ``winner`` (a seat, or None) takes ``points`` game points."""
        name = None if winner is None else pos.spec.players[winner]
        pos.extra["ending"] = {"winner": name, "game_points": points, "how": how, "rule": rule}
        pos.phase = "over"


# the games of the family, each in its own module
def game_for(state: Any) -> Game:
    """The plain rules of the game a deal of the engine plays (by the deal's game and options)."""
    from .bezique import Bezique
    from .bondtolva import Bondtolva
    from .gaigel import Gaigel
    from .kin import Briscan, Chouine, Tausendeins
    from .marjapussi import Marjapussi
    from .sixtysix import Mariage, Schnapsen, SixtySix
    from .tute import Tute

    by_class = {"BeziqueDeal": Bezique, "SixtySixDeal": SixtySix, "OldMariageDeal": SixtySix, "SchnapsenDeal": Schnapsen,
                "MariageDeal": Mariage, "TausendeinsDeal": Tausendeins, "ChouineDeal": Chouine, "BriscanDeal": Briscan,
                "TuteDeal": Tute, "GaigelDeal": Gaigel,
                "BondtolvaDeal": Bondtolva, "MarjapussiDeal": Marjapussi}
    kind = by_class.get(type(state).__name__)
    if kind is None:
        raise ValueError(f"the plain engine has no rules for {type(state).__name__}")
    return kind(getattr(state, "rules", None))


__all__ = ["Game", "game_for", "refusal"]
