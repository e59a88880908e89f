"""The one contract every game keeps: what a game is (as data), how it ends, and what it offers.

A game is a subclass of :class:`Game` whose class attribute ``TYPE`` (a :class:`GameType`)
describes it: name, title, aliases, players, partnerships, pack, sources. The registry
(:mod:`tutor.games`) reads these descriptions; nothing else keeps a list of games.

Every deal a game makes is a state (:class:`tutor.games.base.GameState`) that answers the same
questions: whose turn (``state.turn``, a :class:`~tutor.seats.Seat` or None when over), the legal
actions, a checked ``apply`` and an unchecked path, the scores so far, ``view(seat)``, the
explanation so far, ``outcome()`` once over, ``to_json()`` and ``_repr_html_``.

A match (:class:`tutor.games.match.Match`) plays deals in turn with the dealer passing round the
table; a session (:class:`tutor.session.Session`) puts readers and computer players in the seats.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, cast

from ..cards import PACKS, Pack
from ..errors import IllegalActionError, NotationError, TutorError
from ..options import Rules as RuleSet
from ..seats import Seat, Table

if TYPE_CHECKING:  # pragma: no cover
    from ..exercises import Kind
    from .base import GameState, LegalActions
    from .match import Match
    from .view import TableView

__all__ = ["GameType", "CliOption", "Outcome", "Report", "Game", "RandomPlayer", "SeatView", "Bot", "split_actions"]


@dataclass(frozen=True)
class CliOption:
    """A flag a game adds to some ``tutor`` verbs (``--bid`` for Counterpique, ``--plays``...)."""

    name: str
    help: str
    verbs: tuple[str, ...] = ("replay",)


@dataclass(frozen=True)
class GameType:
    """What a game is, as data (after OpenSpiel's ``GameType`` and python-chess's variants).

    ``seats`` names the seats for each number of players the game allows, in order of play from
    the first leader, the dealer last; ``sides`` the partnerships, if any, for that number.
    ``pack`` is a key of :data:`tutor.cards.PACKS`. ``sources`` name the rule texts as a reader
    would find them. ``declarations`` says whether ``tutor score`` applies (a declarations phase
    scored from hands alone); ``settlement`` whether ``tutor settle`` does.
    """

    name: str
    title: str
    family: str
    pack: str
    seats: Mapping[int, tuple[str, ...]]
    sources: tuple[str, ...]
    summary: str
    aliases: tuple[str, ...] = ()
    sides: Mapping[int, tuple[tuple[str, ...], ...]] = field(default_factory=dict)
    declarations: bool = False
    settlement: bool = False
    direction: int = 1
    cli_options: tuple[CliOption, ...] = ()

    @property
    def players(self) -> tuple[int, int]:
        """(fewest, most) players."""
        return min(self.seats), max(self.seats)

    @property
    def partnerships(self) -> bool:
        return bool(self.sides)

    @property
    def jack(self) -> bool:
        """The chapters of the Sixty-Six family name the J a jack; Piquet's and Bezique's, after
        the old books (and the cards' own names), a knave."""
        return self.family == "Sixty-Six"

    def table(self, players: int | None = None, dealer: int | str | None = None) -> Table:
        n = self.players[0] if players is None else players
        if n not in self.seats:
            allowed = " or ".join(str(k) for k in sorted(self.seats))
            raise TutorError(f"{self.title} is played by {allowed} players, not {n}", token=n, legal=sorted(self.seats))
        return Table(self.seats[n], dealer=dealer, sides=self.sides.get(n), direction=self.direction)


@dataclass(frozen=True)
class Outcome:
    """How a deal or a match ended: the winner (a seat's or a side's name; None for nobody),
    why, in words, and the final scores. ``termination`` is a short key (``played-out``,
    ``claim``, ``capot``, ``target``...)."""

    winner: str | None
    reason: str
    scores: Mapping[str, int]
    termination: str = "played-out"

    def to_json(self) -> dict:
        return {"winner": self.winner, "reason": self.reason, "scores": dict(self.scores), "termination": self.termination}

    def __str__(self) -> str:
        return self.reason


@dataclass(frozen=True)
class Report:
    """What the CLI prints: ``text`` for people, ``data`` (JSON-able) for programs."""

    text: str
    data: Any

    def to_json(self) -> Any:
        return self.data


def split_actions(actions: str | Iterable[Any] | None) -> list[Any]:
    """Actions as given: a list, or one string separated by commas or semicolons."""
    if actions is None:
        return []
    if isinstance(actions, str):
        out = [a.strip() for a in actions.replace(";", ",").split(",")]
        if any(not a for a in out) and actions.strip():
            raise NotationError(f"an empty action in {actions[:40]!r}: separate actions by single commas", token=actions[:40])
        return [a for a in out if a]
    if not isinstance(actions, Iterable):
        raise NotationError(f"actions should be text or a list, not {type(actions).__name__}", token=repr(actions)[:40])
    return list(actions)


R = TypeVar("R", bound=RuleSet)


class Game(Generic[R]):
    """Base of every game: rules fixed, deals, matches and replays made from them.

    A subclass sets ``TYPE`` and ``Rules`` and implements :meth:`deal`. The rest has defaults
    over the state contract that a game overrides where it has more to say.
    """

    TYPE: ClassVar[GameType]
    Rules: ClassVar[type[RuleSet]]
    #: the game's own kinds of exercise question (:class:`tutor.exercises.Kind`), in order
    EXERCISES: ClassVar[tuple[Kind, ...]] = ()
    #: who plays the strong player's samples on (``rollout`` of :class:`tutor.games.strong.StrongPlayer`):
    #: ``"fast"``, the stock core's rule of thumb, or ``"beginner"``, the game's own player
    STRONG_ROLLOUT: ClassVar[str] = "fast"
    #: from how many cards in each hand the strong player's solver values a sample (``solve_at`` of
    #: :class:`tutor.games.strong.StrongPlayer`)
    STRONG_SOLVE_AT: ClassVar[int] = 6
    #: whether the strong player spends its samples' work by halves (``halve`` of
    #: :class:`tutor.games.strong.StrongPlayer`)
    STRONG_HALVE: ClassVar[bool] = False
    rules: R

    def __init__(self, rules: R | None = None):
        self.rules = rules if rules is not None else cast(R, self.Rules())

    # -- what the game is -------------------------------------------------------------------
    @property
    def name(self) -> str:
        return self.TYPE.name

    @property
    def title(self) -> str:
        return self.TYPE.title

    @property
    def pack(self) -> Pack:
        return PACKS[self.TYPE.pack]

    def table(self, players: int | None = None, dealer: int | str | None = None) -> Table:
        return self.TYPE.table(players, dealer)

    def __repr__(self) -> str:
        changed = ", ".join(f"{k}={v!r}" for k, v in self.rules.changed().items())
        return f"load({self.name!r}{', ' + changed if changed else ''})"

    # -- deals --------------------------------------------------------------------------------
    def deal(self, seed: int | str | None = None, code: str | None = None) -> GameState:  # pragma: no cover
        raise NotImplementedError

    def replay_actions(self, *, seed: int | str | None = None, code: str | None = None,
                       actions: str | Iterable[Any] | None = None) -> GameState:
        """Deal (by seed or code) and apply ``actions`` in order, each checked."""
        state = self.deal(seed=seed, code=code)
        for a in split_actions(actions):
            state.apply(a)
        return state

    def match(self, seed: int | str = 0, **kw: Any) -> Match:
        """A whole match (partie, rubber, game to a target...) from one seed."""
        raise TutorError(f"{self.title} has no match yet", token=self.name)

    # -- exercise sets ------------------------------------------------------------------------
    def exercise_kinds(self) -> tuple[Kind, ...]:
        """The kinds of exercise question this game offers (:mod:`tutor.exercises`): those its
        family's core declares for every deal it runs (``exercise_kinds()`` of the state class,
        e.g. the stock core's ``tricks``), then the game's own (``EXERCISES``)."""
        state = self.deal(seed="exercise/probe")
        return (*type(state).exercise_kinds(), *self.EXERCISES)

    # -- the panels' session ------------------------------------------------------------------
    def bot(self, level: str = "beginner") -> Any:
        """The computer player for this game at ``level`` (:data:`~tutor.games.strength.LEVELS`):
        ``"beginner"``, the game's own rules-of-thumb player (:meth:`beginner_bot`), or
        ``"strong"``, one that weighs every choice by looking ahead (:meth:`strong_bot`)."""
        from .strength import check_level

        return self.strong_bot() if check_level(level) == "strong" else self.beginner_bot()

    def beginner_bot(self) -> Any:
        """The game's own rules-of-thumb player (default: one that picks a legal action at random)."""
        return RandomPlayer()

    def race(self) -> Any:
        """How the strong computer values a deal played in a match: ``None``, by the deal's points
        (the default); or a :class:`~tutor.games.race.Race`, by the chance of winning the match from
        the totals the deal leaves (a game whose match is a race to a target, its deals measured)."""
        return None

    def strong_bot(self) -> Any:
        """The strong computer player: one that can weigh each legal action
        (:class:`~tutor.games.strength.Weigher`). By default the determinized search of
        :mod:`tutor.games.strong`, for a game whose deals can deal the unseen cards again
        (``GameState.determinize``: every game of the stock core)."""
        from .base import GameState

        if type(self.deal(seed="strong/probe")).determinize is GameState.determinize:
            raise TutorError(f"{self.title} has no strong computer player yet", token=self.name)
        from .strong import StrongPlayer

        return StrongPlayer(self, rollout=self.STRONG_ROLLOUT, solve_at=self.STRONG_SOLVE_AT, halve=self.STRONG_HALVE)

    def play_out(self, playing: Any, bot: Any = None, *, limit: int = 100_000) -> Any:
        """Play a deal or a match to its end, every seat by ``bot`` (default: :meth:`bot`), each
        choosing from its own seat's view; returns it. What the book's chapters use to show a
        whole deal or match played by the computer."""
        chooser = bot if bot is not None else self.bot()
        for _ in range(limit):
            if playing.is_over:
                return playing
            if getattr(playing, "between_deals", False):
                playing.next_deal()
                continue
            playing.apply(chooser.choose(SeatView(playing, playing.turn)))
        raise TutorError(f"{self.title} did not end in {limit} actions", token=self.name)  # pragma: no cover

    def table_view(self, playing: Any, seat: Any, *, log: Sequence[str] = (), names: Mapping[str, str] | None = None) -> TableView:
        """What ``seat`` sees of ``playing`` (a deal of this game, or its match), typed: the one
        view every panel draws (:class:`~tutor.games.view.TableView`)."""
        from .view import table_view

        return table_view(self, playing, seat, log=log, names=names)

    def describe_action(self, state: GameState, seat: Any, action: Any) -> str:
        """One line of a session's log: ``seat`` did ``action`` in ``state`` (before it was applied)."""
        return f"{str(seat).capitalize()}: {action}."

    # -- the CLI's verbs, with defaults over the state contract --------------------------------
    def deal_report(self, state: GameState, seed: Any = None) -> Report:
        """``tutor deal``: every seat's hand, what lies face up, who is to move."""
        from ..cards import parse_card
        from ..render import hand_text

        first = state.view(state.table.first_leader)
        lines = [f"{self.title} deal {state.code}" + (f" (seed {seed})" if seed is not None else "")]
        for s in state.table:  # a view's cards are Card objects or their names (JSON)
            lines.append(f"  {s.name:<10} {hand_text(parse_card(c) for c in state.view(s)['hand'])}")
        if first.get("turnup") is not None:
            up = parse_card(first["turnup"])
            stock = f"; {first['stock']} cards in the stock with it" if "stock" in first else ""
            lines.append(f"  turn-up    {up.symbol}: {first.get('trumps', up.suit.noun)} are trumps{stock}")
        turn = state.turn
        lines.append(f"  {turn.name if turn is not None else 'nobody'} to {'move' if turn is not None else 'play'}")
        data = {
            "game": self.name,
            "code": state.code,
            "hands": {s.name: " ".join(map(str, state.view(s)["hand"])) for s in state.table},
            "to_move": turn.name if turn is not None else None,
            # kept for programs written against the first CLI
            "state": repr(state),
            "elder_view": {k: str(v) for k, v in first.items()},
        }
        return Report("\n".join(lines), data)

    def replay_report(self, state: GameState) -> Report:
        """``tutor replay``: the steps scored, and how the deal stands or ended."""
        expl = state.explanation()
        scores = state.scores()
        out = state.outcome()
        said = state.table.words_of(scores)
        tail = ", ".join(f"{said[k]} {v}" for k, v in scores.items())
        text = expl.text(said) + ("\n" if len(expl) else "") + (f"{out.reason} ({tail})" if out else f"not over yet: {tail}")
        return Report(text, state.to_json())

    def cli_replay(self, *, seed: Any = None, code: str | None = None, hands: Mapping[str, str] | None = None,
                   actions: str | None = None, **extra: Any) -> Report:
        if not actions:
            raise TutorError(f"replay {self.name} needs --actions", token=self.name)
        if hands:
            raise TutorError(f"{self.title} is replayed from a seed or a deal code, not from given hands", token="hands")
        return self.replay_report(self.replay_actions(seed=seed, code=code, actions=actions))

    def cli_score(self, *, hands: Mapping[str, str], **extra: Any) -> Report:
        raise TutorError(f"{self.title} has no declarations to score from hands alone", token=self.name)

    def cli_settle(self, totals: Sequence[int]) -> Report:
        raise TutorError(f"{self.title} has no settlement", token=self.name)

    # -- golden playthroughs (tests/golden/<game>.json, read by one reader) -----------------------
    def golden_deal(self, data: Mapping[str, Any]) -> GameState:
        """The deal of a golden playthrough, from its explicit cards (``data["deal"]``)."""
        raise TutorError(f"{self.title} has no golden deal reader", token=self.name)  # pragma: no cover

    def golden_line(self, state: GameState) -> dict:
        """What a golden transcript checks after each action: the phase, who is to move, the scores."""
        turn = state.turn
        return {"phase": getattr(getattr(state, "phase", None), "value", None),
                "to_move": None if turn is None else turn.name, **state.scores()}

    # -- describing the game --------------------------------------------------------------------
    @classmethod
    def describe(cls) -> dict:
        """The game's description as data: what ``tutor games`` and the family chapter print."""
        t = cls.TYPE
        return {
            "name": t.name,
            "title": t.title,
            "family": t.family,
            "aliases": list(t.aliases),
            "players": list(t.players),
            "partnerships": t.partnerships,
            "pack": t.pack,
            "cards": len(PACKS[t.pack]),
            "sources": list(t.sources),
            "summary": t.summary,
            "options": [o.name for o in cls.Rules.options()],
        }


class SeatView:
    """What one seat may know: its view of the deal, the legal actions when it is to move, the
    rules and the table. Computer players and hints are given this, never the state itself."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: GameState | Match, seat: Seat):
        self._state = state
        self.seat = seat

    def view(self) -> dict:
        return self._state.view(self.seat)

    def view_entry(self, key: str, default: Any = None) -> Any:
        """``view().get(key, default)``, made alone where the game can (a computer player asking
        a few entries at each move need not have the whole view made)."""
        return self._state.view_entry(self.seat, key, default)

    def legal_actions(self) -> LegalActions:
        if self._state.turn != self.seat:
            raise IllegalActionError(f"it is not {self.seat.name}'s turn", token=self.seat.name)
        return self._state.legal_actions()

    def sample(self, rng: Any) -> GameState:
        """A copy of the deal in which every card this seat has not seen is dealt again at random
        (``rng`` a :class:`random.Random`), consistently with everything the seat has seen: its own
        hand, cards played or shown, the turn-up, voids shown by the rules of following, answers
        given. What a strong computer player searches (``GameState.determinize``)."""
        return self._state.determinize(self.seat, rng)

    @property
    def table(self):
        return self.seat.table

    @property
    def rules(self):
        """The rules in play (public: both players know them)."""
        return self._state.rules if hasattr(self._state, "rules") else self._state.game.rules


class Bot(Protocol):
    """A computer player: chooses one of the legal actions from what its seat may see."""

    def choose(self, seat: SeatView) -> Any: ...


class RandomPlayer:
    """A computer player that picks uniformly among the legal actions (seeded, so repeatable)."""

    def __init__(self, seed: int | str = 0):
        import random

        self.rng = random.Random(str(seed))

    def choose(self, seat: Any) -> Any:
        return self.rng.choice(list(seat.legal_actions()))


def state_html(state: GameState, title: str) -> str:
    """The default drawing of a state on a static page: every hand, the scores and the steps."""
    from ..render import hand_svg

    rows = []
    for s in state.table:
        v = state.view(s)
        rows.append(f'<div class="tutor-seat"><b>{html.escape(s.name)}</b>{hand_svg(v.get("hand", ()))}</div>')
    out = state.outcome()
    status = html.escape(out.reason if out else f"{state.turn.name if state.turn is not None else ''} to move")
    said = state.table.words_of(state.scores())
    scores = ", ".join(f"{html.escape(said[k])} {v}" for k, v in state.scores().items())
    return (
        f'<div class="tutor-state"><div class="tutor-title">{html.escape(title)}: {status}; {scores}</div>'
        f"{''.join(rows)}{state.explanation().html(said)}</div>"
    )


def refuse(message: str, action: Any, legal: Sequence[Any] = ()) -> IllegalActionError:
    return IllegalActionError(message, token=str(action), legal=[str(a) for a in legal])
