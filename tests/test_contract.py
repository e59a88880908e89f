"""The game contract, checked over every registered game: a new game is tested the moment it is
registered (after OpenSpiel's ``api_test``).

Random complete deals and matches: cards conserved, every deal and match ends, every total equals
the sum of its explained steps, every listed action is accepted and its notation reads back,
refused actions name a source and leave the state exactly as it was, deal codes round-trip, the
same seed gives the same deal, the history replays to the same state, ``view(seat)`` never shows a
card hidden from that seat, sessions play and undo, and the command line's verbs run.
"""

from __future__ import annotations

import random
import re

import pytest

from tutor.games import GAMES, load
from tutor.games.checks import check_game, check_state, play_out

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
    """Codes round-trip, seeds repeat, histories replay, notation reads back, refusals name a
    source, and every state on the way keeps the contract; a whole match ends with its totals the
    sums of its deals; sessions with the computer at every seat play a deal and a match out, a
    reader's undo is exact; ``tutor deal`` and ``tutor replay`` run (see tutor.games.checks)."""
    summary = check_game(load(name), deals=6, seed=0, check_every=3)
    assert summary["deals"] == 6 and summary["actions"] > 6
    assert summary["refusals"] > 20, "hardly any action was tried where it is not allowed"
    assert summary["match_deals"] >= 1 and summary["sessions"] == 3 and summary["cli"] == 4


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


# -- the checks themselves can fail ----------------------------------------------------------------


def _broken_truc(state_attrs=None, game_attrs=None, match_attrs=None):
    """Le Truc with one promise broken: its state, game or match class given other attributes."""
    from tutor.games.truc import Truc

    base = load("truc")
    state_cls = type(base.deal(seed=0))
    state_attrs = state_attrs or {}
    broken_state = type("BrokenDeal", (state_cls,), state_attrs) if state_attrs else state_cls
    match_cls = type(base.match(0))
    broken_match = type("BrokenMatch", (match_cls,), match_attrs) if match_attrs else match_cls

    def deal(self, seed=None, code=None):
        s = Truc.deal(self, seed=seed, code=code)
        s.__class__ = broken_state
        return s

    def match(self, seed=0, **kw):
        m = Truc.match(self, seed, **kw)
        m.__class__ = broken_match
        return m

    # the broken game keeps Le Truc's name: it is checked unregistered, as a game before it joins
    game_cls = type("BrokenTruc", (Truc,), {"deal": deal, "match": match, **(game_attrs or {})})
    return game_cls()


def _reads_ask_for_keep(self, action):
    """A parser that reads the notation 'keep' as another action (the action itself passes)."""
    return type(self).__mro__[1].parse_action("ask" if action == "keep" else action)


def _one_point_more(self):
    return {k: v + 1 for k, v in type(self).__mro__[1].standing(self).items()}


def _report_without_hands(self, state, seed=None):
    return {}["hands"]


@pytest.mark.parametrize(("broken", "kw", "words"), [
    ({"state_attrs": {"parse_action": _reads_ask_for_keep}}, {}, "reads back as"),
    ({"state_attrs": {"CITES": re.compile("Hoyle")}}, {}, "refused without naming a source"),
    ({"match_attrs": {"standing": _one_point_more}}, {"sessions": 0, "cli": False}, "but its deals credited"),
    ({"state_attrs": {"view_entry": lambda self, seat, key, default=None: default}}, {}, "is not the view's"),
    ({"match_attrs": {"view_entry": lambda self, seat, key, default=None: self.view(seat).get(key) if key != "match" else None}},
     {"sessions": 0, "cli": False}, "view_entry("),
    ({"game_attrs": {"describe_action": lambda self, state, seat, action: " "}}, {"matches": 0, "cli": False}, "log is not words"),
    ({"game_attrs": {"deal_report": _report_without_hands}}, {"matches": 0, "sessions": 0},
     "tutor deal truc --seed 0/1 raised KeyError"),
])
def test_each_check_of_check_game_can_fail(broken, kw, words, monkeypatch):
    from tutor.games import GAMES
    from tutor.games.checks import ContractBroken

    game = _broken_truc(**broken)
    monkeypatch.setattr("tutor.games.GAMES._games", {k: v for k, v in GAMES.items() if k != "truc"})
    with pytest.raises(ContractBroken) as e:
        check_game(game, deals=2, check_every=1, **kw)
    assert words in str(e.value)
    assert GAMES.get("truc") is None, "a game registered for the command line's check is taken out after it"
