"""Counterpique's strong computer player: bids, draws, declarations and cards weighed by the deal.

For each legal action the player deals the cards it has not seen again
(:meth:`~tutor.games.counterpique.state.CounterpiqueDeal.determinize`) and finishes the deal from
the action: the rest of the auction as the rules-of-thumb player bids
(:class:`~tutor.games.counterpique.bot.CounterpiqueBot`), the draws (each takes all he may, his
lowest cards out), every combination declared, the tricks played out quickly
(:func:`~tutor.games.piquet.search.greedy_card`; in a misère each ducks as high as he can), and the
score as Parlett's Counterpique counts it: combinations, repique and pique above the line for
both, the contract, counterpique or misère below it for one. An action's weight is its mean over
the same deals of the seat's points less the other's.

So the auction is decided from the same estimates as the play: a pass that leaves a misère is
weighed by the misère it leads to, against every bid (the rules-of-thumb player passes whenever no
bid has a positive expectation of its own, and so often passes into a misère that costs more).
"""

from __future__ import annotations

from statistics import fmean, pstdev
from typing import Any, cast

from ...cards import Hand
from ..contract import SeatView
from ..piquet.combos import BIT_CARD, CARD_BIT, cards_of, mask_of
from ..piquet.reckon import hand_events, reckon_events
from ..piquet.scoring import declaration_events
from ..piquet.search import greedy_card, play_out, winner
from ..piquet.strong import discard_candidates
from ..strength import SampledWeigher, Weight, view_rng
from .actions import Bid, Blank, Exchange, Pass, Play
from .bot import CounterpiqueBot
from .odds import keep_order
from .state import _PIQUET_RULES, ELDER, NOMINAL, TRICKS, YOUNGER, CounterpiqueDeal, Phase, below_step, declare_in_full

__all__ = ["CounterpiqueStrong"]

SAMPLES = 24
#: the auction and the declarations (finished through the dialogue) look at about this many deals in all
GENERIC = 120
#: at most this many choices of a declaration are weighed in full
WIDEST = 16
UNIT = "points of the deal, above and below the line (the seat's less the other's)"


def _misere_card(hand: int, led: int) -> int:
    """A quick play for a misère: duck as high as is safe, else shed the highest; lead the lowest."""
    if led >= 0:
        mine = hand & (0xFF << (led & ~7))
        if mine:
            under = mine & ((1 << led) - 1)
            return (under or mine).bit_length() - 1
        return max(range(32), key=lambda b: ((hand >> b & 1), b & 7))
    return min((b for b in range(32) if hand >> b & 1), key=lambda b: (b & 7, b))


def _misere_out(hands: list[int], tricks: list[list[int]], to_move: int) -> list[list[int]]:
    h = hands[:]
    out = [t[:] for t in tricks]
    p = to_move
    while True:
        if out and out[-1][2] < 0:
            t = out[-1]
            b = _misere_card(h[p], t[1])
            h[p] ^= 1 << b
            t[2], t[3] = b, winner(t[0], t[1], b)
            p = t[3]
        if len(out) >= TRICKS:
            return out
        b = _misere_card(h[p], -1)
        h[p] ^= 1 << b
        out.append([p, b, -1, -1])
        p = 1 - p


def _score(s: CounterpiqueDeal, tricks: list[list[int]], p: int, declared=None, he: int = 0, hy: int = 0) -> float:
    """``p``'s points less the other's when the deal ``s`` ends with ``tricks`` (seats as the deal's)."""
    assert s.elder is not None
    e = s.elder
    blanks = (s.blank_shown[e], s.blank_shown[1 - e])
    if s.misere:
        events: list = reckon_events(hand_events(blanks, ()), (), _PIQUET_RULES, complete=False)
    elif declared is None:
        events = reckon_events(declaration_events(he, hy, _PIQUET_RULES, blanks), (), _PIQUET_RULES, complete=False)
    else:
        events = reckon_events(hand_events(blanks, declared), (), _PIQUET_RULES, complete=False)
    totals = [0, 0]  # by role
    for q, _, pts, _ in events:
        totals[q] += pts
    saved = s.tricks
    s.tricks = tricks
    try:
        pique = None if s.misere else s._pique(events)
    finally:
        s.tricks = saved
    if pique is not None:
        totals[pique[0]] += pique[2]
    won = 0
    for t in tricks:
        if t[3] == e:
            won += 1
    if tricks and tricks[-1][3] == e and len(tricks) == TRICKS:
        won += 1
    role, _, pts, _, _ = below_step(None if s.misere else s.contract, min(won, NOMINAL))
    totals[role] += pts
    mine = totals[ELDER if p == e else YOUNGER]
    return mine - totals[YOUNGER if p == e else ELDER]


def finish(s: CounterpiqueDeal, p: int) -> float:
    """Finish ``s`` (a deal of the unseen cards, after the action weighed) quickly; ``p``'s net."""
    bot = CounterpiqueBot()
    while s.phase is Phase.BLANK:
        s.apply_unchecked(Blank())
    while s.phase in (Phase.AUCTION, Phase.RAISE):
        cur = s.bid
        s.apply_unchecked(bot._bid(s.phase, s.to_move, s.hands[s.to_move], cur))
    if s.phase is Phase.DRAW:
        hands = s.hands[:]
        stock = list(s.stock)
        order = [s.to_move] + ([1 - s.to_move] if s.to_move == s.elder else [])
        for q in order:
            k = _limit_after(s, q, len(stock))
            d = mask_of(BIT_CARD[b] for b in keep_order(hands[q])[:k])
            hands[q] = hands[q] & ~d | mask_of(BIT_CARD[b] for b in stock[:k])
            stock = stock[k:]
        e = s.elder
        assert e is not None
        tricks = play_out(hands, [], e, TRICKS)
        return _score(s, tricks, p, None, hands[e], hands[1 - e])
    while s.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
        s.apply_unchecked(_in_full(s))
    if s.phase is Phase.PLAY and not s.tricks and not s.misere:
        q = s.to_move
        s.apply_unchecked(Play(BIT_CARD[greedy_card(s.hands[q], s.hands[1 - q], -1)]))
        while s.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
            s.apply_unchecked(_in_full(s))
    return _play_value(s, s.hands, s.tricks, s.to_move, p)


def _limit_after(s: CounterpiqueDeal, q: int, left: int) -> int:
    if q == s.elder:
        return min(s.contract.draw, left)  # type: ignore[union-attr]
    if s.rules.younger_draws == "bid" and s.contract is not None:
        return min(s.contract.cards, left)
    return left


def _play_value(s: CounterpiqueDeal, hands: list[int], tricks: list[list[int]], to_move: int, p: int) -> float:
    if s.is_over:
        done = tricks
    elif s.misere:
        done = _misere_out(hands, tricks, to_move)
    else:
        done = play_out(hands, tricks, to_move, TRICKS)
    declared = s.inner.declared if s.inner is not None else ()
    return _score(s, done, p, declared)


class CounterpiqueStrong(SampledWeigher):
    """The strong player (:class:`~tutor.games.strength.Weigher`); deterministic for a position."""

    unit = UNIT
    SAMPLES = SAMPLES

    def weigh(self, seat: SeatView) -> list[Weight]:
        legal = list(seat.legal_actions())
        view = seat.view()
        rng = view_rng(seat, view)
        p = int(seat.seat)
        ph = Phase(view["phase"])
        n = self.samples if ph in (Phase.DRAW, Phase.PLAY) else max(3, min(self.samples, GENERIC // min(len(legal), WIDEST)))
        if ph is Phase.PLAY and not view["tricks"] and not view["misere"]:
            n = max(3, min(n, GENERIC // len(legal)))  # the first lead: younger's declarations follow it, in full
        deals = [cast(CounterpiqueDeal, seat.sample(rng)) for _ in range(n)]
        if ph is Phase.DRAW:
            return self._weigh_draw(deals, p, legal)
        weighed = legal
        if ph in (Phase.CALL, Phase.DECLARE) and len(legal) > WIDEST:
            # a call with many choices: the call in full, a pass and the longest calls in full
            first = [_in_full(deals[0]), *(a for a in legal if not hasattr(a, "cards"))]
            rest = sorted((a for a in legal if a not in first), key=lambda a: -len(a.cards))
            weighed = [*first, *rest[: WIDEST - len(first)]]
        values: dict[Any, list[float]] = {a: [] for a in weighed}
        for s in deals:
            for a in weighed:
                if ph is Phase.PLAY:
                    values[a].append(self._after_card(s, p, CARD_BIT[a.card]))
                else:
                    t = s.clone()
                    t.apply_unchecked(a)
                    values[a].append(finish(t, p))
        out = _weights(values, ph)
        floor = out[-1].mean - 1.0
        out += [Weight(a, floor, 0.0, 0, False, UNIT, (), "a shorter call than those weighed in full: ranked below them")
                for a in legal if a not in values]
        return out

    @staticmethod
    def _after_card(s: CounterpiqueDeal, p: int, b: int) -> float:
        if s.inner is not None and not s.tricks:  # elder's first lead: younger declares before playing to it
            t = s.clone()
            t.apply_unchecked(Play(BIT_CARD[b]))
            return finish(t, p)
        hands = s.hands[:]
        hands[p] ^= 1 << b
        tricks = [t[:] for t in s.tricks]
        if tricks and tricks[-1][2] < 0:
            tr = tricks[-1]
            tr[2], tr[3] = b, winner(tr[0], tr[1], b)
            nxt = tr[3]
        else:
            tricks.append([p, b, -1, -1])
            nxt = 1 - p
        if len(tricks) == TRICKS and tricks[-1][3] >= 0:
            return _score(s, tricks, p, s.inner.declared if s.inner is not None else ())
        return _play_value(s, hands, tricks, nxt, p)

    @staticmethod
    def _weigh_draw(deals: list[CounterpiqueDeal], p: int, legal: list) -> list[Weight]:
        s0 = deals[0]
        hand = s0.hands[p]
        cands = discard_candidates(hand, 0, s0._draw_limit(p))
        values: dict[int, list[float]] = {d: [] for d in cands}
        for s in deals:
            for d in cands:
                k = d.bit_count()
                hands = s.hands[:]
                hands[p] = hand & ~d | mask_of(BIT_CARD[b] for b in s.stock[:k])
                stock = s.stock[k:]
                if p == s.elder:
                    q = 1 - p
                    kq = _limit_after(s, q, len(stock))
                    dq = mask_of(BIT_CARD[b] for b in keep_order(hands[q])[:kq])
                    hands[q] = hands[q] & ~dq | mask_of(BIT_CARD[b] for b in stock[:kq])
                e = s.elder
                assert e is not None
                tricks = play_out(hands, [], e, TRICKS)
                values[d].append(_score(s, tricks, p, None, hands[e], hands[1 - e]))
        out = []
        for d, vs in values.items():
            reason = f"keeps {Hand(cards_of(hand & ~d))}, draws {d.bit_count()}; over {len(vs)} deals of the unseen cards"
            out.append(Weight(Exchange(tuple(cards_of(d))), fmean(vs), pstdev(vs), len(vs), False, UNIT, (), reason))
        out.sort(key=lambda w: -w.mean)
        floor = out[-1].mean - 1.0
        weighed = {w.action for w in out}
        out += [Weight(a, floor, 0.0, 0, False, UNIT, (), "not among the draws weighed in full: ranked below them")
                for a in legal if a not in weighed]
        return out


def _weights(values: dict[Any, list[float]], ph: Phase) -> list[Weight]:
    out = []
    for a, vs in values.items():
        m = fmean(vs)
        if isinstance(a, Bid):
            reason = f"bid {a.name}: the deal then comes to {m:+.1f} on average (the rest of the auction as the other may bid)"
        elif isinstance(a, Pass) and ph is Phase.AUCTION:
            reason = f"pass: {m:+.1f} on average, a misère included where the other passes too"
        else:
            reason = f"{a}: {m:+.1f} on average over {len(vs)} deals of the unseen cards"
        out.append(Weight(a, m, pstdev(vs), len(vs), False, UNIT, (), reason))
    out.sort(key=lambda w: -w.mean)
    return out


def _in_full(s):
    """Declare all one holds; where that is not a legal action (a class said "not good" on the
    count and then not bettered in the pips), the first legal call instead."""
    action = declare_in_full(s)
    legal = list(s.legal_actions())
    return action if action in legal else legal[0]
