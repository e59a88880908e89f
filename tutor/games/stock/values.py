"""Values the engine makes often, made once or without the frozen dataclasses' checks: the play of
each card, declarations, melds and tricks as listing makes them, the copy of a state's fields, and
the list of legal actions a position hands out."""

from __future__ import annotations

import copy
import dataclasses
import enum
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
