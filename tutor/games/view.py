"""What one seat sees of the table, typed: the one view every panel draws, for every game.

:class:`TableView` holds what any trick game shows a seat: the seats round the table (names,
sides, partners, whose turn, how many cards each holds, what each has shown, the tricks each has
taken), the seat's own hand, the trick in play and the last one with who played what, the stock,
the turn-up and trumps, the declarations on the table, the scores of the deal and the match, the
legal actions grouped by kind with their labels, a prompt, and the last events in words. It is
built over the contract alone (:func:`table_view`, a game's :meth:`~tutor.games.contract.Game.table_view`), from what a state says of a seat's table in
:class:`TableParts` (:meth:`tutor.games.base.GameState.table_parts`): a game adds what is its own
through one typed extension, :class:`Extra`, never new keys. ``to_json()`` is its form for the
browser: cards as their notation, everything else plain JSON.

>>> from tutor.games import load
>>> game = load("sixtysix")
>>> v = game.table_view(game.deal(seed=1), "elder")
>>> v.viewer, [p.seat for p in v.places], len(v.hand), v.stock, v.trumps
('elder', ['elder', 'younger'], 6, 12, 'clubs')
>>> sorted(v.groups())
['close', 'play']
>>> v.prompt
'Elder: your lead to trick 1; play a card, or first close.'
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..cards import Card

if TYPE_CHECKING:  # pragma: no cover
    from .base import GameState
    from .contract import Game
    from .match import Match

__all__ = ["TableView", "TableParts", "Place", "Played", "Trick", "Choice", "Declared", "Extra", "table_view",
           "choice_of", "out_of_turn", "takes_seat", "scorer_names", "prompt_for", "GROUP_LABELS"]


@dataclass(frozen=True)
class Extra:
    """A game's own part of its view: a dataclass of typed fields (Piquet's talon and discard,
    Le Truc's stake...). ``lines()`` says them in words for a panel that knows nothing of the game."""

    def items(self) -> list[tuple[str, Any]]:
        """(label, value) pairs for every field worth showing, the values as they are."""
        out = []
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value in (None, (), "", [], {}):
                continue
            out.append((f.metadata.get("label", f.name.replace("_", " ")), value))
        return out

    def lines(self) -> list[tuple[str, str]]:
        """(label, value) pairs, in words, for every field worth showing."""
        return [(label, _words(value)) for label, value in self.items()]

    def to_json(self) -> dict:
        return {f.name: _json(getattr(self, f.name)) for f in dataclasses.fields(self)}


@dataclass(frozen=True)
class Place:
    """A seat round the table as the viewer sees it. ``name`` is who sits there (a match's person,
    else the seat's own name); ``hand`` is face up only for the viewer; ``shown`` are the cards the
    seat has laid face up for all to see (declarations on the table, a hand shown)."""

    seat: str
    name: str
    side: str
    partner: str | None
    to_move: bool
    dealer: bool
    cards: int
    hand: tuple[Card, ...] | None = None
    shown: tuple[Card, ...] = ()
    tricks: int = 0


@dataclass(frozen=True)
class Played:
    """A card played to a trick: by which seat (and who sits there); None for a card played face down."""

    seat: str
    name: str
    card: Card | None


@dataclass(frozen=True)
class Trick:
    plays: tuple[Played, ...]
    winner: str | None = None  # the seat that took it (a finished trick)

    @property
    def leader(self) -> str | None:
        return self.plays[0].seat if self.plays else None


@dataclass(frozen=True)
class Choice:
    """A legal action: its notation (what ``apply`` takes), its kind (the notation's first word,
    after the seat of an action out of turn: ``younger: exchange 7H`` is an exchange), a label in
    words, and the cards it names."""

    notation: str
    kind: str
    label: str
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Declared:
    """A declaration on the table (or called aloud): by which seat, what, its cards, its points if known."""

    seat: str
    name: str
    what: str
    cards: tuple[Card, ...] = ()
    points: int | None = None


@dataclass
class TableParts:
    """What a state says of its table to one seat, by seat index (the state's own side of the
    view: :func:`table_view` adds names, turn, hand, choices, scores and the prompt).

    ``counts`` how many cards each seat holds; ``shown`` the cards each has face up; ``won`` the
    tricks each has taken; ``trick`` the trick in play as (seat, card or None face down);
    ``last_trick`` the last finished one and ``last_winner``; ``stock`` the cards left to draw
    (None: the game has none); ``declared`` as (seat, what, cards, points); ``prompt`` a game's own
    words for the seat to move (None: the generic prompt); ``extra`` the game's typed extension;
    ``fresh`` the cards of the seat's hand it has just taken in (from the talon)."""

    counts: dict[int, int] = field(default_factory=dict)
    shown: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    won: dict[int, int] = field(default_factory=dict)
    trick: list[tuple[int, Card | None]] = field(default_factory=list)
    last_trick: list[tuple[int, Card | None]] = field(default_factory=list)
    last_winner: int | None = None
    stock: int | None = None
    stock_name: str = "stock"
    turnup: Card | None = None
    trumps: str | None = None
    declared: list[tuple[int, str, tuple[Card, ...], int | None]] = field(default_factory=list)
    prompt: str | None = None
    extra: Extra | None = None
    tricks_played: int = 0
    fresh: tuple[Card, ...] = ()


@dataclass(frozen=True)
class TableView:
    """What ``viewer`` sees of the table now (see the module docstring). ``places`` are in order of
    play from the viewer; ``scores`` this deal's, by side; ``standing`` the match's totals (None:
    a single deal); ``choices`` the viewer's legal actions: when it is not its turn, what the rules
    let it do out of turn (where the state's ``legal_actions`` takes a ``seat``; most often nothing)."""

    game: str
    title: str
    pack: str
    viewer: str
    phase: str
    direction: int
    places: tuple[Place, ...]
    hand: tuple[Card, ...]
    trick: Trick
    last_trick: Trick | None
    stock: int | None
    stock_name: str
    turnup: Card | None
    trumps: str | None
    declared: tuple[Declared, ...]
    scores: Mapping[str, int]
    standing: Mapping[str, int] | None
    target: int | None
    choices: tuple[Choice, ...]
    prompt: str
    events: tuple[str, ...]
    over: bool
    outcome: str | None
    tricks_played: int = 0
    extra: Extra | None = None
    code: str = ""
    fresh: tuple[Card, ...] = ()

    def place(self, seat: str) -> Place:
        return next(p for p in self.places if p.seat == seat)

    @property
    def me(self) -> Place:
        return self.places[0]

    @property
    def to_move(self) -> Place | None:
        return next((p for p in self.places if p.to_move), None)

    def groups(self) -> dict[str, tuple[Choice, ...]]:
        """The choices by kind, in the order the kinds first come."""
        out: dict[str, list[Choice]] = {}
        for c in self.choices:
            out.setdefault(c.kind, []).append(c)
        return {k: tuple(v) for k, v in out.items()}

    def to_json(self) -> dict:
        return _json(self)


#: How a panel names a group of choices (a kind missing here is named by its own word).
GROUP_LABELS = {
    "play": "Play a card", "declare": "Declare", "exchange": "Exchange", "close": "Close", "claim": "Claim",
    "draw": "Draw", "discard": "Discard", "call": "Call", "bid": "Bid", "ask": "Ask", "no": "Answer",
    "yes": "Answer", "show": "Answer", "pass": "Pass", "good": "Reply", "not": "Reply", "equal": "Reply", "keep": "Keep",
    "accept": "Answer", "refuse": "Answer", "double": "Raise", "banco": "Raise", "stand": "Stand",
    "accuse": "Accuse", "tauchen": "Exchange", "ge-elfen": "Ge-elfen", "zweite-alte": "Zweite Alte",
}

_CARD = re.compile(r"^(10|[AKQJT2-9])[SHDC]'?$")


def choice_of(action: Any) -> Choice:
    """A legal action as a :class:`Choice`: its notation, kind, a label with card symbols, its cards."""
    return _choice_of(str(action))


@functools.lru_cache(maxsize=4096)
def _choice_of(notation: str) -> Choice:
    """The choice a notation makes (read once: a Piquet discard lists over a thousand of them at
    every view; a choice is immutable and made from its notation alone)."""
    words = notation.split()
    seat = words[:1] if words and words[0].endswith(":") and len(words) > 1 else []  # an action out of turn names its seat first
    words = words[len(seat):]
    read = [_word(w) for w in words]
    cards = tuple(c for c, _ in read[1:] if c is not None)
    label = " ".join(text for _, text in read)
    label = label[:1].upper() + label[1:] + (" (out of turn)" if seat else "")
    return Choice(notation, words[0] if words else notation, label, cards)


@functools.lru_cache(maxsize=1024)
def _word(word: str) -> tuple[Card | None, str]:
    """A word of a notation: its card and the card's symbol, or no card and the word itself."""
    if _CARD.match(word):
        card = Card(word)
        return card, card.symbol
    return None, word


def out_of_turn(state: GameState, seat: Any) -> list[Any]:
    """What ``seat``, not the one to move, may do now out of turn: the state's
    ``legal_actions(seat=...)`` where its contract takes a seat (the stock-and-tricks games: the
    seven of trumps exchanged at any time, a partner's claim), else nothing."""
    if not takes_seat(state) or state.is_over:
        return []
    return list(state.legal_actions(seat=seat))  # type: ignore[call-arg]


def takes_seat(state: GameState) -> bool:
    """Whether ``state.legal_actions`` (and so ``why_illegal`` and ``apply``) takes a ``seat``."""
    try:
        return "seat" in inspect.signature(state.legal_actions).parameters
    except (TypeError, ValueError):  # pragma: no cover - a legal_actions without a signature
        return False


def table_view(game: Game, playing: GameState | Match, seat: Any, *, log: Sequence[str] = (),
               names: Mapping[str, str] | None = None) -> TableView:
    """What ``seat`` (a seat of the deal in play: a Seat, its index or its name) sees of ``playing``
    (a deal, or a match: then the persons' names, the standing and the target are its own).
    ``log`` is what the table has heard so far, in words (a session's log); the view keeps its
    last lines. ``names`` renames seats (seat name -> who sits there) for a single deal."""
    from .match import Match

    match = playing if isinstance(playing, Match) else None
    state: GameState = match.deal if match is not None else playing  # type: ignore[assignment]
    table = state.table
    me = table.seat(seat if isinstance(seat, str) else int(seat))
    view = state.view(me)

    def who(s) -> str:
        if match is not None:
            return match.person(s).name
        return (names or {}).get(table.seats[int(s)].name, table.seats[int(s)].name)

    parts = state.table_parts(me, tuple(who(s) for s in table))

    turn = state.turn
    hand = tuple(c if isinstance(c, Card) else Card(str(c)) for c in view.get("hand", ()))  # a JSON view names its cards
    places = []
    for s in table.order_from(me):
        partner = s.partner
        places.append(Place(
            seat=s.name, name=who(s), side=table.side_name(s), partner=None if partner is None else partner.name,
            to_move=turn is not None and int(turn) == int(s), dealer=int(table.dealer) == int(s),
            cards=parts.counts.get(int(s), len(hand) if s == me else 0),
            hand=hand if s == me else None, shown=tuple(parts.shown.get(int(s), ())), tricks=parts.won.get(int(s), 0),
        ))

    def trick(pairs, winner=None) -> Trick:
        return Trick(tuple(Played(table.seats[p].name, who(p), c) for p, c in pairs),
                     None if winner is None else table.seats[winner].name)

    choices: tuple[Choice, ...] = ()
    if turn is not None and int(turn) == int(me):
        choices = tuple(choice_of(a) for a in state.legal_actions())
    elif turn is not None and (match is None or not match.between_deals):
        choices = tuple(choice_of(a) for a in out_of_turn(state, me))
    out = state.outcome()
    standing = {match.persons.words(k): v for k, v in match.standing().items()} if match is not None else None
    t = game.TYPE
    v = TableView(
        game=t.name, title=t.title, pack=t.pack, viewer=me.name, phase=str(view.get("phase", "")), direction=table.direction,
        places=tuple(places), hand=hand, trick=trick(parts.trick),
        last_trick=trick(parts.last_trick, parts.last_winner) if parts.last_trick else None,
        stock=parts.stock, stock_name=parts.stock_name, turnup=parts.turnup, trumps=parts.trumps,
        declared=tuple(Declared(table.seats[p].name, who(p), what, tuple(cs), pts) for p, what, cs, pts in parts.declared),
        scores=_scores(state, match), standing=standing, target=getattr(match, "target", None),
        choices=choices, prompt="", events=tuple(log[-12:]), over=state.is_over,
        outcome=None if out is None else out.reason, tricks_played=parts.tricks_played, extra=parts.extra, code=state.code,
        fresh=tuple(parts.fresh),
    )
    return dataclasses.replace(v, prompt=parts.prompt if parts.prompt is not None else prompt_for(v))


def scorer_names(state: GameState, match: Match | None) -> dict[str, str]:
    """Each scorer of the deal (a seat's name, or a side's key) under the name the table knows it
    by, in a reader's words ('second and dealer'): in a match, the match's person or side now in
    that seat or side."""
    table = state.table
    out = {}
    for s in table:
        key = table.side_name(s) if table.partnerships else s.name
        out[key] = table.words(key) if match is None else match.persons.words(match.scorer_of(match.person(s)))
    return out


def _scores(state: GameState, match: Match | None) -> dict[str, int]:
    names = scorer_names(state, match)
    return {names.get(k, k): v for k, v in state.scores().items()}


def prompt_for(v: TableView) -> str:
    """What is to be done now, in words, for the viewer (generic over the view)."""
    if v.over:
        return f"The deal is over: {v.outcome}." if v.outcome else "The deal is over."
    mover = v.to_move
    if mover is None:
        return "Nobody is to move."
    if not v.choices:
        return f"{mover.name.capitalize()} is to move."
    me = v.me.name.capitalize()
    if mover.seat != v.me.seat:  # what the viewer may do meanwhile, out of turn
        said = " or ".join(c.label[:1].lower() + c.label[1:].removesuffix(" (out of turn)") for c in v.choices)
        return f"{mover.name.capitalize()} is to move. {me}: you may {said}, out of turn."
    kinds = list(v.groups())
    if "play" in kinds:
        rest = [k for k in kinds if k != "play"]
        extra = f", or first {' / '.join(rest)}" if rest else ""
        if v.trick.plays:
            led = v.trick.plays[0]
            card = led.card.symbol if led.card is not None else "a card face down"
            return f"{me}: {led.name} led {card}; play a card{extra}."
        return f"{me}: your lead to trick {v.tricks_played + 1}; play a card{extra}."
    if len(v.choices) <= 4:
        return f"{me}: {' or '.join(c.label[:1].lower() + c.label[1:] for c in v.choices)}?"
    return f"{me}: {' or '.join(GROUP_LABELS.get(k, k).lower() for k in kinds)}."


def _words(value: Any) -> str:
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_words(v)}" for k, v in value.items())
    if isinstance(value, (tuple, list)):
        return " ".join(_words(x) for x in value) if all(isinstance(x, Card) for x in value) else "; ".join(_words(x) for x in value)
    return str(value)


def _json(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Extra):
        return {"kind": type(value).__name__, **value.to_json()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_json(x) for x in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)
