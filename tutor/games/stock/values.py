"""Values the engine makes often, made once or without the frozen dataclasses' checks: the play of
each card, declarations, melds and tricks as listing makes them, the copy of a state's fields, and
the list of legal actions a position hands out."""

from __future__ import annotations

import copy
import dataclasses
import enum
import gc
import keyword
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from ...cards import Card, Rank, Suit
from ...explain import Explanation
from ...seats import Seat, Table
from ..base import LegalActions
from .actions import Action, Claim, Close, Declare, Draw, Exchange, Play, Revoke
from .declarations import Combination, Meld
from .spec import Phase, Stage, Trick, When
from .tricks import Follow

_PLAYS: dict[Card, Play] = {}
_DRAW, _CLOSE, _CLAIM = Draw(), Close(), Claim()  # one value each (actions are immutable, equal by value)
_OVER, _LEAD, _FOLLOW, _DECLARE = Phase.OVER, Phase.LEAD, Phase.FOLLOW, Phase.DECLARE  # read as globals: no lookup on the enum
_STOCK, _END = Stage.STOCK, Stage.END
_ON_LEAD, _AFTER_TRICK, _ON_PLAY = When.ON_LEAD, When.AFTER_TRICK, When.ON_PLAY
_ANY = Follow.ANY
_new = object.__new__
_tuple_new = tuple.__new__

#: types whose values never change once made (learnt as met: enums and frozen dataclasses are such)
_FIXED: dict[type, bool] = {t: True for t in (int, bool, str, float, type(None), type(len), frozenset, Card, Seat, Table, Explanation)}
#: the types :data:`_FIXED` holds fixed, but for the tuple (whose items decide): a value of one is
#: shared by a copy on sight, and a list holding only such values is checked in one pass made in C
_ATOMS: set[type] = set(_FIXED)
_LIST = {list}


def _fixed(value: object) -> bool:
    """Whether ``value`` never changes once made, so a copy of a state may share it: a value of a
    fixed type, or a tuple of such values."""
    kind = type(value)
    if kind is tuple:
        return _all_fixed(value)
    found = _FIXED.get(kind)
    if found is None:
        found = _FIXED[kind] = issubclass(kind, enum.Enum) or (dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen)  # type: ignore[attr-defined]
        if found:
            _ATOMS.add(kind)
    return found


def _all_fixed(values: Any) -> bool:
    """Whether every one of ``values`` (a list, set or dict view) is :func:`_fixed`: their types
    gathered at once, each value asked on its own only when one is a tuple or not yet known."""
    return set(map(type, values)) <= _ATOMS or all(map(_fixed, values))


def _cloned(value: Any) -> Any:
    """``value`` as :meth:`StockState.clone` copies it."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        kinds = set(map(type, value))
        if kinds <= _ATOMS:
            return value[:]
        if kinds == _LIST:  # a list for each player: hands, cards won
            if all(map(_all_fixed, value)):
                return [x[:] for x in value]
        elif all(map(_fixed, value)):  # tuples among them (events), or a type not met yet
            return value[:]
    elif kind is set:
        if _all_fixed(value):
            return set(value)
    elif kind is dict:
        if _all_fixed(value) and _all_fixed(value.values()):  # how a deal ended: words and numbers
            return dict(value)
    elif _fixed(value):
        return value
    return copy.deepcopy(value)


#: the fields every stock state keeps as lists of values that never change (cards, seats, tricks,
#: declarations, scoring events, actions): a copy takes each list one level down without looking
#: at what it holds (tests/test_stock_layout.py holds every game's deals to this)
_FLAT = frozenset({"stock", "trick", "trick_players", "tricks", "melds", "events", "history", "_legal"})
#: the fields every stock state keeps as a list of such lists, one a player (hands, cards laid, cards won)
_NESTED = frozenset({"hands", "laid", "won"})
_referents = gc.get_referents


def _field_copy(name: str) -> str:
    """How a copier made by :func:`_copier` copies field ``name`` (held in ``v``), as an expression."""
    if name in _NESTED:
        return "[x[:] for x in v] if type(v) is list else _cloned(v)"
    if name in _FLAT:
        return "v[:] if type(v) is list else _cloned(v)"
    return "v if type(v) in _ATOMS else _cloned(v)"


#: by state class: the number of objects a state of it with the fields it was first copied with
#: refers to (:func:`gc.get_referents`: each field's value, and the class), those fields' names in
#: their order, and the function that copies such a state field by field; None for a class whose
#: states hold too many fields to keep the compact layout
_COPIERS: dict[type, tuple[int, tuple[str, ...], Callable[[Any], Any]] | None] = {}


def _copier(kind: type, names: tuple[str, ...]) -> Callable[[Any], Any]:
    """A function copying a state of class ``kind`` that has exactly the fields ``names``: each read
    by name and set on the copy in the same order, as :func:`_cloned` copies it (the lists every
    state keeps, :data:`_FLAT` and :data:`_NESTED`, one or two levels down at once). Written out
    for the class, as ``dataclasses`` writes a class's methods: each field is then read and set by
    the interpreter's own attribute access, which keeps the copy in its class's shared compact
    layout and never makes the original's ``__dict__``."""
    lines = ["def copy(self):", "    new = _new(kind)"]
    for name in names:
        lines += [f"    v = self.{name}", f"    new.{name} = {_field_copy(name)}"]
    lines.append("    return new")
    space: dict[str, Any] = {"_new": _new, "kind": kind, "_ATOMS": _ATOMS, "_cloned": _cloned}
    exec("\n".join(lines), space)  # noqa: S102 - made from field names checked to be plain identifiers
    return space["copy"]


def _copied(name: str, value: Any) -> Any:
    """Field ``name``'s ``value`` (not of a type in :data:`_ATOMS`) as a copy of a state takes it."""
    if type(value) is list:
        if name in _FLAT:
            return value[:]
        if name in _NESTED:
            return [x[:] for x in value]
    return _cloned(value)


def _state_copy(state: Any) -> Any:
    """A copy of a stock state as :meth:`StockState.clone` makes it.

    The fields are set on the copy one by one, in the original's order: a copy made so keeps its
    class's compact layout (an object whose ``__dict__`` is made or replaced wholesale loses it in
    CPython, and every attribute and method lookup on it is slower). A state whose fields are those
    its class was first copied with (its count of referents the same, every name found) is copied
    by the class's copier without making its ``__dict__``: a copy tried on the side (a claim tried
    in a rollout) leaves the original as fast as it was. A class whose states hold too many fields
    for the compact layout has its states' ``__dict__`` copied wholesale (they have one anyway)."""
    kind = type(state)
    known = kind in _COPIERS
    found = _COPIERS.get(kind)
    if found is not None:
        if len(_referents(state)) == found[0]:
            try:
                return found[2](state)
            except AttributeError:  # a field missing, another in its place: copied from the fields themselves
                pass
        elif len(state.__dict__) == len(found[1]) and tuple(state.__dict__) == found[1]:
            return found[2](state)  # (a state whose __dict__ was made: the same fields, read by name)
    fields = state.__dict__
    if known and found is None:  # too many fields to be compact: one dict, copied whole
        fields = fields.copy()
        for k, v in fields.items():
            if type(v) not in _ATOMS:
                fields[k] = _copied(k, v)  # (a value replaced in place: the dict's size never changes)
        new = _new(kind)
        new.__dict__ = fields
        return new
    new = _new(kind)
    for k, v in fields.items():
        setattr(new, k, v if type(v) in _ATOMS else _copied(k, v))
    if not known:
        names = tuple(fields)
        count = len(_referents(new))
        if count != len(names) + len(_referents(_new(kind))):
            _COPIERS[kind] = None
        elif not hasattr(kind, "__getattr__") and all(n.isidentifier() and not keyword.iskeyword(n) and not hasattr(kind, n) for n in names):
            _COPIERS[kind] = (count, names, _copier(kind, names))
    return new


def _fields(state: Any) -> tuple[str, ...]:
    """The names of ``state``'s fields, in order, read without making its ``__dict__`` where they
    are those its class was first copied with (see :func:`_state_copy`)."""
    found = _COPIERS.get(type(state))
    if found and len(_referents(state)) == found[0] and all(hasattr(state, n) for n in found[1]):
        return found[1]
    return tuple(state.__dict__)


_cards_of = attrgetter("cards")


def _play_action(card: Card) -> Play:
    """``Play(card)``, one value per card (actions are immutable, and listing them is the hot path)."""
    action = _PLAYS.get(card)
    if action is None:
        action = _PLAYS[card] = Play(card)
    return action


for _r in Rank:  # every card there is, both copies: a hand's plays are then one lookup each, made in C
    for _s in Suit:
        for _k in (0, 1):
            _play_action(Card.of(_r, _s, _k))
del _r, _s, _k
_play_of = _PLAYS.__getitem__
#: ``Exchange(card)`` for every card there is, made once (listed wherever the exchange is allowed)
_exchange_of = {c: Exchange(c) for c in _PLAYS}.__getitem__
#: a face's notation -> the card and its second copy (``"7H"`` -> 7H, 7H'), found without hashing an enum member
_COPIES: dict[str, tuple[Card, Card]] = {Card.of(r, s)._text: (Card.of(r, s), Card.of(r, s, 1)) for r in Rank for s in Suit}


def _declare_action(kind: str, cards: tuple[Card, ...], also: tuple[tuple[str, tuple[Card, ...]], ...] = ()) -> Declare:
    """``Declare(kind, cards, also)`` for cards already a tuple of cards (what listing makes): the
    same value, made without reading the cards again."""
    a = _new(Declare)
    d = a.__dict__
    d["kind"], d["cards"], d["also"] = kind, cards, also
    return a


def _meld(player: int, kind: Combination, cards: tuple[Card, ...], scored: bool, trick: int) -> Meld:
    """``Meld(player, kind, cards, scored, trick)``, made without the frozen dataclass's checks."""
    m = _new(Meld)
    d = m.__dict__
    d["player"], d["kind"], d["cards"], d["scored"], d["trick"] = player, kind, cards, scored, trick
    return m


def _trick(leader: int, players: tuple[int, ...], cards: tuple[Card, ...], winner: int, stage: Stage) -> Trick:
    """``Trick(leader, players, cards, winner, stage)``, the same value made without the frozen
    dataclass's checks on each field (a deal makes one a trick)."""
    t = _new(Trick)
    d = t.__dict__
    d["leader"], d["players"], d["cards"], d["winner"], d["stage"] = leader, players, cards, winner, stage
    return t


class _Legal(list, LegalActions):  # type: ignore[misc]
    """A revoke is a breach with a penalty, never a legal action: ``in`` says no to it.

    Iterating, counting and indexing are the list's own (a copy of the position's listed
    actions, made in C: a front end or a simulation asks for them at every step); equality and
    hashing stay those of :class:`LegalActions` (by identity), ``in`` checks the rules. Made by
    the list's own constructor (in C), the state then put in its slot (no instance dict)."""

    __slots__ = ("_state",)

    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    __hash__ = object.__hash__  # type: ignore[assignment]
    __repr__ = LegalActions.__repr__
    __str__ = LegalActions.__str__

    @property
    def _actions(self) -> list[Action]:  # type: ignore[override]  # what LegalActions keeps its list in
        return self

    def __contains__(self, action: object) -> bool:
        try:
            action = self._state.parse_action(action)
        except ValueError:
            return False
        return not isinstance(action, Revoke) and self._state._why_illegal(action) is None
