"""Teaching with the live book, in JupyterLite: a practice answer is kept in the reader's browser
across a page reload, and handed in as a file; the projector view puts the panel alone on the
screen with larger cards; a static page links each panel's own deal live. (A link to a position,
opened itself or through a static page, is tested for every game in test_play_live.py.)"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tutor.widgets.desk import linked_deal
from tutor.widgets.table import TablePanel

from .lite import wait_for_kernel


def _open(page: Page, site_url: str, link: str) -> None:
    page.goto(f"{site_url}/{link}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    wait_for_kernel(page, lambda: page.goto(f"{site_url}/{link}"))


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
    wait_for_kernel(page, page.reload)
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
