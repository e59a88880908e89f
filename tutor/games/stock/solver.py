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
from .tricks import Follow, PlayRule

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
    # The search works on small integers: each card of the position gets an index, with its suit,
    # its power in tricks and its points in flat lists (no hashing of cards in the inner loop). A
    # hand is a tuple of indices in a fixed order, so the same cards always make the same tuple.
    cards = [*hands[0], *hands[1], *trick]
    index = {c: i for i, c in enumerate(cards)}
    suit = [c.suit for c in cards]
    power = [order.of_card[c] for c in cards]
    pts = [worth[c] for c in cards]
    free, by_suit = rule.follow is Follow.ANY, rule.follow is Follow.SUIT
    head, must_trump, head_trumps_only = rule.head, rule.trump and trump is not None, rule.head_trumps_only
    memo: dict[tuple, tuple[int, int]] = {}

    def replies(hand: tuple[int, ...], lead: int) -> tuple[int, ...] | list[int]:
        """The follower's legal cards to ``lead`` (two players: :func:`legal_plays` for one card led)."""
        if free or (not by_suit and suit[lead] is not trump):
            return hand
        led = suit[lead]
        suited = [c for c in hand if suit[c] is led]
        if suited:
            if head and (led is trump or not head_trumps_only):
                higher = [c for c in suited if power[c] > power[lead]]
                if higher:
                    return higher
            return suited
        if must_trump:
            trumps = [c for c in hand if suit[c] is trump]
            if trumps:
                return trumps
        return hand

    def beats(card: int, lead: int) -> bool:
        if suit[card] is suit[lead]:
            return power[card] > power[lead]
        return suit[card] is trump

    def after_trick(h0: tuple[int, ...], h1: tuple[int, ...], leader: int, total: int) -> int:
        """Points the leader takes of the ``total`` still to be won (nothing on the trick)."""
        if not h0:
            return 0
        key = (h0, h1, leader)
        got = memo.get(key)
        if got is not None:
            return got[0]
        best, best_card = -1, -1
        for lead in (h0 if leader == 0 else h1):
            v = answer(h0, h1, leader, lead, total)
            if v > best:
                best, best_card = v, lead
        memo[key] = (best, best_card)
        return best

    def answer(h0, h1, leader: int, lead: int, total: int) -> int:
        """Points the leader takes from this trick on, having led ``lead``: the follower plays his best."""
        best = None
        for card in replies(h1 if leader == 0 else h0, lead):
            v = finish(h0, h1, leader, lead, card, total)
            if best is None or v < best:
                best = v
        if best is None:  # pragma: no cover - a follower always has a card
            raise ValueError("min() arg is an empty sequence")
        return best

    def finish(h0, h1, leader: int, lead: int, card: int, total: int) -> int:
        """Points the leader takes of ``total`` from this trick on, when ``lead`` and then ``card`` are played."""
        first, second = (lead, card) if leader == 0 else (card, lead)
        taken = suit[card] is trump if suit[card] is not suit[lead] else power[card] > power[lead]  # beats(card, lead)
        if len(h0) == 1:
            return 0 if taken else total
        i, j = h0.index(first), h1.index(second)  # the hands less the two cards, their order kept
        n0, n1 = h0[:i] + h0[i + 1:], h1[:j] + h1[j + 1:]
        trick_pts = pts[lead] + pts[card]
        if taken:
            return total - trick_pts - after_trick(n0, n1, 1 - leader, total - trick_pts)
        return trick_pts + after_trick(n0, n1, leader, total - trick_pts)

    def ids(hand) -> tuple[int, ...]:
        return tuple(index[c] for c in hand)

    def card_of(i: int) -> Card:
        return cards[i]

    h0, h1 = ids(hands[0]), ids(hands[1])
    everything = sum(pts[i] for i in (*h0, *h1)) + sum(worth[c] for c in trick) + bonus
    plays: dict[Card, int] = {}
    if not trick:
        leader = mover
        for lead in (h0 if mover == 0 else h1):
            if allowed is None or card_of(lead) in allowed:
                plays[card_of(lead)] = answer(h0, h1, mover, lead, everything)
    else:
        lead, leader = index[trick[0]], 1 - mover
        if leader == 0:
            h0 = (*h0, lead)
        else:
            h1 = (*h1, lead)
        for card in replies(h1 if leader == 0 else h0, lead):
            if allowed is None or card_of(card) in allowed:  # a declaration made on following (Chouine)
                plays[card_of(card)] = everything - finish(h0, h1, leader, lead, card, everything)
    best = max(plays, key=plays.__getitem__)
    names = spec.players
    points = {names[mover]: plays[best], names[1 - mover]: everything - plays[best]}

    # one best line, read from the solved positions
    line = [best]
    total = everything
    lead = index[best] if not trick else index[trick[0]]
    if trick:
        reply = index[best]
    else:
        reply = min(replies(h1 if leader == 0 else h0, lead), key=lambda c: finish(h0, h1, leader, lead, c, total))
        line.append(card_of(reply))
    while True:
        first, second = (lead, reply) if leader == 0 else (reply, lead)
        h0 = tuple(c for c in h0 if c != first)
        h1 = tuple(c for c in h1 if c != second)
        total -= pts[lead] + pts[reply]
        leader = 1 - leader if beats(reply, lead) else leader
        if not h0:
            break
        after_trick(h0, h1, leader, total)
        lead = memo[(h0, h1, leader)][1]
        reply = min(replies(h1 if leader == 0 else h0, lead), key=lambda c: finish(h0, h1, leader, lead, c, total))
        line += [card_of(lead), card_of(reply)]
    return Solution(points, plays, tuple(line))
