"""The Briscan panels special to the game, thin views over the shared bases: the declaration
workbench and the practice of the best declaration (Bezique's panels, :mod:`tutor.widgets.bezique`,
on Briscan's workbench). A game to 600 against the computer is the table panel."""

from __future__ import annotations

from ..games.briscan.workbench import Workbench
from . import bezique

__all__ = ["WorkbenchPanel", "PracticePanel"]


class WorkbenchPanel(bezique.WorkbenchPanel):
    """Briscan's declarations from a hand of your choosing (or five dealt): every combination the
    cards make, scoring or refused by the rule it breaks (a sequence never scored twice, nor extended,
    nor scored again from its cards)."""

    Bench = Workbench
    TYPED = "declare quart to the queen QS JS TS 9S"
    JACK = True  # Briscan's chapters say jack

    def __init__(self, hand: str | None = None, trumps: str = "hearts"):
        super().__init__(hand, trumps)
        self.table_row.widget.layout.display = "none"  # declared cards are shown and stay in the hand


class PracticePanel(bezique.PracticePanel):
    """Five cards dealt and a turn-up for trumps: find the declaration that scores most."""

    Bench = Workbench
    JACK = True
