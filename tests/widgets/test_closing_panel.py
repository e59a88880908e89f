"""The closing trainer's panel driven as a reader would: a position set up by code and actions, or
dealt; the choices weighed; a bad action shown in the engine's words."""

import re

import pytest

from tutor.games import load


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_position_set_up_by_code_and_actions_is_weighed_as_the_engine_weighs_it():
    from tutor.games.sixtysix.trainer import weigh
    from tutor.widgets.closing import ClosingTrainer

    game = load("sixtysix")
    code = game.deal(seed=5).code
    p = ClosingTrainer(seed=code, actions="")
    state = p.state
    lead = next(str(a) for a in state.legal_actions() if str(a).startswith("play"))
    p.actions.value = lead
    p.set_button.click()
    assert p.state.phase.value == "follow" and p.message.value == ""
    p.weigh_button.click()  # a card to follow: nothing to close
    assert "tutor-error" in p.message.value and "on lead" in p.message.value
    reply = next(str(a) for a in p.state.legal_actions())
    p.actions.value = f"{lead}, {reply}"
    p.set_button.click()
    assert p.message.value == "" and len(p.state.tricks) == 1
    p.hindsight.value = True
    p.weigh_button.click()
    expected = weigh(p.state, known=True)
    shown = text(p.result.value)
    for c in expected.choices:
        assert f"{c.choice}" in shown and f"{c.game_points:+.2f}" in shown
    assert "hindsight" in shown and "best is to" in shown


def test_a_dealt_position_lets_the_stock_be_closed_and_a_bad_action_is_refused_in_words():
    from tutor.widgets.closing import ClosingTrainer

    p = ClosingTrainer(game="schnapsen")
    p.deal_button.click()
    assert p.state.code == p.source.value and "close" in [str(a) for a in p.state.legal_actions()]
    assert len(p.state.history) == len(p.actions.value.split(","))
    p.samples.value = 5
    p.weigh_button.click()
    assert "dealt at random 5 times" in text(p.result.value)
    before = p.state
    p.actions.value = "play ZZ"
    p.set_button.click()
    assert "tutor-error" in p.message.value and "ZZ" in p.message.value
    assert p.state is before


@pytest.mark.parametrize("samples", [50, 0, "20", 20.0, None])
def test_a_number_of_samples_not_offered_is_refused_naming_it(samples):
    from tutor.errors import TutorError, shorten
    from tutor.widgets.closing import SAMPLES, ClosingTrainer

    with pytest.raises(TutorError, match="5, 10, 20 times") as err:
        ClosingTrainer(samples=samples)
    assert err.value.token == shorten(repr(samples)) and repr(samples) in str(err.value) and err.value.legal == SAMPLES
