"""The table panel: a game of the stock-and-tricks core for two to four, with the reader at one seat
(a computer partner and computer opponents at a four), or several readers passing one screen.

One panel for every such game (Bondtolva for two, three and four; the partnership games): the hands
round the table with only the hand of the reader to move face up, the trick in the middle, each
side's tricks and points, the questions asked and answered in the log, undo and hints, and every
score worked out with its rule. A view over :mod:`tutor.games.stock.seating`; it renders a complete
static HTML picture of what it shows (``.view.value``), so a page saved without a kernel still
shows the cards and the score.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

import ipywidgets as w

from ..games import load
from ..games.stock.actions import Play
from ..games.stock.seating import explanation, person_questions, prompt, table_session, table_view
from ..render import hand_svg, sheet_html
from . import CSS, CardRow, GamePanel
from .bezique import STYLE

__all__ = ["TablePanel"]

TABLE_STYLE = """<style>
.tutor-table4{display:grid;grid-template-columns:1fr 1.4fr 1fr;grid-template-rows:auto auto auto;gap:8px;align-items:center}
.tutor-table4 .tutor-place{border:1px solid #e5e7eb;border-radius:6px;padding:4px 6px;min-height:40px}
.tutor-table4 .tutor-turn{border-color:#2563eb;border-width:2px}
.tutor-back{display:inline-block;width:16px;height:24px;margin-right:2px;border-radius:3px;background:#3b5b92;border:1px solid #1f2933}
</style>"""
_CELLS = {"top": "1 / 2", "left": "2 / 1", "right": "2 / 3", "bottom": "3 / 2"}


def _backs(n: int) -> str:
    return f'<span role="img" aria-label="{n} cards face down">' + '<span class="tutor-back"></span>' * n + "</span>"


class TablePanel(GamePanel):
    """Play ``game`` (``"bondtolva4"`` by default) at a table: you, a computer partner (at four)
    and computer opponents; ``readers`` names the persons the readers hold (pass-and-play)."""

    def __init__(self, seed: int | str = 1, game: str = "bondtolva4", readers: Iterable[str] | None = None, **rules):
        super().__init__()
        self.session = table_session(load(game, **rules), seed, readers)
        self.source = w.Text(value=str(seed), description="seed", layout=w.Layout(width="200px"))
        self._shown = str(seed)
        self.new_button = w.Button(description="New game")
        self.new_button.on_click(self.guard(lambda _: self.new_game()))
        self.prompt = w.HTML()
        self.board = w.HTML()
        self.hand_row = CardRow(self.guard(self.play), size=8)
        self.other = w.Dropdown(options=[], description="or", layout=w.Layout(width="340px"))
        self.do_button = w.Button(description="Do it", button_style="primary")
        self.do_button.on_click(self.guard(lambda _: self.act(self.other.value or "ask")))
        self.next_button = w.Button(description="Next deal", button_style="primary")
        self.next_button.on_click(self.guard(lambda _: self.next_deal()))
        self.hint_button = w.Button(description="Hint")
        self.hint_button.on_click(self.guard(lambda _: self.say(f"The computer would: {self.session.hint()}.", None)))
        self.undo_button = w.Button(description="Undo")
        self.undo_button.on_click(self.guard(lambda _: self.undo()))
        self.view = w.HTML()
        self.widget = w.VBox([
            w.HTML(CSS + STYLE + TABLE_STYLE), w.HBox([self.source, self.new_button]), self.prompt, self.board,
            w.HTML("<b>Your hand</b> (click a card to play it)"), self.hand_row.widget,
            w.HBox([self.other, self.do_button]),
            w.HBox([self.next_button, self.hint_button, self.undo_button]),
            self.message, self.view,
        ], layout=w.Layout(flex_flow="column"))
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        v = table_view(s)
        legal = list(s.legal_actions()) if s.reader_to_move and not s.between_deals else []
        me = v["seats"]["bottom"]
        self.hand_row.show(me["hand"] or [], enabled={a.card for a in legal if isinstance(a, Play)})
        others = [str(a) for a in legal if not isinstance(a, Play)]
        if tuple(self.other.options) != tuple(others):
            self.other.options = others
            self.other.value = others[0] if others else None
        self.other.disabled = self.do_button.disabled = not others
        self.next_button.disabled = not s.between_deals
        self.hint_button.disabled = not legal
        self.prompt.value = f"<p><b>{html.escape(prompt(s))}</b></p>"

        cells = []
        for place, seat in v["seats"].items():
            who = f"{seat['person']} ({seat['seat']}{', reader' if seat['reader'] else ''})"
            cards = ("<p>your hand, below</p>" if place == "bottom" and seat["hand"] is not None  # drawn once: by the card row
                     else hand_svg(seat["hand"]) if seat["hand"] is not None else _backs(seat["cards"]))
            shown = hand_svg(seat["shown"], caption="shown") if seat["shown"] and seat["hand"] is None else ""
            turn = " tutor-turn" if seat["to_move"] else ""
            cells.append(f'<div class="tutor-place{turn}" style="grid-area:{_CELLS[place]}"><b>{html.escape(who)}</b>{cards}{shown}</div>')
        trick = v["trick"]
        seen = [c for _, c in trick if c is not None]
        middle = (hand_svg(seen, caption=f"{trick[0][0]} led") + _backs(len(trick) - len(seen)) if trick
                  else "<p>No card on the trick.</p>")
        last = v["last_trick"]
        middle += hand_svg(last[0], caption=f"last trick, {last[1]}'s") if last else ""
        middle += f"<p>Trumps: <b>{html.escape(v['trumps'] or 'none yet')}</b>" + (f"; stock {v['stock']}" if v["stock"] else "") + "</p>"
        cells.append(f'<div class="tutor-place" style="grid-area:2 / 2">{middle}</div>')
        self.board.value = f'<div class="tutor-table4">{"".join(cells)}</div>'

        rows = "".join(f"<tr><td>{html.escape(name)}</td><td>{x['tricks']}</td><td>{x['points']}</td><td>{x['total']}</td></tr>"
                       for name, x in v["sides"].items())
        asked = "".join(f"<li>{html.escape(q)}</li>" for q in person_questions(s))
        steps = explanation(s).html()
        over = s.state.is_over
        reckoning = (f"<p><b>The reckoning of this deal</b>:</p>{steps}" if over
                     else f"<details open><summary>This deal's scoring so far</summary>{steps}</details>")
        match = s.match
        sheet = sheet_html(match) if match is not None and match.records else ""
        log = "<br>".join(html.escape(x) for x in s.log[-16:])
        self.view.value = (
            '<table class="tutor-scores"><thead><tr><th></th><th>tricks</th><th>points, this deal</th>'
            f"<th>the game (to {v['target']})</th></tr></thead><tbody>" + rows + "</tbody></table>"
            + (f"<p><b>Questions asked and answered</b></p><ul>{asked}</ul>" if asked else "")
            + reckoning + sheet + f'<p class="tutor-log">{log}</p>'
        )
