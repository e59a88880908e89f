"""The table panel's computer level, its "thinking" cue and the review of a deal, driven as a reader
would (the picker, the buttons). The strong players here are test doubles (tests/weighers.py)."""

from __future__ import annotations

import random

import pytest

from tests.weighers import FirstWeigher, TableWeigher
from tests.widgets.test_table_panels import reader_move
from tutor.errors import TutorError
from tutor.games import GAMES
from tutor.review import review_session
from tutor.widgets.table import THINKING_CSS, TablePanel

from .conftest import text


class Counting(TableWeigher):
    """The test double, counting its choices and noting the panel's cue at each."""

    def __init__(self, panel=None):
        super().__init__()
        self.panel, self.chosen, self.cues = panel, 0, []

    def choose(self, seat):
        self.chosen += 1
        if self.panel is not None:
            self.cues.append(self.panel.thinking.value)
        return super().choose(seat)


def strong_is(panel, player) -> None:
    """The game's strong level gives ``player`` (the test double) in this panel."""
    panel.game.strong_bot = lambda: player


def to_the_end_of_the_deal(p: TablePanel, rng: random.Random) -> None:
    for _ in range(500):
        if p.session.state.is_over:
            return
        assert p.review_button.disabled  # no review before the deal ends
        reader_move(p, rng)
        assert "tutor-error" not in p.message.value, p.message.value
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("name", list(GAMES))
def test_the_level_picker_puts_the_strong_player_at_the_computers_seats(name):
    p = TablePanel(name, seed=4)
    assert p.level_picker.value == "beginner" and p.level == "beginner"
    double = Counting()
    strong_is(p, double)
    p.level_picker.value = "strong"
    assert "tutor-error" not in p.message.value, p.message.value
    assert p.level == "strong" and p.session.bot.bot is double
    rng = random.Random(2)
    for _ in range(40):  # until the computer has had a move to make
        if double.chosen or p.session.is_over:
            break
        if p.session.between_deals:
            p.next_button.click()
        else:  # a move of the reader's (no claim: a claim may end the match before the computer moves)
            p.guard(p.act)(rng.choice([a for a in p.session.legal_actions() if str(a) != "claim"]))
        assert "tutor-error" not in p.message.value, p.message.value
    assert double.chosen, "the computer seats are played at the level picked"
    p.level_picker.value = "beginner"
    assert p.level == "beginner" and p.session.bot.bot is not double


def test_a_level_the_game_cannot_give_is_refused_in_words_and_the_picker_goes_back():
    p = TablePanel("sixtysix", seed=1)
    before = p.session.bot

    def none():
        raise TutorError("Sixty-Six has no strong computer player yet", token="sixtysix")

    p.game.strong_bot = none
    p.level_picker.value = "strong"
    assert "tutor-error" in p.message.value and "no strong computer player" in p.message.value
    assert p.level_picker.value == "beginner" and p.level == "beginner" and p.session.bot is before
    with pytest.raises(TutorError, match="no computer level"):
        p.set_level("expert")


def test_the_thinking_cue_is_set_before_the_computer_moves_and_cleared_after():
    p = TablePanel("sixtysix", seed=2)
    double = Counting(p)
    strong_is(p, double)
    p.level_picker.value = "strong"
    seen = []
    p.thinking.observe(lambda change: seen.append(change["new"]), names="value")
    rng = random.Random(3)
    while not double.chosen:
        reader_move(p, rng)
    assert all("The computer is thinking" in cue for cue in double.cues)  # on before each choice was made
    assert p.thinking.value == "" and seen and seen[-1] == "" and "thinking" in seen[0]
    assert "tutor-thinking" in seen[0] and "animation:tutor-thinking-in 0s linear .3s" in THINKING_CSS
    assert THINKING_CSS in htmls(p.widget)  # the page has the rule that delays the cue


def htmls(widget) -> list[str]:
    """The values of every HTML widget in the panel's tree."""
    out = [widget.value] if isinstance(getattr(widget, "value", None), str) else []
    for child in getattr(widget, "children", ()):
        out += htmls(child)
    return out


def test_a_computer_that_fails_mid_move_is_shown_and_the_cue_cleared():
    p = TablePanel("sixtysix", seed=2)

    class Broken:
        def choose(self, seat):
            raise RuntimeError("no move")

    p.game.strong_bot = Broken
    p.level_picker.value = "strong"
    rng = random.Random(3)
    reader_move(p, rng)
    if "tutor-error" not in p.message.value:  # the computer had nothing to answer yet
        reader_move(p, rng)
    assert "tutor-error" in p.message.value and "no move" in p.message.value
    assert p.thinking.value == ""


@pytest.mark.parametrize("name", list(GAMES))
def test_review_this_deal_shows_the_review_and_plays_on_from_a_decision(name):
    p = TablePanel(name, seed=5)
    p.reviewer = FirstWeigher()
    to_the_end_of_the_deal(p, random.Random(11))
    assert not p.review_button.disabled
    p.review_button.click()
    assert "tutor-error" not in p.message.value, p.message.value
    rev = p.review
    assert rev is not None and rev.to_json() == review_session(p.session, weigher=FirstWeigher()).to_json()
    assert rev.summary() in text(p.review_view.value)
    buttons = list(p.play_on_box.children)
    assert len(buttons) == min(8, len(rev.decisions)) and buttons
    first = rev.ranked()[0]
    assert buttons[0].description == f"Play on from {first.where} ({first.seat})"
    buttons[0].click()
    assert "tutor-error" not in p.message.value, p.message.value
    s = p.session
    assert s.position == first.position and s.reader_to_move and s.state.turn.name == first.seat
    assert "Playing on from" in p.message.value
    assert p.review is None and p.review_view.value == "" and not p.play_on_box.children  # the review spoke of the deal before
    assert p.review_button.disabled


@pytest.mark.parametrize("name", ["bondtolva3", "truc"])
def test_playing_on_from_a_later_deal_of_a_match_keeps_the_totals_it_started_at(name):
    """The second deal of a match reviewed and played on from a decision: the panel's match is at
    the totals the first deal left (a Bondtolva race to 12, a Le Truc manche), not at nought."""
    p = TablePanel(name, seed=3)
    p.reviewer = FirstWeigher()
    p.out_button.click()  # the first deal, played out by the computer
    while p.session.between_deals:
        p.next_button.click()
    to_the_end_of_the_deal(p, random.Random(11))
    before = p.session.playing.standing_before_deal()
    assert any(before.values())
    p.review_button.click()
    assert "tutor-error" not in p.message.value, p.message.value
    first = p.review.ranked()[0]
    p.play_on_box.children[0].click()
    assert "tutor-error" not in p.message.value, p.message.value
    s = p.session
    assert s.position == first.position and s.reader_to_move
    assert s.playing.standing_before_deal() == before
    reader_move(p, random.Random(2))
    p.undo_button.click()
    assert s.position == first.position and s.playing.standing_before_deal() == before


def test_a_review_without_a_strong_player_is_refused_in_words():
    p = TablePanel("sixtysix", seed=5)
    to_the_end_of_the_deal(p, random.Random(1))

    def none():
        raise TutorError("Sixty-Six has no strong computer player yet", token="sixtysix")

    p.game.strong_bot = none
    p.review_button.click()
    assert "tutor-error" in p.message.value and "no strong computer player" in p.message.value
    assert p.review is None and p.thinking.value == ""
    p.guard(p.show_review)()  # pressed again, the same refusal, nothing swallowed
    assert "no strong computer player" in p.message.value
