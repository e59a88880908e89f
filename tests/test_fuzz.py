"""Odd input anywhere gets a clear typed error, never a crash: text, unicode look-alikes, huge and
empty inputs, wrong types, truncated and altered deal codes, every CLI verb with missing and wrong
arguments. Bounded in examples so it stays in the normal test run."""

from __future__ import annotations

import contextlib
import io
import json

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


VERBS = ["deal", "replay", "score", "settle", "rules", "options", "games", "exercises", "link"]
FLAGS = ["--seed", "--code", "--json", "--elder", "--younger", "--dealer", "--actions", "--plays", "--bid", "-o", "--hand",
         "--kind", "--count", "--key", "score", "tricks", "melds", "declare"]


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(VERBS), st.lists(st.one_of(st.sampled_from(NAMES + FLAGS), texts), max_size=6))
def test_every_cli_verb_answers_bad_arguments_in_one_line(verb, rest):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([verb, *rest])
        except SystemExit as e:  # only --help may end this way
            assert e.code == 0 and "--help" in rest or "-h" in rest
            return
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
