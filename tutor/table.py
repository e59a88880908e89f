"""A whole match of any game at one table, over the contract alone: the session the table panel
plays (:func:`table_session`), what the table hears in words (:class:`TableNarrator`) and what a
seat sees (:func:`seat_view`, the typed :class:`~tutor.games.view.TableView`).

Nothing here names a game: the persons come from the game's match, the words from the game's
:meth:`~tutor.games.contract.Game.describe_action`, the tricks and the cards on the table from its
typed view, the scores from its explanation.

>>> from tutor.games import load
>>> s = table_session(load("schnapsen"), seed=3)
>>> v = seat_view(s)
>>> v.viewer, v.me.name, [p.name for p in v.places]
('elder', 'first', ['first', 'second'])
>>> s.log[0]
'Deal 1: second deals, first leads; spades are trumps.'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .session import COMPUTER, READER, Narrator, Session

if TYPE_CHECKING:  # pragma: no cover
    from .explain import Explanation
    from .games.contract import Game
    from .games.view import TableView
    from .seats import Seat

__all__ = ["table_session", "TableNarrator", "seat_view", "explanation", "only_choice", "seat_words"]


def table_session(game: Game, seed: int | str | None = 0, readers: Iterable[str] | None = None, **kw: Any) -> Session:
    """A match of ``game`` with the reader at one person's seat (by default the person sitting
    third at a table of four, with his partner facing him, else the first), the computer at the
    others; ``readers`` names the persons the readers hold (pass-and-play)."""
    persons = game.match(0).persons.names
    chosen = tuple(readers) if readers is not None else ((persons[2],) if len(persons) == 4 else (persons[0],))
    for name in chosen:
        game.match(0).persons.seat(name)  # a name not at the table is refused, naming it
    seats = {p: READER if p in chosen else COMPUTER for p in persons}
    return Session(game, seed, match=True, seats=seats, narrator=TableNarrator(), forced=only_choice, **kw)


def only_choice(state: Any, legal: list[Any]) -> Any:
    """A reader with one legal action has no choice to make: the session makes it (Bezique's draw
    after a trick with nothing to declare, the last card of a hand)."""
    return legal[0] if len(legal) == 1 else None


def seat_view(session: Session, seat: Any = None) -> TableView:
    """What ``seat`` (default: the session's viewer, the reader's seat on show) sees of the
    session's table, with its log."""
    where = session.viewer if seat is None else seat
    return session.game.table_view(session.playing, where, log=session.log)


def seat_words(session: Session, seat: Seat) -> str:
    """The seat's name as said beside a person's: ``elder``; where the seat's name is also a
    person's (the second seat of three, held by the person called third), ``the second seat``."""
    match = session.match
    persons = match.persons.names if match is not None else ()
    return f"the {seat.name} seat" if seat.name in persons else seat.name


def _name(session: Session, seat: Seat) -> str:
    match = session.match
    return match.person(seat).name if match is not None else seat.name


def _new_steps(before: list[Any], after: Iterable[Any]) -> list[Any]:
    """The scores in ``after`` that were not in ``before``: the explanation is in the order of the
    laws, so a score made now may come before the ones already made (Piquet's younger declares
    after elder's first lead, but his declarations are counted before it)."""
    def key(step: Any) -> tuple:  # a step's running totals change when one is put before it
        return (step.player, step.category, step.points, step.text, step.rule)

    left = [key(s) for s in before]
    new = []
    for step in after:
        if key(step) in left:
            left.remove(key(step))
        else:
            new.append(step)
    return new


def _scorer(session: Session, key: str) -> str:
    from .games.view import scorer_names

    return scorer_names(session.state, session.match).get(key, key)


def explanation(session: Session) -> Explanation:
    """The deal on show, step by step, under the names the table knows the scorers by."""
    from .explain import Explanation

    steps = session.state.explanation()
    players = tuple(dict.fromkeys(_scorer(session, k) for k in session.state.scores()))
    return Explanation.build(players, ((_scorer(session, s.player), s.category, s.points, s.text, s.rule) for s in steps))


def _score_lines(session: Session, steps: Iterable[Any]) -> list[str]:
    """Each score in ``steps`` as the table tells it, with whose it is (a step of no points, such as
    a trick with no card of value, is not told: the trick's own line has said what happened)."""
    return [f"{_scorer(session, step.player).capitalize()} {step.points:+d}: {step.text}."
            for step in steps if step.points]


class TableNarrator(Narrator):
    """Each action as the table hears it, under the names of who sits where; who took each trick;
    every score as it is made, with whose it is (the ones made as the cards are dealt, such as a
    turn-up that scores, when the deal starts); how each deal and the match ended."""

    def deal_started(self, session: Session) -> list[str]:
        state = session.state
        table = state.table
        v = session.game.table_view(session.playing, table.first_leader)
        match = session.match
        number = f"Deal {len(match.records) + 1}: " if match is not None else ""
        trumps = f"; {v.trumps} are trumps" if v.trumps else ""
        first = state.turn
        if first is None or first == table.first_leader:
            who = f"{_name(session, table.first_leader)} leads"
        else:  # another seat moves first (an auction that decides who leads): say who does, not who leads
            who = f"{_name(session, first)} speaks first"
        return [f"{number}{_name(session, table.dealer)} deals, {who}{trumps}.", *_score_lines(session, state.explanation())]

    def action(self, session, who, seat, action, apply) -> list[str]:
        state = session.state
        line = session.describe(state, seat, action)
        role = seat.name.capitalize()
        person = _name(session, seat)
        if person != seat.name and line.startswith(role):
            line = f"{person.capitalize()} ({seat_words(session, seat)}){line[len(role):]}"
        before = state.table_parts(seat)
        steps = list(state.explanation())
        apply()
        lines = [line]
        after = state.table_parts(seat)
        if after.tricks_played > before.tricks_played and after.last_trick and after.last_winner is not None:
            cards = " ".join(c.symbol if c is not None else "a card face down" for _, c in after.last_trick)
            winner = _name(session, state.table.seats[after.last_winner])
            lines.append(f"{winner.capitalize()} takes the trick ({cards}).")
        lines += _score_lines(session, _new_steps(steps, state.explanation()))
        if state.is_over:
            out = state.outcome()
            match = session.match
            if match is not None:
                totals = ", ".join(f"{match.persons.words(k)} {v}" for k, v in match.standing().items())
                lines.append(f"Deal over ({out.reason if out else 'played out'}). The {match.NOUN}: {totals}.")
                if match.is_over:
                    lines.append(f"{match.outcome()}.")
            else:
                lines.append(f"Deal over: {out.reason if out else 'played out'}.")
        return lines
