"""What a player of Tute does, in words (one line of a table's log): a cante is sung, not led;
the claim is of the target; capote; cards named as a Spanish player names them."""

from __future__ import annotations

from ...cards import spanish_name
from ..stock.actions import Claim, Declare, Exchange, Play
from .state import Capote

__all__ = ["deed", "words"]


def words(card) -> str:
    """``KH (rey de copas)``."""
    return f"{card} ({spanish_name(card)})"


def deed(action, you: bool, spec=None) -> str:
    """What a player of Tute does, after his name: ``plays 3H (tres de copas).``"""
    s = "" if you else "s"
    if isinstance(action, Play):
        return f"play{s} {words(action.card)}."
    if isinstance(action, Declare):
        if action.kind.startswith("tute"):
            return f"sing{s} a {action.kind}: {' '.join(map(str, action.cards))}."
        value = 40 if action.kind == "las cuarenta" else 20
        return f"sing{s} {'las cuarenta' if value == 40 else 'a marriage, veinte,'} {' '.join(map(str, action.cards))} ({value})."
    if isinstance(action, Exchange):
        return f"take{s} the turn-up for {words(action.card)}."
    if isinstance(action, Claim):
        return f"claim{s} to have reached the target."
    if isinstance(action, Capote):
        return f"declare{s} capote: all the last eight tricks."
    return f"{action}."  # pragma: no cover - the actions of Tute are the five above
