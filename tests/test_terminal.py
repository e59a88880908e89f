"""The terminal table (``tutor play``): every game played through it as a reader types, whole deals
and a whole match, numbers and notation, a refused move, undo, hints, the score explained and
the review; the command's bad arguments each get one line and exit code 2."""

from __future__ import annotations

import io
import random
import re

import pytest

from tutor.cli import main
from tutor.games import GAMES, load
from tutor.table import table_session
from tutor.terminal import MANY, Terminal

CITES = re.compile(r"\((pagat|Parlett|Cavendish|Hoyle|Foster|David Parlett|the |[A-Z])")


class Reader:
    """A reader at the terminal who plays at random: a listed choice's number or its notation
    (both ways), Enter between deals, and ``script`` words first."""

    def __init__(self, session, seed: int, script=(), deals: int = 1, limit: int = 3000):
        self.session, self.rng = session, random.Random(seed)
        self.script = list(script)
        self.deals, self.limit = deals, limit
        self.numbers = self.typed = 0

    def __call__(self, prompt: str) -> str | None:
        s = self.session
        self.limit -= 1
        assert self.limit > 0, "the terminal never came to an end"
        if self.script:
            return self.script.pop(0)
        if s.is_over:
            return "quit"
        if s.between_deals:
            self.deals -= 1
            return "" if self.deals > 0 else "quit"
        legal = [str(a) for a in s.legal_actions()]
        action = self.rng.choice(legal)
        numbered = [c.notation for c in self.terminal._numbered]
        if action in numbered and self.rng.random() < 0.5:
            self.numbers += 1
            return str(numbered.index(action) + 1)
        self.typed += 1
        return action


def terminal(name: str, seed: int, **kw):
    said: list[str] = []
    session = table_session(load(name), seed=seed)
    reader = Reader(session, seed, **kw)
    t = Terminal(session, reader, said.append)
    reader.terminal = t
    return t, reader, said


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_reader_plays_two_deals_of_every_game_at_the_terminal(name):
    t, reader, said = terminal(name, seed=11, deals=2)
    assert t.run() == 0
    s = t.session
    text = "\n".join(said)
    assert len(s.match.records) == 2 or s.is_over, text[-800:]  # two deals played, unless the first ended the match
    assert text.count("Deal over") == len(s.match.records) >= 1
    assert reader.numbers + reader.typed > 3 and reader.typed > 0
    # every line the table heard was written, in order, once
    log = [line for line in s.log]
    assert [line for line in said if line in log][-len(log):] == log
    assert not any(line.startswith("Not done") for line in said), [line for line in said if line.startswith("Not done")]


def test_a_whole_match_then_a_new_one():
    t, reader, said = terminal("schnapsen", seed=4, deals=99)
    reader.script = []
    first = t.session.match
    reader_calls = []

    def read(prompt):
        reader_calls.append(prompt)
        if t.session.is_over and t.session.match is first:
            return "new"
        if t.session.match is not first:
            return "quit"
        return reader(prompt)

    t.read = read
    assert t.run() == 0
    assert first.is_over and t.session.match is not first and not t.session.match.records
    out = str(first.outcome())
    assert out + "." in said and "The match is over: review, new or quit > " in reader_calls
    assert any(line.startswith("A new match, seed ") for line in said)


def test_a_refused_move_is_told_in_the_rules_words_and_changes_nothing():
    t, reader, said = terminal("schnapsen", seed=3, script=["close", "exchange JS", "99", "play", "quit"])
    assert t.run() == 0
    s = t.session
    refusals = [line for line in said if line.startswith("Not done: ")]
    assert len(refusals) == 3, said
    closed, number, bare = refusals
    assert "closed" in closed and "pagat" in closed, closed  # the exchange after a close: the rule, with its source
    assert "no choice '99'" in number and "choose 1 to 5" in number, number
    assert str(s.position.moves[-1]) == "close" and len(s.position.moves) == 1  # nothing after the close was done


def test_odd_input_at_the_prompt_is_refused_by_name_and_changes_nothing():
    junk = ["²", "１", "9" * 5000, "0", "play K\u212aS", "\x00", "declare", "level", "x" * 10_000]
    t, reader, said = terminal("sixtysix", seed=8, script=[*junk, "quit"])
    start = t.session.position
    assert t.run() == 0
    refusals = [line for line in said if line.startswith("Not done: ")]
    assert len(refusals) == len(junk), said
    assert t.session.position == start
    assert all(len(line) < 600 for line in refusals), max(map(len, refusals))
    assert "²" in refusals[0] and "１" in refusals[1] and "there is no choice" in refusals[2] and "KELVIN SIGN" in refusals[4]


def test_undo_takes_the_move_back_and_the_table_is_drawn_again():
    t, reader, said = terminal("sixtysix", seed=5, script=["undo", "1", "undo", "quit"])
    start = t.session.position
    assert t.run() == 0
    assert said.count("Nothing to take back: you have not moved yet.") == 1
    assert said.count("Took back your last move.") == 1
    assert t.session.position == start
    tables = [i for i, line in enumerate(said) if line.startswith("-- Sixty-Six")]
    assert len(tables) == 3 and tables[-1] > said.index("Took back your last move.")


def test_hint_score_and_level_answer_in_words():
    t, reader, said = terminal("bezique", seed=2, script=["hint", "score", "level strong", "level godlike", "help", "quit"])
    assert t.run() == 0
    s = t.session
    hint = next(line for line in said if line.startswith("The computer would "))
    assert hint[len("The computer would "):-1] in [str(a) for a in s.legal_actions()]
    assert any("turns up" in line or "Nothing is scored yet." == line for line in said)
    assert "The computer plays at the strong level from its next move." in said and t.level == "strong"
    assert "Not done: no computer level godlike: choose beginner or strong" in said
    assert any(line.startswith("Answer with a choice's number") for line in said)
    assert type(s.bot).__name__ == type(load("bezique").strong_bot()).__name__


def test_a_kind_with_very_many_choices_is_shown_by_examples_and_typed():
    t, reader, said = terminal("piquet", seed=5, script=["quit"])
    assert t.run() == 0
    listed = len(t.session.legal_actions())
    assert listed > MANY
    line = next(x for x in said if "ways; type one" in x)
    assert f"{listed} ways" in line and not t._numbered


def test_the_review_of_a_deal_once_it_is_over():
    t, reader, said = terminal("schnapsen", seed=6, deals=2)
    asked: list[str] = []

    def read(prompt):
        s = t.session
        if not asked:
            asked.append("too soon")
            return "review"  # refused: the deal is not over
        if s.between_deals and len(asked) == 1:
            asked.append("over")
            return "review"
        if len(asked) == 2:
            return "quit"
        return reader(prompt)

    t.read = read
    assert t.run() == 0
    assert "Not done: the deal is not over yet: review it once it ends" in said
    at = said.index("Weighing your decisions (this takes a few seconds)...")
    review = said[at + 1]
    assert review and ("cost" in review or "no decision" in review.lower() or "best" in review), review[:400]


def test_retry_plays_on_from_just_before_a_reviewed_decision():
    t, reader, said = terminal("schnapsen", seed=6, deals=9)
    after_deal = ["retry 1", "review", "retry 99", "retry 1", "quit"]  # too soon; the review; no such decision; retry
    before = []  # the match's totals before the deal reviewed (the second: not nought)

    def read(prompt):
        if len(after_deal) < 5 or (t.session.between_deals and len(t.session.playing.records) >= 2):
            if after_deal[0] == "review":
                before.append(t.session.playing.standing_before_deal())
            return after_deal.pop(0)
        return reader(prompt)

    t.read = read
    assert t.run() == 0 and not after_deal
    assert "Not done: review a deal first, then retry one of its decisions" in said
    assert any(line.startswith("Not done: there is no decision '99' in the review: choose 1 to ") for line in said)
    first = t._reviewed[0]
    s = t.session
    assert s.position == first.position and s.reader_to_move and not s.between_deals
    assert any(before[0].values()) and s.playing.standing_before_deal() == before[0]  # the match as it stood then
    told = said.index(next(x for x in said if x.startswith("Playing on from ")))
    assert said[told] == (f"Playing on from {first.where}: the position before your {first.chosen.action} "
                          f"(the strong player chose {first.best.action}).")
    assert said[told + 1].startswith("-- Schnapsen")  # the table as it was then


def test_the_command_plays_from_standard_input(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nscore\n"))
    assert main(["play", "schnapsen", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Match seed 3 (tutor play schnapsen --seed 3 plays it again).")
    assert "Deal 1: second deals, first leads; spades are trumps." in out and out.rstrip().endswith("Stopped.")
    # the same seed, the same match: the first table alike
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "schnapsen", "--seed", "3"]) == 0
    again = capsys.readouterr().out
    assert again.split("> ")[0] == out.split("> ")[0]
    assert main(["play", "truc", "--seed", "my lesson"]) == 0  # a seed of words, quoted to be typed again
    assert capsys.readouterr().out.startswith("Match seed my lesson (tutor play truc --seed 'my lesson' plays it again).")


def test_a_match_started_from_a_deal_code_deals_that_deal_first(monkeypatch, capsys):
    code = load("sixtysix").deal(seed=9).code
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "sixtysix", "--code", code, "--as", "second", "--level", "strong"]) == 0
    out = capsys.readouterr().out
    assert "(strong); you are second" in out
    s = table_session(load("sixtysix"), None, readers=("second",), code=code)
    assert s.state.code == code


@pytest.mark.parametrize("argv, token", [
    (["play", "schnapsen", "--level", "godlike"], "godlike"),
    (["play", "schnapsen", "--seed", ""], "--seed"),
    (["play", "schnapsen", "--seed", "１０"], "１"),
    (["play", "schnapsen", "--seed", "1" * 5000], "5,000 digits"),
    (["play", "schnapsen", "--as", "nobody"], "nobody"),
    (["play", "schnapsen", "--code", "ss-garbage!"], "ss-garbage"),
    (["play", "schnapsen", "--code", "ss-AdYWZM1y23ceU", "--seed", "2"], "--code"),
    (["play", "nosuchgame"], "nosuchgame"),
    (["play", "schnapsen", "--option", "nonsense"], "nonsense"),
])
def test_bad_arguments_get_one_line_and_exit_2(monkeypatch, capsys, argv, token):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(argv) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert err.startswith("tutor: error: ") and "\n" not in err and len(err) < 400, err
    assert token in err, err
    assert "Match seed" not in captured.out  # refused before anything was dealt
