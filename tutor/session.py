"""One session for every panel: a deal or a match, who sits where, undo, hints and a log in words.

Each seat has a controller: the reader (several seats may be readers: pass-and-play, for a class
at a projector) or a computer player. A computer player and a hint see only what the contract
lets a seat see (:class:`SeatView`: the seat's ``view`` and the legal actions), so neither can
cheat. Undo replays the session from its start, so it is always exact.

A reader may act out of turn where the rules let his seat (Chouine's seven of trumps exchanged at
any time, a Gaigel partner's "Aus!"): :meth:`Session.act` applies it as his seat's, and an action
that names its seat (``younger: exchange 7H``) is told, and replayed, as that seat's.

A position is a deal code and the moves made in that deal (:class:`Position`): :meth:`Session.open`
opens one, every move checked in order, and :attr:`Session.position` is the one on show, so a link
can carry exactly what is on the table.

>>> from tutor.games import load
>>> s = Session(load("truc"), seed=1)
>>> s.reader_seats
(Seat('elder'),)
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from .codes import looks_like_code
from .errors import IllegalActionError, TutorError, read_whole, shorten
from .games.contract import Bot, SeatView
from .seats import Seat

if TYPE_CHECKING:  # pragma: no cover
    from .games.base import GameState
    from .games.contract import Game
    from .games.match import Match

__all__ = ["Session", "SeatView", "Bot", "Narrator", "Position", "READER", "COMPUTER", "AUTO", "LINKED", "new_seed"]

READER, COMPUTER = "reader", "computer"
AUTO = "auto"  # a move the session made for a reader who had no choice (see ``forced``)
LINKED = "linked"  # a move of the position the session was opened on (see ``Session.open``)

MAX_MOVES = 1000  # far more than any deal has: a longer list of moves is not a position


@dataclass(frozen=True)
class Position:
    """A deal and the moves made in it: the deal's code and each move in the game's notation, in
    order (every seat's moves, the computer's too)."""

    code: str
    moves: tuple[str, ...] = ()
    #: in a match, the person who dealt this deal (so each person sits where he sat); None in a
    #: single deal, whose seats are the deal's own
    dealer: str | None = None
    #: in a match, the totals the deal started from, by scorer, in the match's order (empty: nought
    #: each, a deal alone, or a match whose reckoning cannot start at given totals)
    standing: tuple[tuple[str, int], ...] = ()

    @staticmethod
    def standing_of(standing: Mapping[str, int] | str | None) -> tuple[tuple[str, int], ...]:
        """The totals of a position, given by name (``{"first": 5}``) or as a link writes them
        (``"first:5,second:3"``, a name's own ``%``, ``,`` and ``:`` written ``%25``, ``%2C`` and
        ``%3A``); a part that is not a name and a whole number is refused naming it. Whether the
        names and totals fit the match is the match's to say, as it opens."""
        if standing is None:
            return ()
        if isinstance(standing, Mapping):
            return tuple(standing.items())
        if not isinstance(standing, str):
            raise TutorError(f"a standing is totals by name or text like first:5,second:3, not "
                             f"{type(standing).__name__} {shorten(repr(standing))}", token=shorten(repr(standing)))
        out = []
        for part in (p for p in standing.split(",") if p.strip()):
            name, colon, total = part.rpartition(":")
            if not colon or not name.strip():
                raise TutorError(f"each total of a standing is a name and a number (first:5), not {shorten(part)}",
                                 token=shorten(part))
            who = unquote(name.strip())
            out.append((who, read_whole(total, f"{who if len(who) <= 40 else who[:40] + '…'}'s total", lo=0)))
        return tuple(out)

    def totals(self) -> dict[str, int] | None:
        """:attr:`standing` by name, as :meth:`Session.open` takes it (None: nought each)."""
        return dict(self.standing) or None

    def standing_text(self) -> str:
        """:attr:`standing` as a link writes it (see :meth:`standing_of`); empty for none."""
        def name(n: str) -> str:
            return n.replace("%", "%25").replace(",", "%2C").replace(":", "%3A")
        return ",".join(f"{name(n)}:{v}" for n, v in self.standing)

    @staticmethod
    def moves_of(moves: Iterable[str] | str | None) -> tuple[str, ...]:
        """The moves of a position, given as a list or as one text with commas between them
        (``"play 7S,play 8H"``); an empty move, or more than a deal could hold, is refused."""
        if moves is None:
            return ()
        if isinstance(moves, str):
            if not moves.strip():
                return ()
            moves = moves.split(",")
        out = []
        for i, m in enumerate(moves, 1):
            if i > MAX_MOVES:
                raise IllegalActionError(f"a position has at most {MAX_MOVES} moves; this one has more", token=f"move {i}")
            if not isinstance(m, str):
                raise IllegalActionError(f"move {i} of the position is not a move in words: {shorten(repr(m))}", token=shorten(repr(m)))
            if not m.strip():
                raise IllegalActionError(f"move {i} of the position is empty", token=f"move {i}")
            out.append(" ".join(m.split()))
        return tuple(out)


def new_seed() -> int:
    """A fresh seed for "New deal": a different deal each time, shown so it can be shared."""
    return secrets.randbelow(1_000_000)


class Narrator:
    """How a session tells what happens, in words. The default says one line per action (the
    game's :meth:`~tutor.games.contract.Game.describe_action`); a game's panel may tell more (who
    won the trick, what was scored) by overriding these."""

    def deal_started(self, session: Session) -> list[str]:
        """Lines said when a deal (the first, or the next of a match) is dealt."""
        return []

    def action(self, session: Session, who: str, seat: Seat, action: Any, apply: Callable[[], None]) -> list[str]:
        """Lines said for ``action`` by ``seat`` (played by ``who``): call ``apply()`` exactly once,
        after reading what is needed from the state before it and before reading what followed."""
        line = session.describe(session.state, seat, action)  # as the table hears it, before the state moves on
        apply()
        return [line]


class Session:
    """A deal (or, with ``match=True``, a whole match) played by readers and computer players.

    ``seats`` maps seat names (with a match: the match's persons) to ``"reader"`` or
    ``"computer"``; by default the reader holds the first seat and the computer the others. ``bot``
    makes the computer's choices (default: the game's own, ``game.bot()``). ``log`` is what
    happened, in words, in the order a table hears it (``narrator`` says how).

    Two options serve practice panels: ``reader_when(state)`` says in which parts of a deal a
    reader's seat is played by the reader (the computer plays it elsewhere: an auction trainer);
    ``forced(state, legal)`` names a move to make for a reader who has no real choice (None
    otherwise), such as drawing after a trick with nothing to declare.
    """

    def __init__(self, game: Game, seed: int | str | None = 0, *, code: str | None = None,
                 seats: Mapping[str, str] | None = None, match: bool = False, bot: Bot | None = None,
                 describe: Callable[[Any, Seat, Any], str] | None = None, narrator: Narrator | None = None,
                 match_options: Mapping[str, Any] | None = None,
                 reader_when: Callable[[Any], bool] | None = None,
                 forced: Callable[[Any, list[Any]], Any] | None = None):
        self.game = game
        self.with_match = match
        self.bot = bot if bot is not None else game.bot()
        self._describe = describe
        self.narrator = narrator if narrator is not None else Narrator()
        self.match_options = dict(match_options or {})
        self.reader_when = reader_when
        self.forced = forced
        self._controllers: dict[str, str] = {}
        self._seats_given = dict(seats or {})
        self.start(seed, code)

    # -- set-up -------------------------------------------------------------------------------
    def start(self, seed: int | str | None = 0, code: str | None = None, moves: Iterable[str] | str = (), *,
              dealer: str | None = None, standing: Mapping[str, int] | None = None) -> None:
        """A new deal (or match): by ``code``, by ``seed``, or a fresh random seed when None. A
        seed with the shape of a deal code is read as a code. A match given a code plays that deal
        first, dealt by ``dealer``, at the totals ``standing`` (see :meth:`open`). ``moves`` are
        made in that deal first, as in :meth:`open`. A refused start (a bad seed, code, standing
        or move) leaves the session as it was."""
        kept = dict(self.__dict__)
        try:
            self._start(seed, code, moves, dealer, standing)
        except BaseException:
            self.__dict__.clear()
            self.__dict__.update(kept)
            raise

    def _start(self, seed: int | str | None, code: str | None, moves: Iterable[str] | str, dealer: str | None,
               standing: Mapping[str, int] | None = None) -> None:
        from .cards import check_seed

        moves = Position.moves_of(moves)
        if code is None and looks_like_code(seed):
            code, seed = str(seed).strip(), None
        if code is not None and not isinstance(code, str):
            raise TutorError(f"a deal code is text, not {type(code).__name__} {shorten(repr(code))}", token=shorten(repr(code)))
        if standing is not None and not (self.with_match and code is not None and code.strip()):
            raise TutorError("totals to start at (a standing) are for a match opened at a deal's code, not a deal "
                             "alone or a match dealt from a seed", token="standing")
        if code is not None and code.strip():
            given = code.strip()
            playing: Any = self._new_match(None, given, dealer, standing) if self.with_match else self.game.deal(code=given)
            self.seed: int | str | None = None
            self.code_given: str | None = given
            self.dealer_given = dealer if self.with_match else None
            self.standing_given = dict(standing) if standing is not None else None
        else:
            seed = new_seed() if seed is None or (isinstance(seed, str) and not seed.strip()) else check_seed(seed)
            playing = self._new_match(seed, None) if self.with_match else self.game.deal(seed=seed)
            self.seed = seed
            self.code_given = self.dealer_given = None
            self.standing_given = None
        self.playing = playing
        if not self._controllers:
            people = self._people()
            self._controllers = {p.name: COMPUTER for p in people}
            self._controllers[people.first_leader.name] = READER
            for name, who in self._seats_given.items():
                self.set_controller(name, who, run=False)
        self.actions: list[tuple[str, Any]] = []  # (READER, COMPUTER or AUTO, action) in order
        self.log: list[str] = []
        self.message = ""
        self.log += self.narrator.deal_started(self)
        self._make_moves(moves)
        self._run_computer()

    def open(self, code: str, moves: Iterable[str] | str = (), dealer: str | None = None, *,
             standing: Mapping[str, int] | None = None) -> None:
        """Open a position: deal ``code`` and make ``moves`` in it (a list, or one text with commas
        between them), each checked in order as the rules check any move, whoever's seat it is
        for; then the computer plays its seats, as after any move. A move refused raises the
        rules' error naming the move, and the session is left as it was.

        In a match (``match=True``) the deal of ``code`` is the deal in play, dealt by the person
        ``dealer`` (default: the match's first dealer), from the totals ``standing`` (by the
        match's scorers' names, as ``game.match(..., standing=...)`` takes them; default: nought
        each; a review plays on from its deal at the totals the deal was played at); the
        deals after it are dealt from the code as the match's seed (deal ``n`` from ``CODE/n``),
        so the same code always gives the same match. The moves opened are part of the session's
        start: :meth:`undo` goes back to the position, never before it."""
        if not isinstance(code, str) or not code.strip():
            raise TutorError("a position needs the code of its deal", token=shorten(repr(code)))
        kept = dict(self.__dict__)
        try:
            self.start(code=code, moves=moves, dealer=dealer, standing=standing)
        except BaseException:
            self.__dict__.clear()
            self.__dict__.update(kept)
            raise

    @property
    def position(self) -> Position:
        """What is on the table: the code of the deal in play and every move made in it so far."""
        since = max((i + 1 for i, (_, a) in enumerate(self.actions) if a is _NEXT), default=0)
        dealer = self.playing.dealer.name if self.with_match else None
        standing = tuple((self.playing.standing_to_restart() or {}).items()) if self.with_match else ()
        return Position(self.state.code, tuple(str(a) for _, a in self.actions[since:]), dealer, standing)

    def _make_moves(self, moves: tuple[str, ...]) -> None:
        for i, move in enumerate(moves, 1):
            if self.playing.turn is None:
                raise IllegalActionError(f"move {i} of the position, {shorten(move)}, comes after the end of the deal",
                                         token=shorten(move))
            try:
                self._apply(LINKED, move)
            except TutorError as e:
                raise IllegalActionError(f"move {i} of the position, {shorten(move)}, is refused: {e}",
                                         token=shorten(move), legal=e.legal) from e

    def _new_match(self, seed: int | str | None, code: str | None, dealer: str | None = None,
                   standing: Mapping[str, int] | None = None) -> Match:
        if code is None:
            assert seed is not None, "a match is dealt from its seed or from a deal code"
            return self.game.match(seed, pause=True, **self.match_options)
        options = dict(self.match_options)
        if standing is not None:
            options["standing"] = standing
        if dealer is not None:
            if not isinstance(dealer, str) or dealer.strip() not in self.game.match(code, **options).persons.names:
                raise TutorError(f"{shorten(str(dealer))} is not a player of this {self.game.title} match", token=shorten(str(dealer)))
            options["first_dealer"] = dealer.strip()
        match = self.game.match(code, pause=True, **options)
        match.open_code(code)  # the code's deal first, the next ones from the code as the seed
        return match

    def _people(self):
        """Who the controllers belong to: the match's persons, or the deal's seats."""
        return self.playing.persons if self.with_match else self.playing.table

    def _person(self, seat: Seat) -> str:
        return self.playing.person(seat).name if self.with_match else seat.name

    def set_controller(self, seat: str | Seat, who: str, *, run: bool = True) -> None:
        place = self._people().seat(seat if isinstance(seat, str) else int(seat))
        if who not in (READER, COMPUTER):
            raise TutorError(f"a seat is played by the reader or the computer, not {who!r}", token=who, legal=(READER, COMPUTER))
        self._controllers[place.name] = who
        if run:
            self._run_computer()

    # -- what a reader sees -------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The deal in play."""
        return self.playing.deal if self.with_match else self.playing

    @property
    def match(self) -> Match | None:
        return self.playing if self.with_match else None

    @property
    def reader_seats(self) -> tuple[Seat, ...]:
        """The seats of the deal in play that readers hold."""
        return tuple(s for s in self.state.table if self.controller(s) == READER)

    def controller(self, seat: Seat) -> str:
        """Who plays ``seat`` of the deal in play: READER or COMPUTER."""
        return self._controllers[self._person(self.state.table.seat(seat if isinstance(seat, str) else int(seat)))]

    def plays(self, seat: Seat) -> str:
        """Who plays ``seat`` now: its controller, except that a reader's seat is played by the
        computer where ``reader_when`` says the reader does not play this part of the deal."""
        who = self.controller(seat)
        if who == READER and self.reader_when is not None and not self.reader_when(self.state):
            return COMPUTER
        return who

    @property
    def reader_to_move(self) -> bool:
        turn = self.playing.turn
        return turn is not None and self.plays(turn) == READER

    @property
    def is_over(self) -> bool:
        return self.playing.is_over

    @property
    def between_deals(self) -> bool:
        return bool(self.with_match and self.playing.between_deals)

    def legal_actions(self) -> list[Any]:
        return [] if self.playing.turn is None else list(self.playing.legal_actions())

    def view(self, seat: int | str | Seat | None = None) -> dict:
        """What ``seat`` (default: the reader's seat to move, else the first reader seat) may see."""
        return self.playing.view(self._seat(seat))

    # -- reader actions -----------------------------------------------------------------------
    def act(self, action: Any) -> str:
        """Apply the reader's action (checked), then let the computer answer. Returns what was
        said, in words. A refused action raises the engine's error and changes nothing. When it is
        not the reader's turn, the action is his seat's, out of turn, where the rules let it be."""
        if self.playing.is_over:
            raise IllegalActionError("it is over: deal again to go on", token=str(action))
        if self.between_deals:
            raise IllegalActionError("this deal is over: deal the next one to go on", token=str(action))
        named = self._named_seat(self.state.parse_action(action))
        if named is not None and self.plays(named) != READER:
            raise IllegalActionError(f"{shorten(str(action))} is an action of {named.name}, which the computer plays", token=shorten(str(action)))
        seat = None if self.reader_to_move else self._out_of_turn_seat(action)
        before = len(self.log)
        self._apply(READER, action, seat)
        self._run_computer()
        self.message = ""
        return " ".join(self.log[before:])

    def next_deal(self) -> str:
        """Between deals of a match: deal the next one."""
        if not self.between_deals:
            raise IllegalActionError("there is no deal to start: the one in play is not over", token="next deal")
        before = len(self.log)
        self.playing.next_deal()
        self.actions.append((READER, _NEXT))
        self.log += self.narrator.deal_started(self) or [f"Deal {len(self.playing.records) + 1}."]
        self._run_computer()
        return " ".join(self.log[before:])

    def play_for_reader(self, *, whole_match: bool = False) -> str:
        """The computer plays every seat, the reader's too, to the end of the deal in play (or of the
        match). Undo takes it back with the reader's last action before it."""
        before = len(self.log)
        if self.between_deals:
            self.next_deal()
        while not self.playing.is_over:
            turn = self.playing.turn
            if turn is None:
                if not (whole_match and self.between_deals):
                    break
                self.next_deal()
                continue
            self._apply(COMPUTER, self.bot.choose(SeatView(self.playing, turn)))
        return " ".join(self.log[before:])

    def hint(self) -> str:
        """What the computer would do in the seat to move (seeing only that seat's view)."""
        turn = self.playing.turn
        if turn is None:
            raise IllegalActionError("there is nothing to do: it is over", token="hint")
        return str(self.bot.choose(SeatView(self.playing, turn)))

    def undo(self) -> bool:
        """Go back to before the reader's last action (and the computer's answers to it); dealing
        the next deal of a match is not an action of the game, so it is taken back with the move
        before it. False, and nothing changed, when the reader has done nothing yet."""
        idx = max((i for i, (who, a) in enumerate(self.actions) if who == READER and a is not _NEXT), default=None)
        if idx is None:
            return False
        keep = self.actions[:idx]
        self._reset_to_start()
        for who, action in keep:
            if action is _NEXT:
                self.playing.next_deal()
                self.actions.append((who, action))
                self.log += self.narrator.deal_started(self) or [f"Deal {len(self.playing.records) + 1}."]
            else:
                self._apply(who, action)
        self.message = "Took back your last move."
        return True

    def out_of_turn(self, seat: int | str | Seat | None = None) -> list[Any]:
        """What ``seat`` (default: the first reader's seat not to move) may do now out of turn:
        the deal's ``legal_actions(seat=...)`` where it takes a seat, else nothing."""
        from .games.view import out_of_turn

        turn = self.playing.turn
        if turn is None:
            return []
        if seat is None:
            mine = [s for s in self.reader_seats if int(s) != int(turn) and self.plays(s) == READER]
            return out_of_turn(self.state, mine[0]) if mine else []
        where = self._seat(seat)
        return [] if int(where) == int(turn) else out_of_turn(self.state, where)

    def _out_of_turn_seat(self, action: Any) -> Seat:
        """The reader's seat that makes ``action`` now, out of turn, where the rules let it; else
        the refusal in the rules' words (or: it is the computer's turn)."""
        from .games.view import out_of_turn, takes_seat

        turn = self.playing.turn
        deal = self.state
        mine = [s for s in self.reader_seats if int(s) != int(turn) and self.plays(s) == READER]
        if not mine or not takes_seat(deal):
            raise IllegalActionError(f"it is the computer's turn ({turn.name})", token=str(action))
        why: str | None = ""
        for s in mine:
            why = deal.why_illegal(action, seat=s)  # type: ignore[call-arg]
            if why is None:
                return s
        legal = [str(a) for s in mine for a in out_of_turn(deal, s)]
        raise IllegalActionError(str(why), token=shorten(str(action)), legal=legal)

    # -- internals ----------------------------------------------------------------------------
    @property
    def viewer(self) -> Seat:
        """The seat whose hand is on show: the reader's seat to move, else the first reader's seat
        (else the first to play, when the computer holds every seat)."""
        return self._seat(None)

    def _seat(self, seat: int | str | Seat | None) -> Seat:
        table = self.state.table
        if seat is not None:
            return table.seat(seat if isinstance(seat, str) else int(seat))
        turn = self.playing.turn
        if turn is not None and self.plays(turn) == READER:
            return turn
        readers = self.reader_seats
        return readers[0] if readers else table.first_leader

    def _reset_to_start(self) -> None:
        if self.with_match:
            self.playing = self._new_match(self.seed, self.code_given, self.dealer_given, self.standing_given)
        elif self.seed is None:
            self.playing = self.game.deal(code=str(self.code_given))
        else:
            self.playing = self.game.deal(seed=self.seed)
        self.actions, self.log = [], []
        self.log += self.narrator.deal_started(self)

    def _apply(self, who: str, action: Any, out_of_turn: Seat | None = None) -> None:
        state = self.playing
        deal = self.state
        parsed = deal.parse_action(action)
        seat = out_of_turn if out_of_turn is not None else self._named_seat(parsed) or state.turn
        why = deal.why_illegal(parsed) if out_of_turn is None else deal.why_illegal(parsed, seat=out_of_turn)  # type: ignore[call-arg]
        if why is not None:  # refused before anything is said of it, in the engine's words
            raise IllegalActionError(why, token=str(parsed), legal=[str(a) for a in deal.legal_actions()])
        if out_of_turn is not None:  # the action as the engine writes it for that seat (``younger: exchange 7H``)
            probe = deal.clone()
            probe.apply(parsed, seat=out_of_turn)  # type: ignore[call-arg]
            parsed = probe.history[-1]
        applied: list[Any] = []

        def apply() -> None:
            if applied:
                raise RuntimeError("a narrator applied an action twice")  # pragma: no cover - a narrator bug
            before = len(deal.history)
            state.apply_unchecked(parsed)  # checked just above, before anything was said of it
            done = deal.history[before:]
            applied.append(done[-1] if done else parsed)

        # a move of the position opened is told as the move of whoever holds the seat
        said = who if who != LINKED else READER if self.controller(seat) == READER else COMPUTER
        lines = self.narrator.action(self, said, seat, parsed, apply)
        if not applied:
            raise RuntimeError("a narrator did not apply the action")  # pragma: no cover - a narrator bug
        self.actions.append((who, applied[0]))
        self.log += lines

    def _named_seat(self, action: Any) -> Seat | None:
        """The seat an action names as its maker (``younger: exchange 7H``, made out of turn), if any."""
        name = getattr(action, "seat", None)
        if not isinstance(name, str):
            return None
        table = self.state.table
        return next((s for s in table if s.name == name), None)

    def describe(self, state: GameState, seat: Seat, action: Any) -> str:
        """One line of the log, in words, for ``action`` about to be applied to ``state``."""
        if self._describe is not None:
            return self._describe(state, seat, action)
        return self.game.describe_action(state, seat, action)

    def _run_computer(self, limit: int = 10_000) -> None:
        for _ in range(limit):
            turn = self.playing.turn
            if turn is None:
                return
            if self.plays(turn) == READER:
                move = None if self.forced is None else self.forced(self.state, self.legal_actions())
                if move is None:
                    return
                self._apply(AUTO, move)
                continue
            self._apply(COMPUTER, self.bot.choose(SeatView(self.playing, turn)))
        raise TutorError("the computer did not finish its moves", token=self.game.name)  # pragma: no cover

    def __repr__(self) -> str:
        who = ", ".join(f"{k}: {v}" for k, v in self._controllers.items())
        return f"<Session {self.game.title} ({who}); {len(self.actions)} actions>"


class _Next:
    def __repr__(self) -> str:
        return "next deal"


_NEXT = _Next()
