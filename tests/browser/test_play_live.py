"""Each game's main panel played live in JupyterLite as a reader plays it: the chapter runs by
itself when it opens; two whole deals in a row by clicking the cards where they are drawn (and the
words the rules ask for); after every move every card drawn is a visible button; a move taken back
with Undo brings the hand back; a new deal from the box deals a fresh one with its seed shown; a
refused request is shown in the rules' words."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .play import GAMES, button, check_rows, click, open_panel, play_deals, play_one_move, rows


@pytest.mark.parametrize("name", list(GAMES))
def test_a_reader_plays_two_deals_live(page, site_url, name, capsys):
    game = GAMES[name]
    panel, idle, ready = open_panel(page, site_url, game)
    times = play_deals(page, panel, game, deals=2)
    # a new deal from the box as it stands: a fresh deal, its seed put in the box to be shared
    box = panel.locator(".widget-text input").first
    seed = box.input_value()
    click(page, panel, panel.locator(".widget-button", has_text=game.new).first)
    expect(box).not_to_have_value(seed, timeout=30_000)
    assert check_rows(panel) > 0 and not panel.locator(".tutor-error").count()
    # a move, then Undo: the cards the reader held before come back, every one a button
    for _ in range(6):  # until the reader's move changes a row of cards
        before = rows(panel), panel.locator(".tutor-cards").first.get_attribute("data-cards")
        play_one_move(page, panel, game)
        if panel.locator(".tutor-cards").first.get_attribute("data-cards") != before[1]:
            break
    click(page, panel, button(panel, "Undo").first)
    expect(panel.locator(".tutor-cards").first).to_have_attribute("data-cards", before[1] or "", timeout=30_000)
    check_rows(panel)
    # a refused request, shown in words
    if game.refuse_code:
        box.fill(game.refuse_code)
        click(page, panel, panel.locator(".widget-button", has_text=game.new).first)
        expect(panel.locator(".tutor-error")).to_contain_text(game.refusal, timeout=30_000)
    else:  # Piquet: an exchange with no card selected
        click(page, panel, panel.locator(".widget-button", has_text=game.new).first)
        click(page, panel, button(panel, "Exchange selected").first)
        expect(panel.locator(".tutor-error")).to_contain_text("elder must discard 1 to 5 cards", timeout=30_000)
    with capsys.disabled():
        times.sort()
        print(f"\n[jupyterlite] {name}: kernel idle {idle:.1f} s, panel ready {ready:.1f} s, "
              f"{len(times)} clicks, median {times[len(times) // 2]:.2f} s, slowest {times[-1]:.2f} s")
    assert page.traffic.external == [] and page.traffic.failed == []
