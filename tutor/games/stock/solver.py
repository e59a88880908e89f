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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial

from ...cards import Card, Suit
from .tricks import Follow, PlayRule

__all__ = ["Solution", "solve", "solve_cards", "best", "best_cards", "best_line", "best_value", "best_first"]


@dataclass(frozen=True)
class Solution:
    """The solved position: ``points`` each player takes from now on with best play (the cards on
    the trick included, and the last-trick bonus); ``plays``: for each card the player to move may
    play, the points he takes from now on if he plays it and both play their best after;
    :attr:`line`: the cards of one best line of play, in order."""

    points: dict[str, int]
    plays: dict[Card, int]
    trace: Callable[[], tuple[Card, ...]] = field(repr=False, compare=False)

    @cached_property
    def line(self) -> tuple[Card, ...]:
        """The cards of one best line of play, in order: worked out when first asked for (a computer
        player asking which card to play never needs it)."""
        return self.trace()


def solve(state) -> Solution:
    """Solve a two-handed deal in its last stage (stock exhausted or closed), from the player to move."""
    _check(state)
    return solve_cards(state.spec, state.play_rule, state.trump, [state.held(0), state.held(1)], state.trick,
                       state.to_move, state.last_trick_bonus(), state._playable(state.to_move))


def best(state) -> tuple[int, list[Card]]:
    """The most card points the player to move can take from here, in a two-handed deal in its last
    stage, and the cards that take them, in the hand's order: what choosing a card needs, found
    sooner than by :func:`solve`, which values every card exactly."""
    _check(state)
    return best_cards(state.spec, state.play_rule, state.trump, [state.held(0), state.held(1)], state.trick,
                      state.to_move, state.last_trick_bonus(), state._playable(state.to_move))


def _top(state) -> tuple[int, Card]:
    _check(state)
    return _search(state.spec, state.play_rule, state.trump, state.last_trick_bonus()).top(
        [state.held(0), state.held(1)], state.trick, state.to_move, state._playable(state.to_move))


def best_value(state) -> int:
    """The most card points the player to move can take from here: :func:`best`'s value, found
    without searching which other cards reach it (each card after the first searched only as far
    as telling whether it does better than the best so far)."""
    return _top(state)[0]


def best_first(state) -> Card:
    """The first card, in the hand's order, of those :func:`best` gives (the first best card),
    found as :func:`best_value` finds the value."""
    return _top(state)[1]


def best_line(state) -> tuple[Card, ...]:
    """One best line of play from here (the first best card at each turn, in the hand's order): the
    line :func:`solve` gives, found without valuing every card."""
    _check(state)
    return _search(state.spec, state.play_rule, state.trump, state.last_trick_bonus()).line(
        [state.held(0), state.held(1)], state.trick, state.to_move, state._playable(state.to_move))


def best_cards(spec, rule: PlayRule, trump: Suit | None, hands: Sequence[Sequence[Card]], trick: Sequence[Card],
               mover: int, bonus: int = 0, allowed: Sequence[Card] | None = None) -> tuple[int, list[Card]]:
    """:func:`best` for a position given as :func:`solve_cards` takes it."""
    return _search(spec, rule, trump, bonus).best(hands, trick, mover, allowed)


def _check(state) -> None:
    from .core import Phase, Stage

    if state.n != 2 or state.stage is not Stage.END or state.phase not in (Phase.LEAD, Phase.FOLLOW):
        raise ValueError("the solver needs a two-handed deal in its last tricks, with a card to play")


def solve_cards(spec, rule: PlayRule, trump: Suit | None, hands: Sequence[Sequence[Card]], trick: Sequence[Card],
                mover: int, bonus: int = 0, allowed: Sequence[Card] | None = None) -> Solution:
    """Solve the position where players 0 and 1 hold ``hands``, ``trick`` holds the card led (if
    any: then ``mover`` follows) and ``mover`` is to play, with the game's ``spec`` (its order and
    card points), the play ``rule`` of the last stage, ``trump`` and the ``bonus`` for the last
    trick; ``allowed``, the cards the mover may play now if fewer than the rules of play allow (a
    player who has just shown a marriage leads one of its cards). What a computer player uses, with
    the hands it has counted."""
    return _search(spec, rule, trump, bonus).solve(hands, trick, mover, allowed)


#: the searches made so far, by game, play rule, trump and bonus (each keeps its solved positions)
_SEARCHES: dict[tuple, _Search] = {}


#: the positions all searches may keep together (a position and its key take about 200 bytes)
KEEP = 50_000


def _search(spec, rule: PlayRule, trump: Suit | None, bonus: int) -> _Search:
    key = (id(spec), id(rule), None if trump is None else trump._value_, bonus)
    found = _SEARCHES.get(key)
    if found is None or found.spec is not spec or found.rule is not rule:  # (a search keeps both: no other takes their ids)
        if len(_SEARCHES) >= 16:
            _SEARCHES.clear()
        found = _SEARCHES[key] = _Search(spec, rule, trump, bonus)
    if sum(len(search.memo) for search in _SEARCHES.values()) > KEEP:  # past it, every search starts afresh
        for search in _SEARCHES.values():
            search.memo.clear()
            search.held.clear()
    return found


class _Search:
    """Minimax with alpha-beta cut-offs and memory over one game's cards, one play rule, one trump
    suit and one bonus for the last trick. A position's value depends on nothing else than the cards
    in each hand and who leads, so the positions solved are kept from one call to the next (a
    computer player asks at every card of the last tricks, and most of what it asks was found by
    its first question); past :data:`KEEP` positions in all, the memory starts afresh. A position
    searched with bounds keeps what it showed: the least and the most the leader can take from it.

    The search works on small integers: each card of the pack gets an index, in the game's own order
    of cards in a hand, with its suit, its power in tricks and its points in flat lists (no hashing
    of cards in the inner loop). A hand is an integer, a bit a card; its cards are taken out in
    index order (the hand's own order, so the same cards are always tried in the same order) from a
    table filled as hands are met; a position's key is one integer, the two hands and the leader."""

    def __init__(self, spec, rule: PlayRule, trump: Suit | None, bonus: int):
        self.spec, self.rule, self.trump, self.bonus = spec, rule, trump, bonus
        order, points = spec.order, spec.card_points
        self.cards = sorted(spec.pack.cards, key=spec.sort_index.__getitem__)
        self.index = {c: i for i, c in enumerate(self.cards)}
        suit = [c.suit for c in self.cards]
        power = [order.of_card[c] for c in self.cards]
        self.pts = pts = [points.get(c.rank, 0) for c in self.cards]
        width = len(self.cards)
        of_suit = {s: sum(1 << i for i, t in enumerate(suit) if t is s) for s in set(suit)}
        same_suit = [of_suit[t] for t in suit]  # by card: the bits of its suit
        higher = [sum(1 << j for j in range(width) if suit[j] is suit[i] and power[j] > power[i]) for i in range(width)]
        trumps = of_suit.get(trump, 0) if trump is not None else 0
        free, by_suit = rule.follow is Follow.ANY, rule.follow is Follow.SUIT
        head, must_trump, head_trumps_only = rule.head, rule.trump and trump is not None, rule.head_trumps_only
        self.memo: dict[int, tuple[int, int]] = {}  # key -> (the least, the most the leader can take)
        memo = self.memo
        self.held: dict[int, tuple[int, ...]] = {}  # a hand's bits -> its cards' indices, in order
        held = self.held

        cards_of = _hand_cards(held)
        replies = _replies(suit, same_suit, higher, trump, trumps, free, by_suit, head, must_trump, head_trumps_only)
        answer, after_trick = _minimax(memo, width, cards_of, replies, suit, power, pts, trump)
        self.cards_of, self.replies, self.answer, self.after_trick = cards_of, replies, answer, after_trick
        self.beats = lambda card, lead: suit[card] is trump if suit[card] is not suit[lead] else power[card] > power[lead]

    def _moves(self, hands: Sequence[Sequence[Card]], trick: Sequence[Card], mover: int, allowed: Sequence[Card] | None):
        """The position as the search takes it, and for each card the mover may play (in the
        hand's order) a function of a window ``(a, b)`` giving what he takes from here if he plays
        it, exact between ``a`` and ``b``: ``(m0, m1, leader, everything, [(card, value), ...])``."""
        index, cards, pts, cards_of, answer = self.index, self.cards, self.pts, self.cards_of, self.answer
        m0, m1 = (sum(1 << index[c] for c in h) for h in hands)
        everything = sum(pts[i] for i in cards_of(m0 | m1)) + sum(pts[index[c]] for c in trick) + self.bonus
        moves = []
        if not trick:
            leader = mover
            for lead in cards_of(m0 if mover == 0 else m1):
                if allowed is None or cards[lead] in allowed:
                    moves.append((cards[lead], partial(answer, m0, m1, mover, lead, everything)))
        else:
            lead, leader = index[trick[0]], 1 - mover  # the solver's own two bit-mask hands, not a table's seats
            if leader == 0:
                m0 |= 1 << lead
            else:
                m1 |= 1 << lead

            def followed(card: int, a: int, b: int) -> int:  # the follower's points: all the leader does not take
                return everything - answer(m0, m1, leader, lead, everything, everything - b, everything - a, 1 << card)

            for card in cards_of(self.replies(m1 if leader == 0 else m0, lead)):
                if allowed is None or cards[card] in allowed:  # a declaration made on following (Chouine)
                    moves.append((cards[card], partial(followed, card)))
        return m0, m1, leader, everything, moves

    def solve(self, hands: Sequence[Sequence[Card]], trick: Sequence[Card], mover: int,
              allowed: Sequence[Card] | None) -> Solution:
        m0, m1, leader, everything, moves = self._moves(hands, trick, mover, allowed)
        plays = {card: value(-1, everything + 1) for card, value in moves}
        best = max(plays, key=plays.__getitem__)
        seat = self.spec.table.seats[mover]
        points = {seat.name: plays[best], seat.other.name: everything - plays[best]}
        return Solution(points, plays, partial(self._line, m0, m1, leader, best, trick[0] if trick else None, everything))

    def best(self, hands: Sequence[Sequence[Card]], trick: Sequence[Card], mover: int,
             allowed: Sequence[Card] | None) -> tuple[int, list[Card]]:
        """The best value and the cards that reach it: each card after the first searched only as
        far as telling whether it reaches the best so far (exact if it does)."""
        *_, everything, moves = self._moves(hands, trick, mover, allowed)
        top, found = -1, []
        for card, value in moves:
            v = value(top - 1, everything + 1)
            if v > top:
                top, found = v, [card]
            elif v == top:
                found.append(card)
        return top, found

    def top(self, hands: Sequence[Sequence[Card]], trick: Sequence[Card], mover: int,
            allowed: Sequence[Card] | None) -> tuple[int, Card]:
        """The best value and the first card (in the hand's order) that reaches it: each card after
        the first searched only as far as telling whether it does better than the best so far."""
        *_, everything, moves = self._moves(hands, trick, mover, allowed)
        top, first = -1, moves[0][0]
        for card, value in moves:
            v = value(top, everything + 1)  # exact if above ``top``, else at most ``top``
            if v > top:
                top, first = v, card
        return top, first

    def line(self, hands: Sequence[Sequence[Card]], trick: Sequence[Card], mover: int,
             allowed: Sequence[Card] | None) -> tuple[Card, ...]:
        """One best line from here, without valuing every card (see :meth:`_line`)."""
        m0, m1, leader, everything, moves = self._moves(hands, trick, mover, allowed)
        top, first = -1, moves[0][0]
        for card, value in moves:  # the first card of the greatest value, each later one searched only as far as that
            v = value(top, everything + 1)
            if v > top:
                top, first = v, card
        return self._line(m0, m1, leader, first, trick[0] if trick else None, everything)

    def _line(self, m0: int, m1: int, leader: int, best: Card, led: Card | None, total: int) -> tuple[Card, ...]:
        """One best line from the solved position (``best``, the card chosen; ``led``, the card on
        the trick, if any): at each trick the first card of the greatest value in the hand's order,
        and the first reply of the least. Each card after the first is searched only as far as
        telling whether it does better than the best so far (exactly, if it does)."""
        index, cards, pts, cards_of, answer = self.index, self.cards, self.pts, self.cards_of, self.answer
        line = [best]
        if led is not None:
            lead, reply = index[led], index[best]
        else:
            lead = index[best]
            reply = self._first_reply(m0, m1, leader, lead, total)
            line.append(cards[reply])
        while True:
            m0, m1 = (m0 & ~(1 << lead), m1 & ~(1 << reply)) if leader == 0 else (m0 & ~(1 << reply), m1 & ~(1 << lead))
            total -= pts[lead] + pts[reply]
            leader = 1 - leader if self.beats(reply, lead) else leader  # the line's own two bit-mask hands
            if not m0:
                return tuple(line)
            top = -1
            for c in cards_of(m0 if leader == 0 else m1):
                v = answer(m0, m1, leader, c, total, top, total + 1)
                if v > top:
                    top, lead = v, c
            reply = self._first_reply(m0, m1, leader, lead, total)
            line += [cards[lead], cards[reply]]

    def _first_reply(self, m0: int, m1: int, leader: int, lead: int, total: int) -> int:
        """The follower's first card, in his hand's order, that leaves the leader the least."""
        least, choice = total + 1, -1
        for c in self.cards_of(self.replies(m1 if leader == 0 else m0, lead)):
            v = self.answer(m0, m1, leader, lead, total, -1, least, 1 << c)
            if v < least:
                least, choice = v, c
        return choice


def _hand_cards(held: dict[int, tuple[int, ...]]) -> Callable[[int], tuple[int, ...]]:
    """A hand's cards (bits) as their indices in order, kept in ``held`` as hands are met."""

    def cards_of(hand: int) -> tuple[int, ...]:
        found = held.get(hand)
        if found is None:
            found = held[hand] = tuple(i for i in range(hand.bit_length()) if hand >> i & 1)
        return found

    return cards_of


def _replies(suit, same_suit, higher, trump, trumps, free, by_suit, head, must_trump, head_trumps_only) -> Callable[[int, int], int]:
    """The rule of following of one play rule and trump, on hands as bits (see :class:`_Search`)."""

    def replies(hand: int, lead: int) -> int:
        """The bits of the follower's legal cards to ``lead`` (two players: :func:`legal_plays`
        for one card led)."""
        if free or (not by_suit and suit[lead] is not trump):
            return hand
        suited = hand & same_suit[lead]
        if suited:
            if head and (suit[lead] is trump or not head_trumps_only):
                above = suited & higher[lead]
                if above:
                    return above
            return suited
        if must_trump and hand & trumps:
            return hand & trumps
        return hand

    return replies


def _minimax(memo, width, cards_of, replies, suit, power, pts, trump):
    """The search's two functions, a trick led and played out (``answer``) and a position with
    nothing on the trick (``after_trick``), each calling the other (see :class:`_Search`)."""

    def after_trick(m0: int, m1: int, leader: int, total: int, a: int, b: int) -> int:
        """Points the leader takes of the ``total`` still to be won (nothing on the trick), exactly
        if strictly between ``a`` and ``b``; else at most ``a``, or at least ``b`` (the search
        stops where the answer cannot matter)."""
        if not m0 or b <= 0:  # (nothing left, or any value is at least ``b``)
            return 0
        if total <= a:  # the leader takes at most what is left: at most ``a``, whatever he does
            return total
        key = ((m0 << width | m1) << 1) | leader
        got = memo.get(key)
        lo, hi = 0, total
        if got is not None:
            lo, hi = got
            if lo == hi or lo >= b:
                return lo
            if hi <= a:
                return hi
        best, alpha = -1, a
        for lead in cards_of(m0 if leader == 0 else m1):
            v = answer(m0, m1, leader, lead, total, alpha, b)
            if v > best:
                best = v
                if best >= b:
                    break
                if best > alpha:
                    alpha = best
        if best <= a:
            memo[key] = (lo, min(hi, best))
        elif best >= b:
            memo[key] = (max(lo, best), hi)
        else:
            memo[key] = (best, best)
        return best

    def answer(m0: int, m1: int, leader: int, lead: int, total: int, a: int, b: int, cards: int = 0) -> int:
        """Points the leader takes from this trick on, having led ``lead``: the follower plays his
        best of ``cards`` (bits; all he may play, if none), exact between ``a`` and ``b`` as
        :func:`after_trick` says; each card's trick played out here, no call for it."""
        if b <= 0:  # (as in after_trick: any value is at least ``b``, at most ``a``)
            return 0
        if total <= a:
            return total
        best = total + 1
        beta = b
        last = not m0 & (m0 - 1)  # one card each: the last trick
        for card in cards_of(cards or replies(m1 if leader == 0 else m0, lead)):
            taken = suit[card] is trump if suit[card] is not suit[lead] else power[card] > power[lead]  # beats(card, lead)
            if last:
                v = 0 if taken else total
            else:
                trick_pts = pts[lead] + pts[card]
                rest = total - trick_pts
                n0, n1 = (m0 ^ 1 << lead, m1 ^ 1 << card) if leader == 0 else (m0 ^ 1 << card, m1 ^ 1 << lead)
                if taken:  # the other leads next: what he takes, the leader does not
                    # 1 - leader: the search's own two bit-mask hands (m0, m1), not a table's seats
                    v = rest - after_trick(n0, n1, 1 - leader, rest, rest - beta, rest - a)
                else:
                    v = trick_pts + after_trick(n0, n1, leader, rest, a - trick_pts, beta - trick_pts)
            if v < best:
                best = v
                if best <= a:
                    break
                if best < beta:
                    beta = best
        return best

    return answer, after_trick
