"""Closing or going out? A position of Sixty-Six or Schnapsen (or Old Mariage) weighed before the
choice is made: for the player on lead while the stock lasts, what each choice open to him (go out,
close the stock, play on) scores in game points.

What can be known, and what is assumed, said plainly (:attr:`Weighing.assumption`):

* **Going out** is exact: the hand stops and is scored at once.
* **Closing** fixes the cards: nobody draws again, so once the unseen cards are placed the rest is
  solved exactly (:mod:`tutor.games.stock.solver`, best play for both in card points), each player
  saying "sixty-six" as soon as the rules let him. A marriage the solver's card belongs to is shown
  first where the game allows marriages after a close (Schnapsen).
* **Playing on** cannot be solved while cards are still to be drawn. It is played out by the
  tutor's computer at both seats (it plays from what its seat may see, solves the last tricks once
  the stock is used up, and never closes).

The cards the player on lead cannot see (the other hand and the stock) are either dealt at random
``samples`` times, keeping every card he knows the other holds (a card he took in exchange, the
other card of a marriage he showed), and the results averaged; or, with ``known=True``, taken as
they really lie (hindsight: both hands and the order of the stock known).

>>> from tutor.games import load
>>> s = load("sixtysix").deal_cards("AH TH KH QH 9S JD", "AS TS KC QC JC 9C", "JS",
...                                 "KS QS AD TD KD QD 9D JH 9H AC TC")
>>> w = weigh(s, known=True)
>>> [(c.choice, c.game_points) for c in w.choices]
[('close', -3.0), ('play on', 2.0)]
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...cards import Card, check_seed
from ...errors import IllegalActionError, TutorError, read_flag, read_whole, shown
from ..stock.actions import Claim, Close, Declare, Play
from ..stock.core import Phase, Stage, StockState
from ..stock.solver import best_line
from .state import TARGET

__all__ = ["Choice", "Weighing", "weigh", "arranged", "solved_out", "played_on"]

#: the choices, in the order they are shown
CHOICES = ("go out", "close", "play on")

#: the most arrangements of the unseen cards one weighing deals (each is played out to the end)
MAX_SAMPLES = 1_000


def _deal_of(state: object) -> StockState:
    """``state`` when it is a deal of a game on the stock core; anything else is a typed error naming it."""
    if not isinstance(state, StockState):
        raise TutorError(f"a position to weigh is a deal of Sixty-Six or a game played like it, not "
                         f"{type(state).__name__} {shown(state)}", token=shown(state))
    return state


@dataclass(frozen=True)
class Choice:
    """One choice weighed: ``game_points``, what it brings the player on lead on average (a loss
    negative); ``won``, the share of the arrangements in which he wins the hand; ``points``, his
    card points at the end on average; ``lines``, the actions played in each arrangement."""

    choice: str
    game_points: float
    won: float
    points: float
    lines: tuple[tuple[str, ...], ...]

    def words(self) -> str:
        gp = f"{self.game_points:+.2f}".rstrip("0").rstrip(".") if self.game_points % 1 else f"{self.game_points:+.0f}"
        return f"{self.choice}: {gp} game points on average, the hand won {self.won:.0%} of the time, {self.points:.0f} card points"


@dataclass(frozen=True)
class Weighing:
    """The choices of ``player`` at this position, each weighed over the same ``arrangements`` of
    the cards he cannot see (the other hand and the stock, top first), and what was assumed."""

    player: str
    choices: tuple[Choice, ...]
    arrangements: tuple[tuple[tuple[Card, ...], tuple[Card, ...]], ...]
    assumption: str

    @property
    def best(self) -> Choice:
        return max(self.choices, key=lambda c: (c.game_points, c.choice == "play on"))

    def get(self, choice: str) -> Choice | None:
        return next((c for c in self.choices if c.choice == choice), None)


def weigh(state, *, samples: int = 20, seed: int | str | None = 0, known: bool = False) -> Weighing:
    """Weigh the choices of the player on lead at ``state`` (a deal of Sixty-Six or a game played
    like it, the stock still open). ``known``: the cards as they really lie; else ``samples`` random
    arrangements of the unseen cards (the same ones for every choice), dealt from ``seed``."""
    state = _deal_of(state)
    samples = read_whole(samples, "the number of arrangements weighed", lo=1, hi=MAX_SAMPLES)
    seed = check_seed(seed)
    known = read_flag(known, "known (the cards as they really lie)")
    if state.is_over or state.phase is not Phase.LEAD or state.trick or state.stage is not Stage.STOCK:
        raise IllegalActionError("closing or going out is weighed for the player on lead while the stock lasts, "
                                 "before he leads", token=str(state.phase.value))
    p = state.table.seats[state.to_move]
    legal = list(state.legal_actions())
    open_to = [c for c, kind in (("go out", Claim), ("close", Close)) if any(isinstance(a, kind) for a in legal)]
    open_to.append("play on")
    arrangements = [(tuple(state.hands[p.other]), tuple(state.stock))] if known else _arrangements(state, p, samples, seed)
    played = _played_so_far(state, known, seed)
    choices = []
    for choice in open_to:
        results = played.setdefault(choice, [])
        # each arrangement's line played once for this position: a weighing with more samples plays
        # only the arrangements after those already played (the first are the same, dealt in turn)
        results += [_outcome(_line(arranged(state, p, a), choice), p) for a in arrangements[len(results):]]
        results = results[:len(arrangements)]
        n = len(results)
        choices.append(Choice(choice, sum(r[0] for r in results) / n, sum(r[0] > 0 for r in results) / n,
                              sum(r[1] for r in results) / n, tuple(r[2] for r in results)))
    if known:
        said = "hindsight: the cards as they really lie (the other hand and the order of the stock known)"
    else:
        said = (f"the cards {p.name} cannot see dealt at random {len(arrangements)} times (keeping the cards he knows "
                "the other holds), the results averaged")
    return Weighing(p.name, tuple(choices), tuple(arrangements),
                    f"{said}; after a close, the rest solved with every card known, best play for both; playing on, "
                    "the computer plays both seats (it never closes) and solves the last tricks once the stock is used up")


#: the lines already played out, for the last few positions weighed: (position, hindsight, seed) ->
#: choice -> the outcome in each arrangement, in the order the arrangements are dealt
_PLAYED: dict[tuple, dict[str, list]] = {}
_PLAYED_MOST = 8


def _played_so_far(state, known: bool, seed) -> dict[str, list]:
    """The outcomes already found at this position (the same deal, rules and actions so far) with
    the same arrangements; a dictionary to add to. Every line is played by deterministic players
    (the solver and the computer), so a line played again would end the same."""
    key = (type(state), state.code, tuple(map(str, state.history)), repr(state.rules), known, None if known else seed)
    found = _PLAYED.pop(key, None)
    if found is None:
        found = {}
        while len(_PLAYED) >= _PLAYED_MOST:
            _PLAYED.pop(next(iter(_PLAYED)))
    _PLAYED[key] = found  # the most recent last
    return found


def _known_to(state, p: int) -> set[Card]:
    """The cards ``p`` knows the other holds: a turn-up he took by exchange, the partner of a
    marriage he showed (not yet played)."""
    replay = type(state)(state.dealt, state.rules)
    known: set[Card] = set()
    for action in state.history:
        mover, up = replay.to_move, replay.turnup
        replay.apply_unchecked(action)
        if mover != p:
            if type(action).__name__ == "Exchange" and up is not None:
                known.add(up)
            elif isinstance(action, Declare):
                known.update(action.cards)
    return known & set(state.hands[state.table.seats[p].other])


def _arrangements(state, p: int, samples: int, seed: int | str | None):
    rng = random.Random(f"weigh/{seed}")
    known = _known_to(state, p)
    other = state.table.seats[p].other
    pool = sorted((set(state.hands[other]) | set(state.stock)) - known, key=state._key)
    size = len(state.hands[other]) - len(known)
    out = []
    for _ in range(max(1, samples)):
        cards = pool[:]
        rng.shuffle(cards)
        out.append((tuple(sorted([*known, *cards[:size]], key=state._key)), tuple(cards[size:])))
    return out


def arranged(state, p: int, arrangement):
    """A copy of ``state`` with the other hand and the stock as ``arrangement`` lays them."""
    state = _deal_of(state)
    p = int(state.table.seat(p))
    if not (isinstance(arrangement, (tuple, list)) and len(arrangement) == 2
            and all(isinstance(part, (tuple, list)) and all(isinstance(c, Card) for c in part) for part in arrangement)):
        raise TutorError(f"an arrangement is a pair: the other hand's cards and the stock's, not {shown(arrangement)}",
                         token=shown(arrangement))
    trial = state.clone()
    trial.hands[state.table.seats[p].other] = list(arrangement[0])
    trial.stock = list(arrangement[1])
    trial._legal = None
    return trial


def _line(trial, choice: str):
    """Play ``choice`` at ``trial`` and the hand out as the choice's assumption says; the finished
    state and the actions played."""
    start = len(trial.history)
    if choice == "go out":
        trial.apply(Claim())
    elif choice == "close":
        trial.apply(Close())
        solved_out(trial)
    else:
        played_on(trial)
    return trial, tuple(str(a) for a in trial.history[start:])


def _outcome(result, p: int) -> tuple[int, int, tuple[str, ...]]:
    trial, line = result
    gp = trial.game_points()
    seat = trial.table.seats[p]
    return gp[seat.name] - gp[seat.other.name], trial.scores()[seat.name], line


def solved_out(state) -> None:
    """Play a deal in its last tricks out with best play for both (the solver, every card known):
    each player goes out as soon as he may with 66, and shows a marriage (where still allowed) when
    the card the solver leads belongs to one.

    At each card the solver's choice is the first of the best cards in the hand's order; its best
    line is those choices made in turn, so the line is solved once and followed (solved again only
    if its next card cannot be played, which no game's rules make happen)."""
    state = _deal_of(state)
    line: list[Card] = []
    while not state.is_over:
        p = state.to_move
        legal = list(state.legal_actions())
        if any(isinstance(a, Claim) for a in legal) and state.scores()[state.table.names[p]] >= TARGET:
            state.apply(Claim())
            continue
        if not line or Play(line[0]) not in legal:
            line = list(best_line(state))
        card = line[0]
        show = [a for a in legal if isinstance(a, Declare) and card in a.cards]
        if show and state.phase is Phase.LEAD and not state.must_lead:
            state.apply(max(show, key=lambda a: state.spec.melds.get(a.kind).value))
            continue
        state.apply(Play(card))
        line.pop(0)


class _Seat:
    """What the computer player is given: one seat's view and the legal actions (closing and going
    out taken away from the player who chose to play on, for his first move only)."""

    def __init__(self, state, p: int, bar: tuple[type, ...] = ()):
        self.state, self.p, self.bar = state, p, bar

    def view(self) -> dict:
        return self.state.view(self.p)

    def legal_actions(self):
        return [a for a in self.state.legal_actions() if not isinstance(a, self.bar)]


def played_on(state) -> None:
    """Play the deal out from here with the tutor's computer at both seats, the player to move not
    closing or going out on this move (he plays on)."""
    state = _deal_of(state)
    bot = _game_of(state).bot()  # the game's own computer (its order and values)
    first = True
    while not state.is_over:
        p = state.to_move
        seat = _Seat(state, p, (Close, Claim) if first else ())
        legal = seat.legal_actions()
        # the computer chooses among the legal actions: when there is one (a draw, the last card),
        # that is its choice, and its view need not be made
        action = legal[0] if len(legal) == 1 else bot.choose(seat)
        first = first and not isinstance(action, Play)
        state.apply(action)


def _game_of(state):
    from .. import GAMES

    for cls in GAMES.values():
        if getattr(cls, "Deal", None) is type(state):
            return cls(state.rules)
    raise IllegalActionError(f"no registered game plays {type(state).__name__}", token=type(state).__name__)
