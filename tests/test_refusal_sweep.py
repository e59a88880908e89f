"""A sweep over the registry: every refusal met in play names a source and changes nothing.

``tests/test_refusals.py`` provokes each kind of refusal of each game and checks the rule's own
words. This sweep is the net under it, for every registered game, including games to come: every
kind of action a game has (gathered from the legal actions of random deals) is tried where it is
not legal, and every refusal must name one of the game's sources (the pattern the game declares,
``CITES``) and leave the state exactly as it was.
"""

from __future__ import annotations

import random

import pytest

from tutor.errors import IllegalActionError, TutorError
from tutor.games import GAMES, load
from tutor.games.checks import snapshot


def advance(state, until, rng=None, limit=400):
    """Apply legal actions (the first, or random ones) until ``until(state)``."""
    for _ in range(limit):
        if until(state):
            return state
        actions = list(state.legal_actions())
        state.apply(rng.choice(actions) if rng else actions[0])
    raise AssertionError("the position was never reached")


def refused(state, action, *words):
    """``action`` is refused with every one of ``words`` in the message, and nothing changes."""
    before, code = snapshot(state), state.to_json()
    why = state.why_illegal(action)
    assert why is not None, f"{action!r} was legal"
    with pytest.raises(IllegalActionError) as e:
        state.apply(action)
    assert str(e.value) == why
    for w in words:
        assert w in why, f"{w!r} not in {why!r}"
    assert state.CITES is not None and state.CITES.search(why), f"no source named in {why!r}"
    assert snapshot(state) == before and state.to_json() == code
    return why


# -- the sweep over the registry ---------------------------------------------------------------------


def vocabulary(game, seeds=range(6)) -> list[str]:
    """Every action text seen legal in random deals: the kinds of action the game has."""
    seen: set[str] = set()
    rng = random.Random(0)
    for seed in seeds:
        s = game.deal(seed=seed)
        for _ in range(400):
            if s.is_over:
                break
            actions = list(s.legal_actions())
            seen.update(str(a) for a in actions[:60])
            s.apply(rng.choice(actions))
    return sorted(seen)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_refusal_met_in_play_names_a_source_and_changes_nothing(name):
    game = load(name)
    words = vocabulary(game)
    rng = random.Random(name)
    refusals = 0
    for seed in range(3):
        s = game.deal(seed=100 + seed)
        assert s.CITES is not None, f"{name} declares no pattern for its sources"
        for step in range(400):
            if s.is_over:
                break
            if step % 3 == 0:
                legal = {str(a) for a in s.legal_actions()}
                tries = rng.sample(words, min(25, len(words)))
                before = snapshot(s)
                for action in tries:
                    if action in legal:
                        continue
                    try:
                        s.parse_action(action)
                    except TutorError:
                        continue  # a notation error names the bad token; it breaks no rule of play
                    why = s.why_illegal(action)
                    if why is None:
                        continue  # the same words may be legal under another reading (a twin card)
                    refusals += 1
                    assert s.CITES.search(why), f"{name}: {action!r} refused without a source: {why}"
                assert snapshot(s) == before
            s.apply(rng.choice(list(s.legal_actions())))
    assert refusals > 100
