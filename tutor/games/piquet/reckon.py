"""The reckoning of one deal in Cavendish's Law 67 order, with repique and pique as they happen.

Whatever order things were said in at the table, they count in this order: carte blanche, point,
sequences, sets, points made in play, the cards. Repique (Law 68) is 30 made in hand alone by
scores that reckon before anything the adversary counts; pique (Law 69) is 30 made in hand and
play before the adversary has counted anything. Neither can be saved by an equality, since an
equality scores nothing; the cards and capot reckon after play and count towards neither.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...explain import Explanation, number_words
from .combos import CARD_BIT, BIT_CARD, POINT, SEQUENCE, SET, Combination

ELDER, YOUNGER = 0, 1
PLAYERS = ("elder", "younger")

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


def reckon(
    carte_blanche: Sequence[bool],
    declared: Sequence[tuple[int, Combination]],
    tricks: Sequence[tuple[int, int, int, int]],
    rules,
    carte_rouge: Sequence[bool] = (False, False),
    complete: bool = True,
) -> Explanation:
    """Steps for a deal.

    ``declared``: (player, combination) for every combination that scores. ``tricks``: (leader,
    led bit, followed bit or -1 while the trick is open, winner or -1). ``complete``: all twelve
    tricks are played, so the cards and capot can be reckoned.
    """
    events: list[tuple[str, str, int, str, str]] = []
    totals = [0, 0]
    repique_done = pique_done = False

    def add(player: int, category: str, points: int, text: str, rule: str) -> None:
        nonlocal repique_done, pique_done
        before = totals[player]
        totals[player] += points
        events.append((PLAYERS[player], category, points, text, rule))
        other = totals[1 - player]
        crossed = before < 30 <= totals[player] and other == 0
        if not crossed:
            return
        if category in _ORDER and not repique_done:
            repique_done = True
            totals[player] += 60
            events.append((PLAYERS[player], "repique", 60, "repique", RULE_REPIQUE))
        elif category in ("lead", "trick", "last trick") and not (pique_done or repique_done):
            pique_done = True
            totals[player] += 30
            events.append((PLAYERS[player], "pique", 30, "pique", RULE_PIQUE))

    for p in (ELDER, YOUNGER):
        if carte_blanche[p]:
            add(p, "carte blanche", 10, "carte blanche", RULE_CB)
    order = sorted(range(len(declared)), key=lambda i: (_ORDER[declared[i][1].kind], i))
    for i in order:
        p, combo = declared[i]
        rule = {POINT: RULE_POINT, SEQUENCE: RULE_SEQ, SET: RULE_SET}[combo.kind]
        add(p, combo.kind, combo.score, combo.name(), rule)
    for p in (ELDER, YOUNGER):
        if carte_rouge[p]:
            add(p, "carte rouge", 40, "carte rouge", RULE_ROUGE)

    won = [0, 0]
    n = len(tricks)
    for i, (leader, led, followed, winner) in enumerate(tricks):
        add(leader, "lead", 1, f"one for leading the {BIT_CARD[led].name}", RULE_LEAD)
        if winner < 0:
            continue
        won[winner] += 1
        if winner != leader:
            add(winner, "trick", 1, f"one for winning with the {BIT_CARD[followed].name}", RULE_WIN)
        if i == 11:
            add(winner, "last trick", 1, "one more for the last trick", RULE_LAST)
    if complete and n == 12 and tricks[-1][3] >= 0:
        for p in (ELDER, YOUNGER):
            if won[p] == 12:
                add(p, "capot", rules.capot_value, f"capot: {number_words(rules.capot_value)}", RULE_CAPOT)
            elif won[p] > 6:
                add(p, "cards", rules.cards_value, f"the cards, {won[p]} tricks to {won[1 - p]}", RULE_CARDS)
    return Explanation.build(PLAYERS, events)


def winner_of(led: int, followed: int) -> int:
    """0 if the leader wins, 1 if the follower does: higher card of the suit led (no trumps)."""
    return 1 if (led >> 3) == (followed >> 3) and followed > led else 0


__all__ = ["reckon", "winner_of", "ELDER", "YOUNGER", "PLAYERS", "CARD_BIT"]
