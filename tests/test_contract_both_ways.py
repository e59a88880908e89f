"""The contract both ways, over every registered game: in every state reached in random play,
every listed action is accepted, and whatever is accepted is listed.

The second direction cannot be checked by listing everything a player might type, so each
state is probed with candidates made from the game's own notation: every kind of action met so
far in the deal (its words, with its cards replaced by each card the player to move can see,
and by that card's second copy, ``'``), two listed declarations joined with ``+``, and the
stock games' short forms (``close``, ``claim``, ``draw``, ``exchange`` of each card, a
declaration of each king and queen). A candidate ``why_illegal`` accepts must, once applied,
be one of the listed actions (compared as notation, the cards of each part in a fixed order).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tutor.cards import parse_card
from tutor.errors import TutorError
from tutor.games import GAMES, load
from tutor.games.checks import snapshot

NAMES = sorted(GAMES)
PER_STATE = 160  # candidates tried in a state (a random sample of those made), to keep CI fast
EVERY = 2  # probe every second state of a deal


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except TutorError:
        return False
    return True


def normalised(text: str) -> str:
    """An action's notation with the cards of each ``+`` part sorted (``declare KS QS`` and
    ``declare QS KS`` are one action), the parts after the first (announced, to score later) in a
    fixed order, and the cards read as faces: the two copies of a card in a two-pack game are the
    same card to play, and ``QS`` names the copy held (tutor.games.stock.actions)."""
    parts = []
    for part in text.split(" + "):
        words = part.split()
        cards = sorted(w.rstrip("'") for w in words if _is_card(w))
        parts.append(" ".join([w for w in words if not _is_card(w)] + cards))
    return " + ".join(parts[:1] + sorted(parts[1:]))  # the first scores now; those announced, in any order


def shape(text: str) -> str:
    """The kind of an action: its words, each card written ``#``."""
    return " ".join("#" if _is_card(w) else w for w in text.split())


def learn(seen: dict[str, list[str]], listed: list[str]) -> None:
    """Keep up to three examples of each kind of action met so far."""
    for text in listed:
        kept = seen.setdefault(shape(text), [])
        if len(kept) < 3 and text not in kept:
            kept.append(text)


def candidates(state: Any, seen: dict[str, list[str]], listed: list[str], rng: random.Random) -> set[str]:
    seat = state.turn
    hidden = {str(c) for c in state.hidden(seat)}
    pack = sorted({str(c) for c in state.every_card()})
    faces = sorted({c.rstrip("'") for c in pack})
    visible = [c for c in pack if c not in hidden]
    tokens = sorted(set(visible) | {c + "'" for c in faces if c in visible or c + "'" in visible})
    examples = [t for kept in seen.values() for t in kept] + rng.sample(listed, min(20, len(listed)))
    out: set[str] = set()
    for text in examples:
        words = tuple(text.split())
        spots = [i for i, w in enumerate(words) if _is_card(w)]
        if not spots:
            out.add(text)
            continue
        for i in rng.sample(spots, min(2, len(spots))):  # one card replaced by each card the player can see (and its copy)
            for t in tokens:
                out.add(" ".join(words[:i] + (t,) + words[i + 1:]))
        for _ in range(4):  # every card replaced at random
            w = list(words)
            for i in spots:
                w[i] = rng.choice(tokens)
            out.add(" ".join(w))
    declares = [a[len("declare "):] for a in listed if a.startswith("declare ")]
    for a in declares:
        for b in declares:
            if a != b:
                out.add(f"declare {a} + {b}")
    if hasattr(state, "spec"):  # the stock games' short forms
        out.update(("close", "claim", "draw", "pass"))
        for t in tokens:
            out.add(f"exchange {t}")
            out.add(f"play {t}")
        kings = [t for t in tokens if t[0] == "K"]
        for k in kings:
            for q in tokens:
                if q[0] == "Q" and q[1] == k[1]:
                    out.add(f"declare {k} {q}")
                    out.add(f"declare marriage {k} {q}")
    return out


def probe(state: Any, seen: dict[str, list[str]], rng: random.Random, limit: int = PER_STATE) -> int:
    """Check both directions in ``state``; returns how many candidates were tried."""
    listed = [str(a) for a in state.legal_actions()]
    for a in listed:
        assert state.why_illegal(a) is None, f"the listed {a!r} is refused: {state.why_illegal(a)}"
    allowed = {normalised(a) for a in listed}
    pool = sorted(candidates(state, seen, listed, rng) - set(listed))
    tried = rng.sample(pool, min(limit, len(pool)))
    before = snapshot(state)
    for text in tried:
        why = state.why_illegal(text)  # anything but a sentence or None is a crash: the test fails
        assert why is None or isinstance(why, str)
        if why is not None:
            continue
        after = state.clone()
        after.apply(text)
        done = str(after.history[-1]) if len(after.history) > len(state.history) else text
        assert normalised(done) in allowed or normalised(text) in allowed, (
            f"{text!r} is accepted (done as {done!r}) but not listed: {sorted(listed)}")
    assert snapshot(state) == before, "probing changed the state"
    return len(tried)


@pytest.mark.parametrize("name", NAMES)
def test_what_is_accepted_is_listed_and_what_is_listed_is_accepted(name):
    game = load(name)
    tried = states = k = 0
    while k < 3 or (states < 30 and k < 20):  # three deals, more where deals are short
        k += 1
        rng = random.Random(f"{name}/{k}")
        state = game.deal(seed=f"both/{k}")
        seen: dict[str, list[str]] = {}
        n = 0
        while not state.is_over:
            legal = [str(a) for a in state.legal_actions()]
            learn(seen, legal)
            if n % EVERY == 0:
                tried += probe(state, seen, rng)
                states += 1
            state.apply(rng.choice(legal))
            n += 1
    assert states >= 30 and tried >= 5 * states


def test_the_probe_catches_an_action_accepted_but_not_listed():
    """The check itself can fail: a state that lists one play fewer than it accepts is caught."""
    game = load("sixtysix")
    state = game.deal(seed=3)
    cls = type(state)
    real = cls.legal_actions

    def fewer(self):
        return list(real(self))[1:]

    state.__class__ = type(cls.__name__ + "Fewer", (cls,), {"legal_actions": fewer})
    with pytest.raises(AssertionError, match="accepted .* but not listed"):
        probe(state, {}, random.Random(0), limit=10_000)


# -- what the probe found ------------------------------------------------------------------------------


def _closed_with_exchange_card(name):
    """A deal of ``name`` where the stock has been closed and the player to move, on lead, holds
    the trump the exchange is made with, the turn-up still lying there."""
    game = load(name)
    for seed in range(200):
        rng = random.Random(seed)
        state = game.deal(seed=seed)
        while not state.is_over:
            legal = [str(a) for a in state.legal_actions()]
            if "close" in legal:
                state.apply("close")
                break
            state.apply(rng.choice(legal))
        while not state.is_over and state.closed_by is not None:
            p, rank = state.to_move, state._exchange_rank()
            mine = [c for c in state.hands[p] if c.rank is rank and c.suit is state.trump]
            if mine and state.turnup is not None and state.turnup.rank is not rank and not state.trick:
                return state, mine[0]
            state.apply(rng.choice(list(state.legal_actions())))
    raise AssertionError(f"no closed stock with the exchange card in hand in {name}")


@pytest.mark.parametrize("name", ["sixtysix", "schnapsen", "oldmariage"])
def test_no_exchange_of_the_turnup_once_the_stock_is_closed(name):
    """pagat.com (Sechsundsechzig, Schnapsen): the trump is exchanged while the stock is open;
    closing turns the turn-up down. The exchange was listed after a close by no one but accepted."""
    state, card = _closed_with_exchange_card(name)
    assert f"exchange {card}" not in [str(a) for a in state.legal_actions()]
    before = snapshot(state)
    why = state.why_illegal(f"exchange {card}")
    assert why is not None and "closed" in why and state.CITES.search(why), why
    with pytest.raises(TutorError):
        state.apply(f"exchange {card}")
    assert snapshot(state) == before


def test_the_published_replay_of_an_exchange_after_closing_is_refused():
    state = load("schnapsen").deal(seed=0)
    for a in ("play TD", "play QD", "close", "play KS", "play TS"):
        state.apply(a)
    assert "closed" in state.why_illegal("exchange JC")


ONE_PACK = [n for n in NAMES if hasattr(load(n).deal(seed=0), "spec") and n not in ("bezique", "gaigel", "gaigel3")]


def test_the_one_pack_games_are_the_twelve_named():
    assert len(ONE_PACK) == 12 and "tute" in ONE_PACK and "marjapussi" in ONE_PACK


@pytest.mark.parametrize("name", ONE_PACK)
def test_a_second_copy_of_a_card_in_a_one_pack_game_is_refused_by_name(name):
    """A one-pack game has no KD': the declaration was a KeyError, the play silently the KD."""
    from tutor.errors import IllegalActionError

    state = load(name).deal(seed=1)
    before = snapshot(state)
    for text in ("declare marriage KD' QD'", "play KD'", "exchange 7D'", "declare KD QD'"):
        why = state.why_illegal(text)
        assert why is not None and "there is no" in why and "'" in why.split(":")[0], why
        with pytest.raises(IllegalActionError) as e:
            state.apply(text)
        assert e.value.token in ("KD'", "QD'", "7D'")
        assert str(e.value).startswith(why.split(" (")[0])
    assert snapshot(state) == before


def test_bezique_a_marriage_and_a_bezique_sharing_the_queen_are_listed_and_accepted_together():
    """Foster's Complete Hoyle (1897), Bezique, 'Double Declarations': a card may serve in
    combinations of different classes, and a player laying down two at once scores one and
    announces the other, to score after a later trick (the seed account: 'If the queen of spades
    has been married, she may be again used to form a Bezique')."""
    state = load("bezique").deal(seed=1)
    for a in ("play TH", "play JH"):
        state.apply(a)
    listed = [str(a) for a in state.legal_actions()]
    both = "declare marriage KS' QS + bezique QS JD"
    assert both in listed and state.why_illegal(both) is None
    assert "declare bezique QS JD + marriage KS' QS" in listed
    state.apply(both)
    assert state.scores()["elder"] == 20 and sorted(map(str, state.laid[0])) == ["JD", "KS'", "QS"]
    # the bezique, announced, scores after the next trick won with its cards still on the table
    assert [(m.kind.key, m.scored) for m in state.melds if m.player == 0] == [("marriage", True), ("bezique", False)]
