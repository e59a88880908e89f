"""The exact chance of winning a deal of Le Truc, by enumerating the opponent's possible hands.

Assumptions (say them whenever a number from here is printed):

* the opponent's cards are any of the cards this player has not seen, every set of them equally
  likely: what the opponent's call for cards, doubles or answers might reveal is ignored;
* from here on both players play the same simple, sensible card strategy (:func:`lead_card`,
  :func:`follow_card`): lead the lowest card to the first trick (keeping one's strength) and the
  highest to any later one (by then a trick won, or a pourrie, makes the next trick decisive);
  follow with the lowest card that beats the card led, else with one that ties it (la pourrie),
  else with the lowest card. (So played, elder wins 42.3% of all deals from the first card, the
  dealer 57.7%; had elder led his highest card to the first trick, 40.4%.)
* nobody proposes or refuses a double: the chances are those of the cards alone.

Only ranks matter in Le Truc (the French rules of Le Truc: 'Les couleurs ne comptent pas'), so the opponent's hands
are enumerated as multisets of the eight strengths, each weighted by the number of ways to hold
it: ``prod(comb(unseen of strength s, k_s))``. A three-card hand against 29 unseen cards is at
most 120 such multisets instead of 3,654 hands; results are exact :class:`fractions.Fraction` s.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb

from ...cards import PIQUET_PACK, Card
from ...errors import IllegalActionError
from .state import ELDER, PLAYERS, ROTTEN, STRENGTH, TrucDeal, credited

ASSUMPTION = (
    "opponent's cards: any of the unseen cards, all equally likely; both players lead their lowest card "
    "to the first trick and their highest later, and follow with the lowest card that wins, else one that "
    "ties, else their lowest; no doubling"
)


@dataclass(frozen=True)
class Odds:
    """Chances of winning, losing and a void deal (donne nulle), exact; they sum to one."""

    win: Fraction
    lose: Fraction
    null: Fraction

    @property
    def edge(self) -> Fraction:
        """Win minus lose: what the deal is worth to this player, per point of its value."""
        return self.win - self.lose

    def __str__(self) -> str:
        return f"win {float(self.win):.1%}, lose {float(self.lose):.1%}, void {float(self.null):.1%}"


def lead_card(hand: tuple[int, ...], first_trick: bool) -> int:
    """The strategy's lead: the lowest card to the first trick, else the highest (``hand`` is
    strengths, highest first)."""
    return hand[-1] if first_trick else hand[0]


def follow_card(hand: tuple[int, ...], led: int) -> int:
    """The strategy's answer: the lowest card that beats ``led``, else one that ties, else the lowest."""
    best = -1
    for c in hand:
        if c > led:
            best = c  # hand is highest first: the last that beats is the lowest that beats
    if best >= 0:
        return best
    if led in hand:
        return led
    return hand[-1]


def play_out(hands: tuple[tuple[int, ...], tuple[int, ...]], results: tuple, leader: int, table: int | None,
             forced: tuple[int, int] | None = None) -> int:
    """Play the rest of a deal by the strategy; the winner (0 elder, 1 dealer) or -1 for void.

    ``results`` are the finished tricks (0, 1 or ROTTEN); ``table`` is the card ``leader`` has led
    to the open trick, if any; ``forced`` is (player, strength) for that player's next card.
    """
    h = [list(hands[0]), list(hands[1])]
    res = list(results)
    while True:
        if table is None:
            if forced is not None and forced[0] == leader:
                lead = forced[1]
                forced = None
            else:
                lead = lead_card(tuple(h[leader]), not res)
            h[leader].remove(lead)
        else:
            lead, table = table, None
        f = 1 - leader  # the search's own pair of hands, in its inner loop: no table here
        if forced is not None and forced[0] == f:
            c = forced[1]
            forced = None
        else:
            c = follow_card(tuple(h[f]), lead)
        h[f].remove(c)
        if c == lead:
            res.append(ROTTEN)
        elif c > lead:
            res.append(f)
            leader = f
        else:
            res.append(leader)
        won, _ = credited(res)
        if won[0] >= 2:
            return 0
        if won[1] >= 2:
            return 1
        if len(res) == 3:
            return -1


def _multisets(counts: tuple[int, ...], k: int, start: int = 0):
    """(strengths highest first, weight) for every multiset of ``k`` strengths drawn from ``counts``."""
    if k == 0:
        yield (), 1
        return
    for s in range(start, 8):
        n = counts[s]
        if not n:
            continue
        for m in range(1, min(n, k) + 1):
            w = comb(n, m)
            for rest, wr in _multisets(counts, k - m, s + 1):
                yield rest + (s,) * m, w * wr


@lru_cache(maxsize=65536)
def _weights(me: int, mine: tuple[int, ...], counts: tuple[int, ...], k: int, results: tuple, leader: int,
             table: int | None, forced: int | None) -> tuple[int, int, int]:
    win = lose = null = 0
    for opp, w in _multisets(counts, k):
        opp = tuple(sorted(opp, reverse=True))
        hands = (mine, opp) if me == ELDER else (opp, mine)
        r = play_out(hands, results, leader, table, None if forced is None else (me, forced))
        if r < 0:
            null += w
        elif r == me:
            win += w
        else:
            lose += w
    return win, lose, null


def odds(me: int, mine: Iterable[Card], unseen: Iterable[Card], opponent_cards: int, results: tuple = (),
         leader: int = ELDER, table: Card | None = None, card: Card | None = None) -> Odds:
    """Exact odds for player ``me`` holding ``mine``, the opponent holding ``opponent_cards`` of
    ``unseen``; ``results`` and ``leader``/``table`` describe the tricks so far (see
    :func:`play_out`); ``card``, if given, is the card ``me`` plays next."""
    mine_s = tuple(sorted((STRENGTH[c] for c in mine), reverse=True))
    counts = [0] * 8
    for c in unseen:
        counts[STRENGTH[c]] += 1
    forced = None
    if card is not None:
        if STRENGTH.get(card) not in mine_s:
            raise IllegalActionError(f"{card} is not in the hand {' '.join(map(str, mine))}", token=str(card))
        forced = STRENGTH[card]
    t = None if table is None else STRENGTH[table]
    w, lo, n = _weights(me, mine_s, tuple(counts), opponent_cards, tuple(results), leader, t, forced)
    total = w + lo + n
    return Odds(Fraction(w, total), Fraction(lo, total), Fraction(n, total))


def hand_odds(hand: str | Iterable[Card] | Iterable[str], position: str | int = "elder", unseen: Iterable[Card] | None = None) -> Odds:
    """The chance that ``hand`` (three cards) wins a deal from its first card, as elder (who leads)
    or as dealer, against any three of the other 29 cards (or of ``unseen``). See the assumptions
    at the top of this module."""
    cards = PIQUET_PACK.parse_hand(hand, 3, "Truc hand")
    me = int(TrucDeal.table.seat(position))  # elder or 0, dealer or 1: a SeatError names anything else
    rest = [c for c in PIQUET_PACK if c not in set(cards)] if unseen is None else list(unseen)
    return odds(me, cards, rest, 3, (), ELDER, None)


def view_odds(view: dict, card: Card | None = None) -> Odds:
    """Exact odds from what a player sees (:meth:`TrucDeal.view`), playing ``card`` next if given
    (it must then be his turn to play a card)."""
    me = PLAYERS.index(view["player"])
    results = []
    leader, table = PLAYERS.index(view["card_player"]), None
    for lead_by, led, followed, result in view["tricks"]:
        if followed is None:
            leader, table = PLAYERS.index(lead_by), led
        else:
            results.append(ROTTEN if result == "pourrie" else PLAYERS.index(result))
    return odds(me, view["hand"], view["unseen"], view["opponent_cards"], tuple(results), leader, table, card)


def first_hand_table(position: str = "elder") -> list[tuple[str, Odds]]:
    """Every hand of ranks (120 of them) with its odds from the first card, best first."""
    TrucDeal.table.seat(position)  # checked before the 120 hands are worked out
    from itertools import combinations_with_replacement

    from .state import RANK_ORDER

    suits = "SHDC"
    rows = []
    for ranks in combinations_with_replacement(range(8), 3):
        used: dict[int, int] = {}
        cards = []
        for r in ranks:
            k = used.get(r, 0)
            used[r] = k + 1
            cards.append(Card(RANK_ORDER[r].value + suits[k]))
        hand = " ".join(map(str, cards))
        rows.append((" ".join(RANK_ORDER[r].value for r in ranks).replace("T", "10"), hand_odds(hand, position)))
    rows.sort(key=lambda r: (r[1].edge, r[1].win), reverse=True)
    return rows


__all__ = ["Odds", "ASSUMPTION", "odds", "hand_odds", "view_odds", "play_out", "lead_card", "follow_card", "first_hand_table"]
