"""Each game's main panel played live in JupyterLite as a reader plays it: the chapter runs by
itself when it opens; whole deals in a row (two for the first games taught, one for the others, to
keep the suite's time) by clicking the cards where they are drawn (and the
words the rules ask for); after every move every card drawn is a visible button; a move taken back
with Undo brings the hand back; a new deal from the box deals a fresh one with its seed shown; a
refused request is shown in the rules' words."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .play import GAMES, button, check_rows, click, open_panel, play_deals, play_one_move, rows


@pytest.mark.parametrize("name", list(GAMES))
def test_a_reader_plays_whole_deals_live(page, site_url, name, capsys):
    game = GAMES[name]
    panel, idle, ready = open_panel(page, site_url, game)
    times = play_deals(page, panel, game, deals=game.deals)
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
              f"{game.deals} deal(s), {len(times)} clicks, median {times[len(times) // 2]:.2f} s, slowest {times[-1]:.2f} s")
    assert page.traffic.external == [] and page.traffic.failed == []


def test_bezique_workbench_cards_in_hand_and_on_the_table_are_all_clickable_live(page, site_url):
    # The workbench in its chapter: a declaration moves cards from the hand to the table; every
    # card of both rows stays a button, the selected ones say so to a screen reader, Undo brings
    # the cards back, and a new deal of eight makes eight buttons.
    from .play import Game

    game = Game("bezique/declarations", "Deal 8 cards", "Deal 8 cards", None)
    panel, _, _ = open_panel(page, site_url, game)
    hand, table = panel.locator(".tutor-cards").nth(0), panel.locator(".tutor-cards").nth(1)
    full = hand.get_attribute("data-cards") or ""
    for code in ("QS", "JD"):
        click(page, panel, hand.locator(f'button[data-card="{code}"]'))
        expect(panel.locator(f'button[data-card="{code}"]')).to_have_attribute("aria-pressed", "true")
    check_rows(panel)
    click(page, panel, button(panel, "Declare"))
    expect(table).to_have_attribute("data-cards", "QS JD", timeout=30_000)
    assert check_rows(panel) == len(full.split())
    assert table.locator("button.tutor-card-button:not([disabled])").count() == 2
    click(page, panel, button(panel, "Undo"))
    expect(hand).to_have_attribute("data-cards", full, timeout=30_000)
    click(page, panel, panel.locator(".widget-button", has_text="Deal 8 cards"))
    expect(hand).not_to_have_attribute("data-cards", full, timeout=30_000)
    assert check_rows(panel) == 8 and hand.locator("button.tutor-card-button:not([disabled])").count() == 8
    assert page.traffic.external == [] and page.traffic.failed == []


def test_every_game_registered_is_played_live_in_a_chapter_that_holds_its_panel():
    # A game added to the registry without a live entry here fails this test (it needs no browser).
    from pathlib import Path

    from tutor.games import GAMES as REGISTRY

    assert sorted(GAMES) == sorted(REGISTRY)
    book = Path(__file__).resolve().parents[2] / "book"
    for name, game in GAMES.items():
        text = (book / f"{game.chapter}.md").read_text(encoding="utf-8")
        assert "tutor.widgets" in text and "Panel(" in text, f"{name}: no panel in {game.chapter}"
