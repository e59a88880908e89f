"""The declaration workbench behind the Bezique panel of that name: a hand of cards, a table, and a
ledger of declarations, judged by the rules on reusing declared cards (Foster's Hoyle, Bezique:
'Declarations'); the workbench itself is the stock core's (:mod:`tutor.games.stock.workbench`).

A game against the computer is the table panel over the contract's session (:mod:`tutor.table`).
"""

from __future__ import annotations

from ..stock.workbench import DeclarationBench, Option, Verdict
from .rules import BeziqueRules
from .state import spec_for

__all__ = ["PRESET_HAND", "Option", "Verdict", "Workbench"]

#: The workbench's default hand (trumps hearts): a sequence in hearts with a second king of hearts,
#: both queens of spades and both knaves of diamonds, five kings and four queens. It can show a
#: royal marriage then the sequence, bezique then double bezique, a marriage whose king then serves
#: in four kings, four queens with the queen of a bezique, and what the rules refuse.
PRESET_HAND = "AH TH KH QH JH KH' KS KD KC QS QS' QD JD JD'"

MAX_HAND = 24


class Workbench(DeclarationBench):
    """Bezique's declarations with a hand of the reader's choosing: any distinct cards of the
    64-card pack (second copies marked ``'``), 1 to 24 of them; eight dealt. Cards in a declaration
    go to the table and stay there, usable again under the reuse rules, until played."""

    Rules = BeziqueRules
    PRESET = PRESET_HAND
    DEAL = 8
    MAX_HAND = MAX_HAND
    EXAMPLE = "KS QS JD (second copies QS', JD')"

    @classmethod
    def spec_of(cls, rules):
        return spec_for(rules)
