"""The game contract, checked over every registered game: a new game is tested the moment it is
registered (after OpenSpiel's ``api_test``).

Random complete deals and matches: cards conserved, every deal and match ends, every total equals
the sum of its explained steps, every listed action is accepted, refused actions leave the state
exactly as it was, deal codes round-trip, the same seed gives the same deal, the history replays
to the same state, and ``view(seat)`` never shows a card hidden from that seat.
"""

from __future__ import annotations

import collections
import json
import random
import re

import pytest

from tutor.errors import TutorError
from tutor.games import GAMES, load
from tutor.games.contract import Outcome
from tutor.seats import Seat

NAMES = sorted(GAMES)
MAX_ACTIONS = 5_000


def snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True, default=str)


def tokens(data) -> set[str]:
    return set(re.findall(r"[^\s\"',\[\]{}:()]+", json.dumps(data, default=str)))


def check_invariants(game, state) -> None:
    # whose turn: a seat of the state's table, or None exactly when over
    turn = state.turn
    assert (turn is None) == state.is_over
    if turn is not None:
        assert isinstance(turn, Seat) and turn.table is state.table
    # every total is the sum of its explained steps
    scores = state.scores()
    sums = collections.Counter()
    for step in state.explanation():
        sums[step.player] += step.points
    for who, total in scores.items():
        assert total == sums[who], f"{who}: total {total}, steps add to {sums[who]}"
    # cards conserved: the whole pack, each card once
    assert collections.Counter(state.every_card()) == collections.Counter(game.pack.cards)
    # what a seat sees holds no card hidden from it
    for seat in state.table:
        view = state.view(seat)
        hidden = {str(c) for c in state.hidden(seat)}
        assert not (tokens(view) & hidden), f"{seat.name} is shown {tokens(view) & hidden}"
        assert not (set(map(str, view["hand"])) & hidden)


def play_randomly(game, state, rng: random.Random, check_every: int = 1) -> int:
    n = 0
    while not state.is_over:
        legal = list(state.legal_actions())
        assert legal, f"{state!r}: not over but nothing is legal"
        action = rng.choice(legal)
        assert state.why_illegal(action) is None, f"listed action {action} refused: {state.why_illegal(action)}"
        if n % check_every == 0:
            check_invariants(game, state)
            refuse_junk(state, rng)
        state.apply(action)
        n += 1
        assert n < MAX_ACTIONS, "the deal does not end"
    check_invariants(game, state)
    return n


JUNK = ["", "play", "play ZZ", "play 2S", "x" * 300, "declare nothing", "\u212aS", "discard", "bid", "42", "pass pass"]


def refuse_junk(state, rng: random.Random) -> None:
    """A refused action raises a TutorError and leaves the state exactly as it was."""
    before = snapshot(state)
    for junk in rng.sample(JUNK, 3):
        try:
            state.apply(junk)
        except TutorError:
            pass
        else:  # pragma: no cover - only if junk happens to be legal
            pytest.fail(f"{junk!r} was accepted in {state!r}")
        assert snapshot(state) == before, f"refusing {junk!r} changed the state"


@pytest.mark.parametrize("name", NAMES)
def test_the_game_describes_itself(name):
    cls = GAMES[name]
    d = cls.describe()
    assert d["name"] == name and d["title"] and d["summary"] and d["sources"]
    lo, hi = d["players"]
    assert 2 <= lo <= hi
    for opt in cls.Rules.options():
        assert opt.source.strip(), f"option {opt.name} names no source"
    assert "seed 00" not in " ".join(d["sources"]), "sources are named as a reader would find them"


@pytest.mark.parametrize("name", NAMES)
def test_random_complete_deals_keep_the_contract(name):
    game = load(name)
    for seed in range(6):
        rng = random.Random(seed)
        state = game.deal(seed=seed)
        play_randomly(game, state, rng, check_every=3)
        out = state.outcome()
        assert isinstance(out, Outcome) and out.reason
        json.dumps(state.to_json())
        assert "<" in state._repr_html_()


@pytest.mark.parametrize("name", NAMES)
def test_deal_codes_round_trip_and_seeds_repeat(name):
    game = load(name)
    for seed in (0, 1, "class of 2026"):
        a, b = game.deal(seed=seed), game.deal(seed=seed)
        assert snapshot(a) == snapshot(b)
        assert snapshot(game.deal(code=a.code)) == snapshot(a)
    assert game.deal(seed=1).code != game.deal(seed=2).code


@pytest.mark.parametrize("name", NAMES)
def test_history_replays_to_the_same_state(name):
    game = load(name)
    rng = random.Random(5)
    state = game.deal(seed=11)
    for _ in range(40):
        if state.is_over:
            break
        state.apply(rng.choice(list(state.legal_actions())))
    again = game.deal(code=state.code)
    for action in state.history:
        again.apply(str(action) if not isinstance(action, tuple) else action)
    assert snapshot(again) == snapshot(state)


@pytest.mark.parametrize("name", NAMES)
def test_a_whole_match_ends_and_its_totals_add_up(name):
    game = load(name)
    rng = random.Random(3)
    match = game.match(7)
    n = 0
    while not match.is_over:
        if getattr(match, "between_deals", False):
            match.next_deal()
            continue
        match.apply(rng.choice(list(match.legal_actions())))
        n += 1
        assert n < 40 * MAX_ACTIONS, "the match does not end"
    out = match.outcome()
    assert isinstance(out, Outcome) and out.reason
    totals = match.totals()
    for who in totals:
        assert totals[who] == sum(r.credited.get(who, 0) for r in match.records)
    json.dumps(match.to_json())


@pytest.mark.parametrize("name", NAMES)
def test_a_session_plays_hints_and_undoes_exactly(name):
    from tutor.session import Session

    game = load(name)
    session = Session(game, seed=4)
    rng = random.Random(2)
    acts = 0
    while not session.is_over and acts < 300:
        if session.between_deals:
            session.next_deal()
            continue
        assert session.reader_to_move, "after the computer's moves it is the reader's turn or it is over"
        legal = [str(a) for a in session.legal_actions()]
        assert session.hint() in legal
        before = snapshot(session.state)
        session.act(rng.choice(legal))
        acts += 1
        if acts in (2, 5):
            assert session.undo()
            assert snapshot(session.state) == before
    assert session.log and all(isinstance(line, str) and "Card(" not in line for line in session.log)
    fresh = Session(game, seed=4)
    assert fresh.undo() is False
