"""Driving a chapter live in the built JupyterLite: shared by the browser tests and by
tests/benchmarks/bench_advisor_lite.py."""

from __future__ import annotations

import re
import time
import warnings
from collections.abc import Callable

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

# what the exchange advisor's panel says under its table (tutor.widgets.piquet.AdvisorPanel)
ADVISOR_TIMING = re.compile(r"(?P<hand>(?:[AKQJT2-9][SHDC] ){11}[AKQJT2-9][SHDC]): 1,585 discards, .* worked out in (?P<s>[0-9.]+) s")
#: the notebook on show (tabs restored from earlier visits are in the page too, hidden)
SHOWN = ".jp-NotebookPanel:not(.lm-mod-hidden)"
_ADVISOR_LINE = re.compile(r"1,585 discards, .* worked out in [0-9.]+ s")  # the same, as a JavaScript regex


#: a cell the kernel has run (its prompt "[1]:"; one queued shows "[*]:", one never run "[ ]:")
_RAN = re.compile(r"\[[0-9]+\]")


def wait_for_kernel(page: Page, again: Callable[[], object], timeout: float = 180_000) -> None:
    """Wait until the shown notebook's Pyodide kernel is idle. JupyterLite's kernel now and then
    never connects (jupyterlite/pyodide-kernel#98: the notebook is open, its cells queued and none
    run, the status never says Idle); then, and only then, the chapter is opened once more by
    ``again`` (the same address), with a warning in the test report. A kernel that has run a cell
    and is slow or stuck on the next is not retried: that fails."""
    idle = page.get_by_text("Python (Pyodide) | Idle")
    try:
        idle.wait_for(timeout=timeout)
        return
    except PlaywrightTimeout:
        if page.locator(f"{SHOWN} .jp-InputPrompt", has_text=_RAN).count():
            raise
    warnings.warn(f"the Pyodide kernel had run no cell in {timeout / 1000:.0f} s: "
                  f"opened {page.url} once more (jupyterlite/pyodide-kernel#98)", stacklevel=2)
    again()
    idle.wait_for(timeout=timeout)


def open_live(page: Page, site_url: str, chapter: str) -> float:
    """Open ``chapter`` in the static site, follow its "try it live" link and wait for the
    Pyodide kernel to be idle (the chapter runs by itself as it opens, so that is once every cell
    has run); returns the seconds that took."""
    page.goto(f"{site_url}/{chapter}.html")
    t0 = time.perf_counter()
    link = page.locator("a.tutor-live-lite")
    live = link.evaluate("a => a.href")
    link.click()
    page.wait_for_selector(f"{SHOWN} .jp-Notebook .jp-Cell", timeout=60_000)
    wait_for_kernel(page, lambda: page.goto(live), timeout=120_000)
    return time.perf_counter() - t0


def run_all_cells(page: Page) -> None:
    """Run every cell again (a chapter opened live runs by itself once: tutor-autorun)."""
    page.click("text=Run >> nth=0")
    page.click("text=Run All Cells")


def advisor_seconds(page: Page, hands: dict[str, str] | None = None) -> list[tuple[str, float]]:
    """In a live notebook whose cells have been started, the advisor panel's own figures: its
    first elder table, then one per ``hands`` entry
    (a seed typed into the panel mapped to the elder hand it deals), each the time the kernel
    took to work out the full table, as the panel reports it."""
    timing = page.locator(".widget-html-content", has_text=_ADVISOR_LINE)
    expect(timing).to_be_visible(timeout=300_000)
    first = ADVISOR_TIMING.search(timing.inner_text())
    figures = [(f"{first['hand']} (the panel's first table)", float(first["s"]))]
    box = page.locator(".widget-text", has_text="hand").locator("input")
    for seed, hand in (hands or {}).items():
        box.fill(seed)
        page.locator(".widget-button", has_text="Advise").click()
        shown = page.locator(".widget-html-content", has_text=f"{hand}: 1,585 discards")
        expect(shown).to_be_visible(timeout=60_000)
        figures.append((hand, float(ADVISOR_TIMING.search(shown.inner_text())["s"])))
    return figures


def run_new_cell(page: Page, code: str, expect_text: str, timeout: float = 300_000) -> str:
    """Add a code cell at the end of the open notebook, type ``code`` (one line) and run it;
    returns the text of the cell's last output that contains ``expect_text``, once the cell has
    finished (its prompt no longer ``[*]``: a print's words may reach the page one by one)."""
    cells = page.locator(".jp-Notebook .jp-Cell")
    cells.last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")  # a new cell below, in command mode
    page.keyboard.press("Enter")
    page.keyboard.type(code)
    cell = cells.nth(cells.count() - 1)  # (the new cell: running the last cell adds another below it)
    page.keyboard.press("Shift+Enter")
    out = cell.locator(".jp-OutputArea-output", has_text=expect_text).last
    expect(out).to_be_visible(timeout=timeout)
    expect(cell.locator(".jp-InputPrompt").first).not_to_contain_text("*", timeout=timeout)
    return out.inner_text()
