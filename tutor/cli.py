"""``tutor``: list the games and their rules; deal, replay, score and settle; build and serve the book.

Every verb works on every registered game through the game contract (this module names no
game): the verbs and the flags a game adds come from the games' own descriptions. Plain text is
for people, ``--json`` for programs. Bad input gets one line naming the bad token and exit code 2,
never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from .errors import TutorError, read_whole, shorten
from .games import GAMES, load, registered
from .render.options import default_text

__all__ = ["main", "build_parser"]


class UsageError(TutorError):
    """A command line the ``tutor`` command cannot read."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line (``tutor: error: ...``) and exit code 2."""

    def error(self, message: str) -> NoReturn:
        # argparse quotes what it could not read: shorten each long piece, so that a megabyte of
        # input still gets one line
        short = re.sub(r"\S{41,}", lambda m: m.group(0)[:40] + "…", message)
        if len(short) > 300:
            short = short[:299] + "…"
        raise UsageError(f"{short} (see '{self.prog} --help')", token=short[:40])


def _game(args) -> Any:
    options = {}
    for a in args.option or []:
        if "=" not in a:
            raise TutorError(f"option {shorten(a)} should be written NAME=VALUE", token=a)
        k, v = a.split("=", 1)
        options[k.strip()] = v.strip()
    return load(args.game, **options)


def _print(report, as_json: bool) -> int:
    print(json.dumps(report.to_json()) if as_json else report.text)
    return 0


def _seat_names() -> list[str]:
    names: list[str] = []
    for cls in registered():
        for seats in cls.TYPE.seats.values():
            names += [n for n in seats if n not in names]
    return names


def _extras(args, verb: str, game) -> dict[str, Any]:
    """The game's own flags given for this verb (``--bid``, ``--plays``...); others are refused."""
    out = {}
    mine = {o.name for o in game.TYPE.cli_options if verb in o.verbs}
    for cls in registered():
        for o in cls.TYPE.cli_options:
            value = getattr(args, o.name, None)
            if value is None or o.name in out:
                continue
            if o.name not in mine:
                raise UsageError(f"--{o.name} is not a flag of 'tutor {verb} {game.name}'", token=f"--{o.name}")
            out[o.name] = value
    return out


def _hands(args) -> dict[str, str]:
    """The hands given by seat (or role) name; each game says which it needs."""
    hands: dict[str, str] = {}
    for name in _seat_names():
        value = getattr(args, "seat_" + name.replace("-", "_"), None)
        if value is not None:
            hands[name] = value
    for given in args.hand or []:
        if "=" not in given:
            raise UsageError(f"--hand {shorten(given)} should be written SEAT=CARDS", token=given)
        seat, cards = given.split("=", 1)
        hands[seat.strip().lower()] = cards
    return hands


# -- the verbs --------------------------------------------------------------------------------
def cmd_games(args) -> int:
    rows = [cls.describe() for cls in registered()]
    if args.json:
        print(json.dumps(rows))
        return 0
    for r in rows:
        lo, hi = r["players"]
        players = f"{lo} players" if lo == hi else f"{lo} to {hi} players"
        print(f"{r['name']:<14} {r['title']}: {players}, {r['cards']} cards. {r['summary']}")
    return 0


def cmd_rules(args) -> int:
    game = _game(args)
    cls = type(game)
    if args.json:
        print(json.dumps({**cls.describe(), "options": game.Rules.describe()}, default=str))
        return 0
    print(f"{game.title}: {cls.TYPE.summary}")
    print("Sources: " + "; ".join(cls.TYPE.sources))
    print("Rule options (NAME=VALUE with -o):")
    for o in game.Rules.describe():
        choices = f" (one of {', '.join(map(str, o['choices']))})" if o["choices"] else ""
        print(f"  {o['name']} = {default_text(o)}{choices}\n      {o['doc']}\n      source: {o['source']}")
    return 0


def cmd_deal(args) -> int:
    game = _game(args)
    if args.code is not None:
        state = game.deal(code=args.code)
        return _print(game.deal_report(state), args.json)
    state = game.deal(seed=args.seed)
    return _print(game.deal_report(state, seed=args.seed), args.json)


def cmd_replay(args) -> int:
    game = _game(args)
    extra = _extras(args, "replay", game)
    hands = _hands(args)
    seed = None if (args.code is not None or hands) else (args.seed if args.seed is not None else 0)
    report = game.cli_replay(seed=seed, code=args.code, hands=hands, actions=args.actions, **extra)
    return _print(report, args.json)


def cmd_score(args) -> int:
    game = _game(args)
    if not game.TYPE.declarations:
        with_scores = ", ".join(c.TYPE.name for c in registered() if c.TYPE.declarations)
        raise UsageError(f"'tutor score' scores declarations from hands; {game.name} has none to score that way "
                         f"(games that do: {with_scores})", token=game.name)
    return _print(game.cli_score(hands=_hands(args), **_extras(args, "score", game)), args.json)


def _total(text: str) -> int:
    return read_whole(text, "a final total (in points)", error=UsageError, lo=0)


def cmd_settle(args) -> int:
    game = _game(args)
    if not game.TYPE.settlement:
        with_settle = ", ".join(c.TYPE.name for c in registered() if c.TYPE.settlement)
        raise UsageError(f"{game.name} has no settlement (games that do: {with_settle})", token=game.name)
    return _print(game.cli_settle([_total(t) for t in args.totals]), args.json)


def _exercise_set(args):
    from . import exercises

    if args.code is not None:
        if args.game is not None or args.kind is not None:
            raise UsageError("give a set code, or a game with --kind, not both", token=args.code)
        return exercises.from_code(args.code)
    if args.game is None or args.kind is None:
        raise UsageError("name a game and --kind KIND (or give --code CODE)", token=args.game or "--kind")
    return exercises.make_set(load(args.game), args.kind, args.count, args.seed)


def _variants(args, ex) -> list[tuple[str, Any]] | None:
    """Each student's variant of ``ex`` (``--students ROSTER``), or None for one set for all."""
    from . import classroom

    if args.students is None:
        return None
    if not args.students.strip():
        raise UsageError("--students names the roster file: one student's name a line", token="--students")
    return classroom.variants(ex.code, classroom.read_roster(args.students))


def _folder(text: str, flag: str) -> str:
    if not text.strip():
        raise UsageError(f"{flag} names a folder, not an empty word", token=flag)
    return text


def cmd_exercises(args) -> int:
    ex = _exercise_set(args)
    pairs = _variants(args, ex)
    if args.answer_page is None and (args.feedback or args.force):
        flag = "--feedback" if args.feedback else "--force"
        raise UsageError(f"{flag} goes with --answer-page DIR (the answer page and its set files)", token=flag)
    if args.answer_page is not None:
        from . import classroom

        if args.json or args.key:
            flag = "--json" if args.json else "--key"
            raise UsageError(f"{flag} does not go with --answer-page: the page holds no key in clear", token=flag)
        sets = [ex] if pairs is None else [v for _, v in pairs]
        folder = _folder(args.answer_page, "--answer-page")
        written = classroom.write_answer_page(folder, sets, feedback=args.feedback, force=args.force)
        page = os.path.join(folder, "answer.html")
        for name, v in pairs or [("", ex)]:
            print(f"{page}?code={v.code}" + (f"  ({name})" if name else ""))
        print(f"({len(written)} file(s) written; feedback while answering {'on' if args.feedback else 'off'})")
        return 0
    if pairs is not None:
        if args.json:
            print(json.dumps({"code": ex.code, "students": [{"name": n, "code": v.code, "set": v.to_json()} for n, v in pairs]}))
            return 0
        from .classroom import combined_key

        print("".join(f"== {n}: set {v.code} ==\n{v.text()}\n" for n, v in pairs), end="")
        if args.key:
            print(combined_key(ex.code, pairs), end="")
        return 0
    print(json.dumps(ex.to_json()) if args.json else ex.text(key=args.key), end="" if not args.json else "\n")
    return 0


def cmd_sheet(args) -> int:
    from .sheets import write_pdf

    ex = _exercise_set(args)
    pairs = _variants(args, ex)
    pages = write_pdf(ex if pairs is None else pairs, args.out, force=args.force)
    whose = f"set {ex.code}" if pairs is None else f"{len(pairs)} students' variants of set {ex.code}, one key"
    print(f"{args.out}: {pages['questions']} page(s) of questions, {pages['key']} of key ({whose})")
    return 0


def cmd_collect(args) -> int:
    from . import classroom

    names = None
    if args.students is not None:
        if not args.students.strip():
            raise UsageError("--students names the roster file: one student's name a line", token="--students")
        names = classroom.read_roster(args.students)
    table = classroom.collect(args.results, args.code, names)
    out = classroom.write_table(table, _folder(args.out, "--out"), force=args.force)
    print(f"{out[0]}, {out[1]}: {len(table.results)} student(s), {len(table.flagged)} file(s) flagged")
    for r in table.flagged:
        print(f"flagged {r.file}: {'; '.join(r.flags)}")
    return 0


LOCAL_BOOK = "http://127.0.0.1:8000/"  # where 'tutor book' serves the book


def _base(text: str) -> str:
    """A published site's address, ending in ``/`` (``https://example.org/tutor/``)."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(text.strip())
        ok = parts.scheme in ("http", "https") and bool(parts.hostname) and not parts.query and not parts.fragment
        parts.port  # noqa: B018 - a port that is not a number raises here
    except ValueError:
        ok = False
    if not ok or any(c.isspace() for c in text.strip()):
        raise UsageError(f"--base is the address of the published book, http(s)://HOST/PATH/, not {shorten(text)}", token=shorten(text))
    return text.strip() if text.strip().endswith("/") else text.strip() + "/"


def _link_panel(game, asked: str | None) -> tuple[str, str]:
    """The chapter and the panel kind a link opens: ``asked`` (a kind, checked against the panels
    of the game's chapters), else the game's panel that plays its deals."""
    import importlib

    from . import site

    try:
        panels = site.panels_of(game.name)
    except site.SiteBuildError as e:  # a copy installed without the book's sources
        raise UsageError(_one_line(str(e)), token=game.name) from e
    kinds = list(dict.fromkeys(kind for _, kind in panels))
    if asked is not None:
        found = [chapter for chapter, kind in panels if kind == asked]
        if not found:
            raise UsageError(f"--panel {shorten(asked)} is not a panel of {game.title}'s chapters "
                             f"(they open {', '.join(kinds) or 'none'})", token=shorten(asked), legal=kinds)
        return found[0], asked
    for chapter, kind in panels:
        module, name = kind.rsplit(".", 1)
        try:
            cls = getattr(importlib.import_module(f"tutor.widgets.{module}"), name)
        except ImportError as e:
            raise UsageError(f"the panels need ipywidgets and anywidget (pip install card-games-tutor[widgets]): {e}",
                             token=kind) from e
        if getattr(cls, "plays_deals", False):
            return chapter, kind
    raise UsageError(f"no chapter of {game.title} opens a panel that plays a deal; name one with --panel "
                     f"({', '.join(kinds) or 'none'})", token=game.name, legal=kinds)


def cmd_link(args) -> int:
    from .links import position_link
    from .session import READER, Position, Session

    game = _game(args)
    state = game.deal(code=args.code) if args.code is not None else game.deal(seed=args.seed)
    if args.dealer is None and args.standing is None:
        session = Session(game, code=state.code, seats={s.name: READER for s in state.table})
        session.open(state.code, args.actions or "")  # every move checked: a bad one is refused by name
    else:  # a deal of a match: who dealt it, and the totals it started from, checked by the match itself
        totals = dict(Position.standing_of(args.standing)) if args.standing is not None else None
        session = Session(game, code=state.code, seats=dict.fromkeys(game.match(0).persons.names, READER), match=True)
        session.open(state.code, args.actions or "", args.dealer, standing=totals)
    position = session.position
    chapter, kind = _link_panel(game, args.panel)
    path = position_link(chapter, kind, position)
    link = path if args.relative else _base(args.base or LOCAL_BOOK) + path
    if args.json:
        print(json.dumps({"game": game.name, "code": position.code, "moves": list(position.moves), "chapter": chapter,
                          "panel": kind, "link": link}))
    else:
        print(link)
    return 0


def cmd_review(args) -> int:
    from .review import review

    game = _game(args)
    if not args.actions:
        raise UsageError(f"review {game.name} needs --actions: the moves of the deal, every seat's, in order", token="--actions")
    if args.code is not None and args.seed is not None:
        raise UsageError("give --seed or --code, not both", token="--code")
    limit = None if args.limit is None else read_whole(args.limit, "the number of decisions to show", error=UsageError, lo=1)
    seats = [x.strip() for given in args.seat for x in given.split(",")]
    if any(not x for x in seats):
        raise UsageError(f"an empty seat name in --seat {shorten(','.join(args.seat))}", token=shorten(",".join(args.seat)))
    seed = None if args.code is not None else (args.seed if args.seed is not None else 0)
    rev = review(game, seed=seed, code=args.code, actions=args.actions, seats=seats)
    if args.json:
        print(json.dumps(rev.to_json()))
    else:
        print(rev.text(limit))
    return 0


def cmd_play(args) -> int:
    from .cards import check_seed
    from .terminal import play

    game = _game(args)
    if args.code is not None and args.seed is not None:
        raise UsageError("give --seed or --code, not both", token="--code")
    if args.seed is not None and not args.seed.strip():
        raise UsageError("--seed is empty: give a number, or leave it out for a fresh match", token="--seed")
    seed = None if args.seed is None else check_seed(args.seed)
    return play(game, seed, code=args.code, person=args.as_, level=args.level)


def cmd_book(argv) -> int:
    from . import site

    return site.book_main(argv)


def cmd_lab(argv) -> int:
    from . import site

    return site.lab_main(argv)


def build_parser() -> argparse.ArgumentParser:
    names = ", ".join(GAMES)
    epilog = (
        f"games: {names}\n\nexamples:\n"
        "  tutor games\n"
        "  tutor rules piquet\n"
        "  tutor deal bezique --seed 7\n"
        "  tutor score piquet --elder 'AS KS QS JS TS 9S AH KH QH AD AC KD' --younger 'TH 9H 8H 7H TD 9D 8D 7D TC 9C 8C KC'\n"
        "  tutor replay truc --elder '7S AS 9S' --dealer '8H AH 9H' --actions 'keep,play 7S,play 8H,play AS,play AH'\n"
        "  tutor replay bezique --seed 3 --actions 'play 9C,play 7D'\n"
        "  tutor settle piquet 120 99\n"
        "  tutor link sixtysix --seed 4 --actions 'play KS'\n"
        "  tutor exercises piquet --kind point --count 6 --seed 2 --answer-page class/ --feedback\n"
        "  tutor class collect answers-*.json --code CODE --out results/\n"
        "  tutor review sixtysix --seed 4 --actions 'play KS,play 9S,...' --seat elder\n"
        "  tutor book            (build the book and serve it with live panels)"
    )
    p = _Parser(prog="tutor", description="A rules tutor for the card games of the Piquet, Bezique and Sixty-Six families.",
                epilog=epilog, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def game_cmd(name, help_):
        sp = sub.add_parser(name, help=help_)
        sp.add_argument("game", help=f"the game: {names}")
        sp.add_argument("--option", "-o", action="append", metavar="NAME=VALUE", help="a rule option (see 'tutor rules GAME')")
        sp.add_argument("--json", action="store_true", help="print JSON")
        return sp

    def seat_flags(sp):
        for seat in _seat_names():
            sp.add_argument(f"--{seat}", dest="seat_" + seat.replace("-", "_"), metavar="CARDS", help=f"{seat}'s cards")
        sp.add_argument("--hand", action="append", metavar="SEAT=CARDS", help="a seat's cards, for any game's seats")

    def game_flags(sp, verb):
        seen = set()
        for cls in registered():
            for o in cls.TYPE.cli_options:
                if verb in o.verbs and o.name not in seen:
                    seen.add(o.name)
                    users = [c.TYPE.name for c in registered() if any(x.name == o.name and verb in x.verbs for x in c.TYPE.cli_options)]
                    sp.add_argument(f"--{o.name}", help=f"{', '.join(users)}: {o.help}")

    g = sub.add_parser("games", help="list the games")
    g.add_argument("--json", action="store_true", help="print JSON")
    g.set_defaults(func=cmd_games)

    for verb in ("rules", "options"):
        r = game_cmd(verb, "a game's sources and rule options" + (" (same as rules)" if verb == "options" else ""))
        r.set_defaults(func=cmd_rules)

    d = game_cmd("deal", "show a deal")
    d.add_argument("--seed", default=0, help="deal number (the same deal on every machine)")
    d.add_argument("--code", help="a deal code instead of a seed")
    d.set_defaults(func=cmd_deal)

    r = game_cmd("replay", "play a deal through, every action checked, and score it step by step")
    r.add_argument("--seed", default=None, help="the deal's seed (default 0)")
    r.add_argument("--code", help="a deal code instead of a seed")
    seat_flags(r)
    r.add_argument("--actions", help='actions in order, separated by commas: "keep,play 7S,double,accept,..."')
    game_flags(r, "replay")
    r.set_defaults(func=cmd_replay)

    s = game_cmd("score", "score the declarations of given hands")
    seat_flags(s)
    game_flags(s, "score")
    s.set_defaults(func=cmd_score)

    st = game_cmd("settle", "settle a match from the final totals")
    st.add_argument("totals", nargs="+", help="each player's final total, in order")
    st.set_defaults(func=cmd_settle)

    def set_flags(sp):
        sp.add_argument("game", nargs="?", help=f"the game: {names}")
        sp.add_argument("--kind", help="the kind of question (each game lists its own: score, declare, point, tricks, melds)")
        sp.add_argument("--count", default="10", help="how many questions (1 to 40; default 10)")
        sp.add_argument("--seed", default="0", help="the set's seed (the same set on every machine)")
        sp.add_argument("--code", help="a set code (ex-...) instead of game, kind, count and seed")
        sp.add_argument("--students", metavar="ROSTER", help="a roster file (one name a line): a variant of the set for each "
                                                             "student, each with its own code, and one key")

    ex = sub.add_parser("exercises", help="an exercise set with its answer key, made by the engine")
    set_flags(ex)
    ex.add_argument("--key", action="store_true", help="print the key after the questions")
    ex.add_argument("--json", action="store_true", help="print JSON (questions and key)")
    ex.add_argument("--answer-page", metavar="DIR", help="write the answer page (answer.html) and the set's file into DIR, "
                                                         "for students to answer in the browser")
    ex.add_argument("--feedback", action="store_true", help="with --answer-page: the page marks each answer as it is checked")
    ex.add_argument("--force", action="store_true", help="with --answer-page: replace files there the page did not make")
    ex.set_defaults(func=cmd_exercises)

    sh = sub.add_parser("sheet", help="a printable worksheet (PDF) of an exercise set, the key on its own pages")
    set_flags(sh)
    sh.add_argument("--out", required=True, help="the PDF file to write (a file already there is kept unless --force)")
    sh.add_argument("--force", action="store_true", help="replace the file given with --out if it exists")
    sh.set_defaults(func=cmd_sheet)

    cl = sub.add_parser("class", help="a class's work: collect the result files of the answer page")
    cls = cl.add_subparsers(dest="class_command", required=True, parser_class=_Parser)
    co = cls.add_parser("collect", help="check result files against the set and write the class table (HTML and CSV)")
    co.add_argument("results", nargs="+", metavar="RESULT", help="the result files (answers-....json) the students handed in")
    co.add_argument("--code", required=True, help="the set code the class answered (the teacher's code, with --students)")
    co.add_argument("--students", metavar="ROSTER", help="the roster the variants were made for (one name a line)")
    co.add_argument("--out", default=".", metavar="DIR", help="the folder to write class-CODE.html and class-CODE.csv into "
                                                              "(default: here; files there are kept unless --force)")
    co.add_argument("--force", action="store_true", help="replace the class table's files if they exist")
    co.set_defaults(func=cmd_collect)

    lk = game_cmd("link", "the address that opens a position (a deal and the moves made in it) live in the book")
    lk.add_argument("--seed", default=0, help="deal number")
    lk.add_argument("--code", help="a deal code instead of a seed")
    lk.add_argument("--actions", help='the moves made in the deal, in order, separated by commas: "play 7S,play 8H,..."')
    lk.add_argument("--dealer", help="in a match: the person who dealt the deal (its first dealer if not given)")
    lk.add_argument("--standing", metavar="NAME:N,...", help="in a match: the totals the deal started from, each scorer's "
                                                             "(first:3,second:1); nought each if not given")
    lk.add_argument("--panel", help="the panel to open it in (MODULE.CLASS, as its chapter opens it; default: the game's "
                                    "panel that plays its deals)")
    lk.add_argument("--base", help=f"the address of the published book (default {LOCAL_BOOK}, where 'tutor book' serves it)")
    lk.add_argument("--relative", action="store_true", help="print the address relative to the book's root")
    lk.set_defaults(func=cmd_link)

    rv = game_cmd("review", "the reader's decisions in a played deal, weighed by the strong computer player, the "
                            "costliest first")
    rv.add_argument("--seed", default=None, help="the deal's seed (default 0)")
    rv.add_argument("--code", help="a deal code instead of a seed")
    rv.add_argument("--actions", help='the moves of the deal, every seat\'s, in order, separated by commas: "play 7S,play 8H,..."')
    rv.add_argument("--seat", action="append", required=True, metavar="NAME",
                    help="a seat the reader held (repeat it, or separate names by commas, for several)")
    rv.add_argument("--limit", help="show only this many decisions, the costliest (default: all)")
    rv.set_defaults(func=cmd_review)

    pl = sub.add_parser("play", help="play a match against the computer at the terminal, with hints, undo, the score "
                                     "explained and a review of each deal")
    pl.add_argument("game", help=f"the game: {names}")
    pl.add_argument("--option", "-o", action="append", metavar="NAME=VALUE", help="a rule option (see 'tutor rules GAME')")
    pl.add_argument("--seed", help="the match's seed (default: a fresh one, shown so it can be played again)")
    pl.add_argument("--code", help="a deal code: the match starts with that deal")
    pl.add_argument("--as", dest="as_", metavar="PERSON", help="the player whose place you take (default: as the book's table "
                                                               "panel seats you)")
    pl.add_argument("--level", default="beginner", help="the computer's level: beginner (default) or strong")
    pl.set_defaults(func=cmd_play)

    sub.add_parser("book", help="build the book (with JupyterLite) and serve it on localhost", add_help=False)
    sub.add_parser("lab", help="open the book's notebooks in JupyterLab", add_help=False)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv and argv[0] == "book":
            return cmd_book(argv[1:])
        if argv and argv[0] == "lab":
            return cmd_lab(argv[1:])
        parser = build_parser()
        args = parser.parse_args(argv)
        return args.func(args)
    except TutorError as e:
        print(f"tutor: error: {_one_line(str(e))}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader closed the pipe (`tutor deal ... | head -2`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print("tutor: interrupted", file=sys.stderr)
        return 130


def _one_line(text: str) -> str:
    return " ".join(text.split())


if __name__ == "__main__":
    raise SystemExit(main())
