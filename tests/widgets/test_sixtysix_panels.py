"""The Sixty-Six panel driven as a reader would: click cards and buttons, read what it shows."""

import random

import pytest

from .conftest import clickable, play_by_clicks, press_refused, text


@pytest.mark.parametrize("game", ["sixtysix", "schnapsen", "oldmariage", "mariage", "tausendeins"])
def test_a_whole_game_is_played_by_clicks_with_every_card_drawn_as_a_button(game):
    from tutor.widgets.sixtysix import PlayPanel

    p = PlayPanel(seed=2, game=game)
    rng = random.Random(5)

    def click(s, cards):
        assert len(p.hand_row.children) == len(s.state.hand(int(s.match.seat_of("you"))))
        buttons = [b for b in (p.show_button, p.exchange_button, p.close_button, p.out_button) if not b.disabled]
        if game == "tausendeins" and s.state.total(int(s.match.seat_of("you"))) < 1001:
            buttons = [b for b in buttons if b is not p.out_button]  # a false claim ends the game at once (tested in test_tausendeins)
        rng.choice(cards + buttons).click()

    hands = play_by_clicks(p, click, 600, "reckoning of this hand")
    assert p.session.is_over and hands >= 1
    assert "game is over" in p.prompt.value
    assert "Card(" not in " ".join(p.session.log)


def test_a_refused_move_is_shown_in_pagats_words_and_changes_nothing():
    from tutor.widgets.sixtysix import PlayPanel

    p = PlayPanel(seed=1)
    press_refused(p, p.exchange_button, "pagat.com")  # as if pressed at once: no trick won yet


def test_undo_takes_back_the_readers_move_and_the_computers_answer():
    from tutor.widgets.sixtysix import PlayPanel

    p = PlayPanel(seed=3)
    first = str(p.session.state.hand(0))
    clickable(p)[0].click()
    assert str(p.session.state.hand(0)) != first
    p.undo_button.click()
    assert str(p.session.state.hand(0)) == first and "Taken back" in p.message.value


def test_a_finished_hand_shows_what_closing_would_have_made_and_a_hint_names_a_legal_move():
    from tutor.widgets.sixtysix import PlayPanel

    p = PlayPanel(seed=4)
    p.hint_button.click()
    said = p.message.value
    assert "The computer would:" in said
    move = said.split("would: ")[1].split(".<")[0].rstrip(".")
    assert p.session.state.why_illegal(move) is None, move
    rng = random.Random(2)
    while not p.session.between_deals and not p.session.is_over:
        choice = rng.choice(clickable(p))
        choice.click()
    assert "Closing or playing on?" in p.view.value
    assert "Before trick 1, you could have closed with 0" in text(p.view.value)
    assert p.hint_button.disabled


@pytest.mark.parametrize("game", ["sixtysix", "schnapsen"])
def test_close_or_play_on_weighs_the_readers_lead_from_what_he_can_see_and_changes_nothing(game):
    from tutor.widgets.sixtysix import PlayPanel

    p = PlayPanel(seed=6, game=game)
    assert not p.weigh_button.disabled  # the reader leads the first hand, and the stock may be closed
    before = p.session.state.to_json()
    p.weigh_button.click()
    said = text(p.message.value)
    assert "From what you can see: close" in said and "play on" in said and "dealt at random 20 times" in said
    assert p.session.state.to_json() == before
    clickable(p)[0].click()  # a card led: nothing to weigh while the computer answers or after
    assert p.weigh_button.disabled == (p.session.state.to_move != 0 or bool(p.session.state.trick))


def test_mariage_has_no_closing_to_weigh():
    from tutor.widgets.sixtysix import PlayPanel

    p = PlayPanel(seed=1, game="mariage")
    assert p.weigh_button.layout.display == "none" and p.weigh_button.disabled
