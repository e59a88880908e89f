"""The panels for a reader with a keyboard or a screen reader, in Chromium (that on a static page no
control that does nothing can be focused, and that the note saying so comes before the panel, is
checked on every page in test_a11y.py's walk through the book): the focus
ring of the panels' buttons, text boxes and selects is 3:1 against what surrounds it (computed
styles, the ratio computed here as WCAG defines it); live, a card played from the keyboard leaves
the focus in the hand, and the move is read out from a polite live region."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .play import GAMES, open_panel
from .test_a11y import _settle

# WCAG 2.x relative luminance and contrast, on computed colours ("rgb(r, g, b)" or "rgba(...)")
CONTRAST_JS = """
const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
const lum = c => { const [r, g, b] = c.slice(0, 3).map(v => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
                   return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const ground = el => { for (let e = el; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor);
                         if (c.length === 3 || c[3] > 0.5) return c; } return [255, 255, 255]; };
"""

# focus the first control of each kind in a panel (its inert lifted, as in the live copy), on the
# page's white and on a grey ground, and measure the ring against the control's own face and what
# lies round it
RING = """([kind, grey]) => {""" + CONTRAST_JS + """
  const el = document.querySelector('.widget-subarea ' + kind);
  if (!el) return null;
  const panel = el.closest('.widget-subarea');
  panel.querySelectorAll('[inert]').forEach(x => x.inert = false);
  if (grey) panel.style.backgroundColor = 'rgb(238, 238, 238)';
  el.focus();
  const s = getComputedStyle(el);
  const ring = rgb(s.outlineColor);
  const out = {style: s.outlineStyle, width: parseFloat(s.outlineWidth), face: ratio(ring, ground(el)),
               round: ratio(ring, ground(el.parentElement)), focused: document.activeElement === el};
  panel.style.backgroundColor = '';
  return out;
}"""


def test_the_panels_focus_ring_is_3_to_1_on_white_and_on_grey(browser, site_url, site_dir):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    measured = []
    for rel, kinds in (("sixtysix/rules.html", (".widget-button", ".widget-text input")),
                       ("bezique/declarations.html", (".widget-dropdown select",))):
        for kind in kinds:
            for grey in (False, True):
                page.goto(f"{site_url}/{rel}")
                _settle(page, site_dir, rel)
                got = page.evaluate(RING, [kind, grey])
                assert got is not None, f"{rel}: no {kind} in a panel"
                assert got["focused"], (rel, kind)
                assert got["style"] != "none" and got["width"] >= 2, (rel, kind, got)
                assert got["face"] >= 3 and got["round"] >= 3, (rel, kind, "grey" if grey else "white", got)
                measured.append(f"{kind} on {'grey' if grey else 'white'}: {min(got['face'], got['round']):.1f}:1")
    context.close()
    print("\n[focus ring] " + "; ".join(measured))


def test_a_card_played_from_the_keyboard_keeps_the_focus_in_the_hand_and_the_move_is_read_out(page, site_url):
    game = GAMES["sixtysix"]
    panel, _, _ = open_panel(page, site_url, game)
    region = panel.locator(".tutor-live [role=status][aria-live=polite]")
    expect(region).to_have_count(1)
    before = region.inner_text()
    handle = region.element_handle()
    card = panel.locator(".tutor-cards[aria-label='your hand'] button.tutor-card-button:not([disabled])").first
    code = card.get_attribute("data-card")
    card.focus()
    page.keyboard.press("Enter")
    # the same region element (kept, not made afresh) now says the card played
    expect(panel.locator(".tutor-cards[aria-label='your hand']")).not_to_have_attribute("data-cards", re.compile(rf"\b{re.escape(code)}\b"),
                                                                                       timeout=30_000)
    page.wait_for_function("el => el.isConnected && el.textContent.length > 0", arg=handle, timeout=30_000)
    said = page.evaluate("el => el.isConnected ? el.textContent : null", handle)
    assert said is not None, "the live region was made afresh: a new region's text is not read out"
    assert said != before and "Score: " in said, said
    page.wait_for_timeout(1000)  # the computer's answer, then the hand drawn again
    focused = page.evaluate("() => { const a = document.activeElement; const row = a && a.closest('.tutor-cards');"
                            " return row ? row.getAttribute('aria-label') : (a ? a.tagName : null); }")
    assert focused == "your hand", f"the focus went to {focused}"
    assert not page.evaluate("() => document.activeElement === document.body")
