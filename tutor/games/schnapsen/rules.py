"""Schnapsen's rule options: pagat.com's "soft" rules by default, the "sharp" ones as an option.

Sources, as a reader finds them: pagat.com, "Schnapsen" (Keith Waclena and John McLeod); Martin
Tompa, "Schnapsen and Sixty-Six Rules Variants" (psellos.com), on the sharp rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...options import Rules, option

PAGAT = "pagat.com, Schnapsen"


@dataclass(frozen=True)
class SchnapsenRules(Rules):
    """Two-handed Schnapsen with 20 cards."""

    game: ClassVar[str] = "schnapsen"

    sharp: bool = option(
        False,
        "The sharp rules: the trump jack may be exchanged, and a marriage shown, only by a player who "
        "has already won a trick.",
        f"Default: {PAGAT}, the soft rules (no trick needed for either). Variant: the sharp rules, "
        f"{PAGAT} and Martin Tompa, Schnapsen and Sixty-Six Rules Variants (psellos.com).",
    )
