"""Every game played live at the one table panel in JupyterLite as a reader plays it: opened from a
link to a position (the second deal of a match where the match has one, two of the reader's moves
made in it), half the games from the link itself and half from a static page, which forwards the
link to the live chapter; the chapter runs by itself and the panel shows the engine's position: the
deal's code in the box, the reader's cards, the moves made, and its own link to the same position.
Then two whole deals in a row by clicking the cards where they are drawn and the choices the rules
offer; after every move every card drawn is a visible button; a move taken back with Undo brings
the hand back; a new deal from the box deals a fresh one with its seed shown; a damaged code typed
in the box is refused in the rules' words."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .play import GAMES, ROUND, button, check_rows, click, open_panel, reader_plays_live


@pytest.mark.parametrize("name", [g for g in GAMES if g not in ROUND])  # (the round's: test_lite_many_chapters.py)
def test_a_reader_plays_whole_deals_live(page, site_url, name, capsys):
    line = reader_plays_live(page, site_url, name)
    with capsys.disabled():
        print(f"\n[jupyterlite] {line}")


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
