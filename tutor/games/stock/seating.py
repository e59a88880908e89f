"""A stock-and-tricks game round a table of two to four, over the contract's session: the session
(:func:`table_session`), what it says in words (:class:`TableNarrator`) and what a panel shows
(:func:`table_view`, :func:`prompt`, :func:`explanation`), for any game on the core whose match
names its persons (Bondtolva for two, three or four; the four-handed partnership games).

The reader holds one person's seat (or several readers pass one screen); the computer holds the
others, each choosing from its own seat's view. Scores are kept by side in a partnership game, and
a deal's sides (named by the seats of the deal: elder, second...) are shown under the match's
names for them (north-south...).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...explain import Explanation
from ...session import COMPUTER, READER, Narrator, Session
from ..contract import Game
from .core import Phase, Stage, StockState

__all__ = ["table_session", "TableNarrator", "table_view", "prompt", "explanation", "placed"]


def table_session(game: Game, seed: int | str | None = 0, readers: Iterable[str] | None = None) -> Session:
    """A match of ``game`` with the reader at one seat (by default the person sitting third in
    a four, so that the partner faces him, else the first), the computer at the others."""
    persons = game.match(0).persons.names
    chosen = tuple(readers) if readers is not None else ((persons[2],) if len(persons) == 4 else (persons[0],))
    seats = {p: READER if p in chosen else COMPUTER for p in persons}
    return Session(game, seed, match=True, seats=seats, narrator=TableNarrator())


def _deal(session: Session) -> StockState:
    state = session.state
    assert isinstance(state, StockState), "the table panel plays the stock-and-tricks games"
    return state


def _person(session: Session, seat: int) -> str:
    match = session.match
    assert match is not None, "the table panel plays a match"
    return match.person(seat).name


def _scorer(session: Session, side: str) -> str:
    """The match's name for a deal's side (or player)."""
    d = _deal(session)
    match = session.match
    assert match is not None
    seat = next(s for s in d.table if d.table.side_name(s) == side)
    return match.scorer_of(match.person(seat))


def viewer(session: Session) -> int:
    """The seat whose hand is face up: the reader's seat to move, else the first reader's seat."""
    turn = session.state.turn
    if turn is not None and session.plays(turn) == READER:
        return int(turn)
    seats = session.reader_seats
    return int(seats[0]) if seats else 0


def placed(session: Session) -> dict[str, int]:
    """Where each seat sits as the viewer sees the table: ``bottom`` (the viewer), then the others
    in order of play: ``left``, ``top``, ``right`` at four; ``left``, ``right`` at three; ``top`` at two
    (right and left swapped where play passes to the right)."""
    me = viewer(session)
    order = _deal(session).table.order_from(me)
    places = {2: ("bottom", "top"), 3: ("bottom", "left", "right"), 4: ("bottom", "left", "top", "right")}[len(order)]
    if session.game.TYPE.direction == -1:  # play passes to the right (Gaigel): the next to play sits on the right
        places = places[:1] + tuple({"left": "right", "right": "left"}.get(x, x) for x in places[1:])
    return {place: int(seat) for place, seat in zip(places, order)}


class TableNarrator(Narrator):
    """Each action as the table hears it, under the persons' names; who took each trick; every score
    as it is made, with its side; how each deal and the game ended."""

    def deal_started(self, session: Session) -> list[str]:
        d = _deal(session)
        match = session.match
        assert match is not None
        trumps = f"{d.trump.noun} are trumps" if d.trump else "no trumps until a marriage is shown"
        return [f"Deal {len(match.records) + 1}: {match.dealer.name} deals, {_person(session, 0)} leads; {trumps}."]

    def action(self, session, who, seat, action, apply) -> list[str]:
        d = _deal(session)
        match = session.match
        assert match is not None
        line = session.describe(d, seat, action)
        role = seat.name.capitalize()
        if line.startswith(role):
            line = f"{_person(session, int(seat)).capitalize()} ({seat.name}){line[len(role):]}"
        steps, tricks, stage = len(d.events), len(d.tricks), d.stage
        apply()
        lines = [line]
        if len(d.tricks) > tricks:
            t = d.tricks[-1]
            lines.append(f"{_person(session, t.winner).capitalize()} takes the trick ({' '.join(map(str, t.cards))}).")
        for side, _cat, points, text, _rule in d.events[steps:]:
            lines.append(f"{_scorer(session, side)} {points:+d}: {text}.")
        if stage is Stage.STOCK and d.stage is Stage.END and not d.is_over:
            lines.append("The stock is empty: from now on follow suit, head the trick, and trump if unable to follow.")
        if d.is_over:
            totals = ", ".join(f"{k} {v}" for k, v in match.standing().items())
            out = d.outcome()
            lines.append(f"Deal over ({out.reason if out else ''}). The game: {totals}.")
            if match.is_over:
                lines.append(f"{match.outcome()}.")
        return lines


def explanation(session: Session) -> Explanation:
    """The deal on show, step by step, under the match's names for the sides."""
    d = _deal(session)
    match = session.match
    assert match is not None
    names = {side: _scorer(session, side) for side in d.spec.scorers}
    return Explanation.build(tuple(names.values()), ((names[s.player], s.category, s.points, s.text, s.rule) for s in d.explanation()))


def prompt(session: Session) -> str:
    """What is to be done now, in words."""
    match = session.match
    assert match is not None
    if match.is_over:
        return f"The game is over: {match.outcome()}. Start a new game to play again."
    if session.between_deals:
        return f"Deal {len(match.records)} is over: read its reckoning, then deal the next."
    d = _deal(session)
    turn = d.turn
    if turn is None or session.plays(turn) != READER:
        return "The computer is playing."
    you = _person(session, int(turn))
    legal = session.legal_actions()
    words = sorted({str(a).split()[0] for a in legal} - {"play"})
    asked = getattr(d, "question", None)
    if asked is not None:
        return f"{you.capitalize()}: your partner asks '{asked[1]}': answer ({', '.join(map(str, legal))})."
    extra = f", or first {' / '.join(words)}" if words else ""
    if d.phase is Phase.FOLLOW:
        return f"{you.capitalize()}: {_person(session, d.trick_players[0])} led {d.trick[0]}; play a card ({d.play_rule.name} play){extra}."
    return f"{you.capitalize()}: your lead to trick {len(d.tricks) + 1}; play a card{extra}."


def table_view(session: Session) -> dict[str, Any]:
    """What the table panel shows, as data: each seat where it sits (only the viewer's hand face up),
    the trick, the last trick, trumps, each side's tricks, points this deal and total, the questions."""
    d = _deal(session)
    match = session.match
    assert match is not None
    me = viewer(session)
    v = d.view(me)
    seats = {}
    for place, seat in placed(session).items():
        seats[place] = {
            "person": _person(session, seat), "seat": d.table.seats[seat].name, "cards": len(d.held(seat)),
            "hand": v["hand"] if seat == me else None, "reader": session.controller(d.table.seats[seat]) == READER,
            "shown": [c for m in d.melds if m.player == seat for c in m.cards if c in d.held(seat)],
            "to_move": d.turn is not None and int(d.turn) == seat,
        }
    sides: dict[str, dict[str, int]] = {}
    tricks = d.tricks_by_side()
    scores = d.scores()
    standing = match.standing()
    for side in d.spec.scorers:
        name = _scorer(session, side)
        sides[name] = {"tricks": tricks[side], "points": scores[side], "total": standing[name]}
    last = d.tricks[-1] if d.tricks else None
    return {
        "seats": seats,
        # from the viewer's view: a card played face down (Gaigel's first trick) is None
        "trick": [(_person(session, p), None if shown == "?" else c) for p, c, (_, shown) in zip(d.trick_players, d.trick, v["trick"])],
        "last_trick": None if last is None else (list(last.cards), _person(session, last.winner)),
        "trumps": v["trumps"],
        "stock": v["stock"],
        "sides": sides,
        "questions": v.get("questions", []),
        "target": getattr(match, "target", None),
    }


def person_questions(session: Session) -> list[str]:
    """The questions asked and answered this deal, in words, under the persons' names."""
    d = _deal(session)
    names = {d.table.seats[p].name: _person(session, p) for p in range(d.n)}
    return [f"{names[a].capitalize()} asked: {q} {names[b].capitalize()}: {ans}." for a, q, b, ans in getattr(d, "questions", [])]
