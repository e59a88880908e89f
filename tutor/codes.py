"""Compact, URL-safe codes for whole deals.

A deal is a split of a pack into piles: hands (whose order does not matter) and a talon or stock
(whose order does). The split is numbered exactly, in mixed radix: a combination rank for each
unordered pile and a Lehmer code for each ordered one, so a Piquet deal (12 + 12 cards and a talon
of 8 in order) fits in 60 bits. The number is written in a fixed number of URL-safe characters (A-Z a-z 0-9 - _, six bits
each) behind a short tag that names the layout, and two check characters follow.

The check is a weighted sum of the characters' values modulo the prime 4093, which catches every
single mistyped character and every swap of two neighbouring characters (a class copies codes by
hand), and every deal has exactly one spelling: the length is fixed, the number must be below the
layout's capacity and the check below 4093, so any other string is refused rather than misread.
``tests/test_codes.py`` tries every such typo on real codes of every game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from math import comb, perm

from .cards import Card, Pack
from .errors import NotationError, shorten

_ALPHABET = re.compile(r"[A-Za-z0-9_-]+")
_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_VALUE = {ch: i for i, ch in enumerate(_DIGITS)}
_P = 4093  # a prime below 64 * 64: the check fits two characters
_W = 2003  # the check's own weight: neither 0 nor 64 * _W equal to a position's weight modulo _P


def _length(capacity: int) -> int:
    n = 1
    while 64**n < capacity:
        n += 1
    return n


def _check(digits: Sequence[int]) -> int:
    """X with sum((i + 1) * d_i) + _W * X = 0 (mod _P): every single substitution or neighbour
    swap, of the digits or of the two check characters, breaks the sum."""
    s = sum((i + 1) * d for i, d in enumerate(digits)) % _P
    return (-s * pow(_W, -1, _P)) % _P


def _radices(n: int, layout: Sequence[tuple[int, bool]]) -> list[int]:
    out: list[int] = []
    for size, ordered in layout:
        if ordered:
            out.extend(range(n, n - size, -1))
        else:
            out.append(comb(n, size))
        n -= size
    return out


def _capacity(n: int, layout: Sequence[tuple[int, bool]]) -> int:
    total = 1
    for size, ordered in layout:
        total *= perm(n, size) if ordered else comb(n, size)
        n -= size
    return total


def encode(tag: str, pack: Pack, piles: Sequence[tuple[Sequence[Card], bool]]) -> str:
    """Code for ``piles`` (each a sequence of cards and whether its order matters)."""
    remaining = sorted(pack.index(c) for p, _ in piles for c in p)
    if remaining != list(range(len(pack))):
        raise NotationError("a deal code needs every card of the pack exactly once", token=tag)
    value = 0
    for cards, ordered in piles:
        idx = [pack.index(c) for c in cards]
        if ordered:
            for i in idx:
                pos = remaining.index(i)
                value = value * len(remaining) + pos
                remaining.pop(pos)
        else:
            positions = sorted(remaining.index(i) for i in idx)
            rank = sum(comb(p, k + 1) for k, p in enumerate(positions))
            value = value * comb(len(remaining), len(idx)) + rank
            chosen = set(idx)
            remaining = [i for i in remaining if i not in chosen]
    layout = [(len(c), o) for c, o in piles]
    digits = []
    for _ in range(_length(_capacity(len(pack), layout))):
        value, d = divmod(value, 64)
        digits.append(d)
    digits.reverse()
    x = _check(digits)
    return tag + "-" + "".join(_DIGITS[d] for d in digits) + _DIGITS[x >> 6] + _DIGITS[x & 63]


_CODE_SHAPE = re.compile(r"[a-z][a-z0-9]{1,3}-[A-Za-z0-9_-]{4,}")  # a tag (a letter, then letters or digits: b3-)


def looks_like_code(text: object) -> bool:
    """Whether ``text`` has the shape of a deal code (``pq-...``, ``bz-...``): typed where a seed
    or a code may go, it is read as a code, so one of another game's is refused by name rather
    than taken for a seed."""
    return isinstance(text, str) and _CODE_SHAPE.fullmatch(text.strip()) is not None


def decode(tag: str, pack: Pack, layout: Sequence[tuple[int, bool]], code: str) -> list[list[Card]]:
    """Piles back from a code made by :func:`encode` with the same tag, pack and layout."""
    if not isinstance(code, str) or not code.startswith(tag + "-"):
        raise NotationError(f"deal code {shorten(code)} is not a {tag} code (they start with {tag}-)", token=shorten(code))
    body = code[len(tag) + 1 :]
    if not _ALPHABET.fullmatch(body):
        raise NotationError(f"deal code {shorten(code)} has characters outside A-Z a-z 0-9 - _", token=shorten(code))
    capacity = _capacity(len(pack), layout)
    n = _length(capacity)
    if len(body) != n + 2:
        raise NotationError(f"deal code {shorten(code)} is damaged: a {tag} code has {n + 2} characters after '{tag}-', "
                            f"not {len(body)}", token=shorten(code))
    digits = [_VALUE[ch] for ch in body[:n]]
    x = _VALUE[body[n]] * 64 + _VALUE[body[n + 1]]
    if x != _check(digits):
        raise NotationError(f"deal code {shorten(code)} is damaged (its check characters do not match): "
                            "check each character, and the order of neighbours", token=shorten(code))
    value = 0
    for d in digits:
        value = value * 64 + d
    if value >= capacity:
        raise NotationError(f"deal code {shorten(code)} is out of range", token=shorten(code))
    radices = _radices(len(pack), layout)
    digits = []
    for r in reversed(radices):
        value, d = divmod(value, r)
        digits.append(d)
    digits.reverse()
    remaining = list(range(len(pack)))
    piles: list[list[Card]] = []
    it = iter(digits)
    for size, ordered in layout:
        if ordered:
            pile = [remaining.pop(next(it)) for _ in range(size)]
        else:
            rank = next(it)
            positions = []
            for k in range(size, 0, -1):
                p = k - 1
                while comb(p + 1, k) <= rank:
                    p += 1
                positions.append(p)
                rank -= comb(p, k)
            chosen = {remaining[p] for p in positions}
            pile = [i for i in remaining if i in chosen]
            remaining = [i for i in remaining if i not in chosen]
        piles.append([pack.cards[i] for i in pile])
    return piles
