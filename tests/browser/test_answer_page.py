"""Answering a set in the browser (tutor/answer_page.html, tutor/classroom.py): students open the
site's answer page, type the set code and their names, answer by clicking cards, typing numbers
and choosing, and download their result files; ``tutor class collect`` on three such files, one of
them edited, gives the class table and flags the edited one. The same page written into a folder
by ``tutor exercises --answer-page`` works opened from the disk, and in the live copy the page is
shown in a notebook for any set the engine makes."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from playwright.sync_api import Frame, FrameLocator, Page, expect

from tutor import classroom
from tutor.cli import main
from tutor.exercises import ExerciseSet, make_set

from .lite import SHOWN, open_live
from .test_a11y import AXE_RUN, NOT_OURS, PHONE, PHONE_CHECK, WCAG, axe_js  # noqa: F401 - axe_js: a fixture

Where = Page | Frame | FrameLocator


def site_set(game: str, kind: str) -> ExerciseSet:
    return make_set(game, kind, classroom.SITE_COUNT, classroom.SITE_SEED)


def wrong_answer(q, f: classroom.Field) -> str:
    """An answer to field ``f`` of ``q`` that the key does not accept: a number 7 more, another
    choice, or one card more than the key's."""
    if f.kind == "number":
        return str(int(f.accepted[0]) + 7)
    if f.kind == "choice":
        return next(c for c in f.choices if c not in f.accepted)
    row = [str(c) for label, cs in q.cards if label == f.row for c in cs]
    key = set(f.accepted[0].split())
    extra = next(c for c in row if c not in key)
    return " ".join(c for c in row if c in key or c == extra)


def answer(where: Where, ex: ExerciseSet, name: str, wrong: set[int] = frozenset()) -> dict[int, dict[str, str]]:
    """Answer every question of ``ex`` as a student does, with the key's answer, except the
    questions in ``wrong`` (their first field answered otherwise); returns what was given."""
    where.locator("#set:not([hidden])").wait_for(timeout=30_000)
    where.locator("#name").fill(name)
    given: dict[int, dict[str, str]] = {}
    for q in ex.questions:
        box = where.locator(f"section.question[data-question='{q.number}']")
        given[q.number] = {}
        for i, f in enumerate(classroom.fields(ex, q)):
            value = f.accepted[0] if q.number not in wrong or i else wrong_answer(q, f)
            given[q.number][f.id] = value
            if f.kind == "number":
                box.locator(f"input[data-field='{f.id}']").fill(value)
            elif f.kind == "choice":
                box.locator(f"fieldset[data-field='{f.id}'] input[value='{value}']").check()
            else:
                row = box.locator(f".row[data-field='{f.id}']")
                for card in value.split():
                    button = row.locator(f"button.card[data-card=\"{card}\"]")
                    button.click()
                    expect(button).to_have_attribute("aria-pressed", "true")
    return given


def download(page: Page, where: Where, folder: Path) -> Path:
    with page.expect_download() as d:
        where.locator("#download").click()
    path = folder / d.value.suggested_filename
    d.value.save_as(path)
    return path


@pytest.mark.parametrize("game, kind", [("piquet", "declare"), ("piquet", "point"), ("bezique", "melds")])
def test_three_students_answer_on_the_site_and_collect_flags_the_edited_file(page, site_url, site_dir, tmp_path, game, kind):
    ex = site_set(game, kind)
    assert (site_dir / classroom.SETS_DIR / f"{ex.code}.js").is_file()
    files = []
    for name, wrong in (("Ann Lee", set()), ("Bob", {2}), ("Chloé", set())):
        page.goto(f"{site_url}/answer.html")
        page.fill("#code", ex.code)
        page.click("text=Open the set")
        answer(page, ex, name, wrong)
        files.append(download(page, page, tmp_path))
        expect(page.locator("#saved")).to_contain_text(f"{ex.count - len(wrong)} of {ex.count} right")
    data = [json.loads(p.read_text(encoding="utf-8")) for p in files]
    assert [d["name"] for d in data] == ["Ann Lee", "Bob", "Chloé"] and all(d["code"] == ex.code for d in data)
    assert [d["score"] for d in data] == [ex.count, ex.count - 1, ex.count]
    # Chloé's file edited: her answer to question 1 changed, the score left as it was
    edited = data[2]
    first = classroom.fields(ex, ex.questions[0])[0]
    edited["answers"]["1"][first.id] = "999" if first.kind == "number" else "not good" if first.accepted[0] != "not good" else "good"
    files[2].write_text(json.dumps(edited), encoding="utf-8")
    out = tmp_path / "results"
    out.mkdir()
    assert main(["class", "collect", *map(str, files), "--code", ex.code, "--out", str(out)]) == 0
    rows = list(csv.reader(open(out / f"class-{ex.code}.csv", encoding="utf-8")))
    assert [r[1] for r in rows[1:3]] == ["Ann Lee", "Bob"] and rows[1][3] == rows[2][3] == "ok"
    assert rows[1][4:4 + ex.count] == ["right"] * ex.count
    assert rows[2][4:4 + ex.count] == ["right", "wrong"] + ["right"] * (ex.count - 2)
    assert rows[3][0] == files[2].name and "edited: its signature does not match its contents" in rows[3][3]
    assert f"edited: its answers score {ex.count - 1} of {ex.count}, not the {ex.count} it records" in rows[3][3]
    assert page.traffic.external == [] and page.traffic.failed == []


def test_feedback_marks_a_question_and_names_the_rules_the_key_applies(page, site_url):
    ex = site_set("piquet", "score")
    page.goto(f"{site_url}/answer.html?code={ex.code}")
    answer(page, ex, "Ann", wrong={1})
    q1, q2 = (page.locator(f"section.question[data-question='{n}']") for n in (1, 2))
    q1.locator("button.check").click()
    expect(q1.locator(".mark").first).to_have_text("wrong")
    expect(q1.locator(".rules")).to_contain_text("The key applies: ")
    q2.locator("button.check").click()
    expect(q2.locator(".mark")).to_have_text(["right", "right"])
    assert page.traffic.external == [] and page.traffic.failed == []


def test_a_code_the_page_does_not_hold_or_a_damaged_one_is_said_so(page, site_url):
    page.goto(f"{site_url}/answer.html?code=ex-piquet-point-6-99-zz")
    expect(page.locator("#error")).to_contain_text("There is no set ex-piquet-point-6-99-zz on this page")
    page.goto(f"{site_url}/answer.html?code=../index")
    expect(page.locator("#error")).to_contain_text("is not a set code")
    expect(page.locator("#set")).to_be_hidden()


def test_a_folder_written_by_the_command_works_opened_from_the_disk(page, tmp_path, capsys):
    ex = make_set("sixtysix", "tricks", 3, 11)
    folder = tmp_path / "lesson"
    folder.mkdir()
    assert main(["exercises", "--code", ex.code, "--answer-page", str(folder)]) == 0
    capsys.readouterr()
    page.goto((folder / "answer.html").as_uri())
    page.fill("#code", ex.code)
    page.click("text=Open the set")
    answer(page, ex, "Ann", wrong={3})
    path = download(page, page, tmp_path)
    # written without --feedback: no marks while answering, and no score told at the end
    expect(page.locator("button.check")).to_have_count(0)
    expect(page.locator("#saved")).to_have_text(f"Saved {path.name}. Hand this file in.")
    r = classroom.check_result(path, {ex.code: None})
    assert r.flags == [] and r.score == 2 and not r.right(3)


def test_a_student_answers_in_the_live_copy(page, site_url, tmp_path):
    ex = make_set("piquet", "point", 3, 77)  # a set the site does not ship: made by the engine in the browser
    open_live(page, site_url, "teaching")
    page.locator(f"{SHOWN} .jp-Notebook .jp-Cell").last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.type(f"from tutor.classroom import answer_here; answer_here('{ex.code}', feedback=True)")
    page.keyboard.press("Shift+Enter")
    frame = page.frame_locator(f"{SHOWN} iframe.tutor-answer-page").last
    answer(frame, ex, "Ann", wrong={1})
    path = download(page, frame, tmp_path)
    r = classroom.check_result(path, {ex.code: None})
    assert r.flags == [] and r.score == 2 and not r.right(1) and r.name == "Ann"


def test_the_answer_page_passes_axe_and_fits_a_phone_with_a_set_open(browser, site_url, axe_js):  # noqa: F811 - the fixture
    ex = site_set("piquet", "declare")  # cards to click, choices and numbers to type
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    for url in ("answer.html", f"answer.html?code={ex.code}"):
        page.goto(f"{site_url}/{url}")
        if "code=" in url:
            page.locator("#set:not([hidden])").wait_for(timeout=30_000)
        page.add_script_tag(content=axe_js)
        assert page.evaluate(AXE_RUN, [WCAG, NOT_OURS]) == [], url
        got = page.evaluate(PHONE_CHECK)
        assert got["scroll"] <= got["width"] and got["small"] == [], (url, got)
    context.close()
