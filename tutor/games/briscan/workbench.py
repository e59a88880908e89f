"""Briscan's declaration workbench: a hand of the reader's choosing or dealt, every declaration it
could make listed as scoring or refused by the rule it breaks (a sequence never scored twice, nor
extended, nor scored again from its cards: David Parlett, *The Penguin Book of Card Games*), and a
practice mode asking for the best declaration. The workbench itself is the stock core's
(:mod:`tutor.games.stock.workbench`).
"""

from __future__ import annotations

from ..stock.workbench import DeclarationBench, Option, Verdict
from .rules import BriscanRules
from .state import spec_for

__all__ = ["PRESET_HAND", "Option", "Verdict", "Workbench"]

#: The workbench's default hand (hearts trumps): a run of six spades from the king (quints, quarts
#: and tierces inside it, and Parlett's examples of what may not be extended or scored again),
#: the trump ace, king and queen (a royal marriage and a trump tierce), and four aces.
PRESET_HAND = "KS QS JS TS 9S 8S AH KH QH AD AC AS"


class Workbench(DeclarationBench):
    """Briscan's declarations with a hand of the reader's choosing: distinct cards of the 32-card
    pack, 1 to 16 of them; five dealt, as at the deal. Declared cards are shown and stay in the hand."""

    Rules = BriscanRules
    PRESET = PRESET_HAND
    DEAL = 5
    MAX_HAND = 16
    EXAMPLE = "JS TS 9S"

    @classmethod
    def spec_of(cls, rules):
        return spec_for(rules)
