"""The lessons page (book/lessons.md) as a teacher follows it: every `tutor` command it gives runs
and writes what it says, every set code it prints is the code of the set its command makes, every
chapter it names exists, and every family of games has a plan naming kinds its games offer."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.exercises import from_code, kinds_for, parse_code, set_code
from tutor.games import GAMES, load

BOOK = Path(__file__).resolve().parent.parent / "book"
PAGE = (BOOK / "lessons.md").read_text(encoding="utf-8")
COMMANDS = [line.strip() for line in re.findall(r"^\s*(tutor [^\n`]+)$", PAGE, re.M)]
SHEETS = [c for c in COMMANDS if c.startswith("tutor sheet ")]
CODES = re.findall(r"`(ex-[a-z0-9]+-[a-z]+-\d+-\d+-[A-Za-z0-9_-]{2})`", PAGE)


def test_the_page_is_in_the_book_and_the_teaching_chapter_links_it():
    index = (BOOK / "index.md").read_text(encoding="utf-8")
    assert re.search(r"^teaching\nlessons$", index, re.M)
    assert "{doc}`lessons`" in (BOOK / "teaching.md").read_text(encoding="utf-8")
    for title in ("Piquet declarations", "Sixty-Six, closing the stock", "Bondtolva for four at a club evening"):
        assert re.search(rf"^## Lesson \d: {re.escape(title)}", PAGE, re.M), title


def test_every_chapter_named_exists():
    named = re.findall(r"\{doc\}`([^`]+)`", PAGE)
    assert len(named) >= 15
    for doc in named:
        assert (BOOK / f"{doc}.md").is_file(), doc


@pytest.mark.parametrize("command", SHEETS)
def test_each_worksheet_command_writes_its_sheet_and_its_code_is_printed_on_the_page(command, tmp_path, capsys):
    argv = shlex.split(command)[1:]
    out = tmp_path / argv[argv.index("--out") + 1]
    argv[argv.index("--out") + 1] = str(out)
    assert main(argv) == 0, capsys.readouterr().err
    assert out.read_bytes().startswith(b"%PDF")
    game, kind = argv[1], argv[argv.index("--kind") + 1]
    code = set_code(game, kind, int(argv[argv.index("--count") + 1]), int(argv[argv.index("--seed") + 1]))
    assert code in capsys.readouterr().out
    assert code in CODES  # the page prints the code the sheet carries


def test_every_code_on_the_page_makes_a_set():
    assert len(CODES) >= 6
    for code in CODES:
        game, kind, count, _ = parse_code(code)
        assert kind in [k.name for k in kinds_for(load(game))]
        assert len(from_code(code).questions) == count


def test_each_link_command_prints_a_live_address(capsys):
    links = re.findall(r"`(tutor link [a-z0-9]+ --seed \d+)`", PAGE)
    assert len(links) == 3
    for command in links:
        assert main([*shlex.split(command)[1:], "--relative"]) == 0
        assert capsys.readouterr().out.strip().startswith("lite/lab/index.html?path=")


def test_every_family_has_a_plan_and_its_kinds_exist():
    plans = dict(re.findall(r"^\*\*([^*]+)\.\*\* (.+?)(?=^\*\*|\Z)", PAGE.split("## A plan for every family")[1], re.M | re.S))
    titles = " ".join(plans)
    for name in GAMES:  # every game is named in a plan's heading
        title = load(name).title.replace("Tute Habanero", "Tute").replace(" for three", "").replace(" for four", "")
        assert title.split(" (")[0] in titles or title.split()[0] in titles, name
    offered = {k.name for n in GAMES for k in kinds_for(load(n))}
    for text in plans.values():
        for kind in re.findall(r"`([a-z]+)`", text):
            assert kind in offered, kind
