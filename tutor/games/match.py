"""One match for every game: deals in turn, the dealer passing round the table, running totals,
the match's end, a settlement, and rewind.

A match is played by *persons* (the seats of the match's own :class:`~tutor.seats.Table`); each
deal seats them afresh, the player after the dealer leading first. In two-handed games the deal's
seats are named by role (elder, younger; elder, dealer), so the same person is elder in one deal
and younger in the next: :meth:`Match.person` says who holds which seat in the current deal.

Deal ``n`` (from 1) of a match with seed ``s`` is dealt from ``f"{s}/{n}"`` for every game, so a
match's seed replays the same match anywhere.

A game's match subclasses :class:`Match` and says what is its own:

* :meth:`make_deal` (default: ``game.deal(seed=...)``, the deal's table from the dealer),
* :meth:`credit` (what a finished deal adds to each person's total; default: its scores),
* :meth:`finished` (an :class:`~tutor.games.contract.Outcome` once the match is won),
* :meth:`settlement` (what the match is worth, where the game settles).

A match may start at given totals (``standing={"first": 95}``: a chapter's or an exercise's "you
are at 95"): each scorer's total starts there instead of at nought, and the deals add to it. A
total is a whole number from 0 to one short of the match's ``target`` (a match already won cannot
be started); a name that is not a scorer, a value of another type or out of range is refused
with a :class:`~tutor.errors.TutorError` naming it. A match whose reckoning is more than running
totals (a rubber of games, a pad) refuses any standing (``STANDING = False``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import IllegalActionError, TutorError, read_whole, shorten
from ..seats import Seat, Table
from .contract import Outcome

if TYPE_CHECKING:  # pragma: no cover
    from ..explain import Explanation
    from .base import GameState, LegalActions
    from .contract import Game

__all__ = ["Match", "DealRecord", "deal_seed"]


def _shown(value: object) -> str:
    """``value`` for a message, shortened (a number too long to write out is said to be so)."""
    if isinstance(value, str):
        return shorten(value)
    try:
        text = repr(value)
    except ValueError:  # an integer past the interpreter's limit on digits
        return "a number too long to write out"
    return text if len(text) <= 40 else text[:40] + "…"


def deal_seed(seed: int | str, n: int) -> str:
    """The seed of deal ``n`` (from 1) of the match with seed ``seed``: the same for every game."""
    return f"{seed}/{n}"


@dataclass(frozen=True)
class DealRecord:
    """A finished deal of a match: its number, dealer (a person), code, what it credited, how it ended."""

    number: int
    dealer: str
    code: str
    credited: dict[str, int]
    outcome: Outcome | None
    explanation: Explanation

    def to_json(self) -> dict:
        return {
            "number": self.number,
            "dealer": self.dealer,
            "code": self.code,
            "credited": dict(self.credited),
            "outcome": self.outcome.to_json() if self.outcome else None,
        }


class Match:
    """Deals in turn until :meth:`finished` says the match is won."""

    #: What the game calls its match (a partie, a manche, a rubber, a game), and the rule that ends
    #: it, with its source: said when an action comes after the end.
    NOUN = "match"
    #: the code of the first deal when the match opens on a given deal (:meth:`open_code`)
    first_code: str | None = None
    END_RULE = ""
    #: whether the match may start at given totals (a match reckoned otherwise than by running
    #: totals says no, and why, in :attr:`NO_STANDING`)
    STANDING = True
    NO_STANDING = ""
    #: the highest total any match starts at where it has no target (points are never negative)
    STANDING_LIMIT = 100_000

    def __init__(self, game: Game, seed: int | str = 0, *, persons: Iterable[str] | None = None,
                 first_dealer: int | str | None = None, players: int | None = None, pause: bool = False,
                 standing: Mapping[str, int] | None = None):
        self.game = game
        self.pause = pause  # stop between deals until next_deal(), for a reader to read the reckoning
        self.seed = seed
        seat_table = game.table(players)
        names = tuple(persons) if persons is not None else seat_table.names
        if len(names) != seat_table.size:
            raise TutorError(f"{game.title} is played by {seat_table.size} here, not {len(names)}", token=len(names))
        sides = None
        if seat_table.partnerships:
            sides = [tuple(names[seat_table.names.index(n)] for n in side) for side in seat_table.sides]
        self.persons = Table(names, dealer=first_dealer if first_dealer is not None else None, sides=sides,
                             direction=seat_table.direction)
        self.first_dealer = self.persons.dealer
        self.start: dict[str, int] = self._starting(standing)
        self.records: list[DealRecord] = []
        self.history: list[Any] = []  # every action of the match, in order
        self._outcome: Outcome | None = None
        self.dealer = self.first_dealer
        self.deal = self._start()
        self._after_action()  # a deal may end as it is dealt (Bezique's turned-up seven at the game)

    def _starting(self, standing: Mapping[str, int] | None) -> dict[str, int]:
        """The totals the match starts at: nought each, or ``standing`` checked."""
        out = dict.fromkeys(self.scorers, 0)
        if standing is None:
            return out
        title, shown = self.game.title, _shown(standing)
        if not isinstance(standing, Mapping):
            raise TutorError(f"a standing is given as totals by name (e.g. {{{self.scorers[0]!r}: 95}}), not "
                             f"{type(standing).__name__} {shown}", token=shown, legal=self.scorers)
        if not self.STANDING:
            raise TutorError(f"{title}'s {self.NOUN} cannot start at given totals: {self.NO_STANDING}", token=shown)
        limit = self.standing_limit()
        for name, value in standing.items():
            if not isinstance(name, str) or name not in out:
                raise TutorError(f"{_shown(name)} keeps no total in this {title} {self.NOUN}: the totals are kept by "
                                 f"{', '.join(self.scorers)}", token=_shown(name), legal=self.scorers)
            if type(value) is not int:
                raise TutorError(f"{name}'s total is a whole number, not {type(value).__name__} {_shown(value)}",
                                 token=_shown(value), legal=(0, limit))
            if not 0 <= value <= limit:
                why = f" (at {limit + 1} the {self.NOUN} is won)" if self.target_total() is not None else ""
                raise TutorError(f"{name}'s total in a {title} {self.NOUN} starts from 0 to {limit}{why}, not {_shown(value)}",
                                 token=_shown(value), legal=(0, limit))
            out[name] = value
        return out

    def target_total(self) -> int | None:
        """The total that wins the match, if it is played to one."""
        target = getattr(self, "target", None)
        return target if type(target) is int else None

    def standing_limit(self) -> int:
        """The highest total the match may start at: one short of its target, if it has one."""
        target = self.target_total()
        return self.STANDING_LIMIT if target is None else target - 1

    # -- hooks -------------------------------------------------------------------------------
    def make_deal(self, n: int, dealer: Seat) -> GameState:
        """Deal ``n`` with ``dealer`` (a person) dealing."""
        return self.game.deal(seed=deal_seed(self.seed, n))

    def deal_of_code(self, code: str, n: int, dealer: Seat) -> GameState:
        """Deal ``n``, with ``dealer`` dealing, given by its deal code (a position opened from a
        link): the code's cards, and whatever the match carries into a deal (its totals, in the
        games whose deals count toward them) as :meth:`make_deal` would."""
        return self.game.deal(code=code)

    def credit(self, state: GameState) -> dict[str, int]:
        """What the finished ``state`` adds to each person's (or side's) total."""
        scores = state.scores()
        out = dict.fromkeys(self.scorers, 0)
        for seat in state.table:
            key = self.scorer_of(self.person(seat))
            name = state.table.side_name(seat) if state.table.partnerships else seat.name
            if name in scores and key in out:
                out[key] = scores[name]
        return out

    def finished(self) -> Outcome | None:  # pragma: no cover - every game's match says when it ends
        raise NotImplementedError

    def settlement(self) -> Any:
        return None

    def next_dealer(self) -> Seat:
        """Who deals the next deal (a person); by default the deal passes to the next to play."""
        return self.dealer.next

    # -- who is who --------------------------------------------------------------------------
    @property
    def scorers(self) -> tuple[str, ...]:
        """Who keeps a total: the persons, or the sides in a partnership game."""
        return self.persons.side_names

    def scorer_of(self, person: Seat) -> str:
        return self.persons.side_name(person)

    def person(self, seat: int | Seat) -> Seat:
        """The person in ``seat`` of the current deal: its seats are counted from the first to
        play, the person after the dealer."""
        return self.persons.order_from(self.dealer.next)[int(seat)]

    def seat_of(self, person: int | str | Seat) -> Seat:
        """The seat of the current deal held by ``person``."""
        p = self.persons.seat(person)
        order = self.persons.order_from(self.dealer.next)
        return self.deal.table.seats[order.index(p)]

    # -- the contract, delegated to the deal in play --------------------------------------------
    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def between_deals(self) -> bool:
        """A deal is over, the match is not, and the next deal waits for :meth:`next_deal`."""
        return self._outcome is None and self.deal.is_over

    @property
    def turn(self) -> Seat | None:
        return None if self.is_over or self.between_deals else self.deal.turn

    def next_deal(self) -> GameState:
        """Deal the next deal (only between deals)."""
        if not self.between_deals:
            raise IllegalActionError("the deal in play is not over" if not self.is_over else "the match is over", token="next deal")
        self.dealer = self.next_dealer()
        self.deal = self._start()
        self._after_action()
        return self.deal

    def legal_actions(self) -> LegalActions:
        return self.deal.legal_actions()

    def _over(self) -> str:
        rule = f" ({self.END_RULE})" if self.END_RULE else ""
        return f"the {self.NOUN} is over{rule}: start a new one to go on"

    def why_illegal(self, action) -> str | None:
        if self.is_over:
            return self._over()
        return self.deal.why_illegal(action)

    def determinize(self, seat, rng) -> GameState:
        """The deal in play with the cards ``seat`` has not seen dealt again (a strong computer
        player weighs the deal in play; ``seat`` is a seat of that deal, as :attr:`turn` is)."""
        return self.deal.determinize(seat, rng)

    def apply(self, action) -> Match:
        if self.is_over:
            raise IllegalActionError(self._over(), token=str(action))
        if self.between_deals:
            raise IllegalActionError("this deal is over: deal the next one to go on", token=str(action))
        before = len(self.deal.history)
        self.deal.apply(action)
        self.history.extend(self.deal.history[before:])
        self._after_action()
        return self

    def apply_unchecked(self, action) -> Match:
        before = len(self.deal.history)
        self.deal.apply_unchecked(action)
        self.history.extend(self.deal.history[before:])
        self._after_action()
        return self

    def view(self, seat) -> dict:
        seat = self.deal.table.seat(seat)  # a seat of the deal in play, its index or name; else a SeatError
        out = dict(self.deal.view(seat))
        standing = self.standing()
        # "yours": the total of the seat's own side (or own, without partners), under the match's names;
        # "seats": whose total each seat of the deal adds to, in the deal's order of seats
        out["match"] = {"deal": len(self.records) + 1, "totals": standing,
                        "yours": standing.get(self.scorer_of(self.person(seat)), 0),
                        "seats": [self.scorer_of(self.person(q)) for q in self.deal.table]}
        return out

    def view_entry(self, seat, key: str, default=None):
        """``view(seat).get(key, default)``: the deal's own entry, without the rest of the view."""
        if key == "match" or type(self).view is not Match.view:  # a match that adds to its view: the whole view
            return self.view(seat).get(key, default)
        return self.deal.view_entry(self.deal.table.seat(seat), key, default)

    def hidden(self, seat):
        return self.deal.hidden(seat)

    def explanation(self) -> Explanation:
        return self.deal.explanation()

    def scores(self) -> dict[str, int]:
        return self.deal.scores()

    def standing(self) -> dict[str, int]:
        """Each person's (or side's) running total over the finished deals (from the totals the
        match started at)."""
        return self._totals(self.records)

    def standing_before_deal(self) -> dict[str, int]:
        """The totals the deal in play started from: :meth:`standing` without that deal's credit
        once it is over."""
        return self._totals(r for r in self.records if r.number < self._deals_started)

    def standing_to_restart(self) -> dict[str, int] | None:
        """The totals the deal in play started from, where a match can start at them (so a link to
        the deal, its review and playing on from it keep them); None where they are nought each
        (a match starts there anyway), where the match keeps no such totals (a rubber, a pad) or
        where they cannot start one (players level at the top past the target, playing another
        deal)."""
        before = self.standing_before_deal()
        if (not self.STANDING or not any(before.values())
                or any(not 0 <= v <= self.standing_limit() for v in before.values())):
            return None
        return before

    def _totals(self, records: Iterable[DealRecord]) -> dict[str, int]:
        out = dict(self.start)
        for r in records:
            for k, v in r.credited.items():
                out[k] = out.get(k, 0) + v
        return out

    def outcome(self) -> Outcome | None:
        return self._outcome

    def first_to(self, target: int) -> str | None:
        """The scorer with the most points among those who have ``target`` or more (None if
        nobody has): the winner of a match played to a target."""
        st = self.standing()
        over = [k for k, v in st.items() if v >= target]
        return max(over, key=st.__getitem__) if over else None

    def sheet(self) -> list[dict]:
        """The score sheet: for each finished deal its number, dealer, what it credited, the
        running totals after it, and how it ended."""
        rows, running = [], dict(self.start)
        for r in self.records:
            running = {k: running[k] + r.credited.get(k, 0) for k in running}
            rows.append({"deal": r.number, "dealer": r.dealer, "credited": dict(r.credited), "totals": dict(running),
                         "ended": r.outcome.reason if r.outcome is not None else ""})
        return rows

    @property
    def code(self) -> str:
        return self.deal.code

    def to_json(self) -> dict:
        return {
            "game": self.game.name,
            "seed": self.seed,
            "persons": list(self.persons.names),
            "first_dealer": self.first_dealer.name,
            "start": dict(self.start),
            "deals": [r.to_json() for r in self.records],
            "current": None if self.is_over else self.deal.to_json(),
            "totals": self.standing(),
            "outcome": self._outcome.to_json() if self._outcome else None,
        }

    # -- rewind ------------------------------------------------------------------------------
    def open_code(self, code: str) -> None:
        """Play the deal of ``code`` as the match's first deal (a position opened from a link), from
        the start: the deals after it are dealt from the match's seed as usual."""
        self.first_code = code
        self.rewind(len(self.history))

    def rewind(self, n: int = 1) -> int:
        """Take back the last ``n`` actions of the match by replaying the rest from its seed.
        Returns how many were taken back (fewer if the match has fewer)."""
        n = min(read_whole(n, "the number of actions to take back", lo=0), len(self.history))
        keep = self.history[: len(self.history) - n]
        self.records, self.history, self._outcome = [], [], None
        self.dealer = self.first_dealer
        self.deal = self._start()
        self._after_action()
        for a in keep:
            if self.between_deals:
                self.next_deal()
            self.apply_unchecked(a)
        return n

    # -- internals ----------------------------------------------------------------------------
    def _start(self) -> GameState:
        n = self._deals_started = len(self.records) + 1
        if n == 1 and self.first_code is not None:
            return self.deal_of_code(self.first_code, n, self.dealer)
        return self.make_deal(n, self.dealer)

    def _after_action(self) -> None:
        while self.deal.is_over and self._outcome is None and len(self.records) < self._deals_started:
            self.records.append(DealRecord(len(self.records) + 1, self.dealer.name, self.deal.code,
                                           self.credit(self.deal), self.deal.outcome(), self.deal.explanation()))
            self._outcome = self.finished()
            if self._outcome is None and not self.pause:
                self.next_deal()

    def __repr__(self) -> str:
        tot = ", ".join(f"{k} {v}" for k, v in self.standing().items())
        state = self._outcome.reason if self._outcome else f"deal {len(self.records) + 1}"
        return f"<{type(self).__name__} {self.game.title}: {state}; {tot}>"
