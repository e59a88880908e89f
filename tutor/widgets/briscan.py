"""The Briscan panels, thin views over the shared bases: a game to 600 against the computer (the
Sixty-Six family's play panel, :mod:`tutor.widgets.sixtysix`, with its "declare" list offering
sequences, quartets and marriages), the declaration workbench and the practice of the best
declaration (Bezique's panels, :mod:`tutor.widgets.bezique`, on Briscan's workbench)."""

from __future__ import annotations

from ..games.briscan.workbench import Workbench
from . import bezique, sixtysix

__all__ = ["PlayPanel", "WorkbenchPanel", "PracticePanel"]


class PlayPanel(sixtysix.PlayPanel):
    """Play Briscan to 600 against the computer: declare on your lead once you have taken a trick,
    exchange the seven of trumps, play; every score of the deal worked out step by step with its rule;
    hints and undo."""

    def __init__(self, seed: int | str = 1):
        super().__init__(seed, game="briscan")
        self.marriage.description = "declare"
        self.marriage.layout.width = "420px"
        self.show_button.description = "Declare"


class WorkbenchPanel(bezique.WorkbenchPanel):
    """Briscan's declarations from a hand of your choosing (or five dealt): every combination the
    cards make, scoring or refused by the rule it breaks (a sequence never scored twice, nor extended,
    nor scored again from its cards)."""

    Bench = Workbench
    TYPED = "declare quart to the queen QS JS TS 9S"

    def __init__(self, hand: str | None = None, trumps: str = "hearts"):
        super().__init__(hand, trumps)
        self.table_row.widget.layout.display = "none"  # declared cards are shown and stay in the hand


class PracticePanel(bezique.PracticePanel):
    """Five cards dealt and a turn-up for trumps: find the declaration that scores most."""

    Bench = Workbench
