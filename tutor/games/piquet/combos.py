"""Piquet's combinations on bit masks: point, sequences, sets and carte blanche.

A hand is a 32-bit integer: bit ``8*s + r`` holds the card of suit ``s`` (spades, hearts, diamonds,
clubs) and rank ``r`` counted from the seven (``r = 0``) up to the ace (``r = 7``), so that within
a suit a higher bit is a higher card and a sequence is a run of adjacent bits. Everything a suit
can hold (256 patterns) is tabulated once, which is what makes scoring fast enough to simulate
thousands of deals a second in pure Python.
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Callable
from dataclasses import dataclass

from ...cards import PIQUET_PACK, Card, Hand, Rank, Suit
from ...errors import NotationError

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
RANKS_LOW_TO_HIGH = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
#: Pip values for the point (Cavendish; Parlett's Piquet rules): ace 11, courts 10, others their face value.
PIPS = (7, 8, 9, 10, 10, 10, 10, 11)
COURTS = 0x70707070  # knave, queen, king in every suit
FULL = 0xFFFFFFFF
SET_MIN_RANK = 3  # sets are of tens and higher (Parlett's Piquet rules; Cavendish Law 64)

BIT_CARD: tuple[Card, ...] = tuple(Card.of(RANKS_LOW_TO_HIGH[b & 7], SUITS[b >> 3]) for b in range(32))
CARD_BIT: dict[Card, int] = {c: b for b, c in enumerate(BIT_CARD)}

SEQUENCE_SCORE = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}  # Cavendish Law 63
SEQUENCE_NAMES = {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième"}
NUMBER_NAMES = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        try:
            m |= 1 << CARD_BIT[c]
        except KeyError:
            PIQUET_PACK.check([c])
            raise
    return m


@functools.lru_cache(maxsize=1024)
def hand_of(mask: int) -> Hand:
    """The cards of ``mask`` as a :class:`~tutor.cards.Hand`, in display order: made once for a mask
    (a hand is immutable, and the views make one of each hand, discard and draw at every move)."""
    return Hand(cards_of(mask))


def cards_of(mask: int) -> list[Card]:
    """Cards of ``mask`` in display order: suits S H D C, each from the ace down."""
    out = []
    for s in range(4):
        sm = (mask >> (8 * s)) & 0xFF
        for r in range(7, -1, -1):
            if sm >> r & 1:
                out.append(BIT_CARD[8 * s + r])
    return out


def bits_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _runs(m: int) -> tuple[tuple[int, int], ...]:
    """Maximal runs of three or more in an 8-bit suit pattern, as (length, top rank)."""
    runs = []
    r = 0
    while r < 8:
        if m >> r & 1:
            start = r
            while r < 8 and m >> r & 1:
                r += 1
            if r - start >= 3:
                runs.append((r - start, r - 1))
        else:
            r += 1
    return tuple(runs)


SUIT_LEN = tuple(bin(m).count("1") for m in range(256))
SUIT_PIPS = tuple(sum(PIPS[r] for r in range(8) if m >> r & 1) for m in range(256))
#: best point key of one suit pattern: length * 128 + pips (pips never reach 128)
SUIT_POINT_KEY = tuple(SUIT_LEN[m] * 128 + SUIT_PIPS[m] for m in range(256))
SUIT_RUNS = tuple(_runs(m) for m in range(256))
#: best run key of one suit pattern: length * 8 + top rank, 0 when no run of three
SUIT_SEQ_KEY = tuple(max((ln * 8 + top for ln, top in SUIT_RUNS[m]), default=0) for m in range(256))
SUIT_SEQ_SCORE = tuple(sum(SEQUENCE_SCORE[ln] for ln, _ in SUIT_RUNS[m]) for m in range(256))


def suit_patterns(mask: int) -> tuple[int, int, int, int]:
    return (mask & 0xFF, mask >> 8 & 0xFF, mask >> 16 & 0xFF, mask >> 24 & 0xFF)


def rank_count(mask: int, r: int) -> int:
    """How many cards of rank ``r`` (0 = seven ... 7 = ace) the hand holds."""
    x = mask >> r & 0x01010101
    return (x * 0x01010101 >> 24) & 0xFF


def is_carte_blanche(mask: int) -> bool:
    """No king, queen or knave (Cavendish Law 18), judged on twelve cards as dealt."""
    return not mask & COURTS


def best_point_key(mask: int) -> int:
    k = SUIT_POINT_KEY
    return max(k[mask & 0xFF], k[mask >> 8 & 0xFF], k[mask >> 16 & 0xFF], k[mask >> 24 & 0xFF])


def best_sequence_key(mask: int) -> int:
    k = SUIT_SEQ_KEY
    return max(k[mask & 0xFF], k[mask >> 8 & 0xFF], k[mask >> 16 & 0xFF], k[mask >> 24 & 0xFF])


def sequence_total(mask: int) -> int:
    k = SUIT_SEQ_SCORE
    return k[mask & 0xFF] + k[mask >> 8 & 0xFF] + k[mask >> 16 & 0xFF] + k[mask >> 24 & 0xFF]


# Sets by table: the tens to aces of two suits (5 + 5 bits) give each rank's count in three bits;
# the two halves of a hand add up to the counts of all five ranks (:func:`set_counts`), which
# index the best set's key and the sets' total.
def _pair_counts(m: int) -> int:
    return sum(((m >> r & 1) + (m >> (r + 5) & 1)) << (3 * r) for r in range(5))


_PAIR_COUNTS = tuple(_pair_counts(m) for m in range(1024))


def _set_key_field(n: int, r: int) -> int:
    """What ``n`` cards of rank ``r`` (0 tens ... 4 aces) give the best set's key: count * 8 + rank
    for a trio or quatorze, else 0."""
    return n * 8 + r + SET_MIN_RANK if n >= 3 else 0


def _set_total_field(n: int, r: int) -> int:
    """What ``n`` cards of one rank score as a set: a quatorze 14, a trio 3 (Cavendish Law 64)."""
    return {4: 14, 3: 3}.get(n, 0)


def _set_key_of(counts: int) -> int:
    return max(_set_key_field(counts >> (3 * r) & 7, r) for r in range(5))


def _set_total_of(counts: int) -> int:
    return sum(_set_total_field(counts >> (3 * r) & 7, r) for r in range(5))


def _by_rank_fields(value: Callable[[int, int], int], best: bool) -> array:
    """A table of every five fields of three bits: entry ``counts`` is the largest (``best``) or
    the sum of each field's ``value(count, rank)``. Made a field at a time (8, 64, ... 32,768
    entries, each from the table before): the same entries as :func:`_set_key_of` or
    :func:`_set_total_of` gives one by one, many times sooner (the tables are made as the module
    is imported, and in the browser every chapter of Piquet imports it)."""
    table = [0]
    for r in range(5):
        values = [value(n, r) for n in range(8)]
        table = [v if v > b else b for v in values for b in table] if best else [v + b for v in values for b in table]
    return array("B", table)


_SET_KEY = _by_rank_fields(_set_key_field, best=True)
_SET_TOTAL = _by_rank_fields(_set_total_field, best=False)


def set_counts(mask: int) -> int:
    """How many tens, knaves, queens, kings and aces the hand holds, three bits each, tens lowest."""
    pc = _PAIR_COUNTS
    return pc[(mask >> 3 & 0x1F) | (mask >> 6 & 0x3E0)] + pc[(mask >> 19 & 0x1F) | (mask >> 22 & 0x3E0)]


def best_set_key(mask: int) -> int:
    """count * 8 + rank of the best trio or quatorze (any quatorze beats any trio), 0 if none."""
    return _SET_KEY[set_counts(mask)]


def set_key(counts: int) -> int:
    """:func:`best_set_key` from the hand's :func:`set_counts`."""
    return _SET_KEY[counts]


def set_total(mask: int) -> int:
    return _SET_TOTAL[set_counts(mask)]


# -- combinations as values -------------------------------------------------------------------

POINT, SEQUENCE, SET = "point", "sequence", "set"
CLASSES = (POINT, SEQUENCE, SET)


@dataclass(frozen=True, slots=True)
class Combination:
    """A declared combination: its class, its cards (a mask), the key it is compared by, its score.

    For the point the key is ``(length, pips)``; for a sequence ``(length, top)``; for a set
    ``(count, rank)``. ``score`` is what it is worth when good.
    """

    kind: str
    mask: int

    @property
    def cards(self) -> list[Card]:
        return cards_of(self.mask)

    @property
    def length(self) -> int:
        return self.mask.bit_count()

    @property
    def pips(self) -> int:
        m = self.mask
        return SUIT_PIPS[m & 0xFF] + SUIT_PIPS[m >> 8 & 0xFF] + SUIT_PIPS[m >> 16 & 0xFF] + SUIT_PIPS[m >> 24 & 0xFF]

    @property
    def top(self) -> int:
        return (self.mask.bit_length() - 1) & 7

    @property
    def suit(self) -> Suit | None:
        return None if self.kind == SET else SUITS[(self.mask.bit_length() - 1) >> 3]

    @property
    def rank(self) -> Rank:
        return RANKS_LOW_TO_HIGH[self.top]

    def key(self, by_pips: bool = False) -> tuple[int, int]:
        if self.kind == POINT:
            return (self.pips, 0) if by_pips else (self.length, self.pips)
        return (self.length, self.top)

    @property
    def score(self) -> int:
        kind, n = self.kind, self.mask.bit_count()
        if kind == POINT:
            return n
        if kind == SEQUENCE:
            return SEQUENCE_SCORE[n]
        return 14 if n == 4 else 3

    def name(self) -> str:
        """``point of five, forty-nine``, ``quint major``, ``tierce to the knave``, ``quatorze of aces``."""
        key = (self.kind, self.mask)
        name = _NAMES.get(key)
        if name is None:
            name = _NAMES[key] = self._name()
        return name

    def _name(self) -> str:
        from ...explain import number_words

        if self.kind == POINT:
            return f"point of {NUMBER_NAMES[self.length]}, {number_words(self.pips)}"
        if self.kind == SEQUENCE:
            base = SEQUENCE_NAMES[self.length]
            low = self.top - self.length + 1
            if self.top == 7:
                return f"{base} major"
            if low == 0:
                return f"{base} minor"
            return f"{base} to the {self.rank.noun}"
        plural = "knaves" if self.rank is Rank.JACK else self.rank.noun + "s"
        return f"{'quatorze' if self.length == 4 else 'trio'} of {plural}"

    def call(self) -> str:
        """What the caller says first: the number of cards for a point, else the full name."""
        if self.kind == POINT:
            return f"point of {NUMBER_NAMES[self.length]}"
        return self.name()

    def __str__(self) -> str:
        return self.name() + " (" + " ".join(map(str, self.cards)) + ")"


_NAMES: dict[tuple[str, int], str] = {}  # (class, mask) -> name: some thousands at most
_SHARED: dict[tuple[str, int], Combination] = {}


def combination(kind: str, mask: int) -> Combination:
    """``Combination(kind, mask)``, one shared value for each (a value is immutable; the best
    combinations a hand can hold number some hundreds, so scoring makes no new ones after a while)."""
    c = _SHARED.get((kind, mask))
    if c is None:
        c = _SHARED[(kind, mask)] = Combination(kind, mask)
    return c


#: What each class of combination is, as the sources define it (a refusal names it).
RULE_KIND = {
    "point": "Parlett's Piquet rules, The exchange: the point is the greatest number of cards in any one suit",
    "sequence": "Parlett's Piquet rules, The exchange: a sequence is a run of consecutive cards in one suit; "
                "Cavendish Law 63: the shortest, a tierce, is three",
    "set": "Parlett's Piquet rules, The exchange: a set is three or four cards of one rank, from the tens up; "
           "Cavendish Law 64",
}
RULE_POINT_MIN = "the rule option point_min_length, a house rule with no published source"


def validate_combination(kind: str, mask: int, point_min_length: int = 1) -> str | None:
    """Why ``mask`` is not a combination of class ``kind``, or None if it is one; the reason names
    the rule that defines the class."""
    rule = RULE_KIND.get(kind, RULE_KIND["set"])
    if not mask:
        return f"no cards ({rule})"
    suits = {b >> 3 for b in bits_of(mask)}
    if kind == POINT:
        if len(suits) != 1:
            return f"a point is cards of one suit ({rule})"
        if mask.bit_count() < point_min_length:
            return f"a point needs at least {point_min_length} cards under these rules ({RULE_POINT_MIN})"
        return None
    if kind == SEQUENCE:
        if len(suits) != 1:
            return f"a sequence is of one suit ({rule})"
        n = mask.bit_count()
        low = mask & -mask
        if n < 3 or mask != (low << n) - low:
            return f"a sequence is three or more cards of one suit in unbroken order ({rule})"
        return None
    ranks = {b & 7 for b in bits_of(mask)}
    if len(ranks) != 1 or mask.bit_count() < 3:
        return f"a set is three or four cards of one rank ({rule})"
    if next(iter(ranks)) < SET_MIN_RANK:
        return f"sets are of tens or higher only ({rule})"
    return None


def combinations_in(kind: str, hand: int, point_min_length: int = 1) -> list[Combination]:
    """Every combination of class ``kind`` that ``hand`` can declare, sinking included, best first."""
    out: list[Combination] = []
    if kind == POINT:
        for s in range(4):
            sm = hand >> (8 * s) & 0xFF
            sub = sm
            while sub:
                if SUIT_LEN[sub] >= point_min_length:
                    out.append(Combination(POINT, sub << (8 * s)))
                sub = (sub - 1) & sm
    elif kind == SEQUENCE:
        for s in range(4):
            sm = hand >> (8 * s) & 0xFF
            for length, top in SUIT_RUNS[sm]:
                for ln in range(3, length + 1):
                    for t in range(top - length + ln, top + 1):
                        run = ((1 << ln) - 1) << (t - ln + 1)
                        out.append(Combination(SEQUENCE, run << (8 * s)))
    else:
        for r in range(SET_MIN_RANK, 8):
            col = hand & (0x01010101 << r)
            n = rank_count(hand, r)
            if n >= 3:
                out.append(Combination(SET, col))
                if n == 4:
                    for b in bits_of(col):
                        out.append(Combination(SET, col & ~(1 << b)))
    out.sort(key=lambda c: (c.key(), c.pips if c.kind == POINT else 0, -c.mask), reverse=True)
    return out


def parse_combination(kind: str, cards, hand: int, point_min_length: int = 1) -> Combination:
    """A combination from card notation, checked against the hand; NotationError says why not."""
    mask = mask_of(cards)
    if mask & ~hand:
        missing = " ".join(map(str, cards_of(mask & ~hand)))
        raise NotationError(f"you do not hold {missing}", token=missing)
    why = validate_combination(kind, mask, point_min_length)
    if why:
        raise NotationError(f"{' '.join(map(str, cards_of(mask)))} is not a {kind}: {why}", token=kind)
    return Combination(kind, mask)


_POINT_TABLES: dict[tuple[int, bool], tuple[int, ...]] = {}


def point_table(point_min_length: int = 1, by_pips: bool = False) -> tuple[int, ...]:
    """A suit pattern's point key under these rules: its pips (``by_pips``) or length * 128 + pips,
    -1 when the suit is too short to be a point."""
    table = _POINT_TABLES.get((point_min_length, by_pips))
    if table is None:
        key = SUIT_PIPS if by_pips else SUIT_POINT_KEY
        table = _POINT_TABLES[(point_min_length, by_pips)] = tuple(
            key[m] if SUIT_LEN[m] >= point_min_length else -1 for m in range(256)
        )
    return table


def best_point_suit(hand: int, table: tuple[int, ...]) -> tuple[int, int]:
    """(key, suit) of the hand's best point by a :func:`point_table`: the first suit with the best
    key; (-1, -1) when no suit is long enough."""
    a, b, c, d = table[hand & 0xFF], table[hand >> 8 & 0xFF], table[hand >> 16 & 0xFF], table[hand >> 24 & 0xFF]
    k = max(a, b, c, d)
    if k < 0:
        return (-1, -1)
    return (k, 0 if a == k else 1 if b == k else 2 if c == k else 3)


def best_combination(kind: str, hand: int, point_min_length: int = 1, by_pips: bool = False) -> Combination | None:
    if kind == POINT:  # from the table keys, as the best of the suits' points would be chosen
        _, s = best_point_suit(hand, point_table(point_min_length, by_pips))
        return None if s < 0 else combination(POINT, hand & (0xFF << (8 * s)))
    options = combinations_in(kind, hand, point_min_length)
    if not options:
        return None
    return max(options, key=lambda c: c.key(by_pips))


def all_held(kind: str, hand: int) -> list[Combination]:
    """Every maximal sequence or every set the hand holds (what a holder of the best scores)."""
    # best first by key, (length, top) or (count, rank), equal keys in suit order: sorted on keys
    # read from the tables, the combinations made only for the answer
    if kind != SEQUENCE:
        return held_sets(hand, set_counts(hand))
    runs = []
    for s in range(4):
        for length, top in SUIT_RUNS[hand >> (8 * s) & 0xFF]:
            runs.append((length * 8 + top, (((1 << length) - 1) << (top - length + 1)) << (8 * s)))
    if len(runs) > 1:
        runs.sort(key=_first, reverse=True)
    return [combination(SEQUENCE, m) for _, m in runs]


def _first(pair: tuple[int, int]) -> int:
    return pair[0]


def held_sets(hand: int, counts: int) -> list[Combination]:
    """Every set the hand holds, best first (as :func:`all_held`), from its :func:`set_counts`."""
    if not _SET_KEY[counts]:
        return []
    out = []
    for n in (4, 3):  # any quatorze before any trio, each from the aces down
        for r in range(4, -1, -1):
            if counts >> (3 * r) & 7 == n:
                out.append(combination(SET, hand & (0x01010101 << (r + SET_MIN_RANK))))
    return out
