"""The card component every panel shares (tutor.widgets.CardRow over the CardHand anywidget):
what it sends to the browser, what a click does, and what a screen reader is told."""

from __future__ import annotations

import re

import pytest

from tutor.cards import Card
from tutor.errors import TutorError
from tutor.widgets import CardRow, Panel
from tutor.widgets.cards import CSS, ESM, CardHand


def cards(*codes: str) -> list[Card]:
    return [Card(c) for c in codes]


def test_a_hand_that_shrinks_and_fills_again_sends_every_card_each_time():
    # The bug this component replaces: buttons hidden when a hand shrank stayed hidden in JupyterLite
    # when it filled again. The row now sends the whole hand on every change, one entry per card.
    row = CardRow(lambda c: None)
    for hand in (cards("7S", "8S", "AS"), cards("7S"), [], cards("KH", "QH", "JH", "TH")):
        row.show(hand)
        assert [c["code"] for c in row.widget.cards] == [str(c) for c in hand]
        assert len(row.children) == len(hand)
        assert all(c["enabled"] for c in row.widget.cards)


def test_each_card_is_named_in_words_and_the_two_copies_are_told_apart():
    row = CardRow(lambda c: None)
    row.show(cards("KH", "QS", "QS'"))
    labels = [c["label"] for c in row.widget.cards]
    assert labels == ["king of hearts", "queen of spades", "queen of spades, second copy"]
    first, second = row.widget.cards[1]["svg"], row.widget.cards[2]["svg"]
    assert first != second and ">2</text>" in second and ">2</text>" not in first
    # the drawing inside the button is hidden from screen readers: the button carries the name
    assert all('aria-hidden="true"' in c["svg"] and "<title>" not in c["svg"] for c in row.widget.cards)


def test_selection_and_disabled_cards_are_sent_and_a_selecting_row_says_pressed():
    row = CardRow(lambda c: None)
    row.show(cards("KH", "QH", "JH"), enabled={Card("QH")})
    assert row.widget.selectable is False
    assert [c["enabled"] for c in row.widget.cards] == [False, True, False]
    row.show(cards("KH", "QH", "JH"), selected=set())
    assert row.widget.selectable is True and not any(c["selected"] for c in row.widget.cards)
    row.show(cards("KH", "QH", "JH"), selected={Card("JH")})
    assert [c["selected"] for c in row.widget.cards] == [False, False, True]
    assert [b.button_style for b in row.children] == ["", "", "info"]
    # the front end turns these into aria-pressed and the disabled attribute
    assert 'setAttribute("aria-pressed"' in ESM and "b.disabled = !c.enabled" in ESM


def test_a_click_arrives_by_the_card_code_and_a_stale_click_does_nothing():
    got: list[Card] = []
    row = CardRow(got.append)
    row.show(cards("KH", "QH"))
    row.widget._message(row.widget, {"event": "click", "code": "QH"}, [])
    row.children[0].click()
    assert got == cards("QH", "KH")
    row.show(cards("KH"))
    row.widget._message(row.widget, {"event": "click", "code": "QH"}, [])  # clicked before the redraw
    row.widget._message(row.widget, {"event": "other"}, [])
    assert got == cards("QH", "KH")


def test_a_refused_click_is_shown_in_the_panel():
    class Picky(Panel):
        def __init__(self):
            super().__init__()
            self.row = CardRow(self.guard(self.pick))

        def pick(self, card: Card) -> None:
            raise TutorError(f"{card} may not be played now")

    p = Picky()
    p.row.show(cards("KH"))
    p.row.children[0].click()
    assert "tutor-error" in p.message.value and "KH may not be played now" in p.message.value


def test_the_component_is_an_anywidget_whose_module_renders_buttons():
    w = CardHand(lambda code: None)
    assert w._model_module == "anywidget" and "export default" in ESM and "tutor-card-button" in ESM


def _luminance(hex_colour: str) -> float:
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG 2.x contrast ratio of two colours."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("rule", ["tutor-selected{", "focus-visible{"])
def test_selected_outline_and_focus_ring_contrast_at_least_3_to_1(rule):
    # WCAG 2.2 success criteria 1.4.11 (non-text contrast) and 2.4.13 (focus appearance): 3:1
    # against what is next to them, the white of the card and of the page.
    body = CSS[CSS.index(rule):].split("}", 1)[0]
    colours = re.findall(r"#[0-9a-fA-F]{6}", body)
    assert colours, body
    assert min(contrast(c, "#ffffff") for c in colours) >= 3
    assert re.search(r"(outline|box-shadow):[^;]*3px", body), "the ring is at least 3 px wide"


def test_contrast_helper_against_known_ratios():
    # black on white is 21:1 and a colour against itself 1:1 (WCAG 2.x definition)
    assert round(contrast("#000000", "#ffffff"), 2) == 21.0
    assert contrast("#1d4ed8", "#1d4ed8") == 1.0


def test_an_error_on_show_is_cleared_by_the_next_thing_that_works():
    class Picky(Panel):
        def __init__(self):
            super().__init__()
            self.row = CardRow(self.guard(self.pick))

        def pick(self, card: Card) -> None:
            if card == Card("KH"):
                raise TutorError("not the king")

    p = Picky()
    p.row.show(cards("KH", "QH"))
    p.row.children[0].click()
    assert "not the king" in p.message.value
    p.row.children[1].click()
    assert p.message.value == ""
    p.say("Well played.", True)
    p.row.children[1].click()  # a note that is not an error stays until a panel replaces it
    assert "Well played." in p.message.value


def test_cards_just_taken_in_are_marked_and_say_so():
    row = CardRow(lambda c: None)
    row.show(cards("KH", "QH", "JH"), new=cards("QH"))
    assert [c["new"] for c in row.widget.cards] == [False, True, False]
    assert row.widget.cards[1]["label"] == "queen of hearts, just taken in"
    assert 'c.new ? " tutor-new"' in ESM and ".tutor-card-button.tutor-new::before" in CSS


def test_the_table_marks_the_cards_taken_in_from_the_talon():
    from tutor.widgets.table import TablePanel

    p = TablePanel("piquet", seed=5)
    assert not any(c["new"] for c in p.hand_row.widget.cards)  # before the reader's exchange
    p.hand_row.children[0].click()  # one card selected to discard
    press = [b for r in p.choices.children for b in r.children if getattr(b, "description", "").endswith("the selected cards")]
    press[0].click()
    if p.choices.children and "Which?" in getattr(p.choices.children[0].children[0], "value", ""):
        p.choices.children[0].children[1].click()  # the cards left in the talon shown or not: either
    seat = p.session.state.table.seat(p.session.match.seat_of("first"))
    taken = set(map(str, p.session.state.view(seat)["taken_in"]))
    assert taken and {c["code"] for c in p.hand_row.widget.cards if c["new"]} == taken


def test_a_panel_written_against_the_old_row_still_works():
    # new games' panels (on the existing bases) call CardRow(on_click, size=...) and read
    # .children / .buttons, each with .click(), .disabled, .description and .layout.display
    got: list[Card] = []
    row = CardRow(got.append, size=3)
    row.show(cards("7S", "8S", "AS"), enabled={Card("8S")})
    assert [b.description for b in row.buttons] == ["7♠", "8♠", "A♠"] and row.buttons == row.children
    assert [b.disabled for b in row.children] == [True, False, True]
    assert all(b.layout.display == "" for b in row.widget.children)  # walkers of a widget tree find the cards
    next(b for b in row.children if not b.disabled).click()
    assert got == [Card("8S")]
