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
from tutor.games.checks import refuse_cited, snapshot


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
            if step % 3 == 0:  # each refusal names a source, apply() says the same, nothing changes
                refusals += refuse_cited(s, set(words), list(s.legal_actions()), rng, n=25)
            s.apply(rng.choice(list(s.legal_actions())))
    assert refusals > 100


# -- one citation a refusal --------------------------------------------------------------------------


def citations(text: str, cites) -> list[str]:
    """The outermost bracketed groups of ``text`` that name a source (``cites``, the game's pattern)."""
    groups, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            if depth == 0:
                groups.append(text[start:i + 1])
    return [g for g in groups if cites.search(g)]


def test_citations_finds_each_outer_group_that_names_a_source():
    import re

    cites = re.compile("pagat|Parlett")
    double = "cannot play 9S: must follow hearts (strict play: pagat.com, X ('follow (suit)'); legal: JH) (pagat.com, X: follow)"
    assert citations(double, cites) == ["(strict play: pagat.com, X ('follow (suit)'); legal: JH)", "(pagat.com, X: follow)"]
    assert citations("must follow (legal: JH) (David Parlett, Y)", cites) == ["(David Parlett, Y)"]


def _refusals_to_try(state, words, rng) -> list[str]:
    """Actions refused in ``state``: other kinds of action (``words``), cards not held, cards held
    but not legal to play."""
    legal = [str(a) for a in state.legal_actions()]
    out = [w for w in rng.sample(words, min(15, len(words))) if w not in legal]
    hand = [str(c) for c in state.view(state.turn).get("hand", ())]
    pack = sorted({str(c) for c in state.every_card()}) if hasattr(state, "every_card") else []
    plays = [a for a in legal if a.startswith("play ")]
    if plays:
        listed = {a.split()[1] for a in plays}
        out += [f"play {c}" for c in hand if c not in listed]  # held, not legal
        out += [f"play {c}" for c in rng.sample(pack, min(6, len(pack))) if c not in hand and c not in listed]  # not held
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_refusal_cites_its_rule_once(name):
    """'(strict play: ...; legal: JD) (pagat.com, ...)' cited one rule twice: a refusal names its
    source in one bracketed group, never in two."""

    game = load(name)
    words = vocabulary(game, seeds=range(3))
    rng = random.Random(f"once/{name}")
    checked = 0
    for seed in range(3):
        s = game.deal(seed=200 + seed)
        for step in range(300):
            if s.is_over:
                break
            if step % 2 == 0:
                for action in _refusals_to_try(s, words, rng):
                    try:
                        why = s.why_illegal(action)
                    except TutorError:
                        continue  # a notation error names the bad token
                    if why is None:
                        continue
                    checked += 1
                    found = citations(why, s.CITES)
                    assert len(found) <= 1, f"{name}: {action!r} cites its rule {len(found)} times: {why}"
                    assert s.CITES.search(why), f"{name}: {action!r} refused without a source: {why}"
            s.apply(rng.choice(list(s.legal_actions())))
    assert checked > 50
