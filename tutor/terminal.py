"""A whole match of any game played in a terminal (``tutor play GAME``): a text view over the same
session and typed seat view the table panel draws in the book (:func:`tutor.table.table_session`,
:func:`tutor.table.seat_view`). Nothing here names a game.

At each of the reader's turns the table is shown as his seat sees it, then the legal actions,
numbered. The reader answers with a number, with an action in the game's notation (``play AS``,
``declare KS QS``: anything the rules accept, listed or not), or with a word: ``hint``, ``undo``,
``score``, ``review`` (a deal that is over), ``level strong``, ``help``, ``quit``. A refused
action is told in the rules' words, with their source, and nothing changes.

>>> from tutor.games import load
>>> from tutor.table import table_session
>>> typed, said = iter(["undo", "2", "quit"]), []
>>> Terminal(table_session(load("schnapsen"), seed=3), lambda prompt: next(typed), said.append).run()
0
>>> print(said[3])
   Exchange: 1) exchange JS
   Close: 2) close
   Play a card: 3) play JS  4) play AH  5) play TC  6) play KC  7) play JC
>>> said[4:6]
['Nothing to take back: you have not moved yet.', 'First (elder) closes the stock: no more drawing, and strict play from now on.']
"""

from __future__ import annotations

import shlex
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .errors import TutorError, shorten
from .render import hand_text
from .session import new_seed
from .table import _name, explanation, seat_view, table_session

if TYPE_CHECKING:  # pragma: no cover
    from .games.view import Choice, TableView
    from .session import Session

__all__ = ["Terminal", "play"]

#: a kind of action with more choices than this is shown by two examples, not listed (a Piquet
#: discard can be made hundreds of ways; the reader types the one he means)
MANY = 12

HELP = """Answer with a choice's number, or type an action as the game writes it (play AS, declare KS QS;
a ten is T or 10, the suits S H D C or their symbols), or one of these words:
  hint           what the computer would do in your place
  undo           take back your last move (and the computer's answers to it)
  score          this deal's scores so far, step by step, each with its rule
  review         once a deal is over: your decisions weighed by the strong computer, the costliest first
  retry N        after a review: play on from just before its decision N, against the computer
  level NAME     the computer's level from its next move: beginner or strong
  next           deal the next deal of the match (Enter does it too, between deals)
  new            a new match (a fresh seed) once this one is over
  quit           stop"""


class Terminal:
    """The reader at the table of ``session`` (a :func:`~tutor.table.table_session`), through
    ``read`` (one line a call, the prompt given; None or EOFError at the end of the input) and
    ``write`` (one line or block a call)."""

    def __init__(self, session: Session, read: Callable[[str], str | None], write: Callable[[str], None],
                 level: str = "beginner"):
        self.session = session
        self.read, self.write = read, write
        self.level = level  # (what the session's computer plays at: the table's default is the beginner)
        self._said = 0  # how many lines of the session's log have been written
        self._shown: Any = None  # the position last drawn (drawn again only once it changes)
        self._numbered: tuple[Choice, ...] = ()
        self._reviewed: list[Any] = []  # the last review's decisions, as numbered in its text (the costliest first)

    # -- the loop -----------------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the reader quits or the input ends; 0."""
        s = self.session
        self.write(f"{s.game.title}: a match against the computer ({self.level}); you are "
                   f"{_words(s.viewer, s)}. Type help for what you may type.")
        while True:
            self._tell()
            if not s.is_over and not s.between_deals and not s.reader_to_move:  # pragma: no cover - the session plays the computer's seats
                raise RuntimeError("the computer did not finish its moves")
            prompt = self._prompt()
            try:
                line = self.read(prompt)
            except EOFError:
                line = None
            if line is None:
                self.write("Stopped.")
                return 0
            if self._do(" ".join(line.split())) == "quit":
                return 0

    def _prompt(self) -> str:
        s = self.session
        if s.is_over:
            return "The match is over: review, new or quit > "
        if s.between_deals:
            return "Enter for the next deal (or review, score, quit) > "
        return "> "

    def _do(self, line: str) -> str | None:
        """Do what the reader typed; "quit" to stop."""
        s = self.session
        word, _, rest = line.partition(" ")
        word = word.lower()
        try:
            if word in ("quit", "q", "exit"):
                return "quit"
            if word in ("help", "?"):
                self.write(HELP)
            elif not line or word in ("next", "n"):
                if s.between_deals:
                    s.next_deal()
                else:
                    self._shown = None  # the table again
            elif word == "hint":
                self.write(f"The computer would {s.hint()}." if not s.between_deals else "Nothing to weigh: the deal is over.")
            elif word == "undo":
                if s.undo():
                    self.write(s.message)
                    self._said, self._shown = len(s.log), None  # (the log is made again from the start: nothing new to tell)
                else:
                    self.write("Nothing to take back: you have not moved yet.")
            elif word == "score":
                self.write(explanation(s).text() or "Nothing is scored yet.")
            elif word == "review":
                self._review()
            elif word == "retry":
                self._retry(rest)
            elif word == "level":
                self._set_level(rest)
            elif word == "new":
                if not s.is_over:
                    raise TutorError("the match is not over: quit, or play it out", token="new")
                seed = new_seed()
                s.start(seed)
                self._said, self._shown = 0, None
                self.write(f"A new match, seed {seed}.")
            elif line.isascii() and line.isdigit():  # (a number in other digits, ² or １, is read as notation: refused by name)
                s.act(self._chosen(line))  # checked: a refused action changes nothing
            else:
                s.act(line)
        except TutorError as e:  # the rules' words (or the session's): told, and nothing changed
            self.write(f"Not done: {' '.join(str(e).split())}")
        return None

    def _chosen(self, number: str) -> str:
        return self._numbered[_pick(number, len(self._numbered), "choice") - 1].notation

    def set_level(self, level: str) -> None:
        """The computer's seats played at ``level`` from their next move (an unknown level, or one
        the game has not, is refused in words)."""
        level = level.strip().lower()
        self.session.bot = self.session.game.bot(level)
        self.level = level

    def _set_level(self, level: str) -> None:
        self.set_level(level)
        self.write(f"The computer plays at the {self.level} level from its next move.")

    def _review(self) -> None:
        from .review import review_session

        s = self.session
        if not s.state.is_over:
            raise TutorError("the deal is not over yet: review it once it ends", token="review")
        self.write("Weighing your decisions (this takes a few seconds)...")
        rev = review_session(s, weigher=s.game.bot("strong"))
        self._reviewed = rev.ranked()
        self.write(rev.text())
        if self._reviewed:
            self.write("retry N plays on from just before decision N.")

    def _retry(self, number: str) -> None:
        """Play on from just before decision ``number`` of the last review (numbered as its text
        numbers them), the reader to move, the computer at the other seats as before."""
        s = self.session
        if not self._reviewed:
            raise TutorError("review a deal first, then retry one of its decisions", token="retry")
        d = self._reviewed[_pick(number, len(self._reviewed), "decision", " in the review") - 1]
        pos = d.position
        # (in a match, at the totals the deal was played at)
        s.open(pos.code, pos.moves, pos.dealer, standing=pos.totals() if s.with_match else None)
        self._said, self._shown = len(s.log), None
        self.write(f"Playing on from {d.where}: the position before your {d.chosen.action} "
                   f"(the strong player chose {d.best.action}).")

    # -- what is written ----------------------------------------------------------------------------
    def _tell(self) -> None:
        """The lines the table has heard since the last time, then the table as the reader's seat
        sees it, if it changed and it is his turn."""
        s = self.session
        for line in s.log[self._said:]:
            self.write(line)
        self._said = len(s.log)
        if not s.reader_to_move:
            return
        here = (s.position, len(s.log))
        if here == self._shown:
            return
        self._shown = here
        v = seat_view(s)
        self.write("\n".join(table_lines(v, s)))
        self._numbered, lines = choice_lines(v)
        self.write("\n".join(lines))


def table_lines(v: TableView, session: Session) -> list[str]:
    """The table as seat ``v.viewer`` sees it, in lines of text."""
    out = []
    head = [v.title]
    if session.match is not None:
        head.append(f"deal {len(session.match.records) + 1}")
    if v.standing is not None:
        to = f" (to {v.target})" if v.target else ""
        head.append("the match: " + ", ".join(f"{k} {n}" for k, n in v.standing.items()) + to)
    head.append("this deal: " + ", ".join(f"{k} {n}" for k, n in v.scores.items()))
    out.append("-- " + " · ".join(head))
    table = []
    if v.trumps:
        table.append(f"trumps: {v.trumps}")
    if v.turnup is not None:
        table.append(f"turn-up {v.turnup.symbol}")
    if v.stock:
        table.append(f"{v.stock_name}: {v.stock} card{'s' if v.stock != 1 else ''}")
    if table:
        out.append("   " + " · ".join(table))
    for label, value in v.extra.lines() if v.extra is not None else ():
        out.append(f"   {label}: {value}")
    for p in v.places[1:]:
        bits = [f"{p.cards} card{'s' if p.cards != 1 else ''}", f"{p.tricks} trick{'s' if p.tricks != 1 else ''}"]
        if p.shown:
            bits.append("on the table " + hand_text(p.shown))
        out.append(f"   {_place(p)}: " + ", ".join(bits))
    for d in v.declared:
        points = f" ({d.points})" if d.points else ""
        out.append(f"   {d.name} declared {d.what}{points}" + (f": {hand_text(d.cards)}" if d.cards else ""))
    if v.last_trick is not None and v.last_trick.plays:
        taken = next((p.name for p in v.last_trick.plays if p.seat == v.last_trick.winner), None)
        out.append("   last trick: " + _plays(v.last_trick.plays) + (f" ({taken} took it)" if taken else ""))
    if v.trick.plays:
        out.append("   on the table: " + _plays(v.trick.plays))
    me = v.me
    shown = f"; on the table {hand_text(me.shown)}" if me.shown else ""
    out.append(f"   your cards ({_place(me)}): {hand_text(v.hand) or 'none'}{shown}")
    out.append(v.prompt)
    return out


def choice_lines(v: TableView) -> tuple[tuple[Choice, ...], list[str]]:
    """The viewer's legal actions by kind, numbered (a kind with very many, by examples): the
    choices in the order of their numbers, and the lines."""
    from .games.view import GROUP_LABELS

    numbered: list[Choice] = []
    rows: dict[str, list[str]] = {}  # by label: kinds a panel names alike (good, not good, equal: "Reply") on one line
    for kind, choices in v.groups().items():
        row = rows.setdefault(GROUP_LABELS.get(kind, kind.capitalize()), [])
        if len(choices) > MANY:
            row.append(f"{len(choices)} ways; type one, e.g. {choices[0].notation} or {choices[-1].notation}")
            continue
        for c in choices:
            numbered.append(c)
            row.append(f"{len(numbered)}) {c.notation}")
    return tuple(numbered), [f"   {label}: " + "  ".join(row) for label, row in rows.items()]


def _pick(number: str, count: int, what: str, where: str = "") -> int:
    """The number typed to pick one of ``count`` things (from 1); a TutorError naming it if none
    (digits of other scripts, ``²`` or ``１``, are no number here)."""
    number = number.strip()
    k = int(number) if number.isascii() and number.isdigit() and len(number) <= 6 else 0
    if not 1 <= k <= count:
        shown = shorten(number) if number else "(none given)"
        raise TutorError(f"there is no {what} {shown}{where}: choose 1 to {count}", token=shown)
    return k


def _place(p: Any) -> str:
    return p.name if p.name == p.seat else f"{p.name}, {p.seat}"


def _plays(plays: Any) -> str:
    return ", ".join(f"{p.name} {p.card.symbol if p.card is not None else 'a card face down'}" for p in plays)


def _words(seat: Any, session: Session) -> str:
    name = _name(session, seat)
    return name if name == seat.name else f"{name} ({seat.name} in this deal)"


def play(game: Any, seed: int | str | None = None, *, code: str | None = None, person: str | None = None,
         level: str = "beginner", read: Callable[[str], str | None] = input, write: Callable[[str], None] = print) -> int:
    """Play a match of ``game`` at the terminal: from ``seed`` (a fresh one when None, told so that
    it can be played again) or from the deal ``code`` first; the reader at ``person``'s place
    (default: as the table panel seats him); the computer at ``level``."""
    bot = game.bot(level)  # an unknown level is refused before anything is dealt
    readers = None if person is None else (person,)
    if code is not None:
        session = table_session(game, None, readers=readers, bot=bot, code=code)
    else:
        if seed is None:
            seed = new_seed()
        session = table_session(game, seed, readers=readers, bot=bot)
    terminal = Terminal(session, read, write, level=level)
    if code is None:
        write(f"Match seed {seed} (tutor play {game.name} --seed {shlex.quote(str(seed))} plays it again).")
    return terminal.run()
