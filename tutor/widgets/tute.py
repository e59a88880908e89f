"""The Tute panel: a game of Tute Habanero against the computer, drawn with Spanish cards.

A view over the family's session (:mod:`tutor.games.tute.play`), on :class:`GamePanel`: your hand,
the turn-up, the trick and any hand lying face up, in Spanish cards; buttons to sing a cante, take
the turn-up, declare capote and claim (the claim is yours to press: the computer never claims for
you); undo and hints; every score worked out with its rule. ``ask_count=True`` is the counting
drill: your points are not shown during the deal, and you type your running count to have it
checked, as a player who must claim 101 keeps it in his head.
"""

from __future__ import annotations

import html
from typing import cast

import ipywidgets as w

from ..cards import SPANISH_INDEX, SPANISH_SUIT_NAMES, Card, spanish_name
from ..games.sixtysix.play import explanation
from ..games.stock.actions import Claim, Declare, Exchange, Play
from ..games.tute.play import check_count, prompt, table_view, tute_session
from ..games.tute.rules import TuteRules
from ..games.tute.state import Capote, TuteDeal
from ..render import hand_svg, sheet_html
from ..render.spanish import spanish_card_svg
from . import CSS, CardRow, GamePanel
from .bezique import STYLE

__all__ = ["TutePanel", "SpanishCardRow"]

PACK = "spanish40"


class SpanishCardRow(CardRow):
    """The cards drawn as Spanish cards, named in Spanish (the rey de oros), and in a line of text as
    the Spanish pack prints them (``R oro``)."""

    def __init__(self, on_click, size: int = 8, *, label: str = "your hand"):
        super().__init__(on_click, size, label=label, pack=PACK)

    def card_name(self, card: Card) -> str:
        return spanish_name(card)

    def card_text(self, card: Card) -> str:
        return f"{SPANISH_INDEX[card.rank]} {SPANISH_SUIT_NAMES[card.suit][:3]}"


class TutePanel(GamePanel):
    """Play Tute Habanero against the computer (see the module docstring)."""

    def __init__(self, seed: int | str = 1, rules: TuteRules | None = None, ask_count: bool = False):
        super().__init__()
        self.rules = rules
        self.ask_count = ask_count
        self.session = tute_session(seed, rules)
        self.source = w.Text(value=str(seed), description="seed", layout=w.Layout(width="200px"))
        self._shown = str(seed)
        self.new_button = w.Button(description="New game")
        self.new_button.on_click(self.guard(lambda _: self.new_game()))
        self.prompt = w.HTML()
        self.board = w.HTML()
        self.hand_row = SpanishCardRow(self.guard(self.play), size=8)
        self.cante = w.Dropdown(options=[], description="cante", layout=w.Layout(width="340px"))
        self.sing_button = w.Button(description="Sing", button_style="primary")
        self.sing_button.on_click(self.guard(lambda _: self.act(self.cante.value or "declare marriage")))
        self.exchange_button = w.Button(description="Take the turn-up")
        self.exchange_button.on_click(self.guard(lambda _: self.act_kind(Exchange, "exchange 7" + self._trump_letter())))
        self.capote_button = w.Button(description="Capote!")
        self.capote_button.on_click(self.guard(lambda _: self.act("capote")))
        target = cast(TuteDeal, self.session.state).target
        self.claim_button = w.Button(description=f"Claim {target}!", button_style="warning", layout=w.Layout(width="160px"))
        self.claim_button.on_click(self.guard(lambda _: self.act("claim")))
        self.next_button = w.Button(description="Next deal", button_style="primary")
        self.next_button.on_click(self.guard(lambda _: self.next_deal()))
        self.hint_button = w.Button(description="Hint")
        self.hint_button.on_click(self.guard(lambda _: self.say(f"The computer would: {self._hint()}.", None)))
        self.undo_button = w.Button(description="Undo")
        self.undo_button.on_click(self.guard(lambda _: self.undo()))
        self.count = w.Text(description="your count", layout=w.Layout(width="180px"))
        self.count_button = w.Button(description="Check my count")
        self.count_button.on_click(self.guard(lambda _: self.check()))
        self.tally = [0, 0]  # counts checked right, counts checked
        self.view = w.HTML()
        counting = w.HBox([self.count, self.count_button])
        if not ask_count:
            counting.layout.display = "none"
        self.widget = w.VBox([
            w.HTML(CSS + STYLE), w.HBox([self.source, self.new_button]), self.prompt, self.board,
            w.HTML("<b>Your hand</b>"), self.hand_row.widget,
            w.HBox([self.cante, self.sing_button]),
            w.HBox([self.exchange_button, self.capote_button, self.claim_button]),
            counting,
            w.HBox([self.next_button, self.hint_button, self.undo_button]),
            self.message, self.view,
        ], layout=w.Layout(flex_flow="column"))
        self.refresh()

    # -- callbacks ----------------------------------------------------------------------------
    def act_kind(self, kind: type, fallback: str) -> None:
        legal = [a for a in self.session.legal_actions() if isinstance(a, kind)] if self.session.reader_to_move else []
        self.act(legal[0] if legal else fallback)

    def _trump_letter(self) -> str:
        trump = getattr(self.session.state, "trump", None)
        return trump.value if trump is not None else "D"

    def _hint(self) -> str:
        hint = self.session.hint()
        try:
            action = self.session.state.parse_action(hint)
        except ValueError:  # pragma: no cover - a hint is always a legal action
            return str(hint)
        if isinstance(action, Play):
            return f"play {action.card} ({spanish_name(action.card)})"
        return str(hint)

    def check(self) -> None:
        """Check the count typed against the engine's reckoning (the counting drill)."""
        right, text = check_count(self.session, self.count.value)
        self.tally[1] += 1
        self.tally[0] += right
        self.say(f"{text} Counts right so far: {self.tally[0]} of {self.tally[1]}.", right)

    # -- the picture --------------------------------------------------------------------------
    def refresh(self) -> None:
        s = self.session
        v = table_view(s)
        d = cast(TuteDeal, s.state)
        legal = list(s.legal_actions()) if s.reader_to_move and not s.between_deals else []
        self.hand_row.show(v["hand"], enabled={a.card for a in legal if isinstance(a, Play)})
        cantes = [str(a) for a in legal if isinstance(a, Declare)]
        if tuple(self.cante.options) != tuple(cantes):
            self.cante.options = cantes
            self.cante.value = cantes[0] if cantes else None
        self.cante.disabled = self.sing_button.disabled = not cantes
        self.exchange_button.disabled = not any(isinstance(a, Exchange) for a in legal)
        self.capote_button.disabled = not any(isinstance(a, Capote) for a in legal)
        self.capote_button.layout.display = "" if d.rules.capote else "none"
        self.claim_button.disabled = not any(isinstance(a, Claim) for a in legal)
        self.next_button.disabled = not s.between_deals
        self.hint_button.disabled = not legal
        self.count_button.disabled = s.state.is_over
        self.prompt.value = f"<p><b>{html.escape(prompt(s))}</b></p>"

        up = v["turnup"]
        turnup = (f"<div>{spanish_card_svg(up, scale=0.75)}<br><small>turn-up ({html.escape(spanish_name(up))})</small></div>"
                  if up is not None else "<div><small>turn-up taken</small></div>")
        trick = v["trick"]
        trick_html = (hand_svg([c for _, c in trick], caption=f"{trick[0][0]} led", pack=PACK) if trick
                      else "<p>No card on the trick.</p>")
        last = v["last_trick"]
        last_html = hand_svg(last[0], caption=f"last trick, won by {last[1]}", pack=PACK) if last else ""
        shown = "".join(hand_svg(hand, caption="the computer's hand, face up", pack=PACK) if who == "computer"
                        else "<p>Your hand lies face up.</p>"  # drawn once: by the card row
                        for who, hand in v["exposed"].items() if hand is not None)
        trumps = SPANISH_SUIT_NAMES.get(d.trump) if d.trump is not None else None
        self.board.value = (
            '<div class="tutor-board">' + turnup
            + f"<div><p>Trumps: <b>{html.escape(trumps or '')}</b> ({html.escape(v['trumps'] or '')})<br>"
            + f"Stock: <b>{v['stock']} card{'s' if v['stock'] != 1 else ''}</b> (with the turn-up)<br>"
            + f"You are <b>{v['seat']}</b>; the computer holds {v['computer_cards']} cards. Deal {v['deal']}; "
            + f"the target is {v['target']}.</p></div>"
            + f"<div>{trick_html}{last_html}</div></div>" + shown
        )
        over = s.state.is_over
        hide = self.ask_count and not over
        rows = "".join(f"<tr><td>{label}</td><td>{'?' if hide and key == 'points' else v[key]['you']}</td>"
                       f"<td>{'?' if hide and key == 'points' else v[key]['computer']}</td></tr>"
                       for label, key in ((f"points, toward {v['target']}", "points"), ("tricks", "tricks")))
        warn = ""
        if v["played_on"] and not over:
            total = v["played_on"][-1][1]
            warn = (f"<p class='tutor-error'>You had {total} and played on without claiming: the computer may claim first "
                    "(David Parlett, The Penguin Book of Card Games, Tute: the game is won by claiming).</p>")
        steps = explanation(s).html()
        reckoning = (f"<p><b>The reckoning of this deal</b>:</p>{steps}" if over
                     else "" if hide else f"<details><summary>This deal's scoring so far</summary>{steps}</details>")
        match = s.match
        sheet = sheet_html(match) if match is not None and match.records else ""
        log = "<br>".join(html.escape(x) for x in (s.log[-12:] if not hide else [x for x in s.log[-12:] if " score" not in x]))
        self.view.value = (
            '<table class="tutor-scores"><thead><tr><th></th><th>you</th><th>computer</th></tr></thead><tbody>'
            + rows + "</tbody></table>" + warn + reckoning + sheet + f'<p class="tutor-log">{log}</p>'
        )

    def card_label(self, card: Card) -> str:
        """The card as the panel names it: ``rey de copas``."""
        return spanish_name(card)
