"""The panels' colours read by everyone: the contrast ratios WCAG 2.2 asks (1.4.3 text 4.5:1, 1.4.11
and 2.4.13 a focus ring 3:1), computed from the colours the code draws with (WCAG's relative
luminance; CSS's grayscale filter and opacity as the CSS Filter Effects spec defines them)."""

from __future__ import annotations

import re

import pytest

from tutor.cards import Suit
from tutor.render import _COLOURS
from tutor.render.spanish import SUIT_COLOURS
from tutor.widgets import CSS
from tutor.widgets.cards import CSS as CARD_CSS

WHITE, CARD_CREAM, BUTTON_GREY, TABLE_GREY = "#ffffff", "#fffdf7", "#eeeeee", "#f9fafb"


def rgb(colour: str) -> tuple[float, float, float]:
    h = colour.lstrip("#")
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def luminance(c: tuple[float, float, float]) -> float:
    lin = [x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def ratio(a: str | tuple, b: str | tuple) -> float:
    la, lb = (luminance(rgb(x) if isinstance(x, str) else x) for x in (a, b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def greyed(colour: str, opacity: float, ground: str = WHITE) -> tuple[float, float, float]:
    """``colour`` under ``filter: grayscale(1)`` and ``opacity``, over ``ground``."""
    r, g, b = rgb(colour)
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b  # the grayscale(1) matrix of Filter Effects 1
    return tuple(opacity * y + (1 - opacity) * x for x in rgb(ground))  # type: ignore[return-value]


def test_the_ratio_is_wcags():
    assert ratio("#000000", "#ffffff") == pytest.approx(21)
    assert ratio("#64b5f6", WHITE) == pytest.approx(2.21, abs=0.01)  # ipywidgets' own focus ring, as measured


@pytest.mark.parametrize("suit", list(Suit))
def test_each_spanish_suit_ink_reads_on_the_card(suit):
    """Tute's corner letters are drawn in the suit's ink on the card's cream: 4.5:1 at least."""
    assert ratio(SUIT_COLOURS[suit], CARD_CREAM) >= 4.5, (suit, SUIT_COLOURS[suit])


def test_a_greyed_card_still_reads():
    """A card that may not be played now is grey and faded; its letters stay 4.5:1 on white."""
    opacity = float(re.search(r"\[disabled\]\{[^}]*opacity:([.\d]+)", CARD_CSS).group(1))
    assert "grayscale(1)" in re.search(r"\[disabled\]\{[^}]*\}", CARD_CSS).group(0)
    for ink in _COLOURS.values():
        assert ratio(greyed(ink, opacity), WHITE) >= 4.5, (ink, opacity)
    assert opacity < 1  # still told apart from a card that may be played


def test_the_focus_ring_of_buttons_boxes_and_selects_is_3_to_1_on_white_and_grey():
    rule = re.search(r"([^{}]*)\{outline:3px solid (#[0-9a-f]{6}) !important", CSS)
    assert rule is not None, "the panels' CSS sets no focus ring"
    selectors, ring = rule.group(1), rule.group(2)
    for target in (".jupyter-button", "input:focus", "select:focus", "textarea:focus"):
        assert target in selectors
    for ground in (WHITE, BUTTON_GREY, TABLE_GREY):
        assert ratio(ring, ground) >= 3, (ring, ground)
