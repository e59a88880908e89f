"""The engine held to the plain rules, position by position.

:func:`disagreements` asks both, at one position of a deal of the engine, for the legal actions,
for the refusal (and the rule it names) of a sample of actions in the game's notation, and, for
the action about to be made, for the position after it: the cards wherever they are, whose turn
it is, the declarations, the scores and the explanation's steps (who, for what, how many, under
which rule). It returns what differs, in words (nothing, where they agree).
"""

from __future__ import annotations

import random
from typing import Any

from ..actions import Action, Declare, parse_action
from .doing import apply
from .games import Game, game_for
from .position import FIELDS, Position
from .refusing import why_not
from .rules import legal


def _signature(pos: Position, p: int, action: Declare) -> tuple:
    """A declaration up to the choice between interchangeable cards (the two copies of a card, both
    in hand, neither in an earlier declaration): the faces, on the table or not, the earlier
    declarations each card is in."""
    def part(kind: str, cards) -> tuple:
        return kind, tuple(sorted((c.face.__str__(), c in pos.laid[p], tuple(i for i, m in enumerate(pos.melds) if c in m.cards))
                                  for c in cards))
    return ("declare", *(part(k, cs) for k, cs in action.melds()))


def _key(pos: Position, action: Action) -> Any:
    return _signature(pos, pos.to_move, action) if isinstance(action, Declare) else str(action)


def samples(pos: Position, rng: random.Random, listed: list[Action]) -> list[str]:
    """Actions to ask both about, in notation: every card played, the exchange of each card of the
    exchange rank, drawing, closing, claiming, revokes, and declarations right and wrong."""
    spec, p = pos.spec, pos.to_move
    cards = list(spec.pack.cards)
    out = [f"play {c}" for c in pos.held(p)] + [f"play {c}" for c in rng.sample(cards, 4)]
    out += ["draw", "close", "claim"] + [f"revoke {c}" for c in rng.sample(pos.held(p) or cards, min(2, len(pos.held(p)) or 1))]
    rank = pos.game.exchange_rank(pos)
    out += [f"exchange {c}" for c in cards if c.rank == rank][:4]
    for q, name in enumerate(spec.players):  # out of turn: the exchange, the partner's claim, and what is never allowed
        out += [f"{name}: exchange {c}" for c in pos.hands[q] if c.rank == rank] + [f"{name}: claim", f"{name}: draw"]
    for kind in rng.sample(spec.melds.kinds, min(4, len(spec.melds.kinds))):
        pool = pos.held(p) + rng.sample(cards, 3)
        picks = [tuple(rng.sample(pool, min(len(pool), kind.shape.size))) for _ in range(2)]
        made = [cs for cs in picks if kind.matches(cs, pos.trump)] or picks
        out += [f"declare {kind.key} {' '.join(map(str, cs))}" for cs in made]
    out += [str(a) for a in listed if isinstance(a, Declare)]
    return out


def disagreements(state: Any, game: Game, action: Action | None, rng: random.Random) -> list[str]:
    """What the engine's deal ``state`` and the plain rules say differently here, and after
    ``action`` (one of the legal actions, or None at the end of the deal)."""
    pos = Position.of(state, game)
    out: list[str] = []
    fast = list(state.legal_actions())
    plain = legal(pos)
    fast_keys, plain_keys = {_key(pos, a) for a in fast}, {_key(pos, a) for a in plain}
    if fast_keys != plain_keys:
        out.append(f"legal actions: only the engine's {sorted(map(str, fast_keys - plain_keys))[:6]}, "
                   f"only the plain rules' {sorted(map(str, plain_keys - fast_keys))[:6]}")
    for q in range(pos.n):
        fast_aside, plain_aside = sorted(map(str, state.legal_actions(q))), sorted(map(str, game.asides(pos, q)))
        if q != pos.to_move and fast_aside != plain_aside:
            out.append(f"out of turn, {pos.spec.players[q]}: {fast_aside} in the engine, {plain_aside} by the plain rules")
        fast += [] if q == pos.to_move else list(state.legal_actions(q))
    for a in fast:
        refused = why_not(pos, a)
        if refused is not None:
            out.append(f"{a} is listed by the engine, refused by the plain rules ({refused.kind}: {refused.rule})")
    for text in samples(pos, rng, plain):
        out += _refusals_differ(state, pos, text)
    if action is not None:
        out += _after(state, pos, action)
    return out


def _refusals_differ(state: Any, pos: Position, text: str) -> list[str]:
    fast = state.why_illegal(text)
    try:
        refused = why_not(pos, parse_action(text, lambda name: pos.spec.melds.get(name) is not None))
    except ValueError as e:
        return [] if fast is not None else [f"{text}: the engine allows it, the plain rules cannot read it ({e})"]
    if (fast is None) != (refused is None):
        return [f"{text}: engine {'allows it' if fast is None else 'refuses: ' + fast}; plain rules "
                f"{'allow it' if refused is None else f'refuse it ({refused.kind})'}"]
    if refused is not None and refused.rule and refused.rule not in fast:
        return [f"{text}: the engine's refusal {fast!r} does not name the rule the plain rules find broken ({refused.kind}: {refused.rule})"]
    return []


def _after(state: Any, pos: Position, action: Action) -> list[str]:
    """Make ``action`` both ways and compare the positions reached."""
    try:
        want = apply(pos, action)
    except ValueError as e:
        return [f"the plain rules refuse {action}: {e}"]
    state.apply(action)
    got = Position.of(state, pos.game)
    out = []
    for name in (*FIELDS, "phase", "extra"):
        a, b = _plainly(name, getattr(got, name)), _plainly(name, getattr(want, name))
        if a != b:
            out.append(f"after {action}: {name} is {a!r} in the engine, {b!r} by the plain rules")
    if state.scores() != want.scores():
        out.append(f"after {action}: scores {state.scores()} in the engine, {want.scores()} by the plain rules")
    steps = [(s.player, s.category, s.points, s.rule, dict(s.totals)) for s in state.explanation()]
    if steps != _steps(want):
        out.append(f"after {action}: the explanation's steps differ")
    return out


def _steps(pos: Position) -> list[tuple]:
    """The explanation's steps, plainly: each event with everyone's running total after it."""
    totals = dict.fromkeys(pos.spec.scorers, 0)
    out = []
    for who, category, points, _, rule in pos.events:
        totals[who] += points
        out.append((who, category, points, rule, dict(totals)))
    return out


def _plainly(name: str, value: Any) -> Any:
    """A field as compared: hands, tables and cards won as sorted lists (their order is display),
    events without their wording (the explanation's steps are compared by rule and points)."""
    if name in ("hands", "laid", "won"):
        return [sorted(map(str, cards)) for cards in value]
    if name == "events":
        return [(w, c, n, r) for w, c, n, _, r in value]
    if name == "extra":  # without the words of an ending or of a forced lead
        out = {k: ({f: x for f, x in v.items() if f != "reason"} if k == "ending" and v else v) for k, v in value.items()}
        return {k: (v[1] if k == "lead_rule" and v else v) for k, v in out.items()}
    if name == "must_lead":
        return None if value is None else sorted(map(str, value))
    return value


def play_and_compare(game_name: str, deals: range, *, computer: bool, seed: int = 1, stop: int = 10,
                     options: dict | None = None) -> tuple[int, list[str]]:
    """Play ``deals`` of a registered game to their ends, each action chosen at random among the
    legal ones (a claim only now and then, so that most deals are played out) or by the game's
    computer player (``options``: the game's rule options), holding the engine to the plain rules at every position; returns the number
    of positions that agreed and the first disagreements found (at most ``stop`` deals' worth)."""
    from ... import load

    g = load(game_name, **(options or {}))
    rng = random.Random(f"{game_name}/{seed}")
    agreed, found = 0, []
    for i in deals:
        state = g.deal(seed=i)
        game = game_for(state)
        bot = g.bot() if computer else None
        while True:
            action = None if state.is_over else _choose(state, bot, rng)
            differ = disagreements(state, game, action, rng)
            if differ:
                found.append(f"{game_name} deal {i}, after {' / '.join(map(str, state.history[-4:]))}: " + "; ".join(differ[:3]))
                break
            agreed += 1
            if action is None:
                break
        if len(found) >= stop:
            break
    return agreed, found


def _choose(state: Any, bot: Any, rng: random.Random) -> Action:
    from ...contract import SeatView

    if bot is not None:
        return state.parse_action(bot.choose(SeatView(state, state.turn)))
    listed = list(state.legal_actions())
    aside = [a for q in range(len(state.spec.players)) if q != state.to_move for a in state.legal_actions(q)]
    if aside and rng.random() < 0.2:
        return rng.choice(aside)
    quiet = [a for a in listed if type(a).__name__ not in ("Claim", "Accuse", "Capote")]  # the moves that end a deal, now and then
    return rng.choice(quiet) if quiet and rng.random() > 0.05 else rng.choice(listed)
