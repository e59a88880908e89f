"""Piquet's strong computer player: every choice weighed by the whole deal it leads to.

For each legal action the player deals the cards it has not seen again at random
(:meth:`~tutor.games.piquet.deal.PiquetDeal.determinize`), consistently with all it has seen, and
plays the deal out from the action: the exchange still to come as the rules-of-thumb player makes
it, every combination declared, the tricks by :func:`~tutor.games.piquet.search.greedy_card`, and
the last tricks searched exactly. The deal is reckoned by the engine's own reckoning (Cavendish
Law 67: carte blanche, point, sequences, sets, repique and pique, play, the cards or capot), and
an action's weight is its mean, over the same deals of the unseen cards, of the seat's points less
the other's. So the discard is chosen for the whole deal, not for the declarations alone:
Cavendish, Discarding (General rules), "Next in importance to the point are the cards".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from statistics import fmean, pstdev
from typing import Any, cast

from ...cards import Hand
from ..contract import SeatView
from ..strength import SampledWeigher, Weight, view_rng
from .actions import Announce, Exchange, Play
from .bot import PiquetBot, keep_value
from .combos import BIT_CARD, CARD_BIT, bits_of, cards_of, mask_of
from .deal import Phase, PiquetDeal
from .reckon import ELDER, YOUNGER, hand_events, reckon_events
from .rules import PiquetRules
from .scoring import declaration_events, declare_in_full
from .search import exact_values, greedy_card, play_out, winner

__all__ = ["PiquetStrong", "deal_value", "discard_candidates", "weigh_discards"]

#: how many deals of the unseen cards each decision looks at: the discard and the play; the
#: declarations (each finished through the whole dialogue) look at fewer, about GENERIC in all
SAMPLES = 40
GENERIC = 24
#: at most this many choices of a declaration are weighed in full
WIDEST = 16
#: the tricks (both hands of this many cards or fewer) searched exactly in each deal
EXACT = 5
#: categories of the reckoning that belong to the hand (the rest are play and the cards)
_HAND = frozenset(("carte blanche", "point", "sequence", "set", "repique", "carte rouge"))
UNIT = "points of the deal (the seat's less the other's)"


def _split(events, p: int) -> tuple[float, float]:
    """(hand, play) points of ``p`` less the other's, from reckoned events."""
    hand = play = 0
    for q, cat, pts, _ in events:
        s = pts if q == p else -pts
        if cat in _HAND:
            hand += s
        else:
            play += s
    return hand, play


def deal_value(he: int, hy: int, rules: PiquetRules, cb: tuple[bool, bool], p: int) -> tuple[float, float]:
    """(hand, play) value to ``p`` of a deal whose hands after the exchange are ``he`` and ``hy``:
    both declare all they hold and the tricks are played out quickly."""
    events = declaration_events(he, hy, rules, cb)
    tricks = play_out([he, hy], [], ELDER)
    return _split(reckon_events(events, tricks, rules, True), p)


def _discard_mask(hand: int, k: int) -> int:
    order = sorted(bits_of(hand), key=lambda b: keep_value(hand, b))
    return mask_of(BIT_CARD[b] for b in order[:k])


def discard_candidates(hand: int, least: int, most: int) -> list[int]:
    """A short list of discards worth weighing (masks): for each number of cards, the lowest cards
    by several measures (the rules of thumb's keep value; keeping the point suit; keeping high
    cards and guards; throwing whole short suits), and the best of the declarations alone."""
    bits = bits_of(hand)
    suit_len = [(hand >> (8 * s) & 0xFF).bit_count() for s in range(4)]
    longest = max(range(4), key=lambda s: (suit_len[s], hand >> (8 * s) & 0xFF))
    measures = [
        lambda b: keep_value(hand, b),
        lambda b: (b >> 3 == longest) * 20 + (b & 7) * 2 + suit_len[b >> 3],
        lambda b: (b & 7) * 3 + min(suit_len[b >> 3], 3) * 2 + (b >> 3 == longest) * 4,
        lambda b: suit_len[b >> 3] * 10 + (b & 7),
        lambda b: (b & 7 >= 6) * 30 + keep_value(hand, b),
    ]
    out: list[int] = []
    for k in range(max(least, 0), most + 1):
        if k == 0:
            out.append(0)
            continue
        for m in measures:
            order = sorted(bits, key=m)
            d = 0
            for b in order[:k]:
                d |= 1 << b
            if d not in out:
                out.append(d)
    return out


class PiquetStrong(SampledWeigher):
    """The strong player (:class:`~tutor.games.strength.Weigher`): it looks at ``samples`` deals
    of the unseen cards for each decision; the same position always gets the same choice."""

    unit = UNIT
    SAMPLES = SAMPLES

    def weigh(self, seat: SeatView) -> list[Weight]:
        legal = list(seat.legal_actions())
        view = seat.view()
        rng = view_rng(seat, view)
        p = int(seat.seat)
        n = self.samples
        if Phase(view["phase"]) not in (Phase.EXCHANGE, Phase.PLAY):
            n = max(2, min(n, GENERIC // len(legal)))
        deals = [cast(PiquetDeal, seat.sample(rng)) for _ in range(n)]
        state = deals[0]
        if state.phase is Phase.EXCHANGE and state.announced is None:
            return weigh_discards(deals, p, legal)
        if state.phase is Phase.PLAY and state.hands[p].bit_count() <= EXACT:
            return self._weigh_exact(deals, p, legal)
        if state.phase is Phase.PLAY:
            return self._weigh_play(deals, p, legal)
        return self._weigh_generic(deals, p, legal)

    # -- the play ----------------------------------------------------------------------------
    def _weigh_play(self, deals: list[PiquetDeal], p: int, legal: list) -> list[Weight]:
        values: dict[Any, list[tuple[float, float]]] = {a: [] for a in legal}
        for s in deals:
            ev = hand_events(s.carte_blanche, s.declared, s._carte_rouge())
            for a in legal:
                b = CARD_BIT[a.card]
                hands = s.hands[:]
                hands[p] ^= 1 << b
                tricks = [t[:] for t in s.tricks]
                if tricks and tricks[-1][2] < 0:
                    t = tricks[-1]
                    t[2], t[3] = b, winner(t[0], t[1], b)
                    nxt = t[3]
                else:
                    tricks.append([p, b, -1, -1])
                    nxt = 1 - p
                done = play_out(hands, tricks, nxt)
                values[a].append(_split(reckon_events(ev, done, s.rules, True), p))
        return _weights(values, len(deals), lambda a, h, q: _play_reason(a, q))

    def _weigh_exact(self, deals: list[PiquetDeal], p: int, legal: list) -> list[Weight]:
        values: dict[Any, list[tuple[float, float]]] = {a: [] for a in legal}
        rules = deals[0].rules
        for s in deals:
            tricks = s.tricks
            led, leader = -1, p
            done = tricks
            if tricks and tricks[-1][2] < 0:
                led, leader = tricks[-1][1], tricks[-1][0]
                done = tricks[:-1]
            won = [0, 0]
            for t in done:
                won[t[3]] += 1
            ev = hand_events(s.carte_blanche, s.declared, s._carte_rouge())
            # the lead of the trick in progress is counted by the search when the trick ends
            base = _split(reckon_events(ev, done, rules, False), p)
            left = 12 - len(done)

            def cards(w0: int, w1: int, last: int) -> float:
                v = 1 if last == 0 else -1
                if w0 == 12:
                    v += rules.capot_value
                elif w1 == 12:
                    v -= rules.capot_value
                elif w0 > 6:
                    v += rules.cards_value
                elif w1 > 6:
                    v -= rules.cards_value
                return v

            vals = exact_values(s.hands, led, leader, p, cards, (won[0], won[1]), left)
            for a in legal:
                v = vals[CARD_BIT[a.card]]
                values[a].append((base[0], base[1] + (v if p == 0 else -v)))
        ws = _weights(values, len(deals), lambda a, h, q: _play_reason(a, q))
        if _all_seen(deals):  # every card known: the search is exact
            ws = [Weight(w.action, w.mean, 0.0, w.samples, True, w.unit, w.line, w.reason) for w in ws]
        return ws

    # -- everything else: the action applied, the deal finished ---------------------------------------
    def _weigh_generic(self, deals: list[PiquetDeal], p: int, legal: list) -> list[Weight]:
        weighed = legal
        if len(legal) > WIDEST:
            # a call with many choices (every run and set that could be called): the call in full,
            # a pass, and the longest calls are weighed in full; the rest are ranked below them
            first = [_in_full(deals[0]), *(a for a in legal if not hasattr(a, "cards"))]
            rest = sorted((a for a in legal if a not in first), key=lambda a: -len(a.cards))
            weighed = [*first, *rest[: WIDEST - len(first)]]
        values: dict[Any, list[tuple[float, float]]] = {a: [] for a in weighed}
        for s in deals:
            for a in weighed:
                t = s.clone()
                t.apply_unchecked(a)
                values[a].append(finish(t, p))
        out = _weights(values, len(deals), _generic_reason)
        floor = out[-1].mean - 1.0
        out += [Weight(a, floor, 0.0, 0, False, UNIT, (), "a shorter call than those weighed in full: ranked below them")
                for a in legal if a not in values]
        return out


def _all_seen(deals: Sequence[PiquetDeal]) -> bool:
    """Whether every deal of the unseen cards put the same cards in the same hands."""
    first = deals[0].hands
    return all(s.hands == first for s in deals)


def finish(s: PiquetDeal, p: int) -> tuple[float, float]:
    """Play ``s`` (a deal of the unseen cards, after the action weighed) to its end as the quick
    player would, and say what it was worth to ``p``: (hand, play)."""
    bot = PiquetBot()
    while s.phase in (Phase.ANNOUNCE, Phase.EXCHANGE):
        s.apply_unchecked(bot.choose(SeatView(s, s.table.seats[s.to_move])))
    while s.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
        s.apply_unchecked(_in_full(s))
    if s.phase is Phase.PLAY and not s.tricks:
        q = s.to_move
        s.apply_unchecked(Play(BIT_CARD[greedy_card(s.hands[q], s.hands[1 - q], -1)]))
        while s.phase is Phase.DECLARE:
            s.apply_unchecked(_in_full(s))
    tricks = play_out(s.hands, s.tricks, s.to_move) if not s.is_over else s.tricks
    events = reckon_events(hand_events(s.carte_blanche, s.declared, s._carte_rouge()), tricks, s.rules, True)
    return _split(events, p)


def weigh_discards(deals: Sequence[PiquetDeal], p: int, legal: Sequence[Exchange] | None = None,
                   candidates: Sequence[int] | None = None) -> list[Weight]:
    """Discards weighed over ``deals`` (deals of the unseen cards at ``p``'s exchange, elder first
    or younger after him): each discard taken in from the talon, the other's exchange made by the
    rules of thumb (he takes all he may, Cavendish: "It is a common error ... not to take all
    their cards"), both declaring all they hold and the tricks played out. The candidates are
    :func:`discard_candidates`; every other legal discard is weighed too, by its declarations
    alone less a margin, so that the list covers every legal action."""
    s0 = deals[0]
    hand = s0.hands[p]
    least, most = s0._exchange_limits(p)
    if candidates is not None:
        cands = list(candidates)
    else:
        from .advisor import advise

        cands = discard_candidates(hand, least, most)
        advice = advise(cards_of(hand), "elder" if p == ELDER else "younger", None if p == ELDER else len(s0.stock),
                        rules=s0.rules)
        for row in list(advice)[:8]:
            if row.mask not in cands:
                cands.append(row.mask)
    rules = s0.rules
    values: dict[int, list[tuple[float, float]]] = {d: [] for d in cands}
    for s in deals:
        cb = s.carte_blanche
        for d in cands:
            k = d.bit_count()
            took = mask_of(BIT_CARD[b] for b in s.stock[:k])
            mine = hand & ~d | took
            rest = s.stock[k:]
            if p == ELDER:
                other = s.hands[YOUNGER]
                n = len(rest)
                if n:
                    other = other & ~_discard_mask(other, n) | mask_of(BIT_CARD[b] for b in rest)
                he, hy = mine, other
            else:
                he, hy = s.hands[ELDER], mine
            values[d].append(deal_value(he, hy, rules, cb, p))
    by_mask: dict[int, Any] = {}
    for a in legal or ():
        m = mask_of(a.discard)
        if m not in by_mask or a.show_left is False:  # cards left: kept hidden, as the rules of thumb do
            by_mask[m] = a
    out: list[Weight] = []
    for d, vs in values.items():
        totals = [h + q for h, q in vs]
        hand_part = fmean(h for h, _ in vs)
        play_part = fmean(q for _, q in vs)
        action = by_mask.get(d) or Exchange(tuple(cards_of(d)))
        kept = Hand(cards_of(hand & ~d))
        reason = (f"keeps {kept}; over {len(vs)} deals of the unseen cards, {hand_part:+.1f} in declarations "
                  f"and {play_part:+.1f} in play and the cards")
        out.append(Weight(action, fmean(totals), pstdev(totals), len(vs), False, UNIT, (), reason))
    out.sort(key=lambda w: -w.mean)
    if legal is not None:
        floor = out[-1].mean - 1.0
        weighed = {w.action for w in out}
        for a in legal:
            if a not in weighed:
                why = ("the same discard with the cards left shown" if mask_of(a.discard) in values
                       else "not among the discards weighed in full: ranked below them")
                out.append(Weight(a, floor, 0.0, 0, False, UNIT, (), why))
    return out


def _weights(values: dict[Any, list[tuple[float, float]]], n: int, reason) -> list[Weight]:
    out = []
    for a, vs in values.items():
        totals = [h + q for h, q in vs]
        hand_part = fmean(h for h, _ in vs)
        play_part = fmean(q for _, q in vs)
        out.append(Weight(a, fmean(totals), pstdev(totals), n, False, UNIT, (), reason(a, hand_part, play_part)))
    out.sort(key=lambda w: -w.mean)
    return out


def _play_reason(a: Any, play: float) -> str:
    return f"{a}: over the deals of the unseen cards the play and the cards come to {play:+.1f} from here"


def _generic_reason(a: Any, hand: float, play: float) -> str:
    if isinstance(a, Announce):
        return f"announce {a.count}: {hand:+.1f} in declarations, {play:+.1f} in play and the cards"
    return f"{a}: {hand:+.1f} in declarations, {play:+.1f} in play and the cards, on average"


def whole_deal_discards(hand, seat: str = "elder", rules: PiquetRules | None = None, samples: int = 300,
                        seed: int | str = 0, talon_size: int = 3, also: Sequence = ()) -> list[Weight]:
    """Discards for ``hand`` (twelve cards) from ``seat``, ranked by what the whole deal comes to:
    over ``samples`` deals of the twenty cards the seat cannot see (the same deals for every
    discard), each discard taken in, the other's exchange made by the rules of thumb, everything
    declared and the twelve tricks played out, reckoned by Cavendish Law 67. The candidates are
    :func:`discard_candidates` and the advisor's (:func:`~tutor.games.piquet.advisor.advise`)
    best twelve by declarations alone, and any discards given in ``also`` (cards or notation).
    Younger finds ``talon_size`` cards left by elder."""
    from ...cards import PIQUET_PACK
    from .advisor import advise
    from .deal import Deal

    rules = rules or PiquetRules()
    h = PIQUET_PACK.parse_hand(hand, 12, "hand")
    hm = mask_of(h)
    rng = random.Random(f"whole-deal/{seed}/{seat}/{hm}")
    unseen = [c for c in PIQUET_PACK if c not in set(h)]
    advice = advise(h, seat, None if seat == "elder" else talon_size, rules=rules)
    deals = []
    for _ in range(samples):
        cards = unseen[:]
        rng.shuffle(cards)
        if seat == "elder":
            s = PiquetDeal(Deal(Hand(h), Hand(PIQUET_PACK.sorted(cards[:12])), tuple(cards[12:])), rules)
        else:
            # elder has exchanged already: his twelve, his discard, and the cards he left
            s = PiquetDeal(Deal(Hand(PIQUET_PACK.sorted(cards[:12])), Hand(h), tuple(cards[12:])), rules)
            s.exchanged[ELDER] = True
            s.stock = [CARD_BIT[c] for c in cards[12:12 + talon_size]]
            s.to_move = YOUNGER
        deals.append(s)
    p = ELDER if seat == "elder" else YOUNGER
    least, most = deals[0]._exchange_limits(p)
    cands = discard_candidates(hm, least, most)
    extra = [row.mask for row in list(advice)[:12]] + [advice.row(d).mask for d in also]
    for m in extra:
        if m not in cands:
            cands.append(m)
    return weigh_discards(deals, p, None, cands)


def _in_full(s):
    """Declare all one holds; where that is not a legal action (a class said "not good" on the
    count and then not bettered in the pips), the first legal call instead."""
    action = declare_in_full(s)
    legal = list(s.legal_actions())
    return action if action in legal else legal[0]
