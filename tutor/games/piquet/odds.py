"""Exact chances at Piquet, by counting: carte blanche, taking in named cards, what a hand holds.

Every chance here is a :class:`fractions.Fraction` worked out by combinatorics (binomial
coefficients, inclusion-exclusion, and convolution suit by suit or rank by rank), never by
sampling; each function's docstring gives its formula. :data:`PUBLISHED_ODDS` holds the figures
printed by Cavendish (his odds table in "Discarding" and the carte blanche in "Odds at Piquet")
beside the exact values and a verdict on each. All are exact or correctly rounded but one: elder's
"three cards (at least) of four named cards, 32 to 1 against" is exactly 938 to 31 (30.26 to 1).

The old books give chances as odds, "3 to 1 against", "5 to 2 on": :func:`odds_phrase` and
:func:`one_in` say a probability that way.

>>> one_in(carte_blanche())
'1 in 1,792.43'
>>> odds_phrase(elder_takes_in(1))
'3 to 1 against'
>>> odds_phrase(younger_takes_in(4, at_least=1))
'29 to 28 on'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping
from fractions import Fraction
from math import comb
from typing import NamedTuple

from ...cards import Rank
from ...errors import IllegalActionError
from .combos import (
    NUMBER_NAMES,
    RANKS_LOW_TO_HIGH,
    SEQUENCE_NAMES,
    SEQUENCE_SCORE,
    SET_MIN_RANK,
    SUIT_LEN,
    SUIT_PIPS,
    SUIT_SEQ_KEY,
)

__all__ = [
    "BestPoint",
    "BestSequence",
    "BestSet",
    "Distribution",
    "odds_phrase",
    "one_in",
    "chance_phrase",
    "carte_blanche",
    "carte_blanche_either",
    "take_in",
    "elder_takes_in",
    "younger_takes_in",
    "take_in_each",
    "take_in_all_of_any",
    "dealt_point",
    "dealt_point_length",
    "dealt_sequence",
    "dealt_sequence_length",
    "dealt_set",
    "PublishedOdds",
    "PUBLISHED_ODDS",
    "TALLIED_ODDS",
    "TALLIED_SOURCE",
    "judge_odds",
    "HANDS",
]

#: How many twelve-card hands the 32-card pack can deal: C(32, 12) = 225,792,840.
HANDS = comb(32, 12)


# -- saying a chance the way the old books do ------------------------------------------------------


def _num(n: int) -> str:
    return f"{n:,}"


def _simple_ratio(r: Fraction) -> tuple[int, int]:
    """A ratio of small whole numbers near ``r >= 1``, as the books round odds."""
    if r >= 10:
        return max(1, round(r)), 1
    # the first second term up to 40 that comes within 2 per cent, as "5 to 4" for 1.235
    for b in range(1, 41):
        a = round(r * b)
        if a != b and abs(Fraction(a, b) / r - 1) <= Fraction(1, 50):
            return a, b
    most = 8 if r < 2 else 4 if r < 4 else 2
    best = None
    for b in range(1, most + 1):
        a = round(r * b)
        err = abs(Fraction(a, b) - r)
        if best is None or err < best[0]:
            best = (err, a, b)
    _, a, b = best  # type: ignore[misc]
    return a, b


def _ratio_text(r: Fraction, limit: int = 100) -> tuple[str, bool]:
    """(``"17 to 3"``, exact?) for an odds ratio ``r >= 1``."""
    if r.denominator == 1 or (r.numerator <= limit and r.denominator <= limit):
        return f"{_num(r.numerator)} to {_num(r.denominator)}", True
    a, b = _simple_ratio(r)
    if a == b:
        return "even", False
    return f"{_num(a)} to {_num(b)}", False


def odds_phrase(p: Fraction | float, *, limit: int = 100) -> str:
    """A chance as odds: ``1/4 -> '3 to 1 against'``, ``5/7 -> '5 to 2 on'``, ``1/2 -> 'evens'``.

    Odds against are (1 - p) to p, odds on p to (1 - p). When the exact ratio, in lowest terms,
    has both terms up to ``limit`` (or a second term of 1) it is given as it is; otherwise it is
    rounded the way the books round (a whole number from 10 to 1 up; below that the ratio with the
    smallest second term that comes within 2 per cent) and marked "about": ``elder_takes_in(3, at_least=1)`` is
    ``'about 3 to 2 on'`` (exactly 137 to 91 on).
    """
    p = Fraction(p)
    if not 0 <= p <= 1:
        raise IllegalActionError(f"a probability lies between 0 and 1, not {p}", token=p, legal=("0..1",))
    if p == 0:
        return "no chance"
    if p == 1:
        return "certain"
    if 2 * p == 1:
        return "evens"
    against = p < Fraction(1, 2)
    r = (1 - p) / p if against else p / (1 - p)  # p is a chance here, not a seat
    text, exact = _ratio_text(r, limit)
    if text == "even":
        return "about evens"
    return ("" if exact else "about ") + text + (" against" if against else " on")


def one_in(p: Fraction | float) -> str:
    """``1/4 -> '1 in 4'``; ``carte_blanche() -> '1 in 1,792.43'`` (1/p to two places when not whole)."""
    p = Fraction(p)
    if not 0 <= p <= 1:
        raise IllegalActionError(f"a probability lies between 0 and 1, not {p}", token=p, legal=("0..1",))
    if p == 0:
        return "no chance"
    x = 1 / p
    if x.denominator == 1:
        return f"1 in {_num(x.numerator)}"
    return f"1 in {float(x):,.2f}"


def chance_phrase(p: Fraction | float) -> str:
    """Both ways at once: ``'1 in 4 (3 to 1 against)'``."""
    p = Fraction(p)
    if p in (0, 1):
        return odds_phrase(p)
    return f"{one_in(p)} ({odds_phrase(p)})"


# -- outcomes: the best combination a hand holds in a class ----------------------------------------


class BestPoint(NamedTuple):
    """The best point held: its number of cards and its pips. Scores its length (Cavendish Law 62)."""

    length: int
    pips: int

    @property
    def kind(self) -> str:
        return "point"

    @property
    def score(self) -> int:
        return self.length

    @property
    def name(self) -> str:
        from ...explain import number_words

        return f"point of {NUMBER_NAMES.get(self.length, str(self.length))}, {number_words(self.pips)}"

    def __str__(self) -> str:
        return self.name


class BestSequence(NamedTuple):
    """The best sequence held: its length and top card (0 = seven ... 7 = ace). Law 63 scores."""

    length: int
    top: int

    @property
    def kind(self) -> str:
        return "sequence"

    @property
    def rank(self) -> Rank:
        return RANKS_LOW_TO_HIGH[self.top]

    @property
    def score(self) -> int:
        return SEQUENCE_SCORE[self.length]

    @property
    def name(self) -> str:
        base = SEQUENCE_NAMES[self.length]
        if self.top == 7:
            return f"{base} major"
        if self.top - self.length + 1 == 0:
            return f"{base} minor"
        return f"{base} to the {self.rank.noun}"

    def __str__(self) -> str:
        return self.name


class BestSet(NamedTuple):
    """The best set held: three or four cards of a rank (0 = seven ... 7 = ace). Trio 3, quatorze 14."""

    count: int  # type: ignore[assignment]  # the number of cards; shadows tuple.count, as it always has
    rank_index: int

    @property
    def kind(self) -> str:
        return "set"

    @property
    def rank(self) -> Rank:
        return RANKS_LOW_TO_HIGH[self.rank_index]

    @property
    def score(self) -> int:
        return 14 if self.count == 4 else 3

    @property
    def name(self) -> str:
        r = self.rank
        plural = "knaves" if r is Rank.JACK else r.noun + "s"
        return f"{'quatorze' if self.count == 4 else 'trio'} of {plural}"

    def __str__(self) -> str:
        return self.name


Outcome = BestPoint | BestSequence | BestSet | None


def _outcome_name(o: Outcome, kind: str) -> str:
    if o is None:
        return {"point": "no point", "sequence": "no sequence", "set": "no set"}.get(kind, "nothing")
    return o.name


def _order_key(o: Outcome) -> tuple:
    return (-1,) if o is None else tuple(o)


class Distribution(Mapping):
    """An exact distribution: outcome -> :class:`~fractions.Fraction`, best outcome first.

    It keeps whole-number counts over a common total (``count(o) / total``) and makes fractions
    only when asked. ``None`` stands for "nothing of this class". Outcomes are compared by the
    game's own order for the class (given as ``order``, ascending), so "at least a quart" reads
    ``dist.at_least(BestSequence(4, 0))`` only where that order is plain tuple order.
    """

    __slots__ = ("_items", "total", "kind")

    def __init__(self, items: Iterable[tuple[Outcome, int]], total: int, kind: str):
        # items in ascending order of the class; stored best first, zero counts dropped
        self._items: tuple[tuple[Outcome, int], ...] = tuple((o, c) for o, c in reversed(list(items)) if c)
        self.total = total
        self.kind = kind

    # Mapping
    def __getitem__(self, outcome: Outcome) -> Fraction:
        for o, c in self._items:
            if o == outcome:
                return Fraction(c, self.total)
        raise KeyError(outcome)

    def __iter__(self) -> Iterator[Outcome]:
        return (o for o, _ in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def count(self, outcome: Outcome) -> int:
        """How many of the ``total`` equally likely cases give ``outcome``."""
        for o, c in self._items:
            if o == outcome:
                return c
        return 0

    def counts(self) -> dict[Outcome, int]:
        return dict(self._items)

    def prob(self, pred: Callable[[Outcome], bool]) -> Fraction:
        """Chance of the outcomes for which ``pred(outcome)`` is true (``None`` included)."""
        return Fraction(sum(c for o, c in self._items if pred(o)), self.total)

    def mean(self, value: Callable[[Outcome], float | int | Fraction] | None = None) -> Fraction | float:
        """Expected ``value(outcome)``; by default the score of the best combination (0 for none)."""
        if value is None:
            value = _best_score
        return sum((Fraction(c) * value(o) for o, c in self._items), Fraction(0)) / self.total

    def at_least(self, outcome: Outcome) -> Fraction:
        """Chance of holding ``outcome`` or better (tuple order of the outcome; None lowest)."""
        k = _order_key(outcome)
        return self.prob(lambda o: _order_key(o) >= k)

    def most_likely(self) -> Outcome:
        return max(self._items, key=lambda oc: (oc[1], _order_key(oc[0])))[0]

    def none(self) -> Fraction:
        """Chance of holding nothing in this class."""
        return Fraction(self.count(None), self.total)

    # rendering
    def lines(self) -> list[tuple[str, Fraction]]:
        return [(_outcome_name(o, self.kind), Fraction(c, self.total)) for o, c in self._items]

    def text(self) -> str:
        rows = self.lines()
        width = max((len(n) for n, _ in rows), default=0)
        return "\n".join(f"{n:<{width}}  {float(p):7.2%}  {one_in(p)}" for n, p in rows)

    __str__ = text

    def __repr__(self) -> str:
        return f"<Distribution of the best {self.kind}: {len(self)} outcomes over {self.total:,} cases>"

    def _repr_html_(self) -> str:
        import html

        body = "".join(
            f"<tr><td>{html.escape(n)}</td><td>{float(p):.2%}</td><td>{html.escape(one_in(p))}</td></tr>"
            for n, p in self.lines()
        )
        return (
            f'<table class="tutor-distribution"><thead><tr><th>best {html.escape(self.kind)}</th>'
            f"<th>chance</th><th>1 in</th></tr></thead><tbody>{body}</tbody></table>"
        )

    def to_json(self) -> list[dict]:
        return [
            {
                "outcome": None if o is None else list(o),
                "name": _outcome_name(o, self.kind),
                "count": c,
                "total": self.total,
                "p": c / self.total,
            }
            for o, c in self._items
        ]


# -- carte blanche and taking in named cards --------------------------------------------------------


def carte_blanche() -> Fraction:
    """Chance that a named player is dealt carte blanche (no king, queen or knave; Cavendish Law 18).

    His twelve cards are any 12 of the 32, all C(32, 12) hands equally likely; a carte blanche is
    12 of the 20 cards that are not courts::

        P = C(20, 12) / C(32, 12) = 125,970 / 225,792,840 = 1 / 1,792.43...

    so the odds against are 1,791.43... to 1.
    """
    return Fraction(comb(20, 12), comb(32, 12))


def carte_blanche_either() -> Fraction:
    """Chance that one player or the other is dealt carte blanche.

    Both cannot hold one (that needs 24 of the 20 non-courts), so the two events are disjoint::

        P = 2 * C(20, 12) / C(32, 12)
    """
    return 2 * carte_blanche()


def take_in(named: int, drawn: int, unseen: int = 20, at_least: int | None = None) -> Fraction:
    """Chance of taking in at least ``at_least`` (default: all) of ``named`` named cards.

    The ``drawn`` cards are a random ``drawn``-card subset of the ``unseen`` cards, the named cards
    among them (the hypergeometric law)::

        P = sum over i >= at_least of C(named, i) * C(unseen - named, drawn - i) / C(unseen, drawn)
    """
    a = named if at_least is None else at_least
    for name, v in (("named", named), ("drawn", drawn), ("unseen", unseen), ("at_least", a)):
        if not isinstance(v, int) or v < 0:
            raise IllegalActionError(f"{name} must be a whole number, not {v!r}", token=v, legal=("0, 1, 2, ...",))
    if named > unseen or drawn > unseen:
        raise IllegalActionError(
            f"only {unseen} cards are unseen: cannot name {named} or draw {drawn} of them",
            token=max(named, drawn),
            legal=range(unseen + 1),
        )
    if a > named:
        raise IllegalActionError(f"cannot take in {a} of {named} named cards", token=a, legal=range(named + 1))
    good = sum(comb(named, i) * comb(unseen - named, drawn - i) for i in range(a, min(named, drawn) + 1))
    return Fraction(good, comb(unseen, drawn))


def elder_takes_in(named: int, at_least: int | None = None) -> Fraction:
    """Elder taking all five cards: ``take_in(named, 5, 20, at_least)``.

    From elder's seat the five cards are any 5 of the 20 he cannot see, all C(20, 5) = 15,504
    equally likely: one named card 5/20 = 3 to 1 against, five named 1/15,504.
    """
    return take_in(named, 5, 20, at_least)


def younger_takes_in(named: int, at_least: int | None = None) -> Fraction:
    """Younger taking the last three cards: ``take_in(named, 3, 20, at_least)``.

    The model of Cavendish's table: from younger's seat any of the 20 cards he cannot see may lie
    among the three he takes (C(20, 3) = 1,140 equally likely sets): one named card 3/20 = 17 to 3
    against.
    """
    return take_in(named, 3, 20, at_least)


def take_in_each(groups: Iterable[int], drawn: int, unseen: int = 20) -> Fraction:
    """Chance of taking in at least one card of each of several disjoint groups of named cards.

    By inclusion-exclusion over the groups missed entirely::

        P = sum over subsets S of the groups of (-1)^|S| * C(unseen - sum of S, drawn) / C(unseen, drawn)

    Two quatorzes against elder (four aces, four kings): ``take_in_each((4, 4), 5)``.
    """
    groups = list(groups)
    if sum(groups) > unseen:
        raise IllegalActionError(f"{sum(groups)} named cards, but only {unseen} unseen", token=sum(groups), legal=range(unseen + 1))
    total = 0
    for bits in range(1 << len(groups)):
        size = sum(g for i, g in enumerate(groups) if bits >> i & 1)
        total += (-1) ** bits.bit_count() * comb(unseen - size, drawn)
    return Fraction(total, comb(unseen, drawn))


def take_in_all_of_any(groups: Iterable[int], drawn: int, unseen: int = 20) -> Fraction:
    """Chance of taking in every card of at least one of several disjoint groups of named cards.

    By inclusion-exclusion over the groups taken in whole::

        P = sum over non-empty subsets S of (-1)^(|S|+1) * C(unseen - sum of S, drawn - sum of S) / C(unseen, drawn)

    Elder with two kings and two queens, taking both other kings or both other queens:
    ``take_in_all_of_any((2, 2), 5)``.
    """
    groups = list(groups)
    total = 0
    for bits in range(1, 1 << len(groups)):
        size = sum(g for i, g in enumerate(groups) if bits >> i & 1)
        if size <= drawn:
            total += (-1) ** (bits.bit_count() + 1) * comb(unseen - size, drawn - size)
    return Fraction(total, comb(unseen, drawn))


# -- what a dealt hand holds: exact distributions over all C(32, 12) hands ----------------------------


def _poly_mul(a: list[int], b: list[int], top: int) -> list[int]:
    out = [0] * (top + 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b[: top + 1 - i]):
                out[i + j] += x * y
    return out


def _max_by_cdf(keys: list[int], factor_polys: Callable[[int], list[list[int]]], cards: int) -> list[tuple[int, int]]:
    """Counts of ``max key = x`` from N(max <= x) = [z^cards] prod of the factors' polynomials."""
    out: list[tuple[int, int]] = []
    prev = 0
    for x in keys:
        prod = [1]
        for poly in factor_polys(x):
            prod = _poly_mul(prod, poly, cards)
        n = prod[cards] if len(prod) > cards else 0
        out.append((x, n - prev))
        prev = n
    return out


def _suit_poly(key: Callable[[int], int], x: int) -> list[int]:
    """Coefficient j: how many of the 256 suit patterns have j cards and key <= x."""
    poly = [0] * 9
    for m in range(256):
        if key(m) <= x:
            poly[SUIT_LEN[m]] += 1
    return poly


@functools.cache
def dealt_point() -> Distribution:
    """The best point (cards, pips) in a dealt twelve-card hand, over all C(32, 12) hands.

    Suits are alike, so with ``f_x(z) = sum over the 256 patterns p of a suit with key(p) <= x of
    z^|p|`` (key: cards first, then pips)::

        N(best point <= x) = [z^12] f_x(z)^4,   P(best = x) = (N(<= x) - N(< x)) / C(32, 12)
    """
    def key(m: int) -> int:
        return SUIT_LEN[m] * 128 + SUIT_PIPS[m]

    keys = sorted({key(m) for m in range(256)})
    counts = _max_by_cdf(keys, lambda x: [_suit_poly(key, x)] * 4, 12)
    return Distribution(((BestPoint(x >> 7, x & 127), c) for x, c in counts), HANDS, "point")


def dealt_point_length() -> dict[int, Fraction]:
    """Chance that the longest suit of a dealt hand has 3, 4, ... 8 cards (from :func:`dealt_point`)."""
    out: dict[int, int] = {}
    d = dealt_point()
    for o in d:
        assert isinstance(o, BestPoint), "every hand holds a point"
        out[o.length] = out.get(o.length, 0) + d.count(o)
    return {n: Fraction(c, HANDS) for n, c in sorted(out.items())}


@functools.cache
def dealt_sequence() -> Distribution:
    """The best sequence (length, top card) in a dealt hand, over all C(32, 12) hands.

    As for the point, with the key of a suit pattern its best run (length * 8 + top, 0 for none)::

        N(best sequence <= x) = [z^12] f_x(z)^4
    """
    keys = sorted(set(SUIT_SEQ_KEY))
    counts = _max_by_cdf(keys, lambda x: [_suit_poly(SUIT_SEQ_KEY.__getitem__, x)] * 4, 12)
    return Distribution(((BestSequence(x >> 3, x & 7) if x else None, c) for x, c in counts), HANDS, "sequence")


def dealt_sequence_length() -> dict[int, Fraction]:
    """Chance that the best sequence of a dealt hand has 0 (none), 3, 4, ... 8 cards."""
    out: dict[int, int] = {}
    d = dealt_sequence()
    for o in d:
        assert o is None or isinstance(o, BestSequence)
        n = 0 if o is None else o.length
        out[n] = out.get(n, 0) + d.count(o)
    return {n: Fraction(c, HANDS) for n, c in sorted(out.items())}


def _set_key(count: int, r: int) -> int:
    return count * 8 + r if count >= 3 and r >= SET_MIN_RANK else 0


@functools.cache
def dealt_set() -> Distribution:
    """The best set (trio or quatorze, tens and higher; Law 64) in a dealt hand, over C(32, 12) hands.

    Rank by rank: with ``g_{r,x}(z) = sum over i of C(4, i) z^i`` for the counts i of rank r whose
    set key (i * 8 + r when i >= 3 and r is a ten or higher, else 0) is <= x::

        N(best set <= x) = [z^12] prod over the eight ranks of g_{r,x}(z)
    """
    keys = sorted({0} | {_set_key(i, r) for i in (3, 4) for r in range(SET_MIN_RANK, 8)})

    def polys(x):
        return [[comb(4, i) if _set_key(i, r) <= x else 0 for i in range(5)] for r in range(8)]

    counts = _max_by_cdf(keys, polys, 12)
    return Distribution(((BestSet(x >> 3, x & 7) if x else None, c) for x, c in counts), HANDS, "set")


# -- the published figures, checked -------------------------------------------------------------------


class PublishedOdds(NamedTuple):
    """One figure from the books beside the exact value.

    ``exact`` is the exact chance of the event (for ``kind == "chance"`` and ``"odds"``) or the exact
    ratio of two chances (``kind == "ratio"``). ``verdict`` is ``"exact"`` (the figure is the exact
    value), ``"rounded"`` (right to the precision it is written in: rounding the exact odds to its
    second term gives its first) or ``"wrong"``; ``note`` says it in words with the exact odds.
    """

    description: str
    published: str
    exact: Fraction
    verdict: str
    note: str
    source: str
    kind: str = "odds"

    @property
    def exact_phrase(self) -> str:
        if self.kind == "ratio":
            return f"{_num(self.exact.numerator)} to {_num(self.exact.denominator)}"
        if self.kind == "chance":
            return f"{self.exact.numerator}/{self.exact.denominator}"
        return odds_phrase(self.exact)

    @property
    def error(self) -> float:
        """Relative error of the published figure (odds, ratio or chance), 0 when exact."""
        pub = _published_value(self.published, self.kind)
        true = _true_value(self.exact, self.kind, self.published)
        return float(pub / true - 1)


def _parse_odds(text: str) -> tuple[Fraction, str]:
    words = text.replace(",", "").split()
    a, b = Fraction(words[0]), Fraction(words[2])
    side = words[3] if len(words) > 3 else ""
    return a / b, side


def _published_value(text: str, kind: str) -> Fraction:
    if kind == "chance":
        return Fraction(text)
    return _parse_odds(text)[0]


def _true_value(exact: Fraction, kind: str, published: str) -> Fraction:
    if kind in ("chance", "ratio"):
        return exact
    side = _parse_odds(published)[1]
    return (1 - exact) / exact if side == "against" else exact / (1 - exact)  # a chance, not a seat


def judge_odds(published: str, exact: Fraction, kind: str = "odds") -> tuple[str, str]:
    """(verdict, note) for a published ``"a to b against"`` / ``"a to b on"`` (or ``"a/b"``).

    ``exact`` when the figure equals the exact value; ``rounded`` when it is the exact value
    rounded to the figure's own second term (round(true odds * b) == a), which is how the books
    round; ``wrong`` otherwise (or when "on" and "against" are the wrong way round).
    """
    if kind == "chance":
        pub = Fraction(published)
        if pub == exact:
            return "exact", f"exactly {exact.numerator}/{exact.denominator}"
        return "wrong", f"wrong: exactly {exact.numerator}/{exact.denominator} = {float(exact):.4f}"
    pub, side = _parse_odds(published)
    words = published.replace(",", "").split()
    a, b = int(words[0]), int(words[2])
    if kind == "odds":
        wrong_side = (side == "against" and exact > Fraction(1, 2)) or (side == "on" and exact < Fraction(1, 2))
        true = _true_value(exact, kind, published)
        exact_text = f"{_num(true.numerator)} to {_num(true.denominator)} {side}".strip()
        if wrong_side:
            return "wrong", f"wrong way round: the exact chance is {exact} ({odds_phrase(exact)})"
    else:
        true = exact
        exact_text = f"{_num(true.numerator)} to {_num(true.denominator)}"
    dec = f"{float(true):,.2f} to 1"
    if pub == true:
        return "exact", f"exact: {exact_text}"
    if round(true * b) == a:
        return "rounded", f"right as rounded: exactly {exact_text} ({dec})"
    return "wrong", f"wrong by {float(pub / true - 1):+.1%}: exactly {exact_text} ({dec}), which rounds to {round(true * b):,} to {b}"


_DISCARDING = "Cavendish, Laws and Principles of Piquet, 'Discarding', Calculations"
_TABLE = _DISCARDING + " (odds table)"
_ODDS = "Cavendish, Laws and Principles of Piquet, 'Odds at Piquet', odds irrespective of the tables"


def _entry(description: str, published: str, exact: Fraction, source: str, kind: str = "odds") -> PublishedOdds:
    verdict, note = judge_odds(published, exact, kind)
    return PublishedOdds(description, published, exact, verdict, note, source, kind)


def _published() -> list[PublishedOdds]:
    e, y = elder_takes_in, younger_takes_in
    rows = [
        ("Carte blanche in a named player's hand", "1791 to 1 against", carte_blanche(), _ODDS),
        ("Elder takes in one named card", "3 to 1 against", e(1), _TABLE),
        ("Elder takes in two named cards", "18 to 1 against", e(2), _TABLE),
        ("Elder takes in three named cards", "113 to 1 against", e(3), _TABLE),
        ("Elder takes in four named cards", "968 to 1 against", e(4), _TABLE),
        ("Elder takes in five named cards", "15503 to 1 against", e(5), _TABLE),
        ("Elder takes in one at least of two named cards", "5 to 4 against", e(2, 1), _TABLE),
        ("Elder takes in one at least of three named cards", "3 to 2 on", e(3, 1), _TABLE),
        ("Elder takes in two at least of three named cards", "6 to 1 against", e(3, 2), _TABLE),
        ("Elder takes in one at least of four named cards", "5 to 2 on", e(4, 1), _TABLE),
        ("Elder takes in two at least of four named cards", "3 to 1 against", e(4, 2), _TABLE),
        ("Elder takes in three at least of four named cards", "32 to 1 against", e(4, 3), _TABLE),
        ("Younger takes in one named card", "17 to 3 against", y(1), _TABLE),
        ("Younger takes in two named cards", "62 to 1 against", y(2), _TABLE),
        ("Younger takes in three named cards", "1139 to 1 against", y(3), _TABLE),
        ("Younger takes in one at least of two named cards", "5 to 2 against", y(2, 1), _TABLE),
        ("Younger takes in one at least of three named cards", "3 to 2 against", y(3, 1), _TABLE),
        ("Younger takes in two at least of three named cards", "21 to 1 against", y(3, 2), _TABLE),
        ("Younger takes in one at least of four named cards", "29 to 28 on", y(4, 1), _TABLE),
        (
            "Elder with three aces and three kings takes in the fourth ace or the fourth king",
            "5 to 4 against",
            e(2, 1),
            _DISCARDING,
        ),
        (
            "Elder holding a quart headed by the king, and two more kings, draws one of three cards: the ace or the nine that lengthens the quart, or the last king",
            "3 to 2 on",
            e(3, 1),
            _DISCARDING,
        ),
        ("Elder with a quart major takes in the ten to it", "3 to 1 against", e(1), _DISCARDING),
        ("Elder with a quart to a king takes in the ace or the nine to it", "5 to 4 against", e(2, 1), _DISCARDING),
        (
            "Elder with two kings and two queens takes in two of the other kings and queens",
            "3 to 1 against",
            e(4, 2),
            _DISCARDING,
        ),
        (
            "Elder with two kings and two queens takes in both other kings or both other queens",
            "17 to 2 against",
            take_in_all_of_any((2, 2), 5),
            _DISCARDING,
        ),
        (
            "Elder with quatorzes of aces and kings against him draws an ace and a king",
            "33 to 31 against",
            take_in_each((4, 4), 5),
            _DISCARDING,
        ),
        (
            "Younger with quatorzes of aces and kings against him draws an ace and a king",
            "4 to 1 against",
            take_in_each((4, 4), 3),
            _DISCARDING,
        ),
    ]
    out = [_entry(*r) for r in rows]
    # The two trios, younger hand: take three cards (one named card) or leave one (two named cards).
    three = take_in(1, 3, 20)
    two = take_in(2, 2, 20, at_least=1)
    out.append(_entry("Younger with two trios takes three cards: draws the one card to a quatorze", "57/380", three, _DISCARDING, "chance"))
    out.append(_entry("Younger with two trios leaves a card: draws one at least of the two cards to a quatorze", "74/380", two, _DISCARDING, "chance"))
    out.append(_entry("Leaving a card rather than taking three (ratio of the two chances)", "74 to 57", two / three, _DISCARDING, "ratio"))
    out.append(_entry("Leaving a card rather than taking three, in round figures", "4 to 3", two / three, _DISCARDING, "ratio"))
    return out


#: Every published figure checked: (description, published, exact, verdict, note, source, kind).
PUBLISHED_ODDS: list[PublishedOdds] = _published()

#: Cavendish's other figures, which no count of hands can check: they come from his tallies of
#: 10,000 hands played (so they depend on how the players discarded and played), as (what, odds).
TALLIED_ODDS: tuple[tuple[str, str], ...] = (
    ("Elder scores 28 or more (the 'show', elder hand)", "about evens"),
    ("Younger scores 14 or more (the 'show', younger hand)", "about evens"),
    ("Elder wins the cards", "about 5 to 3 on"),
    ("Younger wins the cards", "nearly 3 to 1 against"),
    ("The cards are divided", "a trifle over 7 to 1 against"),
    ("A partie ends in a rubicon", "about 7 to 2 against"),
    ("A named player is rubiconed", "8 to 1 against"),
    ("Elder makes a repique", "nearly 27.5 to 1 against"),
    ("Younger makes a repique", "about 75 to 1 against"),
    ("A pique (a repique included)", "rather more than 7 to 1 against (about 36 to 5)"),
)
#: where :data:`TALLIED_ODDS` are printed
TALLIED_SOURCE = "Cavendish, Laws and Principles of Piquet, 'Odds at Piquet' (the show; odds irrespective of the tables)"


def _best_score(o) -> int:
    """The score of the best combination, 0 for none (the default value of an expectation)."""
    return 0 if o is None else o.score
