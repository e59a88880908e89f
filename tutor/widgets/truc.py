"""The Le Truc panels: a manche against a computer that bluffs and doubles, and a trainer for
la pourrie. Views over the contract's session and :mod:`tutor.games.truc.trainer`."""

from __future__ import annotations

import html

import ipywidgets as w

from ..cards import Card, check_seed
from ..errors import IllegalActionError
from ..games.truc import Truc, TrucBot, TrucManche
from ..games.truc.odds import view_odds
from ..games.truc.trainer import RottenTrainer
from ..session import COMPUTER, READER, Session
from . import CSS, CardRow, Panel

__all__ = ["TrucPanel", "RottenPanel"]

_WORDS = ("keep", "ask", "double", "banco", "accept", "refuse")


class TrucPanel(Panel):
    """Play a manche to 12 against the computer: call for cards, play, double, banco. A view over
    the contract's :class:`~tutor.session.Session` (the reader is the manche's ``first`` player)."""

    plays_deals = True

    def __init__(self, seed: int | str = 1, bluff: float = 0.12):
        super().__init__()
        self.session = Session(Truc(), seed, match=True, seats={"first": READER, "second": COMPUTER},
                               bot=TrucBot(f"bot/{seed}", bluff=bluff))
        self.source = w.Text(value=str(seed), description="seed", layout=w.Layout(width="200px"))
        self._shown = str(seed)
        self.new_button = w.Button(description="New manche")
        self.new_button.on_click(self.guard(lambda _: self.new_manche(self.asked_seed())))
        self.cards = CardRow(self.guard(self.play), label="your hand")
        self.words = {a: w.Button(description=a) for a in _WORDS}
        for a, b in self.words.items():
            b.on_click(self.guard(lambda _b, a=a: self.act(a)))
        self.next_button = w.Button(description="Next deal", button_style="primary")
        self.next_button.on_click(self.guard(lambda _: self.session.next_deal()))
        self.undo_button = w.Button(description="Undo")
        self.undo_button.on_click(self.guard(lambda _: self.undo()))
        self.show_odds = w.Checkbox(value=False, description="show my chances")
        self.show_odds.observe(self.guard(lambda _: None), "value")
        self.prompt = w.HTML()
        self.view = w.HTML()
        self.widget = w.VBox([
            w.HTML(CSS), w.HBox([self.source, self.new_button]), self.prompt, self.cards.widget,
            w.HBox(list(self.words.values()) + [self.next_button, self.undo_button]), self.show_odds, self.message, self.view,
        ])
        self.refresh()

    @property
    def manche(self) -> TrucManche:
        match = self.session.match
        assert isinstance(match, TrucManche)
        return match

    def new_manche(self, seed: str) -> None:
        self.session.start(check_seed(seed.strip()) if seed.strip() else None)
        self.show_seed(self.session.seed)
        self.message.value = ""

    def act(self, action: str) -> None:
        self.session.act(action)
        self.message.value = ""

    def play(self, card: Card | str) -> None:
        self.act(f"play {card}")

    def undo(self) -> None:
        if not self.session.undo():
            raise IllegalActionError("there is nothing to undo: you have not moved yet in this manche", token="undo")
        self.say(self.session.message)

    def refresh(self) -> None:
        s = self.session
        manche = self.manche
        seat = manche.seat_of("first")
        v = s.view(seat)
        mine = s.reader_to_move
        legal = {str(a) for a in s.legal_actions()} if mine else set()
        playable = {Card(x.split()[1]) for x in legal if x.startswith("play ")}
        self.cards.show(v["hand"], enabled=playable)
        for a, b in self.words.items():
            b.disabled = a not in legal
        self.next_button.disabled = not s.between_deals
        totals = manche.standing()
        target = v["target"]
        if manche.is_over:
            outcome = manche.outcome()
            who = "You win" if outcome is not None and outcome.winner == "first" else "The computer wins"
            self.prompt.value = f"<p><b>{who} the manche, {totals['first']} to {totals['second']}.</b></p>"
        else:
            todo = ("the deal is over: deal the next one" if s.between_deals
                    else "your turn" if mine else "the computer's turn")
            self.prompt.value = (
                f"<p>You are <b>{seat.name}</b> in this deal, worth {v['value']}; {todo}. "
                f"Manche: you {totals['first']}, computer {totals['second']} (to {target}).</p>"
            )
        odds = ""
        if self.show_odds.value and not s.is_over and not s.between_deals and v["phase"] in ("call", "play"):
            o = view_odds(v)
            odds = f"<p>With best play from here: win {float(o.win):.0%}, lose {float(o.lose):.0%}, no result {float(o.null):.0%}.</p>"
        tricks = "".join(f"<li>{html.escape(_trick_words(t))}</li>" for t in v["tricks"])
        self.view.value = (
            odds
            + (f"<ol>{tricks}</ol>" if tricks else "")
            + "<p>" + "<br>".join(html.escape(x) for x in s.log[-8:]) + "</p>"
        )


def _trick_words(trick) -> str:
    """``elder led the ace of spades, dealer played the seven of hearts: dealer wins``."""
    leader, led, followed, result = trick
    other = "dealer" if leader == "elder" else "elder"
    text = f"{leader} led the {led.name}"
    if followed is not None:
        text += f", {other} played the {followed.name}"
    if result == "pourrie":
        text += ": equal cards, a pourrie"
    elif result is not None:
        text += f": {result} wins"
    return text


class RottenPanel(Panel):
    """Who takes which trick? Results are shown; the reader credits each trick."""

    def __init__(self, seed: int | str = 1):
        super().__init__()
        self.trainer = RottenTrainer(seed)
        self.choices = [w.Dropdown(options=["elder", "dealer", "nobody"], description=f"trick {i + 1}") for i in range(3)]
        self.check_button = w.Button(description="Check", button_style="primary")
        self.check_button.on_click(self.guard(lambda _: self.check()))
        self.next_button = w.Button(description="Next question")
        self.next_button.on_click(self.guard(lambda _: self.next()))
        self.view = w.HTML()
        self.widget = w.VBox([w.HTML(CSS), self.view, w.VBox(self.choices), w.HBox([self.check_button, self.next_button]), self.message])
        self.refresh()

    def next(self) -> None:
        self.trainer.next_question()
        self.message.value = ""

    def check(self) -> None:
        n = len(self.trainer.results)
        ok, why = self.trainer.check([c.value for c in self.choices[:n]])
        self.say(("Right. " if ok else "Not quite. ") + why, ok)

    def refresh(self) -> None:
        res = self.trainer.results
        items = "".join(
            f"<li>trick {i + 1}: {'equal cards, rotten (la pourrie)' if r == 'rotten' else r + ' wins it'}</li>" for i, r in enumerate(res)
        )
        self.view.value = f"<p>The tricks of a deal, in order:</p><ul>{items}</ul><p>Who is credited with each trick?</p>"
        for i, c in enumerate(self.choices):
            c.layout.display = "" if i < len(res) else "none"
