"""Exercise sets with answer keys, made by the engines.

A teacher picks a game, a kind of question and a number; :func:`make_set` deals the questions and
works out each answer with the game's own engine, step by step, each step citing its rule. A set
has a code (``ex-piquet-score-10-7-Xy``) that makes it again exactly on any machine: the game, the
kind, the count and the seed, then two check characters (the weighted sum modulo a prime of the
deal codes, :mod:`tutor.codes`) that catch any single mistyped character and any swap of two
neighbours, so a set copied by hand from the board is refused rather than misread.

Question ``i`` of a set with seed ``s`` is dealt from ``f"exercise/{s}/{i}"``, so the same question
is made again the same: a question made once is kept (the last :data:`KEPT`), and a set made again
(marking each student's file of a class, the answer page's sets) is not worked out again.

The kinds of question are declared by the games themselves (:meth:`~tutor.games.contract.Game.exercise_kinds`):
each game's own (``EXERCISES`` on its class, made in its package's ``exercises`` module), after
those its family core declares for every deal it runs (the stock-and-tricks core's ``tricks``).
This module knows no game: it makes, codes and draws sets of whatever kinds a game declares.
:data:`KINDS` gathers them by name over the registered games.
"""

from __future__ import annotations

import contextlib
import copy
import re
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .cards import Card
from .codes import _DIGITS, _VALUE, _check
from .errors import NotationError, read_whole, shorten
from .explain import Explanation

__all__ = ["Question", "ExerciseSet", "Kind", "KINDS", "kinds_for", "make_set", "from_code", "set_code", "ExerciseError",
           "steps", "play_moves", "name_cards", "questions_html"]

MAX_COUNT = 40


class ExerciseError(NotationError):
    """An exercise set that cannot be made: an unknown kind, a count or seed out of range, a damaged code."""


@dataclass(frozen=True)
class Question:
    """One question: what the student reads (``prompt`` and the labelled rows of ``cards``), the
    short ``answer``, the ``working`` (one line a step, each citing its rule), and ``data``: the
    answer as data, for programs and for the tests that check it against the engine."""

    number: int
    prompt: str
    cards: tuple[tuple[str, tuple[Card, ...]], ...]
    answer: str
    working: tuple[str, ...]
    data: dict = field(default_factory=dict)
    deal: str = ""

    def to_json(self) -> dict:
        return {"number": self.number, "prompt": self.prompt, "deal": self.deal,
                "cards": {label: " ".join(map(str, cs)) for label, cs in self.cards},
                "answer": self.answer, "working": list(self.working), "data": self.data}


@dataclass(frozen=True)
class Kind:
    """A kind of question, declared by the game (or the family core) whose engine answers it: its
    name (one word, in the set code), what it asks, and how it makes question ``number`` of a set
    for a loaded game from a seed (``make(game, seed, number)``). Two kinds of one name and title
    are the same kind, whichever game's engine makes their questions."""

    name: str
    title: str
    make: Callable[[Any, str, int], Question] = field(compare=False)


@dataclass(frozen=True)
class ExerciseSet:
    game: str
    title: str
    kind: Kind
    count: int
    seed: int
    questions: tuple[Question, ...]
    pack: str = ""

    @property
    def code(self) -> str:
        return set_code(self.game, self.kind.name, self.count, self.seed)

    def text(self, key: bool = False) -> str:
        """The questions (and with ``key`` the key after them), as plain text."""
        lines = [f"{self.title}: {self.kind.title} ({self.count} question{'s' if self.count != 1 else ''}, set {self.code})", ""]
        for q in self.questions:
            lines.append(f"{q.number}. {q.prompt}")
            lines += [f"   {label}: {' '.join(map(str, cs))}" for label, cs in q.cards]
            lines.append("")
        text = "\n".join(lines).rstrip() + "\n"
        return text + "\n" + self.key_text() if key else text

    def key_text(self) -> str:
        """The key alone, headed with the set's code: each answer worked out step by step."""
        lines = [f"Key to set {self.code}", ""]
        for q in self.questions:
            lines.append(f"{q.number}. {q.answer}")
            lines += [f"   {w}" for w in q.working]
            lines.append("")
        return "\n".join(lines).rstrip() + "\n"

    def to_json(self) -> dict:
        return {"code": self.code, "game": self.game, "kind": self.kind.name, "title": self.kind.title,
                "count": self.count, "seed": self.seed, "questions": [q.to_json() for q in self.questions]}

    def _repr_html_(self) -> str:
        return questions_html(self, key=False)


# -- codes ------------------------------------------------------------------------------------
_WORD = re.compile(r"[a-z0-9]+")


def _check_chars(body: str) -> str:
    x = _check([_VALUE[ch] for ch in body])
    return _DIGITS[x >> 6] + _DIGITS[x & 63]


def set_code(game: str, kind: str, count: int, seed: int) -> str:
    body = f"ex-{game}-{kind}-{count}-{seed}-"
    return body + _check_chars(body)


def parse_code(code: object) -> tuple[str, str, int, int]:
    """(game, kind, count, seed) of a set code; a damaged one is an :class:`ExerciseError` naming it."""
    if not isinstance(code, str):
        raise ExerciseError(f"a set code is text, not {shorten(code)}", token=shorten(code))
    text = code.strip()
    if not text.startswith("ex-"):
        raise ExerciseError(f"set code {shorten(text)} is not an exercise set code (they start with ex-)", token=shorten(text))
    body, check = text[:-2], text[-2:]
    fields = body[3:-1].split("-") if body.endswith("-") else []
    if len(fields) != 4 or any(ch not in _VALUE for ch in text):
        raise ExerciseError(f"set code {shorten(text)} is damaged: it should read ex-GAME-KIND-COUNT-SEED- and two check characters",
                            token=shorten(text))
    game, kind, count, seed = fields
    if _check_chars(body) != check:
        from .games import GAMES

        # name the part that is plainly wrong where one is (a game or kind misspelt), else the code
        bad = game if game not in GAMES else kind if kind not in KINDS else None
        where = f": {shorten(bad)} is not a {'game' if bad == game else 'kind of question'}" if bad else ""
        raise ExerciseError(f"set code {shorten(text)} is damaged (its check characters do not match{where}): "
                            "check each character, and the order of neighbours", token=shorten(bad if bad else text))
    return game, kind, _number(count, "count", 1, MAX_COUNT), _number(seed, "seed", 0, 10**9)


def _number(text: object, what: str, lo: int, hi: int) -> int:
    return read_whole(text, f"the {what} of an exercise set", error=ExerciseError, lo=lo, hi=hi)


# -- making sets ------------------------------------------------------------------------------
def kinds_for(game: Any) -> list[Kind]:
    """The kinds of question ``game`` (a loaded game) declares, in its order."""
    return list(game.exercise_kinds())


class _Kinds(Mapping[str, Kind]):
    """name -> kind, over the kinds every registered game declares (read when asked, so a game
    registered later brings its kinds)."""

    def _all(self) -> dict[str, Kind]:
        from .games import GAMES, load

        found: dict[str, Kind] = {}
        for name in sorted(GAMES):
            for k in kinds_for(load(name)):
                found.setdefault(k.name, k)
        return found

    def __getitem__(self, name: str) -> Kind:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return f"<kinds of question {', '.join(self._all())}>"


#: name -> kind of question, over the registered games
KINDS: Mapping[str, Kind] = _Kinds()


def make_set(game: str | Any, kind: str, count: int | str = 10, seed: int | str = 0) -> ExerciseSet:
    """``count`` questions of ``kind`` for ``game`` (a name or a loaded game), from ``seed``."""
    from .games import load

    g = load(game) if isinstance(game, str) else game
    n = _number(count, "count", 1, MAX_COUNT)
    s = _number(seed, "seed", 0, 10**9)
    name = str(kind).strip().lower()
    mine = kinds_for(g)
    k = next((x for x in mine if x.name == name), None)
    if k is None:
        raise ExerciseError(f"{g.title} has no exercises of kind {shorten(kind)} (its kinds: {', '.join(x.name for x in mine) or 'none'})",
                            token=shorten(kind), legal=[x.name for x in mine])
    questions = tuple(_question(g, k, s, i + 1) for i in range(n))
    return ExerciseSet(g.name, g.title, k, n, s, questions, g.TYPE.pack)


#: how many questions made are kept (a tricks question, played by the strong computer, takes tenths of
#: a second; a set made again for each of a class's result files would take minutes)
KEPT = 2048
_kept: OrderedDict[tuple, Question] = OrderedDict()


def _question(game: Any, kind: Kind, seed: int, number: int) -> Question:
    """Question ``number`` of ``kind`` for ``game`` from ``seed``: made, or a copy of the one made
    before from the same game (its class and rules), kind, seed and number."""
    dealt_from = f"exercise/{seed}/{number - 1}"
    try:
        key = (type(game), game.name, game.rules, kind.name, seed, number)
        hash(key)
    except (AttributeError, TypeError):  # a game whose rules cannot be told apart: made each time
        return kind.make(game, dealt_from, number)
    made = _kept.get(key)
    if made is None:
        made = _kept[key] = kind.make(game, dealt_from, number)
    # (another thread may have just let the oldest, or this one, go)
    with contextlib.suppress(KeyError):
        _kept.move_to_end(key)
        if len(_kept) > KEPT:
            _kept.popitem(last=False)
    return replace(made, data=copy.deepcopy(made.data))  # (its data is the caller's to change)


def from_code(code: str) -> ExerciseSet:
    """The set a code names, made again exactly."""
    from .errors import UnknownGameError

    game, kind, count, seed = parse_code(code)
    try:
        return make_set(game, kind, count, seed)
    except UnknownGameError as e:  # the check matched, so the code was made for another version
        raise ExerciseError(f"set code {shorten(code)} names a game this tutor does not have: {e}", token=game) from e


# -- what the games' kinds share ------------------------------------------------------------------
def steps(expl: Explanation, names: Mapping[str, str] | None = None) -> tuple[str, ...]:
    """The working of a key from an engine's explanation: one line a step, citing its rule;
    ``names`` gives a scorer's key in a reader's words (:meth:`tutor.seats.Table.words_of`)."""
    said = names or expl.words
    return tuple(f"{said.get(s.player, s.player)} +{s.points}: {s.text} [{s.rule}]" for s in expl)


def play_moves(game: Any, state: Any, bot: Any = None, stop: Callable[[Any], bool] = lambda s: False) -> list[tuple[str, Any, str]]:
    """The computer plays every seat of ``state`` on, until the deal is over or ``stop(state)``:
    (seat's name, action, the action in words) for each move, in order."""
    from .session import SeatView

    bot = game.bot() if bot is None else bot
    moves: list[tuple[str, Any, str]] = []
    while not state.is_over and not stop(state):
        seat = state.turn
        action = bot.choose(SeatView(state, seat))
        moves.append((seat.name, action, game.describe_action(state, seat, action)))
        state.apply(action)
    return moves


# -- drawing ----------------------------------------------------------------------------------
#: a card written in the tutor's notation in a question's text (``QC``, ``3S``), with the name a game
#: already gave it in brackets, if any (``2C (dos de bastos)``)
_CARD_IN_TEXT = re.compile(r"(?<![\w'])([AKQJT2-9])([SHDC])(?: \(([^()]*)\))?(?![\w'])")


def name_cards(text: str, pack: str | None) -> str:
    """``text`` with every card written in the tutor's notation named as the game's own pack names it,
    where the pack has names of its own (:data:`tutor.render.PACK_NAMES`: the Spanish pack's
    ``caballo de bastos`` for ``QC``, as the card is drawn); other packs' text is left as it is."""
    from .render import PACK_NAMES

    namer = PACK_NAMES.get(pack or "")
    if namer is None:
        return text
    from .cards import PACKS, parse_card

    cards = PACKS[pack or ""]

    def named(m: re.Match) -> str:
        card = parse_card(m.group(1) + m.group(2))
        if card not in cards:
            return m.group(0)
        said = m.group(3)  # a bracket after the card: its name already (dropped), or something else (kept)
        return namer(card) + (f" ({said})" if said is not None and said != namer(card) else "")

    from .cards import SPANISH_SUIT_NAMES, Suit

    text = _CARD_IN_TEXT.sub(named, text)
    if pack == "spanish40":  # the suits by the pack's own names too ("trumps are bastos")
        words = {s.noun: SPANISH_SUIT_NAMES[s] for s in Suit}
        text = re.sub(r"\b(" + "|".join(words) + r")\b", lambda m: words[m.group(1)], text)
    return text


def questions_html(ex: ExerciseSet, key: bool = False) -> str:
    """The set as HTML: the questions with their cards drawn, and with ``key`` the key. Neither a
    question nor an entry of the key is split across printed pages (``break-inside: avoid``); the
    text names the cards as the game's pack does (:func:`name_cards`)."""
    import html

    from .games import game_class
    from .render import hand_svg

    jack = game_class(ex.game).TYPE.jack

    def text(t: str) -> str:
        return html.escape(name_cards(t, ex.pack))

    out = [f"<h4>{html.escape(ex.title)}: {html.escape(ex.kind.title)} <code>{ex.code}</code></h4><ol>"]
    for q in ex.questions:
        rows = "".join(hand_svg(cs, caption=label, pack=ex.pack, jack=jack) for label, cs in q.cards)
        out.append(f'<li class="tutor-question" style="{_WHOLE}"><p>{text(q.prompt)}</p>{rows}</li>')
    out.append("</ol>")
    if key:
        out.append('<h4>Key</h4><ol class="tutor-key">')
        for q in ex.questions:
            steps = "".join(f"<li>{text(w)}</li>" for w in q.working)
            out.append(f'<li class="tutor-key-entry" style="{_WHOLE}"><b>{text(q.answer)}</b><ul>{steps}</ul></li>')
        out.append("</ol>")
    return "".join(out)


#: kept whole on a printed page (the older property too, for browsers that know only it)
_WHOLE = "break-inside:avoid;page-break-inside:avoid"
