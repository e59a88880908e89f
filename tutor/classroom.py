"""A class at work on an exercise set: answering it in the browser, collecting the answers, and
one variant of a set for each student.

**The answer page** (``answer.html``, written by :func:`write_answer_page` and shipped with the
book's site) is one static page: it asks for a set code (or takes ``?code=``), loads the set's
file from ``answer-sets/CODE.js`` beside it (a script, so the page works from a folder opened
with no server as well as from a web site), and lets the student type a name and answer each
question: cards clicked where the question asks for cards, numbers typed where it asks for
points, a choice where it asks to choose. Nothing is sent anywhere: the student downloads one
result file (:data:`FORMAT`) and hands it in.

**The key in the page** is hashed: SHA-256 of a per-set salt, the question, the field and the
normalised answer (:func:`answer_hash`), so the page can mark an answer without showing the key
in clear. A static page keeps no secret: a student with the browser's tools could still find an
answer by trying each possible one. Whether the page says "right" or "wrong" while the student
works is the set file's ``feedback`` flag, chosen by the teacher when the file is written.

**The result file** is signed with an HMAC-SHA256 keyed by the set code (:func:`signature`).
Anyone who has the code can sign a file again, so the signature catches a file edited by hand or
damaged, not a forgery; the real check is :func:`check_result`, which makes the set again from its
code and recomputes the score from the answers against the key.

**One variant a student** (:func:`variants`): each name on a roster gets a set of the same game,
kind and count with a seed of its own, drawn from the teacher's code and the name, so the same
roster gives the same codes on every machine.
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import html
import io
import json
import os
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .cards import Card
from .errors import TutorError, shorten, shorten_path
from .exercises import ExerciseSet, Question, from_code, make_set, parse_code, set_code
from .outfiles import write_new

__all__ = ["FORMAT", "ClassError", "Field", "fields", "answer_hash", "signature", "page_set", "write_answer_page", "answer_here",
           "read_roster", "student_code", "variants", "combined_key", "check_result", "collect", "ClassTable"]

#: the result file's format, written in the file
FORMAT = "tutor-answers/1"
#: the most students a roster may name
MAX_STUDENTS = 200
MAX_NAME = 60
_PAGE = Path(__file__).with_name("answer_page.html")
#: the folder, beside the page, that holds the sets it can load
SETS_DIR = "answer-sets"


class ClassError(TutorError):
    """A roster, a result file or a class table that cannot be read or written."""


# -- what a question asks for -------------------------------------------------------------------
@dataclass(frozen=True)
class Field:
    """One answer a question asks for: ``kind`` ``number`` (typed), ``cards`` (clicked from the row
    of cards labelled ``row``) or ``choice`` (one of ``choices``); ``accepted`` the normalised
    answers that are right (more than one where the key allows a tie); ``seat`` the seat whose
    score it is, where it is one (the key's steps for that seat are the rules it applies)."""

    id: str
    label: str
    kind: str
    accepted: tuple[str, ...]
    row: str = ""
    choices: tuple[str, ...] = ()
    seat: str = ""


def _numbers(prefix: str, scores: dict, what: str) -> list[Field]:
    return [Field(f"{prefix}{seat}", f"{what} {seat}", "number", (str(int(v)),), seat=seat.split("-")[0])
            for seat, v in scores.items()]


def _cards_in(row: tuple[Card, ...], text: str) -> str:
    wanted = set(text.split())
    return " ".join(str(c) for c in row if str(c) in wanted)


def _row(q: Question, label: str) -> tuple:
    return next(cs for lab, cs in q.cards if lab == label)


def _declare_fields(q: Question) -> list[Field]:
    out = []
    elder = _row(q, "elder")
    for klass, d in q.data.items():
        call = _cards_in(elder, d["call"]) if d["call"] else ""
        out.append(Field(f"{klass}.call", f"{klass}: the cards elder calls (none if none)", "cards", (call,), row="elder"))
        out.append(Field(f"{klass}.answer", f"{klass}: younger answers", "choice", (d["answer"] or "none",),
                         choices=("good", "not good", "equal", "none")))
    return out


def _point_fields(q: Question) -> list[Field]:
    return [Field("winner", "who scores the point", "choice", (q.data["winner"] or "neither",), choices=("elder", "younger", "neither")),
            Field("points", "what it scores", "number", (str(q.data["points"]),))]


def _melds_fields(q: Question) -> list[Field]:
    hand = _row(q, "hand")
    best = [(_cards_in(hand, b), str(q.data["legal"][b])) for b in q.data["best"]]
    return [Field("best", "the cards of the best declaration", "cards", tuple(dict.fromkeys(c for c, _ in best)), row="hand"),
            Field("points", "what the best declaration scores", "number", tuple(dict.fromkeys(p for _, p in best)))]


def _best_fields(q: Question) -> list[Field]:
    label = next(lab for lab, _ in q.cards if lab.endswith(" to play"))
    return [Field("card", "a card that takes the most from here (click one)", "cards", tuple(q.data["best"]), row=label),
            Field("points", f"the card points {q.data['player']} then takes, the last trick's included", "number",
                  (str(q.data["points"]),))]


def _close_fields(q: Question) -> list[Field]:
    mark = {c: (q.data["game_points"][c], q.data["won"][c]) for c in q.data["game_points"]}
    best = mark[q.data["choice"]]
    return [Field("choice", f"what {q.data['player']} should do", "choice", tuple(c for c, m in mark.items() if m == best),
                  choices=tuple(mark))]


def _opening_fields(q: Question) -> list[Field]:
    seats = tuple(lab.split(" ")[0] for lab, _ in q.cards[1:])
    return [Field("winner", "who takes the first trick", "choice", (q.data["winner"],), choices=seats),
            Field("points", "the card points in it", "number", (str(q.data["points"]),))]


def _claim_fields(q: Question) -> list[Field]:
    return [Field("claim", f"should {q.data['player']} claim 101 now?", "choice",
                  ("claim" if q.data["claim"] else "do not claim",), choices=("claim", "do not claim")),
            Field("total", f"what {q.data['player']} has counted so far", "number", (str(q.data["total"]),))]


def _partner_fields(q: Question) -> list[Field]:
    answers = tuple(str(a) for a in q.data["answers"])
    return [Field("answer", f"what {q.data['partner']} must answer", "choice", answers,
                  choices=tuple(dict.fromkeys((*answers, "yes", "no"))))]


#: how a question of each kind is answered in the browser, by the kind's name (kinds share a
#: name only when they ask the same thing: :class:`tutor.exercises.Kind`)
FORMS: dict[str, Callable[[Question], list[Field]]] = {
    "score": lambda q: _numbers("", q.data["totals"], "points scored by"),
    "tricks": lambda q: _numbers("", q.data["scores"], "points scored so far by"),
    "contract": lambda q: _numbers("above.", q.data["above"], "above the line,") + _numbers("below.", q.data["below"], "below the line,"),
    "point": _point_fields,
    "declare": _declare_fields,
    "discard": lambda q: [Field("discard", "the cards the advisor discards first", "cards",
                                (_cards_in(_row(q, "elder"), q.data["discard"]),), row="elder")],
    "melds": _melds_fields,
    "best": _best_fields,
    "close": _close_fields,
    "opening": _opening_fields,
    "claim": _claim_fields,
    "partner": _partner_fields,
}


def fields(ex: ExerciseSet, q: Question) -> list[Field]:
    """What question ``q`` of ``ex`` asks the student for. A kind with no form of its own whose
    key is each side's score (``scores`` in its data) is answered by a number for each side."""
    form = FORMS.get(ex.kind.name)
    if form is None and isinstance(q.data.get("scores"), dict):
        return _numbers("", q.data["scores"], "points scored by")
    if form is None:
        raise ClassError(f"questions of kind {shorten(ex.kind.name)} cannot be answered in the browser yet "
                         f"(kinds that can: {', '.join(FORMS)})", token=ex.kind.name, legal=list(FORMS))
    return form(q)


def normalise(f: Field, value: object, cards: Sequence[str] = ()) -> str:
    """An answer as the key holds it: a number without spaces or a leading ``+``, cards in the
    order of their row (``cards``), a choice in lower case. Anything else is kept as typed (and
    is wrong)."""
    text = value if isinstance(value, str) else ""
    text = " ".join(text.split())
    if f.kind == "number":
        body = text[1:] if text[:1] == "+" else text
        return str(int(body)) if re.fullmatch(r"-?[0-9]{1,9}", body) else text
    if f.kind == "cards":
        given = set(text.split())
        return " ".join(c for c in cards if c in given) if given <= set(cards) else text
    return text.lower()


def _salt(code: str) -> str:
    return hashlib.sha256(f"tutor answer key\n{code}".encode()).hexdigest()[:32]


def answer_hash(code: str, number: int, field_id: str, value: str) -> str:
    """SHA-256 (hex) of the set's salt, the question's number, the field and the normalised
    answer, as the page computes it."""
    return hashlib.sha256(f"{_salt(code)}\n{number}\n{field_id}\n{value}".encode()).hexdigest()


_RULE = re.compile(r"\[([^\[\]]+)\]\s*$")
_CITED = re.compile(r"\(([^()]*\d[^()]*)\)\W*$")


def _rule(line: str) -> str | None:
    """The source a step of a key cites: ``[...]`` at its end, else the last part of a closing
    parenthesis that holds a number (``(ace 11, courts 10; Cavendish Law 62).``)."""
    if m := _RULE.search(line):
        return m.group(1)
    if m := _CITED.search(line):
        return m.group(1).split(";")[-1].strip()
    return None


def rules_of(q: Question, f: Field | None = None) -> list[str]:
    """The rules the key of ``q`` applies (the source each step of its working cites), those of
    ``f``'s seat first where the field is one seat's score."""
    lines = list(q.working)
    if f is not None and f.seat:
        mine = [w for w in lines if w.startswith(f"{f.seat} ") or w.startswith(f"{f.seat}-")]
        lines = mine or lines
    return list(dict.fromkeys(r for w in lines if (r := _rule(w))))


# -- the page and its sets ------------------------------------------------------------------------
def page_set(ex: ExerciseSet, *, feedback: bool = False) -> dict:
    """What the answer page needs of a set: its questions, the cards drawn, the fields each asks
    for, and the key hashed (:func:`answer_hash`); with ``feedback`` the page marks each answer
    as the student gives it, and names the rules the key applies."""
    from .games import game_class
    from .render import card_label, card_svg

    jack = game_class(ex.game).TYPE.jack
    out = []
    for q in ex.questions:
        rows = [{"label": label, "cards": [{"card": str(c), "name": card_label(c, ex.pack, jack=jack), "svg": card_svg(c, decorative=True, pack=ex.pack)}
                                           for c in cs]} for label, cs in q.cards]
        fs = [{"id": f.id, "label": f.label, "kind": f.kind, "row": f.row, "choices": list(f.choices),
               "key": [answer_hash(ex.code, q.number, f.id, a) for a in f.accepted]} for f in fields(ex, q)]
        out.append({"number": q.number, "prompt": q.prompt, "rows": rows, "fields": fs,
                    "rules": rules_of(q) if feedback else []})
    return {"format": FORMAT, "code": ex.code, "title": f"{ex.title}: {ex.kind.title}", "feedback": bool(feedback),
            "salt": _salt(ex.code), "questions": out}


def page_html() -> str:
    """The answer page, as shipped."""
    return _PAGE.read_text(encoding="utf-8")


def set_script(ex: ExerciseSet, *, feedback: bool = False) -> str:
    """The file ``answer-sets/CODE.js`` the page loads for ``ex``."""
    data = json.dumps(page_set(ex, feedback=feedback), ensure_ascii=True, sort_keys=True)
    return f"/* exercise set {ex.code} for answer.html */\ntutorAnswerSet({data});\n"


def page_with_set(ex: ExerciseSet, *, feedback: bool = False) -> str:
    """The answer page with ``ex`` inside it: one file, that needs no set file beside it."""
    data = json.dumps(page_set(ex, feedback=feedback), ensure_ascii=True, sort_keys=True).replace("</", "<\\/")
    page = page_html()
    at = page.index("<script>")
    return page[:at] + f"<script>window.TUTOR_INLINE_SET = {data};</script>\n" + page[at:]


class AnswerPage:
    """The answer page for a set, shown in a notebook (the live copy of the book, JupyterLab): a
    frame holding :func:`page_with_set`, so a student can answer any set the engine makes,
    in the browser, and download the result file."""

    def __init__(self, ex: ExerciseSet, feedback: bool = False, height: int = 900):
        self.set, self.feedback, self.height = ex, feedback, height

    def _repr_html_(self) -> str:
        doc = html.escape(page_with_set(self.set, feedback=self.feedback), quote=True)
        return (f'<iframe class="tutor-answer-page" title="Answer set {self.set.code}" srcdoc="{doc}" '
                f'style="width:100%;height:{self.height}px;border:1px solid #cbd2d9"></iframe>')


def answer_here(code: str | ExerciseSet, *, feedback: bool = False) -> AnswerPage:
    """The answer page for the set ``code`` names (or a set), to show in a notebook."""
    from .errors import read_flag

    ex = code if isinstance(code, ExerciseSet) else from_code(code)
    fields(ex, ex.questions[0])  # a kind the page cannot ask is refused here, by name
    return AnswerPage(ex, read_flag(feedback, "feedback", error=ClassError))


def write_answer_page(folder: Path | str, sets: Iterable[ExerciseSet], *, feedback: bool = False, force: bool = False) -> list[Path]:
    """Write ``answer.html`` into ``folder`` (kept when it is this page already) and each set's file
    into ``folder/answer-sets/``; return the files written. A file there that the page did not
    make (or a set file written with another feedback flag) is kept unless ``force``."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ClassError(f"{shorten_path(folder)} is not a folder: make it, or name the folder to write the answer page into",
                         token=str(folder))
    written = []
    jobs = [(folder / "answer.html", page_html())] + [(folder / SETS_DIR / f"{ex.code}.js", set_script(ex, feedback=feedback)) for ex in sets]
    (folder / SETS_DIR).mkdir(exist_ok=True)
    for path, text in jobs:
        data = text.encode("utf-8")
        if path.is_file() and not path.is_symlink() and path.read_bytes() == data:
            continue  # this very file is there already
        write_new(path, data, force=force, error=ClassError, what="answer page")
        written.append(path)
    return written


#: the sets the book's site ships with its answer page: of each kind of each game, this many
#: questions from this seed, with feedback (practice sets a class can use with no terminal)
SITE_COUNT, SITE_SEED = 6, 1


def answerable(ex: ExerciseSet) -> bool:
    """Whether the answer page can ask the questions of ``ex`` (its kind has a form: :data:`FORMS`)."""
    try:
        return all(fields(ex, q) for q in ex.questions[:1])
    except ClassError:
        return False


def site_codes() -> list[tuple[str, str]]:
    """(code, title) of each set the site's answer page holds: :data:`SITE_COUNT` questions of every
    kind of every game that the page can ask, from :data:`SITE_SEED` (a kind with a form of its
    own is listed without making its set)."""
    from .exercises import kinds_for
    from .games import GAMES, load

    out = []
    for name in GAMES:
        game = load(name)
        for kind in kinds_for(game):
            if kind.name in FORMS or answerable(make_set(game, kind.name, 1, SITE_SEED)):
                out.append((set_code(game.name, kind.name, SITE_COUNT, SITE_SEED), f"{game.title}: {kind.title}"))
    return out


def site_sets() -> list[ExerciseSet]:
    """The sets of :func:`site_codes`, made."""
    return [from_code(code) for code, _ in site_codes()]


def write_site_pages(site: Path) -> list[Path]:
    """The answer page and :func:`site_sets` into a freshly built site's root folder."""
    return write_answer_page(site, site_sets(), feedback=True)


# -- rosters and variants -------------------------------------------------------------------------
_NAME_OK = re.compile(r"[^\W\d_](?:[^\W_]|[ '’.\-])*\Z")


def _name_key(name: str) -> str:
    return " ".join(unicodedata.normalize("NFC", name).casefold().split())


def check_name(name: object, where: str = "a student's name") -> str:
    """A student's name: letters (any script), with spaces, apostrophes, hyphens, dots and digits
    after the first letter; at most :data:`MAX_NAME` characters."""
    if not isinstance(name, str):
        raise ClassError(f"{where} is text, not {type(name).__name__} {shorten(repr(name))}", token=shorten(repr(name)))
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not text:
        raise ClassError(f"{where} is empty", token=repr(name))
    if len(text) > MAX_NAME:
        raise ClassError(f"{where} {shorten(text)} is longer than {MAX_NAME} characters", token=shorten(text))
    if not _NAME_OK.match(text):
        from .errors import char_name

        odd = next((ch for ch in text if not (ch.isalnum() or ch in " '’.-")), text[0])
        raise ClassError(f"{where} {shorten(text)} holds {char_name(odd)}: a name is letters, with spaces, "
                         "apostrophes, hyphens and dots between them", token=odd)
    return text


def read_roster(path: Path | str) -> list[str]:
    """The names of a roster file (UTF-8 text, one name a line). Blank lines at the end are
    ignored; a blank line between names, a name given twice (in any case) or a name with odd
    characters is a :class:`ClassError` naming it and its line."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise ClassError(f"cannot read the roster {shorten_path(path)}: {e.strerror}", token=str(path)) from e
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ClassError(f"the roster {shorten_path(path)} is not UTF-8 text (byte {e.start + 1} cannot be read)",
                         token=str(path)) from e
    lines = text.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    names: list[str] = []
    seen: dict[str, int] = {}
    for n, line in enumerate(lines, 1):
        if not line.strip():
            raise ClassError(f"line {n} of the roster is empty: one name a line", token=f"line {n}")
        name = check_name(line, f"the name on line {n} of the roster")
        if _name_key(name) in seen:
            raise ClassError(f"the roster names {shorten(name)} twice (lines {seen[_name_key(name)]} and {n})", token=shorten(name))
        seen[_name_key(name)] = n
        names.append(name)
    if not names:
        raise ClassError(f"the roster {shorten_path(path)} names nobody: one name a line", token=str(path))
    if len(names) > MAX_STUDENTS:
        raise ClassError(f"the roster names {len(names)} students; at most {MAX_STUDENTS}", token=str(len(names)))
    return names


def _seed(code: str, name: str, attempt: int) -> int:
    digest = hashlib.sha256(f"tutor variant\n{code}\n{_name_key(name)}\n{attempt}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % 10**9


def student_code(code: str, name: str, taken: Iterable[int] = ()) -> str:
    """The code of ``name``'s variant of the set ``code``: the same game, kind and count, and a
    seed drawn from the code and the name (another draw when it is one of ``taken``)."""
    game, kind, count, seed = parse_code(code)
    used = {seed, *taken}
    attempt = 0
    while (s := _seed(code, check_name(name), attempt)) in used:
        attempt += 1
    return set_code(game, kind, count, s)


def variants(code: str, names: Sequence[str]) -> list[tuple[str, ExerciseSet]]:
    """``(name, set)`` for each student: a set of its own, made from the teacher's ``code`` and the
    name (:func:`student_code`); no two alike, and none the teacher's own."""
    game, kind, count, _ = parse_code(code)
    taken: list[int] = []
    out = []
    for name in names:
        own = parse_code(student_code(code, name, taken))[3]
        taken.append(own)
        out.append((check_name(name), make_set(game, kind, count, own)))
    return out


def combined_key(code: str, pairs: Sequence[tuple[str, ExerciseSet]]) -> str:
    """The teacher's one key for a class's variants: each student's set code and key."""
    lines = [f"Key to the class's variants of set {code} ({len(pairs)} students)", ""]
    for name, ex in pairs:
        lines.append(f"== {name}: set {ex.code} ==")
        lines.append(ex.key_text())
    return "\n".join(lines).rstrip() + "\n"


# -- result files --------------------------------------------------------------------------------
def canonical(data: dict) -> bytes:
    """The bytes a result file's signature covers: its fields but the signature, as JSON with
    sorted keys and no spaces (the page writes the same with its own JSON)."""
    rest = {k: v for k, v in data.items() if k != "signature"}
    return json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def signature(data: dict) -> str:
    """HMAC-SHA256 of :func:`canonical` keyed by the set code: it shows a file edited or damaged
    since the page wrote it. It is no secret (the code is on the board): :func:`check_result`
    recomputes the score as well."""
    return hmac.new(str(data.get("code", "")).encode("utf-8"), canonical(data), hashlib.sha256).hexdigest()


def mark(ex: ExerciseSet, answers: dict) -> dict[int, dict[str, tuple[str, bool]]]:
    """Each answer given to ``ex``, normalised, and whether it is right: question -> field -> (answer, right)."""
    out: dict[int, dict[str, tuple[str, bool]]] = {}
    for q in ex.questions:
        given = answers.get(str(q.number), {}) if isinstance(answers, dict) else {}
        given = given if isinstance(given, dict) else {}
        rows = {label: [str(c) for c in cs] for label, cs in q.cards}
        out[q.number] = {}
        for f in fields(ex, q):
            value = normalise(f, given.get(f.id, ""), rows.get(f.row, ()))
            out[q.number][f.id] = (value, value in f.accepted)
    return out


@dataclass
class Result:
    """One result file checked: whose it is, each question right or wrong, and what is wrong with
    the file (``flags``: empty when it is in order)."""

    file: str
    name: str = ""
    code: str = ""
    marks: dict[int, dict[str, tuple[str, bool]]] = field(default_factory=dict)
    score: int = 0
    recorded: object = None
    seconds: object = None
    flags: list[str] = field(default_factory=list)
    set: ExerciseSet | None = None

    def right(self, number: int) -> bool:
        return all(ok for _, ok in self.marks.get(number, {}).values())


def _read_json(path: Path) -> Any:
    raw = path.read_bytes()
    if len(raw) > 1_000_000:
        raise ValueError("it is over a megabyte")
    return json.loads(raw.decode("utf-8"))


def check_result(path: Path | str, expect: dict[str, str | None]) -> Result:
    """Check one result file against the sets expected (set code -> the student it was made for,
    None for a set the whole class answers): the set it names made again from its code, its
    signature, and its score recomputed from its answers. A file that is not in order is
    returned with ``flags`` saying why (another set, edited, unreadable); one that cannot be read
    at all is a :class:`ClassError`."""
    path = Path(path)
    r = Result(path.name)
    if not path.is_file():
        raise ClassError(f"{shorten_path(path)} is not a file: name the result files students downloaded", token=str(path))
    try:
        data = _read_json(path)
    except (OSError, ValueError) as e:
        r.flags.append(f"not a result file: {shorten(str(e), 60)}")
        return r
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        r.flags.append(f"not a result file ({FORMAT})")
        return r
    r.code, r.name = str(data.get("code", "")), str(data.get("name", ""))
    r.recorded, r.seconds = data.get("score"), data.get("seconds")
    if r.code not in expect:
        r.flags.append(f"a file for another set ({shorten(r.code)})")
        return r
    owner = expect[r.code]
    if owner is not None and _name_key(r.name) != _name_key(owner):
        r.flags.append(f"set {r.code} was made for {owner}, not {shorten(r.name)}")
    if not isinstance(data.get("signature"), str) or not hmac.compare_digest(data["signature"], signature(data)):
        r.flags.append("edited: its signature does not match its contents")
    r.set = from_code(r.code)
    answers = data.get("answers")
    if not isinstance(answers, dict):
        r.flags.append("edited: it holds no answers")
        answers = {}
    r.marks = mark(r.set, answers)
    r.score = sum(r.right(q.number) for q in r.set.questions)
    if r.recorded != r.score or data.get("out_of") != r.set.count:
        said = r.recorded if isinstance(r.recorded, int) and not isinstance(r.recorded, bool) else shorten(str(r.recorded))
        r.flags.append(f"edited: its answers score {r.score} of {r.set.count}, not the {said} it records")
    return r


@dataclass
class ClassTable:
    """A class's results on a set (or on its variants): the files in order, the flagged ones, and
    the mistakes made, with the rules each breaks."""

    code: str
    title: str
    results: list[Result]
    flagged: list[Result]
    count: int

    def mistakes(self) -> list[tuple[str, int, list[str]]]:
        """(rule, wrong answers to questions whose key applies it, examples "student q3: elder 12, the key 15"),
        the rule most often broken first."""
        count: Counter[str] = Counter()
        examples: dict[str, list[str]] = {}
        for r in self.results:
            assert r.set is not None
            for q in r.set.questions:
                for f in fields(r.set, q):
                    given, ok = r.marks[q.number][f.id]
                    if ok:
                        continue
                    for rule in rules_of(q, f) or ["(the key cites no rule)"]:
                        count[rule] += 1
                        examples.setdefault(rule, []).append(
                            f"{r.name} q{q.number}: {f.label} {given or '(none)'}, the key {' or '.join(a or '(none)' for a in f.accepted)}")
        return [(rule, n, examples[rule]) for rule, n in count.most_common()]

    def common_answers(self) -> list[tuple[int, str, str, int]]:
        """(question, field, wrong answer, how many gave it) where two or more students gave the same
        wrong answer to the same question of the same set."""
        seen: Counter[tuple[str, int, str, str]] = Counter()
        for r in self.results:
            for number, fs in r.marks.items():
                for fid, (given, ok) in fs.items():
                    if not ok:
                        seen[(r.code, number, fid, given)] += 1
        return [(number, fid, given, n) for (_, number, fid, given), n in seen.most_common() if n > 1]

    def csv(self) -> str:
        """The table as CSV: a row a file, the flagged ones last with why (a cell that a spreadsheet
        would take for a formula is written as text)."""
        out = io.StringIO()
        writer = csv.writer(out)

        def row(*cells: object) -> None:
            writer.writerow(["'" + c if isinstance(c, str) and c[:1] in ("=", "+", "-", "@") else c for c in cells])

        row("file", "name", "set", "status", *[f"q{i + 1}" for i in range(self.count)], "score", "out of", "seconds")
        for r in self.results:
            row(r.file, r.name, r.code, "ok", *["right" if r.right(i + 1) else "wrong" for i in range(self.count)],
                r.score, self.count, r.seconds)
        for r in self.flagged:
            row(r.file, r.name, r.code, "; ".join(r.flags), *[""] * self.count, r.recorded, "", r.seconds)
        return out.getvalue()

    def html(self) -> str:
        e = html.escape
        head = "".join(f"<th>q{i + 1}</th>" for i in range(self.count))
        rows = "".join(
            f"<tr><td>{e(r.name)}</td><td><code>{e(r.code)}</code></td>"
            + "".join('<td class="right">right</td>' if r.right(i + 1) else '<td class="wrong">wrong</td>' for i in range(self.count))
            + f"<td>{r.score} / {self.count}</td><td>{e(r.file)}</td></tr>" for r in self.results)
        flagged = "".join(f"<li><b>{e(r.file)}</b>: {e('; '.join(r.flags))}</li>" for r in self.flagged) or "<li>none</li>"
        mistakes = "".join(
            f"<li><b>{e(rule)}</b>: {n} wrong answer{'s' if n != 1 else ''}<ul>"
            + "".join(f"<li>{e(x)}</li>" for x in ex[:6]) + "</ul></li>" for rule, n, ex in self.mistakes()) or "<li>none</li>"
        common = "".join(f"<li>q{n} {e(fid)}: {e(given or '(none)')}, by {k} students</li>" for n, fid, given, k in self.common_answers())
        return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Class results: set {e(self.code)}</title>'
                "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #999;"
                "padding:.2em .5em}.right{background:#dcfce7}.wrong{background:#fee2e2}</style></head><body>"
                f"<h1>Class results: {e(self.title)}</h1><p>Set <code>{e(self.code)}</code>: {len(self.results)} result file(s) "
                f"in order, {len(self.flagged)} flagged.</p>"
                f"<table><thead><tr><th>student</th><th>set</th>{head}<th>score</th><th>file</th></tr></thead>"
                f"<tbody>{rows}</tbody></table>"
                f'<h2>Flagged files</h2><ul class="flagged">{flagged}</ul>'
                f'<h2>Common mistakes, by the rule the key applies</h2><ul class="mistakes">{mistakes}</ul>'
                + (f'<h2>The same wrong answer, more than once</h2><ul class="common">{common}</ul>' if common else "")
                + "</body></html>")


def collect(paths: Sequence[Path | str], code: str, names: Sequence[str] | None = None) -> ClassTable:
    """Check every result file against the set ``code`` makes (with ``names``, a roster: against
    each student's variant of it) and gather the class's table."""
    parse_code(code)
    ex = from_code(code)
    expect: dict[str, str | None] = {v.code: name for name, v in variants(code, names)} if names is not None else {ex.code: None}
    checked = [check_result(p, expect) for p in paths]
    good = [r for r in checked if not r.flags]
    # a second file of the same student and set is flagged, not counted twice
    seen: dict[tuple[str, str], str] = {}
    for r in good:
        key = (_name_key(r.name), r.code)
        if key in seen:
            r.flags.append(f"a second file from {r.name} (the first: {seen[key]})")
        seen.setdefault(key, r.file)
    good = sorted((r for r in good if not r.flags), key=lambda r: _name_key(r.name))
    return ClassTable(ex.code, f"{ex.title}: {ex.kind.title}", good, [r for r in checked if r.flags], ex.count)


def write_table(table: ClassTable, folder: Path | str, *, force: bool = False) -> list[Path]:
    """Write ``class-CODE.html`` and ``class-CODE.csv`` into ``folder``; files there are kept unless ``force``."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ClassError(f"{shorten_path(folder)} is not a folder: make it, or name the folder to write the class table into",
                         token=str(folder))
    out = [folder / f"class-{table.code}.html", folder / f"class-{table.code}.csv"]
    for path in out:  # both refused before either is written
        if os.path.lexists(path) and not force:
            raise ClassError(f"{shorten_path(path)} exists: give --force to replace it, or another folder", token=str(path))
    write_new(out[0], table.html().encode("utf-8"), force=force, error=ClassError, what="class table")
    write_new(out[1], table.csv().encode("utf-8"), force=force, error=ClassError, what="class table")
    return out
