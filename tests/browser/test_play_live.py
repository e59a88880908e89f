"""Every game played live at the one table panel in JupyterLite as a reader plays it: opened from a
link to a position (the second deal of a match where the match has one, at the totals the first
left, two of the reader's moves made in it), half the games from the link itself and half from a
static page, which forwards the link to the live chapter; the chapter runs by itself and the panel
shows the engine's position: the deal's code in the box, the reader's cards, the moves made, and its
own link to the same position (the totals too).
Then two whole deals in a row by clicking the cards where they are drawn and the choices the rules
offer; after every move every card drawn is a visible button; a move taken back with Undo brings
the hand back; a new deal from the box deals a fresh one with its seed shown; a damaged code typed
in the box is refused in the rules' words."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from .lite import wait_for_kernel
from .play import GAMES, button, check_rows, click, open_panel, panel_of, play_deals, play_one_move, rows


def _position(name: str):
    """A position of ``name`` at the table panel, as Python makes it: the first deal of a match
    played out and the next one dealt, where the match has one (the link then names the dealer and
    the totals the deal started from), and two of the reader's moves in it (the computer answering
    each)."""
    from tutor.widgets.table import TablePanel

    panel = TablePanel(name, seed=2718)
    panel.guard(panel.session.play_for_reader)()
    if panel.session.between_deals:
        panel.guard(panel.next_deal)()
    else:  # a match of one deal: a position of that deal
        panel = TablePanel(name, seed=2718)
    s = panel.session
    for _ in range(2):
        if not s.reader_to_move:
            break
        panel.guard(s.act)(s.legal_actions()[-1])
    return panel


@pytest.mark.parametrize("name", list(GAMES))
def test_a_reader_plays_whole_deals_live(page, site_url, name, capsys):
    from tutor.widgets.desk import deal_link, linked_deal

    game = GAMES[name]
    expected = _position(name)
    pos = expected.session.position
    link = deal_link(game.chapter, expected.link_kind(), pos.code, moves=pos.moves, dealer=pos.dealer,
                     standing=pos.totals())

    def arrive() -> None:
        if list(GAMES).index(name) % 2:  # the link itself, as the panel gives it to be shared
            assert link.startswith("lite/lab/index.html?path="), link
            page.goto(f"{site_url}/{link}")
        else:  # the static page, given the link's question: it forwards to the live chapter
            page.goto(f"{site_url}/{game.chapter}.html?{link.split('?', 1)[1]}")
            page.wait_for_url(re.compile(r".*/lite/lab/index\.html\?path=.*"), timeout=60_000)

    t0 = time.perf_counter()
    arrive()
    wait_for_kernel(page, arrive)
    idle = time.perf_counter() - t0
    panel = panel_of(page, game)
    hand = " ".join(str(b.card) for b in expected.hand_row.children)
    expect(panel.locator(".tutor-cards").first).to_have_attribute("data-cards", hand, timeout=60_000)
    made = f", {len(pos.moves)} move{'s' if len(pos.moves) != 1 else ''} made"
    expect(panel.locator(".tutor-deal-moves")).to_have_text(made, timeout=30_000)
    ready = time.perf_counter() - t0
    box = panel.locator(".widget-text input").first
    expect(box).to_have_value(pos.code, timeout=30_000)
    own = panel.locator(".tutor-bar a.tutor-deal-link").first.get_attribute("href") or ""
    assert linked_deal(own, expected.link_kind()) == pos, own  # its own link: the same position
    assert not panel.locator(".tutor-error").count()
    times = play_deals(page, panel, game, deals=game.deals)
    # a new deal from the box as it stands: a fresh deal, its seed put in the box to be shared
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
