import logging
import re
from collections.abc import Callable

import pytest

from tutor.games.stock.actions import Play


@pytest.fixture(autouse=True)
def fail_on_callback_errors(caplog):
    """ipywidgets' Button.click() swallows exceptions raised in callbacks and only logs them on the
    traitlets logger: turn any such record into a failure, or a broken panel stays green."""
    caplog.set_level(logging.WARNING)
    yield
    bad = [r for r in caplog.records if r.levelno >= logging.WARNING and ("callback" in r.getMessage().lower() or r.exc_info)]
    assert not bad, "a widget callback raised: " + "; ".join(r.getMessage() for r in bad)


# -- helpers for the panel tests (imported: ``from .conftest import text, clickable, ...``) ---------
def text(html: str) -> str:
    """A panel's HTML as the reader reads it: the tags gone, the spaces run together."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def clickable(panel) -> list:
    """The card buttons of the reader's hand that may be clicked now."""
    return [b for b in panel.hand_row.children if not b.disabled]


def play_by_clicks(panel, click: Callable, steps: int, *reckoning: str) -> int:
    """Drive a play panel of the Sixty-Six family through its game, at most ``steps`` clicks: between
    deals, check that the next deal may be asked for and the reckoning is shown (each of ``reckoning``
    in it), and ask for it; otherwise check that a card may be clicked exactly when the rules let it
    be played, let ``click(session, cards)`` click something, and check that no error is shown.
    Returns how many deals were finished and reckoned."""
    deals = 0
    for _ in range(steps):
        s = panel.session
        if s.is_over:
            break
        if s.between_deals:
            shown = text(panel.view.value)
            assert not panel.next_button.disabled and all(r in shown for r in reckoning), shown
            panel.next_button.click()
            deals += 1
            continue
        cards = clickable(panel)
        assert len(cards) == len([a for a in s.legal_actions() if isinstance(a, Play)]), \
            "a card is clickable exactly when the rules let it be played"
        click(s, cards)
        assert "tutor-error" not in panel.message.value, panel.message.value
    return deals


def press_refused(panel, button, source: str) -> None:
    """Press ``button`` as if it were enabled when the rules refuse its move: the panel shows the
    error naming ``source`` and the game is as it was."""
    before = panel.session.state.to_json()
    button.disabled = False
    button.click()
    assert "tutor-error" in panel.message.value and source in panel.message.value, panel.message.value
    assert panel.session.state.to_json() == before
