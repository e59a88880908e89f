"""Every refusal names the rule it breaks, with its source, and changes nothing.

Two kinds of test. For each game, a table of refusals reached from real deals, each checked for the
words of the rule and of its source. And over the registry, a sweep: every kind of action a game
has (gathered from the legal actions of random deals) is tried where it is not legal, and every
refusal must name one of the game's sources (the pattern the game declares, ``CITES``) and leave
the state exactly as it was. A new refusal without a source fails the sweep.
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


# -- Piquet ------------------------------------------------------------------------------------------


def test_piquet_refusals_name_their_laws():
    piquet = load("piquet")
    s = piquet.deal(seed=3)
    refused(s, "discard 8C 9H 8H" if "8H" not in str(s.hand(0)) else "discard AS", "does not hold", "Cavendish, Laws 21-22")
    hand = list(s.hand(0))
    refused(s, "discard " + " ".join(map(str, hand[:6])), "1 to 5", "Cavendish Law 21")
    refused(s, "play " + str(hand[0]), "exchange", "Parlett's Piquet rules, The exchange")
    s = advance(s, lambda x: x.phase.value == "call")
    mine = list(s.hand(s.to_move))
    mixed = [c for c in mine if c.suit is mine[0].suit][:1] + [c for c in mine if c.suit is not mine[0].suit][:2]
    refused(s, "call " + " ".join(map(str, mixed)), "is not a point", "a point is cards of one suit", "Cavendish, Law 62")
    refused(s, "good", "declaring the point", "Parlett's Piquet rules, Declarations")
    s = advance(s, lambda x: x.phase.value == "play" and x.tricks and x.tricks[-1][2] < 0
                and set(x.hand(x.to_move)) - {a.card for a in x.legal_actions()})
    off = sorted(set(s.hand(s.to_move)) - {a.card for a in s.legal_actions()}, key=str)[0]
    refused(s, f"play {off}", "must follow", "Parlett's Piquet rules, Tricks")
    refused(s, "pass", "the cards are being played", "Tricks")


# -- Counterpique ------------------------------------------------------------------------------------


def test_counterpique_refusals_name_parletts_sections():
    cp = load("counterpique")
    s = advance(cp.deal(seed=1), lambda x: x.phase.value == "auction")
    refused(s, "stand", "Bidding")
    refused(s, "play AS", "Parlett's Counterpique")
    s = advance(s, lambda x: x.phase.value == "draw", random.Random(2))
    limit = s._draw_limit(s.to_move)
    refused(s, "discard " + " ".join(map(str, list(s.hand(s.to_move))[: limit + 1])), "Drawing cards")
    s = advance(s, lambda x: x.phase.value == "play" and x.tricks and x.tricks[-1][2] < 0
                and set(x.hand(x.to_move)) - {a.card for a in x.legal_actions()}, random.Random(3))
    off = sorted(set(s.hand(s.to_move)) - {a.card for a in s.legal_actions()}, key=str)[0]
    refused(s, f"play {off}", "must follow", "Parlett's Counterpique, Play")


# -- Le Truc -----------------------------------------------------------------------------------------


def test_truc_refusals_name_the_french_rules():
    truc = load("truc")
    s = truc.deal(seed=1)
    refused(s, "double", "call for cards", "the French rules of Le Truc, Appel de cartes")
    s = advance(s, lambda x: x.phase.value == "play")
    refused(s, "accept", "no proposal", "the French rules of Le Truc, Enchères")
    held = set(s.hand(s.to_move))
    other = next(c for c in truc.deal(seed=2).hand(0) if c not in held)
    refused(s, f"play {other}", "does not hold", "the French rules of Le Truc, Déroulement")
    s.apply("double")
    refused(s, "play " + str(list(s.hand(s.to_move))[0]), "must first accept or refuse", "Enchères")


# -- Bezique -----------------------------------------------------------------------------------------


def test_bezique_refusals_name_the_account_and_foster():
    bezique = load("bezique")
    s = bezique.deal(seed=6)
    refused(s, "close", "cannot be closed", "the nineteenth-century Bezique account", "no closing")
    refused(s, "claim", "nothing to claim", "nineteenth-century")
    refused(s, "draw", "nothing to draw", "the winner of a trick declares if he will, then draws")
    refused(s, "declare bezique QS JD", "only after winning a trick", "Foster's Complete Hoyle")
    s = advance(s, lambda x: x.phase.value == "declare")
    refused(s, "play " + str(list(s.hand(s.to_move))[0]), "won the trick", "then draws first")


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
