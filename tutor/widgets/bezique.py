"""The Bezique panels special to the game: a declaration workbench and practice at the best
declaration (a game to 1000 against the computer is the table panel, :mod:`tutor.widgets.table`).

Views over the declaration workbench (:mod:`tutor.games.bezique.workbench`); each renders a complete static HTML picture of what it shows (``.view.value``), so a page saved without a kernel still shows the cards and the score.
"""

from __future__ import annotations

import html

import ipywidgets as w

from ..cards import Card, Suit, check_seed
from ..games.bezique.workbench import Option, Workbench
from ..games.stock.workbench import DeclarationBench
from ..render import hand_svg
from ..session import new_seed
from . import CSS, CardRow, Panel

__all__ = ["PracticePanel", "WorkbenchPanel", "options_html"]

STYLE = """<style>
.tutor-options{border-collapse:collapse;font-size:90%}
.tutor-options td,.tutor-options th{padding:2px 8px;border-bottom:1px solid #e5e7eb;text-align:left;vertical-align:top}
.tutor-options td.tutor-num{text-align:right}
.tutor-options tr.tutor-refused td{color:#6b7280}
.tutor-on-table{text-decoration:underline;text-decoration-style:dotted}
.tutor-board{display:flex;gap:18px;flex-wrap:wrap;align-items:flex-start}
.tutor-scores{border-collapse:collapse;font-size:90%}
.tutor-scores td,.tutor-scores th{padding:2px 10px;border-bottom:1px solid #e5e7eb;text-align:right}
.tutor-scores th:first-child,.tutor-scores td:first-child{text-align:left}
.tutor-log{font-size:90%;line-height:1.35}
</style>"""

_FROM_CARDS = "(from the cards)"


def _cards_text(cards, table=()) -> str:
    on = set(table)
    return " ".join(
        f'<span class="tutor-on-table" title="on the table">{html.escape(c.symbol)}</span>' if c in on else html.escape(c.symbol)
        for c in cards
    )


def options_html(options: list[Option], table=()) -> str:
    """The combinations the cards could make now: points, and whether they would score or why not."""
    if not options:
        return "<p>These cards make no combination now.</p>"
    rows = []
    for o in options:
        verdict = '<span class="tutor-ok">scores</span>' if o.legal else f"refused: {html.escape(o.why or '')}"
        rows.append(
            f'<tr class="{"tutor-legal" if o.legal else "tutor-refused"}"><td>{html.escape(o.name)}</td>'
            f'<td>{_cards_text(o.cards, table)}</td><td class="tutor-num">{o.points}</td><td>{verdict}</td></tr>'
        )
    return (
        '<table class="tutor-options"><thead><tr><th>combination</th><th>cards</th><th>points</th>'
        f"<th>next declaration</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
        '<p class="tutor-rule">Cards underlined with dots are already on the table.</p>'
    )


class WorkbenchPanel(Panel):
    """Declare combinations from a hand of your choosing and see how the rules on reusing cards
    judge each one; every possible next declaration is listed with its verdict."""

    #: the game's workbench, and what the typing box shows as an example
    Bench: type[DeclarationBench] = Workbench
    TYPED = "declare four kings KS KH KD KC + marriage KS QS"
    #: the J named a jack, where the game's chapters say so (Bezique's, after the old books, say knave)
    JACK = False

    def __init__(self, hand: str | None = None, trumps: str = "hearts"):
        super().__init__()
        self.bench = self.Bench(hand, trumps)
        self.source = w.Text(value=str(self.bench.hand), description="hand", layout=w.Layout(width="460px"),
                             placeholder=f"cards of the {len(self.bench.pack)}-card pack, e.g. {self.bench.EXAMPLE}")
        self.use_button = w.Button(description="Use this hand")
        self.use_button.on_click(self.guard(lambda _: self.use_hand()))
        self.seed = w.Text(value="1", description="seed", layout=w.Layout(width="160px"))
        self.deal_button = w.Button(description=f"Deal {self.bench.DEAL} cards")
        self.deal_button.on_click(self.guard(lambda _: self.deal()))
        self.trumps = w.Dropdown(options=[s.noun for s in Suit], value=self.bench.trumps, description="trumps")
        self.trumps.observe(self.guard(lambda ch: self.set_trumps(ch["new"])), "value")
        self.hand_row = CardRow(self.guard(self.toggle), label="hand", jack=self.JACK)
        self.table_row = CardRow(self.guard(self.toggle), label="on the table", jack=self.JACK)
        self.name = w.Dropdown(options=[_FROM_CARDS, *self.bench.names()], value=_FROM_CARDS, description="as")
        self.declare_button = w.Button(description="Declare", button_style="primary")
        self.declare_button.on_click(self.guard(lambda _: self.declare()))
        self.play_button = w.Button(description="Play selected card")
        self.play_button.on_click(self.guard(lambda _: self.play()))
        self.undo_button = w.Button(description="Undo")
        self.undo_button.on_click(self.guard(lambda _: self.undo()))
        self.clear_button = w.Button(description="Clear")
        self.clear_button.on_click(self.guard(lambda _: self.bench.clear()))
        self.typed = w.Text(description="or type", layout=w.Layout(width="460px"),
                            placeholder=self.TYPED)
        self.enter_button = w.Button(description="Enter")
        self.enter_button.on_click(self.guard(lambda _: self.enter()))
        self.view = w.HTML()
        self.widget = w.VBox([
            w.HTML(CSS + STYLE), w.HBox([self.source, self.use_button]), w.HBox([self.seed, self.deal_button, self.trumps]),
            w.HTML("<b>Hand</b> (click to select)"), self.hand_row.widget,
            w.HTML("<b>On the table</b> (declared cards)"), self.table_row.widget,
            w.HBox([self.name, self.declare_button, self.play_button, self.undo_button, self.clear_button]),
            w.HBox([self.typed, self.enter_button]), self.message, self.view,
        ])
        self.refresh()

    # -- callbacks (each also callable from Python) -------------------------------------------
    def use_hand(self) -> None:
        self.bench.reset(self.source.value)
        self.source.value = str(self.bench.hand)
        self.say(f"Hand of {len(self.bench.hand)} cards; {self.bench.trumps} are trumps.", True)

    def deal(self) -> None:
        """Eight cards dealt by the seed typed in the box; the seed of the hand on show (or none)
        deals a fresh one, whose seed is put in the box to be shared."""
        text = self.seed.value.strip()
        typed = check_seed(text) if text and text != self._shown else None
        seed = new_seed() if typed is None else typed
        hand = self.bench.deal(seed)
        self._shown = self.seed.value = str(seed)
        self.source.value = str(hand)
        self.say(f"Dealt {hand} (seed {seed}); {self.bench.trumps} are trumps.", True)

    def set_trumps(self, trumps: str) -> None:
        if trumps == self.bench.trumps:
            return
        self.bench.reset(trumps=trumps)
        self.say(f"{trumps.capitalize()} are trumps now: the declarations start again.", True)

    def toggle(self, card: Card | str) -> None:
        self.bench.toggle(card)

    def declare(self) -> None:
        name = None if self.name.value == _FROM_CARDS else self.name.value
        self.say(self.bench.declare(name), True)
        self.name.value = _FROM_CARDS

    def play(self, card: Card | str | None = None) -> None:
        self.say(self.bench.play(card), True)

    def undo(self) -> None:
        self.say("Taken back." if self.bench.undo() else "Nothing to take back.", None)

    def enter(self) -> None:
        self.say(self.bench.apply(self.typed.value), True)
        self.typed.value = ""

    # -- the picture ---------------------------------------------------------------------------
    def refresh(self) -> None:
        b = self.bench
        hand, table = b.hand_cards, b.table
        self.hand_row.show(hand, selected=b.selected)
        self.table_row.show(table, selected=b.selected)
        self.play_button.disabled = len(b.selected) != 1
        self.declare_button.disabled = not b.selected
        if self.trumps.value != b.trumps:
            self.trumps.value = b.trumps
        ledger = "".join(f"<li><code>{html.escape(a)}</code></li>" for a in b.actions)
        self.view.value = (
            f"<p>Trumps: <b>{b.trumps}</b> {b.trump.symbol}. Total: <b>{b.total}</b>.</p>"
            + (f"<details><summary>Ledger ({len(b.actions)})</summary><ol>{ledger}</ol></details>" if ledger else "")
            + b.explanation.html()
            + "<p><b>What could be declared next</b> (each as if after winning another trick):</p>"
            + options_html(b.options(), table)
        )


class PracticePanel(Panel):
    """Practise finding the best declaration: a hand is dealt with trumps turned up, the reader picks
    (or types) the declaration he thinks scores most, and the verdict names the rule; "Show the
    answer" lists every combination with its verdict, as the workbench does."""

    Bench: type[DeclarationBench] = Workbench
    JACK = False  # as the workbench's

    @property
    def keeps(self) -> tuple[str, str]:  # type: ignore[override]
        """The answers are kept under the game of the panel's own module (Briscan's its own)."""
        game = type(self).__module__.rsplit(".", 1)[-1]
        return game, game.title()

    def __init__(self, seed: int | str = 1):
        super().__init__()
        self.bench = self.Bench()
        self.source = w.Text(value=str(seed), description="seed", layout=w.Layout(width="160px"))
        self.deal_button = w.Button(description="New hand", button_style="primary")
        self.deal_button.on_click(self.guard(lambda _: self.new_hand()))
        self.choice = w.Dropdown(options=[], description="declare", layout=w.Layout(width="420px"))
        self.typed = w.Text(description="or type", layout=w.Layout(width="420px"), placeholder=f"declare {self.bench.EXAMPLE}")
        self.check_button = w.Button(description="Check")
        self.check_button.on_click(self.guard(lambda _: self.check()))
        self.answer_button = w.Button(description="Show the answer")
        self.answer_button.on_click(self.guard(lambda _: self.reveal()))
        self.revealed = False
        self._answered: set[str | None] = set()  # hands whose first answer is kept
        self.view = w.HTML()
        self.widget = w.VBox([
            w.HTML(CSS + STYLE), w.HBox([self.source, self.deal_button]), w.HBox([self.choice, self.check_button]),
            w.HBox([self.typed, self.answer_button]), self.message, self.view,
        ])
        self._deal(str(seed))
        self.refresh()

    def _deal(self, seed: str) -> None:
        self.bench.practice(seed)
        self._shown = seed
        self.source.value = seed
        self.revealed = False
        names = [o.action.removeprefix("declare ") for o in self.bench.options()]
        self.choice.options = names
        self.choice.value = names[0] if names else None

    def new_hand(self) -> None:
        """Deal the hand of the seed typed, or, the box unchanged, of the next seed."""
        shown = self._shown or "0"
        self._deal(self.asked_seed() or (str(int(shown) + 1) if shown.isdigit() else f"{shown}/next"))
        self.message.value = ""

    def check(self) -> None:
        """Judge the typed declaration, or else the one chosen in the list."""
        text = self.typed.value.strip() or (self.choice.value or "")
        verdict = self.bench.answer(text)
        if self._shown not in self._answered:  # each hand counts once: its first answer
            self._answered.add(self._shown)
            self.record("best declaration", f"{self._shown}: {text}", verdict.correct)
        self.say(verdict.text, verdict.correct)

    def reveal(self) -> None:
        self.revealed = True
        best = self.bench.best()
        self.say("The best here: " + "; ".join(f"{o.name} {o.faces}, {o.points}" for o in best) + ".", None)

    def refresh(self) -> None:
        b = self.bench
        answer = options_html(b.options()) if self.revealed else ""
        self.view.value = (f"<p>Trumps: <b>{b.trumps}</b> {b.trump.symbol}. Which declaration scores most?</p>"
                           + hand_svg(b.hand, caption="hand", jack=self.JACK) + answer)


