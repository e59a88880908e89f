"""What the Piquet panels need beyond the contract's :class:`~tutor.session.Session`: the prompt
in words, actions made from the cards a reader selected, a deal's log lines, and declaration
practice. Nothing here knows about widgets."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ...cards import PIQUET_PACK, Card, Hand
from ...errors import IllegalActionError, NotationError, RuleOptionError, read_choice, shown
from ...explain import number_words
from .actions import EQUAL, GOOD, NOT_GOOD, Call, Exchange, Pass
from .combos import CLASSES, POINT, SEQUENCE, SET, Combination, all_held, best_combination, mask_of
from .deal import Deal, Phase, PiquetDeal
from .reckon import TABLE
from .rules import PiquetRules


def prompt(s: PiquetDeal) -> str:
    """What the player to move is to do now, in words (the panels' prompt line)."""
    if s.is_over:
        sc = s.scores()
        return f"The deal is over: elder {sc['elder']}, younger {sc['younger']}."
    who = s.table.names[s.to_move]
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
        return f"{who} to play to the {_card_of(s.tricks[-1][1]).name}."
    return f"{who} to lead to trick {len(s.tricks) + 1}."


def exchange_action(s: PiquetDeal, selected: Iterable[Card], show_left: bool | None = None) -> Exchange:
    """The exchange of the ``selected`` cards of the hand of the player to move. Younger, leaving
    cards of the talon, says whether they are shown (hidden unless ``show_left``)."""
    chosen = set(selected)
    discard = tuple(c for c in s.hand(s.to_move) if c in chosen)
    leaves = s.to_move == 1 and len(discard) < len(s.stock) and not (s.announced is not None and not s.exchanged[0])
    return Exchange(discard, bool(show_left) if leaves else None)


def call_action(s: PiquetDeal, selected: Iterable[Card]) -> Call:
    """A call of the ``selected`` cards of the hand of the player to move."""
    chosen = set(selected)
    return Call(tuple(c for c in s.hand(s.to_move) if c in chosen))


def _card_of(bit: int) -> Card:
    from .combos import BIT_CARD

    return BIT_CARD[bit]


def describe(player: str, phase: Phase, kind: str, action, making: int | None = None) -> str:
    """One line of a deal's log: ``action`` by ``player`` in ``phase``, as the table hears it.
    ``making``: when younger answers "equal" to the number of cards in elder's point, what elder's
    point makes, which elder says next (Cavendish Law 46), so the log does not skip it."""
    who = player.capitalize()
    if phase is Phase.ANNOUNCE:
        return f"{who} announces carte blanche and will exchange {action.count}."
    if phase is Phase.EXCHANGE:
        n = len(action.discard)
        return f"{who} exchanges {n} card{'s' if n != 1 else ''}."
    if phase is Phase.REPLY:
        said = f"Younger: “{action.answer}”."
        if making is not None and action.answer == EQUAL:
            said += f" Elder: “making {number_words(making)}”."
        return said
    if isinstance(action, Call):
        return f"{who} calls {Combination(kind, mask_of(action.cards)).call()}."
    if isinstance(action, Pass):
        return f"{who} has no more to call in the {kind}."
    return f"{who} plays {action.card.name}."


# -- declaration practice ----------------------------------------------------------------------


#: the law each kind of holding is judged by (Cavendish, The Laws of Piquet)
LAW_OF = {POINT: "Cavendish Law 62", SEQUENCE: "Cavendish Law 63", SET: "Cavendish Law 64"}

#: a first hint for a wrong answer, which points at the rule without giving the answer away
HINTS = {
    POINT: "the point is the suit with the most cards; between two suits as long, the one whose cards "
           "count more (ace 11, courts 10, the rest their pips) (Cavendish Law 62).",
    SEQUENCE: "a sequence is three or more cards in unbroken order in one suit; the longest is best, and "
              "between two as long the one with the higher top card (Cavendish Law 63).",
    SET: "a set is three or four cards of one rank, ten or higher; four beat three, and then the higher "
         "rank is better (Cavendish Law 64).",
}


@dataclass
class QuizAnswer:
    """A marked answer: whether it is right, the right answer, why (citing the law it applies),
    and a hint that points at the rule without giving the answer away."""

    correct: bool
    expected: str
    explanation: str
    hint: str = ""


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

    def __post_init__(self) -> None:
        # checked once here, so every question asks about two real hands of the Piquet pack
        self.elder = PIQUET_PACK.parse_hand(self.elder, 12, "Piquet hand")
        self.younger = PIQUET_PACK.parse_hand(self.younger, 12, "Piquet hand")
        both = set(self.elder) & set(self.younger)
        if both:
            card = str(min(both, key=PIQUET_PACK.sort_key))
            raise NotationError(f"{card} is in both hands: the two hands of a deal share no card", token=card)
        if not isinstance(self.rules, PiquetRules):
            raise RuleOptionError(f"the rules are PiquetRules, not {type(self.rules).__name__} {shown(self.rules)}",
                                  token=shown(self.rules))

    @classmethod
    def from_seed(cls, seed: int | str, rules: PiquetRules | None = None) -> DeclarationQuiz:
        d = Deal.from_seed(seed)
        return cls(d.elder, d.younger, rules or PiquetRules())

    def best(self, player: int | str, kind: str) -> Combination | None:
        """The best holding of ``kind`` of ``player`` (0 or ``elder``, 1 or ``younger``), or None."""
        player, kind = _player(player), _kind(kind)
        m = mask_of(self.elder if player == 0 else self.younger)
        if kind == POINT:
            return best_combination(POINT, m, self.rules.point_min_length)
        held = all_held(kind, m)
        return held[0] if held else None

    def check_declaration(self, player: int | str, kind: str, cards) -> QuizAnswer:
        """Is ``cards`` the best ``kind`` this player holds?"""
        player, kind = _player(player), _kind(kind)
        best = self.best(player, kind)
        given = Hand(cards)
        hint = "Look again: " + HINTS[kind]
        if best is None:
            ok = not given
            return QuizAnswer(ok, "nothing", f"This hand holds no {kind} ({LAW_OF[kind]})." + ("" if ok else " Nothing should be declared."), hint)
        # Every holding worth as much as the best is right: the point by length then pips (Law 62),
        # a sequence by length then top card (Law 63), a set by rank (Law 64).
        equal = self._equally_good(player, kind, best)
        ok = any(set(given) == set(c.cards) for c in equal)
        why = _why_best(best)
        if len(equal) > 1:
            others = " or ".join(" ".join(map(str, c.cards)) for c in equal)
            why += f" Here {len(equal)} holdings are worth the same, and either may be declared: {others}."
        return QuizAnswer(ok, f"{best.name()} ({' '.join(map(str, best.cards))})", why, hint)

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
        return self.best(0, _kind(kind))

    def check_reply(self, kind: str, answer: str) -> QuizAnswer:
        """Younger's answer to elder's call in ``kind``, checked against the truth."""
        kind = _kind(kind)
        answer = read_choice(answer, "the answer to a call", (GOOD, NOT_GOOD, EQUAL), error=IllegalActionError)
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
            detail = f"Elder calls {call.name()}; you hold {mine_text}: “{expected}” ({LAW_OF[kind]})."
        hint = f"Compare elder's call with the best {kind} in your hand: " + HINTS[kind]
        return QuizAnswer(answer == expected, expected, detail, hint)


def _player(player: object) -> int:
    """A player of the quiz: 0 or ``elder``, 1 or ``younger`` (a :class:`~tutor.seats.SeatError` names anything else)."""
    return int(TABLE.seat(player))  # type: ignore[arg-type]


def _kind(kind: object) -> str:
    """A class of declaration: point, sequence or set (Cavendish Laws 62-64)."""
    return read_choice(kind, "the kind of declaration", CLASSES, error=IllegalActionError)


def _why_best(c: Combination) -> str:
    if c.kind == POINT:
        return f"Your longest suit has {c.length} cards, making {c.pips} (ace 11, courts 10, others their pips; Cavendish Law 62)."
    if c.kind == SEQUENCE:
        return f"Your longest run is a {c.name()}, worth {c.score} if good (Cavendish Law 63)."
    return f"Your best set is a {c.name()}, worth {c.score} if good; sets are of tens and higher (Law 64)."


__all__ = ["DeclarationQuiz", "QuizAnswer", "LAW_OF", "HINTS", "prompt", "exchange_action", "call_action", "describe"]
