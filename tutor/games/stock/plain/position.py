"""A position of a stock-and-tricks deal, plainly: lists of cards and a few words, nothing kept for speed.

A :class:`Position` holds what the rules talk about: each hand, the cards each player has laid on
the table, the stock (top first), the turn-up, trumps, the trick being played and those played,
the cards each player has won, the declarations, the scores as a list of events, whose turn it is
and what he is to do (``lead``, ``follow``, ``declare`` after winning a trick, or ``over``).
``extra`` holds what a game keeps of its own (Sixty-Six's marriages waiting for a trick, say).

A position is read from a deal of the engine by :meth:`Position.of` (its fields, copied) or dealt
afresh by :meth:`Position.deal`; the rules that change it are in :mod:`.rules`.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from ....cards import Card, Suit
from ..declarations import Meld
from ..spec import Dealt, Stage, StockSpec, Trick

#: the fields of a position, as the engine's deal names them too
FIELDS = ("hands", "laid", "stock", "turnup", "trump", "trick", "trick_players", "tricks", "won", "melds", "events",
          "closed_by", "declared_now", "exchanged_now", "must_lead", "end_from", "to_move")


def copied(value: Any) -> Any:
    """``value`` with its lists, tuples and tables copied all the way down, anything else shared."""
    if isinstance(value, list):
        return [copied(x) for x in value]
    if isinstance(value, dict):
        return {k: copied(x) for k, x in value.items()}
    return value


@dataclass
class Position:
    spec: StockSpec
    game: Any  # the game's plain rules (:class:`.games.Game`)
    hands: list[list[Card]]
    laid: list[list[Card]]
    stock: list[Card]
    turnup: Card | None
    trump: Suit | None
    phase: str = "lead"
    to_move: int = 0
    trick: list[Card] = field(default_factory=list)
    trick_players: list[int] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    won: list[list[Card]] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    events: list[tuple[str, str, int, str, str]] = field(default_factory=list)
    closed_by: int | None = None
    declared_now: bool = False
    exchanged_now: bool = False
    must_lead: tuple[Card, ...] | None = None
    end_from: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def deal(cls, spec: StockSpec, game: Any, dealt: Dealt) -> Position:
        n = len(spec.players)
        pos = cls(spec, game, [list(h) for h in dealt.hands], [[] for _ in range(n)], list(dealt.stock), dealt.turnup,
                  dealt.turnup.suit if dealt.turnup else None, won=[[] for _ in range(n)])
        game.start(pos)
        return pos

    @classmethod
    def of(cls, state: Any, game: Any) -> Position:
        """The position a deal of the engine is in: its fields, copied (lists of cards and values)."""
        values = {name: copied(getattr(state, name)) for name in FIELDS}
        extra = {name: copied(getattr(state, name)) for name in game.EXTRA}
        return cls(state.spec, game, phase=state.phase.value, extra=extra, **values)

    def copy(self) -> Position:
        """A copy to change: the lists and tables copied, the cards, tricks and declarations shared
        (none of them ever changes), and the rules."""
        out = copy.copy(self)
        out.__dict__.update({k: copied(v) for k, v in self.__dict__.items() if k not in ("spec", "game")})
        return out

    # -- plain questions --------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.spec.players)

    @property
    def stage(self) -> Stage:
        """The last stage once the stock is closed, or gone with the turn-up; until then the stock's."""
        if self.closed_by is not None or (not self.stock and self.turnup is None):
            return Stage.END
        return Stage.STOCK

    def held(self, p: int) -> list[Card]:
        """What ``p`` may play: his hand and his declared cards still on the table."""
        return self.hands[p] + self.laid[p]

    def sort(self, cards: list[Card]) -> list[Card]:
        return sorted(cards, key=lambda c: self.spec.sort_index[c])

    def seats_from(self, p: int) -> list[int]:
        """The seats in order of play, starting with ``p``."""
        return [int(s) for s in self.spec.table.order_from(p)]

    def other(self, p: int) -> int:
        """The other player of a two-handed deal."""
        return int(self.spec.table.seats[p].other)

    def next_seat(self, p: int) -> int:
        return self.seats_from(p)[1]

    def tricks_won(self, p: int) -> int:
        return sum(1 for t in self.tricks if t.winner == p)

    def scorer(self, p: int) -> str:
        return self.spec.scorers[self.spec.side(p)]

    def scores(self) -> dict[str, int]:
        out = dict.fromkeys(self.spec.scorers, 0)
        for who, _, points, _, _ in self.events:
            out[who] += points
        return out

    def score(self, p: int, category: str, points: int, text: str, rule: str) -> None:
        """``p`` (his side, at a table with sides) scores ``points``; the game may end the deal on it."""
        self.events.append((self.scorer(p), category, points, text, rule))
        self.game.after_score(self, p)

    def card_points(self, cards: list[Card]) -> int:
        return sum(self.spec.card_points.get(c.rank, 0) for c in cards)

    def over(self) -> bool:
        return self.phase == "over"
