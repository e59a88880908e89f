"""A chapter opened live in the built JupyterLite: Pyodide starts, the notebook installs the
package from the site's own wheels and runs by itself, and the panel answers a click, all on
localhost. Each game's main panel (every game registered) is played in test_play_live.py."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from tutor.games.piquet import Deal

from .lite import advisor_seconds, open_live


def test_chapter_runs_live_in_jupyterlite(page, site_url, panel, capsys):
    t0 = time.perf_counter()
    t_kernel = open_live(page, site_url, panel.chapter)
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


def test_exchange_advisor_works_out_full_tables_live(page, site_url, capsys):
    # The advisor's panel, run by Pyodide in the browser: its first table and a hand typed in
    # afterwards are the exact ones CPython gives (the hand is shown with its 1,585 discards).
    # The figures are printed for the closing note (target: at most 5 s a table); not asserted.
    open_live(page, site_url, "piquet/strategy")
    figures = advisor_seconds(page, {"7": str(Deal.from_seed(7).elder)})
    assert [hand for hand, _ in figures] == [f"{Deal.from_seed(1).elder} (the panel's first table)", str(Deal.from_seed(7).elder)]
    with capsys.disabled():
        print("\n[jupyterlite] advisor, full elder table: " + ", ".join(f"{s:.2f} s" for _, s in figures))
    assert page.traffic.external == [] and page.traffic.failed == []


def test_the_closing_trainer_weighs_a_position_live(page, site_url):
    # The closing trainer in Sixty-Six's closing chapter: under Pyodide it weighs the position it was
    # given (the solver and the computer's playouts run in the browser) and says what it assumed.
    open_live(page, site_url, "sixtysix/closing")
    panel = page.locator(".widget-vbox", has=page.locator(".widget-button", has_text="Weigh the choices")).last
    expect(panel).to_be_visible(timeout=180_000)
    panel.locator(".widget-button", has_text="Weigh the choices").click()
    expect(panel.locator(".widget-html-content", has_text="best is to").first).to_be_visible(timeout=120_000)
    expect(panel.locator(".widget-html-content", has_text="dealt at random").first).to_be_visible()
    assert page.traffic.external == [] and page.traffic.failed == []
