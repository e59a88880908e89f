"""A chapter with exercises opened live in the built JupyterLite: its answer key is folded until
the reader opens it, and its prose shows the values the static page shows, never MyST markup."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .lite import open_live

# chapters whose key was an admonition with a glued value in it, and a sentence of that key
KEYS = {
    "schnapsen/rules": "His opponent: in Schnapsen the deal alternates, whoever wins.",
    "oldmariage/closing": "Three game points: he had taken no trick when you closed.",
}


def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("chapter", sorted(KEYS))
def test_the_key_is_folded_live_and_no_markup_shows(page, site_url, chapter):
    page.goto(f"{site_url}/{chapter}.html")
    static_values = [v.strip() for v in page.locator(".pasted-text").all_text_contents()]
    assert static_values, f"{chapter} glues no value into its prose"
    open_live(page, site_url, chapter)

    rendered = page.locator(".jp-MarkdownCell .jp-RenderedMarkdown")
    expect(rendered.first).to_be_attached()
    shown = _words(" ".join(rendered.all_text_contents()))
    for marker in ("{glue", "{admonition}", "{doc}", "```{", ":class:"):
        assert marker not in shown, f"{chapter} shows {marker!r} live"
    # every value the static page shows is in the live text too
    for value in static_values:
        assert _words(value) in shown, f"{chapter}: {value!r} (static page) is not shown live"

    key = page.locator(".jp-RenderedMarkdown details", has=page.locator("summary", has_text="Solutions"))
    expect(key).to_have_count(1)
    answer = key.get_by_text(KEYS[chapter])
    expect(answer).to_be_hidden()
    key.locator("summary").click()
    expect(answer).to_be_visible()
    assert page.traffic.external == []
