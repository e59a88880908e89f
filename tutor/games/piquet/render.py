"""Piquet's own drawings for a static page: a deal (both hands and the talon) and a deal in
progress (hands, phase and the reckoning so far), built from the generic hand rows of
:mod:`tutor.render`."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from ...render import hand_svg

if TYPE_CHECKING:  # pragma: no cover
    from .deal import Deal, PiquetDeal

__all__ = ["deal_html", "state_html"]


def deal_html(deal: Deal) -> str:
    """A Piquet deal: both hands and the talon in order (top first)."""
    return (
        '<div class="tutor-deal">'
        + hand_svg(deal.elder, caption="elder")
        + hand_svg(deal.younger, caption="younger")
        + hand_svg(deal.talon, caption="talon")
        + f'<div class="tutor-code">deal code <code>{html.escape(deal.code)}</code></div></div>'
    )


def state_html(state: PiquetDeal) -> str:
    """A Piquet deal in progress: hands, tricks and the reckoning so far."""
    parts = ['<div class="tutor-state">']
    for p, name in enumerate(state.players):
        parts.append(hand_svg(state.hand(p), caption=name))
    parts.append(f"<p>phase: {html.escape(state.phase.value)}</p>")
    parts.append(state.explanation().html())
    parts.append("</div>")
    return "".join(parts)
