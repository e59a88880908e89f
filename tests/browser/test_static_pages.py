"""The built pages show their widgets from the state saved at build time, with nothing loaded
from outside localhost."""

from __future__ import annotations

import re

from playwright.sync_api import expect

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def test_chapter_shows_its_panel_offline(page, site_url, panel):
    page.goto(f"{site_url}/{panel.chapter}.html")
    expect(page.locator(".widget-button", has_text=panel.button)).to_be_visible(timeout=30_000)
    expect(page.locator(".widget-html-content", has_text=panel.before)).to_be_visible()
    assert page.traffic.external == []
    assert page.traffic.failed == []


def test_every_page_with_widgets_renders_them(page, site_url, site_dir):
    pages = sorted(p for p in site_dir.rglob("*.html") if "lite" not in p.relative_to(site_dir).parts[:1]
                   and WIDGET_VIEW in p.read_text(encoding="utf-8"))  # fmt: skip
    assert pages, "no page of the book holds a widget"
    for html in pages:
        rel = html.relative_to(site_dir).as_posix()
        views = html.read_text(encoding="utf-8").count(WIDGET_VIEW)
        page.goto(f"{site_url}/{rel}")
        # the widget manager renders each saved view into a subarea before its script tag
        rendered = page.locator(".widget-subarea > .jupyter-widgets")
        expect(rendered.first, rel).to_be_visible(timeout=30_000)
        expect(rendered, rel).to_have_count(views)
    assert page.traffic.external == []
    assert page.traffic.failed == []


def test_math_is_typeset_from_the_site(page, site_url, site_dir):
    with_math = [p for p in site_dir.rglob("*.html") if "mathjax/tex-chtml.js" in p.read_text(encoding="utf-8")]
    assert with_math, "no page has math: nothing proves MathJax is served locally"
    page.goto(f"{site_url}/{with_math[0].relative_to(site_dir).as_posix()}")
    expect(page.locator("mjx-container").first).to_be_visible(timeout=30_000)
    assert page.traffic.external == []
    assert page.traffic.failed == []


def test_chapter_links_to_its_live_copies(page, site_url, site_dir, panel):
    page.goto(f"{site_url}/{panel.chapter}.html")
    lite = page.locator("a.tutor-live-lite")
    expect(lite).to_have_attribute("href", re.compile(rf"lite/lab/index\.html\?path={panel.chapter}\.ipynb$"))
    assert (site_dir / "lite" / "files" / f"{panel.chapter}.ipynb").is_file()
    # The project names no repository yet ([project.urls] in pyproject.toml): no Binder link,
    # never one to a placeholder (tests/test_site_safety.py checks the link made from one).
    expect(page.locator("a.tutor-live-binder")).to_have_count(0)


def test_each_panel_on_a_static_page_says_it_is_a_picture_and_links_live(page, site_url, site_dir):
    pages = sorted(p for p in site_dir.rglob("*.html") if "lite" not in p.relative_to(site_dir).parts[:1]
                   and WIDGET_VIEW in p.read_text(encoding="utf-8"))  # fmt: skip
    for html in pages:
        text = html.read_text(encoding="utf-8")
        rel = html.relative_to(site_dir).as_posix()
        assert text.count('class="tutor-static-note"') == text.count(WIDGET_VIEW), rel
        chapter = rel[: -len(".html")]
        assert f"lite/lab/index.html?path={chapter}.ipynb" in text, rel
    page.goto(f"{site_url}/sixtysix/rules.html")
    note = page.locator(".tutor-static-note").first
    expect(note).to_be_visible(timeout=30_000)
    expect(note).to_contain_text("picture")
    expect(note.locator("a.tutor-static-live")).to_have_attribute("href", re.compile(r"lite/lab/index\.html\?path=sixtysix/rules\.ipynb$"))


def test_static_pages_draw_the_cards_as_a_picture_named_for_screen_readers(page, site_url):
    # The card component renders from the saved state with the vendored anywidget, offline; there
    # it is a picture: every card drawn, named in words, none clickable.
    page.goto(f"{site_url}/truc/doubling.html")
    row = page.locator(".tutor-cards.tutor-frozen").first
    expect(row).to_be_visible(timeout=30_000)
    codes = (row.get_attribute("data-cards") or "").split()
    cards = row.locator("button.tutor-card-button")
    assert len(codes) == cards.count() == 3
    for i in range(cards.count()):
        expect(cards.nth(i)).to_be_disabled()
        expect(cards.nth(i)).to_have_attribute("aria-label", re.compile(r"^[a-z]+ of (spades|hearts|diamonds|clubs)$"))
    assert page.traffic.external == [] and page.traffic.failed == []
