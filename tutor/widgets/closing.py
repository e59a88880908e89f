"""The closing trainer: a position of Sixty-Six or Schnapsen, chosen by the reader (a deal code or
seed and the actions so far) or dealt by the computer, and what each choice open to the player on
lead (go out, close the stock, play on) would score (:mod:`tutor.games.sixtysix.trainer`).
"""

from __future__ import annotations

import html
import random

import ipywidgets as w

from ..cards import check_seed
from ..errors import IllegalActionError, TutorError, shorten
from ..games import load
from ..games.sixtysix.trainer import Weighing, weigh
from ..games.stock.actions import Close
from ..render import card_svg, hand_svg, table_html
from ..session import SeatView
from . import CSS, Panel
from .bezique import STYLE

__all__ = ["ClosingTrainer", "dealt_position"]


def dealt_position(game, seed: int | str, tricks: int | None = None):
    """A lead at which the stock may be closed, reached by the computer playing both seats from the
    deal of ``seed`` (after ``tricks`` tricks, or a number of tricks drawn from the seed); the
    actions that lead there are the state's history."""
    rng = random.Random(f"position/{seed}")
    want = rng.randint(1, 3) if tricks is None else tricks
    for attempt in range(50):
        s = game.deal(seed=seed if attempt == 0 else f"{seed}/{attempt}")
        bot = game.bot()
        while not s.is_over:
            if len(s.tricks) >= want and not s.trick and Close() in list(s.legal_actions()):
                return s
            s.apply(bot.choose(SeatView(s, s.table.seats[s.to_move])))
    raise IllegalActionError(f"no lead with the stock open after {want} tricks in fifty deals", token=str(want))  # pragma: no cover


#: how many times the weighing may deal the cards the player cannot see (each weighing answers in
#: tens of milliseconds; fifty deals took more than a reader should wait for a click)
SAMPLES = (5, 10, 20)


class ClosingTrainer(Panel):
    """Closing or going out? Set up a position (deal code or seed, and the actions so far, comma
    separated) or have one dealt, then weigh the choices of the player on lead."""

    def __init__(self, game: str = "sixtysix", seed: int | str = 1, actions: str = "", samples: int = 20):
        super().__init__()
        self.game = load(game)
        self.source = w.Text(value=str(seed), description="deal", layout=w.Layout(width="260px"))
        self.actions = w.Textarea(value=actions, description="actions", placeholder="play AH, play 9C, ...",
                                  layout=w.Layout(width="520px", height="60px"))
        self.set_button = w.Button(description="Set up this position", button_style="primary")
        self.set_button.on_click(self.guard(lambda _: self.set_up()))
        self.deal_button = w.Button(description="Deal me a position")
        self.deal_button.on_click(self.guard(lambda _: self.deal_position()))
        if type(samples) is not int or samples not in SAMPLES:
            raise TutorError(f"the trainer deals the unseen cards {', '.join(map(str, SAMPLES))} times, not {shorten(repr(samples))}",
                             token=shorten(repr(samples)), legal=SAMPLES)
        self.samples = w.Dropdown(options=list(SAMPLES), value=samples, description="samples", layout=w.Layout(width="170px"))
        self.hindsight = w.Checkbox(value=False, description="hindsight: the cards as they really lie", indent=False)
        self.weigh_button = w.Button(description="Weigh the choices", button_style="success")
        self.weigh_button.on_click(self.guard(lambda _: self.weigh()))
        self.board = w.HTML()
        self.result = w.HTML()
        self.weighing: Weighing | None = None
        self.state = None
        self.widget = w.VBox([
            w.HTML(CSS + STYLE), w.HBox([self.source, self.deal_button]), self.actions, self.set_button,
            self.board, w.HBox([self.samples, self.hindsight, self.weigh_button]), self.message, self.result,
        ])
        self.set_up()

    # -- callbacks -------------------------------------------------------------------------------
    def set_up(self) -> None:
        """The position the deal box and the actions describe (every action checked in turn)."""
        text = self.source.value.strip()
        state = self.game.deal(code=text) if "-" in text[1:] else self.game.deal(seed=check_seed(text) if text else 0)
        for part in (p.strip() for p in self.actions.value.replace("\n", ",").split(",")):
            if part:
                state.apply(part)
        self._show(state)

    def deal_position(self) -> None:
        """A new position: a fresh deal played by the computer to a lead where the stock may be closed."""
        seed = random.randrange(1, 10**6)
        state = dealt_position(self.game, seed)
        self.source.value = state.code
        self.actions.value = ", ".join(map(str, state.history))
        self._show(state)

    def weigh(self) -> None:
        if self.state is None:  # pragma: no cover - a position is always set up first
            return
        self.weighing = weigh(self.state, samples=int(self.samples.value), known=bool(self.hindsight.value))
        self.message.value = ""

    def _show(self, state) -> None:
        self.state, self.weighing = state, None
        self.message.value = ""

    # -- the picture ---------------------------------------------------------------------------
    def refresh(self) -> None:
        s = self.state
        if s is None:  # pragma: no cover
            return
        if s.is_over:
            self.board.value = "<p>This hand is over: set up an earlier position.</p>"
            self.result.value = ""
            return
        p = s.table.seats[s.to_move]
        me, other = p.name, p.other.name
        sc, won = s.scores(), s.tricks_won()
        up = card_svg(s.turnup, jack=True) if s.turnup is not None else "<small>no turn-up</small>"
        stock = "closed" if s.closed_by is not None else f"{len(s.stock) + (1 if s.turnup else 0)} cards with the turn-up"
        self.board.value = (
            f'<div class="tutor-board"><div>{up}<br><small>turn-up</small></div><div>'
            f"<p>{html.escape(me.capitalize())} to {s.phase.value}; trumps: <b>{html.escape(s.trump.noun if s.trump else 'none')}</b>; "
            f"stock: <b>{stock}</b></p><p>{html.escape(me)}: {sc[me]} points, {won[p]} tricks; "
            f"{html.escape(other)}: {sc[other]} points, {won[p.other]} tricks</p></div></div>"
            + hand_svg(s.hand(p), caption=f"{me}'s hand", jack=True)
        )
        wg = self.weighing
        if wg is None:
            self.result.value = "<p>Press <b>Weigh the choices</b> to see what going out, closing and playing on would score.</p>"
            return
        best = wg.best
        rows = [(c.choice + (" (best)" if c is best else ""), f"{c.game_points:+.2f}", f"{c.won:.0%}", f"{c.points:.0f}")
                for c in wg.choices]
        table = table_html(["choice", "game points (average)", "hand won", "card points at the end"], rows)
        self.result.value = (f"<p>{html.escape(wg.player.capitalize())}'s choices: best is to <b>{html.escape(best.choice)}</b>.</p>"
                             + table
                             + f"<p class='tutor-rule'>Assumed: {html.escape(wg.assumption)}.</p>")
