"""The book's "A deal played well" chapters outside Sixty-Six: each tells, from the deal it names,
a complete deal played by the strong computer against the beginner computer, every action in
order, every trick, the final scores the engine reckons, and the review's comments where the
beginner's side went wrong.

The seed each chapter uses is read from the chapter itself, so the test checks the deal the page
shows."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from tutor.games import load
from tutor.review import _plain, narrated_deal

BOOK = Path(__file__).resolve().parent.parent / "book"

#: the chapters, and the registry entry each one tells
CHAPTERS = {
    "piquet": "piquet",
    "counterpique": "counterpique",
    "truc": "truc",
    "marjapussi": "marjapussi",
    "bondtolva": "bondtolva4",
    "gaigel": "gaigel",
    "gaigel3": "gaigel3",
}


def chapter_deal(part: str) -> tuple[str, int]:
    """The game and the seed the chapter's narrated deal is made from, as the page says them."""
    text = (BOOK / part / "a-deal-played-well.md").read_text(encoding="utf-8")
    cell = next(c for c in re.findall(r"```\{code-cell\}[^\n]*\n(.*?)```", text, re.S) if "narrated_deal(" in c)
    name = re.search(r'load\("(\w+)"\)', cell)
    seed = re.search(r"narrated_deal\((?:\w+|load\(\"\w+\"\)), (\d+), against=\"beginner\"\)", cell)
    assert name is not None and seed is not None, f"{part}: no narrated_deal(game, seed) in the chapter"
    panel = re.search(r'TablePanel\("(\w+)", seed=told\.position\.code\)', text)
    assert panel is not None and panel.group(1) == name.group(1), f"{part}: the panel plays another game"
    return name.group(1), int(seed.group(1))


def same(action: object, move: str) -> bool:
    """The legal action is the move made (the cards of a discard named in any order)."""
    x, y = str(action).split(), move.split()
    return x[:1] == y[:1] and sorted(x[1:]) == sorted(y[1:])


@functools.cache
def told(part: str):
    name, seed = chapter_deal(part)
    return narrated_deal(load(name), seed, against="beginner")


def test_every_chapter_is_in_the_books_contents():
    index = (BOOK / "index.md").read_text(encoding="utf-8")
    for part in CHAPTERS:
        assert f"\n{part}/a-deal-played-well\n" in index


@pytest.mark.parametrize("part", sorted(CHAPTERS))
def test_the_chapter_tells_its_game(part):
    assert chapter_deal(part)[0] == CHAPTERS[part]


@pytest.mark.parametrize("part", sorted(CHAPTERS))
def test_the_chapters_deal_is_told_whole_and_in_order(part):
    deal = told(part)
    game = deal.game
    state = game.deal(code=deal.position.code)
    text = deal.text()
    at = 0
    for move in deal.position.moves:  # every action, in the order made, in the table's words
        seat = state.turn
        action = next(a for a in state.legal_actions() if same(a, move))
        said = _plain(game.describe_action(state, seat, action)).rstrip(".")
        said = said[:1].upper() + said[1:]
        found = text.find(said, at)
        assert found >= 0, f"{part}: move {move!r} ({said!r}) is not told after what came before it"
        at = found + len(said)
        state.apply(action)
    assert state.is_over
    # every trick told, with who took it
    tricks = state.table_parts(state.table.seats[0]).tricks_played
    assert tricks > 0 and text.count(" takes the trick (") == tricks
    # the final scores the story reaches are the engine's
    assert dict(deal.scores) == state.scores() and deal.outcome == state.outcome().reason
    assert "Deal over" in text and deal.outcome in text
    made: dict[str, int] = {}
    table = state.table
    # a score line names a seat, or a side in words ("Forehand and third +2: ..."): read back as its key
    keys = {seat.name: seat.name for seat in table.seats}
    if table.partnerships:
        keys |= {table.side_words(i): table.side_name(i) for i in range(len(table.side_names))}
    for paragraph in deal.paragraphs:
        for line in paragraph:
            score = re.match(r"([A-Z][\w -]*?) ([+-]\d+): ", line)
            if score:
                key = keys[score.group(1).lower()]
                made[key] = made.get(key, 0) + int(score.group(2))
    assert {k: v for k, v in state.scores().items() if v} == {k: v for k, v in made.items() if v}


@pytest.mark.parametrize("part", sorted(CHAPTERS))
def test_the_chapters_panel_deals_the_same_deal(part):
    from tutor.widgets.table import TablePanel

    deal = told(part)
    panel = TablePanel(CHAPTERS[part], seed=deal.position.code)
    assert panel.session.state.code == deal.position.code


#: who the strong computer plays in each chapter, as its page says it
STRONG = {
    "piquet": ("elder",),
    "counterpique": ("non-dealer",),
    "truc": ("elder",),
    "marjapussi": ("forehand", "third"),
    "bondtolva": ("elder", "third"),
    "gaigel": ("vorhand", "third"),
    "gaigel3": ("vorhand",),
}


@pytest.mark.parametrize("part", sorted(CHAPTERS))
def test_the_chapters_beginner_side_loses_and_the_review_says_where_it_went_wrong(part):
    """The strong computer holds the seats the page names, the beginner computer the others; the
    beginner's side loses, and the review flags at least one of its choices that cost points, each
    told where it was made, naming the seat and its computer."""
    deal = told(part)
    assert deal.strong == STRONG[part]
    page = " ".join((BOOK / part / "a-deal-played-well.md").read_text(encoding="utf-8").split())
    assert "the beginner computer (the rules-of-thumb player the table also offers)" in page
    seats = deal.game.deal(code=deal.position.code).table.names
    beginner = [s for s in seats if s not in deal.strong]
    opening = " ".join(deal.paragraphs[0])
    assert f"The strong computer plays {' and '.join(deal.strong)}; the beginner computer" in opening
    assert f"plays {' and '.join(beginner)}." in opening
    assert deal.review is not None and set(deal.review.seats) <= set(beginner)
    assert deal.winner is not None and set(deal.review.seats) == set(beginner) - {deal.winner}
    mistakes = deal.review.mistakes
    assert mistakes and all(d.cost > 0 and d.seat in beginner for d in mistakes)
    text = deal.text()
    assert sum(text.count(f"Here {s} (the beginner computer) went wrong: the strong player would have chosen ")
               for s in beginner) == len(mistakes)
