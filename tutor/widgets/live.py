"""A panel's spoken line (an anywidget): a polite live region that a screen reader reads out each
time its text changes, for what a sighted reader sees change at once (a move made, the prompt, the
score, a hint). The region is made once and kept across changes; only its text is replaced."""

from __future__ import annotations

import re
from html import unescape
from importlib import resources

import anywidget
import traitlets

ESM = resources.files(__package__).joinpath("live.js").read_text(encoding="utf-8")
CSS = ".tutor-sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}"

_TAG = re.compile(r"<[^>]+>")


def plain(markup: str) -> str:
    """The words of a piece of the panel's HTML, as they are read: tags dropped, entities read,
    spaces made single."""
    return " ".join(unescape(_TAG.sub(" ", markup)).split())


class LiveRegion(anywidget.AnyWidget):
    """``text`` is read out whenever it changes (``say``)."""

    _esm = ESM
    _css = CSS
    text = traitlets.Unicode("").tag(sync=True)

    def say(self, *parts: str) -> None:
        """Read out the parts given, in order, as one message (empty parts left out)."""
        self.text = " ".join(p.strip() for p in parts if p and p.strip())
