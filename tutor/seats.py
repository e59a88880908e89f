"""Seats round a card table: who is next, who is whose partner, who deals and who leads.

A :class:`Seat` is an ``int`` (its place at the table, so it indexes a list of hands) that knows
its table: ``seat.next`` (the next to play), ``seat.partner``, ``seat.left`` and ``seat.right``,
``seat.side`` (its partnership) and ``seat.name``. Nothing in a game needs ``1 - p`` or ``% n``:

>>> t = Table(("north", "east", "south", "west"), sides=(("north", "south"), ("east", "west")), dealer="west")
>>> t.first_leader, t.first_leader.partner, t.first_leader.next
(Seat('north'), Seat('south'), Seat('east'))
>>> [s.name for s in t.order_from(t.seat("south"))]
['south', 'west', 'north', 'east']
>>> t.side_name(t.seat("east")), t.next_dealer().dealer
('east-west', Seat('north'))

``side_name`` is the side's key (in scores, JSON and recorded data); a reader reads
``side_words``, and a sentence takes its verb from ``subject``:

>>> t.side_words(1), t.words("north-south"), t.words("north")
('east and west', 'north and south', 'north')
>>> t.subject("east-west", "scores", "score"), Table(("elder", "younger")).subject("elder", "scores", "score")
('east and west score', 'elder scores')
>>> duel = Table(("elder", "younger"), dealer="younger")
>>> duel.seat("elder").other
Seat('younger')

Play goes to the left (clockwise) unless the game says ``direction=-1`` (Gaigel plays to the
right); ``next`` always means the next to play. A deal numbers its seats in order of play (a seat
indexes the hands, the first leader first): ``in_play_order=True`` says so, and ``left`` and
``right`` then follow ``direction``:

>>> deal = Table(("vorhand", "second", "third", "dealer"), direction=-1, in_play_order=True)
>>> v = deal.seat("vorhand")
>>> v.next, v.right, v.left
(Seat('second'), Seat('second'), Seat('dealer'))
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .errors import TutorError

__all__ = ["Seat", "Table", "SeatError", "in_words"]


def in_words(names: Sequence[str]) -> str:
    """Names as a reader says them: ``north``, ``north and south``, ``elder, second and third``."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class SeatError(TutorError):
    """A seat named or numbered that is not at this table."""


class Seat(int):
    """A place at a :class:`Table`: an ``int`` that knows its neighbours and partner."""

    table: Table

    def __new__(cls, index: int, table: Table) -> Seat:
        seat = super().__new__(cls, index)
        seat.table = table
        return seat

    def __reduce__(self):  # pickle as (index, table)
        return (Seat, (int(self), self.table))

    def __copy__(self) -> Seat:
        return self

    def __deepcopy__(self, memo) -> Seat:
        return self  # seats and tables never change

    @property
    def index(self) -> int:
        return int(self)

    @property
    def name(self) -> str:
        return self.table.names[self]

    @property
    def next(self) -> Seat:
        """The next to play after this seat."""
        return self.table.seats[(self + self.table.step) % self.table.size]

    @property
    def previous(self) -> Seat:
        return self.table.seats[(self - self.table.step) % self.table.size]

    @property
    def left(self) -> Seat:
        """The seat on this one's left: the next to play where play passes to the left."""
        return self.next if self.table.direction == 1 else self.previous

    @property
    def right(self) -> Seat:
        return self.previous if self.table.direction == 1 else self.next

    @property
    def other(self) -> Seat:
        """The opponent at a table of two."""
        if self.table.size != 2:
            raise SeatError(f"{self.name} has {self.table.size - 1} opponents, not one", token=self.name)
        return self.next

    @property
    def partner(self) -> Seat | None:
        """The seat on this one's side, or None where each plays for himself."""
        side = self.table.side_of(self)
        mates = [s for s in self.table.seats if s != self and self.table.side_of(s) == side]
        return mates[0] if len(mates) == 1 else None

    @property
    def side(self) -> int:
        return self.table.side_of(self)

    @property
    def opponents(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.table.seats if self.table.side_of(s) != self.side)

    def __repr__(self) -> str:
        return f"Seat({self.name!r})"

    def __str__(self) -> str:
        return self.name


class Table:
    """``size`` seats, a dealer, and optional partnerships (``sides``).

    ``names`` are the seats' names in seating order, clockwise (for two-handed games elder,
    younger...: names of seats, never arithmetic), or, ``in_play_order``, in the order of play (a
    deal's seats, which index its hands). ``sides`` lists the partnerships as tuples of seat names;
    without it every seat is its own side. ``direction`` is +1 when play passes to the left, -1 to
    the right. ``step`` is how a seat's index moves to the next to play's: ``direction`` in seating
    order, +1 in order of play.
    """

    __slots__ = ("names", "size", "seats", "_sides", "_side_of", "dealer", "direction", "in_play_order", "step")

    def __init__(
        self,
        names: Sequence[str],
        *,
        dealer: int | str | None = None,
        sides: Sequence[Sequence[str]] | None = None,
        direction: int = 1,
        in_play_order: bool = False,
    ):
        names = tuple(names)
        if len(names) < 2 or len(set(names)) != len(names):
            raise SeatError(f"a table needs two or more seats with different names, not {names!r}", token=str(names))
        if direction not in (1, -1):
            raise SeatError(f"play passes to the left (1) or to the right (-1), not {direction!r}", token=direction)
        self.names = names
        self.size = len(names)
        self.direction = direction
        self.in_play_order = bool(in_play_order) and direction == -1  # (where play passes to the left, the same order)
        self.step = 1 if self.in_play_order else direction
        self.seats: tuple[Seat, ...] = tuple(Seat(i, self) for i in range(self.size))
        if sides is None:
            self._sides: tuple[tuple[str, ...], ...] = tuple((n,) for n in names)
        else:
            self._sides = tuple(tuple(s) for s in sides)
            flat = [n for s in self._sides for n in s]
            if sorted(flat) != sorted(names):
                raise SeatError(f"the sides {self._sides!r} must hold every seat of {names!r} once", token=str(sides))
        self._side_of = tuple(next(i for i, s in enumerate(self._sides) if n in s) for n in names)
        self.dealer: Seat = self.seats[-1] if dealer is None else self.seat(dealer)

    # -- finding seats ------------------------------------------------------------------------
    def seat(self, which: int | str | Seat) -> Seat:
        """The seat with this index or name (a :class:`SeatError` names the bad one)."""
        if isinstance(which, Seat) and which.table is self:
            return which
        if isinstance(which, bool):
            raise SeatError(f"{which!r} is not a seat: {', '.join(self.names)}", token=which, legal=self.names)
        if isinstance(which, int):
            if 0 <= which < self.size:
                return self.seats[which]
            raise SeatError(f"there is no seat {_short(which)} at a table of {self.size}", token=_short(which) if abs(which) >= 10**40 else which,
                            legal=self.names)
        if isinstance(which, str):
            key = which.strip().lower()
            for s in self.seats:
                if s.name == key:
                    return s
        raise SeatError(f"{_short(which)} is not a seat at this table: {', '.join(self.names)}", token=which, legal=self.names)

    def __iter__(self) -> Iterator[Seat]:
        return iter(self.seats)

    def __len__(self) -> int:
        return self.size

    # -- order of play ------------------------------------------------------------------------
    @property
    def first_leader(self) -> Seat:
        """The first to play: the seat after the dealer (elder, in two-handed games)."""
        return self.dealer.next

    def order_from(self, seat: int | str | Seat) -> tuple[Seat, ...]:
        """Every seat in order of play, starting with ``seat``."""
        s = self.seat(seat)
        out = [s]
        while len(out) < self.size:
            out.append(out[-1].next)
        return tuple(out)

    def next_dealer(self) -> Table:
        """The same table with the deal passed on (to the next to play after the dealer)."""
        return self.with_dealer(self.dealer.next)

    def with_dealer(self, dealer: int | str | Seat) -> Table:
        return Table(self.names, dealer=int(self.seat(dealer)), sides=self._sides if self.partnerships else None, direction=self.direction,
                     in_play_order=self.in_play_order)

    # -- partnerships -------------------------------------------------------------------------
    @property
    def partnerships(self) -> bool:
        return any(len(s) > 1 for s in self._sides)

    @property
    def sides(self) -> tuple[tuple[str, ...], ...]:
        return self._sides

    def side_of(self, seat: int | str | Seat) -> int:
        return self._side_of[self.seat(seat)]

    def side_name(self, seat_or_side: Seat | int) -> str:
        """A side's name: its seats joined by '-' ('north-south'), or the seat's name alone."""
        side = self.side_of(seat_or_side) if isinstance(seat_or_side, Seat) else int(seat_or_side)
        return "-".join(self._sides[side])

    @property
    def side_names(self) -> tuple[str, ...]:
        return tuple("-".join(s) for s in self._sides)

    def _side_index(self, which: Seat | int | str) -> int:
        if isinstance(which, Seat):
            return self.side_of(which)
        if isinstance(which, str):
            keys = self.side_names
            return keys.index(which) if which in keys else self.side_of(which)
        if isinstance(which, bool) or not isinstance(which, int) or not 0 <= which < len(self._sides):
            raise SeatError(f"there is no side {_short(which)} at this table: {', '.join(self.side_names)}", token=_short(which),
                            legal=self.side_names)
        return int(which)

    def side_words(self, which: Seat | int | str) -> str:
        """A side as a reader reads it: its seats' names in words ('north and south'), or the
        seat's name alone. ``which`` is a seat, a side's number or its key (:meth:`side_name`)."""
        return in_words(self._sides[self._side_index(which)])

    def words(self, key: str) -> str:
        """A scorer's key (a seat's name, or a side's :meth:`side_name`) in a reader's words; any
        other name as it is (a match's persons are named by the match)."""
        keys = self.side_names
        return in_words(self._sides[keys.index(key)]) if key in keys else key

    def words_of(self, keys) -> dict[str, str]:
        """Each of ``keys`` (the scorers of a deal or a match) and its words, for a table of scores."""
        return {k: self.words(k) for k in keys}

    def subject(self, which: Seat | int | str, singular: str, plural: str) -> str:
        """The side (as :meth:`side_words`) with its verb agreeing: 'elder scores', 'elder and
        third score'."""
        if isinstance(which, str) and which not in self.side_names and which not in self.names:
            return f"{which} {singular}"  # a person's name, one person
        side = self._side_index(which)
        return f"{self.side_words(side)} {plural if len(self._sides[side]) > 1 else singular}"

    def members(self, side: int) -> tuple[Seat, ...]:
        return tuple(s for s in self.seats if self._side_of[s] == side)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return self._key() == other._key()

    def _key(self) -> tuple:
        return (self.names, self._sides, int(self.dealer), self.direction, self.in_play_order)

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self):
        return (_table, (self.names, int(self.dealer), self._sides if self.partnerships else None, self.direction, self.in_play_order))

    def __deepcopy__(self, memo) -> Table:
        return self  # a table is never changed in place: with_dealer() makes a new one

    def __repr__(self) -> str:
        sides = f", sides={self._sides!r}" if self.partnerships else ""
        return f"Table({self.names!r}, dealer={self.dealer.name!r}{sides})"


def _short(value: object, limit: int = 40) -> str:
    if isinstance(value, int) and abs(value) >= 10**limit:  # Python writes no int past 4,300 digits
        return f"a {value.bit_length():,}-bit number"
    try:
        text = repr(value)
    except ValueError:  # a container holding such a number
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _table(names, dealer, sides, direction, in_play_order=False) -> Table:
    return Table(names, dealer=dealer, sides=sides, direction=direction, in_play_order=in_play_order)
