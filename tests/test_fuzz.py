"""Odd input anywhere gets a clear typed error, never a crash: text, unicode look-alikes, huge and
empty inputs, wrong types, truncated and altered deal codes, every CLI verb with missing and wrong
arguments. Bounded in examples so it stays in the normal test run."""

from __future__ import annotations

import contextlib
import io
import json
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor.cards import PACKS, parse_card, parse_cards
from tutor.cli import main
from tutor.errors import TutorError
from tutor.games import GAMES, load

NAMES = sorted(GAMES)
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LOOK_ALIKES = "\u212a\u017f\uff21\uff33\u0391\u0410\u0405\u13aa\u2160\u00b2\u0661"  # Kelvin, long s, fullwidth, Greek, Cyrillic...
texts = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="AKQJT98765432SHDC♠♥♦♣' ,;-_" + LOOK_ALIKES, max_size=40),
    st.sampled_from(["", " ", "x" * 100_000, "AS" * 5_000, "\x00", "AS'''", "10", "1OS"]),
)
anything = st.one_of(texts, st.integers(), st.floats(allow_nan=True), st.none(), st.booleans(),
                     st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


def typed_or_fine(fn, *args, **kw):
    try:
        return fn(*args, **kw)
    except TutorError as e:
        assert len(str(e)) < 2_000, "a message quotes the bad input shortened"
        return None


@FUZZ
@given(anything)
def test_cards_and_hands(value):
    typed_or_fine(parse_card, value)
    if isinstance(value, str):
        typed_or_fine(parse_cards, value)
    for pack in PACKS.values():
        typed_or_fine(pack.parse_hand, value, 8, "hand")


@FUZZ
@given(st.sampled_from(NAMES), st.text(max_size=30), anything)
def test_rule_options(name, option, value):
    cls = GAMES[name]
    typed_or_fine(load, name, **{option or "x": value})
    for opt in cls.Rules.options():
        typed_or_fine(load, name, **{opt.name: value})


@FUZZ
@given(st.sampled_from(NAMES), anything)
def test_deals_by_seed_and_by_code(name, value):
    game = load(name)
    typed_or_fine(game.deal, seed=value)
    typed_or_fine(game.deal, code=value)


@FUZZ
@given(st.sampled_from(NAMES), st.integers(0, 50), st.data())
def test_altered_and_truncated_codes(name, seed, data):
    game = load(name)
    code = game.deal(seed=seed).code
    cut = data.draw(st.integers(0, len(code)))
    typed_or_fine(game.deal, code=code[:cut])
    i = data.draw(st.integers(0, len(code) - 1))
    ch = data.draw(st.characters())
    altered = code[:i] + ch + code[i + 1 :]
    state = typed_or_fine(game.deal, code=altered)
    assert state is None or altered == code or state.code == altered


@FUZZ
@given(st.sampled_from(NAMES), st.integers(0, 30), st.lists(texts, min_size=1, max_size=4))
def test_a_refused_action_changes_nothing(name, seed, junk):
    game = load(name)
    state = game.deal(seed=seed)
    for text in junk:
        before = json.dumps(state.to_json(), sort_keys=True, default=str)
        try:
            state.apply(text)
        except TutorError:
            assert json.dumps(state.to_json(), sort_keys=True, default=str) == before
        if state.is_over:
            break


VERBS = ["deal", "replay", "score", "settle", "rules", "options", "games", "exercises", "link", "play"]
FLAGS = ["--seed", "--code", "--json", "--elder", "--younger", "--dealer", "--actions", "--plays", "--bid", "-o", "--hand",
         "--kind", "--count", "--key", "score", "tricks", "melds", "declare", "--as", "--level", "strong"]


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(VERBS), st.lists(st.one_of(st.sampled_from(NAMES + FLAGS), texts), max_size=6))
def test_every_cli_verb_answers_bad_arguments_in_one_line(verb, rest):
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    sys.stdin = io.StringIO("")  # (play reads the reader's moves: none, so a match it starts stops at once)
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([verb, *rest])
        except SystemExit as e:  # only --help may end this way
            assert e.code == 0 and "--help" in rest or "-h" in rest
            return
        finally:
            sys.stdin = stdin
    assert code in (0, 2), (verb, rest, code)
    assert "Traceback" not in err.getvalue()
    if code == 2:
        assert err.getvalue().count("\n") == 1 and out.getvalue() == ""
        assert len(err.getvalue()) < 2_000


@pytest.mark.parametrize("name", NAMES)
def test_a_game_session_answers_junk_with_typed_errors(name):
    from tutor.session import Session

    s = Session(load(name), seed=3)
    for junk in ("", "x" * 10_000, "play \u212aS", "declare", 42, None):
        before = len(s.actions)
        with pytest.raises(TutorError):
            s.act(junk)
        assert len(s.actions) == before


# -- the kinds of input a reader gets wrong, over every registry entry ------------------------------
# look-alike digits, huge numbers, wrong types and wrong seats fed to every public entry point: each
# is accepted or refused with a typed error (a ValueError subclass), and a refusal changes nothing

HUGE_TEXT = st.sampled_from(["9" * 5_000, "1" * 65, "-" + "9" * 100, "1e9999", "9" * 64])
HUGE = st.one_of(HUGE_TEXT, st.sampled_from([10**70, -(10**70), 2**64, 10**64 - 1]),
                 st.just(5_000).map(lambda n: 10**n))  # drawn, not listed: Python cannot show it in decimal
NUMBERISH = st.text(alphabet="0123456789-+_ \uff10\uff11\u0660\u0661\u0966\u00b2\u00b3\u2160\u00bd.,eE", min_size=1, max_size=8)
WRONG_TYPES = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=True), st.lists(st.integers(), max_size=3),
                        st.tuples(st.integers()), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
                        st.binary(max_size=6), st.just(object()), st.just(1j))
WRONG_SEATS = st.one_of(st.sampled_from(["nobody", "", " ", "elder ", "DEALER", "1", "-1", "0x1"]), st.integers(-3, 9), st.text(max_size=10))
BAD = st.one_of(HUGE, NUMBERISH, WRONG_TYPES, WRONG_SEATS, texts)
PER_GAME = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True, default=str)


def refused_or_done(fn, *args, **kw):
    """``fn(...)``'s result, or None when it was refused with a typed error (a ``ValueError``)."""
    try:
        return fn(*args, **kw)
    except ValueError as e:  # the contract: every refusal of bad input is a ValueError (TutorError and its kin)
        assert len(str(e)) < 2_000, "a message quotes the bad input shortened"
        return None


@pytest.mark.parametrize("name", NAMES)
@PER_GAME
@given(value=BAD, seed=st.integers(0, 20))
def test_every_entry_point_of_a_deal_refuses_bad_input_and_changes_nothing(name, value, seed):
    game = load(name)
    refused_or_done(game.deal, seed=value)
    refused_or_done(game.deal, code=value)
    for opt in game.Rules.options()[:3]:
        refused_or_done(load, name, **{opt.name: value})
    state = game.deal(seed=seed)
    before = snapshot(state)
    why = refused_or_done(state.why_illegal, value)
    assert why is None or isinstance(why, str)
    if refused_or_done(state.apply, value) is None:
        assert snapshot(state) == before
    else:  # accepted: it was legal, and said so
        assert why is None
        return
    for method in (state.view, state.hidden):
        seen = refused_or_done(method, value)
        if seen is not None:  # a seat: the value names one, by index or name
            assert state.table.seat(value) in state.table
    assert snapshot(state) == before


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=BAD)
def test_a_session_refuses_a_bad_seed_or_action_and_stays_as_it_was(name, value):
    from tutor.session import Session

    session = Session(load(name), seed=3)
    before = (session.seed, session.state.code, len(session.actions), len(session.log))
    if refused_or_done(lambda: session.start(value) or "dealt") is None:
        assert (session.seed, session.state.code, len(session.actions), len(session.log)) == before
    before = (session.seed, session.state.code, len(session.actions), len(session.log))
    if refused_or_done(lambda: session.act(value) or "played") is None:
        assert (session.seed, session.state.code, len(session.actions), len(session.log)) == before


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=st.one_of(HUGE_TEXT, NUMBERISH, WRONG_SEATS.map(str), texts),
       verb=st.sampled_from(["deal --seed", "deal --code", "replay --actions", "link --seed", "link --dealer", "link --standing",
                             "settle", "deal -o"]))
def test_every_cli_verb_of_every_game_answers_bad_numbers_and_seats_in_one_line(name, value, verb):
    words = verb.split()
    if words[0] == "settle":
        argv = ["settle", name, value, value]
    elif words[1] == "-o":
        option = load(name).Rules.options()[0].name
        argv = ["deal", name, "-o", f"{option}={value}"]
    else:
        argv = [words[0], name, words[1], value]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    assert code in (0, 2), (argv, code)
    assert "Traceback" not in err.getvalue()
    if code == 2:
        assert err.getvalue().count("\n") == 1 and out.getvalue() == "" and len(err.getvalue()) < 2_000


# -- the quizzes, the trainers and the workbenches: every public method a panel calls with a value --


def _quiz():
    from tutor.games.piquet.practice import DeclarationQuiz

    quiz = DeclarationQuiz.from_seed(1)
    return quiz, lambda: (quiz.elder, quiz.younger)


def _trainer():
    from tutor.games.truc.trainer import RottenTrainer

    trainer = RottenTrainer(1)
    return trainer, lambda: trainer.results


def _bench(cls):
    def make():
        bench = cls()
        bench.toggle(bench.hand[0])
        return bench, lambda: (bench.hand, bench.trump, list(bench.actions), set(bench.selected), bench.total)
    return make


def _chouine():
    from tutor.games.chouine.workbench import Workbench

    bench = Workbench()
    return bench, lambda: (list(bench.actions), bench.state.code if hasattr(bench.state, "code") else str(bench.hand))


def _practice():
    from tutor.games.chouine.workbench import Practice

    practice = Practice(1)
    return practice, lambda: (practice.asked, practice.right, id(practice.bench), list(practice.bench.actions))


def _position():
    position = load("sixtysix").deal(seed=1)
    return position, lambda: snapshot(position)


def _advice():
    from tutor.games.piquet.advisor import advise

    advice = advise("AS KS QS JS TS 9S AH KH QH AD KD QD")
    return advice, lambda: [r.good for r in advice.rows[:5]]


def _module(name):
    return __import__(name, fromlist=["_"])


BEZIQUE_BENCH = _bench(_module("tutor.games.bezique.workbench").Workbench)
BRISCAN_BENCH = _bench(_module("tutor.games.briscan.workbench").Workbench)
HAND = "AS KS QS JS TS 9S AH KH QH AD KD QD"

#: (name, what it works on, the call with a value): the object made afresh for each value
TRAINER_ENTRY_POINTS = [
    ("quiz.best player", _quiz, lambda q, v: q.best(v, "point")),
    ("quiz.best kind", _quiz, lambda q, v: q.best(0, v)),
    ("quiz.check_declaration", _quiz, lambda q, v: q.check_declaration(0, "sequence", v)),
    ("quiz.check_reply", _quiz, lambda q, v: q.check_reply("point", v)),
    ("DeclarationQuiz.from_seed", _quiz, lambda q, v: q.from_seed(v)),
    ("RottenTrainer", _trainer, lambda t, v: type(t)(v)),
    ("RottenTrainer.check", _trainer, lambda t, v: t.check(v)),
    ("RottenTrainer.check each", _trainer, lambda t, v: t.check([v] * len(t.results))),
    ("hand_odds position", _trainer, lambda t, v: _module("tutor.games.truc.odds").hand_odds("AS KS QS", v)),
    ("weigh samples", _position, lambda p, v: _module("tutor.games.sixtysix.trainer").weigh(p, samples=v)),
    ("weigh seed", _position, lambda p, v: _module("tutor.games.sixtysix.trainer").weigh(p, samples=1, seed=v)),
    ("weigh known", _position, lambda p, v: _module("tutor.games.sixtysix.trainer").weigh(p, samples=1, known=v)),
    ("weigh position", _position, lambda p, v: _module("tutor.games.sixtysix.trainer").weigh(v)),
    *[(f"{game} bench.{verb}", make, call) for game, make in (("bezique", BEZIQUE_BENCH), ("briscan", BRISCAN_BENCH))
      for verb, call in (("apply", lambda b, v: b.apply(v)), ("answer", lambda b, v: b.answer(v)),
                         ("toggle", lambda b, v: b.toggle(v)), ("declare", lambda b, v: b.declare(v)),
                         ("play", lambda b, v: b.play(v)), ("deal", lambda b, v: b.deal(v)),
                         ("practice", lambda b, v: b.practice(v)), ("reset hand", lambda b, v: b.reset(v)),
                         ("reset trumps", lambda b, v: b.reset(None, v)), ("made", lambda b, v: type(b)(v)),
                         ("dealt", lambda b, v: type(b).dealt(v)))],
    ("chouine bench.apply", _chouine, lambda b, v: b.apply(v)),
    ("chouine bench.reset", _chouine, lambda b, v: b.reset(v)),
    ("chouine bench.reset trumps", _chouine, lambda b, v: b.reset(None, v)),
    ("chouine Workbench", _chouine, lambda b, v: type(b)(v)),
    ("chouine Workbench.dealt", _chouine, lambda b, v: type(b).dealt(v)),
    ("chouine Practice", _practice, lambda p, v: type(p)(v)),
    ("chouine Practice.answer", _practice, lambda p, v: p.answer(v)),
    ("advise hand", _advice, lambda a, v: _module("tutor.games.piquet.advisor").advise(v)),
    ("advise seat", _advice, lambda a, v: _module("tutor.games.piquet.advisor").advise(HAND, v)),
    ("advise talon", _advice, lambda a, v: _module("tutor.games.piquet.advisor").advise(HAND, "younger", v)),
    ("advice.row", _advice, lambda a, v: a.row(v)),
    ("advice.table", _advice, lambda a, v: a.table(v)),
    ("advice.good_against top", _advice, lambda a, v: a.good_against(v, samples=1)),
    ("advice.good_against samples", _advice, lambda a, v: a.good_against(1, samples=v)),
    ("advice.good_against seed", _advice, lambda a, v: a.good_against(1, samples=1, seed=v)),
]


@pytest.mark.parametrize("name, make, call", TRAINER_ENTRY_POINTS, ids=[e[0] for e in TRAINER_ENTRY_POINTS])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=BAD)
def test_every_quiz_trainer_and_workbench_refuses_bad_input_with_a_typed_error_and_changes_nothing(name, make, call, value):
    target, state = make()
    before = state()
    try:
        call(target, value)
    except TutorError as e:  # the project's own error, never Python's TypeError or AttributeError
        assert len(str(e)) < 2_000, "a message quotes the bad input shortened"
        assert state() == before, f"{name} refused {value!r:.40} but changed"
