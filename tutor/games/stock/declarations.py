"""Declarations as data: what a combination is, what it is worth, and how its cards may be reused.

A :class:`Combination` is a row of a game's table (Bezique: marriage 20, sequence 250, bezique 40,
four aces 100, ...). Its :class:`Shape` says which cards make it:

* :class:`Run`: given ranks in one suit, trumps or not (marriage K Q, sequence A T K Q J, tierce K Q J);
* :class:`Set`: ``n`` cards of one rank, of any suits (four aces: "The four ... may be all of
  different suits, or any two of them may be of the same suit", Foster's Hoyle, Bezique);
* :class:`Ranks`: ``n`` cards each of one of given ranks, any suits (Chouine's quinte, five
  brisques: aces and tens);
* :class:`Faces`: named cards (bezique Q♠ J♦, double bezique both of each), possibly changing
  with trumps.

A declared combination is a :class:`Meld`. Whether a new meld may reuse cards of earlier ones is
the :class:`Reuse` policy, Foster's rules for Bezique being the fullest statement:

* a card may serve again in a combination of another class (Foster: classes A marriages and
  sequence, B bezique and double bezique, C the fours);
* within a class, only in a higher combination ("A player cannot make a lower declaration with
  cards which form part of a higher one already made in the same class ... But if the marriage is
  first announced, the A 10 J may be added and the sequence scored"), never in one of equal value
  ("Cards once used in combination cannot again be used in combinations of equal value of the
  same class"; the nineteenth-century Bezique account: "Kings and queens once married, cannot be married again");
* every new declaration lays at least one card from the hand ("at least one new card must be
  added from the player's hand when the announcement is made").

Cards are physical: with two packs ``QS`` and ``QS'`` are different cards, and which copy was used
decides what may be declared next. Candidates that differ only by swapping interchangeable cards
(same face, same place, same earlier melds) are listed once.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations, product, repeat
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING

from ...cards import Card, Rank, Suit
from ...errors import IllegalActionError, RuleOptionError, shorten

if TYPE_CHECKING:
    from .screen import Screen

_SUITS_ORDER = tuple(Suit)
_NONE_HELD = repeat(())  # the default of by_face.get for each face looked up (map stops with the faces)
_first = itemgetter(0)

__all__ = ["Shape", "Run", "Set", "Ranks", "Faces", "Combination", "Meld", "Reuse", "FOSTER_REUSE", "candidates", "reuse_clash", "reuse_fault"]


#: up to this many combinations, a refusal describes each; past it, it names them
_DESCRIBED = 12


class Shape:
    """How a combination is made. ``cards(held, trump)`` yields candidate card tuples."""

    size: int

    def options(self, by_face: Mapping[Card, Sequence[Card]], trump: Suit | None, suits: Sequence[Suit]) -> Iterator[tuple[Card, ...]]:
        raise NotImplementedError  # pragma: no cover

    def matches(self, cards: Sequence[Card], trump: Suit | None, suits: Sequence[Suit]) -> bool:
        raise NotImplementedError  # pragma: no cover


@dataclass(frozen=True)
class Run(Shape):
    """These ranks, all of one suit (the suit chosen by the combination's ``suit`` rule)."""

    ranks: tuple[Rank, ...]

    @property
    def size(self) -> int:  # type: ignore[override]
        return len(self.ranks)

    @cached_property
    def _faces(self) -> dict[str, tuple[Card, ...]]:
        # keyed by the suit's letter: hashing a str is cheaper than hashing an enum member
        return {s._value_: tuple(_card(r, s) for r in self.ranks) for s in _SUITS_ORDER}

    def options(self, by_face, trump, suits):
        faces, get = self._faces, by_face.get
        for s in suits:
            piles = list(map(get, faces[s._value_], _NONE_HELD))  # by_face.get(face, ()) for each face, in C
            if all(piles):
                yield from product(*piles)

    def options_once(self, by_face, suits) -> list[tuple[Card, ...]]:
        """:meth:`options` where no face is held twice: one option a suit at most, listed at once."""
        faces, get = self._faces, by_face.get
        piles = [[*map(get, faces[s._value_], _NONE_HELD)] for s in suits]
        return [tuple(map(_first, ps)) for ps in piles if all(ps)]

    def matches(self, cards, trump, suits):
        if len(cards) != len(self.ranks) or not cards:
            return False
        s = cards[0].suit
        return s in suits and all(c.suit is s for c in cards) and sorted(r.value for r in self.ranks) == sorted(c.rank.value for c in cards)


@dataclass(frozen=True)
class Set(Shape):
    """``n`` cards of one rank, any suits (copies of the same card allowed)."""

    rank: Rank
    n: int = 4

    @property
    def size(self) -> int:  # type: ignore[override]
        return self.n

    def options(self, by_face, trump, suits):
        pool = [c for face, cs in by_face.items() if face.rank is self.rank for c in cs]
        if len(pool) < self.n:
            return
        yield from combinations(pool, self.n)

    def matches(self, cards, trump, suits):
        return len(cards) == self.n and all(c.rank is self.rank for c in cards)


@dataclass(frozen=True)
class Ranks(Shape):
    """``n`` cards, each of one of ``ranks``, of any suits (five aces and tens: Chouine's quinte)."""

    ranks: tuple[Rank, ...]
    n: int = 5

    @property
    def size(self) -> int:  # type: ignore[override]
        return self.n

    def options(self, by_face, trump, suits):
        pool = [c for face, cs in by_face.items() if face.rank in self.ranks for c in cs]
        if len(pool) >= self.n:
            yield from combinations(pool, self.n)

    def matches(self, cards, trump, suits):
        return len(cards) == self.n and all(c.rank in self.ranks for c in cards)


@dataclass(frozen=True)
class Faces(Shape):
    """Named cards (faces, repeated for both copies). ``by_trump`` gives other faces under some trumps."""

    faces: tuple[Card, ...]
    by_trump: tuple[tuple[Suit, tuple[Card, ...]], ...] = ()

    @property
    def size(self) -> int:  # type: ignore[override]
        return len(self.faces)

    def faces_for(self, trump: Suit | None) -> tuple[Card, ...]:
        for suit, faces in self.by_trump:
            if suit is trump:
                return faces
        return self.faces

    @cached_property
    def _need(self) -> dict[str | None, tuple[tuple[Card, int], ...]]:
        """How many of each face the combination takes, under each trump (None: no trumps)."""
        out: dict[str | None, tuple[tuple[Card, int], ...]] = {}
        for t in (None, *_SUITS_ORDER):
            out[None if t is None else t._value_] = tuple(Counter(self.faces_for(t)).items())
        return out

    def options(self, by_face, trump, suits):
        need = self._need[None if trump is None else trump._value_]
        piles = []
        for face, k in need:
            held = by_face.get(face, ())
            if len(held) < k:
                return
            piles.append(list(combinations(held, k)))
        for parts in product(*piles):
            yield tuple(c for part in parts for c in part)

    def matches(self, cards, trump, suits):
        return Counter(c.face for c in cards) == Counter(self.faces_for(trump))


_SUITS = tuple(Suit)
_ONE = {s._value_: (s,) for s in _SUITS}
_PLAIN = {t._value_: tuple(s for s in _SUITS if s is not t) for t in _SUITS}


class SuitScope(enum.StrEnum):
    """The suits a run may be made in: trumps only, any suit but trumps (``plain``), or any."""

    TRUMPS = "trumps"
    PLAIN = "plain"
    ANY = "any"


@dataclass(frozen=True)
class Combination:
    """One row of a game's table of declarations.

    ``suit``: for a :class:`Run`, ``"trumps"``, ``"plain"`` (any suit but trumps) or ``"any"``;
    ``cls``: the class within which cards may not be reused for an equal or lower combination;
    ``lay``: the cards are laid face up on the table and stay there until played (Bezique), or
    only shown and taken back (Sixty-Six); ``extra``: does not count against the one declaration
    a trick allows (the seven of trumps, when declared); ``fixes_trumps``: with no trumps yet, it
    may be made in any suit and that suit becomes trumps (Bezique's "first marriage" variant,
    Tausendeins, Bondtolva).
    """

    key: str
    value: int
    shape: Shape
    cls: str
    suit: SuitScope = SuitScope.ANY
    lay: bool = True
    extra: bool = False
    fixes_trumps: bool = False
    source: str = ""

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "suit", SuitScope(self.suit))
        except ValueError:
            raise RuleOptionError(f"a combination's suit is one of {', '.join(s.value for s in SuitScope)}, not "
                                  f"{shorten(str(self.suit))}", token=shorten(str(self.suit)),
                                  legal=tuple(s.value for s in SuitScope)) from None

    def suits(self, trump: Suit | None) -> tuple[Suit, ...]:
        """The suits it may be made in, with ``trump`` trumps."""
        return self._suits_by_trump[None if trump is None else trump._value_]

    @cached_property
    def _suits_by_trump(self) -> dict[str | None, tuple[Suit, ...]]:
        return {None if t is None else t._value_: self._suits(t) for t in (None, *_SUITS)}

    def _suits(self, trump: Suit | None) -> tuple[Suit, ...]:
        if self.suit is SuitScope.ANY:
            return _SUITS
        if trump is None:
            return _SUITS if (self.suit is SuitScope.TRUMPS and self.fixes_trumps) else ()
        if self.suit is SuitScope.TRUMPS:
            return _ONE[trump._value_]
        return _PLAIN[trump._value_]

    def matches(self, cards: Sequence[Card], trump: Suit | None) -> bool:
        return self.shape.matches(cards, trump, self.suits(trump))

    def describe(self, trump: Suit | None = None) -> str:
        """The cards it takes, in words: ``king and queen of trumps``."""
        sh = self.shape
        if isinstance(sh, Faces):
            counts = Counter(sh.faces_for(trump))  # a face twice: both copies (double bezique)
            return " and ".join(c.name if n == 1 else "both " + c.name.replace(" of ", "s of ", 1) for c, n in counts.items())
        if isinstance(sh, Set):
            return f"any {sh.n} {sh.rank.noun}s"
        if isinstance(sh, Ranks):
            return f"any {sh.n} cards that are " + " or ".join(f"{r.noun}s" for r in sh.ranks)
        nouns = [r.noun for r in sh.ranks]  # type: ignore[attr-defined]
        ranks = " and ".join(filter(None, (", ".join(nouns[:-1]), nouns[-1])))
        where = {"trumps": "of trumps", "plain": "of a plain suit", "any": "of one suit"}[self.suit]
        return f"{ranks} {where}"

    def __str__(self) -> str:
        return self.key


@dataclass(frozen=True)
class Meld:
    """A combination declared by ``player``: scored now, or announced and to be scored on a later trick."""

    player: int
    kind: Combination
    cards: tuple[Card, ...]
    scored: bool
    trick: int  # number of tricks played when it was announced

    @property
    def faces(self) -> str:
        return " ".join(map(str, self.cards))


@dataclass(frozen=True)
class Reuse:
    """How the cards of earlier melds may serve again (see the module docstring for the sources)."""

    from_hand: bool = True
    other_class: bool = True
    same_class_higher: bool = True
    #: False: the game has its own rule for reusing cards (Chouine: one declaration per suit, one
    #: quinte), judged in its ``_meld_fault``, and the class rules above do not apply
    classes: bool = True
    source: str = ""


FOSTER_REUSE = Reuse(
    source="Foster's Complete Hoyle (1897), Bezique: 'Declarations'; the nineteenth-century Bezique account",
)


#: how the Bezique accounts are cited where a refusal of reuse follows them (FOSTER_REUSE)
_FOSTER_WORDS = {
    "Foster": "Foster's Hoyle, Bezique",
    "married": "Foster's Hoyle, Bezique; the nineteenth-century Bezique account: 'Kings and queens once married, cannot be married again'",
}


def _reuse_source(policy: Reuse, which: str) -> str:
    """The source a refusal of reuse cites: the Bezique accounts' words where the game follows them,
    else the game's own rule (``policy.source``)."""
    return _FOSTER_WORDS[which] if policy.source == FOSTER_REUSE.source or not policy.source else policy.source


def reuse_clash(
    kind: Combination,
    cards: Sequence[Card],
    earlier: Sequence[Meld],
    laid_before: Callable[[Card], bool],
    policy: Reuse,
) -> tuple[Meld | None, set[Card]] | None:
    """None if ``cards`` may be declared as ``kind`` after the ``earlier`` melds of the same player,
    else what forbids it: the earlier meld whose cards it reuses against the rules, with the cards
    shared, or (None, no cards) where every card of it was already on the table. What a listing
    asks (no words made); :func:`reuse_fault` says why in words. ``laid_before(card)``: the card
    was already on the table before this declaration."""
    if earlier and policy.classes:
        mine = set(cards)
        for m in earlier:
            shared = mine.intersection(m.cards)
            if not shared:
                continue
            if m.kind.cls != kind.cls:
                if policy.other_class:
                    continue
                return m, shared
            if not policy.same_class_higher or kind.value <= m.kind.value:
                return m, shared
    if policy.from_hand and all(map(laid_before, cards)):
        return None, set()
    return None


def reuse_fault(
    kind: Combination,
    cards: Sequence[Card],
    earlier: Sequence[Meld],
    laid_before: Callable[[Card], bool],
    policy: Reuse,
) -> str | None:
    """None if ``cards`` may be declared as ``kind`` after the ``earlier`` melds of the same player,
    else why not (:func:`reuse_clash`, in words, with the rule's source). ``laid_before(card)``: the
    card was already on the table before this declaration."""
    clash = reuse_clash(kind, cards, earlier, laid_before, policy)
    if clash is None:
        return None
    m, shared = clash
    if m is None:
        return (
            f"every card of {' '.join(map(str, cards))} is already on the table: a new declaration must add "
            f"at least one card from the hand ({_reuse_source(policy, 'Foster')})"
        )
    if m.kind.cls != kind.cls:
        return (f"{' '.join(map(str, sorted(shared, key=str)))} already served in your {m.kind.key}"
                + (f" ({policy.source})" if policy.source else ""))
    names = " ".join(str(c) for c in m.cards if c in shared)
    if not policy.same_class_higher:
        return (f"{names} already served in your {m.kind.key}: cards of a scored {m.kind.cls} serve in no other "
                f"{m.kind.cls}, neither extended nor scored again" + (f" ({policy.source})" if policy.source else ""))
    if kind.value < m.kind.value:
        return (
            f"{names} already served in your {m.kind.key} ({m.kind.value}): a lower combination of the same "
            f"class cannot be made from a higher one already declared ({_reuse_source(policy, 'Foster')})"
        )
    married = "marriage" in kind.key and "marriage" in m.kind.key
    return (
        f"{names} already served in your {m.kind.key}: cards once used cannot make another combination of "
        f"equal value of the same class ({_reuse_source(policy, 'married' if married else 'Foster')})"
    )


_CARD_OF: dict[tuple[Rank, Suit], Card] = {}


def _card(rank: Rank, suit: Suit) -> Card:
    c = _CARD_OF.get((rank, suit))
    if c is None:
        c = _CARD_OF[(rank, suit)] = Card.of(rank, suit)
    return c


_face = attrgetter("face")  # a card's face: a field of the card, read in C
#: every card there is (both copies) -> its face's notation
_face_text = {c: c.face._text for r in Rank for s in _SUITS_ORDER for c in (Card.of(r, s), Card.of(r, s, 1))}.__getitem__


def by_face(held: Iterable[Card]) -> dict[Card, tuple[Card, ...]]:
    """The held cards grouped by face (``QS`` -> (QS, QS')), in the order held."""
    held = list(held)
    faces = list(map(_face, held))
    groups: dict[Card, tuple[Card, ...]] = dict(zip(faces, zip(held)))  # most often each face is held once: grouped in one pass in C
    if len(groups) == len(held):
        return groups
    out: dict[Card, tuple[Card, ...]] = {}
    for f, c in zip(faces, held):
        out[f] = out.get(f, ()) + (c,)
    return out


def candidates(
    kind: Combination,
    held: Iterable[Card] | Mapping[Card, Sequence[Card]],
    trump: Suit | None,
    on_table: Callable[[Card], bool] | None,
    melds: Sequence[Meld],
    single: bool | None = None,
) -> list[tuple[Card, ...]]:
    """Card tuples in ``held`` (cards, or cards grouped by :func:`by_face`) that make ``kind``, one
    of each set of interchangeable choices. ``on_table``: whether a card was on the table before
    (None: none was); ``single``: whether no face is held twice, if known."""
    groups = held if isinstance(held, dict) else by_face(held)
    suits = kind.suits(trump)
    if not suits:
        return []
    shape = kind.shape
    if single is None:
        single = not groups or max(map(len, groups.values())) == 1
    if single:
        # one card of each face: no two candidates are the same faces, so none is a copy of another
        return shape.options_once(groups, suits) if type(shape) is Run else list(shape.options(groups, trump, suits))
    options = shape.options(groups, trump, suits)
    out: list[tuple[Card, ...]] = []
    seen: set = set()
    if on_table is None and not melds:
        # no card on the table nor in an earlier meld: two copies of a face are alike, so the faces
        # alone tell two candidates apart; a run's faces are fixed by its suit (the first copies,
        # as the first of its options takes them)
        if type(shape) is Run:
            return shape.options_once(groups, suits)
        for cards in options:
            faces = tuple(sorted(map(_face_text, cards)))
            if faces not in seen:
                seen.add(faces)
                out.append(cards)
        return out
    laid_before = on_table or _never
    where: dict[Card, tuple[int, ...]] = {}  # card -> the earlier melds it is in (by index)
    for i, m in enumerate(melds):
        for c in m.cards:
            at = where.get(c, ())
            if not at or at[-1] != i:
                where[c] = (*at, i)
    for cards in options:
        # the face by its notation (sorted as str() gives it), on the table or not, the earlier melds holding it
        sig = tuple(sorted([(_face_text(c), laid_before(c), where.get(c, ())) for c in cards]))
        if sig in seen:
            continue
        seen.add(sig)
        out.append(cards)
    return out


def _never(card: Card) -> bool:
    return False


@dataclass
class MeldTable:
    """A game's combinations by key, with the aliases readers type (``royal``, ``4 aces``...)."""

    kinds: tuple[Combination, ...]
    aliases: dict[str, str] = field(default_factory=dict)

    def get(self, name: str) -> Combination | None:
        found = self._by_key.get(name)  # a combination's own key, as listed actions name it: no reading of the name
        return found if found is not None else self._read(name)

    def _read(self, name: str) -> Combination | None:
        key = " ".join(name.lower().replace("-", " ").split())
        key = self.aliases.get(key, key)
        for k in self.kinds:
            if k.key == key:
                return k
        return None

    @cached_property
    def _by_key(self) -> dict[str, Combination]:
        """Each combination's key, with what reading it as a name finds."""
        return {k.key: found for k in self.kinds if (found := self._read(k.key)) is not None}

    def names(self) -> list[str]:
        return [k.key for k in self.kinds]

    @cached_property
    def screen(self) -> Screen:
        """The quick test of whether a hand could make any of these combinations (:class:`Screen`)."""
        from .screen import Screen  # (that module reads the shapes defined here)

        return Screen(self.kinds)

    def matching(self, cards: Sequence[Card], trump: Suit | None) -> list[Combination]:
        """The combinations ``cards`` make, with ``trump`` trumps."""
        return [k for k in self.kinds if k.matches(cards, trump)]

    def infer(self, cards: Sequence[Card], trump: Suit | None) -> Combination:
        """The one combination ``cards`` make (for a declaration written without a name); if they
        make none, or several, an :class:`IllegalActionError` says so."""
        fits = self.matching(cards, trump)
        if len(fits) == 1:
            return fits[0]
        faces = " ".join(map(str, cards))
        if fits:
            raise IllegalActionError(f"{faces} could be {' or '.join(k.key for k in fits)}: name the one you mean",
                                     token=faces, legal=[k.key for k in fits])
        # each combination described while they are few; a game of many (Briscan's sequences) by name
        listed = ("; ".join(f"{k.key} ({k.describe(trump)})" for k in self.kinds) if len(self.kinds) <= _DESCRIBED
                  else ", ".join(self.names()))
        raise IllegalActionError(
            f"{faces} make no combination" + (f" with {trump.noun} trumps" if trump else "") + "; the combinations are "
            + listed, token=faces, legal=self.names(),
        )
