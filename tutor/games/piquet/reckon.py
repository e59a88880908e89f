"""The reckoning of one deal in Cavendish's Law 67 order, with repique and pique as they happen.

Whatever order things were said in at the table, they count in this order: carte blanche, point,
sequences, sets, points made in play, the cards. Repique (Law 68) is 30 made in hand alone by
scores that reckon before anything the adversary counts; pique (Law 69) is 30 made in hand and
play before the adversary has counted anything. Neither can be saved by an equality, since an
equality scores nothing; the cards and capot reckon after play and count towards neither.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...explain import Explanation, Step, number_words
from ...seats import Table
from .combos import BIT_CARD, POINT, SEQUENCE, SET, Combination

ELDER, YOUNGER = 0, 1
PLAYERS = ("elder", "younger")
#: the seats: elder leads, younger deals (Cavendish Laws 11-14)
TABLE = Table(PLAYERS, dealer="younger")
#: each seat's adversary, read once from the table (the reckoning runs in the simulator's loop)
OTHER = tuple(seat.other for seat in TABLE)

RULE_CB = "Cavendish Laws 18, 61: carte blanche scores ten, first of all"
RULE_POINT = "Cavendish Law 62: the point scores one a card"
RULE_SEQ = "Cavendish Law 63: the best sequence scores, with every other its holder has"
RULE_SET = "Cavendish Law 64: the best set scores, with every other its holder has"
RULE_ROUGE = "Parlett (Penguin Book of Card Games): carte rouge, every card in a scored combination"
RULE_REPIQUE = "Cavendish Law 68: thirty in hand before the adversary counts: repique, sixty"
RULE_PIQUE = "Cavendish Law 69: thirty in hand and play before the adversary counts: pique, thirty"
RULE_LEAD = "Cavendish Law 65: one for each card led"
RULE_WIN = "Cavendish Law 65: one for winning a trick the adversary led"
RULE_LAST = "Cavendish Law 65: the last trick scores one more"
RULE_CARDS = "Cavendish Law 66: more than six tricks, ten for the cards"
RULE_CAPOT = "Cavendish Law 66: all twelve tricks, capot, forty instead of ten"

_ORDER = {"carte blanche": 1, POINT: 2, SEQUENCE: 3, SET: 4, "carte rouge": 5}
_HAND = frozenset(_ORDER)
_PLAY = frozenset(("lead", "trick", "last trick"))
_RULES = {
    "carte blanche": RULE_CB, POINT: RULE_POINT, SEQUENCE: RULE_SEQ, SET: RULE_SET, "carte rouge": RULE_ROUGE,
    "repique": RULE_REPIQUE, "pique": RULE_PIQUE, "lead": RULE_LEAD, "trick": RULE_WIN,
    "last trick": RULE_LAST, "cards": RULE_CARDS, "capot": RULE_CAPOT,
}


def reckon_events(hand_events, tricks, rules, complete: bool = True) -> list[tuple[int, str, int, object]]:
    """The scoring events of a deal, in Law 67 order, as ``(player, category, points, detail)``.

    ``hand_events`` are the hand's scores already in Law 67 order (carte blanche, point,
    sequences, sets, carte rouge). ``tricks`` are (leader, led bit, followed bit or -1, winner or
    -1). Repique, pique, the points of play and the cards are added here: the explained reckoning
    and the simulations of play both come through this function (the totals of the hand alone,
    :func:`~.scoring.declaration_totals`, count repique themselves, and a test holds the two to
    each other).
    """
    events: list[tuple[int, str, int, object]] = []
    totals = [0, 0]
    bonus_done = False
    for ev in _raw_events(hand_events, tricks, rules, complete) if tricks else hand_events:
        player, category, points, _ = ev
        before = totals[player]
        totals[player] = after = before + points
        events.append(ev)
        if bonus_done or not before < 30 <= after or totals[OTHER[player]]:
            continue
        if category in _HAND:
            bonus_done = True
            totals[player] += 60
            events.append((player, "repique", 60, None))
        elif category in _PLAY:
            bonus_done = True
            totals[player] += 30
            events.append((player, "pique", 30, None))
    return events


def _raw_events(hand_events, tricks, rules, complete: bool) -> list[tuple[int, str, int, object]]:
    """The hand's events, then play's and the cards' (neither repique nor pique: they depend on
    the running totals, which :func:`reckon_events` keeps)."""
    events = list(hand_events)
    won = [0, 0]
    for i, (leader, led, followed, winner) in enumerate(tricks):
        events.append((leader, "lead", 1, led))
        if winner < 0:
            continue
        won[winner] += 1
        if winner != leader:
            events.append((winner, "trick", 1, followed))
        if i == 11:
            events.append((winner, "last trick", 1, None))
    if complete and len(tricks) == 12 and tricks[-1][3] >= 0:
        for p in (ELDER, YOUNGER):
            if won[p] == 12:
                events.append((p, "capot", rules.capot_value, None))
            elif won[p] > 6:
                events.append((p, "cards", rules.cards_value, (won[p], won[OTHER[p]])))
    return events


def hand_events(carte_blanche, declared, carte_rouge=(False, False)) -> list[tuple[int, str, int, object]]:
    """The hand's scores in Law 67 order from the combinations that score."""
    out: list[tuple[int, str, int, object]] = [(p, "carte blanche", 10, None) for p in (ELDER, YOUNGER) if carte_blanche[p]] \
        if carte_blanche[0] or carte_blanche[1] else []
    order = [_ORDER[c.kind] for _, c in declared]
    if order != sorted(order):  # most often said in Law 67 order already; the sort keeps the order said within a class
        declared = sorted(declared, key=lambda pc: _ORDER[pc[1].kind])
    out += [(p, c.kind, c.score, c) for p, c in declared]
    if carte_rouge[0] or carte_rouge[1]:
        out += [(p, "carte rouge", 40, None) for p in (ELDER, YOUNGER) if carte_rouge[p]]
    return out


def _step_maker():
    """``Step(player, category, points, text, rule, totals)``: the same value, its slots filled one
    by one without the frozen dataclass's checks (a deal's reckoning makes dozens; a simulation or
    a practice table, thousands). Step itself where it keeps no slots."""
    names = ("player", "category", "points", "text", "rule", "totals")
    if getattr(Step, "__slots__", None) != names:
        return Step
    new = object.__new__
    s0, s1, s2, s3, s4, s5 = (getattr(Step, n).__set__ for n in names)

    def step(player: str, category: str, points: int, text: str, rule: str, totals: tuple) -> Step:
        s = new(Step)
        s0(s, player)
        s1(s, category)
        s2(s, points)
        s3(s, text)
        s4(s, rule)
        s5(s, totals)
        return s
    return step


_step = _step_maker()


def _text(category: str, points: int, detail) -> str:
    if category in (POINT, SEQUENCE, SET):
        return detail.name()
    if category == "lead":
        return f"one for leading the {BIT_CARD[detail].name}"
    if category == "trick":
        return f"one for winning with the {BIT_CARD[detail].name}"
    if category == "last trick":
        return "one more for the last trick"
    if category == "cards":
        return f"the cards, {detail[0]} tricks to {detail[1]}"
    if category == "capot":
        return f"capot: {number_words(points)}"
    return category


def reckon(
    carte_blanche: Sequence[bool],
    declared: Sequence[tuple[int, Combination]],
    tricks: Sequence[tuple[int, int, int, int]],
    rules,
    carte_rouge: Sequence[bool] = (False, False),
    complete: bool = True,
) -> Explanation:
    """The explained reckoning of a deal: :func:`reckon_events` with the words and rules added.

    ``declared``: (player, combination) for every combination that scores, in the order said.
    ``complete``: all twelve tricks are played, so the cards and capot can be reckoned.
    """
    if not tricks:
        return _hand_reckoning(hand_events(carte_blanche, declared, carte_rouge))
    events = reckon_events(hand_events(carte_blanche, declared, carte_rouge), tricks, rules, complete)
    # the steps Explanation.build makes of these events, the running totals kept as a pair
    totals = [0, 0]
    steps = []
    elder, younger = PLAYERS
    for p, cat, pts, d in events:
        totals[p] += pts
        text = d.name() if isinstance(d, Combination) else _text(cat, pts, d)
        steps.append(_step(TABLE.names[p], cat, pts, text, _RULES[cat], ((elder, totals[0]), (younger, totals[1]))))
    return Explanation(steps)


def _hand_reckoning(events) -> Explanation:
    """:func:`reckon` when no trick is played: the same steps as :func:`reckon_events` gives for the
    hand's events alone (repique after the step that reaches thirty first, the adversary still at
    nothing), each made as its event is read (the declarations' explained scoring runs in loops)."""
    steps = []
    totals = [0, 0]
    repique = False
    elder, younger = PLAYERS
    names = TABLE.names
    step = _step
    for p, cat, pts, d in events:
        before = totals[p]
        totals[p] = after = before + pts
        steps.append(step(names[p], cat, pts, cat if d is None else d.name(), _RULES[cat], ((elder, totals[0]), (younger, totals[1]))))
        if not repique and before < 30 <= after and not totals[OTHER[p]]:
            repique = True
            totals[p] += 60
            steps.append(step(names[p], "repique", 60, "repique", RULE_REPIQUE, ((elder, totals[0]), (younger, totals[1]))))
    return Explanation(steps)


def winner_of(led: int, followed: int) -> int:
    """0 if the leader wins, 1 if the follower does: higher card of the suit led (no trumps)."""
    return 1 if (led >> 3) == (followed >> 3) and followed > led else 0


__all__ = ["reckon", "reckon_events", "hand_events", "winner_of", "ELDER", "YOUNGER", "PLAYERS", "TABLE", "OTHER"]
