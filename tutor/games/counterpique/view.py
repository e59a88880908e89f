"""What a deal of Counterpique says of its table to one seat, for the typed view every panel draws
(:mod:`tutor.games.view`): Piquet's tricks and talon, and the game's own part
(:class:`CounterpiqueExtra`): the auction, the bid and the contract with its holder, the seat's
discard and draw, a misère.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...cards import Card
from ..piquet.view import trick_parts
from ..view import Extra, TableParts

__all__ = ["CounterpiqueExtra", "counterpique_parts"]


@dataclass(frozen=True)
class CounterpiqueExtra(Extra):
    auction: tuple[str, ...] = field(default=(), metadata={"label": "the auction"})
    bid: str | None = field(default=None, metadata={"label": "bid"})
    contract: str | None = field(default=None, metadata={"label": "contract"})
    holder: str | None = field(default=None, metadata={"label": "contract held by"})
    misere: bool = field(default=False, metadata={"label": "misère"})
    discard: tuple[Card, ...] = field(default=(), metadata={"label": "your discard"})
    drawn: tuple[Card, ...] = field(default=(), metadata={"label": "your draw"})


def counterpique_parts(state: Any, seat: Any, names: Sequence[str] | None = None) -> TableParts:
    me = int(seat)
    v = state.view(me)
    shown = {int(seat.other): tuple(v["opponent_blank"])} if v.get("opponent_blank") else {}
    return TableParts(
        counts={int(s): len(state.hand(int(s))) for s in state.table},
        shown=shown,
        stock=v["talon_left"], stock_name="talon",
        fresh=() if state.is_over or state.phase.value == "play" else tuple(v["drawn"]),
        declared=[(int(state.table.seat(who)), str(call), (), None) for who, call in v["calls"]],
        extra=CounterpiqueExtra(
            auction=tuple(f"{who}: {what}" for who, what in v["auction"]), bid=v["bid"], contract=v["contract"],
            holder=v["holder"], misere=bool(v["misere"]), discard=tuple(v["discard"]), drawn=tuple(v["drawn"]),
        ),
        **trick_parts(state.table, state.tricks),
    )
