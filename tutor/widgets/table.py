"""The table panel: one panel for every game, drawn from the typed view of the reader's seat.

Any registered game plays here, two to four seats round the table with the partner opposite and
the others in the direction of play: the reader's hand (cards clicked where they are drawn), the
other hands face down with what each has shown, the trick in play and the last one, the stock, the
turn-up and trumps, the scores of the deal and of the match, what was declared, the log, a hint,
undo, the computer playing the deal out for the reader, the next deal and a new game, the deal bar (a link to the position on show, the projector
view). The legal actions come grouped by kind, each group named for what it does (and, while another seat
is to move, what the reader's seat may do out of turn, as buttons): a card played
is clicked in the hand; an action made of several cards of the hand (Piquet's discard, a call) is
made by selecting the cards and pressing the group's button; any other is a button, or a list
where there are many (Counterpique's bids).

Nothing here names a game: what a game shows is its :class:`~tutor.games.view.TableView`, and a
game's own fields come through its typed extension. The panel renders a complete static HTML
picture of what it shows, so a page saved without a kernel still shows the cards and the score.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..cards import PACKS
from ..errors import NotationError, TutorError, read_whole
from ..games import load
from ..games.view import GROUP_LABELS, Choice, Place, TableView, scorer_names
from ..render import hand_svg, sheet_html
from ..session import Position
from ..table import explanation, seat_view, table_session
from . import CSS, CardRow, GamePanel
from .live import LiveRegion, plain

if TYPE_CHECKING:  # pragma: no cover
    from ..review import Review

__all__ = ["TablePanel", "TABLE_CSS", "THINKING_CSS", "places"]

TABLE_CSS = """<style>
.tutor-table{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1.4fr) minmax(0,1fr);gap:8px;align-items:start;
  grid-template-areas:". top ." "left middle right" ". bottom ."}
.tutor-table.tutor-seats2{grid-template-areas:"top top top" "middle middle middle" "bottom bottom bottom"}
.tutor-table .tutor-place{border:1px solid #d1d5db;border-radius:6px;padding:4px 6px;min-height:40px;min-width:0;overflow-wrap:anywhere}
.tutor-table .tutor-turn{border-color:#1d4ed8;border-width:2px}
.tutor-table .tutor-middle{background:#f9fafb}
.tutor-back{display:inline-block;width:16px;height:24px;margin-right:2px;border-radius:3px;background:#3b5b92;border:1px solid #1f2933}
.tutor-scores{border-collapse:collapse;font-size:90%}
.tutor-scores td,.tutor-scores th{padding:2px 10px;border-bottom:1px solid #e5e7eb;text-align:right}
.tutor-scores th:first-child,.tutor-scores td:first-child{text-align:left}
.tutor-log{font-size:90%;line-height:1.35}
.tutor-group-label{font-weight:600;margin-right:6px}
@media (max-width:600px){.tutor-table,.tutor-table.tutor-seats2{grid-template-columns:minmax(0,1fr);
  grid-template-areas:"top" "left" "right" "middle" "bottom"}}
.tutor-table-panel .widget-html,.tutor-table-panel .widget-html-content{max-width:100%;min-width:0}
.tutor-table-panel .widget-html-content{overflow-x:auto;overflow-wrap:anywhere}
.tutor-table-panel .widget-hbox{flex-wrap:wrap}
.tutor-projector .tutor-table{gap:16px}
.tutor-projector .tutor-back{width:32px;height:48px}
</style>"""

#: the heading of the list of moves made by a button (a card is played from the hand)
MOVES_LABEL = "<p class='tutor-moves-label'><b>Your other moves</b> (cards are played from your hand)</p>"
#: the "thinking" cue: on the page only once it has been on for 300 ms (a quick move shows nothing)
THINKING_CSS = """<style>
.tutor-thinking{opacity:0;animation:tutor-thinking-in 0s linear .3s forwards;font-style:italic;color:#1d4ed8}
@keyframes tutor-thinking-in{to{opacity:1}}
.tutor-review .tutor-mistake{color:#7f1d1d}
</style>"""
#: how many reviewed decisions get a "play on from here" button (the costliest)
_PLAY_ON = 8

#: the places round the table from the viewer, in order of play (play passing to the left)
_PLACES = {2: ("bottom", "top"), 3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}
#: a line of the log that says what was scored ("First +20: marriage in hearts.")
_SCORE_LINE = re.compile(r" [+-]\d+: ")
#: a group of choices made by selecting cards of the hand when it has more choices than this
_SELECT_OVER = 8
#: a group without cards is a list (not a button each) when it has more choices than this
_LIST_OVER = 6


def places(view: TableView) -> dict[str, Place]:
    """Where each seat sits as the viewer sees the table: ``bottom`` (the viewer), then the others
    in order of play: ``left``, ``top``, ``right`` at four; ``left``, ``right`` at three; ``top`` at
    two (left and right swapped where play passes to the right)."""
    names = _PLACES[len(view.places)]
    if view.direction == -1:
        names = names[:1] + tuple({"left": "right", "right": "left"}.get(x, x) for x in names[1:])
    return dict(zip(names, view.places))


def _backs(n: int) -> str:
    return f'<span role="img" aria-label="{n} cards face down">' + '<span class="tutor-back"></span>' * n + "</span>"


def _selects(group: tuple[Choice, ...]) -> bool:
    """Whether a group's actions are made by selecting cards: many of them, some of several cards."""
    return len(group) > _SELECT_OVER and any(len(c.cards) > 1 for c in group)


class TablePanel(GamePanel):
    """Play a match of ``game`` (a registered name, with its rule options as keywords) at a table:
    the reader at one seat (``readers`` names the persons the readers hold: several pass one
    screen), the computer at the others. With ``count``, the counting drill: the scores of the deal
    stay hidden until it ends, and the reader checks his own running count against the engine's."""

    def __init__(self, game: str, seed: int | str = 1, readers: Iterable[str] | None = None, *, count: bool = False,
                 **rules: Any):
        super().__init__()
        self.game = load(game, **rules)
        self.pack = self.game.TYPE.pack
        self.session = table_session(self.game, seed, readers)
        self.source = w.Text(value=str(seed), description="seed", layout=w.Layout(width="200px"))
        self._shown = str(seed)
        self.new_button = w.Button(description="New game")
        self.new_button.on_click(self.guard(lambda _: self.new_game()))
        self.prompt = w.HTML()
        self.board = w.HTML()
        self.hand_label = w.HTML()
        jack = self.game.TYPE.jack  # its chapters say jack, not knave
        self.hand_row = CardRow(self.guard(self._card), label="your hand", pack=self.pack, jack=jack)
        self.table_label = w.HTML()
        self.table_row = CardRow(self.guard(self._card), label="your cards on the table", pack=self.pack, jack=jack)
        self.selected: set = set()
        self.choices = w.VBox()
        self.choices_label = w.HTML()
        self._drawn: tuple = ()
        self.next_button = w.Button(description="Next deal", button_style="primary")
        self.next_button.on_click(self.guard(lambda _: self.next_deal()))
        self.hint_button = w.Button(description="Hint")
        self.hint_button.on_click(self.guard(lambda _: self.say(f"The computer would: {self.session.hint()}.", None)))
        self.undo_button = w.Button(description="Undo")
        self.undo_button.on_click(self.guard(lambda _: self.undo()))
        self.out_button = w.Button(description="Play the deal out")
        self.out_button.on_click(self.guard(lambda _: self.session.play_for_reader()))
        self.counting = count
        self.count_box = w.Text(description="your count", layout=w.Layout(width="180px"))
        self.count_button = w.Button(description="Check my count")
        self.count_button.on_click(self.guard(lambda _: self.check_count()))
        self.tally = [0, 0]  # counts checked right, counts checked
        counting = w.HBox([self.count_box, self.count_button])
        counting.layout.display = "" if count else "none"
        self.view = w.HTML()
        self.live = LiveRegion()  # what changed, read out: the moves, the prompt, the score, a hint
        self._heard: list[str] = []
        self.widget = w.VBox([
            w.HTML(CSS + TABLE_CSS), w.HBox([self.source, self.new_button]), self.prompt, self.board,
            self.hand_label, self.hand_row.widget, self.table_label, self.table_row.widget, self.choices_label, self.choices,
            counting, w.HBox([self.next_button, self.hint_button, self.undo_button, self.out_button]),
            self._strength_section(), self.message, self.view, self.live,
        ], layout=w.Layout(flex_flow="column"))
        self.widget.add_class("tutor-table-panel")
        self.refresh()

    # -- what the reader does -------------------------------------------------------------------
    def _card(self, card) -> None:
        """A card of the hand clicked: selected (or not) where the reader is choosing cards for an
        action, else played."""
        if self._selecting():
            self.selected ^= {card}
            self._drawn = ()  # what fitted the cards selected before does not fit now
        else:
            self.act(f"play {card}")

    def act(self, action) -> None:
        super().act(action)
        self.selected = set()

    def do_selected(self, kind: str) -> None:
        """The action of ``kind`` made of the selected cards (the engine refuses it, in the rules'
        words, if the rules do not allow it)."""
        group = seat_view(self.session).groups().get(kind, ())
        chosen = set(self.selected)
        if not chosen:
            raise TutorError(f"select the cards first: click them in your hand, then press '{GROUP_LABELS.get(kind, kind)}'", token=kind)
        fits = [c for c in group if set(c.cards) == chosen]
        if len(fits) == 1:
            self.act(fits[0].notation)
        elif len(fits) > 1:
            self._offer(fits)
        else:
            self.act(f"{kind} {' '.join(str(c) for c in sorted(chosen, key=str))}".strip())

    def new_game(self) -> None:
        super().new_game()
        self.selected = set()

    def undo(self) -> None:
        super().undo()
        self.selected = set()

    def check_count(self) -> None:
        """The counting drill: the count typed, checked against what the reader's side has scored
        in this deal so far (the engine's reckoning)."""
        said = read_whole(self.count_box.value, "a count (in points)", error=NotationError, lo=0)
        v = seat_view(self.session)
        mine = scorer_names(self.session.state, self.session.match)
        table = self.session.state.table
        me = table.seat(v.viewer)
        key = mine[table.side_name(me) if table.partnerships else me.name]
        true = v.scores[key]
        steps = [x for x in explanation(self.session) if x.player == key and x.points]
        last = f" (the last: {steps[-1].points} for {steps[-1].text})" if steps else ""
        self.tally[1] += 1
        right = said == true
        self.tally[0] += right
        text = f"Right: you have {true}." if right else f"Not quite: you have {true}, not {said}{last}."
        self.say(f"{text} Counts right so far: {self.tally[0]} of {self.tally[1]}.", right)

    def _selecting(self) -> bool:
        if not (self.session.reader_to_move and not self.session.between_deals):
            return False
        return any(_selects(g) for g in seat_view(self.session).groups().values())

    # -- drawing ----------------------------------------------------------------------------------
    def _offer(self, fits: list[Choice]) -> None:
        """Several actions fit the selected cards (a discard that shows the cards left, or not):
        a button each."""
        buttons = []
        for c in fits:
            b = _choice(c.label)
            b.on_click(self.guard(lambda _, n=c.notation: self.act(n)))
            buttons.append(b)
        self._replace_choices((w.HBox([w.HTML("<span class='tutor-group-label'>Which?</span>"), *buttons]),))
        self._drawn = ("offer", tuple(c.notation for c in fits))

    def _draw_choices(self, v: TableView) -> None:
        groups = {k: g for k, g in v.groups().items() if not (k == "play" and all(len(c.cards) == 1 for c in g))}
        key = tuple((k, tuple(c.notation for c in g)) for k, g in groups.items())
        if key == self._drawn:
            return
        self._drawn = key
        rows = []
        for kind, group in groups.items():
            label = GROUP_LABELS.get(kind, kind.capitalize())
            head = w.HTML(f"<span class='tutor-group-label'>{html.escape(label)}:</span>")
            if _selects(group):
                b = w.Button(description=f"{label}: the selected cards", button_style="primary")
                b.add_class("tutor-select")
                b.on_click(self.guard(lambda _, k=kind: self.do_selected(k)))
                bare = []  # what is done with no card ("discard nothing"): a button each
                for c in group:
                    if not c.cards:
                        x = _choice(c.label)
                        x.on_click(self.guard(lambda _, n=c.notation: self.act(n)))
                        bare.append(x)
                rows.append(w.HBox([head, b, *bare]))
            elif len(group) > _LIST_OVER:
                pick = w.Dropdown(options=[(c.label, c.notation) for c in group], description=label,
                                  layout=w.Layout(width="360px"))
                b = _choice(label, "primary")
                b.on_click(self.guard(lambda _, d=pick: self.act(d.value)))
                rows.append(w.HBox([pick, b]))
            else:
                buttons = []
                for c in group:
                    b = _choice(c.label)
                    b.on_click(self.guard(lambda _, n=c.notation: self.act(n)))
                    buttons.append(b)
                rows.append(w.HBox([head, *buttons], layout=w.Layout(flex_flow="row wrap")))
        # the list named for what it holds: the moves made by a button, not by a card of the hand
        self.choices_label.value = (MOVES_LABEL if rows else "")
        self._replace_choices(tuple(rows))

    def _replace_choices(self, rows: tuple) -> None:
        """Show ``rows`` of choices, closing the widgets they replace (ipywidgets keeps every widget
        made until it is closed: a long game must not pile them up)."""
        old = self.choices.children
        self.choices.children = rows
        for row in old:
            _close(row)

    def refresh(self) -> None:
        s = self.session
        v = seat_view(s)
        mine = s.reader_to_move and not s.between_deals
        groups = v.groups() if mine else {}
        selecting = any(_selects(g) for g in groups.values())
        plays = {c.cards[0] for c in groups.get("play", ()) if len(c.cards) == 1}
        hand = v.hand
        laid = tuple(c for c in v.me.shown if c not in set(hand))  # laid on the table, still to be played from there
        self.selected &= set(hand)
        if selecting:
            self.hand_row.show(hand, selected=self.selected, new=v.fresh)
            self.hand_label.value = "<b>Your hand</b> (click cards to select them, then press the button below)"
        else:
            self.hand_row.show(hand, enabled=plays, new=v.fresh)
            self.hand_label.value = "<b>Your hand</b>" + (" (click a card to play it)" if plays else "")
        self.table_row.show(laid, enabled=plays)
        self.table_label.value = "<b>Your cards on the table</b> (played from there as from the hand)" if laid else ""
        self.table_row.widget.layout.display = "" if laid else "none"
        offering = bool(self._drawn) and self._drawn[0] == "offer"
        if not (offering and selecting):  # the view's choices: the reader's, or what he may do out of turn
            self._draw_choices(v)
        self.next_button.disabled = not s.between_deals
        self.hint_button.disabled = not mine
        self.count_button.disabled = v.over
        self.out_button.disabled = s.between_deals or s.is_over
        self.undo_button.disabled = not s.actions
        self.prompt.value = f'<p><b>{html.escape(self._prompt(v))}</b></p>'
        self.board.value = self._board(v)
        self.view.value = self._below(v)
        self._announce(v)
        self._refresh_strength()

    def _announce(self, v: TableView) -> None:
        """Read out what changed: the moves logged since the last reading, the prompt, the score of
        the deal (unless the reader is keeping the count himself) and a note or hint on show (an error
        is read out by its own alert)."""
        log = list(self.session.log)
        heard = self._heard
        new = log[len(heard):] if log[:len(heard)] == heard else log[-3:]
        self._heard = log
        hide = self.counting and not v.over
        moves = [x for x in new[-6:] if not (hide and _SCORE_LINE.search(x))]
        score = "" if hide or not v.scores else "Score: " + ", ".join(f"{n} {p}" for n, p in v.scores.items()) + "."
        note = "" if "tutor-error" in self.message.value else plain(self.message.value)
        self.live.say(*moves, self._prompt(v), score, note)

    def _prompt(self, v: TableView) -> str:
        s = self.session
        match = s.match
        if match is not None and match.is_over:
            return f"The {match.NOUN} is over: {match.outcome()}. Start a new game to play again."
        if s.between_deals:
            return f"Deal {len(match.records) if match else 1} is over: read its reckoning, then deal the next."
        if not s.reader_to_move and not v.over:
            return v.prompt if v.choices else "The computer is playing."
        return v.prompt

    def _board(self, v: TableView) -> str:
        cells = []
        persons = {x.name for x in v.places}
        for place, p in places(v).items():
            seat = f"the {p.seat} seat" if p.seat in persons and p.seat != p.name else p.seat
            who = f"{p.name} ({seat}{', dealer' if p.dealer and p.seat != 'dealer' else ''})"
            if place == "bottom":
                cards = "<p>your hand, below</p>"
            else:
                cards = _backs(p.cards)
            if place == "bottom":  # the reader's own cards are drawn once, by his rows below: here in words
                shown = f"<p>shown: {html.escape(' '.join(c.symbol for c in p.shown))}</p>" if p.shown else ""
            else:
                shown = hand_svg(p.shown, caption="shown", pack=self.pack) if p.shown else ""
            tricks = f"<div>tricks: {p.tricks}</div>" if v.tricks_played or p.tricks else ""
            turn = " tutor-turn" if p.to_move else ""
            cells.append(f'<div class="tutor-place{turn}" style="grid-area:{place}"><b>{html.escape(who)}</b>{cards}{shown}{tricks}</div>')
        middle = []
        if v.trick.plays:
            seen = [x.card for x in v.trick.plays if x.card is not None]
            lead = v.trick.plays[0].name
            middle.append(hand_svg(seen, caption=f"{lead} led", pack=self.pack) + _backs(len(v.trick.plays) - len(seen)))
        else:
            middle.append("<p>No card on the trick.</p>")
        if v.last_trick is not None:
            won = next((x.name for x in v.last_trick.plays if x.seat == v.last_trick.winner), None)
            taken = [x.card for x in v.last_trick.plays if x.card is not None]
            middle.append(hand_svg(taken, caption=f"last trick{', ' + won + chr(39) + 's' if won else ''}", pack=self.pack))
        if v.turnup is not None:
            middle.append(hand_svg([v.turnup], caption="turn-up", pack=self.pack))
        facts = []
        if v.trumps is not None or v.turnup is not None:
            facts.append(f"Trumps: <b>{html.escape(v.trumps or 'none yet')}</b>")
        if v.stock is not None:
            facts.append(f"{html.escape(v.stock_name.capitalize())}: {v.stock}")
        if facts:
            middle.append(f"<p>{'; '.join(facts)}</p>")
        cells.append(f'<div class="tutor-place tutor-middle" style="grid-area:middle">{"".join(middle)}</div>')
        board = f'<div class="tutor-table tutor-seats{len(v.places)}">{"".join(cells)}</div>'
        return board.replace("knave of ", "jack of ") if self.hand_row.jack else board  # the cards' names, as in the hand

    def _below(self, v: TableView) -> str:
        s = self.session
        match = s.match
        standing = v.standing or {}
        target = f" (to {v.target})" if v.target else ""
        names = list(dict.fromkeys([*v.scores, *standing]))
        hide = self.counting and not v.over  # the counting drill: the reader keeps the count himself
        rows = "".join(f"<tr><td>{html.escape(n)}</td><td>{'?' if hide else v.scores.get(n, '')}</td><td>{standing.get(n, '')}</td></tr>"
                       for n in names)
        scores = ('<table class="tutor-scores"><thead><tr><th></th><th>this deal</th>'
                  f"<th>the {html.escape(match.NOUN if match else 'match')}{html.escape(target)}</th></tr></thead><tbody>{rows}</tbody></table>")
        declared = ""
        if v.declared:
            items = "".join(f"<li>{html.escape(d.name.capitalize())}: {html.escape(d.what)}"
                            + (f" {html.escape(' '.join(c.symbol for c in d.cards))}" if d.cards else "") + "</li>" for d in v.declared)
            declared = f"<p><b>Declared</b></p><ul>{items}</ul>"
        extra = ""
        if v.extra is not None and v.extra.items():
            facts: list[str] = []
            for (label, value), (_, said) in zip(v.extra.items(), v.extra.lines()):
                if isinstance(value, tuple) and all(isinstance(x, str) for x in value):  # sentences: one a line
                    inner = "".join(f"<li>{html.escape(x)}</li>" for x in value)
                    facts.append(f"<li>{html.escape(label.capitalize())}:<ul>{inner}</ul></li>")
                else:
                    facts.append(f"<li>{html.escape(label.capitalize())}: {html.escape(said)}</li>")
            extra = "<ul>" + "".join(facts) + "</ul>"
        steps = explanation(s).html()
        reckoning = (f"<p><b>The reckoning of this deal</b>:</p>{steps}" if v.over
                     else "" if hide else f"<details open><summary>This deal's scoring so far</summary>{steps}</details>")
        sheet = sheet_html(match) if match is not None and match.records else ""
        lines = [x for x in s.log[-16:] if not (hide and _SCORE_LINE.search(x))]
        log = "<br>".join(html.escape(x) for x in lines)
        return scores + declared + extra + reckoning + sheet + f'<p class="tutor-log">{log}</p>' + self._twins_note()

    def _twins_note(self) -> str:
        """Where the pack holds every card twice, what the mark on a card's second copy means (it is
        written ``QS'`` above, and drawn with a small 2)."""
        if not any(c.copy for c in PACKS[self.game.TYPE.pack].cards):
            return ""
        return ('<p class="tutor-rule">The pack holds every card twice: a card written with a mark, '
                "<code>QS'</code>, is the second copy of <code>QS</code> (drawn with a small 2).</p>")

    # -- the computer's level, its "thinking" cue, and the review of a deal ------------------------
    def _strength_section(self) -> w.VBox:
        """The controls of the computer's strength: the level picker, the cue shown while the
        computer thinks, "Review this deal" once a deal is over, and the review with a "play on from
        here" for each decision reviewed."""
        from ..games.strength import LEVELS

        self.level = "beginner"
        #: the player that weighs the reader's decisions in a review (None: the game's strong player)
        self.reviewer: Any = None
        self.review: Review | None = None
        self._reviewed: Position | None = None
        self.level_picker = w.ToggleButtons(options=[(x.capitalize(), x) for x in LEVELS], value=self.level,
                                            description="The computer plays as")
        self.level_picker.observe(self.guard(lambda change: self.set_level(change["new"])), names="value")
        self.session.bot = _ThinkingBot(self, self.session.bot)
        self.thinking = w.HTML(value="")
        self.thinking.add_class("tutor-thinking-box")
        self.review_button = w.Button(description="Review this deal", disabled=True)
        self.review_button.on_click(self.guard(lambda _: self.show_review()))
        self.review_view = w.HTML(value="")
        self.play_on_box = w.VBox()
        box = w.VBox([w.HTML(THINKING_CSS), w.HBox([self.level_picker, self.review_button]), self.thinking,
                      self.review_view, self.play_on_box])
        box.add_class("tutor-strength")
        return box

    def set_level(self, level: str) -> None:
        """The computer seats played at ``level`` (``beginner`` or ``strong``) from the next move
        on; a level the game cannot give is refused in words and the picker goes back."""
        if getattr(self, "_picking", False):
            return
        try:
            bot = self.game.bot(level)
        except TutorError:
            self._picking = True
            try:
                self.level_picker.value = self.level
            finally:
                self._picking = False
            raise
        self.level = level
        self.session.bot = _ThinkingBot(self, bot)
        if self.level_picker.value != level:
            self._picking = True
            try:
                self.level_picker.value = level
            finally:
                self._picking = False

    def guard(self, fn):
        """The base's guard, and the "thinking" cue cleared whatever happened (see :class:`_ThinkingBot`)."""
        inner = super().guard(fn)

        def run(*args, **kwargs) -> None:
            try:
                inner(*args, **kwargs)
            finally:
                self.set_thinking(False)

        return run

    def set_thinking(self, on: bool) -> None:
        """Show (or clear) the cue that the computer is thinking. It is set before the computer's
        work starts and cleared after; the page shows it only once it has been on for 300 ms, so a
        quick move never flickers it."""
        thinking = getattr(self, "thinking", None)
        if thinking is None:
            return
        cue = ('<div class="tutor-thinking" role="status">The computer is thinking…</div>' if on else "")
        if thinking.value != cue:
            thinking.value = cue

    def show_review(self) -> None:
        """The review of the deal on show (over only): the reader's decisions weighed by the strong
        player, the biggest mistakes first, each with "play on from here"."""
        from ..review import review_session

        s = self.session
        if not s.state.is_over:
            raise TutorError("the deal is not over yet: review it once it ends", token="review")
        self.set_thinking(True)  # the strong player weighs every decision: this may take a while
        weigher = self.reviewer if self.reviewer is not None else self.game.bot("strong")
        rev = review_session(s, weigher=weigher)
        self.review, self._reviewed = rev, s.position
        self.review_view.value = rev.html()
        rows = []
        for d in rev.ranked()[:_PLAY_ON]:
            b = w.Button(description=f"Play on from {d.where} ({d.seat})")
            b.add_class("tutor-play-on")
            b.on_click(self.guard(lambda _, d=d: self.play_on(d)))
            rows.append(b)
        old = self.play_on_box.children
        self.play_on_box.children = tuple(rows)
        for row in old:
            _close(row)

    def play_on(self, decision: Any) -> None:
        """Open the position just before a reviewed decision in this panel's session: the reader
        plays on from there against the computer (at the level picked)."""
        rev = self.review
        if rev is None or decision not in rev.decisions:
            raise TutorError("review a deal first, then play on from one of its decisions", token="play on")
        pos = decision.position
        standing = pos.totals() if rev.with_match and self.session.with_match else None
        self.open_position(pos.code, ",".join(pos.moves), pos.dealer, standing)
        self.say(f"Playing on from {decision.where}: the position before your {decision.chosen.action}.", None)

    def _refresh_strength(self) -> None:
        s = self.session
        over = s.state.is_over
        self.review_button.disabled = not (over and s.reader_seats)
        if self._reviewed is not None and self._reviewed != s.position:  # the review spoke of another position
            self.review, self._reviewed = None, None
            self.review_view.value = ""
            old = self.play_on_box.children
            self.play_on_box.children = ()
            for row in old:
                _close(row)


class _ThinkingBot:
    """The computer player of a panel, which sets the panel's "thinking" cue before each choice
    (the panel's guard clears it when the reader's action and the computer's answers are done)."""

    def __init__(self, panel: TablePanel, bot: Any):
        self.panel, self.bot = panel, bot

    def choose(self, seat: Any) -> Any:
        self.panel.set_thinking(True)
        return self.bot.choose(seat)


def _close(widget: w.Widget) -> None:
    """Close a widget with its children and the layout and style widgets that come with each."""
    for child in getattr(widget, "children", ()):
        _close(child)
    for part in ("layout", "style"):
        inner = getattr(widget, part, None)
        if isinstance(inner, w.Widget):
            inner.close()
    widget.close()


def _choice(label: str, style: str = "") -> w.Button:
    """A button that makes one of the legal actions (its class lets a page find every choice)."""
    b = w.Button(description=label, button_style=style)
    b.add_class("tutor-choice")
    return b
