"""The Sixty-Six panel: a game to 7 game points against the computer.

A view over the contract's session (:mod:`tutor.games.sixtysix.play`); it renders a complete static
HTML picture of what it shows (``.view.value``), so a page saved without a kernel still shows the
cards and the score.
"""

from __future__ import annotations

import html
from typing import cast

import ipywidgets as w

from ..cards import Rank
from ..games import load
from ..games.sixtysix.play import explanation, game_session, prompt, table_view
from ..games.sixtysix.review import closing_review
from ..games.sixtysix.state import PLAYERS, SixtySixDeal
from ..games.sixtysix.trainer import weigh
from ..games.stock.actions import Claim, Close, Declare, Exchange, Play
from ..render import card_svg, hand_svg, sheet_html
from . import CSS, CardRow, GamePanel
from .bezique import STYLE

__all__ = ["PlayPanel"]


class PlayPanel(GamePanel):
    """Play Sixty-Six (or ``game="schnapsen"``) against the computer: your hand, the turn-up, the trick; show a marriage,
    exchange the nine of trumps, close the stock or go out on your lead; each hand's reckoning."""

    def __init__(self, seed: int | str = 1, game: str = "sixtysix"):
        super().__init__()
        self.session = game_session(seed, game=load(game))
        self.source = w.Text(value=str(seed), description="seed", layout=w.Layout(width="200px"))
        self._shown = str(seed)
        self.new_button = w.Button(description="New game")
        self.new_button.on_click(self.guard(lambda _: self.new_game()))
        self.prompt = w.HTML()
        self.board = w.HTML()
        self.hand_row = CardRow(self.guard(self.play), label="your hand")
        self.marriage = w.Dropdown(options=[], description="marriage", layout=w.Layout(width="340px"))
        self.show_button = w.Button(description="Show marriage", button_style="primary")
        self.show_button.on_click(self.guard(lambda _: self.act(self.marriage.value or "declare marriage")))
        rank = cast(SixtySixDeal, self.session.state).spec.exchange_rank or Rank.NINE
        self.exchange_button = w.Button(description=f"Exchange {rank.noun}")
        self.exchange_button.on_click(self.guard(lambda _: self.act_kind(Exchange, f"exchange {rank.value}{self._trump_letter()}")))
        self.close_button = w.Button(description="Close the stock")
        self.close_button.on_click(self.guard(lambda _: self.act("close")))
        words = getattr(self.session.state, "CLAIM_BUTTON", "Sixty-six! (go out)")  # (Tausendeins claims 1001)
        self.out_button = w.Button(description=words, layout=w.Layout(width="180px"))
        self.out_button.on_click(self.guard(lambda _: self.act("claim")))
        spec = cast(SixtySixDeal, self.session.state).spec
        for button, used in ((self.close_button, spec.may_close), (self.out_button, spec.may_claim),
                             (self.exchange_button, spec.exchange_rank is not None)):
            if not used:  # a game without closing or going out (Mariage) shows no button for them
                button.layout.display = "none"
        self.next_button = w.Button(description="Next hand", button_style="primary")
        self.next_button.on_click(self.guard(lambda _: self.next_deal()))
        self.hint_button = w.Button(description="Hint")
        self.hint_button.on_click(self.guard(lambda _: self.say(f"The computer would: {self.session.hint()}.", None)))
        self.weigh_button = w.Button(description="Close or play on?", tooltip="what each choice would score, from what you can see")
        self.weigh_button.on_click(self.guard(lambda _: self.weigh_choices()))
        self._review: tuple[str, int, str] | None = None
        self.undo_button = w.Button(description="Undo")
        self.undo_button.on_click(self.guard(lambda _: self.undo()))
        self.view = w.HTML()
        self.widget = w.VBox([
            w.HTML(CSS + STYLE), w.HBox([self.source, self.new_button]), self.prompt, self.board,
            w.HTML("<b>Your hand</b>"), self.hand_row.widget,
            w.HBox([self.marriage, self.show_button]),
            w.HBox([self.exchange_button, self.close_button, self.out_button]),
            w.HBox([self.next_button, self.hint_button, self.weigh_button, self.undo_button]),
            self.message, self.view,
        ], layout=w.Layout(flex_flow="column"))
        self.refresh()

    # -- callbacks (new game, act, play, next deal and undo: GamePanel's) ------------------------
    def act_kind(self, kind: type, fallback: str) -> None:
        """The legal action of ``kind`` if there is one; else ``fallback``, which the engine refuses
        with the rule that forbids it (shown to the reader)."""
        legal = [a for a in self.session.legal_actions() if isinstance(a, kind)] if self.session.reader_to_move else []
        self.act(legal[0] if legal else fallback)

    def weigh_choices(self) -> None:
        """What going out, closing and playing on would score at your lead, the cards you cannot see
        dealt at random (:func:`tutor.games.sixtysix.trainer.weigh`)."""
        wg = weigh(self.session.state, samples=20)
        said = "; ".join(f"{c.choice} {c.game_points:+.2f} game points (won {c.won:.0%})" for c in wg.choices)
        self.say(f"From what you can see: {said}. Best: {wg.best.choice}. Assumed: {wg.assumption}.", None)

    def _trump_letter(self) -> str:
        trump = getattr(self.session.state, "trump", None)
        return trump.value if trump is not None else "S"

    def _closing_review(self) -> str:
        """For a finished hand: at each of your leads, what closing the stock would have made (the
        rest solved with both hands known); computed once a hand."""
        s = self.session
        key = (s.state.code, len(s.state.history))
        if self._review is None or self._review[:2] != key:
            me = PLAYERS[int(s.match.seat_of("you"))] if s.match is not None else PLAYERS[0]
            lines = [c for c in closing_review(cast(SixtySixDeal, s.state)) if c.player == me]
            items = "".join(f"<li>{html.escape(c.words().replace(f'{me} ', 'you ', 1).replace(' he ', ' you '))}</li>" for c in lines)
            body = (f"<details><summary>Closing or playing on? What closing would have made at each of your leads</summary>"
                    f"<ul>{items}</ul><p class='tutor-rule'>Hindsight: the rest of the hand solved with both hands known, "
                    f"best play on both sides.</p></details>") if items else ""
            self._review = (*key, body)
        return self._review[2]

    # -- the picture --------------------------------------------------------------------------
    def game_row(self, target: int) -> str:
        """The label of the score table's row of earlier hands."""
        return f"the game, earlier hands (to {target})"

    def refresh(self) -> None:
        s = self.session
        v = table_view(s)
        legal = list(s.legal_actions()) if s.reader_to_move and not s.between_deals else []
        self.hand_row.show(v["hand"], enabled={a.card for a in legal if isinstance(a, Play)})
        marriages = [str(a) for a in legal if isinstance(a, Declare)]
        if tuple(self.marriage.options) != tuple(marriages):
            self.marriage.options = marriages
            self.marriage.value = marriages[0] if marriages else None
        self.marriage.disabled = self.show_button.disabled = not marriages
        self.exchange_button.disabled = not any(isinstance(a, Exchange) for a in legal)
        self.close_button.disabled = not any(isinstance(a, Close) for a in legal)
        self.weigh_button.disabled = self.close_button.disabled
        self.weigh_button.layout.display = self.close_button.layout.display
        self.out_button.disabled = not any(isinstance(a, Claim) for a in legal)
        self.next_button.disabled = not s.between_deals
        self.hint_button.disabled = not legal
        self.prompt.value = f"<p><b>{html.escape(prompt(s))}</b></p>"

        up = v["turnup"]
        if up is None and not cast(SixtySixDeal, s.state).spec.turnup:
            turnup = "<div><small>no turn-up: a marriage makes trumps</small></div>"
        elif up is None:
            turnup = "<div><small>turn-up taken</small></div>"
        else:
            turnup = f"<div>{card_svg(up)}<br><small>{'turn-up, stock closed' if v['closed'] else 'turn-up'}</small></div>"
        trick = v["trick"]
        trick_html = hand_svg([c for _, c in trick], caption=f"{trick[0][0]} led") if trick else "<p>No card on the trick.</p>"
        last = v["last_trick"]
        last_html = hand_svg(last[0], caption=f"last trick, won by {last[1]}") if last else ""
        stock = "closed" if v["closed"] else f"{v['stock']} card{'s' if v['stock'] != 1 else ''} (with the turn-up)"
        self.board.value = (
            '<div class="tutor-board">' + turnup
            + f"<div><p>Trumps: <b>{html.escape(v['trumps'] or 'none yet')}</b><br>Stock: <b>{stock}</b><br>"
            + f"You are <b>{v['seat']}</b>; the computer holds {v['computer_cards']} cards.</p></div>"
            + f"<div>{trick_html}{last_html}</div></div>"
        )
        rows = "".join(f"<tr><td>{label}</td><td>{v[key]['you']}</td><td>{v[key]['computer']}</td></tr>"
                       for label, key in (("card points and marriages, this hand", "points"), ("tricks, this hand", "tricks"),
                                          (self.game_row(v["target"]), "game")))
        waiting = "".join(f"<li>{who}: {html.escape(what)}, counted once a trick is taken</li>" for who, what in v["waiting"])
        steps = explanation(s).html()
        over = s.state.is_over
        reckoning = (f"<p><b>The reckoning of this hand</b>:</p>{steps}" if over
                     else f"<details><summary>This hand's scoring so far</summary>{steps}</details>")
        match = s.match
        sheet = sheet_html(match) if match is not None and match.records else ""
        review = self._closing_review() if over and cast(SixtySixDeal, s.state).spec.may_close else ""
        log = "<br>".join(html.escape(x) for x in s.log[-12:])
        self.view.value = (
            '<table class="tutor-scores"><thead><tr><th></th><th>you</th><th>computer</th></tr></thead><tbody>'
            + rows + "</tbody></table>"
            + (f"<p>Marriages shown, waiting for a trick:</p><ul>{waiting}</ul>" if waiting else "")
            + reckoning + review + sheet
            + f'<p class="tutor-log">{log}</p>'
        )
