"""Exercise sets with answer keys, made by the engines.

A teacher picks a game, a kind of question and a number; :func:`make_set` deals the questions and
works out each answer with the game's own engine, step by step, each step citing its rule. A set
has a code (``ex-piquet-score-10-7-Xy``) that makes it again exactly on any machine: the game, the
kind, the count and the seed, then two check characters (the weighted sum modulo a prime of the
deal codes, :mod:`tutor.codes`) that catch any single mistyped character and any swap of two
neighbours, so a set copied by hand from the board is refused rather than misread.

Question ``i`` of a set with seed ``s`` is dealt from ``f"exercise/{s}/{i}"``.

Kinds (:data:`KINDS`): Piquet's ``score`` (the declarations of two hands), ``declare`` (what
elder calls in each class, and what younger answers), ``point`` (who wins the point), ``discard``
(the discard the exchange advisor ranks first, and by how much); for every
game of the stock-and-tricks core, ``tricks`` (what each side has scored after a few tricks played
by the computer); for the games with a declaration workbench (Bezique, Briscan, Chouine),
``melds`` (which declarations a hand can make, and what each scores); Counterpique's ``contract``
(a deal the computer bid, drew and played: what each side scores above the line for the
combinations and below it for the contract, pique aside); Le Truc's ``truc`` (a deal the computer
played from a given manche score, with its calls of truc and banco accepted or refused: who scores
what). Every registered game has at least one kind.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .cards import Card
from .codes import _DIGITS, _VALUE, _check
from .errors import NotationError, read_whole, shorten
from .explain import Explanation

__all__ = ["Question", "ExerciseSet", "Kind", "KINDS", "kinds_for", "make_set", "from_code", "set_code", "ExerciseError"]

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
    """A kind of question: its name (one word, in the set code), what it asks, which games it suits
    (``applies(game)``) and how it makes question ``number`` from a seed (``make(game, seed, number)``)."""

    name: str
    title: str
    applies: Callable[[Any], bool]
    make: Callable[[Any, str, int], Question]


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
    """The kinds of question that suit ``game`` (a loaded game)."""
    return [k for k in KINDS.values() if k.applies(game)]


def make_set(game: str | Any, kind: str, count: int | str = 10, seed: int | str = 0) -> ExerciseSet:
    """``count`` questions of ``kind`` for ``game`` (a name or a loaded game), from ``seed``."""
    from .games import load

    g = load(game) if isinstance(game, str) else game
    n = _number(count, "count", 1, MAX_COUNT)
    s = _number(seed, "seed", 0, 10**9)
    name = str(kind).strip().lower()
    mine = kinds_for(g)
    k = KINDS.get(name)
    if k is None or k not in mine:
        raise ExerciseError(f"{g.title} has no exercises of kind {shorten(kind)} (its kinds: {', '.join(x.name for x in mine) or 'none'})",
                            token=shorten(kind), legal=[x.name for x in mine])
    questions = tuple(k.make(g, f"exercise/{s}/{i}", i + 1) for i in range(n))
    return ExerciseSet(g.name, g.title, k, n, s, questions, g.TYPE.pack)


def from_code(code: str) -> ExerciseSet:
    """The set a code names, made again exactly."""
    from .errors import UnknownGameError

    game, kind, count, seed = parse_code(code)
    try:
        return make_set(game, kind, count, seed)
    except UnknownGameError as e:  # the check matched, so the code was made for another version
        raise ExerciseError(f"set code {shorten(code)} names a game this tutor does not have: {e}", token=game) from e


# -- Piquet -----------------------------------------------------------------------------------
def _is(name: str) -> Callable[[Any], bool]:
    return lambda g: g.name == name


def _steps(expl: Explanation) -> tuple[str, ...]:
    return tuple(f"{s.player} +{s.points}: {s.text} [{s.rule}]" for s in expl)


def _piquet_hands(seed: str):
    from .games.piquet.deal import Deal

    d = Deal.from_seed(seed)
    return d.elder, d.younger


def _piquet_code(game: Any, seed: str) -> str:
    """The deal's code (``tutor deal piquet --code ...`` shows it), the same hands as ``_piquet_hands``."""
    return game.deal(seed=seed).code


def _piquet_score(game: Any, seed: str, number: int) -> Question:
    elder, younger = _piquet_hands(seed)
    r = game.score(elder, younger)
    t = r.totals
    answer = f"elder {t['elder']}, younger {t['younger']}" + (f"; {r.repique} makes a repique" if r.repique else "")
    return Question(number, "Elder and younger declare everything these hands hold, before any card is played. "
                    "What does each score for the declarations, and for what?",
                    (("elder", tuple(elder)), ("younger", tuple(younger))), answer,
                    _steps(r.explanation) or ("nobody scores: every class is equal or unheld",), {"totals": t}, _piquet_code(game, seed))


def _piquet_declare(game: Any, seed: str, number: int) -> Question:
    from .games.piquet.combos import CLASSES
    from .games.piquet.practice import DeclarationQuiz

    elder, younger = _piquet_hands(seed)
    quiz = DeclarationQuiz(elder, younger, game.rules)
    parts: list[str] = []
    working: list[str] = []
    data: dict[str, Any] = {}
    for kind in CLASSES:
        call = quiz.opponent_call(kind)
        if call is None:
            parts.append(f"{kind}: elder has none to call")
            working.append(quiz.check_declaration(0, kind, ()).explanation)
            data[kind] = {"call": None, "answer": None}
            continue
        reply = quiz.check_reply(kind, "good")
        parts.append(f"{kind}: elder calls {call.call()}; younger answers “{reply.expected}”")
        working += [quiz.check_declaration(0, kind, call.cards).explanation, reply.explanation]
        data[kind] = {"call": " ".join(map(str, call.cards)), "answer": reply.expected}
    return Question(number, "You are elder, with the first hand; younger holds the second. In the point, the sequence and "
                    "the set, what do you call, and what does younger answer?",
                    (("elder", tuple(elder)), ("younger", tuple(younger))), "; ".join(parts), tuple(working), data,
                    _piquet_code(game, seed))


def _piquet_point(game: Any, seed: str, number: int) -> Question:
    from .games.piquet.combos import POINT
    from .games.piquet.practice import DeclarationQuiz

    elder, younger = _piquet_hands(seed)
    quiz = DeclarationQuiz(elder, younger, game.rules)
    r = game.score(elder, younger)
    point = [s for s in r.explanation if s.category == POINT]
    call = quiz.opponent_call(POINT)
    working = [quiz.check_reply(POINT, "good").explanation] if call is not None else []
    if point:
        s = point[0]
        answer = f"{s.player} scores the point: {s.points} ({s.text})"
        working.append(f"{s.player} +{s.points}: {s.text} [{s.rule}]")
    else:
        answer = "neither: the points are equal, and nobody scores"
    return Question(number, "Who wins the point, and what does it score?",
                    (("elder", tuple(elder)), ("younger", tuple(younger))), answer, tuple(working),
                    {"winner": point[0].player if point else None, "points": point[0].points if point else 0}, _piquet_code(game, seed))


#: how the advisor values a discard, as the key says it
ADVISOR_MODEL = ("the advisor counts every draw from the 20 cards elder cannot see, all equally likely (Parlett's Piquet rules; "
                 "Cavendish Laws 21-22), and values what the hand then holds: the point its length, every sequence "
                 "(Cavendish Law 63: 3, 4, 15, 16, 17, 18) and every set (Cavendish Law 64: trio 3, quatorze 14)")


def _piquet_discard(game: Any, seed: str, number: int) -> Question:
    from .games.piquet.advisor import advise

    elder, _ = _piquet_hands(seed)
    advice = advise(elder, "elder", rules=game.rules)
    rows = list(advice)[:3]
    best, second = rows[0], rows[1]
    gap = best.expected - second.expected
    answer = (f"discard {best.discard}: expected {float(best.expected):.2f} (point {float(best.expected_point):.2f}, "
              f"sequences {float(best.expected_sequences):.2f}, sets {float(best.expected_sets):.2f}), "
              f"{float(gap):.2f} more than the next best, discard {second.discard}")
    working = (ADVISOR_MODEL + ".", *(f"{i + 1}. {r.summary()}" for i, r in enumerate(rows)),
               f"{len(advice)} legal discards in all (elder discards one to five: Cavendish Law 21).")
    return Question(number, "You are elder and exchange first. Which discard does the advisor rank first, and why? "
                    "(It values what the hand will hold after taking in, over every possible draw.)",
                    (("elder", tuple(elder)),), answer, working,
                    {"discard": str(best.discard), "expected": str(best.expected), "second": str(second.discard)},
                    _piquet_code(game, seed))


# -- the stock-and-tricks core ------------------------------------------------------------------
def _stock(game: Any) -> bool:
    from .games.stock.core import StockState

    return isinstance(game.deal(seed="exercise/probe"), StockState)


def _play(game: Any, state: Any, bot: Any = None, stop: Callable[[Any], bool] = lambda s: False) -> list[tuple[str, Any, str]]:
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


def _tricks(game: Any, seed: str, number: int) -> Question:
    state = game.deal(seed=seed)
    target = random.Random(seed).randint(3, 5)
    log = [text for _, _, text in _play(game, state, stop=lambda s: len(s.tricks) >= target)]
    scores = state.scores()
    trumps = getattr(state, "trump", None)
    head = f"Trumps are {str(getattr(trumps, 'name', trumps)).lower()}. " if trumps is not None else ""
    rows = tuple((f"trick {i + 1} (won by {state.table.seats[t.winner].name})", tuple(t.cards)) for i, t in enumerate(state.tricks))
    answer = ", ".join(f"{k} {v}" for k, v in scores.items())
    prompt = head + "The deal went: " + " ".join(log) + " What has each side scored so far?"
    return Question(number, prompt, rows, answer,
                    _steps(state.explanation()) or ("nothing is scored yet: these tricks count only when the deal ends",),
                    {"scores": scores, "tricks": len(state.tricks),
                     "won": [[state.table.seats[t.winner].name, " ".join(map(str, t.cards))] for t in state.tricks]}, state.code)


# -- declaration workbenches ----------------------------------------------------------------------
def _bench_class(game: Any):
    import importlib

    try:
        mod = importlib.import_module(f"tutor.games.{game.name}.workbench")
    except ImportError:
        return None
    return getattr(mod, "Workbench", None)


def _melds(game: Any, seed: str, number: int) -> Question:
    bench_cls = _bench_class(game)
    assert bench_cls is not None
    bench = bench_cls(rules=game.rules)
    for k in range(200):  # the first hand of the seed's with something to declare
        if hasattr(bench, "practice"):
            bench.practice(f"{seed}/{k}")
        else:
            bench = bench_cls.dealt(f"{seed}/{k}", rules=game.rules)
        if bench.best():
            break
    options = bench.options()
    legal = [o for o in options if o.legal]
    best = bench.best()
    working = tuple(f"{o.name} {o.faces}: " + (f"{o.points} [{getattr(o, 'rule', None) or o.kind.source}]" if o.legal else f"refused: {o.why}")
                    for o in options)
    answer = "; ".join(f"{o.name} {o.faces} {o.points}" for o in legal) + \
        f". Best: {' or '.join(f'{o.name} {o.faces}' for o in best)}"
    return Question(number, f"Trumps are {bench.trumps}. Which declarations can this hand make now, what does each score, and which is best?",
                    (("hand", tuple(bench.hand)),), answer, working,
                    {"legal": {f"{o.name} {o.faces}": o.points for o in legal}, "best": [f"{o.name} {o.faces}" for o in best],
                     "hand": " ".join(map(str, bench.hand)), "trumps": bench.trumps}, "")


# -- Counterpique -------------------------------------------------------------------------------
def _counterpique_contract(game: Any, seed: str, number: int) -> Question:
    from .games.counterpique import Phase
    from .games.piquet.combos import BIT_CARD, is_carte_blanche, mask_of

    for k in range(100):  # the first of the seed's deals the computer bids to a contract
        state = game.deal(seed=f"{seed}/{k}")
        bot = game.bot()
        before = _play(game, state, bot, lambda s: s.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE, Phase.PLAY))
        if state.misere or any(state.blank):
            continue  # a misère has no contract; a blank is shown before the draw, so the hands after it would hide it
        elder, younger = state.hand(state.seat(0)), state.hand(state.seat(1))
        if not (is_carte_blanche(mask_of(elder)) or is_carte_blanche(mask_of(younger))):
            break
    else:  # pragma: no cover - one deal in ten or so ends in a misère or shows a blank
        raise ExerciseError(f"no deal of {seed} reached a contract", token=seed)
    _play(game, state, bot)
    bid, won = state.contract, state.nominal_tricks()[state.elder]
    r = game.score(elder, younger, bid=bid, tricks=won)
    above, below = r.above, r.below
    answer = (f"above the line elder {above['elder']}, younger {above['younger']}; "
              f"below the line elder {below['elder']}, younger {below['younger']}")
    made = "made it" if state.made else "fell short"
    prompt = (" ".join(text for _, _, text in before) + f" So the {state.players[state.elder]} is Elder at {bid.name}: "
              f"to win {bid.tricks} of the thirteen tricks (the last of the twelve counts two), leaving {bid.cards} cards "
              f"of the talon to Younger. After the draw they held these cards and declared all they held; Elder won "
              f"{won} and {made}. Pique aside (it depends on the order of the tricks), what does each score above "
              "the line, and below it?")
    plays = [[str(BIT_CARD[t[1]]), str(BIT_CARD[t[2]])] for t in state.tricks]
    return Question(number, prompt, (("elder", tuple(elder)), ("younger", tuple(younger))),
                    answer + (f"; {r.repique} makes a repique" if r.repique else ""), _steps(r.explanation),
                    {"bid": bid.name, "tricks": won, "above": above, "below": below, "plays": plays,
                     "elder": " ".join(map(str, elder)), "younger": " ".join(map(str, younger))}, state.code)


# -- Le Truc --------------------------------------------------------------------------------------
def _truc_deal(game: Any, seed: str, number: int) -> Question:
    from .games.truc import Phase, TrucBot

    target = game.rules.manche_points
    rng = random.Random(seed)
    for k in range(100):  # the first of the seed's deals that is played (not thrown in till the pack runs out)
        manche = (rng.randrange(target), rng.randrange(target))
        state = game.deal(seed=f"{seed}/{k}", manche=manche)
        bot = TrucBot(f"{seed}/{k}")  # its bluffs drawn from the question's seed
        moves = _play(game, state, bot, lambda s: s.phase is not Phase.CALL)
        if state.ending != "exhausted":
            break
    else:  # pragma: no cover - the pack runs out in about one deal in a hundred
        raise ExerciseError(f"every deal of {seed} was thrown in", token=seed)
    hands = (("elder", tuple(state.hand(0))), ("dealer", tuple(state.hand(1))))
    moves += _play(game, state, bot)
    expl = state.explanation()
    scores = state.scores()
    done = {s.text for s in expl}
    working = tuple(f"{text} [{rule}]" for text, rule in state.log if text not in done) + _steps(expl)
    prompt = (f"The manche stands at elder {manche[0]}, dealer {manche[1]} ({target} to win). The deal went: "
              + " ".join(text for _, _, text in moves) + " Who scores what for this deal, and why?")
    answer = ", ".join(f"{k} {v}" for k, v in scores.items()) + f": {state.result()}"
    return Question(number, prompt, hands, answer, working,
                    {"manche": dict(zip(("elder", "dealer"), manche)), "scores": scores, "value": state.value,
                     "moves": [[who, str(action)] for who, action, _ in moves],
                     "hands": {name: " ".join(map(str, cs)) for name, cs in hands}}, state.code)


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("score", "score the declarations of this deal", _is("piquet"), _piquet_score),
    Kind("declare", "what do you declare, and what does your opponent answer?", _is("piquet"), _piquet_declare),
    Kind("point", "who wins the point?", _is("piquet"), _piquet_point),
    Kind("discard", "which discard does the advisor rank first, and why?", _is("piquet"), _piquet_discard),
    Kind("tricks", "what has each side scored after these tricks?", _stock, _tricks),
    Kind("melds", "which declarations does this hand make, and what do they score?", lambda g: _bench_class(g) is not None, _melds),
    Kind("contract", "what does each side score for this contract?", _is("counterpique"), _counterpique_contract),
    Kind("truc", "who scores this deal, with its calls of truc?", _is("truc"), _truc_deal),
)}


# -- drawing ----------------------------------------------------------------------------------
def questions_html(ex: ExerciseSet, key: bool = False) -> str:
    """The set as HTML: the questions with their cards drawn, and with ``key`` the key."""
    import html

    from .render import hand_svg

    out = [f"<h4>{html.escape(ex.title)}: {html.escape(ex.kind.title)} <code>{ex.code}</code></h4><ol>"]
    for q in ex.questions:
        rows = "".join(hand_svg(cs, caption=label, pack=ex.pack) for label, cs in q.cards)
        out.append(f'<li style="break-inside:avoid"><p>{html.escape(q.prompt)}</p>{rows}</li>')  # never split across pages
    out.append("</ol>")
    if key:
        out.append("<h4>Key</h4><ol>")
        for q in ex.questions:
            steps = "".join(f"<li>{html.escape(w)}</li>" for w in q.working)
            out.append(f"<li><b>{html.escape(q.answer)}</b><ul>{steps}</ul></li>")
        out.append("</ol>")
    return "".join(out)

