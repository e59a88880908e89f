"""The Tute panel driven as a reader would: Spanish cards, the claim pressed by the reader, undo,
hints, the counting drill."""

import random
import re

from .conftest import clickable, play_by_clicks, press_refused, text


def test_a_whole_game_is_played_by_clicks_in_spanish_cards():
    from tutor.widgets.tute import TutePanel

    p = TutePanel(seed=2)
    rng = random.Random(5)

    def click(s, cards):
        assert "tutor-card-spanish" in p.hand_row.widget.cards[0]["svg"] and 'data-pack="spanish40"' in p.board.value
        assert all(re.fullmatch(r"[A3RCS2-7] (oro|cop|esp|bas)", b.description) for b in cards)
        assert all(re.fullmatch(r"\w+ de (oros|copas|espadas|bastos)", b.tooltip) for b in cards)  # named in Spanish
        buttons = [b for b in (p.sing_button, p.exchange_button, p.capote_button) if not b.disabled]
        me = s.match.seat_of("you")
        if not p.claim_button.disabled and s.state.scores()[("elder", "younger")[int(me)]] >= 101:
            p.claim_button.click()  # the reader claims: nobody does it for him
        else:
            rng.choice(cards + buttons).click()

    play_by_clicks(p, click, 800, "reckoning of this deal")
    assert p.session.is_over and "game is over" in p.prompt.value
    assert "Card(" not in " ".join(p.session.log)


def test_the_claim_is_the_readers_button_and_a_false_one_loses():
    from tutor.widgets.tute import TutePanel

    p = TutePanel(seed=3)
    assert not p.claim_button.disabled and p.claim_button.description == "Claim 101!"
    p.claim_button.click()
    assert p.session.is_over and "computer wins" in p.prompt.value.lower()
    assert "false claim" in text(p.view.value)


def test_a_refusal_is_shown_in_parletts_words_and_changes_nothing():
    from tutor.widgets.tute import TutePanel

    p = TutePanel(seed=1)
    press_refused(p, p.exchange_button, "Parlett")  # as if pressed at once: no trick won yet


def test_undo_and_hint():
    from tutor.widgets.tute import TutePanel

    p = TutePanel(seed=4)
    before = p.session.state.to_json()
    p.hint_button.click()
    assert "The computer would" in p.message.value
    clickable(p)[0].click()
    assert p.session.state.to_json() != before
    p.undo_button.click()
    assert p.session.state.to_json() == before


def test_the_counting_drill_hides_the_points_and_checks_the_count():
    from tutor.widgets.tute import TutePanel

    p = TutePanel(seed=6, ask_count=True)
    for _ in range(12):
        if p.session.is_over or p.session.between_deals:
            break
        clickable(p)[0].click() if clickable(p) else p.sing_button.click()
    assert "?" in text(p.view.value) and "scoring so far" not in p.view.value
    me = ("elder", "younger")[int(p.session.match.seat_of("you"))]
    true = p.session.state.scores()[me]
    p.count.value = str(true + 3)
    p.count_button.click()
    assert "Not quite" in p.message.value and f"you have {true}" in p.message.value
    p.count.value = str(true)
    p.count_button.click()
    assert "Right" in p.message.value and "1 of 2" in p.message.value
    p.count.value = "lots"
    p.count_button.click()
    assert "tutor-error" in p.message.value and "lots" in p.message.value


def test_playing_on_past_the_target_is_caught():
    from tutor.games.tute.state import TuteDeal
    from tutor.widgets.tute import TutePanel

    p = TutePanel(seed=8)
    d = p.session.state
    assert isinstance(d, TuteDeal)
    me = int(p.session.match.seat_of("you"))
    d.played_on.append((me, 104, 3))  # as after a move made with 104 unclaimed
    p.refresh()
    assert "played on without claiming" in p.view.value
