"""Whole-hand scoring: both players declare everything they hold; policies; the partie settlement.

:func:`full_declarations` says who scores what when both declare in full (as ``tutor score``
does); :func:`declaration_totals` computes the same numbers straight from the bit-mask tables for
simulations, and the tests hold the two to each other. :func:`settle` is Cavendish Laws 72-73.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import read_whole
from ...explain import Explanation
from .actions import EQUAL, GOOD, NOT_GOOD, Call, Pass, Reply
from .combos import (
    POINT,
    SEQUENCE,
    SET,
    SUIT_LEN,
    Combination,
    all_held,
    best_combination,
    best_point_suit,
    best_sequence_key,
    best_set_key,
    combination,
    held_sets,
    is_carte_blanche,
    point_table,
    sequence_total,
    set_counts,
    set_key,
    set_total,
)
from .deal import Phase, PiquetDeal
from .reckon import ELDER, OTHER, PLAYERS, TABLE, YOUNGER, reckon
from .rules import PiquetRules


def full_declarations(elder: int, younger: int, rules: PiquetRules) -> list[tuple[int, Combination]]:
    """What scores when both declare all they hold, in Law 67 order.

    The classes are compared on the table keys (as :func:`declaration_events` does); only the
    winner's combinations are built.
    """
    out: list[tuple[int, Combination]] = []
    table = point_table(rules.point_min_length, rules.point_by_pips)
    (ek, es), (yk, ys) = best_point_suit(elder, table), best_point_suit(younger, table)
    if ek != yk:  # the better point: its holder's best suit, as best_combination chooses it
        p, m, s = (ELDER, elder, es) if ek > yk else (YOUNGER, younger, ys)
        out.append((p, combination(POINT, m & (0xFF << (8 * s)))))
    ek, yk = best_sequence_key(elder), best_sequence_key(younger)
    if ek != yk:
        p, m = (ELDER, elder) if ek > yk else (YOUNGER, younger)
        out += [(p, c) for c in all_held(SEQUENCE, m)]
    ec, yc = set_counts(elder), set_counts(younger)
    ek, yk = set_key(ec), set_key(yc)
    if ek != yk:
        p, m, counts = (ELDER, elder, ec) if ek > yk else (YOUNGER, younger, yc)
        out += [(p, c) for c in held_sets(m, counts)]
    return out


def _point_key(mask: int, table: tuple[int, ...]) -> tuple[int, int]:
    """(comparison key, length) of the best point by a :func:`~.combos.point_table`, (-1, 0) when
    no suit is long enough."""
    k, s = best_point_suit(mask, table)
    return (k, 0) if s < 0 else (k, SUIT_LEN[mask >> (8 * s) & 0xFF])


def declaration_events(elder: int, younger: int, rules: PiquetRules, carte_blanche=(False, False)) -> list:
    """The hand's scores for full declarations, straight from the tables, in Law 67 order.

    One event a class (all of a player's sequences together): the totals, and so repique, are the
    same as with one step a combination, since nothing the opponent scores falls between them.
    """
    events = [(p, "carte blanche", 10, None) for p in (0, 1) if carte_blanche[p]]
    table = point_table(rules.point_min_length, rules.point_by_pips)
    (ek, en), (yk, yn) = _point_key(elder, table), _point_key(younger, table)
    if ek > yk:
        events.append((0, POINT, en, None))
    elif yk > ek:
        events.append((1, POINT, yn, None))
    ek, yk = best_sequence_key(elder), best_sequence_key(younger)
    if ek != yk:
        events.append((0, SEQUENCE, sequence_total(elder), None) if ek > yk else (1, SEQUENCE, sequence_total(younger), None))
    ek, yk = best_set_key(elder), best_set_key(younger)
    if ek != yk:
        events.append((0, SET, set_total(elder), None) if ek > yk else (1, SET, set_total(younger), None))
    return events


def declaration_totals(elder: int, younger: int, rules: PiquetRules, carte_blanche=(False, False)) -> tuple[int, int, int]:
    """(elder's, younger's, repique holder or -1) for full declarations, from the tables alone.

    The figures :func:`~.reckon.reckon_events` gives for :func:`declaration_events` (a test holds
    the two to each other over every kind of hand), counted without building the events: every
    score of the hand counts towards repique (Law 68), which comes at most once, when a player's
    total reaches thirty while his adversary's is still nothing.
    """
    table = point_table(rules.point_min_length, rules.point_by_pips)
    totals = [10 if carte_blanche[0] else 0, 10 if carte_blanche[1] else 0]
    scores: list[tuple[int, int]] = []
    (ek, en), (yk, yn) = _point_key(elder, table), _point_key(younger, table)
    if ek != yk:
        scores.append((ELDER, en) if ek > yk else (YOUNGER, yn))
    ek, yk = best_sequence_key(elder), best_sequence_key(younger)
    if ek != yk:
        scores.append((ELDER, sequence_total(elder)) if ek > yk else (YOUNGER, sequence_total(younger)))
    ec, yc = set_counts(elder), set_counts(younger)
    ek, yk = set_key(ec), set_key(yc)
    if ek != yk:
        scores.append((ELDER, set_total(elder)) if ek > yk else (YOUNGER, set_total(younger)))
    repique = -1
    for p, pts in scores:
        before = totals[p]
        totals[p] = before + pts
        if repique < 0 and before < 30 <= before + pts and not totals[OTHER[p]]:
            totals[p] += 60
            repique = p
    return totals[0], totals[1], repique


@dataclass(frozen=True)
class DeclarationResult:
    explanation: Explanation
    declared: tuple[tuple[int, Combination], ...]
    carte_blanche: tuple[bool, bool]

    @property
    def totals(self) -> dict[str, int]:
        return self.explanation.totals(PLAYERS)

    @property
    def repique(self) -> str | None:
        return next((s.player for s in self.explanation if s.category == "repique"), None)

    def to_json(self) -> dict:
        out: dict = {}
        for p in TABLE:
            name = p.name
            steps = self.explanation.by(name)
            out[name] = {
                "total": sum(s.points for s in steps),
                "carte_blanche": self.carte_blanche[p],
                "declared": [
                    {"class": c.kind, "name": c.name(), "cards": " ".join(map(str, c.cards)), "points": c.score}
                    for q, c in self.declared
                    if q == p
                ],
            }
        out["repique"] = self.repique
        out["steps"] = self.explanation.to_json()
        return out


def score_declarations(elder: int, younger: int, rules: PiquetRules | None = None) -> DeclarationResult:
    """Both declare everything; carte blanche judged on these hands; no trick points."""
    rules = rules or PiquetRules()
    cb = (is_carte_blanche(elder), is_carte_blanche(younger))
    declared = tuple(full_declarations(elder, younger, rules))
    rouge = _rouge(declared, (elder, younger)) if rules.carte_rouge else (False, False)
    return DeclarationResult(reckon(cb, declared, [], rules, rouge, complete=False), declared, cb)


def _rouge(declared, hands) -> tuple[bool, bool]:
    cov = [0, 0]
    for p, c in declared:
        cov[p] |= c.mask
    return (cov[0] == hands[0], cov[1] == hands[1])


# -- a policy that declares everything truthfully, for replays and simulations ---------------------


def declare_in_full(state: PiquetDeal):
    """The action a player who declares all he holds would take now (calls, replies, showing)."""
    p = state.to_move
    mine = [c.mask for q, c in state.declared if q == p and c.kind == state.kind]
    return declare_in_full_from(state.phase, state.kind, state.hands0(p), mine, state.elder_call[state.cls] is not None,
                                state.legal_actions(), state.rules.point_min_length, state.rules.point_by_pips)


def declare_in_full_from(ph: Phase, kind: str, hand: int, mine: list[int], elder_called: bool, legal,
                         point_min_length: int = 1, point_by_pips: bool = False):
    """:func:`declare_in_full` from what the player himself knows: the phase and class, his twelve
    cards after the exchange, the masks of what he has declared of this class, whether elder has
    called it, and the legal actions (so a computer player needs only its seat's view)."""
    if ph is Phase.REPLY:
        opts = [a.answer for a in legal]
        for a in (NOT_GOOD, EQUAL, GOOD):
            if a in opts:
                return Reply(a)
    if ph is Phase.CALL and not elder_called or ph is Phase.DECLARE and not mine:
        if kind == POINT:
            best = best_combination(POINT, hand, point_min_length, point_by_pips)
        else:
            held = all_held(kind, hand)
            best = held[0] if held else None
        if best is None or Call(tuple(best.cards)) not in legal:
            return Pass()
        return Call(tuple(best.cards))
    if kind != POINT:
        used = 0
        for m in mine:
            used |= m
        for c in all_held(kind, hand):
            if not c.mask & used:
                return Call(tuple(c.cards))
    return Pass()


# -- the partie ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settlement:
    """Cavendish Laws 72-73. ``winner`` is 0 or 1 (the order the totals were given) or None."""

    winner: int | None
    points: int
    rubicon: bool
    totals: tuple[int, int]

    def explain(self) -> str:
        a, b = self.totals
        if self.winner is None:
            return f"{a} all: the partie is drawn"
        w, lo = (a, b) if self.winner == 0 else (b, a)
        if self.rubicon:
            return f"the loser has {lo}, under a hundred: rubicon (Law 73), so {w} + {lo} + 100 = {self.points}"
        return f"the loser has {lo}, over the rubicon (Law 72), so {w} - {lo} + 100 = {self.points}"

    def to_json(self, names=("first", "second")) -> dict:
        return {"winner": None if self.winner is None else names[self.winner], "points": self.points, "rubicon": self.rubicon}


def settle(a: int, b: int) -> Settlement:
    """The partie settled: difference + 100, or, if the loser is under 100, sum + 100."""
    a, b = (read_whole(t, "a final total (in points)", lo=0) for t in (a, b))
    if a == b:
        return Settlement(None, 0, False, (a, b))
    w, lo = (a, b) if a > b else (b, a)
    winner = 0 if a > b else 1
    if lo < 100:
        return Settlement(winner, w + lo + 100, True, (a, b))
    return Settlement(winner, w - lo + 100, False, (a, b))


__all__ = [
    "full_declarations",
    "declaration_totals",
    "score_declarations",
    "declare_in_full",
    "settle",
    "Settlement",
    "DeclarationResult",
]
