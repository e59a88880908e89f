"""Printing the book for a class, as a teacher would from the static pages: Chromium prints a
chapter and an exercise set to PDF, and the pages are rendered (pypdfium2) and read. On paper
there is no code, no button or box that only works on a screen, the cards are drawn large enough
to read, and the answers (a chapter's solutions, an exercise set's key) start pages of their own.
Also the progress a reader's browser keeps: this week's answers and all of them, and clearing
one game's answers, asked first, leaving the other games' alone."""

from __future__ import annotations

import datetime as dt
import json

import pypdfium2 as pdfium  # the dev extra
from playwright.sync_api import Page, expect

from tutor.exercises import make_set
from tutor.games import load

#: what only a screen can use, which a printed page must not show
SCREEN_ONLY = ("from tutor", "import ", "Projector view", "Download my progress", "This panel is a picture",
               "Show code cell", "Deal ")


def _pdf(page: Page, tmp_path, url: str) -> list[str]:
    """The page at ``url`` printed (A4): the text of each printed page, after checking every page
    has something drawn on it."""
    page.goto(url)
    page.wait_for_load_state("networkidle")
    out = tmp_path / "printed.pdf"
    page.pdf(path=str(out), format="A4", print_background=False)
    doc = pdfium.PdfDocument(str(out))
    for i in range(len(doc)):
        img = doc[i].render(scale=0.4).to_pil().convert("L")
        ink = sum(1 for p in img.tobytes() if p < 200) / (img.width * img.height)
        assert ink > 0.0005, f"printed page {i + 1} of {url} is blank"
    return [doc[i].get_textpage().get_text_range().replace("\r\n", "\n") for i in range(len(doc))]


def test_a_chapter_prints_without_code_or_controls_with_its_solutions_on_a_page_of_their_own(page, site_url, tmp_path):
    url = f"{site_url}/sixtysix/rules.html"
    pages = _pdf(page, tmp_path, url)
    whole = "\n".join(pages)
    for screen in SCREEN_ONLY:
        assert screen not in whole, f"the printed chapter shows {screen!r}"
    # the solutions start a page, after the page with the questions, and are printed open
    starts = [i for i, t in enumerate(pages) if "Solutions" in t and "ace 11, ten 10, king 4, queen 3, jack 2" in t]
    assert len(starts) == 1, [t[:60] for t in pages]
    asked = next(i for i, t in enumerate(pages) if "How many card points are there in the pack" in t)
    assert asked < starts[0] and "Exercises" not in pages[starts[0]]
    # on paper, the panels' cards are drawn at 22 mm (83 CSS px) and their buttons are gone
    page.emulate_media(media="print")
    card = page.locator("svg.tutor-card, .tutor-card-button svg").first
    assert card.bounding_box()["width"] >= 80
    assert page.locator(".widget-button:not(.tutor-card-button):visible").count() == 0
    assert page.locator(".cell_input:visible").count() == 0
    page.emulate_media(media="screen")
    assert page.locator(".cell_input:visible").count() > 0  # on the screen the code is there


def test_an_exercise_set_prints_its_key_on_pages_of_its_own(page, site_url, tmp_path):
    ex = make_set(load("sixtysix"), "tricks", count=3, seed=21)  # the set on the page
    pages = _pdf(page, tmp_path, f"{site_url}/exercises/sixtysix.html")
    whole = "\n".join(pages)
    for screen in SCREEN_ONLY:
        assert screen not in whole, f"the printed exercise set shows {screen!r}"
    key = [i for i, t in enumerate(pages) if t.lstrip().startswith(f"Key to set {ex.code}")]
    assert len(key) == 1, [t[:60] for t in pages]
    flat = [" ".join(t.split()) for t in pages]
    asked = [next(i for i, t in enumerate(flat) if q.prompt[:70] in t) for q in ex.questions]
    assert max(asked) < key[0]  # the questions come first, on pages without the key
    assert ex.questions[-1].answer in " ".join(pages[key[0]:]).replace("\n", " ")


def _record(game: str, kind: str, right: bool, days_ago: int) -> dict:
    at = dt.datetime.now(dt.UTC) - dt.timedelta(days=days_ago)
    return {"game": game, "kind": kind, "question": "a question", "right": right, "at": at.isoformat()}


def test_progress_sums_up_this_week_and_all_and_clears_one_game_when_asked(page, site_url):
    # answers of today, and of five weeks ago: this week's first, then all of them
    kept = [_record("piquet", "declarations", True, 0), _record("piquet", "declarations", False, 0),
            _record("piquet", "declarations", True, 35), _record("piquet", "answers to calls", True, 35),
            _record("bezique", "best declaration", True, 0)]  # fmt: skip
    page.goto(f"{site_url}/piquet/declarations.html")
    page.evaluate("(kept) => localStorage.setItem('tutor-progress', JSON.stringify(kept))", kept)
    page.reload()
    bar = page.locator(".tutor-bar", has=page.locator(".tutor-progress", has_text="Piquet")).first
    progress = bar.locator(".tutor-progress")
    expect(progress).to_have_text(
        "Piquet: declarations: 1 of 2 right this week, 2 of 3 in all; "
        "answers to calls: none this week, 1 of 1 right in all (kept in this browser)", timeout=30_000)
    # clearing asks first; keeping them changes nothing
    bar.locator("button.tutor-clear").click()
    expect(bar.locator(".tutor-clear-ask")).to_contain_text("Clear the 4 answers to Piquet kept in this browser?")
    bar.locator("button.tutor-clear-no").click()
    expect(bar.locator(".tutor-clear-ask")).to_be_hidden()
    assert json.loads(page.evaluate("() => localStorage.getItem('tutor-progress')")) == kept
    # clearing them clears Piquet's answers only
    bar.locator("button.tutor-clear").click()
    bar.locator("button.tutor-clear-yes").click()
    expect(progress).to_have_text("Cleared: no answer to Piquet is kept in this browser now")
    assert json.loads(page.evaluate("() => localStorage.getItem('tutor-progress')")) == kept[-1:]
    expect(bar.locator("button.tutor-clear")).to_be_hidden()
    assert page.traffic.external == []
