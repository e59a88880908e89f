"""The bar under each panel (an anywidget, its front end ``desk.js`` beside this file): the code
of the deal on show with a link that opens the same chapter live in JupyterLite on that position
(the deal and the moves made in it), what
the reader has answered in the practice panels (kept in the reader's own browser with
localStorage, nothing sent anywhere), a download of it to hand in, and a projector view (the panel
alone on the screen, large cards and large type).

A link is ``lite/lab/index.html?path=CHAPTER.ipynb&panel=KIND&deal=CODE&moves=M1,M2&dealer=NAME&standing=A:5,B:3``
(each part URL-encoded; ``moves``: the moves made in the deal, in the game's notation, commas
between them; ``dealer`` and ``standing``: in a match, the person who dealt it and the totals it
started from; each left out when there is nothing to say; the format: :mod:`tutor.links`). In
JupyterLite the bar of each panel of that kind reads it as the chapter runs and sends
``{"event": "deal", "code": CODE, "moves": "M1,M2", "dealer": NAME, "standing": "A:5,B:3"}`` to Python: a panel that plays
over a session opens that position (:meth:`tutor.widgets.Panel.open_linked`); a panel that only
deals takes the code as if the reader had typed it in its box. A static page given such a link
cannot run Python: it forwards the reader to the live chapter, the same position asked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from importlib import resources

import anywidget
import traitlets

from ..errors import TutorError, shorten
from ..links import position_link, read_link
from ..session import Position

ESM = resources.files(__package__).joinpath("desk.js").read_text(encoding="utf-8")

CSS = """
.tutor-bar{display:flex;flex-wrap:wrap;gap:4px 14px;align-items:center;font-size:90%;color:#374151;padding:4px 0}
.tutor-bar button{font:inherit;padding:2px 8px;border:1px solid #9ca3af;border-radius:4px;background:#f9fafb;cursor:pointer}
.tutor-bar button[aria-pressed="true"]{background:#1d4ed8;color:#fff;border-color:#1d4ed8}
.tutor-deal-asked{flex-basis:100%;padding:6px 10px;background:#fef3c7;border-left:4px solid #b45309;color:#111827}
.tutor-projector{position:fixed !important;inset:0 !important;width:auto !important;height:auto !important;z-index:10000;
  background:#fff;overflow:auto;padding:24px 32px;font-size:32px;max-width:none !important}
.tutor-projector :is(div,span,p,b,i,em,strong,small,code,pre,label,button,input,select,table,td,th,ul,ol,li,h1,h2,h3,h4,h5,h6,summary,a):not(svg *):not(.tutor-card-button){
  font-size:inherit !important;line-height:1.35 !important}
.tutor-projector :is(button,input,select,label){height:auto !important;min-height:1.6em}
.tutor-projector > *{flex-shrink:0 !important}
.tutor-projector .tutor-card-button svg,.tutor-projector svg.tutor-card{height:168px !important;width:auto !important;flex-shrink:0}
body.tutor-projecting{overflow:hidden}
.tutor-projector-host{z-index:auto !important;contain:none !important;content-visibility:visible !important;transform:none !important;filter:none !important;will-change:auto !important;
  overflow:visible !important}
"""


class DeskBar(anywidget.AnyWidget):
    """The synced bar: ``code`` is the deal on show, ``moves`` the moves made in it, ``dealer`` who
    dealt it in a match and ``standing`` the totals it started from (the position its link
    carries), ``kind`` the panel's kind (its links name it), ``game`` and ``title`` the game whose
    progress the bar sums up (empty: no progress shown). ``on_deal(code, moves, dealer,
    standing)`` is called with what a link asks (``standing`` as the link writes it)."""

    _esm = ESM
    _css = CSS
    code = traitlets.Unicode("").tag(sync=True)
    moves = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    dealer = traitlets.Unicode("").tag(sync=True)
    standing = traitlets.Unicode("").tag(sync=True)
    kind = traitlets.Unicode("").tag(sync=True)
    game = traitlets.Unicode("").tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)

    def __init__(self, on_deal: Callable[[str, str, str | None, str], None], **kwargs):
        super().__init__(**kwargs)
        self._on_deal = on_deal
        self.on_msg(self._message)

    def _message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "deal":
            names = ("code", "moves", "dealer", "standing")
            parts = [content.get("code", "")] + [content.get(k) or "" for k in names[1:]]
            for name, value in zip(names, parts):
                if not isinstance(value, str):  # the browser sends text; anything else is no position
                    raise TutorError(f"a deal link's {name} is text, not {type(value).__name__} {shorten(repr(value))}",
                                     token=shorten(repr(value)))
            self._on_deal(parts[0], parts[1], parts[2] or None, parts[3])

    def show(self, position: Position | None, text: str = "") -> None:
        """Show ``position`` (or, for a panel that deals no position, the seed or code ``text``)."""
        self.code = position.code if position is not None else text
        self.moves = list(position.moves) if position is not None else []
        self.dealer = (position.dealer or "") if position is not None else ""
        self.standing = position.standing_text() if position is not None else ""

    def record(self, kind: str, question: str, right: bool) -> None:
        """An answer of the reader's, to be kept in his browser (the front end adds it to the
        tally it keeps in localStorage and shows the game's summary)."""
        self.send({"event": "answer", "game": self.game, "kind": kind, "question": question, "right": bool(right)})


def deal_link(chapter: str, kind: str, code: str, lite: str = "lite", moves: Iterable[str] = (),
              dealer: str | None = None, standing: Mapping[str, int] | str | None = None) -> str:
    """The link a bar shows, relative to the site's root: ``chapter`` (``sixtysix/rules``) live in
    JupyterLite, the panels of ``kind`` on deal ``code`` with ``moves`` made in it (``dealer``: who
    dealt it, in a match; ``standing``: the totals it started from). The format: :mod:`tutor.links`."""
    return position_link(chapter, kind, Position(code, tuple(moves), dealer or None, Position.standing_of(standing)), lite)


def linked_deal(url: str, kind: str) -> Position | None:
    """The position a link asks the panels of ``kind`` to show (None: the link asks nothing of
    them); a bad list of moves is refused in words."""
    return read_link(url, kind)
