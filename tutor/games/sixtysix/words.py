"""What a player of the Sixty-Six family does, in words: one line of a table's log."""

from __future__ import annotations

from ..stock.actions import Aside, Claim, Close, Declare, Exchange, Play
from ..stock.core import When

__all__ = ["deed"]


def deed(action, you: bool, spec=None) -> str:
    """What a player does, after his name: ``plays QH.``, ``show the marriage KH QH (20) ...``
    (with the game's ``spec``, a declaration's worth, and whether one of its cards must then be led,
    or played as it is declared)."""
    s = "" if you else "s"
    if isinstance(action, Aside):  # done out of turn (Chouine's and Briscan's seven of trumps)
        return deed(action.action, you, spec)[:-1] + ", out of turn."
    if isinstance(action, Play):
        return f"play{s} {action.card}."
    if isinstance(action, Declare):
        kind = spec.melds.get(action.kind) if spec is not None else None
        value = kind.value if kind is not None else 40 if action.kind == "royal marriage" else 20
        shown = f"show{s} the {action.kind} {' '.join(map(str, action.cards))} ({value})"
        if spec is not None and not spec.lead_declared:
            return shown + "."
        verb = "play" if spec is not None and spec.declare_when is When.ON_PLAY else "lead"
        return f"{shown} and must {verb} one of them."
    if isinstance(action, Exchange):
        return f"exchange{s} {action.card} for the turn-up."
    if isinstance(action, Close):
        return f"close{s} the stock: no more drawing, and strict play from now on."
    if isinstance(action, Claim):
        if spec is not None and spec.name == "Tausendeins":
            return f"claim{s} to have reached 1001."
        return f"say{s} \"sixty-six\" and go{'' if you else 'es'} out."
    return f"{action}."  # pragma: no cover - the actions of Sixty-Six are the five above
