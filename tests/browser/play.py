"""Playing a panel live as a reader does, by clicking what is drawn: shared by
tests/browser/test_play_live.py and tests/benchmarks/bench_lite_panels.py."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from playwright.sync_api import Locator, Page, expect

from .lite import SHOWN, open_live

# for each row of cards in a panel: the cards it says it draws, its card buttons, those visible,
# the card drawings (SVG) in it, and the drawings of its cards anywhere in the panel
_ROWS = """el => [...el.querySelectorAll('.tutor-cards')].map(r => {
  const codes = (r.dataset.cards || '').split(' ').filter(Boolean);
  const buttons = [...r.querySelectorAll('button.tutor-card-button')];
  const visible = buttons.filter(b => { const x = b.getBoundingClientRect(); return x.width > 0 && x.height > 0
                                        && getComputedStyle(b).visibility !== 'hidden'; });
  // every drawing of these cards anywhere in the panel (the row's own, and any picture above or below it)
  const mine = new Set(codes);
  const anywhere = [...el.querySelectorAll('svg.tutor-card')].filter(s => {
    const b = s.closest('button.tutor-card-button');
    return mine.has(b ? b.dataset.card : s.dataset.card);
  }).length;
  return [codes.length, buttons.length, visible.length, r.querySelectorAll('svg.tutor-card').length, anywhere];
})"""


@dataclass(frozen=True)
class Game:
    """A game's main panel in its chapter, and the words on its buttons."""

    chapter: str
    marker: str  # a button only this panel has
    new: str  # deals a new game (or deal) from the seed box
    next: str | None  # deals the next deal of a match, when there is one
    words: tuple[str, ...] = ()  # buttons a reader clicks when no card may be clicked, first first
    auto_when: str | None = None  # while one of these is offered, the reader asks "Do it for me"
    over: str | None = None  # what the panel says when a deal without "next" is over
    refuse_code: str = ""  # a deal code typed in the seed box: refused in words
    refusal: str = "is damaged"  # a damaged code typed in the box is refused in words
    deals: int = 2  # whole deals played in a row (one for the games added later: the suite's time)
    table: bool = False  # the one table panel: found by its class, its choices by theirs


def panel_of(page: Page, game: Game) -> Locator:
    if game.marker.startswith("."):  # the panel's own class
        return page.locator(f"{SHOWN} .widget-vbox{game.marker}").first
    return page.locator(f"{SHOWN} .widget-vbox", has=page.locator(".widget-button", has_text=game.marker)).last


def rows(panel: Locator) -> list[list[int]]:
    return panel.evaluate(_ROWS)


def check_rows(panel: Locator) -> int:
    """Every card drawn is a visible button, in every row, and a row's cards are drawn once: by
    the row (no picture of the same hand above or below it); returns how many cards are drawn."""
    return _check(rows(panel))


_SETTLE = """([el, quiet, limit, mark]) => new Promise(resolve => {
  const t0 = performance.now();
  let last = null, timer = null, marked = mark === null;
  const done = () => { obs.disconnect(); resolve(last === null || !marked ? -1 : (last - t0) / 1000); };
  const obs = new MutationObserver(() => {
    last = performance.now();
    if (!marked && el.classList.contains(mark)) marked = true;
    if (marked) { clearTimeout(timer); timer = setTimeout(done, quiet); }
  });
  obs.observe(el, {subtree: true, childList: true, attributes: true, characterData: true});
  setTimeout(done, limit);
})"""

#: the number of callbacks a panel has answered, from its outer box's class (``tutor-done-N``,
#: set by the panel after everything a callback changed: tutor.widgets.Panel._count_answer)
_DONE = """el => { const m = [...el.classList].map(c => /^tutor-done-(\\d+)$/.exec(c)).find(Boolean); return m ? +m[1] : null; }"""


#: sets up the watch for the panel's answer to the next click (``window.__tutorSettle``, a promise)
_ARM = ("(el, [quiet, limit]) => { const done = (" + _DONE + ")(el);"
        " const mark = done === null ? null : `tutor-done-${done + 1}`;"
        " window.__tutorSettle = (" + _SETTLE + ")([el, done === null ? quiet : 100, limit, mark]); return 1; }")


def click(page: Page, panel: Locator, target: Locator, quiet_ms: int = 400) -> float:
    """Click ``target`` and wait for the kernel's whole answer; returns the seconds from the click
    to the panel's last change. A panel that counts its answers (``tutor-done-N`` on its outer box)
    is answered once the count has moved on and the page has drawn what came with it (100 ms
    still); any other widget once it has changed and then stayed still for ``quiet_ms``."""
    panel.evaluate(_ARM, [quiet_ms, 30_000])  # the watch set up before the click, in one call
    target.click()
    took = page.evaluate("() => window.__tutorSettle")
    assert took >= 0, "the panel did not answer the click within 30 s"
    return took


def button(panel: Locator, words: str) -> Locator:
    return panel.locator(".widget-button:not([disabled])", has_text=re.compile(f"^({words})$"))


def open_panel(page: Page, site_url: str, game: Game) -> tuple[Locator, float, float]:
    """Open the chapter live; the chapter runs by itself. Returns the panel, the seconds until the
    kernel was idle and until the panel showed its cards."""
    t0 = time.perf_counter()
    idle = open_live(page, site_url, game.chapter)
    panel = panel_of(page, game)
    expect(panel.locator("button.tutor-card-button").first).to_be_visible(timeout=120_000)
    return panel, idle, time.perf_counter() - t0


#: what a reader at the table panel clicks next, found in the page in one call (the rules of
#: play_table_move): the target gets ``data-tutor-next``; returns its kind, the rows of cards (as
#: _ROWS) and whether the deal (or the match) is over
_TABLE_STEP = """(el, next) => {
  for (const old of el.querySelectorAll('[data-tutor-next]')) old.removeAttribute('data-tutor-next');
  const text = b => b.textContent.replace(/\\s+/g, ' ').trim();
  const on = sel => [...el.querySelectorAll(sel + ':not([disabled])')];
  const rows = (""" + _ROWS + """)(el);
  const over = el.textContent.replace(/\\s+/g, ' ').includes('Start a new game to play again')
               || (next !== null && on('.widget-button').some(b => new RegExp(`^(${next})$`).test(text(b))));
  const which = on('.widget-button.tutor-choice').filter(b => / (show|hide)$/.test(text(b)));
  const choices = on('.widget-button.tutor-choice'), select = on('.widget-button.tutor-select');
  const cards = on('button.tutor-card-button');
  let kind = null, target = null;
  if (which.length) [kind, target] = ['which', which[0]];
  else if (select.length) [kind, target] = choices.length ? ['choice', choices[0]] : ['select', cards[0]];
  else if (cards.length) [kind, target] = ['card', cards[0]];
  else if (choices.length) [kind, target] = ['choice', choices[0]];
  if (target) target.setAttribute('data-tutor-next', '1');
  return {rows, over, kind: target ? kind : null};
}"""


def _table_step(panel: Locator, game: Game) -> dict:
    return panel.evaluate(_TABLE_STEP, [game.next])


def _check(found: list[list[int]]) -> int:
    for codes, buttons, visible, drawings, anywhere in found:
        assert codes == buttons == visible == drawings, f"cards drawn and buttons differ: {found}"
        assert anywhere == buttons, f"a row's cards are drawn again elsewhere in the panel: {found}"
    return sum(r[0] for r in found)


def _table_click(page: Page, panel: Locator, kind: str | None) -> float:
    """Click what _TABLE_STEP marked: where cards are selected for an action, the card and then
    the group's button."""
    if kind is None:
        raise AssertionError(f"nothing to click; the panel says {panel.inner_text()[:500]!r}")
    took = click(page, panel, panel.locator("[data-tutor-next]").first)
    if kind == "select":
        took = click(page, panel, panel.locator(".widget-button.tutor-select:not([disabled])").first)
    return took


def play_table_move(page: Page, panel: Locator) -> float:
    """One reader's move at the table panel, as a reader makes it: where cards are selected for an
    action (a discard, a call), a choice made without cards if there is one, else the first card
    selected and the group's button pressed; else the first card that may be played; else the first
    choice offered (the cards left in the talon shown or hidden first of all). Returns the seconds
    the kernel took to answer."""
    return _table_click(page, panel, panel.evaluate(_TABLE_STEP, [None])["kind"])


def play_one_move(page: Page, panel: Locator, game: Game) -> float:
    """One reader's move: a word the rules ask for first (an exchange, a call), else the first card
    that may be clicked; returns the seconds the kernel took to answer."""
    if game.table:
        return play_table_move(page, panel)
    if game.auto_when and button(panel, game.auto_when).count():
        return click(page, panel, button(panel, "Do it for me").first)
    card = panel.locator("button.tutor-card-button:not([disabled])")
    if card.count():
        return click(page, panel, card.first)
    for words in game.words:
        b = button(panel, words)
        if b.count():
            return click(page, panel, b.first)
    raise AssertionError(f"nothing to click; the panel says {panel.inner_text()[:500]!r}")


def deal_over(panel: Locator, game: Game) -> bool:
    if game.table and panel.get_by_text("Start a new game to play again").count():
        return True  # the match itself is over
    if game.next is not None:
        return button(panel, game.next).count() > 0
    return panel.get_by_text(re.compile(game.over or "")).count() > 0


def play_deals(page: Page, panel: Locator, game: Game, deals: int, limit: int = 400) -> list[float]:
    """Play ``deals`` whole deals in a row, checking after every move that every card drawn is a
    button; returns the seconds of each click."""
    times: list[float] = []
    done = 0
    for _ in range(limit):
        if game.table:  # what to check, whether the deal is over and what to click: one call
            step = _table_step(panel, game)
            _check(step["rows"])
            over = step["over"]
        else:
            check_rows(panel)
            over = deal_over(panel, game)
        if over:
            done += 1
            if done == deals:
                return times
            ended = not (game.next and button(panel, game.next).count())  # the match over: a new one
            nxt = panel.locator(".widget-button", has_text=game.new) if ended else button(panel, game.next)
            times.append(click(page, panel, nxt.first))
            continue
        times.append(_table_click(page, panel, step["kind"]) if game.table else play_one_move(page, panel, game))
    raise AssertionError(f"{done} of {deals} deals played in {limit} moves")


def _table_games() -> dict[str, Game]:
    """Every registry entry plays in its main chapter at the one table panel (tutor.widgets.table):
    found by the panel's class, its choices by theirs; two whole deals each."""
    from tutor import site
    from tutor.games import GAMES as REGISTRY
    from tutor.games import load

    out = {}
    for name in REGISTRY:
        chapters = [c for c, kind in site.panels_of(name) if kind == "table.TablePanel"]
        chapter = next((c for c in chapters if not c.endswith("/counting")), chapters[0])  # the counting drill hides scores
        code = load(name).deal(seed=1).code
        damaged = code[:-1] + ("B" if code[-1] != "B" else "C")  # one character mistyped: the check catches it
        out[name] = Game(chapter, ".tutor-table-panel", "New game", "Next deal", refuse_code=damaged, table=True)
    return out


GAMES = _table_games()
