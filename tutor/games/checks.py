"""The contract's checks as a function: play random deals of a game and check every promise.

``tests/test_contract.py`` runs these over every registered game, and the book's chapter on the
engine runs them over its small example game, so a new game can be checked before it is
registered:

>>> from tutor.games import load
>>> check_game(load("truc"), deals=2)["deals"]
2
"""

from __future__ import annotations

import collections
import json
import random
import re
from typing import Any

from ..errors import TutorError
from ..seats import Seat
from .contract import Outcome

__all__ = ["ContractBroken", "check_state", "play_out", "check_game", "snapshot", "JUNK"]

MAX_ACTIONS = 5_000

#: actions no game accepts: each must be refused with a TutorError, changing nothing
JUNK = ("", "play play", "play ZZ", "play 2S", "x" * 300, "declare nothing", "\u212aS", "discard ZZ", "bid", "42", "pass pass")


class ContractBroken(AssertionError):
    """A game state broke a promise of the contract."""


def _check(ok: object, message: str) -> None:
    if not ok:
        raise ContractBroken(message)


def snapshot(state: Any) -> str:
    """The whole state as text, to tell whether anything changed."""
    return json.dumps(state.to_json(), sort_keys=True, default=str)


def _tokens(data: Any) -> set[str]:
    if isinstance(data, dict):
        # "unseen" lists the cards a seat has not seen without saying where they are: no leak
        data = {k: v for k, v in data.items() if k != "unseen"}
    # a prime belongs to the card (AS' is the second ace of spades), so it does not split tokens
    return set(re.findall(r"[^\s\",\[\]{}:();.]+", json.dumps(data, default=str)))


def check_state(game: Any, state: Any) -> None:
    """Whose turn, totals as sums of steps, the pack conserved, and no seat shown a hidden card."""
    turn = state.turn
    _check((turn is None) == state.is_over, f"turn is {turn!r} but is_over is {state.is_over}")
    if turn is not None:
        _check(isinstance(turn, Seat) and turn.table is state.table, f"turn {turn!r} is not a seat of the state's table")
    sums: collections.Counter[str] = collections.Counter()
    for step in state.explanation():
        sums[step.player] += step.points
    for who, total in state.scores().items():
        _check(total == sums[who], f"{who}: total {total}, but the steps add to {sums[who]}")
    _check(collections.Counter(state.every_card()) == collections.Counter(game.pack.cards), "the cards of the deal are not the pack")
    for seat in state.table:
        view = state.view(seat)
        hidden = {str(c) for c in state.hidden(seat)}
        shown = _tokens(view) & hidden
        _check(not shown, f"{seat.name} is shown cards hidden from it: {sorted(shown)}")


def refuse_junk(state: Any, rng: random.Random, n: int = 3) -> None:
    before = snapshot(state)
    for junk in rng.sample(JUNK, n):
        try:
            state.apply(junk)
        except TutorError:
            pass
        else:
            raise ContractBroken(f"{junk!r} was accepted")
        _check(snapshot(state) == before, f"refusing {junk!r} changed the state")


def play_out(game: Any, state: Any, rng: random.Random, check_every: int = 1) -> int:
    """Play random legal actions to the end, checking as it goes. Returns the number of actions."""
    n = 0
    while not state.is_over:
        legal = list(state.legal_actions())
        _check(legal, f"{state!r}: not over, yet nothing is legal")
        action = rng.choice(legal)
        why = state.why_illegal(action)
        _check(why is None, f"the listed action {action} is refused: {why}")
        if n % check_every == 0:
            check_state(game, state)
            refuse_junk(state, rng)
        state.apply(action)
        n += 1
        _check(n < MAX_ACTIONS, "the deal does not end")
    check_state(game, state)
    out = state.outcome()
    _check(isinstance(out, Outcome) and out.reason, f"the deal is over but its outcome is {out!r}")
    return n


def check_game(game: Any, deals: int = 5, seed: int = 0, check_every: int = 1) -> dict:
    """Play ``deals`` random deals of ``game``; check codes, seeds, replays and every state on the way."""
    actions = 0
    for k in range(deals):
        rng = random.Random(f"{seed}/{k}")
        state = game.deal(seed=f"{seed}/{k}")
        _check(snapshot(state) == snapshot(game.deal(seed=f"{seed}/{k}")), "the same seed gave another deal")
        _check(snapshot(game.deal(code=state.code)) == snapshot(state), "the deal code does not give the deal back")
        actions += play_out(game, state, rng, check_every)
        again = game.deal(code=state.code)
        for a in state.history:
            again.apply(str(a))
        _check(snapshot(again) == snapshot(state), "replaying the history does not give the same state")
        json.dumps(state.to_json())
        _check("<" in state._repr_html_(), "the state does not draw itself")
    return {"game": game.name, "deals": deals, "actions": actions}
