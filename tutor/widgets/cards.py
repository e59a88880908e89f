"""The card component (an anywidget): a row of cards drawn as SVG, each a button clicked where it
is drawn. Panels use it through :class:`tutor.widgets.CardRow`.

The front end is one small ES module (``cards.js`` beside this file); anywidget's own front end
loads it in JupyterLab and JupyterLite (the lite build bundles anywidget's extension) and in the
static pages (anywidget's AMD bundle, vendored under ``book/vendor/npm/anywidget``). A click is a
custom message ``{"event": "click", "code": "KH"}``: the card is found by its code, not its place,
so a click that crosses a redraw cannot play another card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import resources
from typing import TYPE_CHECKING

import anywidget
import traitlets

from ..render import card_svg

if TYPE_CHECKING:
    from . import CardButton

ESM = resources.files(__package__).joinpath("cards.js").read_text(encoding="utf-8")

#: contrast on white: the selected outline #1d4ed8 is 6.7:1, the focus ring #111827 17:1, so
#: both are well above the 3:1 that WCAG 2.2 (1.4.11, 2.4.13) asks of them. A card that may not be
#: played now is drawn grey at opacity .85: its red letters stay 5.1:1 on white, its black 9.2:1
#: (at .45 they were 2.1:1 and 2.7:1).
CSS = """
div.tutor-cards{display:flex;flex-wrap:wrap;gap:8px;padding:14px 4px 6px;align-items:flex-end;min-height:40px}
.tutor-card-button{padding:0;margin:0;border:0;background:none;border-radius:7px;cursor:pointer;line-height:0;position:relative;
  transition:transform .08s ease-out}
.tutor-card-button svg{width:62px;height:auto;display:block}
.tutor-card-button:hover:not([disabled]){transform:translateY(-4px)}
.tutor-card-button.tutor-selected{transform:translateY(-12px);box-shadow:0 0 0 3px #1d4ed8}
.tutor-card-button.tutor-selected::after{content:"\\2713";position:absolute;top:-9px;right:-9px;
  background:#1d4ed8;color:#fff;border-radius:50%;width:20px;height:20px;font:bold 14px/20px sans-serif;text-align:center}
.tutor-card-button.tutor-new::before{content:"new";position:absolute;top:-9px;left:-4px;line-height:1;padding:2px 4px;
  background:#166534;color:#fff;border-radius:4px;font:bold 11px sans-serif}
.tutor-card-button:focus{outline:none}
.tutor-card-button:focus-visible{outline:3px solid #111827;outline-offset:3px}
.tutor-card-button[disabled]{cursor:not-allowed;opacity:.85;filter:grayscale(1)}
.tutor-frozen .tutor-card-button.tutor-was-enabled{cursor:default;opacity:1;filter:none}
"""


class CardHand(anywidget.AnyWidget):
    """The synced row: ``cards`` holds, for each card, its code, its accessible name, its drawing
    and whether it is selected and enabled."""

    _esm = ESM
    _css = CSS
    cards = traitlets.List(traitlets.Dict()).tag(sync=True)
    label = traitlets.Unicode("cards").tag(sync=True)
    selectable = traitlets.Bool(False).tag(sync=True)

    def __init__(self, on_click: Callable[[str], None], buttons: Callable[[], list[CardButton]] = list, **kwargs):
        super().__init__(**kwargs)
        self._on_click = on_click
        self._buttons = buttons
        self.on_msg(self._message)

    @property
    def children(self) -> list[CardButton]:
        """The cards shown, as buttons with ``click()``: so code that walks a panel's widgets
        (``children`` of each box) finds the cards as it found the buttons of the old row."""
        return self._buttons()

    def _message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "click":
            self.handle_click(str(content.get("code", "")))

    def handle_click(self, code: str) -> None:
        self._on_click(code)

    def draw(self, buttons: Sequence[CardButton], *, selectable: bool, pack: str | None = None) -> None:
        cards = [
            {"code": str(b.card), "label": b.tooltip, "selected": b.selected, "enabled": not b.disabled, "new": b.new,
             "svg": card_svg(b.card, selected=b.selected, decorative=True, pack=pack)}
            for b in buttons
        ]
        with self.hold_sync():
            self.selectable = selectable
            if cards != self.cards:
                self.cards = cards
