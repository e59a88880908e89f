"""The Chouine panels special to the game: a declaration workbench, and practice at finding the best
declaration (a rubber against the computer is the table panel, :mod:`tutor.widgets.table`).

The workbench and practice are views over :mod:`tutor.games.chouine.workbench`, which asks the engine about every declaration. Each renders a
complete static HTML picture of what it shows (``.view.value``).
"""

from __future__ import annotations

import html

import ipywidgets as w

from ..cards import Card, Suit
from ..games.chouine.workbench import Option, Practice, Workbench
from ..render import card_svg, hand_svg
from . import CSS, CardRow, Panel
from .bezique import STYLE

__all__ = ["WorkbenchPanel", "PracticePanel", "options_html"]


def options_html(options: list[Option]) -> str:
    """Every combination the hand could make now: what it scores, or the rule that refuses it."""
    if not options:
        return "<p>This hand makes no combination now.</p>"
    rows = []
    for o in options:
        worth = "wins the deal" if o.wins else str(o.points)
        verdict = (f'<span class="tutor-ok">{"wins the deal outright" if o.wins else f"scores {o.points}"}</span>'
                   f'<br><span class="tutor-rule">{html.escape(o.rule)}</span>' if o.legal else f"refused: {html.escape(o.why or '')}")
        rows.append(f'<tr class="{"tutor-legal" if o.legal else "tutor-refused"}"><td>{html.escape(o.name)}</td>'
                    f'<td>{html.escape(" ".join(c.symbol for c in o.cards))}</td><td class="tutor-num">{worth}</td>'
                    f"<td>{verdict}</td></tr>")
    return ('<table class="tutor-options"><thead><tr><th>combination</th><th>cards</th><th>points</th>'
            f"<th>declared now</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


class WorkbenchPanel(Panel):
    """A hand of your choosing (or dealt) at the table: every combination it could declare now,
    scored or refused with its rule; declare, play a card (the other player answers with his lowest
    and the stock is drawn), undo."""

    def __init__(self, hand: str | None = None, trumps: str = "hearts"):
        super().__init__()
        self.bench = Workbench(hand, trumps)
        self.source = w.Text(value=str(self.bench.hand), description="hand", layout=w.Layout(width="320px"),
                             placeholder="five cards, e.g. KS QS JS 7C 8C")
        self.use_button = w.Button(description="Use this hand")
        self.use_button.on_click(self.guard(lambda _: self.use_hand()))
        self.seed = w.Text(value="1", description="seed", layout=w.Layout(width="160px"))
        self.deal_button = w.Button(description="Deal a hand")
        self.deal_button.on_click(self.guard(lambda _: self.deal()))
        self.trumps = w.Dropdown(options=[s.noun for s in Suit], value=self.bench.trumps, description="trumps")
        self.trumps.observe(self.guard(lambda ch: self.set_trumps(ch["new"])), "value")
        self.hand_row = CardRow(self.guard(self.play), size=5, jack=True)  # the chapters say jack
        self.declaration = w.Dropdown(options=[], description="declare", layout=w.Layout(width="420px"))
        self.declare_button = w.Button(description="Declare", button_style="primary")
        self.declare_button.on_click(self.guard(lambda _: self.declare()))
        self.undo_button = w.Button(description="Undo")
        self.undo_button.on_click(self.guard(lambda _: self.undo()))
        self.typed = w.Text(description="or type", layout=w.Layout(width="420px"), placeholder="declare tierce KS QS JS, play JS, exchange 7H")
        self.enter_button = w.Button(description="Enter")
        self.enter_button.on_click(self.guard(lambda _: self.enter()))
        self.view = w.HTML()
        self.widget = w.VBox([
            w.HTML(CSS + STYLE), w.HBox([self.source, self.use_button]), w.HBox([self.seed, self.deal_button, self.trumps]),
            w.HTML("<b>Your hand</b> (click a card to play it)"), self.hand_row.widget,
            w.HBox([self.declaration, self.declare_button, self.undo_button]), w.HBox([self.typed, self.enter_button]),
            self.message, self.view,
        ])
        self.refresh()

    # -- callbacks (each also callable from Python) -------------------------------------------
    def use_hand(self) -> None:
        self.bench.reset(self.source.value)
        self.say(f"Hand {self.bench.hand}; {self.bench.trumps} are trumps.", True)

    def deal(self) -> None:
        self.bench = Workbench.dealt(self.seed.value.strip() or 0, self.bench.rules)
        self.say(f"Dealt {self.bench.hand}; the turn-up makes {self.bench.trumps} trumps.", True)

    def set_trumps(self, trumps: str) -> None:
        if trumps != self.bench.trumps:
            self.bench.reset(trumps=trumps)
            self.say(f"{trumps.capitalize()} are trumps now: the hand starts again.", True)

    def declare(self) -> None:
        self.say(self.bench.apply(self.declaration.value or "declare"), True)

    def play(self, card: Card | str) -> None:
        self.say(self.bench.apply(f"play {card}"), True)

    def enter(self) -> None:
        self.say(self.bench.apply(self.typed.value), True)
        self.typed.value = ""

    def undo(self) -> None:
        self.say("Taken back." if self.bench.undo() else "Nothing to take back.", None)

    # -- the picture ---------------------------------------------------------------------------
    def refresh(self) -> None:
        b = self.bench
        self.source.value = str(b.hand)
        if self.trumps.value != b.trumps:
            self.trumps.value = b.trumps
        self.hand_row.show(b.hand, enabled=set(b.playable()))
        options = b.options()
        legal = [o.action for o in options if o.legal]
        if tuple(self.declaration.options) != tuple(legal):
            self.declaration.options = legal
            self.declaration.value = legal[0] if legal else None
        self.declaration.disabled = self.declare_button.disabled = not legal
        s = b.state
        up = f"{card_svg(s.turnup, jack=True)}<br><small>turn-up</small>" if s.turnup is not None else "<small>turn-up taken</small>"
        declared = "".join(f"<li>{html.escape(d)}</li>" for d in b.declared())
        self.view.value = (
            f'<div class="tutor-board"><div>{up}</div><div><p>Trumps: <b>{b.trumps}</b> {b.trump.symbol}. '
            f"Your total: <b>{b.total}</b>. Stock: {len(s.stock) + (s.turnup is not None)}.</p></div></div>"
            + (f"<p>Declared this deal:</p><ul>{declared}</ul>" if declared else "")
            + "<p><b>What could be declared now</b>:</p>" + options_html(options)
            + b.explanation.html()
        )


class PracticePanel(Panel):
    """Practice: a hand is dealt that holds a combination; choose the best declaration (or none) and
    be told whether it is, and by which rule."""

    keeps = ("chouine", "Chouine")

    def __init__(self, seed: int | str = 1):
        super().__init__()
        self.practice = Practice(seed)
        self.choice = w.Dropdown(options=[], description="declare", layout=w.Layout(width="420px"))
        self.check_button = w.Button(description="Check", button_style="primary")
        self.check_button.on_click(self.guard(lambda _: self.check()))
        self.new_button = w.Button(description="New hand")
        self.new_button.on_click(self.guard(lambda _: self.new_hand()))
        self.view = w.HTML()
        self.widget = w.VBox([w.HTML(CSS + STYLE), self.view, w.HBox([self.choice, self.check_button, self.new_button]), self.message])
        self._answered = False
        self.refresh()

    def check(self) -> None:
        choice = self.choice.value or "none"
        b = self.practice.bench
        ok, words = self.practice.answer(choice)
        if not self._answered:  # each hand counts once: its first answer
            self.record("best declaration", f"{' '.join(map(str, b.hand))} ({b.trumps}): {choice}", ok)
        self._answered = True
        self.say(words, ok)

    def new_hand(self) -> None:
        self.practice.next()
        self._answered = False
        self.message.value = ""

    def refresh(self) -> None:
        b = self.practice.bench
        choices = ["none", *(o.action for o in b.options())]
        if tuple(self.choice.options) != tuple(choices):
            self.choice.options = choices
            self.choice.value = choices[0]
        p = self.practice
        solution = (f"<details><summary>Every combination of this hand</summary>{options_html(b.options())}</details>"
                    if self._answered else "")
        self.view.value = (
            f"<p>Trumps: <b>{b.trumps}</b> {b.trump.symbol} (turn-up {b.state.turnup}). You lead: which declaration is best?</p>"
            + hand_svg(b.hand, caption="hand", jack=True) + solution
            + f"<p class='tutor-rule'>Right {p.right} of {p.asked}.</p>"
        )
