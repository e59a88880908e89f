"""An exact solver for the last tricks of a two-handed stock game, as bridge's double-dummy solvers
solve a deal: every card known, best play for both.

Once the stock is exhausted or closed, no card comes into the hands again, and a player who has
counted the cards played knows (after exhaustion) exactly what his opponent holds. From such a
position :func:`solve` finds, by minimax with memory of positions already solved, how many card
points each player takes in the remaining tricks when both play their best, and the value of each
card the player to move may play. It reads the game's own data (the play rule of the last stage,
the order of cards, the trump suit, the card points, and the game's bonus for the last trick,
:meth:`~tutor.games.stock.core.StockState.last_trick_bonus`), so every game of the family has it.

The solver counts card points only: declarations still possible in the last tricks (Schnapsen's
marriages) and a game's claims are left to the game, which can weigh them on top.

>>> from tutor.games import load
>>> s = load("sixtysix").deal_cards("AH TH KH QH 9S JD", "AS TS KC QC JC 9C", "JS",
...                                 "KS QS AD TD KD QD 9D JH 9H AC TC")
>>> _ = s.apply("close")  # elder closes at once: younger's two top trumps take every trick
>>> solve(s).points
{'elder': 0, 'younger': 60}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import Card, Suit
from .tricks import PlayRule, legal_plays, trick_winner

__all__ = ["Solution", "solve", "solve_cards"]


@dataclass(frozen=True)
class Solution:
    """The solved position: ``points`` each player takes from now on with best play (the cards on
    the trick included, and the last-trick bonus); ``plays``: for each card the player to move may
    play, the points he takes from now on if he plays it and both play their best after;
    ``line``: the cards of one best line of play, in order."""

    points: dict[str, int]
    plays: dict[Card, int]
    line: tuple[Card, ...]


def solve(state) -> Solution:
    """Solve a two-handed deal in its last stage (stock exhausted or closed), from the player to move."""
    from .core import Phase, Stage

    if state.n != 2 or state.stage is not Stage.END or state.phase not in (Phase.LEAD, Phase.FOLLOW):
        raise ValueError("the solver needs a two-handed deal in its last tricks, with a card to play")
    return solve_cards(state.spec, state.play_rule, state.trump, [state.held(0), state.held(1)], state.trick,
                       state.to_move, state.last_trick_bonus(), state._playable(state.to_move))


def solve_cards(spec, rule: PlayRule, trump: Suit | None, hands: Sequence[Sequence[Card]], trick: Sequence[Card],
                mover: int, bonus: int = 0, allowed: Sequence[Card] | None = None) -> Solution:
    """Solve the position where players 0 and 1 hold ``hands``, ``trick`` holds the card led (if
    any: then ``mover`` follows) and ``mover`` is to play, with the game's ``spec`` (its order and
    card points), the play ``rule`` of the last stage, ``trump`` and the ``bonus`` for the last
    trick; ``allowed``, the cards the mover may play now if fewer than the rules of play allow (a
    player who has just shown a marriage leads one of its cards). What a computer player uses, with
    the hands it has counted."""
    order = spec.order
    worth = {c: spec.card_points.get(c.rank, 0) for c in spec.pack.cards}
    memo: dict[tuple, tuple[int, Card | None]] = {}

    def after_trick(h0: tuple[Card, ...], h1: tuple[Card, ...], leader: int) -> int:
        """Points the leader takes in the tricks still to play (nothing on the trick)."""
        if not h0:
            return 0
        key = (frozenset(h0), frozenset(h1), leader)
        got = memo.get(key)
        if got is not None:
            return got[0]
        best, best_card = -1, None
        for lead in (h0 if leader == 0 else h1):
            v = answer(h0, h1, leader, lead)
            if v > best:
                best, best_card = v, lead
        memo[key] = (best, best_card)
        return best

    def replies(h0, h1, leader: int, lead: Card) -> list[Card]:
        return legal_plays(h1 if leader == 0 else h0, [lead], trump, rule, order)

    def answer(h0, h1, leader: int, lead: Card) -> int:
        """Points the leader takes from this trick on, having led ``lead``: the follower plays his best."""
        return min(finish(h0, h1, leader, lead, card) for card in replies(h0, h1, leader, lead))

    def finish(h0, h1, leader: int, lead: Card, card: Card) -> int:
        """Points the leader takes from this trick on, when ``lead`` and then ``card`` are played."""
        first, second = (lead, card) if leader == 0 else (card, lead)
        n0 = tuple(c for c in h0 if c is not first)
        n1 = tuple(c for c in h1 if c is not second)
        won = trick_winner([lead, card], trump, order) == 0
        pts = worth[lead] + worth[card] + (bonus if not n0 else 0)
        total = sum(worth[c] for c in n0) + sum(worth[c] for c in n1) + (bonus if n0 else 0)
        later = after_trick(n0, n1, leader if won else 1 - leader)
        return (pts if won else 0) + (later if won else total - later)

    h = [list(hands[0]), list(hands[1])]
    plays: dict[Card, int] = {}
    if not trick:
        h0, h1 = tuple(h[0]), tuple(h[1])
        for lead in h[mover]:
            if allowed is None or lead in allowed:
                plays[lead] = answer(h0, h1, mover, lead)
    else:
        lead, leader = trick[0], 1 - mover
        h[leader].append(lead)
        h0, h1 = tuple(h[0]), tuple(h[1])
        remaining = sum(worth[c] for c in h0) + sum(worth[c] for c in h1) + bonus
        for card in replies(h0, h1, leader, lead):
            plays[card] = remaining - finish(h0, h1, leader, lead, card)
    in_play = sum(worth[c] for hand in hands for c in hand) + sum(worth[c] for c in trick) + bonus
    best = max(plays, key=plays.__getitem__)
    names = spec.players
    points = {names[mover]: plays[best], names[1 - mover]: in_play - plays[best]}

    # one best line, read from the solved positions
    line = [best]
    leader = mover if not trick else 1 - mover
    lead = best if not trick else trick[0]
    reply = best if trick else min(replies(h0, h1, leader, lead), key=lambda c: finish(h0, h1, leader, lead, c))
    if not trick:
        line.append(reply)
    while True:
        first, second = (lead, reply) if leader == 0 else (reply, lead)
        h0 = tuple(c for c in h0 if c is not first)
        h1 = tuple(c for c in h1 if c is not second)
        leader = leader if trick_winner([lead, reply], trump, order) == 0 else 1 - leader
        if not h0:
            break
        after_trick(h0, h1, leader)
        lead = memo[(frozenset(h0), frozenset(h1), leader)][1]  # type: ignore[assignment]
        reply = min(replies(h0, h1, leader, lead), key=lambda c: finish(h0, h1, leader, lead, c))
        line += [lead, reply]
    return Solution(points, plays, tuple(line))
