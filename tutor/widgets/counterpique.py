"""The Counterpique panels special to the game: the auction, the draw, the declarations and the
score pad, each stage practised alone (a whole rubber is the table panel). Views over the contract's session, read through
:class:`~tutor.widgets.counterpique_rubber.RubberView`.

Each deal panel gives the reader one stage of the deal (the computer plays the rest for both
sides, so each stage can be practised alone) and renders a complete static HTML picture of the
deal in ``.view.value``: a page saved without a kernel still shows the hand, the auction, the
contract and the score.
"""

from __future__ import annotations

import html

import ipywidgets as w

from ..cards import Card, check_seed
from ..errors import IllegalActionError
from ..explain import Explanation
from ..games.counterpique import BIDS, Bid, CounterpiqueRules, Phase, parse_bid
from ..games.counterpique.actions import (
    MAX_LEFT,
    MAX_TRICKS,
    MIN_LEFT,
    MIN_TRICKS,
    TALON,
    Call,
    Exchange,
)
from ..games.counterpique.pad import GAME
from ..games.counterpique.state import ABOVE, SEATS, TRICKS
from ..games.piquet.combos import BIT_CARD
from ..render import hand_svg
from . import CSS, CardRow, Panel
from .counterpique_rubber import STAGE, RubberView, rubber_session

__all__ = ["AuctionPanel", "DeclarationPanel", "DrawPanel", "PadPanel", "bid_table_html", "pad_html"]

STYLE = """<style>
.tutor-bids{border-collapse:collapse;font-size:90%}
.tutor-bids td,.tutor-bids th{padding:2px 7px;text-align:center;border:1px solid #e5e7eb}
.tutor-bids .tutor-bid-low{color:#9aa5b1}
.tutor-bids .tutor-bid-now{background:#dbeafe;font-weight:700}
.tutor-bids .tutor-bid-contract{background:#fef3c7;font-weight:700}
.tutor-pad{border-collapse:collapse;font-size:90%}
.tutor-pad td,.tutor-pad th{padding:2px 8px;text-align:left}
.tutor-pad td.tutor-num,.tutor-pad th.tutor-num{text-align:right;min-width:5em}
.tutor-pad tr.tutor-line td{border-top:3px double #1f2933}
.tutor-pad tr.tutor-game td{border-top:1px solid #1f2933;font-style:italic}
.tutor-pad tr.tutor-total td{border-top:2px solid #1f2933;font-weight:700}
.tutor-contract th,.tutor-contract td{padding:2px 8px;text-align:left;border-bottom:1px solid #e5e7eb}
</style>"""

FIRST_DEALER = (("by the cut", "cut"), ("you", "you"), ("the computer", "computer"))
_FIRST = {"cut": "cut", "you": "you", "computer": "computer"}


# -- static pictures (pure functions of a session) ------------------------------------------------------


def bid_table_html(current: Bid | None = None, contract: Bid | None = None) -> str:
    """Every bid's value, tricks down and cards left to Younger across; bids not above ``current``
    greyed, ``current`` and ``contract`` marked."""
    head = "".join(f"<th>{c}<br><small>draws {TALON - c}</small></th>" for c in range(MIN_LEFT, MAX_LEFT + 1))
    rows = []
    for t in range(MIN_TRICKS, MAX_TRICKS + 1):
        cells = []
        for c in range(MIN_LEFT, MAX_LEFT + 1):
            b = Bid(t, c)
            cls = ("tutor-bid-contract" if b == contract else "tutor-bid-now" if b == current
                   else "tutor-bid-low" if current is not None and b.value <= current.value else "")
            cells.append(f'<td class="{cls}" title="{b.name}">{b.value}</td>')
        rows.append(f"<tr><th>{t}</th>{''.join(cells)}</tr>")
    return (
        '<table class="tutor-bids"><thead><tr><th>tricks \\ cards left</th>' + head + "</tr></thead><tbody>"
        + "".join(rows) + "</tbody></table>"
        "<p class='tutor-rule'>A bid names the tricks Elder will take (of thirteen: twelve are played, the last "
        "counting two) and the talon cards he leaves Younger; it is worth tricks × cards left, and Elder may "
        "draw the rest of the eight. A raise must be worth more; equal values are no raise.</p>"
    )


def status_html(session: RubberView) -> str:
    """Where the rubber stands: the deal, who deals, games won, and this game's score below the line."""
    pad, (a, b) = session.pad, session.names
    games = f"games: {a} {pad.games_won(0)}, {b} {pad.games_won(1)}"
    if pad.is_over:
        return f"<p>Rubber over after {pad.deals} deals; {games}.</p>"
    dealer = session.name(1)
    return (f"<p>Deal {pad.deals + (0 if session.paused else 1)}, {dealer} dealing; {games}; "
            f"below the line in game {pad.game + 1}: {a} {pad.below(0)}, {b} {pad.below(1)} "
            f"(a game is {GAME}).</p>")


def hands_html(session: RubberView, selected=(), *, mine: bool = True) -> str:
    """Both hands (the other hidden until the deal is over); ``mine=False`` leaves out the reader's
    own hand, for a panel that shows it as its row of cards to click."""
    d = session.deal
    me = session.my_seat
    parts = [hand_svg(d.hand(me), selected=selected, caption=session.who(me))] if mine else []
    other = int(d.table.seats[me].other)
    if d.is_over:
        parts.append(hand_svg(d.hand(other), caption=session.who(other)))
    else:
        parts.append(f'<div class="tutor-hand"><span class="tutor-caption">{html.escape(session.who(other))}</span> '
                     f"{len(d.hand(other))} cards, hidden</div>")
    shown = d.view(me)["opponent_blank"]
    if shown is not None:
        parts.append(hand_svg(shown, caption="its blank, shown"))
    return "".join(parts)


def auction_html(session: RubberView) -> str:
    d = session.deal
    items = "".join(f"<li>{html.escape(session.name(seat))} ({d.table.names[seat]}): {html.escape(_said(a))}</li>"
                    for seat, a in d.auction)
    if d.misere:
        end = "<p><b>Misère</b>: both passed at once. No draw, no declarations; whoever takes fewer tricks scores.</p>"
    elif d.contract is not None and d.elder is not None:
        end = (f"<p><b>Contract: {d.contract.name} ({d.contract.value})</b>, {html.escape(session.who(d.elder))} "
               f"to take {d.contract.tricks} and leave {d.contract.cards} cards to Younger.</p>")
    else:
        end = ""
    return (f"<ol class='tutor-auction'>{items}</ol>" if items else "<p>No bid yet.</p>") + end


def _said(action) -> str:
    if isinstance(action, Bid):
        return f"{action.name} ({action.value})"
    return str(action)


def draw_html(session: RubberView) -> str:
    """What each side discarded and drew, as far as the reader may see it, and the talon left."""
    d = session.deal
    elder = d.elder
    if elder is None or d.misere:
        return ""
    younger = int(d.table.seats[elder].other)
    past = d.phase not in (Phase.BLANK, Phase.AUCTION, Phase.RAISE, Phase.DRAW)
    done = {elder: past or (d.phase is Phase.DRAW and d.to_move != elder), younger: past}
    parts = []
    for seat in (elder, younger):
        if not done[seat]:
            continue
        v = d.view(seat)
        if seat == session.my_seat or d.is_over:
            if v["discard"]:
                parts.append(hand_svg(v["discard"], caption=f"{session.name(seat)}: discard"))
                parts.append(hand_svg(v["drawn"], caption=f"{session.name(seat)}: drew"))
            else:
                parts.append(f"<p>{html.escape(session.who(seat))} drew nothing.</p>")
        else:
            parts.append(f"<p>{html.escape(session.who(seat))} drew {len(v['drawn'])} cards.</p>")
    left = len(d.stock)
    parts.append(f"<p>Talon: {left} card{'s' if left != 1 else ''} left, face down.</p>")
    return "".join(parts)


def contract_html(session: RubberView) -> str:
    """The contract tracked trick by trick: nominal tricks taken, tricks needed, what is at stake."""
    mis = session.misere_count()
    if mis is not None:
        taken = ", ".join(f"{n} {v}" for n, v in mis.items())
        return ("<p><b>Misère</b>: whoever takes fewer of the thirteen nominal tricks scores five for each "
                f"trick the other takes. Taken so far: {taken}.</p>")
    c = session.contract()
    if c is None:
        return ""
    rows = [
        ("contract", f"{c['name']} ({c['value']}): {c['elder']} (Elder) to take {c['tricks']} of 13"),
        (f"{c['elder']} (Elder)", f"{c['elder_tricks']} taken, {c['needed']} more needed"),
        (f"{c['younger']} (Younger)", f"{c['younger_tricks']} taken"),
        ("still to play", f"{c['left']} trick{'s' if c['left'] != 1 else ''}, worth {c['nominal_left']}"
                          + (" (the last counts two)" if c["left"] else "")),
    ]
    if c["status"] == "made":
        stake = f"made: {c['value']} to {c['elder']} below the line, and no more for overtricks"
    elif c["status"] == "beaten":
        short = c["at_least_short"]
        stake = (f"beaten: at least {short} short, so at least {short} × {c['value']} = {short * c['value']} "
                 f"to {c['younger']} (counterpique)")
    else:
        stake = f"made, {c['value']} to {c['elder']}; each trick short, {c['value']} to {c['younger']}"
    rows.append(("at stake", stake))
    body = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in rows)
    return f'<table class="tutor-contract">{body}</table>'


def tricks_html(session: RubberView) -> str:
    d = session.deal
    items = []
    for i, t in enumerate(d.tricks):
        text = f"{session.name(t[0])} led {BIT_CARD[t[1]].symbol}"
        if t[2] >= 0:
            text += f", {session.name(d.table.seats[t[0]].other)} played {BIT_CARD[t[2]].symbol}: {session.name(t[3])} takes it"
            if i == TRICKS - 1:
                text += " (counts two)"
        items.append(f"<li>{html.escape(text)}</li>")
    return f"<ol class='tutor-tricks'>{''.join(items)}</ol>" if items else ""


def declarations_html(session: RubberView) -> str:
    d = session.deal
    calls = "".join(f"<li>{html.escape(session.name(SEATS.index(seat)))}: {html.escape(call)}</li>"
                    for seat, call in d.view(session.my_seat)["calls"])
    above = Explanation(s for s in session.explanation() if s.category in ABOVE)
    steps = above.html() if above else "<p>Nothing scored above the line yet.</p>"
    return (f"<p>Calls:</p><ul>{calls}</ul>" if calls else "") + steps


def pad_html(session: RubberView) -> str:
    """The bridge pad: combinations above the line, each game's tricks below its own line, the
    games' winners, then (the rubber over) the bonuses and the totals."""
    sh = session.sheet()
    a, b = session.names

    def row(label, who, points, cls=""):
        cells = "".join(f'<td class="tutor-num">{points if who == n else ""}</td>' for n in (a, b))
        return f'<tr class="{cls}"><td>{html.escape(label)}</td>{cells}</tr>'

    rows = [f'<tr><th>above the line</th><th class="tutor-num">{a}</th><th class="tutor-num">{b}</th></tr>']
    for e in sh["above"]:
        rows.append(row(f"deal {e.deal}: {e.text}", session.names[e.person], e.points))
    rows.append('<tr class="tutor-line"><th colspan="3">below the line</th></tr>')
    for g in sh["games"]:
        for e in g["rows"]:
            rows.append(row(f"deal {e.deal}: {e.text}", session.names[e.person], e.points))
        end = f"game {g['game']} to {g['winner']}" if g["winner"] else f"game {g['game']} in play"
        rows.append(f'<tr class="tutor-game"><td>{end}</td><td class="tutor-num">{g["below"][a]}</td>'
                    f'<td class="tutor-num">{g["below"][b]}</td></tr>')
    for who, _cat, pts, text in sh["bonuses"]:
        rows.append(row(text, who, pts))
    t = sh["totals"]
    rows.append(f'<tr class="tutor-total"><td>total</td><td class="tutor-num">{t[a]}</td><td class="tutor-num">{t[b]}</td></tr>')
    won = sh["games_won"]
    if sh["over"]:
        winner = sh["winner"]
        loser = b if winner == a else a
        foot = (f"<p><b>Rubber to {winner}</b>, two games to {('none', 'one')[won[loser]]}, "
                f"by {t[winner] - t[loser]} points.</p>")
    else:
        need = sh["to_game"]
        foot = (f"<p>Games: {a} {won[a]}, {b} {won[b]}. To make game {len(sh['games'])}: "
                f"{a} {'need' if a == 'you' else 'needs'} {need[a]} more below the line, {b} {need[b]}.</p>")
    return f'<table class="tutor-pad">{"".join(rows)}</table>' + foot


# -- the panels ------------------------------------------------------------------------------------------


class _DealPanel(Panel):
    """What the four deal panels share: a rubber against the computer, in which the reader plays
    the stages ``phases``; seed, first dealer, hint, do-it-for-me, undo and next deal."""

    phases: tuple[str, ...] = ()
    cards: CardRow

    def __init__(self, seed: int | str = 1, first_dealer: str = "cut", rules: CounterpiqueRules | None = None):
        super().__init__()
        if first_dealer not in _FIRST:
            raise IllegalActionError(f"first_dealer is one of {', '.join(_FIRST)}, not {first_dealer!r}",
                                     token=first_dealer, legal=tuple(_FIRST))
        self.rules = rules
        self.selected: set[Card] = set()
        self.session = rubber_session(seed, rules, phases=self.phases, first_dealer=_FIRST[first_dealer])
        self.table = RubberView(self.session)
        self.source = w.Text(value=str(seed), description="seed", layout=w.Layout(width="200px"))
        self._shown = str(seed)
        self.first = w.Dropdown(options=FIRST_DEALER, value=first_dealer, description="first dealer")
        self.new_button = w.Button(description="New rubber")
        self.new_button.on_click(self.guard(lambda _: self.new_rubber()))
        self.hint_button = w.Button(description="Hint")
        self.hint_button.on_click(self.guard(lambda _: self.say(f"The computer would say: {self.hint()}")))
        self.auto_button = w.Button(description="Do it for me")
        self.auto_button.on_click(self.guard(lambda _: self._do(self.session.act, self.hint())))
        self.undo_button = w.Button(description="Undo")
        self.undo_button.on_click(self.guard(lambda _: self.undo()))
        self.next_button = w.Button(description="Next deal", button_style="primary")
        self.next_button.on_click(self.guard(lambda _: self._do(self.session.next_deal)))
        self.prompt = w.HTML()
        self.view = w.HTML()
        self.widget = w.VBox([
            w.HTML(CSS + STYLE), w.HBox([self.source, self.first, self.new_button]), self.prompt,
            *self._controls(), w.HBox([self.hint_button, self.auto_button, self.undo_button, self.next_button]),
            self.message, self.view,
        ])
        self.refresh()

    # -- actions ---------------------------------------------------------------------------------------
    def _do(self, fn, *args) -> None:
        fn(*args)
        self.selected = set()
        self.message.value = ""

    def hint(self) -> str:
        """What the computer would do in the reader's place."""
        if not self.session.reader_to_move:
            raise IllegalActionError(f"nothing for you to do now: {self.table.prompt()}", token="hint")
        return self.session.hint()

    def new_rubber(self) -> None:
        text = self.asked_seed()
        self.session = rubber_session(check_seed(text) if text else None, self.rules, phases=self.phases,
                                      first_dealer=_FIRST[self.first.value])
        self.table = RubberView(self.session)
        self.show_seed(self.session.seed)
        self.selected = set()
        self.message.value = ""

    def undo(self) -> None:
        if not self.session.undo():
            raise IllegalActionError("nothing to undo: you have not acted yet in this rubber", token="undo")
        self.selected = set()
        self.message.value = ""

    def toggle(self, card: Card | str) -> None:
        """Select or unselect a card of the hand the reader acts for (to discard or to call)."""
        card = Card(card) if isinstance(card, str) else card
        if not self.session.reader_to_move:
            raise IllegalActionError("it is not your turn to choose cards", token=str(card))
        d = self.table.deal
        if d.phase not in (Phase.DRAW, Phase.CALL, Phase.DECLARE):
            raise IllegalActionError(f"cards are selected to discard or to call, not in the {STAGE[d.phase]}", token=str(card))
        if card not in d.hand(d.to_move):
            raise IllegalActionError(f"{card} is not in the hand of {self.table.who(d.to_move)}: {d.hand(d.to_move)}", token=str(card))
        self.selected ^= {card}

    def _chosen(self) -> tuple[Card, ...]:
        d = self.table.deal
        return tuple(c for c in d.hand(d.to_move) if c in self.selected)

    # -- to be given by each panel ----------------------------------------------------------------------
    def _controls(self) -> list[w.Widget]:  # pragma: no cover - each panel has its own
        return []

    def _refresh_controls(self, mine: bool) -> None:  # pragma: no cover - each panel has its own
        pass

    def _picture(self) -> str:  # pragma: no cover - each panel has its own
        return ""

    # -- rendering ---------------------------------------------------------------------------------------
    def refresh(self) -> None:
        t = self.table
        mine = self.session.reader_to_move
        self.prompt.value = f"<p><b>{html.escape(t.prompt())}</b></p>"
        self.hint_button.disabled = self.auto_button.disabled = not mine
        self.next_button.disabled = not t.paused or t.rubber.is_over
        self._refresh_controls(mine)
        end = ""
        if t.deal.is_over:
            end = "<p><b>The deal's score</b>:</p>" + t.explanation().html()
        log = "<p class='tutor-log'>" + "<br>".join(html.escape(x) for x in self.session.log[-8:]) + "</p>"
        self.view.value = status_html(t) + self._picture() + end + log

    def _card_row_for_selection(self, mine: bool, phases) -> None:
        t = self.table
        choosing = mine and t.deal.phase in phases
        self.cards.show(t.reader_hand(), selected=self.selected, enabled=None if choosing else set())


class AuctionPanel(_DealPanel):
    """Bid, say yes, pass, raise or stand against the computer; the bid table shows every value.
    The computer then plays the deal out for both sides, so you see what your contract came to."""

    phases = ("auction",)

    def _controls(self) -> list[w.Widget]:
        options = [(f"{b.name} ({b.value}): take {b.tricks}, leave {b.cards}, draw up to {b.draw}", b.name) for b in BIDS]
        self.bid_choice = w.Dropdown(options=options, value=BIDS[0].name, description="bid", layout=w.Layout(width="440px"))
        self.bid_button = w.Button(description="Bid", button_style="primary")
        self.bid_button.on_click(self.guard(lambda _: self._do(self.session.act, parse_bid(self.bid_choice.value))))
        self.words = {a: w.Button(description=a) for a in ("yes", "pass", "stand", "blank")}
        for a, b in self.words.items():
            b.on_click(self.guard(lambda _b, a=a: self._do(self.session.act, a)))
        self.words["blank"].tooltip = "prove a blank (no king, queen or knave) and score ten"
        return [w.HBox([self.bid_choice, self.bid_button]), w.HBox(list(self.words.values()))]

    def _refresh_controls(self, mine: bool) -> None:
        d = self.table.deal
        bidding = mine and (d.phase is Phase.RAISE or (d.phase is Phase.AUCTION and d.to_move == 1))
        self.bid_button.disabled = not bidding
        self.bid_button.description = "Raise" if d.phase is Phase.RAISE or d.bid is not None else "Bid"
        for a, b in self.words.items():
            b.disabled = not (mine and d.why_illegal(a) is None)
        if bidding and d.bid is not None and parse_bid(self.bid_choice.value).value <= d.bid.value:
            above = next((b for b in BIDS if b.value > d.bid.value), None)
            if above is not None:
                self.bid_choice.value = above.name

    def _picture(self) -> str:
        d = self.table.deal
        return hands_html(self.table) + auction_html(self.table) + bid_table_html(d.bid, d.contract)


class DrawPanel(_DealPanel):
    """Choose your discard and draw: Elder up to the cards his bid does not leave to Younger,
    Younger as many of the rest as he likes. The computer bids for both and plays the rest."""

    phases = ("draw",)

    def _controls(self) -> list[w.Widget]:
        self.cards = CardRow(self.guard(self.toggle), label="your hand")
        self.draw_button = w.Button(description="Draw nothing", button_style="primary", layout=w.Layout(width="220px"))
        self.draw_button.on_click(self.guard(lambda _: self._do(self.session.act, Exchange(self._chosen()))))
        return [self.cards.widget, self.draw_button]

    def _refresh_controls(self, mine: bool) -> None:
        self._card_row_for_selection(mine, (Phase.DRAW,))
        self.draw_button.disabled = not (mine and self.table.deal.phase is Phase.DRAW)
        n = len(self.selected)
        self.draw_button.description = f"Discard {n} and draw {n}" if n else "Draw nothing"

    def _picture(self) -> str:
        t = self.table
        d = t.deal
        limit = ""
        if d.phase is Phase.DRAW and self.session.reader_to_move:
            most = t.draw_limit()
            why = (f"your bid, {d.contract.name}, leaves {d.contract.cards} of the {TALON} to Younger"  # type: ignore[union-attr]
                   if d.to_move == d.elder else "Younger may take any number of the cards Elder left")
            limit = f"<p>You may draw up to {most}: {html.escape(why)}. Selected: {len(self.selected)}.</p>"
        return hands_html(t, mine=False) + auction_html(t) + limit + draw_html(t)


class DeclarationPanel(_DealPanel):
    """Call point, sequence and set, or answer the computer's calls: good, not good, equal. Younger
    shows what is good after Elder's first lead. The computer bids, draws and plays."""

    phases = ("declarations",)

    def _controls(self) -> list[w.Widget]:
        self.cards = CardRow(self.guard(self.toggle), label="your hand")
        self.call_button = w.Button(description="Call selected", button_style="primary")
        self.call_button.on_click(self.guard(lambda _: self._do(self.session.act, Call(self._chosen()))))
        self.pass_button = w.Button(description="Pass")
        self.pass_button.on_click(self.guard(lambda _: self._do(self.session.act, "pass")))
        self.replies = [w.Button(description=a) for a in ("good", "not good", "equal")]
        for b in self.replies:
            b.on_click(self.guard(lambda b: self._do(self.session.act, b.description)))
        return [self.cards.widget, w.HBox([self.call_button, self.pass_button, *self.replies])]

    def _refresh_controls(self, mine: bool) -> None:
        d = self.table.deal
        self._card_row_for_selection(mine, (Phase.CALL, Phase.DECLARE))
        calling = mine and d.phase in (Phase.CALL, Phase.DECLARE)
        self.call_button.disabled = not calling
        self.pass_button.disabled = not (calling and d.why_illegal("pass") is None)
        for b in self.replies:
            b.disabled = not (mine and d.phase is Phase.REPLY and d.why_illegal(b.description) is None)

    def _picture(self) -> str:
        t = self.table
        return hands_html(t, mine=False) + auction_html(t) + declarations_html(t)


class PadPanel(Panel):
    """The score pad of a rubber the computer plays for both sides, ``first`` and ``second``, deal by
    deal: combinations above the line, tricks below it, a new line for each game, and the bonuses
    once two games are won. ``first_dealer``: ``first``, ``second``, or ``cut`` (from the seed)."""

    def __init__(self, seed: int | str = 1, first_dealer: str = "cut", rules: CounterpiqueRules | None = None):
        super().__init__()
        names = ("first", "second")
        if first_dealer not in ("cut", *names):
            raise IllegalActionError(f"first_dealer is cut, first or second, not {first_dealer!r}", token=first_dealer,
                                     legal=("cut", *names))
        self.rules, self.first_dealer = rules, first_dealer
        self.session = rubber_session(seed, rules, phases=(), first_dealer=first_dealer, names=names)
        self.table = RubberView(self.session)
        self.source = w.Text(value=str(seed), description="seed", layout=w.Layout(width="200px"))
        self._shown = str(seed)
        self.new_button = w.Button(description="New rubber")
        self.new_button.on_click(self.guard(lambda _: self.new_rubber()))
        self.next_button = w.Button(description="Play next deal", button_style="primary")
        self.next_button.on_click(self.guard(lambda _: self.session.next_deal()))
        self.all_button = w.Button(description="Play to the end")
        self.all_button.on_click(self.guard(lambda _: self.play_rubber()))
        self.view = w.HTML()
        self.widget = w.VBox([w.HTML(CSS + STYLE), w.HBox([self.source, self.new_button]),
                              w.HBox([self.next_button, self.all_button]), self.message, self.view])
        self.refresh()

    def new_rubber(self) -> None:
        text = self.asked_seed()
        self.session = rubber_session(check_seed(text) if text else None, self.rules, phases=(),
                                      first_dealer=self.first_dealer, names=("first", "second"))
        self.table = RubberView(self.session)
        self.show_seed(self.session.seed)
        self.message.value = ""

    def play_rubber(self) -> None:
        """The computer plays the deals left, to the end of the rubber."""
        if self.table.rubber.is_over:
            raise IllegalActionError("the rubber is over: start a new one", token="play to the end")
        while self.session.between_deals:
            self.session.next_deal()

    def refresh(self) -> None:
        t = self.table
        self.next_button.disabled = self.all_button.disabled = t.rubber.is_over
        d = t.deal
        if d.contract is None or d.elder is None:
            what = "misère"
        else:
            what = f"{d.contract.name} ({d.contract.value}), {t.name(d.elder)} Elder"
        last = (f"<details><summary>deal {t.pad.deals}: {html.escape(what)}</summary>"
                + t.explanation().html() + "</details>")
        self.view.value = pad_html(t) + last
