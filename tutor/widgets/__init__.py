"""ipywidgets panels: thin views over the pure session objects of each game.

A panel is an object with ``.widget`` (what a notebook displays; the panel also displays itself)
and small methods the tests drive. Every callback goes through :func:`Panel.guard`: a rules error
(:class:`~tutor.errors.TutorError`) is shown to the reader in the panel, in the engine's words;
anything else is a bug and is raised, never swallowed.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable

import ipywidgets as w

from ..cards import Card, check_seed
from ..errors import TutorError
from ..session import Session

CSS = """<style>
.tutor-error{color:#b91c1c;font-weight:600}
.tutor-ok{color:#166534;font-weight:600}
.tutor-steps{border-collapse:collapse;font-size:90%}
.tutor-steps td,.tutor-steps th{padding:2px 8px;border-bottom:1px solid #e5e7eb;text-align:left}
.tutor-repique td,.tutor-pique td{background:#fef3c7;font-weight:600}
.tutor-rule{color:#52606d;font-size:85%}
.tutor-caption{min-width:4.5em;font-weight:600}
</style>"""


class Panel:
    """Base of the panels: a message area and the guard around callbacks."""

    source: w.Text  # the seed (or code) box, in the panels that deal

    def __init__(self) -> None:
        self.message = w.HTML(value="")
        self.widget: w.Widget = w.VBox()
        self._shown: str | None = None  # the seed or code the deal on show was dealt from

    def asked_seed(self) -> str:
        """What the seed box asks to deal: what the reader typed, or "" (a fresh deal) when the box
        still shows the seed of the deal on the table, so "New deal" always deals a new one."""
        text = self.source.value.strip()
        return "" if text and text == self._shown else text

    def show_seed(self, value: object) -> None:
        """Put the seed (or code) of the deal now on the table in the box, to be shared."""
        self._shown = str(value)
        self.source.value = self._shown

    def guard(self, fn: Callable[..., object]) -> Callable[..., None]:
        def run(*args, **kwargs) -> None:
            try:
                fn(*args, **kwargs)
            except TutorError as e:
                self.show_error(e)
            else:
                self.refresh()

        return run

    def show_error(self, e: Exception) -> None:
        self.message.value = f'<div class="tutor-error" role="alert">{html.escape(str(e))}</div>'

    def say(self, text: str, ok: bool | None = None) -> None:
        cls = "tutor-ok" if ok else "tutor-error" if ok is False else "tutor-note"
        self.message.value = f'<div class="{cls}">{html.escape(text)}</div>'

    def refresh(self) -> None:  # pragma: no cover - each panel renders itself
        pass

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


class GamePanel(Panel):
    """A panel that plays a game against the computer over a session (``self.session``): the
    callbacks every such panel shares (a new game from the seed box, an action, the next deal, undo)."""

    session: Session

    def new_game(self) -> None:
        text = self.asked_seed()
        self.session.start(check_seed(text) if text else None)
        self.show_seed(self.session.seed)
        self.message.value = ""

    def act(self, action) -> None:
        self.session.act(action)
        self.message.value = ""

    def play(self, card: Card | str) -> None:
        self.act(f"play {card}")

    def next_deal(self) -> None:
        self.session.next_deal()
        self.message.value = ""

    def undo(self) -> None:
        self.say("Taken back." if self.session.undo() else "Nothing to take back yet.", None)


class CardRow:
    """A row of card buttons, reused across refreshes (ipywidgets keeps every widget it ever made,
    so a panel that made new buttons on each click would slow down as the page is used)."""

    def __init__(self, on_click: Callable[[Card], None], size: int = 12):
        self.on_click = on_click
        self.cards: list[Card] = []
        self.buttons = [self._make(i) for i in range(size)]
        self.widget = w.HBox(self.buttons, layout=w.Layout(flex_flow="row wrap"))

    def _make(self, i: int) -> w.Button:
        b = w.Button(layout=w.Layout(width="46px", height="40px", padding="0px"))
        b.style.font_weight = "bold"
        b.add_class("tutor-card-button")
        b.on_click(lambda _b, i=i: self.on_click(self.cards[i]))
        return b

    def show(self, cards: Iterable[Card], *, selected=(), enabled=None) -> None:
        self.cards = list(cards)
        sel = set(selected)
        while len(self.buttons) < len(self.cards):
            self.buttons.append(self._make(len(self.buttons)))
            self.widget.children = self.buttons
        for i, b in enumerate(self.buttons):
            if i < len(self.cards):
                c = self.cards[i]
                b.description, b.tooltip = c.symbol, c.name
                b.style.text_color = "#c0392b" if c.suit.colour == "red" else "#1f2933"
                b.button_style = "info" if c in sel else ""
                b.disabled = not (enabled is None or c in enabled)
                b.layout.display = ""  # not None: a null does not bring a hidden button back in every front end
            else:
                b.layout.display = "none"
                b.disabled = True

    @property
    def children(self) -> list[w.Button]:
        """The buttons showing a card now."""
        return self.buttons[: len(self.cards)]


__all__ = ["Panel", "GamePanel", "CardRow", "CSS"]
