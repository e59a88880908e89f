"""The one table panel on the built pages, laid out for two, three and four seats: in the page and
in the projector view, on a 1920x1080 screen and on a 390 px wide phone, no place round the table
overlaps another, the score table comes below the table, and nothing runs off the side."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

SEATS = {2: "sixtysix/rules", 3: "bondtolva3/rules", 4: "bondtolva4/rules"}
SCREENS = {"projector": (1920, 1080), "phone": (390, 844)}

_BOXES = """panel => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const table = panel.querySelector('.tutor-table');
  return {
    places: [...panel.querySelectorAll('.tutor-table > .tutor-place')].map(box),
    table: box(table),
    scores: box(panel.querySelector('table.tutor-scores')),
    overflow: panel.scrollWidth - panel.clientWidth,
    width: window.innerWidth,
  };
}"""


def _overlap(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return max(0.0, w) * max(0.0, h)


def _check(page: Page, panel, label: str) -> None:
    got = panel.evaluate(_BOXES)
    places = got["places"]
    for i, a in enumerate(places):
        assert a[2] - a[0] > 40 and a[3] - a[1] > 20, f"{label}: place {i} is squeezed to nothing: {a}"
        assert a[0] >= -1 and a[2] <= got["width"] + 1, f"{label}: place {i} runs off the screen: {a}"
        for j, b in enumerate(places[i + 1:], i + 1):
            assert _overlap(a, b) < 1, f"{label}: places {i} and {j} overlap: {a} {b}"
    assert got["scores"][1] >= got["table"][3] - 1, f"{label}: the score table is drawn over the table"
    assert got["overflow"] <= 1, f"{label}: the panel is {got['overflow']} px wider than its box"


@pytest.mark.parametrize("screen", list(SCREENS))
@pytest.mark.parametrize("seats", list(SEATS))
def test_the_table_is_laid_out_for_every_number_of_seats(page, site_url, seats, screen, tmp_path):
    width, height = SCREENS[screen]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{site_url}/{SEATS[seats]}.html")
    panel = page.locator(".widget-vbox.tutor-table-panel").first
    expect(panel.locator(".tutor-table")).to_be_visible(timeout=30_000)
    assert panel.locator(".tutor-table > .tutor-place").count() == seats + 1  # the seats and the middle
    _check(page, panel, f"{seats} seats, {screen}, in the page")
    big = panel.locator("button.tutor-big")
    big.click()
    expect(big).to_have_attribute("aria-pressed", "true")
    box = panel.bounding_box()
    assert box is not None and box["x"] <= 1 and box["width"] >= width - 40  # the panel alone on the screen
    _check(page, panel, f"{seats} seats, {screen}, projector view")
    page.screenshot(path=str(tmp_path / f"table-{seats}-{screen}.png"))
    assert page.traffic.external == []
