"""Teaching with the live book, in JupyterLite: a deal link opens the chapter with its panel on
that deal (its code in the box, the cards of that deal as the engine deals them); a practice
answer is kept in the reader's browser across a page reload; the projector view puts the panel
alone on the screen with larger cards."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tutor.widgets import bezique, piquet, sixtysix
from tutor.widgets.desk import deal_link


def _open(page: Page, site_url: str, link: str) -> None:
    page.goto(f"{site_url}/{link}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.get_by_text("Python (Pyodide) | Idle").wait_for(timeout=180_000)


def _engine_hand(panel) -> str:
    row = panel.hand_row if hasattr(panel, "hand_row") else panel.cards
    return " ".join(str(b.card) for b in row.children)


@pytest.mark.parametrize("chapter, make, code", [
    ("sixtysix/rules", lambda code: sixtysix.PlayPanel(seed=code), "271828"),
    ("piquet/play", lambda code: piquet.PlayPanel(seed=code, seat="elder"), None),
    ("bezique/rules", lambda code: bezique.PlayPanel(seed=code), "1618"),
])
def test_a_deal_link_opens_the_chapter_live_on_that_deal(page, site_url, chapter, make, code):
    if code is None:  # Piquet's link carries the deal's own code, as its box shows it
        code = piquet.Deal.from_seed(4242).code
    expected = make(code)
    link = deal_link(chapter, type(expected).link_kind(), code)
    _open(page, site_url, link)
    bar = page.locator(".tutor-bar", has=page.locator("code", has_text=code)).first
    expect(bar).to_be_visible(timeout=120_000)
    panel = page.locator(".widget-vbox", has=bar).last
    expect(panel.locator(".widget-text input").first).to_have_value(code, timeout=30_000)
    expect(panel.locator(".tutor-cards").first).to_have_attribute("data-cards", _engine_hand(expected), timeout=30_000)
    assert not panel.locator(".tutor-error").count()
    # the panel's own link, shown in the bar, names the same chapter, panel and deal
    href = bar.locator("a.tutor-deal-link").get_attribute("href") or ""
    assert href.endswith(link.split("/lab/index.html", 1)[1]), href
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


def test_a_static_page_sends_a_deal_link_to_the_live_chapter(page, site_url):
    # the static page cannot run Python: given ?deal=, it says so and links to the live chapter on
    # that deal; every bar links its own deal live
    page.goto(f"{site_url}/sixtysix/rules.html?panel=sixtysix.PlayPanel&deal=271828")
    asked = page.locator(".tutor-deal-asked a").first
    expect(asked).to_be_visible(timeout=30_000)
    href = asked.get_attribute("href") or ""
    assert "/lite/lab/index.html?path=sixtysix/rules.ipynb&panel=sixtysix.PlayPanel&deal=271828" in href, href
    own = page.locator("a.tutor-deal-link").first.get_attribute("href") or ""
    assert own.endswith("?path=sixtysix/rules.ipynb&panel=sixtysix.PlayPanel&deal=1"), own
    assert page.traffic.external == []
