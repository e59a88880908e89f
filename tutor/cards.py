"""Suits, ranks, cards, hands and the packs of every game in the tutor.

Cards know nothing of games: a game decides how ranks order and what they count. The notation is
rank + suit, ``AS TD 7C``; ``10`` is read as ``T`` and the suit symbols ``♠♥♦♣`` as ``S H D C``.
Packs that hold two copies of each card (Bezique, Gaigel) mark the second copy with a prime,
``AS'``: the two copies are distinct cards (``Card("AS") != Card("AS'")``) but share a
:attr:`Card.face`, which is what combinations and trick-taking compare.

Cards are interned, so ``Card("AS") is Card("AS")`` and comparison is by identity (fast in hot
loops); they pickle and deep-copy back to the same object.
"""

from __future__ import annotations

import enum
import random
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from math import floor
from typing import TypeVar

from .errors import MAX_DIGITS, NotationError, list_words, looks_numeric, read_whole, shorten, shown

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "Hand",
    "Pack",
    "PACKS",
    "PIQUET_PACK",
    "parse_cards",
    "shuffled",
    "check_seed",
]

T = TypeVar("T")


class Suit(enum.Enum):
    """The four French suits. Spanish packs map onto them (see :data:`SPANISH_SUIT_NAMES`)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def colour(self) -> str:
        return "red" if self in (Suit.HEARTS, Suit.DIAMONDS) else "black"

    @property
    def noun(self) -> str:
        """Plural English name: ``spades``."""
        return _SUIT_NOUNS[self._value_]  # (by the letter: an enum's name is read through a descriptor)

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __str__(self) -> str:
        return self.value


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_NOUNS = {s._value_: s.name.lower() for s in Suit}
_SUIT_BY_CHAR = {s.value: s for s in Suit} | {sym: s for s, sym in _SUIT_SYMBOLS.items()}
_SUIT_BY_CHAR |= {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}

#: The Spanish suits (oros, copas, espadas, bastos) and the French suit each is written as.
SPANISH_SUIT_NAMES = {
    Suit.DIAMONDS: "oros",
    Suit.HEARTS: "copas",
    Suit.SPADES: "espadas",
    Suit.CLUBS: "bastos",
}


class Rank(enum.Enum):
    """Ranks by their notation letter. How they order and count is each game's business."""

    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "T"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def noun(self) -> str:
        """English name as the old books write it: ``knave`` for the jack."""
        return _RANK_NOUNS[self]

    @property
    def is_court(self) -> bool:
        """King, queen or knave: the cards whose absence makes a carte blanche."""
        return self in (Rank.KING, Rank.QUEEN, Rank.JACK)

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    def __str__(self) -> str:
        return self.value


_RANK_NOUNS = {
    Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "knave", Rank.TEN: "ten",
    Rank.NINE: "nine", Rank.EIGHT: "eight", Rank.SEVEN: "seven", Rank.SIX: "six",
    Rank.FIVE: "five", Rank.FOUR: "four", Rank.THREE: "three", Rank.TWO: "two",
}
_RANK_BY_CHAR = {r.value: r for r in Rank} | {"10": Rank.TEN}

# Letters are ASCII only: a look-alike (the Kelvin sign for K, a fullwidth letter, the long s for S)
# is refused with its name rather than read as another card.
_TOKEN = re.compile(r"^(10|[AKQJTakqjt2-9])([SHDCshdc♠♥♦♣♤♡♢♧])(')?$")
_SYMBOLS = set("♠♥♦♣♤♡♢♧")


class Card:
    """One card: ``Card("QS")``, or ``Card.of(Rank.QUEEN, Suit.SPADES)``.

    ``str`` gives the notation back and ``repr`` can be pasted back into Python. ``face`` is the
    card with the copy mark dropped (what combinations and tricks compare): the card itself, or
    for a second copy the first, set once when the card is made.
    """

    __slots__ = ("rank", "suit", "copy", "_text", "face")
    _interned: dict[tuple[Rank, Suit, int], Card] = {}

    rank: Rank
    suit: Suit
    copy: int
    _text: str
    face: Card

    def __new__(cls, notation: str) -> Card:
        return parse_card(notation)

    @classmethod
    def of(cls, rank: Rank, suit: Suit, copy: int = 0) -> Card:
        key = (rank, suit, copy)
        card = cls._interned.get(key)
        if card is None:
            if copy not in (0, 1):
                raise NotationError(f"a card has copy 0 or 1, not {copy!r}", token=copy, legal=(0, 1))
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "copy", copy)
            object.__setattr__(card, "_text", rank.value + suit.value + ("'" if copy else ""))
            object.__setattr__(card, "face", cls.of(rank, suit) if copy else card)
            cls._interned[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self):
        return (Card, (self._text,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo) -> Card:
        return self

    @property
    def symbol(self) -> str:
        """``Q♠``: the notation with the suit symbol, for display."""
        return ("10" if self.rank is Rank.TEN else self.rank.value) + self.suit.symbol + (
            "'" if self.copy else ""
        )

    @property
    def name(self) -> str:
        """``queen of spades``: the text alternative for a drawing of the card."""
        return f"{self.rank.noun} of {self.suit.noun}"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def _repr_html_(self) -> str:
        from .render import card_svg

        return card_svg(self)


def parse_card(token: str | Card) -> Card:
    """Read one card token (``AS``, ``10h``, ``Q♠``, ``AS'``)."""
    if type(token) is str:
        read = _READ.get(token)
        if read is not None:
            return read
    if isinstance(token, Card):
        return token
    if not isinstance(token, str):
        raise NotationError(f"a card is written as text like 'AS', not {shown(token)}", token=shown(token))
    m = _TOKEN.match(token.strip())
    if not m:
        odd = _odd_characters(token)
        raise NotationError(
            f"cannot read card {shorten(token)}{odd}: write rank then suit, ranks A K Q J T(10) 9 8 7 6 5 4 3 2, "
            "suits S H D C (or ♠ ♥ ♦ ♣), e.g. AS TD 7C",
            token=token[:40],
        )
    rank = _RANK_BY_CHAR[m.group(1).upper()]
    suit = _SUIT_BY_CHAR[m.group(2).upper()]
    card = Card.of(rank, suit, 1 if m.group(3) else 0)
    if len(_READ) < _READ_MOST:
        _READ[token] = card
    return card


#: tokens already read (a card is immutable, so the same token always reads as the same card);
#: kept to a few thousand entries, whatever text a reader types
_READ: dict[str, Card] = {}
_READ_MOST = 4096


def _odd_characters(text: str) -> str:
    """``" (it holds the KELVIN SIGN, not a plain letter)"`` for characters a keyboard's letters
    are easily mistaken for; empty when there are none."""
    import unicodedata

    odd = []
    for ch in dict.fromkeys(text[:40]):
        if not ch.isascii() and ch not in _SYMBOLS and ch != "'":
            odd.append(unicodedata.name(ch, f"U+{ord(ch):04X}"))
    return f" (it holds the {', the '.join(odd[:3])}, not a plain letter or digit)" if odd else ""


_SPLIT = re.compile(r"[\s,;]+")


def parse_cards(text: str | Iterable[Card | str]) -> list[Card]:
    """Read a list of cards from ``"AS KS QS"`` (spaces or commas) or from an iterable."""
    if isinstance(text, str):
        tokens = [t for t in _SPLIT.split(text.strip()) if t]
    elif isinstance(text, Iterable) and not isinstance(text, (bytes, dict)):
        tokens = list(text)
    else:
        raise NotationError(f"cards are written as text like 'AS KS QS', not {type(text).__name__} {shown(text)}",
                            token=shown(text))
    return [parse_card(t) for t in tokens]


class Hand(tuple[Card, ...]):
    """An immutable group of distinct cards, in the order given: ``Hand("AS KS QS")``."""

    __slots__ = ()

    def __new__(cls, cards: str | Iterable[Card] | Iterable[str] = ()) -> Hand:
        parsed = parse_cards(cards)
        seen: set[Card] = set()
        for c in parsed:
            if c in seen:
                raise NotationError(f"card {c} appears twice in {' '.join(map(str, parsed))}", token=str(c))
            seen.add(c)
        return super().__new__(cls, parsed)

    def __str__(self) -> str:
        return " ".join(c._text for c in self)

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"

    def _repr_html_(self) -> str:
        from .render import hand_svg

        return hand_svg(self)

    def suit(self, suit: Suit) -> Hand:
        return Hand(c for c in self if c.suit is suit)


@dataclass(frozen=True)
class Pack:
    """A pack: its ranks (high to low, in the order its games usually print them), suits, copies."""

    key: str
    title: str
    ranks: tuple[Rank, ...]
    suits: tuple[Suit, ...] = tuple(Suit)
    copies: int = 1
    cards: tuple[Card, ...] = field(init=False, repr=False, compare=False)
    _index: dict[Card, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards = tuple(
            Card.of(r, s, k) for k in range(self.copies) for s in self.suits for r in self.ranks
        )
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "_index", {c: i for i, c in enumerate(cards)})

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self._index

    def index(self, card: Card) -> int:
        return self._index[card]

    def describe_ranks(self) -> str:
        return " ".join(r.value for r in self.ranks)

    def check(self, cards: Iterable[Card]) -> None:
        """Raise :class:`NotationError` for a card that is not in this pack."""
        for c in cards:
            if c not in self._index:
                raise NotationError(
                    f"card {c} is not in the {self.title}: its ranks are {self.describe_ranks()}"
                    + ("" if self.copies == 1 else " (second copies marked with ')"),
                    token=str(c),
                )

    def parse_hand(self, text: str | Iterable[Card] | Iterable[str], size: int | None = None, what: str = "hand") -> Hand:
        """Read a hand of this pack, checking membership, duplicates and (if given) the size."""
        hand = Hand(text)
        self.check(hand)
        if size is not None and len(hand) != size:
            raise NotationError(
                f"a {what} here has {size} cards, but {shorten(str(hand)) if hand else '(nothing)'} has {len(hand)}",
                token=shorten(str(hand)),
            )
        return hand

    def sort_key(self, card: Card) -> int:
        return self._index[card]

    def sorted(self, cards: Iterable[Card]) -> Hand:
        ordered: list[Card] = sorted(cards, key=self._index.__getitem__)
        return Hand(ordered)

    def shuffled(self, seed: int | str | None = None) -> list[Card]:
        return shuffled(self.cards, seed)


#: the longest text a seed may be (a seed is a name for a deal, short enough to say or copy)
SEED_MAX = 64


_SEED_BOUND = 10**MAX_DIGITS  # a whole number seed has fewer digits than read_whole allows


def check_seed(seed: object) -> int | str | None:
    """A seed as the shuffle takes it: a whole number, or a short text (a string of plain digits is
    read as that number). Anything else is a :class:`NotationError` naming it, as is a number of
    more than 64 digits and a text written as a number in other digits (``１０``, ``١٠``, ``1_0``:
    read as text they would name another deal than the number they look like)."""
    if type(seed) is int and -_SEED_BOUND < seed < _SEED_BOUND:
        return seed  # (what read_whole gives such a number: itself; read every deal, so without its call)
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise NotationError(f"a seed is a whole number or a short text, not {type(seed).__name__} {shown(seed)}",
                            token=shown(seed))
    if isinstance(seed, int) or looks_numeric(seed):
        return read_whole(seed, "a seed", error=NotationError)
    text = seed.strip()
    if len(text) > SEED_MAX or not text.isprintable():
        raise NotationError(f"a seed is a whole number or a text of at most {SEED_MAX} printable characters, not {shorten(seed)}",
                            token=shorten(seed))
    return text


def shuffled(cards: Sequence[T], seed: int | str | None = None) -> list[T]:
    """A Fisher-Yates shuffle driven only by ``random.Random(seed).random()``.

    ``random.shuffle`` is not promised to give the same order on every Python version, while
    ``random()`` for a given integer or string seed is: so a seed names the same deal everywhere.
    A string of digits is read as that integer, so ``--seed 7`` on the command line, ``seed=7``
    in Python and ``7`` typed into a panel all give the same deal.
    """
    rand = random.Random(check_seed(seed)).random
    out = list(cards)
    for i in range(len(out) - 1, 0, -1):
        j = floor(rand() * (i + 1))  # (int() of the same number: it is never negative)
        out[i], out[j] = out[j], out[i]
    return out


_R = Rank
PIQUET_PACK = Pack("piquet32", "32-card piquet pack", (_R.ACE, _R.KING, _R.QUEEN, _R.JACK, _R.TEN, _R.NINE, _R.EIGHT, _R.SEVEN))
PACKS: dict[str, Pack] = {
    p.key: p
    for p in (
        PIQUET_PACK,
        Pack("pack24", "24-card pack", (_R.ACE, _R.TEN, _R.KING, _R.QUEEN, _R.JACK, _R.NINE)),
        Pack("pack20", "20-card pack", (_R.ACE, _R.TEN, _R.KING, _R.QUEEN, _R.JACK)),
        Pack("pack36", "36-card pack", (_R.ACE, _R.TEN, _R.KING, _R.QUEEN, _R.JACK, _R.NINE, _R.EIGHT, _R.SEVEN, _R.SIX)),
        # Spanish: as, tres, rey, caballo (written Q), sota (written J), 7 6 5 4 2.
        Pack(
            "spanish40",
            "40-card Spanish pack",
            (_R.ACE, _R.THREE, _R.KING, _R.QUEEN, _R.JACK, _R.SEVEN, _R.SIX, _R.FIVE, _R.FOUR, _R.TWO),
            (Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES, Suit.CLUBS),
        ),
        Pack("gaigel48", "48-card Gaigel pack", (_R.ACE, _R.TEN, _R.KING, _R.QUEEN, _R.JACK, _R.SEVEN), copies=2),
        Pack("bezique64", "64-card bezique pack (two piquet packs)", (_R.ACE, _R.TEN, _R.KING, _R.QUEEN, _R.JACK, _R.NINE, _R.EIGHT, _R.SEVEN), copies=2),
    )
}

#: Spanish names of the ranks in the 40-card pack (the horse is written Q, the jack J).
SPANISH_RANK_NAMES = {
    _R.ACE: "as", _R.THREE: "tres", _R.KING: "rey", _R.QUEEN: "caballo", _R.JACK: "sota",
    _R.SEVEN: "siete", _R.SIX: "seis", _R.FIVE: "cinco", _R.FOUR: "cuatro", _R.TWO: "dos",
}


#: The English names the tutor gives the Spanish suits (the coin, the cup, the sword, the club).
SPANISH_SUIT_NOUNS = {Suit.DIAMONDS: "coins", Suit.HEARTS: "cups", Suit.SPADES: "swords", Suit.CLUBS: "clubs"}
#: The index each Spanish rank prints in the tutor's drawings: R(ey), C(aballo), S(ota), numbers for the rest.
SPANISH_INDEX = {
    _R.ACE: "A", _R.THREE: "3", _R.KING: "R", _R.QUEEN: "C", _R.JACK: "S",
    _R.SEVEN: "7", _R.SIX: "6", _R.FIVE: "5", _R.FOUR: "4", _R.TWO: "2",
}
SPANISH_PACK = PACKS["spanish40"]

# What a reader may write for a Spanish rank or suit: the Spanish word, the index the tutor prints,
# the number the Spanish pack prints on the card (1 the as, 10 the sota, 11 the caballo, 12 the rey).
_SP_RANK: dict[str, Rank] = {}
for _rk, _word in SPANISH_RANK_NAMES.items():
    _SP_RANK[_word] = _rk
    _SP_RANK[SPANISH_INDEX[_rk].lower()] = _rk
_SP_RANK |= {"1": _R.ACE, "10": _R.JACK, "11": _R.QUEEN, "12": _R.KING, "a": _R.ACE, "k": _R.KING, "q": _R.QUEEN, "j": _R.JACK}
_SP_SUIT: dict[str, Suit] = {}
for _st, _word in SPANISH_SUIT_NAMES.items():
    _SP_SUIT[_word] = _st
    _SP_SUIT[_word[:-1]] = _st  # oro, copa, espada, basto
    _SP_SUIT[_word[0]] = _st  # o, c, e, b
del _rk, _st, _word
_SP_WORD = r"[a-záéíóúñ0-9]+"
_SP_TOKEN = re.compile(rf"^\s*({_SP_WORD})(?:\s+de\s+|\s*[-_/:]\s*|\s+)({_SP_WORD})\s*$", re.IGNORECASE)
_SP_FORMS = ("write a Spanish card as rank and suit, e.g. 'rey de copas', 'caballo-oros', 'R-c', '3 de espadas' "
             "(ranks as 3 rey/R caballo/C sota/S 7 6 5 4 2, suits oros copas espadas bastos or o c e b), "
             "or in the tutor's notation (3D = tres de oros)")


def spanish_name(card: Card) -> str:
    """``caballo de oros``: the card as a Spanish player names it."""
    return f"{SPANISH_RANK_NAMES[card.rank]} de {SPANISH_SUIT_NAMES[card.suit]}"


def spanish_symbol(card: Card) -> str:
    """``C-oros``: the index the drawings print, and the suit's Spanish name."""
    return f"{SPANISH_INDEX[card.rank]}-{SPANISH_SUIT_NAMES[card.suit]}"


def parse_spanish_card(token: str | Card) -> Card:
    """Read one card of the Spanish pack: ``rey de copas``, ``caballo-oros``, ``S-e``, ``12 de bastos``,
    or the tutor's notation (``QD``: the caballo de oros). A card not in the 40-card pack, or a word
    that is not a Spanish rank or suit, is a :class:`NotationError` naming it."""
    if isinstance(token, Card):
        SPANISH_PACK.check([token])
        return token
    if not isinstance(token, str):
        raise NotationError(f"a card is written as text like 'rey de copas', not {shown(token)}", token=shown(token))
    m = _SP_TOKEN.match(token)
    if m is None:
        try:
            card = parse_card(token)
        except NotationError:
            raise NotationError(f"cannot read Spanish card {shorten(token)}: {_SP_FORMS}", token=token[:40]) from None
        SPANISH_PACK.check([card])
        return card
    rank_word, suit_word = m.group(1).lower(), m.group(2).lower()
    rank = _SP_RANK.get(rank_word)
    if rank is None:
        raise NotationError(f"{rank_word!r} is not a rank of the Spanish pack in {shorten(token)}: the ranks are "
                            + ", ".join(SPANISH_RANK_NAMES.values()), token=rank_word, legal=tuple(SPANISH_RANK_NAMES.values()))
    suit = _SP_SUIT.get(suit_word)
    if suit is None:
        raise NotationError(f"{suit_word!r} is not a Spanish suit in {shorten(token)}: the suits are oros, copas, espadas, bastos",
                            token=suit_word, legal=tuple(SPANISH_SUIT_NAMES.values()))
    return Card.of(rank, suit)


_SP_LIST = re.compile(rf"({_SP_WORD})(?:\s+de\s+|\s*[-_/:]\s*)({_SP_WORD})|(\S+)", re.IGNORECASE)


def parse_spanish_cards(text: str | Iterable[Card | str]) -> list[Card]:
    """Read Spanish cards from ``"rey de copas, 3-oros, S-e"`` (commas, or spaces between cards
    written with ``de`` or a hyphen) or the tutor's notation ``"KH 3D JS"``, or from an iterable."""
    if not isinstance(text, str):
        if not isinstance(text, Iterable) or isinstance(text, (bytes, dict)):
            raise NotationError(f"Spanish cards are written as text like 'rey de copas, 3-oros', not {type(text).__name__}",
                                token=shown(text))
        return [parse_spanish_card(t) for t in text]
    if "," in text or ";" in text:
        return [parse_spanish_card(t) for t in re.split(r"[,;]", text) if t.strip()]
    out = []
    for m in _SP_LIST.finditer(text):
        out.append(parse_spanish_card(m.group(0)))
    return out


def check_distinct(cards: Iterable[Card], what: str = "these cards") -> None:
    seen: set[Card] = set()
    for c in cards:
        if c in seen:
            raise NotationError(f"card {c} appears twice in {what}", token=str(c))
        seen.add(c)


__all__ += ["SPANISH_SUIT_NAMES", "SPANISH_RANK_NAMES", "SPANISH_SUIT_NOUNS", "SPANISH_INDEX", "SPANISH_PACK",
            "spanish_name", "spanish_symbol", "parse_spanish_card", "parse_spanish_cards", "check_distinct", "parse_card",
            "parse_suit", "list_words"]


def parse_suit(value: str | Suit) -> Suit:
    """A suit named by its letter, symbol or noun (``H``, ``♥``, ``hearts``, ``heart``)."""
    if isinstance(value, Suit):
        return value
    text = value.strip().upper() if isinstance(value, str) else None  # another type names no suit
    for s in Suit:
        if text in (s.value, s.symbol, s.noun.upper(), s.noun.upper().rstrip("S")):
            return s
    raise NotationError(f"trumps are S, H, D or C (or spades, hearts...), not {shown(value)}",
                        token=value if isinstance(value, str) else shown(value), legal=("S", "H", "D", "C"))
