"""The screen of a game's combinations: which of them a hand could make at all, told from the
hand's counts without listing any cards (what the listing of declarations asks first, for every
position: most hands make nothing)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from ...cards import Card, Rank, Suit
from .declarations import _SUITS_ORDER, Combination, Faces, Run, Set, _card

_FACE_BITS, _RANK_BITS = 2, 5  # a face's count (0 to 2: two copies at most), a rank's count with its bias
_RANK_TOP, _RANK_MASK = 1 << (_RANK_BITS - 1), (1 << (_RANK_BITS - 1)) - 1  # a rank field's top bit; its count (at most 15)
_EVERY_CARD = tuple(Card.of(r, s, k) for r in Rank for s in _SUITS_ORDER for k in (0, 1))

#: One test of the screen: faces needed at least once, faces needed at least twice, or (faces
#: empty) a rank and the count of it needed.
_Test = tuple[tuple[Card, ...], tuple[Card, ...], Rank | None, int]


class Screen:
    """Which combinations of a table a hand could make at all, without listing any cards.

    Each combination becomes tests on the hand's counts (:meth:`_compile`): faces it needs once
    and twice (:class:`Run`, :class:`Faces`), or a rank and a count (:class:`Set`). For each
    trump the tests are written out as one function (:meth:`_function`) that counts the hand
    into one integer, a field of bits for each face and each rank the tests ask about (and only
    those: the integer stays small), and tests it with masks. A combination that passes may
    still not be declarable (the rules on reusing cards decide that); one that fails cannot be
    made: :func:`candidates` would find no cards for it.
    """

    def __deepcopy__(self, memo) -> Screen:
        return self  # combinations are values and its tables only grow: a copied state shares them

    def __init__(self, kinds: Sequence[Combination]):
        self.kinds = tuple(kinds)
        # by trump's letter (None: no trumps), for all combinations and for the extra ones only
        self._tests: tuple[dict[str | None, Callable[[Iterable[Card]], list[Combination]]], ...] = ({}, {})
        self._one: dict[tuple[str, str | None], Callable[[Iterable[Card]], list[Combination]]] = {}  # by kind and trump

    def _compile(self, trump: Suit | None, extra_only: bool) -> tuple[tuple[Combination, tuple[_Test, ...]], ...]:
        """For each combination, its tests (any one passing will do); no tests at all for a shape
        the screen cannot judge (it always passes)."""
        out = []
        for kind in self.kinds:
            if extra_only and not kind.extra:
                continue
            shape, suits = kind.shape, kind.suits(trump)
            if not suits:
                continue
            tests: list[_Test] | None = []
            if isinstance(shape, Run):
                tests = [(tuple(_card(r, s) for r in shape.ranks), (), None, 0) for s in suits]
            elif isinstance(shape, Faces):
                counts = Counter(shape.faces_for(trump))
                if max(counts.values()) > 2:
                    tests = None
                else:
                    tests = [(tuple(counts), tuple(f for f, k in counts.items() if k == 2), None, 0)]
            elif isinstance(shape, Set):
                tests = [((), (), shape.rank, shape.n)]
            else:
                tests = None
            out.append((kind, tuple(tests) if tests is not None else ()))
        return tuple(out)

    def possible(self, held: Iterable[Card], trump: Suit | None, extra_only: bool = False) -> list[Combination]:
        """The combinations (only the ``extra`` ones, with ``extra_only``), in the table's order,
        that ``held`` might make with ``trump`` trumps; those left out cannot be made from it."""
        tests = self._tests[extra_only]
        key = None if trump is None else trump._value_
        test = tests.get(key)
        if test is None:
            test = tests[key] = self._function(self._compile(trump, extra_only))
        return test(held)

    @staticmethod
    def _function(compiled) -> Callable[[Iterable[Card]], list[Combination]]:
        """The tests of :meth:`_compile` written out as one function of the held cards, each
        combination's tests one line (numbers only: no loop over the table at each call).

        A face's field has two bits (a card has two copies at most: counts 0, 1 or 2); a rank's
        field five, its count (at most eight) plus a bias that sets the field's top bit exactly
        when the count reaches the set's size, so one addition tests every rank at once and a
        hand with no set skips their lines."""
        faces = list(dict.fromkeys(f for _, tests in compiled for once, _, _, _ in tests for f in once))
        ranks = list(dict.fromkeys(r for _, tests in compiled for _, _, r, _ in tests if r is not None))
        face_at = {f: _FACE_BITS * i for i, f in enumerate(faces)}
        ranks_at = _FACE_BITS * len(faces)
        rank_at = {r: ranks_at + _RANK_BITS * i for i, r in enumerate(ranks)}
        unit = {c: (1 << face_at[c.face] if c.face in face_at else 0) + (1 << rank_at[c.rank] if c.rank in rank_at else 0)
                for c in _EVERY_CARD}
        low = sum(1 << at for at in face_at.values())  # the low bit of every face's field
        # the bias of each rank's field: the smallest set of that rank asked for (the others compare)
        least = {r: min(n for _, tests in compiled for _, _, r2, n in tests if r2 is r) for r in ranks}
        bias = sum((_RANK_TOP - least[r]) << (rank_at[r] - ranks_at) for r in ranks)
        top = sum(_RANK_TOP << (rank_at[r] - ranks_at) for r in ranks)
        lines = ["def possible(held):",
                 "    counts = sum(map(UNIT, held))",
                 f"    once = (counts | counts >> 1) & {low}",
                 "    out = []"]
        if ranks:
            lines.append(f"    sets = ((counts >> {ranks_at}) + {bias}) & {top}  # a rank's top bit: held as often as a set of it needs")
        for i, (_, tests) in enumerate(compiled):
            parts = []
            for once, twice, rank, n in tests:
                if rank is not None:
                    at = rank_at[rank] - ranks_at
                    parts.append(f"sets & {_RANK_TOP << at}" if n == least[rank] else f"(counts >> {rank_at[rank]}) & {_RANK_MASK} >= {n}")
                    continue
                need1 = sum(1 << face_at[f] for f in once)
                need2 = sum(1 << face_at[f] for f in twice)
                parts.append(f"(once & {need1} == {need1}" + (f" and counts >> 1 & {need2} == {need2})" if need2 else ")"))
            guard = "sets and " if tests and all(rank is not None for _, _, rank, _ in tests) else ""
            lines.append(f"    if {guard}({' or '.join(parts) or 'True'}):")
            lines.append(f"        out.append(KINDS[{i}])")
        lines.append("    return out")
        space: dict = {"KINDS": tuple(kind for kind, _ in compiled), "UNIT": unit.__getitem__}
        exec("\n".join(lines), space)  # noqa: S102 - the text is made above from integers alone
        return space["possible"]

    def could_make(self, kind: Combination, held: Iterable[Card], trump: Suit | None) -> bool:
        """Whether ``held`` might make ``kind`` (one row of :meth:`possible`'s answer, its tests
        alone written out)."""
        key = (kind.key, None if trump is None else trump._value_)
        test = self._one.get(key)
        if test is None:
            test = self._one[key] = self._function(tuple(row for row in self._compile(trump, kind.extra) if row[0] == kind))
        return bool(test(held))
