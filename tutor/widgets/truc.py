"""Le Truc's panel special to the game: a trainer for la pourrie, a view over
:mod:`tutor.games.truc.trainer` (a manche against the computer is the table panel)."""

from __future__ import annotations

import ipywidgets as w

from ..games.truc.trainer import RottenTrainer
from . import CSS, Panel

__all__ = ["RottenPanel"]

_WORDS = ("keep", "ask", "double", "banco", "accept", "refuse")


def _trick_words(trick) -> str:
    """``elder led the ace of spades, dealer played the seven of hearts: dealer wins``."""
    leader, led, followed, result = trick
    other = "dealer" if leader == "elder" else "elder"
    text = f"{leader} led the {led.name}"
    if followed is not None:
        text += f", {other} played the {followed.name}"
    if result == "pourrie":
        text += ": equal cards, a pourrie"
    elif result is not None:
        text += f": {result} wins"
    return text


class RottenPanel(Panel):
    """Who takes which trick? Results are shown; the reader credits each trick."""

    def __init__(self, seed: int | str = 1):
        super().__init__()
        self.trainer = RottenTrainer(seed)
        self.choices = [w.Dropdown(options=["elder", "dealer", "nobody"], description=f"trick {i + 1}") for i in range(3)]
        self.check_button = w.Button(description="Check", button_style="primary")
        self.check_button.on_click(self.guard(lambda _: self.check()))
        self.next_button = w.Button(description="Next question")
        self.next_button.on_click(self.guard(lambda _: self.next()))
        self.view = w.HTML()
        self.widget = w.VBox([w.HTML(CSS), self.view, w.VBox(self.choices), w.HBox([self.check_button, self.next_button]), self.message])
        self.refresh()

    def next(self) -> None:
        self.trainer.next_question()
        self.message.value = ""

    def check(self) -> None:
        n = len(self.trainer.results)
        ok, why = self.trainer.check([c.value for c in self.choices[:n]])
        self.say(("Right. " if ok else "Not quite. ") + why, ok)

    def refresh(self) -> None:
        res = self.trainer.results
        items = "".join(
            f"<li>trick {i + 1}: {'equal cards, rotten (la pourrie)' if r == 'rotten' else r + ' wins it'}</li>" for i, r in enumerate(res)
        )
        self.view.value = f"<p>The tricks of a deal, in order:</p><ul>{items}</ul><p>Who is credited with each trick?</p>"
        for i, c in enumerate(self.choices):
            c.layout.display = "" if i < len(res) else "none"
