"""What a deal of Piquet (or of Counterpique, which plays its tricks the same way) says of its
table to one seat, for the typed view every panel draws (:mod:`tutor.games.view`): the tricks of
two, the talon, the calls, and the game's own part (:class:`PiquetExtra`): the seat's discard and
the cards it took in, the cards left in the talon it may see (Cavendish Laws 33 and 36), and a
carte blanche once shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...cards import Card
from ...seats import Table
from ..view import Extra, TableParts
from .combos import BIT_CARD

__all__ = ["PiquetExtra", "trick_parts", "piquet_parts"]


@dataclass(frozen=True)
class PiquetExtra(Extra):
    discard: tuple[Card, ...] = field(default=(), metadata={"label": "your discard"})
    taken_in: tuple[Card, ...] = field(default=(), metadata={"label": "taken in"})
    cards_left_seen: tuple[Card, ...] = field(default=(), metadata={"label": "cards left in the talon, seen"})
    carte_blanche: tuple[Card, ...] = field(default=(), metadata={"label": "carte blanche shown"})


def trick_parts(table: Table, tricks: Sequence[Sequence[int]]) -> dict[str, Any]:
    """The trick in play, the last finished trick and its winner, and the tricks each seat of
    ``table`` (of two) has won, from tricks kept as [leader, led card's bit, followed card's bit or
    -1, winner or -1]."""
    won = {0: 0, 1: 0}
    for t in tricks:
        if t[3] >= 0:
            won[t[3]] += 1
    done = [t for t in tricks if t[2] >= 0]
    current = tricks[-1] if tricks and tricks[-1][2] < 0 else None
    last = done[-1] if done else None
    return {
        "won": won,
        "trick": [] if current is None else [(current[0], BIT_CARD[current[1]])],
        "last_trick": [] if last is None else [(last[0], BIT_CARD[last[1]]), (int(table.seats[last[0]].other), BIT_CARD[last[2]])],
        "last_winner": None if last is None or last[3] < 0 else last[3],
        "tricks_played": len(done),
    }


def piquet_parts(state: Any, seat: Any, names: Sequence[str] | None = None) -> TableParts:
    from .practice import prompt

    me = int(seat)
    v = state.view(me)
    blanche = v.get("opponent_carte_blanche")
    return TableParts(
        counts={int(s): len(state.hand(int(s))) for s in state.table},
        stock=v["talon_left"], stock_name="talon",
        declared=[(int(state.table.seat(who)), str(call), (), None) for who, call in v["calls"]],
        prompt=None if state.is_over or state.phase.value == "play" else prompt(state),
        fresh=() if state.is_over or state.phase.value == "play" else tuple(v["taken_in"]),
        extra=PiquetExtra(tuple(v["discard"]), tuple(v["taken_in"]), tuple(v["cards_left_seen"]),
                          tuple(blanche) if blanche is not None else ()),
        **trick_parts(state.table, state.tricks),
    )
