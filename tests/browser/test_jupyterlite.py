"""A chapter opened live in the built JupyterLite: Pyodide starts, the notebook installs the
package from the site's own wheels and runs, and the panel answers a click, all on localhost."""

from __future__ import annotations

import time

from playwright.sync_api import expect


def test_chapter_runs_live_in_jupyterlite(page, site_url, panel, capsys):
    page.goto(f"{site_url}/{panel.chapter}.html")
    t0 = time.perf_counter()
    page.locator("a.tutor-live-lite").click()  # the chapter's own "try it live" link
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.get_by_text("Python (Pyodide) | Idle").wait_for(timeout=120_000)
    t_kernel = time.perf_counter() - t0
    page.click("text=Run >> nth=0")
    page.click("text=Run All Cells")
    button = page.locator(".widget-button", has_text=panel.button)
    expect(button).to_be_visible(timeout=180_000)
    expect(page.locator(".widget-html-content", has_text=panel.before)).to_be_visible()
    button.click()
    expect(page.locator(".widget-html-content", has_text=panel.answer)).to_be_visible(timeout=30_000)
    with capsys.disabled():
        print(f"\n[jupyterlite] kernel idle after {t_kernel:.1f} s, "
              f"panel answered a click after {time.perf_counter() - t0:.1f} s")  # fmt: skip
    assert page.traffic.external == [], "JupyterLite left localhost"
    assert page.traffic.failed == []
