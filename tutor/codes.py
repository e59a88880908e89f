"""Compact, URL-safe codes for whole deals.

A deal is a split of a pack into piles: hands (whose order does not matter) and a talon or stock
(whose order does). The split is numbered exactly, in mixed radix: a combination rank for each
unordered pile and a Lehmer code for each ordered one, so a Piquet deal (12 + 12 cards and a talon
of 8 in order) fits in 60 bits. The number is written in URL-safe base64 behind a short tag that
names the layout, with one check byte so that a mistyped code is refused rather than misread.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from collections.abc import Sequence
from math import comb, perm

from .cards import Card, Pack
from .errors import NotationError

_ALPHABET = re.compile(r"[A-Za-z0-9_-]+")


def _radices(n: int, layout: Sequence[tuple[int, bool]]) -> list[int]:
    out = []
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
    nbytes = (_capacity(len(pack), layout) - 1).bit_length() + 7 >> 3
    raw = value.to_bytes(nbytes, "big")
    raw += bytes([zlib.crc32(tag.encode() + raw) & 0xFF])
    return tag + "-" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode(tag: str, pack: Pack, layout: Sequence[tuple[int, bool]], code: str) -> list[list[Card]]:
    """Piles back from a code made by :func:`encode` with the same tag, pack and layout."""
    if not isinstance(code, str) or not code.startswith(tag + "-"):
        raise NotationError(f"deal code {code!r} is not a {tag} code (they start with {tag}-)", token=code)
    body = code[len(tag) + 1 :]
    if not _ALPHABET.fullmatch(body):
        raise NotationError(f"deal code {code!r} has characters outside A-Z a-z 0-9 - _", token=code)
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise NotationError(f"deal code {code!r} has characters outside A-Z a-z 0-9 - _", token=code) from None
    nbytes = (_capacity(len(pack), layout) - 1).bit_length() + 7 >> 3
    if len(raw) != nbytes + 1 or raw[-1] != zlib.crc32(tag.encode() + raw[:-1]) & 0xFF:
        raise NotationError(f"deal code {code!r} is damaged (wrong length or check character)", token=code)
    value = int.from_bytes(raw[:-1], "big")
    if value >= _capacity(len(pack), layout):
        raise NotationError(f"deal code {code!r} is out of range", token=code)
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
