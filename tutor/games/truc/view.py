"""What a deal of Le Truc says of its table to one seat, for the typed view every panel draws
(:mod:`tutor.games.view`): the tricks of two (a rotten trick, *pourrie*, has no winner), the cards
left to draw, and the game's own part (:class:`TrucExtra`): what the deal is worth now, a raise
waiting for an answer, the hands thrown in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...cards import Card
from ..view import Extra, TableParts
from .state import ROTTEN

__all__ = ["TrucExtra", "truc_parts"]


@dataclass(frozen=True)
class TrucExtra(Extra):
    value: int = field(default=1, metadata={"label": "the deal is worth"})
    proposal: str | None = field(default=None, metadata={"label": "waiting for an answer"})
    round: int = field(default=1, metadata={"label": "round"})
    thrown_in: tuple[Card, ...] = field(default=(), metadata={"label": "your hands thrown in"})
    rotten: int = field(default=0, metadata={"label": "rotten tricks"})


def truc_parts(state: Any, seat: Any, names: Sequence[str] | None = None) -> TableParts:
    me = int(seat)
    table = state.table
    v = state.view(me)
    won = dict.fromkeys(range(table.size), 0)
    rotten = 0
    done = [t for t in state.tricks if t[2] is not None]
    for t in done:
        if t[3] is None or t[3] == ROTTEN:
            rotten += 1
        else:
            won[t[3]] += 1
    current = state.tricks[-1] if state.tricks and state.tricks[-1][2] is None else None
    last = done[-1] if done else None
    proposal = v["proposal"]
    return TableParts(
        counts={int(s): len(state.hands[int(s)]) for s in table},
        won=won,
        trick=[] if current is None else [(current[0], current[1])],
        last_trick=[] if last is None else [(last[0], last[1]), (int(table.seats[last[0]].other), last[2])],
        last_winner=None if last is None or last[3] in (None, ROTTEN) else last[3],
        stock=v["stock_left"],
        extra=TrucExtra(value=v["value"], proposal=None if proposal is None else " ".join(map(str, proposal)),
                        round=v["round"], thrown_in=tuple(c for h in v["thrown_in"] for c in h), rotten=rotten),
        tricks_played=len(done),
    )
