"""Teaching with the live book, in JupyterLite: a position link opens the chapter with its panel on
that position (the deal's code in the box, the reader's cards as the engine has them after the
moves made, the same moves in the panel's own link); a static page given a link forwards to the
live chapter; a practice
answer is kept in the reader's browser across a page reload; the projector view puts the panel
alone on the screen with larger cards."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tutor.widgets.desk import deal_link, linked_deal
from tutor.widgets.table import TablePanel


def _open(page: Page, site_url: str, link: str) -> None:
    page.goto(f"{site_url}/{link}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.get_by_text("Python (Pyodide) | Idle").wait_for(timeout=180_000)


def _engine_hand(panel) -> str:
    row = panel.hand_row if hasattr(panel, "hand_row") else panel.cards
    return " ".join(str(b.card) for b in row.children)


def _reader_moves(panel, n: int) -> None:
    """``n`` moves of the reader's, made as clicks make them (the computer answering each)."""
    s = panel.session
    for _ in range(n):
        assert s.reader_to_move
        panel.guard(s.act)(s.legal_actions()[-1])


def _piquet_position():
    panel = TablePanel("piquet", seed=4242)
    _reader_moves(panel, 2)  # the reader's exchange and his first declaration, the computer's moves between
    return panel


def _sixtysix_second_deal():
    panel = TablePanel("sixtysix", seed=271828)
    panel.guard(panel.session.play_for_reader)()
    panel.guard(panel.next_deal)()  # deal 2 of the match: its code, not the match's seed
    while not panel.session.reader_to_move:  # pragma: no cover - the reader leads or answers at once
        panel.guard(panel.session.play_for_reader)()
    _reader_moves(panel, 2)
    return panel


def _check_position(page: Page, expected, kind: str) -> None:
    """The live panel of ``kind`` shows ``expected``'s position: its code in the box, the reader's
    cards, no error, and its bar links the same position (the same moves made)."""
    pos = expected.session.position
    bar = page.locator(".tutor-bar", has=page.locator("code", has_text=pos.code)).first
    expect(bar).to_be_visible(timeout=120_000)
    panel = page.locator(".widget-vbox", has=bar).last
    expect(panel.locator(".widget-text input").first).to_have_value(pos.code, timeout=30_000)
    expect(panel.locator(".tutor-cards").first).to_have_attribute("data-cards", _engine_hand(expected), timeout=30_000)
    expect(bar.locator(".tutor-deal-moves")).to_have_text(f", {len(pos.moves)} moves made", timeout=30_000)
    assert not panel.locator(".tutor-error").count()
    href = bar.locator("a.tutor-deal-link").get_attribute("href") or ""
    assert linked_deal(href, kind) == pos, href


def test_a_position_link_opens_piquet_live_on_that_position(page, site_url):
    expected = _piquet_position()
    pos = expected.session.position
    assert len(pos.moves) >= 3  # the reader's and the computer's
    link = deal_link("piquet/play", expected.link_kind(), pos.code, moves=pos.moves)
    _open(page, site_url, link)
    _check_position(page, expected, expected.link_kind())
    assert page.traffic.external == []


def test_a_static_page_forwards_a_position_link_to_the_live_match_panel(page, site_url):
    # the static page cannot run Python: given a link, it forwards the reader to the live chapter
    # on the same position; here the second deal of a Sixty-Six match, with moves made in it
    expected = _sixtysix_second_deal()
    pos = expected.session.position
    assert pos.dealer and pos.code != TablePanel("sixtysix", seed=271828).session.state.code
    link = deal_link("sixtysix/rules", expected.link_kind(), pos.code, moves=pos.moves, dealer=pos.dealer)
    query = link.split("?", 1)[1]
    page.goto(f"{site_url}/sixtysix/rules.html?{query}")
    page.wait_for_url(re.compile(r".*/lite/lab/index\.html\?path=sixtysix/rules\.ipynb&.*"), timeout=30_000)
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.get_by_text("Python (Pyodide) | Idle").wait_for(timeout=180_000)
    _check_position(page, expected, expected.link_kind())
    assert page.traffic.external == []


def test_a_practice_answer_is_kept_in_the_browser_across_a_reload(page, site_url):
    _open(page, site_url, "lite/lab/index.html?path=piquet/declarations.ipynb")
    panel = page.locator(".widget-vbox", has=page.locator(".widget-button", has_text="I have none")).last
    expect(panel.locator(".tutor-bar")).to_be_visible(timeout=120_000)
    expect(panel.locator(".tutor-progress")).to_have_text("", timeout=10_000)
    panel.locator(".widget-button", has_text="I have none").click()
    progress = panel.locator(".tutor-progress")
    expect(progress).to_contain_text(" of 1 right", timeout=30_000)
    said = progress.inner_text()
    assert said.startswith("Piquet: declarations: ")
    page.reload()
    page.get_by_text("Python (Pyodide) | Idle").wait_for(timeout=180_000)
    panel = page.locator(".widget-vbox", has=page.locator(".widget-button", has_text="I have none")).last
    expect(panel.locator(".tutor-progress")).to_have_text(said, timeout=120_000)
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('tutor-progress'))")
    assert len(kept) == 1 and kept[0]["game"] == "piquet" and kept[0]["kind"] == "declarations"
    # the file a student hands in: the same records, downloaded
    with page.expect_download() as got:
        panel.locator("button.tutor-save").click()
    import json

    assert json.loads(open(got.value.path(), encoding="utf-8").read()) == kept
    # the projector view: the panel alone on the screen, its cards drawn larger
    width = panel.locator(".tutor-card-button svg").first.bounding_box()["width"]
    panel.locator("button.tutor-big").click()
    box = panel.bounding_box()
    assert box["x"] <= 1 and box["width"] >= 1270
    assert panel.locator(".tutor-card-button svg").first.bounding_box()["width"] >= 1.8 * width
    assert page.traffic.external == []


def test_a_static_page_links_each_panel_s_own_deal_live(page, site_url):
    # with no link asked, the static page stays, and its bar links the deal on show (its code)
    page.goto(f"{site_url}/sixtysix/rules.html")
    shown = TablePanel("sixtysix", seed=1).session.position
    own = page.locator("a.tutor-deal-link").first
    expect(own).to_be_visible(timeout=30_000)
    href = own.get_attribute("href") or ""
    assert "/lite/lab/index.html?path=sixtysix/rules.ipynb&panel=table.TablePanel&" in href, href
    assert linked_deal(href, "table.TablePanel") == shown, href
    assert page.url.endswith("/sixtysix/rules.html")
    assert page.traffic.external == []
