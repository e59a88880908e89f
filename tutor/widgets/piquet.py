"""The Piquet panels special to the game: the deal, the exchange and its advisor, declaration
practice, scoring (a partie against the computer is the table panel, :mod:`tutor.widgets.table`).

The panels that play are views over the contract's :class:`~tutor.session.Session` (with
:mod:`tutor.games.piquet.practice` for the prompt and the declaration quiz); each renders a complete static HTML picture
of what it shows (``.view.value``), so a page saved without a kernel still teaches.
"""

from __future__ import annotations

import html
import time

import ipywidgets as w

from ..cards import PIQUET_PACK, Card, check_seed
from ..codes import looks_like_code
from ..errors import IllegalActionError, shorten
from ..explain import number_words
from ..games.piquet import Deal, Piquet, PiquetDeal, PiquetRules
from ..games.piquet.bot import choose_action
from ..games.piquet.combos import CLASSES
from ..games.piquet.deal import Phase
from ..games.piquet.practice import DeclarationQuiz, exchange_action, prompt
from ..games.piquet.reckon import PLAYERS
from ..render import hand_svg
from ..session import COMPUTER, READER, Session, new_seed
from . import CSS, CardRow, Panel

SEATS = ("elder", "younger", "both")

__all__ = ["DealPanel", "ExchangePanel", "DeclarationPanel", "ScoringPanel", "AdvisorPanel"]


def _seed_or_code(text: str) -> tuple[int | str | None, str | None]:
    """What a reader typed in a "seed or code" box: a deal code (``pq-...``), a seed, or nothing
    (a fresh deal)."""
    text = text.strip()
    if looks_like_code(text):
        return None, text
    return (check_seed(text) if text else None), None


def _seats(seat: str) -> dict[str, str]:
    """Who plays which seat: the reader holds ``seat`` (or both seats), the computer the other."""
    if seat not in SEATS:
        raise IllegalActionError(f"a reader plays elder, younger or both, not {shorten(str(seat))}", token=shorten(str(seat)), legal=SEATS)
    return {p: READER if seat in (p, "both") else COMPUTER for p in PLAYERS}


def _session(seed: int | str, seat: str, rules: PiquetRules | None, code: str | None = None) -> Session:
    return Session(Piquet(rules or PiquetRules()), seed, code=code, seats=_seats(seat))


class _DealView(Panel):
    """What the Piquet panels that play a deal share: the session, the cards the reader has
    selected, and dealing by seed or by code."""

    session: Session

    def __init__(self) -> None:
        super().__init__()
        self.selected: set[Card] = set()

    @property
    def state(self) -> PiquetDeal:
        return self.session.state  # type: ignore[return-value]

    def hand(self, player: int):
        return self.state.hand(player)

    def start(self, text: str, seat: str | None = None) -> None:
        seed, code = _seed_or_code(text)
        if seat is not None:
            for name, who in _seats(seat).items():
                self.session.set_controller(name, who, run=False)
        self.session.start(seed, code)
        self.selected = set()
        self.message.value = ""

    def toggle(self, card: Card | str) -> None:
        card = Card(card) if isinstance(card, str) else card
        s = self.state
        if s.is_over or card not in s.hand(s.to_move):
            raise IllegalActionError(f"{card} is not in {s.table.names[s.to_move]}'s hand", token=str(card))
        self.selected ^= {card}

    def act(self, action) -> None:
        self.session.act(action)
        self.selected = set()
        self.message.value = ""

    def undo(self) -> None:
        if not self.session.undo():
            raise IllegalActionError("there is nothing to undo: you have not moved yet in this deal", token="undo")
        self.selected = set()
        self.say(self.session.message)

    def reads(self, player: int) -> bool:
        """Does a reader hold ``player``'s seat?"""
        return self.session.controller(self.state.table.seats[player]) == READER


def _hands_html(panel: _DealView, show_other: bool) -> str:
    s = panel.state
    parts = []
    for p in s.table:
        if panel.reads(p) or show_other or s.is_over:
            parts.append(hand_svg(s.hand(p), caption=p.name))
        else:
            n = len(s.hand(p))
            parts.append(f'<div class="tutor-hand"><span class="tutor-caption">{p.name}</span> {n} cards, hidden</div>')
    return "".join(parts)


class DealPanel(_DealView):
    """Deal by seed or by deal code, as elder, younger or both; show or hide the other hand."""

    def __init__(self, seed: int | str = 1, seat: str = "elder", rules: PiquetRules | None = None):
        super().__init__()
        # Nothing is played here: the deal as dealt, both seats the reader's so nobody moves.
        self.session = _session(seed, "both", rules)
        self.source = w.Text(value=str(seed), description="seed or code", layout=w.Layout(width="260px"))
        self._shown = str(seed)
        self.seat = w.Dropdown(options=["elder", "younger", "both"], value=seat, description="you are")
        self.show_other = w.Checkbox(value=False, description="show the other hand")
        self.deal_button = w.Button(description="Deal", button_style="primary")
        self.deal_button.on_click(self.guard(lambda _: self.deal()))
        self.show_other.observe(self.guard(lambda _: None), "value")
        self.seat.observe(self.guard(lambda _: None), "value")
        self.view = w.HTML()
        self.widget = w.VBox([w.HTML(CSS), w.HBox([self.source, self.deal_button]), w.HBox([self.seat, self.show_other]), self.view, self.message])
        self.refresh()

    def deal(self) -> None:
        self.start(self.asked_seed())
        self.show_seed(self.state.code if self.session.seed is None else self.session.seed)

    def reads(self, player: int) -> bool:
        return self.seat.value in (self.state.table.names[player], "both")

    def refresh(self) -> None:
        s = self.state
        cb = [p.name for p in s.table if s.carte_blanche[p]]
        note = f"<p><b>Carte blanche</b> for {' and '.join(cb)}: ten, reckoned before anything else.</p>" if cb else ""
        self.view.value = (
            _hands_html(self, self.show_other.value)
            + f"<p>Talon: 8 cards, face down (elder may take the top five). Deal code <code>{html.escape(s.code)}</code></p>"
            + note
        )


class ExchangePanel(_DealView):
    """Click cards to discard and exchange; younger after elder; carte blanche flow included."""

    def __init__(self, seed: int | str = 1, seat: str = "both", rules: PiquetRules | None = None):
        super().__init__()
        self.rules = rules or PiquetRules()
        self.session = _session(seed, seat, self.rules)
        self.seat_played = seat
        self.source = w.Text(value=str(seed), description="seed or code", layout=w.Layout(width="260px"))
        self._shown = str(seed)
        self.deal_button = w.Button(description="Deal")
        self.deal_button.on_click(self.guard(lambda _: self.deal()))
        self.announce = w.Dropdown(options=[1, 2, 3, 4, 5], value=5, description="will take")
        self.show_left = w.RadioButtons(options=["hide from both", "show to both"], value="hide from both", description="left cards")
        self.exchange_button = w.Button(description="Exchange", button_style="primary")
        self.exchange_button.on_click(self.guard(lambda _: self.exchange()))
        self.announce_button = w.Button(description="Announce")
        self.announce_button.on_click(self.guard(lambda _: self.act(f"announce {self.announce.value}")))
        self.undo_button = w.Button(description="Undo")
        self.undo_button.on_click(self.guard(lambda _: self.undo()))
        self.cards = CardRow(self.guard(self.toggle), label="your hand")
        self.view = w.HTML()
        self.prompt = w.HTML()
        self.widget = w.VBox([
            w.HTML(CSS), w.HBox([self.source, self.deal_button]), self.prompt, self.cards.widget,
            w.HBox([self.exchange_button, self.undo_button]), w.HBox([self.announce, self.announce_button]),
            self.show_left, self.view, self.message,
        ])
        self.refresh()

    def deal(self) -> None:
        self.start(self.asked_seed())
        self.show_seed(self.state.code if self.session.seed is None else self.session.seed)

    def exchange(self) -> None:
        self.act(exchange_action(self.state, self.selected, self.show_left.value == "show to both"))

    def try_deal(self, deal: Deal, seat: str, discard) -> None:
        """Set up ``deal`` with the reader in ``seat`` (the computer exchanging first for elder when
        the reader is younger) and select ``discard``: the advisor's "try this discard"."""
        for name, who in _seats(seat).items():
            self.session.set_controller(name, who, run=False)
        self.session.start(code=deal.code)
        self.selected = set()
        for c in discard:
            self.toggle(c)
        self.message.value = ""

    def refresh(self) -> None:
        s = self.state
        mine = self.session.reader_to_move
        exchanging = s.phase is Phase.EXCHANGE and mine
        announcing = s.phase is Phase.ANNOUNCE and mine
        self.prompt.value = f"<p><b>{html.escape(prompt(s))}</b></p>"
        self.cards.show(s.hand(s.to_move) if exchanging else (), selected=self.selected)
        self.exchange_button.disabled = not exchanging
        self.announce.layout.display = self.announce_button.layout.display = "" if announcing else "none"
        self.show_left.layout.display = "" if exchanging and s.to_move == 1 else "none"
        parts = []
        for p in (0, 1):
            v = s.view(p)
            if not (exchanging and p == s.to_move):  # that hand is the row of cards to click
                parts.append(hand_svg(v["hand"], caption=s.table.names[p]))
            if v["taken_in"]:
                parts.append(hand_svg(v["taken_in"], caption="took in"))
            if v["discard"]:
                parts.append(hand_svg(v["discard"], caption="discard"))
        reader = s.to_move if (not s.is_over and self.reads(s.to_move)) else next((p for p in (0, 1) if self.reads(p)), 0)
        seen = set(s.view(reader)["cards_left_seen"])
        if seen:
            parts.append(hand_svg(PIQUET_PACK.sorted(seen), caption="left, seen"))
        parts.append(f"<p>Talon: {len(s.stock)} card{'s' if len(s.stock) != 1 else ''} left.</p>")
        if s.carte_blanche[0] or s.carte_blanche[1]:
            who = " and ".join(p.name for p in s.table if s.carte_blanche[p])
            parts.append(f"<p><b>Carte blanche</b> ({who}): scores ten first; shown after the other's discard.</p>")
        parts.append("<p>" + html.escape(" ".join(self.session.log)) + "</p>")
        self.view.value = "".join(parts)


class DeclarationPanel(Panel):
    """Declare point, sequence and set for a hand, and answer an opponent's calls. Each question's
    first answer is kept in the reader's browser (the bar under the panel sums them up)."""

    keeps = ("piquet", "Piquet")

    def __init__(self, seed: int | str = 1, rules: PiquetRules | None = None):
        super().__init__()
        self.rules = rules or PiquetRules()
        self.deal = Deal.from_seed(seed)
        self.quiz = DeclarationQuiz(self.deal.elder, self.deal.younger, self.rules)
        self.selected: set[Card] = set()
        self.source = w.Text(value=str(seed), description="seed", layout=w.Layout(width="200px"))
        self._shown = str(seed)
        self.deal_button = w.Button(description="New hand")
        self.deal_button.on_click(self.guard(lambda _: self.new_hand()))
        self.kind = w.ToggleButtons(options=list(CLASSES), value="point", description="declare")
        self.cards = CardRow(self.guard(self.toggle), label="your hand")
        self.declare_button = w.Button(description="Declare selected", button_style="primary")
        self.declare_button.on_click(self.guard(lambda _: self.declare()))
        self.nothing_button = w.Button(description="I have none")
        self.nothing_button.on_click(self.guard(lambda _: self.declare(nothing=True)))
        self.call = w.HTML()
        self.replies = [w.Button(description=a) for a in ("good", "not good", "equal")]
        for b in self.replies:
            b.on_click(self.guard(lambda b: self.reply(b.description)))
        self.kind.observe(self.guard(lambda _: self._new_question()), "value")
        self.tries: dict[str, int] = {}  # wrong answers so far to each question of this hand
        self.right = self.asked = 0  # the running tally of the session
        self.tally = w.HTML()
        self.view = w.HTML()
        self.widget = w.VBox([
            w.HTML(CSS), w.HBox([self.source, self.deal_button]), self.view, self.kind, self.cards.widget,
            w.HBox([self.declare_button, self.nothing_button]), self.call, w.HBox(self.replies), self.message, self.tally,
        ])
        self.refresh()

    def _new_question(self) -> None:
        self.selected.clear()
        self.message.value = ""

    def mark(self, question: str, ans, wrong: str) -> None:
        """Mark an answer: right, counted once; wrong the first time, a hint and another try; wrong
        again, the answer with its reason. Each question counts once in the tally."""
        tries = self.tries.get(question, 0)
        done = tries < 0  # answered already: later answers to it are not counted again
        if not done and (ans.correct or tries == 0):  # its first answer, right or wrong
            self.record("declarations" if question.startswith("declare") else "answers to calls",
                        f"{self.deal.code} {question}", ans.correct)
        if ans.correct:
            if not done:
                self.asked += 1
                self.right += tries == 0
            self.tries[question] = -1
            self.say(f"Right. {ans.explanation}", True)
        elif tries == 0:
            self.tries[question] = 1
            self.say(f"Not yet. Hint: {ans.hint} Try again.", False)
        else:
            self.asked += not done
            self.tries[question] = -1
            self.say(f"{wrong} {ans.explanation}", False)

    def new_hand(self) -> None:
        seed, code = _seed_or_code(self.asked_seed())
        if code is not None:
            self.deal = Deal.from_code(code)
            self.show_seed(code)
        else:
            seed = new_seed() if seed is None else seed
            self.deal = Deal.from_seed(seed)
            self.show_seed(seed)
        self.quiz = DeclarationQuiz(self.deal.elder, self.deal.younger, self.rules)
        self.selected = set()
        self.tries = {}
        self.message.value = ""

    def toggle(self, card: Card | str) -> None:
        card = Card(card) if isinstance(card, str) else card
        if card not in self.quiz.younger:
            raise IllegalActionError(f"{card} is not in your hand", token=str(card))
        self.selected ^= {card}

    def declare(self, nothing: bool = False) -> None:
        cards = [] if nothing else [c for c in self.quiz.younger if c in self.selected]
        ans = self.quiz.check_declaration(1, self.kind.value, cards)
        self.mark(f"declare {self.kind.value}", ans, f"Not quite: the answer is {ans.expected}.")

    def reply(self, answer: str) -> None:
        ans = self.quiz.check_reply(self.kind.value, answer)
        self.mark(f"reply {self.kind.value}", ans, f"Not quite: say “{ans.expected}”.")

    def refresh(self) -> None:
        code = self.deal.code
        self.view.value = (f"<p>You are younger. Deal code <code>{html.escape(code)}</code> (type it in the box to "
                           "share this hand). Click the cards of your hand to select them:</p>")
        self.tally.value = (f"<p class='tutor-rule'>Right at the first try: {self.right} of {self.asked} "
                            f"question{'s' if self.asked != 1 else ''} this session.</p>")
        self.cards.show(self.quiz.younger, selected=self.selected)
        call = self.quiz.opponent_call(self.kind.value)
        if call is None:
            self.call.value = f"<p>Elder has no {self.kind.value} to call.</p>"
        else:
            self.call.value = f"<p>Elder calls: <b>{html.escape(call.call())}</b>"
            if call.kind == "point":
                self.call.value += f" (making {call.pips})"
            self.call.value += ". Your answer?</p>"
        for b in self.replies:
            b.disabled = call is None


class ScoringPanel(Panel):
    """A whole deal's reckoning step by step in Law 67 order, with running totals."""

    def __init__(self, seed: int | str = 1, rules: PiquetRules | None = None):
        super().__init__()
        self.rules = rules or PiquetRules()
        self.source = w.Text(value=str(seed), description="seed or code", layout=w.Layout(width="260px"))
        self._shown = str(seed)
        self.deal_button = w.Button(description="Deal and play")
        self.deal_button.on_click(self.guard(lambda _: self.load(self.asked_seed())))
        self.step = w.IntSlider(value=0, min=0, max=0, description="step")
        self.next_button = w.Button(description="Next step")
        self.next_button.on_click(self.guard(lambda _: self.advance()))
        self.all_button = w.Button(description="All steps")
        self.all_button.on_click(self.guard(lambda _: setattr(self.step, "value", self.step.max)))
        self.step.observe(self.guard(lambda _: None), "value")
        self.view = w.HTML()
        self.widget = w.VBox([w.HTML(CSS), w.HBox([self.source, self.deal_button]), w.HBox([self.step, self.next_button, self.all_button]), self.view, self.message])
        self.load(str(seed))
        self.refresh()

    def load(self, text: str) -> None:
        """Deal (by seed or code; a fresh seed for "") and play the deal through."""
        seed, code = _seed_or_code(text)
        if code is not None:
            deal = Deal.from_code(code)
        else:
            seed = new_seed() if seed is None else seed
            deal = Deal.from_seed(seed, self.rules.deal_in)
        self.show_seed(code if code is not None else seed)
        state = PiquetDeal(deal, self.rules)
        while not state.is_over:
            state.apply(choose_action(state))
        self.state = state
        self.steps = state.explanation()
        self.step.max = len(self.steps)
        self.step.value = 0
        self.message.value = ""

    def advance(self) -> None:
        if self.step.value >= self.step.max:
            raise IllegalActionError("every step is shown: the deal is fully reckoned", token="next")
        self.step.value += 1

    def refresh(self) -> None:
        shown = type(self.steps)(self.steps[: self.step.value])
        s = self.state
        hands = hand_svg(s.hands0_cards(0), caption="elder") + hand_svg(s.hands0_cards(1), caption="younger")
        said = ""
        if shown:
            last = shown[-1]
            said = f"<p><b>{html.escape(last.player)}</b>: “{html.escape(last.text)}: {number_words(last.total(last.player))}”</p>"
        # the whole reckoning, folded, under the steps shown so far: a page read without Python
        # (the book's static pages) still shows every step, and a reader stepping through can peek
        whole = (f"<details><summary>The whole reckoning ({len(self.steps)} steps)</summary>{self.steps.html()}</details>"
                 if self.step.value < self.step.max else "")
        self.view.value = hands + said + shown.html() + whole


class AdvisorPanel(Panel):
    """What should I discard? Every legal discard ranked by its exact expected combinations;
    pick a row to see its distributions, then try that discard in the exchange below."""

    def __init__(self, seed: int | str = 1, seat: str = "elder", rules: PiquetRules | None = None, top: int = 12):
        super().__init__()
        self.rules = rules or PiquetRules()
        self.top = top
        self.source = w.Text(value=str(seed), description="hand", placeholder="a seed, a deal code, or twelve cards",
                             layout=w.Layout(width="420px"))
        self.seat = w.Dropdown(options=["elder", "younger"], value=seat, description="seat")
        self.advise_button = w.Button(description="Advise", button_style="primary")
        self.advise_button.on_click(self.guard(lambda _: self.advise()))
        # named for screen readers by its visible label (a Select with no description has a hidden one)
        self.rows = w.Select(options=[], rows=8, description="discards", layout=w.Layout(width="640px"))
        self.rows.observe(self.guard(lambda _: None), "value")
        self.try_button = w.Button(description="Try this discard")
        self.try_button.on_click(self.guard(lambda _: self.try_discard()))
        self.table = w.HTML()
        self.detail = w.HTML()
        self.exchange = ExchangePanel(seed=seed, seat=seat, rules=self.rules)
        self.widget = w.VBox([
            w.HTML(CSS), w.HBox([self.source, self.seat, self.advise_button]), self.table, self.rows,
            self.detail, self.try_button, self.message, w.HTML("<hr><p>The exchange:</p>"), self.exchange.widget,
        ])
        self.advise()
        self.refresh()

    def _deal(self) -> Deal:
        text = self.source.value.strip() or "0"
        if looks_like_code(text):
            return Deal.from_code(text)
        if len(text.split()) > 1:  # twelve cards typed: the other twenty dealt at random around them
            hand = PIQUET_PACK.parse_hand(text, 12, "hand")
            rest = [c for c in PIQUET_PACK.shuffled(0) if c not in set(hand)]
            mine, other = (hand, rest[:12]) if self.seat.value == "elder" else (rest[:12], hand)
            return Deal(PIQUET_PACK.sorted(mine), PIQUET_PACK.sorted(other), tuple(rest[12:]))
        return Deal.from_seed(text, self.rules.deal_in)

    def advise(self) -> None:
        from ..games.piquet.advisor import advise

        deal = self._deal()
        seat = self.seat.value
        self.deal = deal
        hand = deal.elder if seat == "elder" else deal.younger
        t0 = time.perf_counter()
        self.advice = advise(hand, seat, rules=self.rules)
        self.seconds = time.perf_counter() - t0  # shown: live, it is the reader's own browser's figure
        self.rows.options = [(f"{i + 1}. {r.summary()}", i) for i, r in enumerate(self.advice.rows[: self.top])]
        self.rows.value = 0
        self.message.value = ""

    def try_discard(self) -> None:
        row = self.advice.rows[self.rows.value or 0]
        self.exchange.try_deal(self.deal, self.seat.value, row.discard)  # elder exchanges first for younger
        self.exchange.refresh()

    def refresh(self) -> None:
        a = self.advice
        draws = sum(r.draws for r in a.rows)
        self.table.value = a._repr_html_(top=5) + (
            f'<p class="tutor-rule">{html.escape(str(a.hand))}: {len(a):,} discards, {draws:,} draws in all, '
            f"every one counted, worked out in {self.seconds:.2f} s.</p>"
        )
        rank = self.rows.value or 0
        row, best = a.rows[rank], a.rows[0]
        why = (f"It ranks {rank + 1} of {len(a):,}: on average its combinations are worth {float(row.expected):.2f} "
               f"= point {float(row.expected_point):.2f} + sequences {float(row.expected_sequences):.2f} "
               f"+ sets {float(row.expected_sets):.2f}")
        why += "." if rank == 0 else f", against {float(best.expected):.2f} for the first, {html.escape(str(best.discard))}."
        parts = [f"<p><b>Discard {html.escape(str(row.discard))}</b>, keep {html.escape(str(row.kept))}: "
                 f"{row.draws:,} equally likely draws.</p>",
                 f"<p>{why}</p>", f'<p class="tutor-rule">{html.escape(a.assumption)}</p>']
        for name, dist in (("point", row.point), ("best sequence", row.sequence), ("best set", row.sets)):
            parts.append(f"<details><summary>{name}</summary>{dist._repr_html_()}</details>")
        self.detail.value = "".join(parts)
