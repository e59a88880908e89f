"""The game contract, checked over every registered game: a new game is tested the moment it is
registered (after OpenSpiel's ``api_test``).

Random complete deals and matches: cards conserved, every deal and match ends, every total equals
the sum of its explained steps, every listed action is accepted, refused actions leave the state
exactly as it was, deal codes round-trip, the same seed gives the same deal, the history replays
to the same state, and ``view(seat)`` never shows a card hidden from that seat.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from tutor.games import GAMES, load
from tutor.games.checks import MAX_ACTIONS, check_game, check_state, play_out, snapshot
from tutor.games.contract import Outcome

NAMES = sorted(GAMES)


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
    """Codes round-trip, seeds repeat, histories replay, and every state on the way keeps the
    contract (see tutor.games.checks)."""
    summary = check_game(load(name), deals=6, seed=0, check_every=3)
    assert summary["deals"] == 6 and summary["actions"] > 6


@pytest.mark.parametrize("name", NAMES)
def test_different_seeds_give_different_deals(name):
    game = load(name)
    assert len({game.deal(seed=s).code for s in (1, 2, "class of 2026")}) == 3


@pytest.mark.parametrize("name", NAMES)
def test_a_broken_total_is_caught(name):
    """The checks themselves can fail: a state whose scores disagree with its steps is caught."""
    from tutor.games.checks import ContractBroken

    game = load(name)
    state = game.deal(seed=3)
    play_out(game, state, random.Random(1))
    cls = type(state)
    real = state.scores()
    fake = type(cls.__name__ + "Broken", (cls,), {"scores": lambda self: {k: v + 1 for k, v in real.items()}})
    state.__class__ = fake
    with pytest.raises(ContractBroken):
        check_state(game, state)


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
    totals = match.standing()
    for who in totals:
        assert totals[who] == sum(r.credited.get(who, 0) for r in match.records)
    json.dumps(match.to_json())


@pytest.mark.parametrize("name", NAMES)
def test_the_computer_plays_a_match_out_and_its_sheet_runs_to_the_totals(name):
    from tutor.render import sheet_html

    game = load(name)
    match = game.play_out(game.match(11))
    assert match.is_over and match.outcome().winner in (*match.scorers, None)
    sheet = match.sheet()
    assert [row["deal"] for row in sheet] == list(range(1, len(match.records) + 1))
    assert sheet[-1]["totals"] == match.standing()
    for before, row in zip([dict.fromkeys(match.scorers, 0)] + [r["totals"] for r in sheet], sheet):
        assert row["totals"] == {k: before[k] + row["credited"][k] for k in before}
    html = sheet_html(match)
    assert html.count("<tr>") == len(sheet) + 1 and "how the deal ended" in html
    deal = game.play_out(game.deal(seed=4))
    steps = deal.explanation()
    assert deal.is_over and sum(steps.points(p) for p in deal.scores()) == steps.points() == sum(deal.scores().values())


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
        assert session.state.why_illegal(session.hint()) is None, "the hint is a legal action"
        before = snapshot(session.state)
        session.act(rng.choice(legal))
        acts += 1
        if acts in (2, 5):
            assert session.undo()
            assert snapshot(session.state) == before
    assert session.log and all(isinstance(line, str) and "Card(" not in line for line in session.log)
    fresh = Session(game, seed=4)
    assert fresh.undo() is False


@pytest.mark.parametrize("name", NAMES)
def test_the_options_table_lists_every_option_with_its_source(name):
    import html

    from tutor.render.options import options_table

    cls = GAMES[name]
    table = options_table(load(name))
    for opt in cls.Rules.options():
        assert f"<code>{opt.name}</code>" in table and html.escape(opt.source) in table
    # defaults read as words, as typed after --option NAME=: no Python quotes, no True/False
    assert not re.search(r"<code>(&#x27;|'|True<|False<|None<)", table), table


def test_the_options_table_shows_defaults_as_words():
    from tutor.render.options import options_table

    assert "<td><code>twenty-fourth</code></td>" in options_table(load("bezique"))
