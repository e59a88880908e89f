"""What to discard: every legal discard and, exactly, what the hand will hold after taking in.

:func:`advise` takes a twelve-card hand and a seat. For every legal discard it gives, over every
possible draw from the cards the player cannot see (all equally likely), the exact distribution of
his best point, best sequence and best set afterwards, and the expected value of his
combinations, best first. It counts; it does not sample.

The expected value assumes that **the player scores his own combinations**: the point scores its
length, every sequence he holds scores (Cavendish Law 63: 3, 4, 15, 16, 17, 18) and every set
(trio 3, quatorze 14; tens and higher). It is what the hand holds, not what it will score against
an opponent: for the leading discards :meth:`Advice.good_against` estimates, by sampling the
opponent's cards, the chance that each class is good.

The model of the draw (Parlett's Piquet rules; Cavendish Laws 21-22): elder discards one to five cards and takes
as many from the top of the talon, which from his seat are a random set of the 20 cards he cannot
see. Younger discards one up to all the cards elder left (``talon_size``, 3 when elder took five)
and takes as many; from his seat those too are a random set of the 20 cards he cannot see.

How it is fast enough (1,585 discards for elder, about 15 million hands by brute force): a hand's
point and sequences depend on it suit by suit, its sets rank by rank. For one suit, what it holds
after the draw depends only on the cards kept in that suit, the unseen cards of that suit and
which of them are drawn; those tables are built once and shared by every discard that keeps the
same cards in the suit. The best of the four suits is a maximum: the number of draws in which every
suit's key is at most ``x`` is the coefficient of ``z^k`` in the product of the four suits'
polynomials ``sum_j (ways to draw j cards of the suit with key <= x) z^j``, and differences of
these give the exact distribution of the maximum. The polynomials are packed into Python integers
(one 18-bit field a power of ``z``), so a product is three integer multiplications. Sets are done
the same way over the eight ranks; expected sequence and set scores are sums over suits and ranks
(linearity), each suit's number of cards drawn being hypergeometric.
"""

from __future__ import annotations

import html
import math
import random
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

from ...cards import PIQUET_PACK, Hand, check_seed
from ...errors import IllegalActionError, NotationError, RuleOptionError, read_whole, shown
from .bot import keep_value
from .combos import (
    SET_MIN_RANK,
    SUIT_LEN,
    SUIT_PIPS,
    SUIT_SEQ_KEY,
    SUIT_SEQ_SCORE,
    best_sequence_key,
    best_set_key,
    bits_of,
    cards_of,
    mask_of,
    sequence_total,
    set_total,
)
from .odds import (
    BestPoint,
    BestSequence,
    BestSet,
    Distribution,
    chance_phrase,
    odds_phrase,
    one_in,
)
from .reckon import TABLE
from .rules import PiquetRules

__all__ = [
    "advise",
    "Advice",
    "DiscardRow",
    "GoodAgainst",
    "ClassChance",
    "Distribution",
    "BestPoint",
    "BestSequence",
    "BestSet",
    "odds_phrase",
    "one_in",
    "chance_phrase",
    "ASSUMPTION",
    "SEATS",
]

SEATS = ("elder", "younger")

ASSUMPTION = (
    "Expected values assume the player scores all his own combinations (the point its length, "
    "every sequence and every set he holds), whatever the opponent holds: they measure what the "
    "hand will hold, not what it will score."
)

W = 18  # bits per packed coefficient: every count here is at most C(20, 10) = 184,756 < 2**18
_FIELD = (1 << W) - 1


# -- the three classes: keys, their order, what they mean --------------------------------------------


class _Spec:
    """One class: the key of every suit (or rank column) pattern, all keys in order, their meaning.

    ``steps``: (last key index, score) of each run of keys in order that score the same: what the
    expected score needs of the distribution of the best key (see :func:`_expected_best`).
    """

    __slots__ = ("kind", "keys", "index", "outcomes", "scores", "steps")

    def __init__(self, kind: str, keys: Iterable[int], decode):
        self.kind = kind
        self.keys = sorted(set(keys))
        self.index = {k: i for i, k in enumerate(self.keys)}
        self.outcomes = [decode(k) for k in self.keys]
        self.scores = [0 if o is None else o.score for o in self.outcomes]
        sc = self.scores
        self.steps = tuple((i, sc[i]) for i in range(len(sc)) if i == len(sc) - 1 or sc[i + 1] != sc[i])

    def distribution(self, counts: list[tuple[int, int]], total: int) -> Distribution:
        return Distribution(((self.outcomes[i], c) for i, c in counts), total, self.kind)


_POINT_SPECS: dict[tuple[int, bool], tuple[_Spec, tuple[int, ...]]] = {}


def _point_spec(rules: PiquetRules) -> tuple[_Spec, tuple[int, ...]]:
    """The point's spec and per-suit key table under ``rules``: -1 for a suit too short to count.

    Cards first then pips (Law 62), or pips first then cards (``point_by_pips``: of two suits of
    equal pips the player calls the longer, which scores more).
    """
    sig = (rules.point_min_length, rules.point_by_pips)
    if sig not in _POINT_SPECS:
        by_pips = rules.point_by_pips
        least = rules.point_min_length

        def key(m: int) -> int:
            n = SUIT_LEN[m]
            if n < least or n == 0:
                return -1
            return SUIT_PIPS[m] * 16 + n if by_pips else n * 128 + SUIT_PIPS[m]

        def decode(k: int):
            if k < 0:
                return None
            return BestPoint(k & 15, k >> 4) if by_pips else BestPoint(k >> 7, k & 127)

        table = tuple(key(m) for m in range(256))
        _POINT_SPECS[sig] = (_Spec("point", table, decode), table)
    return _POINT_SPECS[sig]


_SEQ_SPEC = _Spec("sequence", SUIT_SEQ_KEY, lambda k: BestSequence(k >> 3, k & 7) if k else None)


def _set_key(count: int, r: int) -> int:
    return count * 8 + r if count >= 3 and r >= SET_MIN_RANK else 0


#: per rank r, the key of each 4-bit column pattern (which suits of rank r are held)
_SET_KEYS = tuple(tuple(_set_key(c.bit_count(), r) for c in range(16)) for r in range(8))
_SET_SCORES = tuple(tuple(0 if k == 0 else (14 if k >= 32 else 3) for k in keys) for keys in _SET_KEYS)
_SET_SPEC = _Spec("set", (k for keys in _SET_KEYS for k in keys), lambda k: BestSet(k >> 3, k & 7) if k else None)


def _column(mask: int, r: int) -> int:
    """Which suits of rank ``r`` the mask holds, as four bits (spades = bit 0)."""
    x = mask >> r & 0x01010101
    return (x | x >> 7 | x >> 14 | x >> 21) & 15


# -- per-suit (per-rank) factors --------------------------------------------------------------------

_SUBSETS: dict[tuple[int, int], list[tuple[int, int]]] = {}


def _subsets(pattern: int, most: int) -> list[tuple[int, int]]:
    """Every (subset, size) of the bit pattern with at most ``most`` bits."""
    key = (pattern, most)
    out = _SUBSETS.get(key)
    if out is None:
        out = []
        sub = pattern
        while True:
            n = sub.bit_count()
            if n <= most:
                out.append((sub, n))
            if sub == 0:
                break
            sub = (sub - 1) & pattern
        _SUBSETS[key] = out
    return out


# A factor is (base index, support bits, cdf list or None, constant packed poly, score numerators by k):
#   base     index of the key held before drawing (keys only grow with cards added)
#   support  bit i set when key i can be reached
#   cdf[i]   packed polynomial: field j = ways to draw j cards of this suit with key <= keys[i]
#   const    the packed polynomial when only one key can be reached (cdf is then None)
#   nums[k]  sum over draws of k cards from all the unseen of this suit's additive score
_FACTORS: dict[tuple, tuple] = {}
_FACTOR_LIMIT = 5_000  # a hand needs a few hundred; cleared when full (memory under Pyodide)


def _factor(keytab, scoretab, spec: _Spec, kept: int, unseen: int, most: int, n: int, tag) -> tuple:
    key = (tag, kept, unseen, most, n)
    f = _FACTORS.get(key)
    if f is not None:
        return f
    index = spec.index
    cnt: dict[int, int] = {}
    sums = [0] * (most + 1)
    for t, j in _subsets(unseen, most):
        m = kept | t
        i = index[keytab[m]]
        cnt[i] = cnt.get(i, 0) + (1 << (W * j))
        if scoretab is not None:
            sums[j] += scoretab[m]
    base = index[keytab[kept]]
    sup = 0
    for i in cnt:
        sup |= 1 << i
    if len(cnt) == 1:
        cdf, const = None, cnt[base]
    else:
        cdf, const, acc = [], 0, 0
        for i in range(len(spec.keys)):
            acc += cnt.get(i, 0)
            cdf.append(acc)
    if scoretab is None:
        nums = None
    else:
        u = unseen.bit_count()
        nums = [sum(sums[j] * comb(n - u, k - j) for j in range(min(k, most) + 1)) for k in range(most + 1)]
    f = (base, sup, cdf, const, nums)
    if len(_FACTORS) > _FACTOR_LIMIT:
        _FACTORS.clear()
    _FACTORS[key] = f
    return f


def _split(factors, const: int) -> tuple[int, int, list, int]:
    """The factors read once: the lowest key any draw can reach (the highest base), the constant
    factors multiplied into ``const``, the CDFs of the others and the union of their supports."""
    m0, cdfs, sup = 0, [], 0
    for base, fsup, cdf, c, _ in factors:
        if base > m0:
            m0 = base
        if cdf is None:
            const *= c
        else:
            cdfs.append(cdf)
            sup |= fsup
    return m0, const, cdfs, sup


def _expected_best(factors, shift: int, total: int, steps) -> int:
    """The sum over all draws of the score of the best key: what ``sum(c * scores[i] for i, c in
    _combine(factors, 1, shift, total))`` gives, but reading the distribution only where the score
    changes (the last key of each run of keys that score the same), not at every key reached."""
    m0, const, cdfs, _ = _split(factors, 1)
    out = 0
    prev = 0
    for i, score in steps:
        if i < m0:  # no draw has its best key this low
            continue
        p = const
        for cdf in cdfs:
            p *= cdf[i]
        x = (p >> shift) & _FIELD
        out += score * (x - prev)
        prev = x
        if x == total:
            break
    return out


def _combine(factors, const: int, shift: int, total: int) -> list[tuple[int, int]]:
    """[(key index, number of draws whose maximum key is that one)], from the factors' CDFs."""
    m0, const, cdfs, sup = _split(factors, const)
    sup = (sup >> m0 << m0) | (1 << m0)
    out = []
    prev = 0
    if len(cdfs) == 4:
        a, b, c, d = cdfs
        while sup:
            low = sup & -sup
            i = low.bit_length() - 1
            sup ^= low
            x = (const * a[i] * b[i] * c[i] * d[i] >> shift) & _FIELD
            if x != prev:
                out.append((i, x - prev))
                prev = x
                if x == total:
                    break
        return out
    while sup:
        low = sup & -sup
        i = low.bit_length() - 1
        sup ^= low
        p = const
        for cdf in cdfs:
            p *= cdf[i]
        x = (p >> shift) & _FIELD
        if x != prev:
            out.append((i, x - prev))
            prev = x
            if x == total:
                break
    return out


class _Engine:
    """The exact tables for one hand, one set of unseen cards, draws of up to ``most`` cards."""

    def __init__(self, hand: int, unseen: int, most: int, rules: PiquetRules):
        self.hand, self.unseen, self.most, self.rules = hand, unseen, most, rules
        self.n = unseen.bit_count()
        self.point_spec, self.point_keys = _point_spec(rules)
        self.ptag = ("point", rules.point_min_length, rules.point_by_pips)
        self.useen = [unseen >> (8 * s) & 0xFF for s in range(4)]
        self.cseen = [_column(unseen, r) for r in range(8)]
        # ranks below the ten never make a set: their columns only count ways to draw
        self.low_const = 1
        for r in range(SET_MIN_RANK):
            poly = 0
            for _, j in _subsets(self.cseen[r], most):
                poly += 1 << (W * j)
            self.low_const *= poly

    def expected(self, discard: int) -> tuple[int, int, int, int]:
        """(point num, sequence num, set num, total): the numerators of :meth:`evaluate`, without
        its distributions (sequences and sets add up suit by suit and rank by rank; the point's
        best is read only where its score changes)."""
        kept = self.hand & ~discard
        k = discard.bit_count()
        n, most = self.n, self.most
        pf = []
        seq_num = set_num = 0
        point_keys, point_spec, ptag = self.point_keys, self.point_spec, self.ptag
        for s in range(4):
            kp, up = kept >> (8 * s) & 0xFF, self.useen[s]
            pf.append(_factor(point_keys, None, point_spec, kp, up, most, n, ptag))
            seq_num += _factor(SUIT_SEQ_KEY, SUIT_SEQ_SCORE, _SEQ_SPEC, kp, up, most, n, "seq")[4][k]
        for r in range(SET_MIN_RANK, 8):
            f = _factor(_SET_KEYS[r], _SET_SCORES[r], _SET_SPEC, _column(kept, r), self.cseen[r], most, n, ("set", r))
            set_num += f[4][k]
        total = comb(n, k)
        return _expected_best(pf, W * k, total, point_spec.steps), seq_num, set_num, total

    def evaluate(self, discard: int) -> tuple:
        """(point counts, sequence counts, set counts, point num, sequence num, set num, total)."""
        kept = self.hand & ~discard
        k = discard.bit_count()
        n, most = self.n, self.most
        shift = W * k
        total = comb(n, k)
        pf, sf = [], []
        seq_num = 0
        for s in range(4):
            kp, up = kept >> (8 * s) & 0xFF, self.useen[s]
            pf.append(_factor(self.point_keys, None, self.point_spec, kp, up, most, n, self.ptag))
            f = _factor(SUIT_SEQ_KEY, SUIT_SEQ_SCORE, _SEQ_SPEC, kp, up, most, n, "seq")
            sf.append(f)
            seq_num += f[4][k]
        rf = []
        set_num = 0
        for r in range(SET_MIN_RANK, 8):
            f = _factor(_SET_KEYS[r], _SET_SCORES[r], _SET_SPEC, _column(kept, r), self.cseen[r], most, n, ("set", r))
            rf.append(f)
            set_num += f[4][k]
        pc = _combine(pf, 1, shift, total)
        sc = _combine(sf, 1, shift, total)
        tc = _combine(rf, self.low_const, shift, total)
        scores = self.point_spec.scores
        point_num = sum(c * scores[i] for i, c in pc)
        return pc, sc, tc, point_num, seq_num, set_num, total


# -- results --------------------------------------------------------------------------------------------


class DiscardRow:
    """One legal discard and what the hand will hold after taking in, exactly.

    ``point``, ``sequence`` and ``sets`` are :class:`~tutor.games.piquet.odds.Distribution` of the
    best combination of each class over the ``draws`` equally likely draws; ``expected`` is the
    expected value of all the combinations held (see :data:`ASSUMPTION`), split into
    ``expected_point``, ``expected_sequences`` and ``expected_sets``.
    """

    __slots__ = ("mask", "drawn", "draws", "_nums", "_counts", "_engine", "_hand", "_expected", "good")

    def __init__(self, mask: int, nums: tuple[int, int, int, int], engine: _Engine):
        self.mask = mask
        self.drawn = mask.bit_count()
        self.draws = nums[3]
        self._nums = nums  # (point, sequences, sets) numerators over the draws, and the draws
        self._counts: tuple | None = None  # the three distributions' counts, worked out when asked for
        self._engine = engine
        self._hand: Hand | None = None
        self._expected: Fraction | None = None
        self.good: GoodAgainst | None = None

    @property
    def _raw(self) -> tuple:
        """The engine's full evaluation of this discard (distributions included), made on first use."""
        if self._counts is None:
            self._counts = self._engine.evaluate(self.mask)
        return self._counts

    @property
    def discard(self) -> Hand:
        if self._hand is None:
            self._hand = Hand(cards_of(self.mask))
        return self._hand

    @property
    def kept(self) -> Hand:
        return Hand(cards_of(self._engine.hand & ~self.mask))

    @property
    def expected(self) -> Fraction:
        if self._expected is None:
            r = self._nums
            self._expected = Fraction(r[0] + r[1] + r[2], r[3])
        return self._expected

    @property
    def expected_point(self) -> Fraction:
        return Fraction(self._nums[0], self._nums[3])

    @property
    def expected_sequences(self) -> Fraction:
        return Fraction(self._nums[1], self._nums[3])

    @property
    def expected_sets(self) -> Fraction:
        return Fraction(self._nums[2], self._nums[3])

    @property
    def point(self) -> Distribution:
        return self._engine.point_spec.distribution(self._raw[0], self._raw[6])

    @property
    def sequence(self) -> Distribution:
        return _SEQ_SPEC.distribution(self._raw[1], self._raw[6])

    @property
    def sets(self) -> Distribution:
        return _SET_SPEC.distribution(self._raw[2], self._raw[6])

    def summary(self) -> str:
        p = self.point.most_likely()
        return (
            f"discard {self.discard}: expected {float(self.expected):.2f} "
            f"(point {float(self.expected_point):.2f}, sequences {float(self.expected_sequences):.2f}, "
            f"sets {float(self.expected_sets):.2f}); most likely point {p.name if p else 'none'}; "
            f"a sequence {float(1 - self.sequence.none()):.0%}, a set {float(1 - self.sets.none()):.0%}"
        )

    def __repr__(self) -> str:
        return f"<DiscardRow {self.discard}: expected {float(self.expected):.3f} over {self.draws:,} draws>"

    def to_json(self, distributions: bool = True) -> dict:
        e = self.expected
        out = {
            "discard": str(self.discard),
            "drawn": self.drawn,
            "draws": self.draws,
            "expected": {"exact": f"{e.numerator}/{e.denominator}", "value": float(e)},
            "expected_point": float(self.expected_point),
            "expected_sequences": float(self.expected_sequences),
            "expected_sets": float(self.expected_sets),
        }
        if distributions:
            out["point"] = self.point.to_json()
            out["sequence"] = self.sequence.to_json()
            out["sets"] = self.sets.to_json()
        if self.good is not None:
            out["good_against"] = self.good.to_json()
        return out


@dataclass(frozen=True)
class ClassChance:
    """A sampled chance that one class is good (strictly better than the opponent's) or equal."""

    kind: str
    good: int
    equal: int
    samples: int

    @property
    def p_good(self) -> Fraction:
        return Fraction(self.good, self.samples)

    @property
    def p_equal(self) -> Fraction:
        return Fraction(self.equal, self.samples)

    @property
    def stderr(self) -> float:
        p = self.good / self.samples
        return math.sqrt(p * (1 - p) / self.samples)  # p is a chance here, not a seat

    def phrase(self) -> str:
        """``'about 1 in 3 (about 2 to 1 against); estimated from 2,000 samples, ±2.1%'``."""
        p = self.p_good
        if p in (0, 1):
            text = "never in the samples" if p == 0 else "every time in the samples"
        else:
            o = odds_phrase(p, limit=10)
            text = f"about 1 in {float(1 / p):,.1f} ({o if o.startswith('about') else 'about ' + o})"
        return f"{text}; estimated from {self.samples:,} samples, ±{1.96 * self.stderr:.1%}"


@dataclass(frozen=True)
class GoodAgainst:
    """Monte Carlo estimates for one discard: is each class good against the opponent's hand?

    An estimate, not an exact figure: ``samples`` deals of the unseen cards drawn with
    ``random.Random(seed)``, the opponent exchanging as ``opponent`` says.
    """

    discard: Hand
    samples: int
    seed: int | str | None
    opponent: str
    point: ClassChance
    sequence: ClassChance
    sets: ClassChance
    scored_mean: float
    scored_stderr: float

    def to_json(self) -> dict:
        return {
            "estimate": True,
            "samples": self.samples,
            "seed": self.seed,
            "opponent": self.opponent,
            **{
                c.kind: {"good": c.good, "equal": c.equal, "p_good": c.good / c.samples, "phrase": c.phrase()}
                for c in (self.point, self.sequence, self.sets)
            },
            "scored_mean": self.scored_mean,
            "scored_stderr": self.scored_stderr,
        }


_OPPONENT_MODEL = (
    "the opponent's cards are dealt at random from the cards you cannot see; he exchanges by the "
    "computer opponent's rule (keeps his longest, highest suit and his high sets, takes all the "
    "cards he may)"
)


@dataclass
class Advice:
    """Every legal discard for ``hand`` from ``seat``, best expected value first.

    ``rows`` are :class:`DiscardRow`; :meth:`row` finds one by its cards; :meth:`table` and
    ``_repr_html_`` show the leading ones; :meth:`good_against` adds sampled chances of each class
    being good for the leading discards.
    """

    seat: str
    hand: Hand
    unseen: Hand
    talon_size: int
    rules: PiquetRules
    rows: list[DiscardRow]
    assumption: str = ASSUMPTION

    def __post_init__(self) -> None:
        self._by_mask: dict[int, DiscardRow] | None = None  # rows by discard, made when one is looked up

    @property
    def best(self) -> DiscardRow:
        return self.rows[0]

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self):
        return iter(self.rows)

    def row(self, discard) -> DiscardRow:
        """The row for ``discard`` (notation or cards); IllegalActionError if it is not legal."""
        cards = PIQUET_PACK.parse_hand(discard, None, "discard")
        hand = mask_of(self.hand)
        m = mask_of(cards)
        if m & ~hand:
            bad = " ".join(map(str, cards_of(m & ~hand)))
            raise IllegalActionError(
                f"{self.seat} does not hold {bad}; the hand is {self.hand}", token=bad, legal=tuple(map(str, self.hand))
            )
        if self._by_mask is None:
            self._by_mask = {r.mask: r for r in self.rows}
        r = self._by_mask.get(m)
        if r is None:
            sizes = sorted({x.drawn for x in self.rows})
            raise IllegalActionError(
                f"{self.seat} discards {sizes[0]} to {sizes[-1]} cards here, not {len(cards)}",
                token=str(Hand(cards)),
                legal=sizes,
            )
        return r

    # -- sampled: is it good against the opponent? --
    def good_against(self, top: int = 5, samples: int = 2000, seed: int | str | None = 0) -> list[GoodAgainst]:
        """Estimate, for the first ``top`` rows, the chance that each class is good.

        Each of ``samples`` samples deals the unseen cards at random (``random.Random(seed)``):
        the opponent's twelve and the talon. Elder's draw is the top of that talon, younger's the
        cards after elder's; the opponent exchanges by the computer opponent's rule. A class is
        good when the player's best is strictly better; ``equal`` counts ties (nobody scores).
        The same samples serve every row, so the rows are compared on the same deals. Also
        estimated: the mean of what the combinations then score. Results are stored on the rows.
        """
        if self.unseen.__len__() != 20:
            raise IllegalActionError(
                f"sampling the opponent needs all 20 cards unseen from {self.seat}'s seat, not {len(self.unseen)}",
                token=len(self.unseen),
                legal=(20,),
            )
        top = _top(top)
        samples = read_whole(samples, "the number of samples", error=IllegalActionError, lo=1, hi=MAX_SAMPLES)
        seed = check_seed(seed)
        rows = self.rows[:top]
        eng = rows[0]._engine if rows else None
        if eng is None:
            return []
        pk = eng.point_keys
        pscore = {k: (0 if o is None else o.score) for k, o in zip(eng.point_spec.keys, eng.point_spec.outcomes)}

        def pkey(m: int) -> int:
            return max(pk[m & 0xFF], pk[m >> 8 & 0xFF], pk[m >> 16 & 0xFF], pk[m >> 24 & 0xFF])

        def exchange(hand: int, take: list[int]) -> int:
            order = sorted(bits_of(hand), key=lambda b: keep_value(hand, b))
            for b in order[: len(take)]:
                hand &= ~(1 << b)
            for b in take:
                hand |= 1 << b
            return hand

        rng = random.Random(seed)
        rr = rng.random
        ubits = bits_of(mask_of(self.unseen))
        hand = mask_of(self.hand)
        elder = self.seat == "elder"
        offset = 0 if elder else 8 - self.talon_size
        tallies = [[0] * 8 for _ in rows]  # good p, eq p, good s, eq s, good t, eq t, sum, sum sq
        for _ in range(samples):
            order = ubits[:]
            for i in range(len(order) - 1, 0, -1):
                j = int(rr() * (i + 1))
                order[i], order[j] = order[j], order[i]
            opp = 0
            for b in order[:12]:
                opp |= 1 << b
            talon = order[12:]
            theirs: dict[int, tuple[int, int, int]] = {}
            if not elder:
                o = exchange(opp, talon[:offset])
                theirs[-1] = (pkey(o), best_sequence_key(o), best_set_key(o))
            for row, t in zip(rows, tallies):
                k = row.drawn
                if elder:
                    if k not in theirs:
                        o = exchange(opp, talon[k:])
                        theirs[k] = (pkey(o), best_sequence_key(o), best_set_key(o))
                    op, os_, ot = theirs[k]
                else:
                    op, os_, ot = theirs[-1]
                mine = hand & ~row.mask
                for b in talon[offset : offset + k]:
                    mine |= 1 << b
                mp, ms, mt = pkey(mine), best_sequence_key(mine), best_set_key(mine)
                scored = 0
                if mp > op:
                    t[0] += 1
                    scored += pscore[mp]
                elif mp == op:
                    t[1] += 1
                if ms > os_:
                    t[2] += 1
                    scored += sequence_total(mine)
                elif ms == os_:
                    t[3] += 1
                if mt > ot:
                    t[4] += 1
                    scored += set_total(mine)
                elif mt == ot:
                    t[5] += 1
                t[6] += scored
                t[7] += scored * scored
        out = []
        for row, t in zip(rows, tallies):
            mean = t[6] / samples
            var = max(0.0, t[7] / samples - mean * mean)
            g = GoodAgainst(
                row.discard,
                samples,
                seed,
                _OPPONENT_MODEL,
                ClassChance("point", t[0], t[1], samples),
                ClassChance("sequence", t[2], t[3], samples),
                ClassChance("set", t[4], t[5], samples),
                mean,
                math.sqrt(var / samples),
            )
            row.good = g
            out.append(g)
        return out

    # -- display --
    def _header(self) -> str:
        n = len(self.unseen)
        most = max(r.drawn for r in self.rows)
        return (
            f"{self.seat.capitalize()} holds {self.hand}; {len(self.rows):,} legal discards, each drawing "
            f"from the {n} unseen cards (up to {most}), every draw counted."
        )

    def table(self, top: int = 10) -> str:
        """The leading ``top`` discards as a text table."""
        top = _top(top)
        lines = [self._header(), self.assumption, ""]
        head = f"{'#':>3}  {'discard':<15} {'expected':>8} {'point':>6} {'seqs':>6} {'sets':>6}  {'likeliest point':<30} {'seq':>5} {'set':>5}"
        sampled = any(r.good is not None for r in self.rows[:top])
        if sampled:
            head += "   good: point   seq   set"
        lines.append(head)
        for i, r in enumerate(self.rows[:top], 1):
            p = r.point.most_likely()
            line = (
                f"{i:>3}  {r.discard!s:<15} {float(r.expected):>8.3f} {float(r.expected_point):>6.2f} "
                f"{float(r.expected_sequences):>6.2f} {float(r.expected_sets):>6.2f}  "
                f"{(p.name if p else 'none'):<30} {float(1 - r.sequence.none()):>5.0%} {float(1 - r.sets.none()):>5.0%}"
            )
            if r.good is not None:
                g = r.good
                line += f"   {float(g.point.p_good):>10.0%} {float(g.sequence.p_good):>5.0%} {float(g.sets.p_good):>5.0%}"
            lines.append(line)
        if sampled:
            s = next(r.good for r in self.rows[:top] if r.good is not None)
            lines.append(f"'good' columns are estimates from {s.samples:,} samples (seed {s.seed}); {s.opponent}.")
        return "\n".join(lines)

    text = table

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return f"<Advice for {self.seat} holding {self.hand}: {len(self.rows)} discards, best {self.best.discard}>"

    def _repr_html_(self, top: int = 10) -> str:
        top = _top(top)
        e = html.escape
        sampled = any(r.good is not None for r in self.rows[:top])
        head = (
            "<th>#</th><th>discard</th><th>expected</th><th>point</th><th>sequences</th><th>sets</th>"
            "<th>likeliest point</th><th>a sequence</th><th>a set</th>"
        )
        if sampled:
            head += "<th>point good</th><th>sequence good</th><th>set good</th>"
        body = []
        for i, r in enumerate(self.rows[:top], 1):
            p = r.point.most_likely()
            cells = (
                f"<td>{i}</td><td>{e(str(r.discard))}</td><td>{float(r.expected):.3f}</td>"
                f"<td>{float(r.expected_point):.2f}</td><td>{float(r.expected_sequences):.2f}</td>"
                f"<td>{float(r.expected_sets):.2f}</td><td>{e(p.name if p else 'none')}</td>"
                f"<td>{float(1 - r.sequence.none()):.0%}</td><td>{float(1 - r.sets.none()):.0%}</td>"
            )
            if sampled:
                if r.good is None:
                    cells += "<td></td><td></td><td></td>"
                else:
                    cells += "".join(
                        f'<td title="{e(c.phrase())}">{float(c.p_good):.0%}</td>' for c in (r.good.point, r.good.sequence, r.good.sets)
                    )
            body.append(f"<tr>{cells}</tr>")
        return (
            f'<div class="tutor-advice"><p>{e(self._header())}</p><p class="tutor-note">{e(self.assumption)}</p>'
            f'<table class="tutor-advice-table"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table></div>'
        )

    def to_json(self, top: int | None = 20, distributions: bool = True) -> dict:
        """The leading ``top`` rows (``None``: all, some 9 MB with distributions for elder's 1,585)."""
        rows = self.rows if top is None else self.rows[:_top(top)]
        return {
            "seat": self.seat,
            "hand": str(self.hand),
            "unseen": str(self.unseen),
            "talon_size": self.talon_size,
            "discards": len(self.rows),
            "assumption": self.assumption,
            "rows": [r.to_json(distributions) for r in rows],
        }


# -- the entry point ---------------------------------------------------------------------------------


#: the most deals one estimate of "good against" samples (2,000 by default)
MAX_SAMPLES = 100_000


def _top(top: object) -> int:
    """How many of the leading rows: a whole number, 1 or more."""
    return read_whole(top, "the number of leading discards", error=IllegalActionError, lo=1)


def _seat(seat) -> str:
    if isinstance(seat, str) and seat.strip().lower() in SEATS:
        return seat.strip().lower()
    if isinstance(seat, int) and not isinstance(seat, bool) and seat in (0, 1):
        return TABLE.seats[seat].name
    raise NotationError(f"the seat is 'elder' or 'younger', not {shown(seat)}", token=seat if isinstance(seat, str) else shown(seat),
                        legal=SEATS)


def advise(hand, seat: str = "elder", talon_size: int | None = None, unseen=None, rules: PiquetRules | None = None) -> Advice:
    """Every legal discard for ``hand`` from ``seat``, with the exact chances of what it will hold.

    ``hand``: twelve cards (``"AS KS QS ..."`` or cards). ``seat``: ``"elder"`` or ``"younger"``.
    ``talon_size``: the cards left in the talon when the player exchanges; elder 8 (he discards 1
    to 5), younger 3 to 7 (8 less what elder took; default 3). ``unseen``: the cards the draw
    comes from, by default the 20 not in the hand. ``rules``: :class:`PiquetRules` (the point's
    minimum length and reckoning by pips change the point; ``younger_must_exchange=False`` adds
    younger's empty discard).

    Rows are sorted by expected value, best first (ties: fewer cards discarded first).
    """
    seat = _seat(seat)
    if rules is not None and not isinstance(rules, PiquetRules):
        raise RuleOptionError(f"the rules are PiquetRules, not {type(rules).__name__} {shown(rules)}",
                              token=shown(rules))
    rules = rules or PiquetRules()
    h = PIQUET_PACK.parse_hand(hand, 12, "hand")
    hm = mask_of(h)
    if seat == "elder":
        if talon_size is not None and (type(talon_size) is not int or talon_size != 8):
            raise IllegalActionError(
                f"elder exchanges first, from the whole talon of 8 cards, not {shown(talon_size)}",
                token=shown(talon_size), legal=(8,)
            )
        talon_size = 8
        least, most = 1, 5
    else:
        if talon_size is None:
            talon_size = 3
        if not isinstance(talon_size, int) or isinstance(talon_size, bool) or not 3 <= talon_size <= 7:
            raise IllegalActionError(
                f"younger finds 3 to 7 cards left in the talon, not {shown(talon_size)}: 8 less the 1 to 5 elder took "
                "(Cavendish, Law 21: elder must discard at least one)",
                token=talon_size if type(talon_size) is int and abs(talon_size) < 100 else shown(talon_size),
                legal=tuple(range(3, 8)),
            )
        least, most = (1 if rules.younger_must_exchange else 0), talon_size
    if unseen is None:
        um = 0xFFFFFFFF & ~hm
    else:
        u = PIQUET_PACK.parse_hand(unseen, None, "set of unseen cards")
        um = mask_of(u)
        both = um & hm
        if both:
            c = cards_of(both)[0]
            raise NotationError(f"card {c} is both in the hand and among the unseen cards", token=str(c))
        if len(u) < most:
            raise NotationError(
                f"{seat} may draw up to {most} cards, but only {len(u)} unseen cards were given ({u or 'none'})",
                token=str(u),
                legal=(f"at least {most} cards",),
            )
    engine = _Engine(hm, um, most, rules)
    lcm = 1
    for k in range(least, most + 1):
        lcm = lcm * comb(engine.n, k) // math.gcd(lcm, comb(engine.n, k))
    bits = bits_of(hm)
    keyed = []
    for k in range(least, most + 1):
        scale = lcm // comb(engine.n, k)
        for combo in combinations(bits, k):
            d = 0
            for b in combo:
                d |= 1 << b
            nums = engine.expected(d)
            keyed.append((-(nums[0] + nums[1] + nums[2]) * scale, k, d, nums))
    keyed.sort(key=lambda x: (x[0], x[1], x[2]))
    rows = [DiscardRow(d, nums, engine) for _, _, d, nums in keyed]
    return Advice(seat, PIQUET_PACK.sorted(h), Hand(cards_of(um)), talon_size, rules, rows)
