"""A reader who visits many chapters live in one browser: five chapters, three of them notebooks
called rules.ipynb, opened in a row and back again. Each opens with a working panel, the address
names it, and no more Pyodide kernels run than chapters are open (a kernel is a web worker; tabs
restored from the earlier visits start none until shown). Two chapters of the same file name shown
side by side in one page each keep their own kernel, and closing one shuts its kernel down."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .lite import wait_for_kernel
from .play import GAMES, open_panel, panel_of, play_one_move

ROUND = ["sixtysix", "bezique", "gaigel", "piquet", "schnapsen"]  # rules, rules, rules, play, rules


def kernels(page: Page) -> int:
    """Pyodide kernels running in the page: each is a web worker of its own."""
    return len(page.workers)


def notebook_tabs(page: Page) -> list[str]:
    return page.locator("#jp-main-dock-panel .lm-TabBar-tab").evaluate_all(
        "tabs => tabs.map(t => (t.title.match(/Path: (.*\\.ipynb)/) || [])[1]).filter(Boolean)")


def wait_for_kernels(page: Page, most: int, timeout: float = 60) -> int:
    """The kernels in the page once any being shut down have gone (at most ``most``, or the count)."""
    deadline = time.monotonic() + timeout
    while kernels(page) > most and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    return kernels(page)


def check_panel_answers(page: Page, name: str) -> None:
    game = GAMES[name]
    panel = panel_of(page, game)
    expect(panel.locator("button.tutor-card-button").first).to_be_visible(timeout=120_000)
    assert play_one_move(page, panel, game) >= 0
    assert not panel.locator(".tutor-error").count()


def test_five_chapters_live_in_a_row_and_back_each_with_its_own_kernel(page, site_url, capsys):
    figures = []
    for name in ROUND + ROUND[-2::-1]:
        chapter = GAMES[name].chapter
        t0 = time.perf_counter()
        _, idle, ready = open_panel(page, site_url, GAMES[name])
        check_panel_answers(page, name)
        figures.append(f"{name} {ready:.1f} s")
        tabs = notebook_tabs(page)
        assert f"{chapter}.ipynb" in tabs
        # the tabs of the earlier visits are restored, but only the chapter shown runs a kernel
        assert wait_for_kernels(page, 1) == 1, f"{kernels(page)} kernels with {tabs} open"
        # the address names the chapter (a reload or a copied address opens it again)
        expect(page).to_have_url(re.compile(re.escape(f"?path={chapter}.ipynb")), timeout=10_000)
        assert time.perf_counter() - t0 < 300
    with capsys.disabled():
        print("\n[jupyterlite] five chapters in a row and back, panel ready after: " + ", ".join(figures))

    # two chapters called rules.ipynb, both shown in turn in this page: each its own kernel
    assert {"sixtysix/rules.ipynb", "bezique/rules.ipynb"} <= set(notebook_tabs(page))
    page.locator("#jp-main-dock-panel .lm-TabBar-tab[title*='Path: bezique/rules.ipynb']").click()
    check_panel_answers(page, "bezique")
    assert wait_for_kernels(page, 2) == 2
    sixtysix = page.locator("#jp-main-dock-panel .lm-TabBar-tab[title*='Path: sixtysix/rules.ipynb']")
    sixtysix.click()
    check_panel_answers(page, "sixtysix")  # its kernel still runs: the panel answers
    expect(page).to_have_url(re.compile(re.escape("?path=sixtysix/rules.ipynb")), timeout=10_000)
    # closing a chapter's tab shuts its kernel down
    sixtysix.locator(".lm-TabBar-tabCloseIcon").click()
    try:  # the chapter has run, so JupyterLab asks whether to save it
        page.locator(".jp-Dialog button", has_text="Discard").click(timeout=10_000)
    except PlaywrightTimeout:
        pass
    expect(sixtysix).to_have_count(0)
    assert wait_for_kernels(page, 1) == 1
    check_panel_answers(page, "bezique")  # the other chapter named rules.ipynb is untouched

    # a reload with every tab restored starts one kernel: the chapter the address names
    page.reload()
    wait_for_kernel(page, page.reload)
    check_panel_answers(page, "bezique")
    page.wait_for_timeout(3_000)
    assert kernels(page) == 1, f"{kernels(page)} kernels after a reload with {notebook_tabs(page)} open"
    assert page.traffic.external == [] and page.traffic.failed == []
