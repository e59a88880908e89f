"""Declarations, plainly: every set of cards a player may use that makes a combination of the game's
table, the rules of reusing cards (Foster's classes), one declaration a turn, and the announcements
made with a declaration (Foster's 'Double Declarations': the others its cards make, scored later).
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any

from ....cards import Card
from ..actions import Declare
from ..declarations import FOSTER_REUSE, Combination, Meld
from ..laws import LAWS
from ..spec import Stage, When
from .position import Position
from .rules import Refusal, follow_rule, refusal, resolve


def mine(pos: Position, p: int) -> list[Meld]:
    return [m for m in pos.melds if m.player == p]


def ranks_of(kind: Combination, trump) -> set:
    """The ranks a combination is made of (its cards can be of no other)."""
    shape: Any = kind.shape
    if hasattr(shape, "ranks"):
        return set(shape.ranks)
    if hasattr(shape, "rank"):
        return {shape.rank}
    return {c.rank for c in shape.faces_for(trump)}


def made_of(pos: Position, kind: Combination, pool: list[Card]) -> list[tuple[Card, ...]]:
    """Every set of cards of ``pool`` that makes ``kind`` (each set once, in the order of the pool)."""
    out: list[tuple[Card, ...]] = []
    ranks = ranks_of(kind, pos.trump)
    for cards in combinations([c for c in pool if c.rank in ranks], kind.shape.size):
        if kind.matches(cards, pos.trump) and sorted(map(str, cards)) not in [sorted(map(str, o)) for o in out]:
            out.append(cards)
    return out


def _reuse_words(pos: Position) -> str:
    """The source a refusal of reuse quotes: the game's own rule, or Foster's where it follows him."""
    policy = pos.spec.reuse
    return "Foster's Hoyle, Bezique" if policy.source == FOSTER_REUSE.source or not policy.source else policy.source


def reuse_fault(pos: Position, kind: Combination, cards: tuple[Card, ...], earlier: list[Meld], table: list[Card]) -> Refusal | None:
    """Foster's rules of reuse, as the game's policy states them: a card of an earlier declaration
    serves again only in another class (where allowed), or in a higher combination of its class
    (where allowed); and a new declaration adds at least one card from the hand."""
    policy = pos.spec.reuse
    for m in earlier if policy.classes else []:
        if not set(cards) & set(m.cards):
            continue
        if m.kind.cls != kind.cls:
            if not policy.other_class:
                return Refusal("reuse", policy.source)
            continue
        if not policy.same_class_higher:
            return Refusal("reuse", policy.source)
        if kind.value <= m.kind.value:
            return Refusal("reuse", _reuse_words(pos))
    if policy.from_hand and all(c in table for c in cards):
        return Refusal("reuse", _reuse_words(pos))
    return None


def fault(pos: Position, p: int, kind: Combination, cards: tuple[Card, ...], earlier: list[Meld]) -> Refusal | None:
    return reuse_fault(pos, kind, cards, earlier, pos.laid[p]) or pos.game.meld_fault(pos, p, kind, cards)


def unplayable(pos: Position, p: int, cards: tuple[Card, ...]) -> Refusal | None:
    """Declaring on one's turn to play (Chouine), following: one of the cards must be playable."""
    if pos.spec.declare_when != When.ON_PLAY or pos.phase != "follow":
        return None
    if any(c in follow_rule(pos, p, pos.held(p)) for c in cards):
        return None
    return refusal(pos, "must_lead")


def waiting(pos: Position, p: int) -> list[Meld]:
    """Combinations announced earlier whose cards are all still on the table, and that still make
    their combination with the trumps in force: they may score now."""
    if pos.declared_now:
        return []
    return [m for m in mine(pos, p) if not m.scored and all(c in pos.laid[p] for c in m.cards) and m.kind.matches(m.cards, pos.trump)]


def options(pos: Position, p: int) -> list[Declare]:
    """Every declaration ``p`` may make now (the moment is the caller's to check)."""
    pool = pos.game.meld_pool(pos, p)
    out = [Declare(m.kind.key, m.cards) for m in waiting(pos, p)]
    for kind in pos.spec.melds.kinds:
        if pos.declared_now and not kind.extra:
            continue  # one declaration a turn; an extra one (Bezique's seven) besides
        for cards in made_of(pos, kind, pool):
            if fault(pos, p, kind, cards, mine(pos, p)) or unplayable(pos, p, cards):
                continue
            cards = tuple(pos.sort(list(cards)))
            out.append(Declare(kind.key, cards))
            if kind.lay and not kind.extra:
                out += announced_with(pos, p, kind, cards)
    return out


def announced_with(pos: Position, p: int, kind: Combination, cards: tuple[Card, ...]) -> list[Declare]:
    """The declaration of ``kind`` with ``cards``, announcing one to three other combinations its
    new cards make with cards held, each sharing a card laid down before it in the declaration."""
    table = pos.laid[p]
    new = [c for c in cards if c not in table]
    if not new:
        return []
    pool = pos.game.meld_pool(pos, p)
    earlier = mine(pos, p) + [Meld(p, kind, cards, True, len(pos.tricks))]
    extras = []
    for k2 in pos.spec.melds.kinds:
        if not k2.lay or k2.extra or (pos.spec.reuse.classes and k2 is kind):
            continue
        for c2 in made_of(pos, k2, pool):
            if not all(c in table for c in c2) and not fault(pos, p, k2, c2, earlier):
                extras.append((k2, tuple(pos.sort(list(c2)))))
    out = []
    for r in range(1, min(len(extras), 3) + 1):
        for subset in combinations(extras, r):
            for order in permutations(subset):
                if _announceable(pos, p, order, earlier, new):
                    out.append(Declare(kind.key, cards, tuple((k.key, c) for k, c in order)))
                    break
    return out


def _announceable(pos: Position, p: int, order, earlier: list[Meld], new: list[Card]) -> bool:
    laid_now = set(new)
    for k2, c2 in order:
        if laid_now.isdisjoint(c2) or reuse_fault(pos, k2, c2, earlier, pos.laid[p]):
            return False
        earlier = earlier + [Meld(p, k2, c2, False, len(pos.tricks))]
        laid_now.update(c for c in c2 if c not in pos.laid[p])
    return True


# -- why not ------------------------------------------------------------------------------------------
def named(pos: Position, p: int, action: Declare) -> list[tuple[Combination, tuple[Card, ...]]] | Refusal:
    """The combinations and cards a declaration names (a name left out: the one the cards make)."""
    pool = pos.game.meld_pool(pos, p)
    out = []
    for name, cards in action.melds():
        cards = resolve(pos, p, cards, pool)
        if name:
            kind = pos.spec.melds.get(name)
        else:
            fits = [k for k in pos.spec.melds.kinds if k.matches(cards, pos.trump)]
            kind = fits[0] if len(fits) == 1 else None
        if kind is None:
            return refusal(pos, "meld_name")
        out.append((kind, tuple(pos.sort(list(cards)))))
    return out


def why_not(pos: Position, p: int, action: Declare) -> Refusal | None:
    spec = pos.spec
    if not spec.melds.kinds:
        return Refusal("no declarations", "")
    if not pos.game.may_declare_now(pos, p):
        return refusal(pos, "declare_end" if pos.stage == Stage.END and not spec.declare_in_end else "declare_when")
    parts = named(pos, p, action)
    if isinstance(parts, Refusal):
        return parts
    pool, earlier, laid_now = pos.game.meld_pool(pos, p), mine(pos, p), set()  # type: ignore[var-annotated]
    for i, (kind, cards) in enumerate(parts):
        why = _part_fault(pos, p, i, parts, pool, earlier, laid_now)
        if why is not None:
            return why
        if i == 0 and any(not m.scored and m.kind is kind and set(m.cards) == set(cards) for m in earlier):
            continue  # announced earlier, scored now
        earlier = earlier + [Meld(p, kind, cards, i == 0, len(pos.tricks))]
        laid_now.update(c for c in cards if c not in pos.laid[p])
    return None


def _part_fault(pos: Position, p: int, i: int, parts, pool: list[Card], earlier: list[Meld], laid_now: set[Card]) -> Refusal | None:
    """Why the ``i``-th combination of a declaration may not be made (or announced) with it."""
    kind, cards = parts[i]
    if any(c not in pool for c in cards):
        return refusal(pos, "meld_cards")
    if len(set(cards)) != len(cards):
        return refusal(pos, "meld_once")
    if not kind.matches(cards, pos.trump):
        return Refusal("shape", kind.source)
    pending = i == 0 and any(not m.scored and m.kind is kind and set(m.cards) == set(cards) for m in earlier)
    if i == 0 and pos.declared_now and not kind.extra:
        return Refusal("one a turn", pos.spec.reuse.source)
    if i > 0 and (kind.extra or not kind.lay or parts[0][0].extra):
        return refusal(pos, "alongside" if "alongside" in LAWS.get(pos.spec.name, {}) else "declare_when")
    if pending:
        return None if all(c in pos.laid[p] for c in cards) else refusal(pos, "on_table")
    why = fault(pos, p, kind, cards, earlier) or (unplayable(pos, p, cards) if i == 0 else None)
    if why is None and i > 0 and laid_now.isdisjoint(cards):
        why = refusal(pos, "announce_new")
    return why


# -- doing --------------------------------------------------------------------------------------------
def declare(pos: Position, p: int, action: Declare) -> None:
    """Lay down the cards (where the game lays them), score the first combination (or the one
    announced earlier with these cards), announce the others; a first trump marriage may make trumps."""
    parts = named(pos, p, action)
    assert not isinstance(parts, Refusal)
    earlier = mine(pos, p)
    for i, (kind, cards) in enumerate(parts):
        if kind.lay:
            for c in cards:
                if c in pos.hands[p]:
                    pos.hands[p].remove(c)
                    pos.laid[p].append(c)
        if i > 0:
            pos.melds.append(Meld(p, kind, cards, False, len(pos.tricks)))
            continue
        pending = [m for m in earlier if not m.scored and m.kind is kind and set(m.cards) == set(cards)]
        if pending:
            meld = Meld(p, kind, pending[0].cards, True, pending[0].trick)
            pos.melds[pos.melds.index(pending[0])] = meld
        else:
            meld = Meld(p, kind, cards, True, len(pos.tricks))
            pos.melds.append(meld)
        pos.declared_now = pos.declared_now or not kind.extra
        if kind.fixes_trumps and pos.trump is None:
            pos.trump = cards[0].suit
        if pos.spec.declare_when != When.AFTER_TRICK and pos.spec.lead_declared:
            pos.must_lead = cards
        pos.game.on_declare(pos, meld, bool(pending))
        if pos.over():
            return
    pos.laid[p] = pos.sort(pos.laid[p])
