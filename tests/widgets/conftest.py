import logging

import pytest


@pytest.fixture(autouse=True)
def fail_on_callback_errors(caplog):
    """ipywidgets' Button.click() swallows exceptions raised in callbacks and only logs them on the
    traitlets logger: turn any such record into a failure, or a broken panel stays green."""
    caplog.set_level(logging.WARNING)
    yield
    bad = [r for r in caplog.records if r.levelno >= logging.WARNING and ("callback" in r.getMessage().lower() or r.exc_info)]
    assert not bad, "a widget callback raised: " + "; ".join(r.getMessage() for r in bad)
