"""The game the chapter "How the engine works" (book/engine.md) builds, run as printed: its code is
read from the chapter, so the book and the test cannot drift apart. It keeps the whole contract
(``check_game``), joins the registry with no other file changed, is listed and dealt by the
``tutor`` command, plays whole deals and a match in a session, and has its golden playthrough
recorded by the command; the chapter's count of the lines it took is the count of its code."""

from __future__ import annotations

import contextlib
import io
import pathlib
import re
import sys
import types

import pytest

from tests.golden import record, replay
from tutor.cli import main
from tutor.games import GAMES, load, register, unregister
from tutor.games.checks import check_game
from tutor.session import COMPUTER, Session

CHAPTER = pathlib.Path(__file__).resolve().parent.parent / "book" / "engine.md"
CELL = re.compile(r"^```\{code-cell\} ipython3\n(.*?)^```$", re.S | re.M)


def cells() -> list[str]:
    """The chapter's code cells, in order, without their options (``:tags: ...`` lines)."""
    return [re.sub(r"\A(?::\w[\w-]*:.*\n)+", "", c) for c in CELL.findall(CHAPTER.read_text(encoding="utf-8"))]


def game_cell() -> str:
    (cell,) = [c for c in cells() if "class SixTricks(Game)" in c]
    return cell


@pytest.fixture(scope="module")
def chapter_game():
    """The chapter's game, its code cell run as a module of its own (as a reader's file would be)."""
    module = types.ModuleType("six_tricks")
    sys.modules[module.__name__] = module  # a dataclass looks its module up
    try:
        exec(compile(game_cell(), str(CHAPTER), "exec"), module.__dict__)
        yield module
    finally:
        del sys.modules[module.__name__]


@pytest.fixture
def registered(chapter_game):
    register(chapter_game.SixTricks)
    try:
        yield chapter_game.SixTricks
    finally:
        unregister("six-tricks")


def test_the_chapters_game_keeps_every_promise_of_the_contract(chapter_game):
    report = check_game(chapter_game.SixTricks(), deals=12, seed=3)
    assert report["actions"] == 12 * 12 and report["refusals"] > 100
    assert report["match_deals"] >= 2 and report["sessions"] == 3 and report["cli"] == 4
    assert "six-tricks" not in GAMES, "checking the game before it is registered leaves the registry as it was"


def test_its_refusals_name_the_rule_and_its_source(chapter_game):
    game, source = chapter_game.SixTricks(), "Six tricks (How the engine works)"
    for seed in range(50):  # a deal where younger could follow the lead and holds another suit too
        state = game.deal(seed=seed)
        lead = state.hands[0][0]
        younger = state.hands[1]
        if any(c.suit == lead.suit for c in younger) and any(c.suit != lead.suit for c in younger):
            break
    state.apply(f"play {lead}")
    off = next(c for c in younger if c.suit != lead.suit)
    assert state.why_illegal(f"play {off}") == f"younger must follow {lead.suit.noun} ({source}: follow suit when you can)"
    mine = state.hands[0][0]
    assert state.why_illegal(f"play {mine}") == f"younger does not hold {mine} ({source}: play a card you hold)"
    assert "'play CARD'" in state.why_illegal("lead AS")


def test_registered_it_is_listed_dealt_replayed_and_played_in_a_session(registered, capsys):
    assert type(load("six-tricks")) is registered
    assert main(["games"]) == 0
    assert "six-tricks     Six tricks: 2 players, 24 cards." in capsys.readouterr().out
    assert main(["deal", "six-tricks", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Six tricks deal st-") and "are trumps" in out and "elder to move" in out
    game = load("six-tricks")
    deal = Session(game, seed=5, seats={"elder": COMPUTER, "younger": COMPUTER})
    assert deal.is_over and len(deal.log) == 12 and deal.state.outcome().reason
    match = Session(game, seed=5, match=True, seats={"north": COMPUTER, "south": COMPUTER})
    while match.between_deals:
        match.next_deal()
    out = match.playing.outcome()
    assert match.is_over and out.winner in ("north", "south") and match.playing.standing()[out.winner] >= 12
    reader = Session(game, seed=5)
    first = str(reader.legal_actions()[0])
    reader.act(first)
    assert reader.log[0] == f"Elder: {first}." and reader.undo() and reader.log == []


def test_its_golden_playthrough_is_recorded_by_the_command(registered, tmp_path):
    data = record("six-tricks", 1)
    game, state, got = replay(data)
    assert state.is_over and got == data["transcript"] and len(got) == 12
    assert sum(state.scores().values()) == 6


def test_the_chapter_as_printed_runs_and_says_how_many_lines_the_game_took():
    text = CHAPTER.read_text(encoding="utf-8")
    lines = len(game_cell().rstrip("\n").splitlines())
    said = re.search(r"the game is one file of (\d+) lines", text)
    assert said and int(said.group(1)) == lines
    assert lines <= 200
    kernel = sys.modules["engine_chapter"] = types.ModuleType("engine_chapter")  # one namespace, as in a notebook
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            for cell in cells():
                exec(compile(cell, str(CHAPTER), "exec"), kernel.__dict__)
    finally:
        del sys.modules["engine_chapter"]
        if "six-tricks" in GAMES:
            unregister("six-tricks")
    out = printed.getvalue()
    assert "refused: younger does not hold" in out
    assert "every promise kept" in out and "Six tricks deal st-" in out and "the match is won" in out


def test_registered_it_plays_whole_matches_in_the_table_panel_with_no_panel_code(registered):
    """The one table panel draws any game from its typed seat view: the chapter's game, which
    has no panel code of its own, plays a whole match by clicks, two seats round the table."""
    import random

    from tutor.widgets.table import TablePanel

    p = TablePanel("six-tricks", seed=2)
    rng = random.Random(1)
    for _ in range(500):
        s = p.session
        if s.is_over:
            break
        if s.between_deals:
            p.next_button.click()
            continue
        cards = [b for b in p.hand_row.children if not b.disabled]
        assert cards, p.prompt.value
        rng.choice(cards).click()
        assert "tutor-error" not in p.message.value, p.message.value
    assert p.session.is_over and len(p.session.match.records) >= 1
    assert len(p.session.state.table) == 2 and "tutor-table" in p.board.value
