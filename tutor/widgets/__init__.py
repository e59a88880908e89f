"""ipywidgets panels: thin views over the pure session objects of each game.

A panel is an object with ``.widget`` (what a notebook displays; the panel also displays itself)
and small methods the tests drive. Every callback goes through :func:`Panel.guard`: a rules error
(:class:`~tutor.errors.TutorError`) is shown to the reader in the panel, in the engine's words;
anything else is a bug and is raised, never swallowed.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping
from types import SimpleNamespace

import ipywidgets as w

from ..cards import Card, check_seed
from ..codes import looks_like_code
from ..errors import TutorError, shorten
from ..render import card_label
from ..session import Position, Session

#: the panels' own styles. The focus ring of their buttons, text boxes and selects is #0d47a1: 8.6:1
#: on white, 7.4:1 on the buttons' grey (#eeeeee), 8.3:1 on the table's grey (#f9fafb), where WCAG
#: 2.2 (1.4.11, 2.4.13) asks 3:1 (ipywidgets' own ring, #64b5f6, is 2.2:1 on white).
CSS = """<style>
.tutor-error{color:#b91c1c;font-weight:600}
.tutor-ok{color:#166534;font-weight:600}
.tutor-steps{border-collapse:collapse;font-size:90%}
.tutor-steps td,.tutor-steps th{padding:2px 8px;border-bottom:1px solid #e5e7eb;text-align:left}
.tutor-repique td,.tutor-pique td{background:#fef3c7;font-weight:600}
.tutor-rule{color:#52606d;font-size:85%}
.tutor-caption{min-width:4.5em;font-weight:600}
.jupyter-widgets .jupyter-button:focus,.jupyter-button.widget-button:focus,.jupyter-widgets input:focus,
.jupyter-widgets select:focus,.jupyter-widgets textarea:focus{outline:3px solid #0d47a1 !important;outline-offset:1px}
</style>"""


class Panel:
    """Base of the panels: a message area and the guard around callbacks."""

    source: w.Text  # the seed (or code) box, in the panels that deal
    #: the game and the title under which a practice panel's answers are kept in the reader's
    #: browser (:meth:`record`); None: the panel asks no questions
    keeps: tuple[str, str] | None = None
    #: the reader plays the game's deals here: where ``tutor link`` sends a position unless told
    #: another panel (any panel over a session opens one)
    plays_deals: bool = False

    def __init__(self) -> None:
        from .desk import DeskBar

        self.message = w.HTML(value="")
        game, title = self.keeps or ("", "")
        self.bar = DeskBar(self.guard(self.open_linked), kind=self.link_kind(), game=game, title=title)
        self.widget = w.VBox()
        self._shown = None  # the seed or code the deal on show was dealt from

    @classmethod
    def link_kind(cls) -> str:
        """The panel's name in a deal link (``sixtysix.PlayPanel``)."""
        return f"{cls.__module__.rsplit('.', 1)[-1]}.{cls.__name__}"

    @property
    def _shown(self) -> str | None:
        return self.__shown

    @_shown.setter
    def _shown(self, value: object) -> None:
        self.__shown = None if value is None else str(value)
        self.show_position()

    @property
    def position(self) -> Position | None:
        """The position on show, when the panel plays over a :class:`~tutor.session.Session`: the
        code of the deal in play (in a match, the deal in play, not the match's first) and the moves
        made in it. None for a panel that deals no position."""
        session = getattr(self, "session", None)
        return session.position if isinstance(session, Session) else None

    def show_position(self) -> None:
        """The bar shows what is on the table, with a link to it live: the position, or else the
        seed or code the deal on show was dealt from."""
        self.bar.show(self.position, getattr(self, "_Panel__shown", None) or "")

    def open_linked(self, code: str, moves: str = "", dealer: str | None = None, standing: str = "") -> None:
        """Open what a link asks: in a panel that plays over a session, the position (deal ``code``
        and ``moves`` made in it, every move checked; in a match, ``dealer`` who dealt it and
        ``standing`` the totals it started from, as the link writes them; a panel playing deals
        alone plays the deal alone); in a panel that only deals, deal ``code`` as if the reader had
        typed it in the box and clicked the button beside it. Refused in the rules' words, and the
        panel left as it was."""
        code = code.strip()
        if not code:
            return
        session = getattr(self, "session", None)
        if isinstance(session, Session) and looks_like_code(code):
            totals = Position.standing_of(standing) if session.with_match else ()
            asked = (code, Position.moves_of(moves), dealer, totals)
            if asked != getattr(self, "_linked", None):  # a bar drawn again asks again: opened once
                self.open_position(code, moves, dealer, dict(totals) or None)
                self._linked = asked
            return
        if Position.moves_of(moves):
            raise TutorError(f"this panel shows a deal as it is dealt; it cannot make the moves of a link ({shorten(moves)})",
                             token=shorten(moves))
        if code == self._shown:
            return
        box = getattr(self, "source", None)
        button = None if box is None else _button_beside(self.widget, box)
        if box is None or button is None:
            raise TutorError(f"this panel cannot deal {shorten(code)} from a link", token=shorten(code))
        box.value = code
        button.click()

    def open_position(self, code: str, moves: str = "", dealer: str | None = None,
                      standing: Mapping[str, int] | None = None) -> None:
        """Open a position in the panel's session (:meth:`tutor.session.Session.open`; in a match,
        at the totals ``standing`` if given); the box shows the deal's code, to be shared or dealt
        again."""
        self.session.open(code, moves, dealer, standing=standing)  # type: ignore[attr-defined]
        selected = getattr(self, "selected", None)
        if isinstance(selected, set):
            selected.clear()  # cards selected in the deal that was on show
        box = getattr(self, "source", None)
        if box is not None:
            box.value = code
        self.__shown = code
        self.message.value = ""
        self.show_position()

    def record(self, kind: str, question: str, right: bool) -> None:
        """Keep an answer of the reader's in his browser, under :attr:`keeps`'s game."""
        if self.keeps is not None:
            self.bar.record(kind, question, right)

    @property
    def widget(self) -> w.Widget:
        """What a notebook displays. Set by each panel; setting it tidies every control in it once:
        labels and buttons as wide as their words (no "seed or c…", no "Play selecte…")."""
        return self._widget

    @widget.setter
    def widget(self, value: w.Widget) -> None:
        if isinstance(value, w.Box) and self.bar not in value.children:
            value.children = (*value.children, self.bar)
        self._widget = value
        _tidy(value)
        self.show_position()

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
        """``fn`` as a callback: a rules error is shown in the panel, and so is any other error (a
        widget's callback that raises is otherwise heard of only in the browser's log); after
        anything that worked, an error still on show from before is cleared (it spoke of a
        situation that has changed)."""

        def run(*args, **kwargs) -> None:
            before = self.message.value
            self.before_action()
            try:
                fn(*args, **kwargs)
            except TutorError as e:
                self.show_error(e)
            except Exception as e:  # noqa: BLE001 - shown to the reader, never swallowed
                self.show_error(RuntimeError(f"the tutor could not do this: {type(e).__name__}: {shorten(str(e))}"))
            else:
                if self.message.value == before and "tutor-error" in before:
                    self.message.value = ""
                self.refresh()
                self.after_refresh()
            self.show_position()
            self._count_answer()

        return run

    def _count_answer(self) -> None:
        """Mark the panel's outer box with how many callbacks it has answered (a class
        ``tutor-done-N``, sent after everything the callback changed): a page, or a test driving
        one, knows the kernel's whole answer to a click has arrived without waiting on a timer."""
        self._answers = getattr(self, "_answers", 0) + 1
        kept = tuple(c for c in self.widget._dom_classes if not c.startswith("tutor-done-"))
        self.widget._dom_classes = (*kept, f"tutor-done-{self._answers}")

    def show_error(self, e: Exception) -> None:
        self.message.value = f'<div class="tutor-error" role="alert">{html.escape(str(e))}</div>'

    def say(self, text: str, ok: bool | None = None) -> None:
        cls = "tutor-ok" if ok else "tutor-error" if ok is False else "tutor-note"
        self.message.value = f'<div class="{cls}">{html.escape(text)}</div>'

    def refresh(self) -> None:  # pragma: no cover - each panel renders itself
        pass

    def before_action(self) -> None:
        """What the base notes before a callback runs (GamePanel: whose hand is on the screen)."""

    def after_refresh(self) -> None:
        """What the base adds once a panel has redrawn itself after a callback (GamePanel: the
        screen handed over between readers)."""

    def _ipython_display_(self) -> None:
        from IPython.display import display

        if not any(c.startswith("tutor-done-") for c in self.widget._dom_classes):
            self.widget.add_class("tutor-done-0")  # no callback answered yet (see _count_answer)
        display(self.widget)


def _button_beside(widget, box: w.Widget) -> w.Button | None:
    """The first button in the row that holds ``box`` (the seed box and its "New deal")."""
    if isinstance(widget, w.Box):
        if box in widget.children:
            return next((c for c in widget.children if isinstance(c, w.Button)), None)
        for child in widget.children:
            found = _button_beside(child, box)
            if found is not None:
                return found
    return None


def _tidy(widget, seen: set[int] | None = None) -> None:
    """Every description shown whole: a control's label takes the width its words need, and a
    button without a set width grows to its words."""
    seen = set() if seen is None else seen
    if id(widget) in seen:
        return
    seen.add(id(widget))
    style = getattr(widget, "style", None)
    if style is not None and hasattr(style, "description_width") and str(getattr(widget, "description", None) or ""):
        if not style.description_width:
            style.description_width = "initial"
    if isinstance(widget, w.Button) and not widget.layout.width:
        widget.layout.width = "auto"
    if isinstance(widget, w.Box):
        for child in widget.children:
            _tidy(child, seen)


class GamePanel(Panel):
    """A panel that plays a game against the computer over a session (``self.session``): the
    callbacks every such panel shares (a new game from the seed box, an action, the next deal, undo)."""

    session: Session
    plays_deals = True
    _facing: object = None  # the reader's seat whose hand was last shown (pass-and-play)
    _cover: w.VBox | None = None

    def _reader_turn(self) -> object:
        """The seat of the reader to move, when several readers share the screen (else None)."""
        s = getattr(self, "session", None)
        if s is None or len(getattr(s, "reader_seats", ())) < 2 or s.between_deals:
            return None
        turn = getattr(s.state, "turn", None)
        return turn if turn is not None and s.plays(turn) == "reader" else None

    def before_action(self) -> None:
        if self._cover is None:
            self._facing = self._reader_turn()

    def after_refresh(self) -> None:
        """Pass-and-play: when the turn goes from one reader's seat to another's at one screen, the
        panel is covered (every hand hidden) until the next reader says the others cannot see."""
        turn = self._reader_turn()
        if turn is not None and self._facing is not None and turn != self._facing and self._cover is None:
            self.hand_over(turn)

    def hand_over(self, seat) -> None:
        """Hide the panel behind a "pass the screen" card, to be lifted by the reader at ``seat``."""
        match = self.session.match
        name = match.person(int(seat)).name if match is not None else str(seat)
        shown = [(c, c.layout.display) for c in self.widget.children if c is not self.bar]
        ready = w.Button(description=f"I am {name}: show my hand", button_style="primary")
        self._cover = w.VBox([w.HTML(f"<p class='tutor-handover'><b>Pass the screen to {html.escape(name)}.</b> "
                                     "The hands are hidden until the next reader is at the screen.</p>"), ready])

        def lift(_=None) -> None:
            for child, display in shown:
                child.layout.display = display
            self.widget.children = tuple(c for c in self.widget.children if c is not self._cover)
            self._cover, self._facing = None, seat

        ready.on_click(lift)
        for child, _ in shown:
            child.layout.display = "none"
        self.widget.children = (self._cover, *self.widget.children)

    def new_game(self) -> None:
        text = self.asked_seed()
        self.session.start(check_seed(text) if text else None)
        seed = self.session.seed
        self.show_seed(seed if seed is not None else self.session.state.code)  # a deal code typed: the code
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


class CardButton:
    """One card of a :class:`CardRow` as Python sees it: what the reader sees on it and a
    ``click()`` that goes the way the reader's click goes (tests and benchmarks drive it)."""

    _dom_classes = ("tutor-card-button",)
    layout = SimpleNamespace(display="")  # walkers of a widget tree read a button's layout.display

    def __init__(self, row: CardRow, card: Card, selected: bool, enabled: bool, new: bool = False):
        self.row, self.card, self.new = row, card, new
        self.description = row.card_text(card)
        self.tooltip = row.card_name(card) + (", just taken in" if new else "")
        self.button_style = "info" if selected else ""
        self.selected = selected
        self.disabled = not enabled

    def click(self) -> None:
        self.row.widget.handle_click(str(self.card))

    def __repr__(self) -> str:
        return f"<card button {self.card}{' selected' if self.selected else ''}{' disabled' if self.disabled else ''}>"


class CardRow:
    """The card component of every panel: a row of cards drawn as SVG and clicked where they are
    drawn (one anywidget, :class:`~tutor.widgets.cards.CardHand`). Each card is a button named for
    a screen reader ("king of hearts"); in a row that selects (``show(selected=...)``) it says
    whether it is pressed; cards that may not be clicked now are greyed and disabled.

    ``on_click`` receives the :class:`~tutor.cards.Card` clicked. ``size`` is accepted for the
    panels written against the row of buttons this replaces, and ignored: the row is redrawn whole
    from its cards on every change, however many there are. ``pack`` names a pack drawn with faces
    of its own (``spanish40``); a row for such a pack names its cards in :meth:`card_name`. ``jack``:
    the row names the J a jack, as the chapters of the Sixty-Six family do (the old books of Piquet
    and Bezique, and so the tutor's cards, say knave)."""

    def __init__(self, on_click: Callable[[Card], None], size: int = 12, *, label: str = "cards", pack: str | None = None,
                 jack: bool = False):
        from .cards import CardHand

        self.on_click = on_click
        self.pack = pack
        self.jack = jack
        self.cards: list[Card] = []
        self._children: list[CardButton] = []
        self.widget = CardHand(self._clicked, label=label, buttons=lambda: self.children)

    def _clicked(self, code: str) -> None:
        card = next((c for c in self.cards if str(c) == code), None)
        if card is not None:  # a click on a card that has gone since (a double click) does nothing
            self.on_click(card)

    def show(self, cards: Iterable[Card], *, selected: Iterable[Card] | None = None, enabled=None,
             new: Iterable[Card] = ()) -> None:
        """Draw ``cards``; ``selected`` (given, even empty: the row selects, and each card says
        whether it is pressed) are raised and outlined; with ``enabled`` given, only those cards
        may be clicked; ``new`` cards (those just taken in) carry a "new" mark, and say so."""
        self.cards = list(cards)
        sel, fresh = set(selected or ()), set(new)
        self._children = [CardButton(self, c, c in sel, enabled is None or c in enabled, c in fresh) for c in self.cards]
        self.widget.draw(self._children, selectable=selected is not None, pack=self.pack)

    def card_name(self, card: Card) -> str:
        """What a screen reader says for a card of this row (in the words of its pack)."""
        name = card_label(card, self.pack)
        return name.replace("knave", "jack") if self.jack else name

    def card_text(self, card: Card) -> str:
        """The card in a line of text (a test or a log reads it)."""
        return card.symbol

    @property
    def children(self) -> list[CardButton]:
        """The cards shown now, as buttons."""
        return list(self._children)

    buttons = children  # the name the row of ipywidgets buttons had, for panels written against it


__all__ = ["Panel", "GamePanel", "CardRow", "CardButton", "CSS"]
