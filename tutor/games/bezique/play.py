"""A game of Bezique against the computer, on the contract's :class:`~tutor.session.Session`: how
the play panel's session is made, what it says in words (:class:`BeziqueNarrator`), and what the
panel shows (:func:`prompt`, :func:`table_view`, :func:`explanation`).

The reader is the match's person ``you``, the computer ``computer``; the computer deals first, so
the reader leads the first deal. The session pauses after each deal for its reckoning to be read,
and draws for the reader when, after winning a trick, he has nothing to declare or exchange (the
state waits for that draw: drawing for him is the panel's convenience, not a rule).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import Card, Hand
from ...explain import Explanation
from ...session import AUTO, COMPUTER, READER, Narrator, Session
from ..stock.actions import Declare, Draw, Exchange, Play, Revoke
from ..stock.core import Phase, Stage
from .rules import BeziqueRules
from .state import PLAYERS, BeziqueDeal

if TYPE_CHECKING:  # pragma: no cover
    from ...seats import Seat
    from . import BeziqueMatch

__all__ = ["NAMES", "BeziqueNarrator", "game_session", "draw_when_nothing_else", "reader_seat", "prompt",
           "table_view", "explanation", "legal_of"]

#: How the session names the two players: the reader and the computer.
NAMES = ("you", "computer")


def draw_when_nothing_else(state: BeziqueDeal, legal: list[Any]) -> Draw | None:
    """After winning a trick with nothing to declare or exchange, the only move is the draw: the
    session makes it for the reader."""
    return Draw() if state.phase is Phase.DECLARE and legal and all(isinstance(a, Draw) for a in legal) else None


def game_session(seed: int | str | None = 0, rules: BeziqueRules | None = None) -> Session:
    """A game to ``rules.game_points`` (1000) between the reader and the computer."""
    from . import Bezique

    return Session(Bezique(rules or BeziqueRules()), seed, match=True, seats={"you": READER, "computer": COMPUTER},
                   match_options={"persons": NAMES, "first_dealer": "computer"}, narrator=BeziqueNarrator(),
                   forced=draw_when_nothing_else)


def _match(session: Session) -> BeziqueMatch:
    match = session.match
    assert match is not None, "a Bezique game session plays a match"
    return match  # type: ignore[return-value]


def reader_seat(session: Session) -> Seat:
    """The reader's seat in the deal on show: elder (leads first) or younger (dealt)."""
    return _match(session).seat_of("you")


def name(session: Session, seat: int) -> str:
    """``you`` or ``computer``: who sits at ``seat`` of the deal on show."""
    return NAMES[0] if seat == int(reader_seat(session)) else NAMES[1]


def _step_line(player: str, points: int, text: str, reader: int) -> str:
    mine = PLAYERS.index(player) == reader
    return f"{'You score' if mine else 'The computer scores'} {points}: {text}."


class BeziqueNarrator(Narrator):
    """The game told to the reader: who leads and plays, who wins each trick, every score as it
    is made, the end of the stock, and each deal's and the game's result."""

    def deal_started(self, session: Session) -> list[str]:
        match = _match(session)
        d: BeziqueDeal = match.deal  # type: ignore[assignment]
        reader = int(reader_seat(session))
        up = f"{d.turnup} turned up: {d.trump.noun} are trumps" if d.turnup is not None and d.trump else "no card turned up"
        dealer = "the computer deals, you lead" if reader == 0 else "you deal, the computer leads"
        lines = [f"Deal {len(match.records) + (0 if d.is_over else 1)}: {dealer}; {up}."]
        lines += [_step_line(s.player, s.points, s.text, reader) for s in d.explanation()]
        if d.is_over:  # the dealer's turned-up seven took him to the game before any play
            lines += self._deal_over(session, d, reader)
        return lines

    def action(self, session, who, seat, action, apply) -> list[str]:
        match = _match(session)
        d: BeziqueDeal = match.deal  # type: ignore[assignment]
        you = who in (READER, AUTO)
        name_ = "You" if you else "The computer"
        s = "" if you else "s"
        steps, tricks, stage, leading = len(d.events), len(d.tricks), d.stage, not d.trick
        reader = int(reader_seat(session))
        apply()
        done = d.history[-1]
        lines = []
        if isinstance(done, Play):
            line = f"{name_} {'lead' if leading else 'play'}{s} {done.card}"
            if len(d.tricks) > tricks:
                t = d.tricks[-1]
                won = "you win" if t.winner == reader else "the computer wins"
                line += f": {won} the trick ({' '.join(map(str, t.cards))})"
            lines.append(line + ".")
        elif isinstance(done, Declare):
            text = f"{name_} declare{s} {done.kind} {' '.join(map(str, done.cards))}"
            if done.also:
                text += ", announcing " + ", ".join(f"{k} {' '.join(map(str, cs))}" for k, cs in done.also)
            lines.append(text + ".")
        elif isinstance(done, Exchange):
            lines.append(f"{name_} exchange{s} {done.card} for the turn-up.")
        elif isinstance(done, Draw):
            lines.append(f"{name_} declare{s} nothing more; both draw.")
        elif isinstance(done, Revoke):
            lines.append(f"{name_} revoke{s} with {done.card}.")
        for player, _cat, points, text, _rule in d.events[steps:]:
            lines.append(_step_line(player, points, text, reader))
        if stage is Stage.STOCK and d.stage is Stage.END and not d.is_over:
            lines.append("The stock is exhausted: declared cards go back into the hands; the last eight tricks "
                         "follow, where suit must be followed and the trick won if possible.")
        if d.is_over:
            lines += self._deal_over(session, d, reader)
        return lines

    @staticmethod
    def _deal_over(session: Session, d: BeziqueDeal, reader: int) -> list[str]:
        match = _match(session)
        sc = d.scores()
        mine, theirs = sc[PLAYERS[reader]], sc[PLAYERS[int(d.table.seats[reader].other)]]
        t = match.standing()
        lines = [f"Deal {len(match.records)} is over: you {mine}, the computer {theirs}. "
                 f"Game: you {t['you']}, the computer {t['computer']} (to {match.game.rules.game_points})."]
        outcome = match.outcome()
        if outcome is not None:
            lines.append("You win the game." if outcome.winner == "you" else "The computer wins the game.")
        return lines


def legal_of(session: Session, kind: type | None = None) -> list[str]:
    """The reader's legal actions now, as notation, of one ``kind`` if given (none when it is not
    his turn)."""
    if not session.reader_to_move:
        return []
    return [str(a) for a in session.legal_actions() if kind is None or isinstance(a, kind)]


def explanation(session: Session) -> Explanation:
    """The deal on show, step by step, the players named ``you`` and ``computer``."""
    return Explanation.build(NAMES, ((name(session, PLAYERS.index(s.player)), s.category, s.points, s.text, s.rule)
                                     for s in session.state.explanation()))


def prompt(session: Session) -> str:
    """What is to be done now, in words."""
    match = _match(session)
    d: BeziqueDeal = match.deal  # type: ignore[assignment]
    if match.is_over:
        t = match.standing()
        outcome = match.outcome()
        who = "You win" if outcome is not None and outcome.winner == "you" else "The computer wins"
        return f"The game is over. {who}, {t['you']} to {t['computer']}: start a new game to play again."
    if session.between_deals:
        return f"Deal {len(match.records)} is over: read its reckoning, then go on to the next deal."
    if not session.reader_to_move:  # pragma: no cover - the computer always finishes its turn
        return "The computer is to play."
    end = d.stage is Stage.END
    if d.phase is Phase.DECLARE:
        return "You won the trick: declare a combination, exchange the seven of trumps, or draw."
    if d.phase is Phase.FOLLOW:
        rule = ("in the last eight you must follow suit and win if you can, else trump"
                if end else "while the stock lasts any card may be played")
        return f"The computer led {d.trick[0]}: play a card ({rule})."
    return f"Your lead to trick {len(d.tricks) + 1}" + (" (the last eight: no more declarations)." if end else ".")


def _in_order(d: BeziqueDeal, cards) -> Hand:
    ordered: list[Card] = sorted(cards, key=d._key)
    return Hand(ordered)


def table_view(session: Session) -> dict:
    """Everything the play panel shows, as data: the reader's cards (from his seat's view), both
    tables (declared cards are face up), turn-up and trumps, the stock, the tricks, declarations,
    scores and whose turn."""
    match = _match(session)
    d: BeziqueDeal = match.deal  # type: ignore[assignment]
    seat = reader_seat(session)
    me, them = int(seat), int(seat.other)
    v = d.view(me)
    paused = session.between_deals

    def nm(seat: int) -> str:
        return NAMES[0] if seat == me else NAMES[1]

    sc = d.scores()
    deal_scores = {nm(s): sc[PLAYERS[s]] for s in (me, them)}
    totals = match.standing()
    running = totals if paused or match.is_over else {k: totals[k] + deal_scores[k] for k in NAMES}
    last = d.tricks[-1] if d.tricks else None
    brisques = d.brisques()
    won = d.tricks_won()
    outcome = match.outcome()
    return {
        "deal": len(match.records) + (0 if d.is_over else 1),
        "seat": PLAYERS[me],
        "phase": d.phase.value,
        "stage": d.stage.value,
        "to_move": None if d.is_over or paused else nm(d.to_move),
        "reader_to_move": session.reader_to_move,
        "hand": v["hand"],
        "table": {nm(s): _in_order(d, d.laid[s]) for s in (me, them)},
        "computer_cards": len(d.hands[them]) + len(d.laid[them]),
        "turnup": d.turnup,
        "trumps": v["trumps"],
        "stock": v["stock"],
        "trick": [(nm(p), c) for p, c in zip(d.trick_players, d.trick)],
        "last_trick": None if last is None else {
            "cards": [(nm(p), c) for p, c in zip(last.players, last.cards)], "winner": nm(last.winner),
        },
        "tricks": {nm(s): won[s] for s in (me, them)},
        "declared": [(nm(m.player), m.kind.key, m.faces, "scored" if m.scored else "announced") for m in d.melds],
        "deal_scores": deal_scores,
        "totals": totals,
        "running": running,
        "target": match.game.rules.game_points,
        "brisques": {nm(s): brisques[s] for s in (me, them)},
        "over": d.is_over,
        "paused": paused,
        "game_over": match.is_over,
        "winner": None if outcome is None else outcome.winner,
        "legal": legal_of(session),
    }
