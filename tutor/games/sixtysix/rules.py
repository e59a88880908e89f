"""Sixty-Six's rule options. The defaults are pagat.com's rules of Sechsundsechzig (John McLeod,
after Günther Senst), which the other games of the family are played 'as at'.

Sources, as a reader finds them: pagat.com, "Sechsundsechzig (66)"; David Parlett, *The Penguin
Book of Card Games* (several games of the family are played "as at Sixty-Six"); the Bulgarian
game Santase, a Sixty-Six played to 11 game points with marriages allowed to the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...options import Rules, option

PAGAT = "pagat.com, Sechsundsechzig (66)"


@dataclass(frozen=True)
class SixtySixRules(Rules):
    """Two-handed Sixty-Six with 24 cards."""

    game: ClassVar[str] = "sixtysix"

    marriages_at_the_end: bool = option(
        False,
        "Whether a marriage may still be shown once the stock is exhausted or closed.",
        f"Default: {PAGAT} (no marriages once the talon is gone or closed; the closer may show one "
        "just before closing). Variant: the Bulgarian rules of Santase, which allow them to the end.",
    )
    close_before_drawing: bool = option(
        False,
        "Whether the winner of a trick may close the stock before he draws (holding five cards), as well as on "
        "his lead after drawing: each trick won while the stock lasts then waits for him to draw or close.",
        f"{PAGAT} (closing: the player to lead may close before or after drawing; the last chance is after the "
        "sixth trick, before the last two cards are drawn). Default: off, the tutor drawing for both players as "
        "soon as a trick is won (its play panel has no draw step); on: pagat's rule in full.",
    )
    game_points: int = option(
        7,
        "Game points that win the match (the player first to reach them wins).",
        f"Default: {PAGAT} (7). Variant: the Bulgarian rules of Santase (11).",
        choices=(7, 11),
    )
