"""Driving a chapter live in the built JupyterLite: shared by the browser tests and by
tests/benchmarks/bench_advisor_lite.py."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect

# what the exchange advisor's panel says under its table (tutor.widgets.piquet.AdvisorPanel)
ADVISOR_TIMING = re.compile(r"(?P<hand>(?:[AKQJT2-9][SHDC] ){11}[AKQJT2-9][SHDC]): 1,585 discards, .* worked out in (?P<s>[0-9.]+) s")


def open_live(page: Page, site_url: str, chapter: str) -> float:
    """Open ``chapter`` in the static site, follow its "try it live" link and wait for the
    Pyodide kernel to be idle; returns the seconds that took."""
    page.goto(f"{site_url}/{chapter}.html")
    t0 = time.perf_counter()
    page.locator("a.tutor-live-lite").click()
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.get_by_text("Python (Pyodide) | Idle").wait_for(timeout=120_000)
    return time.perf_counter() - t0


def run_all_cells(page: Page) -> None:
    page.click("text=Run >> nth=0")
    page.click("text=Run All Cells")


def advisor_seconds(page: Page, hands: dict[str, str] | None = None) -> list[tuple[str, float]]:
    """In a live notebook whose cells have been started, the advisor panel's own figures: the
    first elder table (the panel's hand, every cache cold), then one per ``hands`` entry
    (a seed typed into the panel mapped to the elder hand it deals), each the time the kernel
    took to work out the full table, as the panel reports it."""
    timing = page.locator(".widget-html-content", has_text=ADVISOR_TIMING)
    expect(timing).to_be_visible(timeout=300_000)
    first = ADVISOR_TIMING.search(timing.inner_text())
    figures = [(f"{first['hand']} (first table, cold)", float(first["s"]))]
    box = page.locator(".widget-text", has_text="hand").locator("input")
    for seed, hand in (hands or {}).items():
        box.fill(seed)
        page.locator(".widget-button", has_text="Advise").click()
        shown = page.locator(".widget-html-content", has_text=f"{hand}: 1,585 discards")
        expect(shown).to_be_visible(timeout=60_000)
        figures.append((hand, float(ADVISOR_TIMING.search(shown.inner_text())["s"])))
    return figures
