"""What every game state shares: the legal-actions view, the checked/unchecked apply, and the
questions of the game contract (:mod:`tutor.games.contract`).

A state class sets ``parse_action`` (notation -> action) and implements ``_enumerate()`` (the
legal actions in a fixed order), ``_why_illegal(action)`` (None, or a sentence saying why not and
what the rules allow) and ``_apply(action)``. :class:`GameState` then gives the common API:
``legal_actions()``, ``apply()`` (checked; the state is unchanged on error) and ``apply_unchecked()``.

The contract a state keeps beyond that (checked over every registered game by
``tests/test_contract.py``): ``table`` (its :class:`~tutor.seats.Table`), ``turn`` (the seat to
move, None when over), ``is_over``, ``scores()``, ``explanation()``, ``view(seat)`` (a JSON-able
dict with at least ``hand``: what that seat may see), ``hidden(seat)`` (the cards it may not
see), ``outcome()`` (an :class:`~tutor.games.contract.Outcome` once over), ``code`` (the deal
code), ``history`` (the actions applied, whose ``str`` reads back), ``to_json()`` and
``_repr_html_``.

A refusal names the rule it applies, with its source and section or law, and leaves the state
as it was: :func:`citing` adds the rule to the sentence saying why not; each game keeps its
rules as data (``RULE_*`` strings naming "Cavendish Law 46", "Parlett's Counterpique (Play)",
"the French rules of Le Truc, Enchères" and so on), and ``tests/test_refusals.py`` provokes every
refusal of every game and checks both.
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, overload

from ..errors import IllegalActionError, TutorError, list_words

if TYPE_CHECKING:  # pragma: no cover
    from ..cards import Card
    from ..exercises import Kind
    from ..explain import Explanation
    from ..seats import Seat, Table
    from .contract import Outcome
    from .view import TableParts


@overload
def citing(why: str, rule: str, *, joined: bool = False) -> str: ...
@overload
def citing(why: None, rule: str, *, joined: bool = False) -> None: ...
def citing(why: str | None, rule: str, *, joined: bool = False) -> str | None:
    """``why`` (a refusal, or None when the action is legal) with ``rule`` after it in brackets:
    the source as a reader finds it, its law or section, and what the rule says. ``joined``: ``why``
    already ends with the citation of a rule this one stands on, and ``rule`` joins it there, so
    that the refusal cites once.

    >>> citing("no such card", "pagat.com, X")
    'no such card (pagat.com, X)'
    >>> citing("no such card (Cavendish Law 5)", "as Parlett's Y", joined=True)
    "no such card (Cavendish Law 5; as Parlett's Y)"
    """
    if why is None:
        return None
    if joined and why.endswith(")"):
        return f"{why[:-1]}; {rule})"
    return f"{why} ({rule})"


class LegalActions:
    """The legal actions of a state: iterate in a fixed order, test with ``in``, count with ``len``."""

    def __init__(self, state: GameState, actions: list[Any]):
        self._state = state
        self._actions = actions

    def __iter__(self) -> Iterator[Any]:
        return iter(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, i: int) -> Any:
        return self._actions[i]

    def __contains__(self, action: object) -> bool:
        try:
            action = self._state.parse_action(action)
        except ValueError:
            return False
        return self._state._why_illegal(action) is None

    def __repr__(self) -> str:
        return f"<LegalActions {list_words(self._actions, 12)}>"

    def __str__(self) -> str:
        return list_words(self._actions, 40)


def _seat_checked(method: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """``method(self, seat)`` given the state's own :class:`~tutor.seats.Seat` for ``seat`` (a
    seat, its index or its name); anything else is a :class:`~tutor.seats.SeatError` naming it."""

    @functools.wraps(method)
    def checked(self: Any, seat: Any) -> Any:
        return method(self, self.table.seat(seat))

    checked.__seat_checked__ = True  # type: ignore[attr-defined]
    return checked


class GameState:
    """Mixin with the checked and unchecked paths shared by every game's state.

    A game's ``view`` and ``hidden`` are given the seat resolved by ``table.seat`` (a seat, its
    index or its name): ``-1``, ``True``, ``1.5`` or another table's name is refused before the
    game's own code sees it, in one place for every game."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in ("view", "hidden"):
            method = cls.__dict__.get(name)
            if callable(method) and not getattr(method, "__seat_checked__", False):
                setattr(cls, name, _seat_checked(method))

    parse_action: Callable[[Any], Any]
    table: Table
    to_move: int
    history: list[Any]
    title: str = ""

    # -- the contract's questions -------------------------------------------------------------
    @property
    def turn(self) -> Seat | None:
        """The seat to move, or None when the deal is over."""
        return None if self.is_over else self.table.seats[self.to_move]

    @property
    def is_over(self) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    @property
    def code(self) -> str:  # pragma: no cover - abstract
        """The deal's code: ``game.deal(code=...)`` deals it again."""
        raise NotImplementedError

    def scores(self) -> dict[str, int]:  # pragma: no cover - abstract
        raise NotImplementedError

    def explanation(self) -> Explanation:  # pragma: no cover - abstract
        raise NotImplementedError

    def view(self, seat) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    def view_entry(self, seat, key: str, default: Any = None) -> Any:
        """``view(seat).get(key, default)``: one entry of what ``seat`` may see. A game whose view
        is costly to make whole may make one entry alone (the stock core does)."""
        return self.view(seat).get(key, default)

    def table_parts(self, seat: Seat, names: Sequence[str] | None = None) -> TableParts:
        """What this deal says of its table to ``seat``, for the typed view every panel draws
        (:func:`tutor.games.view.table_view`); ``names`` (by seat) are who sits where, for what
        it says in words. The default knows only how many cards each seat holds; a game (or a
        family's core) says more: the trick, the stock, what is shown."""
        from .view import TableParts

        return TableParts(counts={int(s): len(self.view(s).get("hand", ())) for s in self.table})

    def hidden(self, seat) -> frozenset[Card]:  # pragma: no cover - abstract
        """The cards ``seat`` may not see now (other hands, the stock, cards turned down)."""
        raise NotImplementedError

    def outcome(self) -> Outcome | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def to_json(self) -> dict:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def exercise_kinds(cls) -> tuple[Kind, ...]:
        """The kinds of exercise question (:mod:`tutor.exercises`) every game dealing these states
        offers: a family's core declares them once for all its games. None by default."""
        return ()

    def _repr_html_(self) -> str:
        from .contract import state_html

        return state_html(self, self.title or type(self).__name__)


    def legal_actions(self) -> LegalActions:
        return LegalActions(self, self._enumerate())

    def apply(self, action):
        """Check and apply an action (or its notation); IllegalActionError leaves the state as it was."""
        action = self.parse_action(action)
        why = self._why_illegal(action)
        if why is not None:
            raise IllegalActionError(why, token=str(action), legal=[str(a) for a in self._enumerate()])
        self._apply(action)
        return self

    def why_illegal(self, action) -> str | None:
        """None if ``action`` (or its notation) is legal now, else the sentence saying why not,
        naming the rule it breaks and that rule's source."""
        try:
            action = self.parse_action(action)
        except ValueError as e:
            return str(e)
        return self._why_illegal(action)

    #: Words by which a refusal names one of the game's sources (e.g. ``Cavendish|Parlett``): every
    #: refusal must match them (tests/test_refusal_sweep.py).
    CITES: ClassVar[re.Pattern[str] | None] = None

    def apply_unchecked(self, action):
        """Apply an action taken from :meth:`legal_actions` without checking it again."""
        self._apply(action)
        return self

    def clone(self):
        return copy.deepcopy(self)

    def determinize(self, seat: Any, rng: Any) -> GameState:
        """A copy of this deal with every card ``seat`` has not seen dealt again at random,
        consistently with all ``seat`` has seen (see :meth:`~tutor.games.contract.SeatView.sample`).
        Each family provides it; the strong computer player needs it."""
        raise TutorError(f"{type(self).__name__} cannot yet deal the unseen cards again", token=type(self).__name__)

    # to be provided by each game
    def _enumerate(self) -> list[Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _why_illegal(self, action: Any) -> str | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _apply(self, action: Any) -> None:  # pragma: no cover - abstract
        raise NotImplementedError
