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

from ..cards import Card
from ..errors import TutorError

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

    def __init__(self) -> None:
        self.message = w.HTML(value="")
        self.widget: w.Widget = w.VBox()

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


def card_button(card: Card, on_click: Callable[[Card], None], *, selected: bool = False, enabled: bool = True) -> w.Button:
    b = w.Button(
        description=card.symbol,
        tooltip=card.name,
        disabled=not enabled,
        layout=w.Layout(width="46px", height="40px", padding="0px"),
        button_style="info" if selected else "",
    )
    b.style.text_color = "#c0392b" if card.suit.colour == "red" else "#1f2933"
    b.style.font_weight = "bold"
    b.add_class("tutor-card-button")
    b.on_click(lambda _b, c=card: on_click(c))
    return b


def card_row(cards: Iterable[Card], on_click: Callable[[Card], None], *, selected=(), enabled=None) -> w.HBox:
    sel = set(selected)
    return w.HBox(
        [card_button(c, on_click, selected=c in sel, enabled=enabled is None or c in enabled) for c in cards],
        layout=w.Layout(flex_flow="row wrap"),
    )


__all__ = ["Panel", "card_button", "card_row", "CSS"]
