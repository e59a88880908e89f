"""The projector view read from the back of a room: at 1920x1080 the table panel's type is at least
32 px and its cards at least 160 px tall, for two, three and four seats, with no place round the
table over another; a page opened with ``?projector=1`` is in the projector view at once (the
button pressed, the panel alone on the screen), on the static site and in the live copy, and one
press of the button leaves it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .lite import SHOWN, wait_for_kernel

SEATS = {2: "sixtysix/rules", 3: "bondtolva3/rules", 4: "bondtolva4/rules"}
MIN_TYPE, MIN_CARD = 32, 160

# every piece of text the panel shows (its own letters, not the drawings'), and every card drawn
_MEASURE = """panel => {
  const texts = [];
  const walk = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || e.closest('svg')) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(e).visibility === 'hidden') continue;
    texts.push([n.textContent.trim().slice(0, 30), parseFloat(getComputedStyle(e).fontSize)]);
  }
  const cards = [...panel.querySelectorAll('svg.tutor-card')].filter(c => c.getBoundingClientRect().width > 0)
    .map(c => [c.dataset.card, c.getBoundingClientRect().height]);
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {texts, cards, places: [...panel.querySelectorAll('.tutor-table > .tutor-place')].map(box)};
}"""


def _overlap(a, b) -> float:
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))


def _measure(panel, label: str) -> None:
    got = panel.evaluate(_MEASURE)
    assert got["texts"] and got["cards"], f"{label}: nothing measured"
    small = [t for t in got["texts"] if t[1] < MIN_TYPE - 0.01]
    assert not small, f"{label}: text under {MIN_TYPE} px: {small[:5]}"
    low = [c for c in got["cards"] if c[1] < MIN_CARD]
    assert not low, f"{label}: cards under {MIN_CARD} px tall: {low[:5]}"
    places = got["places"]
    for i, a in enumerate(places):
        for j, b in enumerate(places[i + 1:], i + 1):
            assert _overlap(a, b) < 1, f"{label}: places {i} and {j} overlap: {a} {b}"


@pytest.mark.parametrize("seats", list(SEATS))
def test_the_projector_view_is_readable_from_the_back_of_a_room(page: Page, site_url, seats, tmp_path):
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{site_url}/{SEATS[seats]}.html")
    panel = page.locator(".widget-vbox.tutor-table-panel").first
    expect(panel.locator(".tutor-table")).to_be_visible(timeout=30_000)
    before = panel.evaluate("p => parseFloat(getComputedStyle(p.querySelector('.tutor-place')).fontSize)")
    assert before < MIN_TYPE  # the page itself keeps its own size: the measure below is the projector's
    panel.locator("button.tutor-big").click()
    expect(panel.locator("button.tutor-big")).to_have_attribute("aria-pressed", "true")
    assert _in_projector(panel)
    assert panel.locator(".tutor-table > .tutor-place").count() == seats + 1
    _measure(panel, f"{seats} seats, projector view")
    page.screenshot(path=str(tmp_path / f"projector-{seats}.png"))
    assert page.traffic.external == []


def _in_projector(panel) -> bool:
    return panel.evaluate("p => p.classList.contains('tutor-projector')")


def test_projector_1_applies_as_a_static_page_loads(page: Page, site_url):
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{site_url}/sixtysix/rules.html?projector=1")
    panel = page.locator(".widget-vbox.tutor-table-panel").first
    big = panel.locator("button.tutor-big")
    expect(big).to_have_attribute("aria-pressed", "true", timeout=30_000)
    page.wait_for_function("() => document.querySelector('.tutor-projector') !== null", timeout=10_000)
    assert _in_projector(panel)
    box = panel.bounding_box()
    assert box is not None and box["x"] <= 1 and box["width"] >= 1880
    _measure(panel, "opened with ?projector=1")
    big.click()  # one press leaves it
    expect(big).to_have_attribute("aria-pressed", "false")
    assert not _in_projector(panel)


def test_projector_1_applies_as_the_live_copy_loads(page: Page, site_url):
    page.set_viewport_size({"width": 1920, "height": 1080})
    url = f"{site_url}/lite/lab/index.html?path=sixtysix/rules.ipynb&projector=1"
    page.goto(url)
    page.wait_for_selector(f"{SHOWN} .jp-Notebook .jp-Cell", timeout=60_000)
    wait_for_kernel(page, lambda: page.goto(url))
    panel = page.locator(f"{SHOWN} .widget-vbox.tutor-table-panel").first
    big = panel.locator("button.tutor-big")
    expect(big).to_have_attribute("aria-pressed", "true", timeout=60_000)
    page.wait_for_function("() => document.querySelector('.tutor-projector') !== null", timeout=30_000)
    assert _in_projector(panel)
    box = panel.bounding_box()
    assert box is not None and box["x"] <= 1 and box["width"] >= 1880
    _measure(panel, "live copy opened with ?projector=1")
    big.click()
    expect(big).to_have_attribute("aria-pressed", "false")
    assert not _in_projector(panel)
