"""The unseen cards of a stock-and-tricks deal dealt again, as one seat may imagine them.

A strong computer player cannot see the other hands or the stock; it searches deals that agree
with everything its seat has seen (a *determinization*, as in the card-game programs after
Ginsberg's GIB). :func:`determinize` makes one: a copy of the deal in which the cards hidden from
the seat (:meth:`StockState.hidden <tutor.games.stock.core.StockState.hidden>`: the other hands
and the stock, less anything laid down, declared or shown) are dealt again at random among the
places they may be, so that:

* the seat's own hand, everything on the table, the tricks played, the turn-up and the
  declarations stay as they are (the seat's view does not change);
* each other hand keeps its size, and the stock its size;
* a card the seat saw go into a hand stays there: a turn-up taken by the exchange (or drawn as
  the last card, or taken when the stock was closed) is in the hand of the one who took it;
* the rules of following hold for every trick of the last stage (after the last draw, no card
  comes into a hand again): a player who did not follow suit has none of that suit, one who did
  not trump has no trump, one who did not beat the card to beat where he had to has nothing
  higher; each card is tested against the game's own rule of play for that stage
  (:func:`~tutor.games.stock.tricks.legal_plays`);
* a question for a suit ("hearts?", Bondtolva, Marjapussi) tells that the asker held its king or
  its queen, not both; a partner's "yes" to a question shows the marriage, whose cards are
  then public and stay where they are; a "no" holds too: in the games with questions every card
  is dealt at the start (no stock), so a hand only shrinks, and the partner's hand as it was
  when he answered (his cards now and those he played since) held no marriage he could show
  (``ask``), or not the card that pairs the asker's king or queen (``ask hearts``). A sample that
  breaks a question or an answer is dealt again (up to :data:`TRIES` times).

The sample depends only on what the seat may see and on ``rng``: two deals the seat cannot tell
apart give the same sample for the same ``rng``. A sample's ``dealt`` (how the deal was dealt,
which no seat sees) is the sampled position itself (its hands and stock, with the first turn-up,
which every seat saw), never the real deal.
"""

from __future__ import annotations

import random
from typing import Any

from ...cards import Card, Hand
from .actions import Aside, Exchange
from .tricks import legal_plays
from .values import _fields

__all__ = ["determinize", "Sampler", "sampler"]

#: samples dealt again at most, for one that agrees with the partners' "no" answers
TRIES = 200

#: attributes every stock deal keeps whose cards the sampler places itself, or which hold only
#: public cards (the rest of a game's own attributes get the unseen cards renamed consistently)
_CORE = frozenset({"spec", "dealt", "_f", "hands", "laid", "stock", "turnup", "trump",
                   "trick", "trick_players", "tricks", "won", "melds", "events", "history", "closed_by", "declared_now",
                   "exchanged_now", "must_lead", "end_from", "phase", "to_move", "_expl", "_legal", "rules", "ending",
                   "unscored", "tricks_at_close", "points_at_close"})


class Sampler:
    """What ``seat`` knows of ``state``, worked out once, and samples drawn from it
    (:meth:`sample`). A computer player draws many samples of one position."""

    def __init__(self, state: Any, seat: Any):
        self.state = state
        self.p = p = int(state.table.seat(seat))
        hidden = state.hidden(p)
        n = state.n
        #: by player: how many of his cards are hidden, and the cards of his hand the seat knows
        self.slots = [0] * n
        # (the order of the cards of a hand is the hand's own sorted order: no place in it tells anything)
        known_places = _seen_turnups(state)
        self.pinned: list[list[Card]] = [[] for _ in range(n)]
        free: list[Card] = []
        for q in range(n):
            if q == p:
                continue
            for c in state.hands[q]:
                if c in hidden:
                    if c in known_places:
                        self.pinned[q].append(c)
                    else:
                        self.slots[q] += 1
                        free.append(c)
        free += [c for c in state.stock if c in hidden]
        self.stock_size = len(state.stock)
        self.stock_known = [c for c in state.stock if c not in hidden]  # (none in the games so far)
        #: the cards whose place the seat does not know, in a fixed order (not where they lie)
        self.free = sorted(free, key=state.spec.sort_index.__getitem__)
        self.forbidden = _forbidden(state, p, set(self.free))
        self.others = [q for q in range(n) if q != p]
        pinned = [set(x) for x in self.pinned]
        #: the hidden cards as they lie now, by place (only renamed in a game's own records)
        self.old = [[c for c in state.hands[q] if c in hidden and c not in pinned[q]] for q in range(n)]
        self.old_stock = [c for c in state.stock if c in hidden]
        #: the partners' "no" answers the sample must agree with (:func:`_answered_no`), and the
        #: halves the askers of a suit held (:func:`_asked_halves`)
        self.noes = _answered_no(state) if self.free else []
        self.halves = _asked_halves(state) if self.free else []

    def sample(self, rng: random.Random) -> Any:
        """A copy of the deal with the free cards dealt again at random among the hidden places
        (again, while it breaks a partner's "no" or takes from an asker the half he asked with, up
        to :data:`TRIES` times)."""
        new = self._sample(rng)
        for _ in range(TRIES - 1 if self.noes or self.halves else 0):
            if all(_agrees(new, no) for no in self.noes) and all(_holds_half(new, h) for h in self.halves):
                break
            new = self._sample(rng)
        return new

    def _sample(self, rng: random.Random) -> Any:
        state = self.state
        places = self._deal(rng)
        new = state.clone()
        rename: dict[Card, Card] = {}
        key = state.spec.sort_index.__getitem__
        for q in self.others:
            old, mine = self.old[q], places[q]
            rename.update(zip(old, mine))
            gone = set(old)
            new.hands[q] = sorted([c for c in state.hands[q] if c not in gone] + mine, key=key)
        rename.update(zip(self.old_stock, places[-1]))
        new.stock = places[-1] + self.stock_known
        for name in _fields(new):  # (read without making the copy's __dict__: it stays as fast as a state dealt)
            if name not in _CORE:  # a game's own record of cards (rare): the unseen ones renamed alike
                value = getattr(new, name)
                renamed = _renamed(value, rename)
                if renamed is not value:
                    setattr(new, name, renamed)
        from .core import Dealt

        # (the first turn-up, seen by every seat, kept: it tells where a turn-up taken went)
        new.dealt = Dealt(tuple(Hand(sorted(h + lay, key=key)) for h, lay in zip(new.hands, new.laid)), state.dealt.turnup, tuple(new.stock))
        new._legal = None
        new._expl = None
        return new

    def _deal(self, rng: random.Random) -> list[list[Card]]:
        """The free cards shared out: ``[hand of each player (empty for the seat), stock]``, the
        stock in a random order; each card where no rule forbids it."""
        n = len(self.slots)
        forbidden = self.forbidden
        for _ in range(200):
            cards = self.free[:]
            rng.shuffle(cards)
            cards.sort(key=lambda c: -len(forbidden.get(c, ())))  # the most constrained first (stable: still random among equals)
            room = self.slots[:] + [self.stock_size - len(self.stock_known)]
            out: list[list[Card]] = [[] for _ in range(n + 1)]
            for c in cards:
                banned = forbidden.get(c, ())
                choices = [q for q in range(n + 1) if room[q] and q not in banned]
                if not choices:
                    break
                total = sum(room[q] for q in choices)
                pick = rng.randrange(total)
                for q in choices:
                    pick -= room[q]
                    if pick < 0:
                        break
                out[q].append(c)
                room[q] -= 1
            else:
                key = self.state.spec.sort_index.__getitem__
                for q in range(n):
                    out[q].sort(key=key)
                return out
        # no deal found at random: the rules of following dropped (never met in the games' own deals)
        cards = self.free[:]
        rng.shuffle(cards)
        out = [[] for _ in range(n + 1)]
        i = 0
        for q, k in enumerate([*self.slots, self.stock_size - len(self.stock_known)]):
            out[q] = cards[i : i + k]
            i += k
        return out


def _renamed(value: Any, rename: dict[Card, Card]) -> Any:
    kind = type(value)
    if kind is Card:
        return rename.get(value, value)
    if kind is list:
        return [_renamed(v, rename) for v in value]
    if kind is tuple:
        return tuple(_renamed(v, rename) for v in value)
    if kind is set:
        return {_renamed(v, rename) for v in value}
    if kind is dict:
        return {_renamed(k, rename): _renamed(v, rename) for k, v in value.items()}
    return value


def _seen_turnups(state: Any) -> set[Card]:
    """Every card seen face up as the turn-up: the first, and each one exchanged for it."""
    out = {c for c in (state.dealt.turnup, state.turnup) if c is not None}
    for a in state.history:
        if type(a) is Aside:
            a = a.action
        if type(a) is Exchange:
            out.add(a.card)
    # a turn-up once seen is followed by every seat to the hand that takes it; the exchange card
    # given for it lies face up until drawn (Sixty-Six's closer's opponent's nine as well)
    return out


def _trump_at(state: Any, trick: int) -> Any:
    """The trump suit when trick number ``trick`` was played."""
    if state.spec.turnup:
        return state.trump
    for m in state.melds:  # trumps made by the first marriage that makes them, once for the deal
        if m.kind.fixes_trumps:
            return m.cards[0].suit if m.trick <= trick else None
    return None


def _forbidden(state: Any, p: int, free: set[Card]) -> dict[Card, set[int]]:
    """By free card, the players who cannot hold it by the rules of following: tested trick by
    trick of the last stage against each player's cards at that trick (those he holds and the
    seat knows, and those he played from it on)."""
    from .core import Stage

    out: dict[Card, set[int]] = {}
    if not free:
        return out
    spec = state.spec
    rule = spec.play[Stage.END]
    if rule.free:
        return out
    tricks = [(t.players, t.cards, i) for i, t in enumerate(state.tricks) if t.stage is Stage.END]
    if state.trick and state.stage is Stage.END:
        tricks.append((tuple(state.trick_players), tuple(state.trick), len(state.tricks)))
    if not tricks:
        return out
    hidden = state.hidden(p)
    known_held = {q: [c for c in state.hands[q] if c not in hidden or c not in free] + list(state.laid[q]) for q in range(state.n)}
    played_after: dict[int, list[Card]] = {q: [] for q in range(state.n)}
    teams = spec.teams
    for players, cards, number in reversed(tricks):  # the last first: what each played later is added as we go back
        for q, c in zip(players, cards):
            played_after[q].append(c)
        trump = _trump_at(state, number)
        for i in range(1, len(cards)):
            q, card = players[i], cards[i]
            if q == p:
                continue
            prefix = list(cards[:i])
            partner = False
            if teams is not None:
                from .tricks import trick_winner

                holder = players[trick_winner(prefix, trump, spec.order)]
                partner = holder != q and teams[holder] == teams[q]
            then = known_held[q] + played_after[q]
            for c in free:
                if card not in legal_plays([*then, c], prefix, trump, rule, spec.order, partner):
                    out.setdefault(c, set()).add(q)
    return out


def _questions(state: Any) -> list[tuple[Any, Any, int, int]]:
    """The partners' questions so far, each as (question, answer or None while it waits for one,
    asker, tricks played before it), read from the deal's history; only in deals where every card
    was dealt at the start (a hand never grows, so what it held or lacked then is known from now)."""
    if not hasattr(state, "_marriages_in") or state.dealt.stock:
        return []
    if not getattr(state, "questions", None) and getattr(state, "question", None) is None:
        return []
    from .actions import Play

    out = []
    plays, history, n = 0, state.history, state.n
    for i, action in enumerate(history):
        if isinstance(action, Play):
            plays += 1
            continue
        if type(action).__name__ not in ("Ask", "AskSuit"):
            continue
        trick = plays // n
        answer = history[i + 1] if i + 1 < len(history) else None
        if answer is None and getattr(state, "question", None) is not None:
            asker = state.question[0]  # (waiting for the answer: the partner is to move)
        elif trick < len(state.tricks):
            asker = state.tricks[trick].players[0]
        elif state.trick_players:
            asker = state.trick_players[0]
        else:
            asker = state.to_move
        out.append((action, answer, asker, trick))
    return out


def _answered_no(state: Any) -> list[tuple[Any, int, int, int]]:
    """The partners' "no" answers so far, each as (question, asker, partner, tricks played before it)."""
    return [(q, asker, state.partner(asker), trick) for q, answer, asker, trick in _questions(state)
            if type(answer).__name__ == "Answer" and not answer.yes]


def _asked_halves(state: Any) -> list[tuple[Any, int, int]]:
    """The questions for a suit so far ("hearts?"), answered or waiting, each as (suit, asker, tricks
    played before it): only a player holding its king or its queen, not both, may ask one."""
    return [(q.suit, asker, trick) for q, _answer, asker, trick in _questions(state) if getattr(q, "suit", None) is not None]


def _holds_half(state: Any, asked: tuple[Any, int, int]) -> bool:
    """Whether the sampled deal ``state`` gives the asker of a question for a suit the king or the
    queen of it, not both, in his hand when he asked (his cards now and those he played since)."""
    from ...cards import Rank

    suit, asker, trick = asked
    held = _held_then(state, asker, trick)
    return (Card.of(Rank.KING, suit) in held) != (Card.of(Rank.QUEEN, suit) in held)


def _held_then(state: Any, player: int, trick: int) -> list[Card]:
    """``player``'s hand before trick ``trick`` was led: his cards now and those he played since."""
    out = list(state.hands[player])
    for t in state.tricks[trick:]:
        out += [c for q, c in zip(t.players, t.cards) if q == player]
    if trick <= len(state.tricks):
        out += [c for q, c in zip(state.trick_players, state.trick) if q == player]
    return out


def _agrees(state: Any, no: tuple[Any, int, int, int]) -> bool:
    """Whether the sampled deal ``state`` agrees with one "no": the partner's hand when asked held
    no marriage he could show (by the game's own test, which only ever admits fewer marriages
    later, so a sample is never wrongly refused), or not the card pairing the asker's half."""
    from ...cards import Rank

    question, asker, partner, trick = no
    held = _held_then(state, partner, trick)
    suit = getattr(question, "suit", None)
    if suit is None:
        now = state.hands[partner]
        state.hands[partner] = held
        try:
            return not state._marriages_in(partner)
        finally:
            state.hands[partner] = now
    pair = {Card.of(Rank.KING, suit), Card.of(Rank.QUEEN, suit)}
    halves = pair & set(_held_then(state, asker, trick))
    if len(halves) != 1:
        return True  # (the asker held one half when he asked: nothing to test otherwise)
    (mate,) = pair - halves
    return mate not in held


#: the sampler last made (a computer player draws many samples of one position)
_LAST: list[Any] = [None, None, None]


def sampler(state: Any, seat: Any) -> Sampler:
    """The :class:`Sampler` of ``state`` for ``seat``, kept while the position does not change."""
    key = (int(state.table.seat(seat)), len(state.history), len(state.tricks), len(state.trick), state.phase, state.to_move)
    if _LAST[0] is state and _LAST[1] == key:
        return _LAST[2]
    found = Sampler(state, seat)
    _LAST[:] = [state, key, found]
    return found


def determinize(state: Any, seat: Any, rng: random.Random) -> Any:
    """A copy of ``state`` with every card ``seat`` has not seen dealt again at random,
    consistently with all it has seen (see the module's words)."""
    return sampler(state, seat).sample(rng)

