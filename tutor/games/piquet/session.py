"""Pure session objects behind the Piquet panels: state, history, undo, a computer opponent.

The panels (``tutor.widgets.piquet``), the book and the tests all drive these; nothing here knows
about widgets. Every reader action goes through the checked engine, so a wrong action raises the
engine's :class:`~tutor.errors.TutorError` and leaves the session as it was.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ...cards import Card, Hand
from ...errors import IllegalActionError
from .actions import EQUAL, GOOD, NOT_GOOD, Call, Exchange, Pass, Play, parse_action
from .bot import choose_action
from .combos import CLASSES, POINT, SEQUENCE, Combination, all_held, best_combination, mask_of
from .deal import Deal, Phase, PiquetDeal
from .partie import Partie
from .reckon import PLAYERS
from .rules import PiquetRules

SEATS = ("elder", "younger", "both")


class PiquetSession:
    """One deal played by the reader from ``seat`` against the computer (or both seats by hand).

    ``log`` is what happened, in words; ``undo()`` goes back to before the reader's last action.
    """

    def __init__(self, seed: int | str = 0, code: str | None = None, seat: str = "elder", rules: PiquetRules | None = None):
        self.rules = rules or PiquetRules()
        self.seat = _check_seat(seat)
        self.selected: set[Card] = set()
        self.new_deal(seed, code)

    # -- set-up -------------------------------------------------------------------------------
    def new_deal(self, seed: int | str | None = None, code: str | None = None) -> None:
        """Deal by seed or by code. A bad code raises NotationError and keeps the current deal."""
        deal = Deal.from_code(code) if code else Deal.from_seed(0 if seed in (None, "") else seed, self.rules.deal_in)
        self.deal = deal
        self.state = PiquetDeal(deal, self.rules)
        self.actions: list[tuple[str, str]] = []  # (who, action) in order: "reader" or "computer"
        self.log: list[str] = []
        self.selected = set()
        self._run_computer()

    def set_seat(self, seat: str) -> None:
        self.seat = _check_seat(seat)
        self._replay(len(self.actions))
        self._run_computer()

    # -- what the reader sees -----------------------------------------------------------------
    def controls(self, player: int) -> bool:
        return self.seat == "both" or PLAYERS[player] == self.seat

    @property
    def reader_to_move(self) -> bool:
        return not self.state.is_over and self.controls(self.state.to_move)

    def prompt(self) -> str:
        """What the reader (or the computer) is to do now, in words."""
        s = self.state
        if s.is_over:
            sc = s.scores()
            return f"The deal is over: elder {sc['elder']}, younger {sc['younger']}."
        who = PLAYERS[s.to_move]
        if s.phase is Phase.ANNOUNCE:
            return f"{who} holds carte blanche: say how many cards you will exchange (1 to 5)."
        if s.phase is Phase.EXCHANGE:
            least, most = s._exchange_limits(s.to_move)
            return f"{who} to exchange: select {least} to {most} cards to discard, then exchange."
        if s.phase is Phase.REPLY:
            return f"Elder calls {s._call_text()}. {who}: good, not good or equal?"
        if s.phase in (Phase.CALL, Phase.DECLARE):
            return f"{who} to declare the {s.kind}: select its cards and call, or pass."
        if s.tricks and s.tricks[-1][2] < 0:
            return f"{who} to play to the {s.tricks[-1] and _card_of(s.tricks[-1][1]).name}."
        return f"{who} to lead to trick {len(s.tricks) + 1}."

    def legal_cards(self) -> set[Card]:
        """Cards the player to move may play now (empty outside the play)."""
        if self.state.phase is not Phase.PLAY:
            return set()
        return {a.card for a in self.state.legal_actions()}

    def hand(self, player: int) -> Hand:
        return self.state.hand(player)

    # -- reader actions -----------------------------------------------------------------------
    def toggle(self, card: Card | str) -> None:
        card = Card(card) if isinstance(card, str) else card
        if card not in self.hand(self.state.to_move):
            raise IllegalActionError(f"{card} is not in {PLAYERS[self.state.to_move]}'s hand", token=str(card))
        self.selected ^= {card}

    def act(self, action) -> str:
        """Apply the reader's action (checked), then let the computer answer. Returns what happened."""
        if self.state.is_over:
            raise IllegalActionError("the deal is over: deal again to go on", token=str(action))
        if not self.reader_to_move:
            raise IllegalActionError(f"it is the computer's turn ({PLAYERS[self.state.to_move]})", token=str(action))
        action = parse_action(action)
        before = len(self.log)
        self._apply("reader", action)
        self.selected = set()
        self._run_computer()
        return " ".join(self.log[before:])

    def exchange_selected(self, show_left: bool | None = None) -> str:
        s = self.state
        discard = tuple(c for c in self.hand(s.to_move) if c in self.selected)
        leaves = s.to_move == 1 and len(discard) < len(s.stock) and not (s.announced is not None and not s.exchanged[0])
        if leaves and show_left is None:
            show_left = False
        return self.act(Exchange(discard, show_left if leaves else None))

    def call_selected(self) -> str:
        cards = tuple(c for c in self.hand(self.state.to_move) if c in self.selected)
        return self.act(Call(cards))

    def play(self, card: Card | str) -> str:
        return self.act(Play(card))

    def hint(self) -> str:
        """What the computer would do in the reader's place."""
        return str(choose_action(self.state))

    def undo(self) -> bool:
        """Go back to before the reader's last action. False if there is nothing to undo."""
        idx = max((i for i, (who, _) in enumerate(self.actions) if who == "reader"), default=None)
        if idx is None:
            return False
        self._replay(idx)
        return True

    # -- internals ----------------------------------------------------------------------------
    def _apply(self, who: str, action) -> None:
        s = self.state
        player, phase, kind = PLAYERS[s.to_move], s.phase, s.kind
        s.apply(action)
        self.actions.append((who, str(action)))
        self.log.append(_describe(player, phase, kind, s.parse_action(action)))

    def _run_computer(self) -> None:
        guard = 0
        while not self.state.is_over and not self.controls(self.state.to_move):
            self._apply("computer", choose_action(self.state))
            guard += 1
            if guard > 200:  # pragma: no cover - a bot bug, never a loop in the reader's page
                raise RuntimeError("the computer opponent did not finish its turn")

    def _replay(self, n: int) -> None:
        keep = self.actions[:n]
        self.state = PiquetDeal(self.deal, self.rules)
        self.actions, self.log, self.selected = [], [], set()
        for who, text in keep:
            self._apply(who, text)


def _check_seat(seat: str) -> str:
    if seat not in SEATS:
        raise IllegalActionError(f"seat {seat!r} is not one of {', '.join(SEATS)}", token=seat, legal=SEATS)
    return seat


def _card_of(bit: int) -> Card:
    from .combos import BIT_CARD

    return BIT_CARD[bit]


def _describe(player: str, phase: Phase, kind: str, action) -> str:
    who = player.capitalize()
    if phase is Phase.ANNOUNCE:
        return f"{who} announces carte blanche and will exchange {action.count}."
    if phase is Phase.EXCHANGE:
        n = len(action.discard)
        return f"{who} exchanges {n} card{'s' if n != 1 else ''}."
    if phase is Phase.REPLY:
        return f"Younger: “{action.answer}”."
    if isinstance(action, Call):
        return f"{who} calls {Combination(kind, mask_of(action.cards)).call()}."
    if isinstance(action, Pass):
        return f"{who} has no more to call in the {kind}."
    return f"{who} plays {action.card.name}."


# -- declaration practice ----------------------------------------------------------------------


@dataclass
class QuizAnswer:
    correct: bool
    expected: str
    explanation: str


@dataclass
class DeclarationQuiz:
    """Practice declaring a hand and answering the opponent's calls.

    ``ask_*`` give what the reader should say for his own hand; ``check_*`` mark an answer and
    explain it. ``opponent_call(kind)`` is the call an opponent makes (declaring in full), to which
    the reader answers good, not good or equal (:meth:`check_reply`).
    """

    elder: Hand
    younger: Hand
    rules: PiquetRules = field(default_factory=PiquetRules)

    @classmethod
    def from_seed(cls, seed: int | str, rules: PiquetRules | None = None) -> DeclarationQuiz:
        d = Deal.from_seed(seed)
        return cls(d.elder, d.younger, rules or PiquetRules())

    def best(self, player: int, kind: str) -> Combination | None:
        m = mask_of(self.elder if player == 0 else self.younger)
        if kind == POINT:
            return best_combination(POINT, m, self.rules.point_min_length)
        held = all_held(kind, m)
        return held[0] if held else None

    def check_declaration(self, player: int, kind: str, cards) -> QuizAnswer:
        """Is ``cards`` the best ``kind`` this player holds?"""
        if kind not in CLASSES:
            raise IllegalActionError(f"declare a point, sequence or set, not {kind!r}", token=kind, legal=CLASSES)
        best = self.best(player, kind)
        given = Hand(cards)
        if best is None:
            ok = not given
            return QuizAnswer(ok, "nothing", f"This hand holds no {kind}." + ("" if ok else " Nothing should be declared."))
        # Every holding worth as much as the best is right: the point by length then pips (Law 62),
        # a sequence by length then top card (Law 63), a set by rank (Law 64).
        equal = self._equally_good(player, kind, best)
        ok = any(set(given) == set(c.cards) for c in equal)
        why = _why_best(best)
        if len(equal) > 1:
            others = " or ".join(" ".join(map(str, c.cards)) for c in equal)
            why += f" Here {len(equal)} holdings are worth the same, and either may be declared: {others}."
        return QuizAnswer(ok, f"{best.name()} ({' '.join(map(str, best.cards))})", why)

    def _equally_good(self, player: int, kind: str, best: Combination) -> list[Combination]:
        """Every holding of ``kind`` worth exactly as much as ``best`` (several suits may tie)."""
        m = mask_of(self.elder if player == 0 else self.younger)
        if kind == POINT:
            out = []
            for suit in range(4):
                only = m & (0xFF << (8 * suit))
                c = best_combination(POINT, only, self.rules.point_min_length, self.rules.point_by_pips) if only else None
                if c is not None and c.key() == best.key():
                    out.append(c)
            return out or [best]
        return [c for c in all_held(kind, m) if c.key() == best.key()] or [best]

    def opponent_call(self, kind: str) -> Combination | None:
        """Elder's call in ``kind``, declaring in full."""
        return self.best(0, kind)

    def check_reply(self, kind: str, answer: str) -> QuizAnswer:
        """Younger's answer to elder's call in ``kind``, checked against the truth."""
        answer = answer.strip().lower()
        if answer not in (GOOD, NOT_GOOD, EQUAL):
            raise IllegalActionError(f"answer good, not good or equal, not {answer!r}", token=answer, legal=(GOOD, NOT_GOOD, EQUAL))
        call = self.opponent_call(kind)
        mine = self.best(1, kind)
        if call is None:
            raise IllegalActionError(f"elder has no {kind} to call in this deal", token=kind)
        ck, mk = call.key(), mine.key() if mine else (-1, -1)
        if kind == POINT and not self.rules.point_by_pips and mine and mine.length == call.length:
            # On equal cards the first answer is "equal"; the pips then decide (Parlett's Piquet rules).
            expected = EQUAL
            detail = (
                f"Both points have {call.length} cards: answer “equal”, and elder says his makes {call.pips}; "
                f"yours makes {mine.pips}, so then {'not good' if mk > ck else 'good' if mk < ck else 'equal again: nobody scores'}."
            )
        else:
            expected = NOT_GOOD if mk > ck else EQUAL if mk == ck else GOOD
            mine_text = mine.name() if mine else f"no {kind}"
            detail = f"Elder calls {call.name()}; you hold {mine_text}: “{expected}”."
        return QuizAnswer(answer == expected, expected, detail)


def _why_best(c: Combination) -> str:
    if c.kind == POINT:
        return f"Your longest suit has {c.length} cards, making {c.pips} (ace 11, courts 10, others their pips)."
    if c.kind == SEQUENCE:
        return f"Your longest run is a {c.name()}, worth {c.score} if good (Cavendish Law 63)."
    return f"Your best set is a {c.name()}, worth {c.score} if good; sets are of tens and higher (Law 64)."


# -- the partie sheet ---------------------------------------------------------------------------


class PartieSession:
    """A partie played out deal by deal by the computer for both players (or seeded deals
    the reader has played), with the running sheet and the settlement."""

    def __init__(self, seed: int | str = 0, rules: PiquetRules | None = None):
        self.rules = rules or PiquetRules()
        self.seed = seed
        self.partie = Partie(seed, self.rules, first_dealer=random.Random(f"cut/{seed}").randrange(2))

    def play_next_deal(self) -> dict:
        if self.partie.is_over:
            raise IllegalActionError("the partie is over: start a new one", token="next deal")
        n = len(self.partie.records)
        while len(self.partie.records) == n:
            self.partie.apply(choose_action(self.partie.deal))
        return self.partie.sheet()[-1]

    def play_all(self) -> None:
        while not self.partie.is_over:
            self.play_next_deal()


__all__ = ["PiquetSession", "DeclarationQuiz", "PartieSession", "QuizAnswer", "SEATS"]
