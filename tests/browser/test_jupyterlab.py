"""The same panel in JupyterLab, started as ``tutor lab`` starts it, with a real kernel."""

from __future__ import annotations

from playwright.sync_api import expect


def test_chapter_runs_in_jupyterlab(page, lab_url, panel):
    page.goto(f"{lab_url}/lab/tree/{panel.chapter}.ipynb?reset")  # ?reset: no saved workspace
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.get_by_text("Python 3 (ipykernel) | Idle").wait_for(timeout=60_000)
    page.click("text=Run >> nth=0")
    page.click("text=Run All Cells")
    button = page.locator(".widget-button", has_text=panel.button)
    expect(button).to_be_visible(timeout=60_000)
    expect(page.locator(".widget-html-content", has_text=panel.before)).to_be_visible()
    button.click()
    expect(page.locator(".widget-html-content", has_text=panel.answer)).to_be_visible(timeout=30_000)
    assert page.traffic.external == [], "JupyterLab left localhost"
