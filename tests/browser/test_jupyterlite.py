"""A chapter opened live in the built JupyterLite: Pyodide starts, the notebook installs the
package from the site's own wheels and runs, and the panel answers a click, all on localhost."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tutor.games.piquet import Deal

from .lite import advisor_seconds, open_live, run_all_cells

THREE_CARDS = re.compile(r"^\S+ \S+ \S+$")  # a full Le Truc hand in a panel's data-cards


def test_chapter_runs_live_in_jupyterlite(page, site_url, panel, capsys):
    t0 = time.perf_counter()
    t_kernel = open_live(page, site_url, panel.chapter)
    run_all_cells(page)
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
    run_all_cells(page)
    figures = advisor_seconds(page, {"7": str(Deal.from_seed(7).elder)})
    assert [hand for hand, _ in figures] == [f"{Deal.from_seed(1).elder} (the panel's first table)", str(Deal.from_seed(7).elder)]
    with capsys.disabled():
        print("\n[jupyterlite] advisor, full elder table: " + ", ".join(f"{s:.2f} s" for _, s in figures))
    assert page.traffic.external == [] and page.traffic.failed == []


def test_bezique_game_against_the_computer_runs_live(page, site_url):
    # Bezique's play panel in its chapter: the reader leads the first deal (the computer deals
    # first), so a click on a card of the hand plays it, and the computer answers in the log.
    open_live(page, site_url, "bezique/rules")
    run_all_cells(page)
    card = page.locator(".tutor-card-button:not([disabled])").first
    expect(card).to_be_visible(timeout=180_000)
    expect(page.locator(".widget-html-content", has_text="Your lead to trick 1")).to_be_visible()
    card.click()
    expect(page.locator(".widget-html-content", has_text=re.compile(r"You lead \S+?\s*The computer plays"))).to_be_visible(timeout=30_000)
    assert page.traffic.external == [] and page.traffic.failed == []


def test_le_truc_plays_two_deals_in_a_row_live_with_every_card_clickable(page, site_url):
    # The manche panel in its chapter, live: every card drawn is a button that can be clicked when
    # the rules allow it, on the second deal as on the first (buttons hidden when a hand shrinks
    # must come back when it fills again); a refused action is shown in the rules' words.
    open_live(page, site_url, "truc/doubling")
    run_all_cells(page)
    panel = page.locator(".widget-vbox", has=page.locator(".widget-button", has_text="New manche")).last
    expect(panel.locator(".widget-button", has_text="keep")).to_be_visible(timeout=180_000)
    deals = 0
    for _ in range(60):
        next_deal = panel.locator(".widget-button:not([disabled])", has_text="Next deal")
        if next_deal.count():
            next_deal.click()
            deals += 1
            if deals == 2:
                break
            expect(panel.locator(".tutor-hand").first).to_have_attribute("data-cards", THREE_CARDS, timeout=30_000)
            continue
        enabled = panel.locator(".tutor-card-button:not([disabled]):visible")
        if enabled.count():
            shown = panel.locator(".tutor-card-button:visible").count()
            hand = panel.locator(".tutor-hand").first.get_attribute("data-cards") or ""
            assert shown == len(hand.split()), f"{shown} card buttons for the hand {hand!r}"
            enabled.first.click()
        else:
            word = panel.locator(".widget-button:not([disabled])", has_text=re.compile(r"^(keep|accept)$"))
            if not word.count():
                word = panel.locator(".widget-button:not([disabled])", has_text=re.compile(r"^(ask|refuse|double|banco)$"))
            buttons = [(b.inner_text(), b.is_disabled(), b.is_visible()) for b in panel.locator(".widget-button").all()]
            assert word.count(), f"nothing to click: {buttons}; the panel says {panel.inner_text()[:600]!r}"
            word.first.click()
        page.wait_for_timeout(300)
    assert deals == 2, "two deals were not played through"
    # the third deal: its cards drawn as buttons again, one for each; Undo takes back the last move
    # (the kernel answers the click asynchronously: wait for the new hand, not for words that the
    # finished deal's panel may still show)
    expect(panel.locator(".tutor-hand").first).to_have_attribute("data-cards", THREE_CARDS, timeout=30_000)
    hand = panel.locator(".tutor-hand").first.get_attribute("data-cards") or ""
    assert panel.locator(".tutor-card-button:visible").count() == len(hand.split()) == 3
    panel.locator(".widget-button", has_text="Undo").click()
    expect(panel.locator(".widget-html-content", has_text="Took back")).to_be_visible(timeout=30_000)
    # a refused request is shown in words: a deal code where a manche's seed goes
    panel.locator(".widget-text input").fill("tr-AAAAAAAA")
    panel.locator(".widget-button", has_text="New manche").click()
    expect(panel.locator(".tutor-error")).to_contain_text("a deal code gives a single deal", timeout=30_000)
    assert page.traffic.external == [] and page.traffic.failed == []


def test_sixty_six_plays_two_hands_live_with_undo_and_a_refusal(page, site_url):
    # Sixty-Six's panel in its chapter, live: the reader clicks cards (each card drawn is a button,
    # clickable exactly when the rules allow) through two whole hands, takes a move back, and a deal
    # code where the game's seed goes is refused in words.
    open_live(page, site_url, "sixtysix/rules")
    run_all_cells(page)
    panel = page.locator(".widget-vbox", has=page.locator(".widget-button", has_text="Next hand")).last
    expect(panel.locator(".tutor-card-button:not([disabled])").first).to_be_visible(timeout=180_000)
    hands = 0
    for _ in range(80):
        next_hand = panel.locator(".widget-button:not([disabled])", has_text="Next hand")
        if next_hand.count():
            expect(panel.locator(".widget-html-content", has_text="reckoning of this hand").first).to_be_visible()
            next_hand.click()
            hands += 1
            if hands == 2:
                break
            expect(panel.locator(".widget-button:not([disabled])", has_text="Next hand")).to_have_count(0, timeout=30_000)
            continue
        cards = panel.locator(".tutor-card-button:visible")
        enabled = panel.locator(".tutor-card-button:not([disabled]):visible")
        if enabled.count():
            assert cards.count() >= enabled.count()
            enabled.first.click()
        else:
            out = panel.locator(".widget-button:not([disabled])", has_text="Sixty-six")
            assert out.count(), f"nothing to click; the panel says {panel.inner_text()[:400]!r}"
            out.first.click()
        page.wait_for_timeout(300)
    assert hands == 2, "two hands were not played through"
    expect(panel.locator(".tutor-card-button:not([disabled]):visible").first).to_be_visible(timeout=30_000)
    panel.locator(".tutor-card-button:not([disabled]):visible").first.click()
    page.wait_for_timeout(500)
    panel.locator(".widget-button", has_text="Undo").click()
    expect(panel.locator(".widget-html-content", has_text="Taken back")).to_be_visible(timeout=30_000)
    panel.locator(".widget-text input").fill("ss-AAAAAAAA")
    panel.locator(".widget-button", has_text="New game").click()
    expect(panel.locator(".tutor-error")).to_contain_text("a deal code gives a single deal", timeout=30_000)
    assert page.traffic.external == [] and page.traffic.failed == []


@pytest.mark.parametrize("chapter", ["schnapsen/rules", "oldmariage/rules", "mariage/rules", "tausendeins/rules"])
def test_each_game_of_the_sixty_six_family_plays_live_in_its_chapter(page, site_url, chapter):
    # Every playable game of the family, live: its chapter runs under Pyodide, and the reader plays
    # cards in its panel (clickable exactly when the rules allow) while the computer answers.
    open_live(page, site_url, chapter)
    run_all_cells(page)
    panel = page.locator(".widget-vbox", has=page.locator(".widget-button", has_text="Next hand")).last
    expect(panel.locator(".tutor-card-button:not([disabled])").first).to_be_visible(timeout=180_000)
    for _ in range(4):
        enabled = panel.locator(".tutor-card-button:not([disabled]):visible")
        if not enabled.count():
            break
        enabled.first.click()
        page.wait_for_timeout(500)
    expect(panel.locator(".tutor-log", has_text="The computer").first).to_be_visible(timeout=30_000)
    assert panel.locator(".tutor-error").count() == 0
    assert page.traffic.external == [] and page.traffic.failed == []


def test_the_closing_trainer_weighs_a_position_live(page, site_url):
    # The closing trainer in Sixty-Six's closing chapter: under Pyodide it weighs the position it was
    # given (the solver and the computer's playouts run in the browser) and says what it assumed.
    open_live(page, site_url, "sixtysix/closing")
    run_all_cells(page)
    panel = page.locator(".widget-vbox", has=page.locator(".widget-button", has_text="Weigh the choices")).last
    expect(panel).to_be_visible(timeout=180_000)
    panel.locator(".widget-button", has_text="Weigh the choices").click()
    expect(panel.locator(".widget-html-content", has_text="best is to").first).to_be_visible(timeout=120_000)
    expect(panel.locator(".widget-html-content", has_text="dealt at random").first).to_be_visible()
    assert page.traffic.external == [] and page.traffic.failed == []
