"""The review of a deal: each of the reader's decisions set beside what a strong player would have
done there, and what the difference cost.

A deal is given as a position (:class:`~tutor.session.Position`: the deal's code and every move
made in it) with the seats the reader held, or as a :class:`~tutor.session.Session` (the deal on
show, and the moves the reader made in it). At each move of the reader's where the rules left a
choice (more than one legal action: a discard, a declaration, an exchange, a close, a card, a
call), the strong computer player (:meth:`~tutor.games.contract.Game.bot` at level ``"strong"``, a
:class:`~tutor.games.strength.Weigher`) weighs every legal action from what the reader's seat
could see then. The review keeps, for each decision, what the reader chose, what the strong player
would have chosen, and the cost: the weight of the best action less the weight of the one chosen,
in the points the deal is scored in. It is exact where both weights are exact (every card known,
the rest of the deal searched to its end); otherwise it is an estimate over the deals of the
unseen cards the weigher sampled, given with its spread and their number.

:meth:`Review.ranked` puts the biggest mistakes first; each decision says in words the principle
at stake (the weigher's reason, and what the kind of action turns on). From any decision the
reader can play on against the computer (:meth:`Review.play_on`: a session opened at the position
just before it). Nothing here names a game: the positions come from the contract, the weights
from the game's strong player.

:func:`narrated_deal` plays one whole deal with the strong player at every seat (or, with
``against="beginner"``, at some seats against the beginner computer at the others, the strong
player weighing every choice of both) and tells it: who plays which seat, the hands as dealt,
each stage before the play (an auction, an exchange, the calls) in a paragraph of its own, then
trick by trick, each of the strong player's decisions with its reason (or, where the reason only
says what was done, the weight it was chosen by), the cards as the table shows them, and where the
side that lost went wrong, the review's comment.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import IllegalActionError, TutorError, shorten
from .games.contract import SeatView
from .games.strength import Weigher, Weight
from .games.strong import StrongPlayer, game_point_worth
from .games.view import choice_of
from .session import COMPUTER, LINKED, READER, Narrator, Position, Session

if TYPE_CHECKING:  # pragma: no cover
    from .games.base import GameState
    from .games.contract import Game
    from .seats import Seat

__all__ = ["Review", "Decision", "ReviewError", "review", "review_position", "review_session", "principle",
           "NarratedDeal", "narrated_deal"]


class ReviewError(TutorError):
    """A deal that cannot be reviewed as asked (no seat of the reader's, a seat not at the table, a
    computer player that cannot weigh its choices)."""


#: what each kind of action turns on, in words (the kind is the notation's first word)
PRINCIPLES: Mapping[str, str] = {
    "play": "A card is judged by what the two sides can still take from here: the trick now, and the cards it keeps "
            "or gives up for the tricks to come.",
    "discard": "A discard is judged over the whole deal: the declarations it keeps or gives up, and the tricks and "
               "cards the hand can still win after the exchange.",
    "declare": "A declaration scores now; it also shows cards the opponent will count on, and may fix the card to "
               "lead next.",
    "exchange": "Exchanging a low trump for a better card strengthens the hand for the tricks still to come.",
    "close": "Closing stops the drawing: from then on only the cards in hand decide, and the closer must make his "
             "target or pay for the failure.",
    "claim": "A claim ends the deal at once: it pays only when the points are really there.",
    "call": "A call raises what the deal is worth: right when the hand (with what may yet come) wins more often "
            "than the raise costs.",
    "bid": "A bid commits the hand to a contract: it should be the contract the hand is likeliest to make.",
    "pass": "Passing gives up the contract or the raise: right when the hand would lose more than it could win.",
    "double": "A raise should come from a hand that wins the deal more often than not at the higher stake.",
    "banco": "Staking everything is right only with a hand that is very likely to win the deal.",
    "accept": "Accepting a raise is right when the hand wins often enough to pay for the higher stake.",
    "refuse": "Refusing a raise gives up what the deal is worth now: right when the hand would lose more by playing "
              "on.",
    "draw": "What is drawn or left in the stock shapes the hands for the tricks to come.",
}


def principle(kind: str) -> str:
    """What an action of ``kind`` (``play``, ``discard``, ``close``...) turns on, in words."""
    return PRINCIPLES.get(kind, "A choice is judged by what it is worth over the rest of the deal, with best play after it.")


@dataclass(frozen=True)
class Decision:
    """One decision of the reader's, weighed. ``index``: which move of the deal it was (from 0);
    ``position``: the deal just before it (to play on from); ``chosen`` and ``best``: the weights
    of what the reader did and of the strong player's choice; ``weights``: every legal action,
    weighed, best first."""

    index: int
    seat: str
    kind: str
    trick: int | None
    position: Position
    chosen: Weight
    best: Weight
    weights: tuple[Weight, ...] = field(repr=False)
    #: where the deal counts game points and the weigher weighs each as a stake of points (the
    #: stock core's strong player: every point of the pack and the last trick,
    #: :func:`~tutor.games.strong.game_point_worth`), that stake
    game_point: int | None = None

    @property
    def cost(self) -> float:
        """What the reader's choice cost: the best weight's mean less the chosen one's."""
        return self.best.mean - self.chosen.mean

    @property
    def exact(self) -> bool:
        """Whether the cost is certain: both weights exact."""
        return self.best.exact and self.chosen.exact

    @property
    def spread(self) -> float:
        """The spread of the estimated cost (the two weights' spreads taken as independent); 0 when exact."""
        if self.exact or self.cost == 0 and self.best.action == self.chosen.action:
            return 0.0
        return math.hypot(self.best.spread, self.chosen.spread)

    @property
    def samples(self) -> int:
        """How many deals of the unseen cards the estimate rests on (0 when exact)."""
        if self.exact:
            return 0
        return min(x.samples for x in (self.best, self.chosen) if not x.exact)

    @property
    def unit(self) -> str:
        return self.best.unit

    @property
    def mistake(self) -> bool:
        """Whether the choice was a mistake: for an exact cost, any loss; for an estimate, a loss
        more than twice its standard error (spread over the square root of the samples)."""
        if self.cost <= 0:
            return False
        if self.exact or self.samples == 0:
            return True
        return self.cost > 2 * self.spread / math.sqrt(self.samples)

    @property
    def where(self) -> str:
        """When it was, in words: ``trick 3`` for a card, else ``move 2``."""
        return f"trick {self.trick}" if self.kind == "play" and self.trick is not None else f"move {self.index + 1}"

    def cost_words(self) -> str:
        """The cost in words: exact, or an estimate with its spread and sample size."""
        amount = _number(self.cost)
        unit = self.unit[:-1] if amount == "1" and self.unit.endswith("s") else self.unit
        if self.exact:
            return f"{amount} {unit} exactly (searched to the end of the deal; the unseen cards cannot change it)"
        spread = (f"spread ±{_number(self.spread)} over {self.samples} sampled deal{'s' if self.samples != 1 else ''} "
                  "of the unseen cards")
        if self.game_point:  # the samples play to the deal's end, where only its game points count
            gp = f"{self.cost / self.game_point:.1f}"
            return (f"about {amount} {unit}, or {gp} game point{'' if gp == '1.0' else 's'} (an estimate, each game point "
                    f"weighed as the {self.game_point} points a deal holds: {spread})")
        return f"about {amount} {unit} (an estimate: {spread})"

    def reason(self) -> str:
        """The rule or principle at stake, in words: the strong player's reason for its choice (and
        for the reader's, where it gives one), then what the kind of action turns on."""
        said = []
        if self.best.reason:
            said.append(f"{_sentence(self.best.reason)}")
        if self.chosen.reason and self.chosen.action != self.best.action and self.chosen.reason != self.best.reason:
            said.append(f"Of {self.chosen.action}: {_sentence(self.chosen.reason, capital=False)}")
        said.append(principle(self.kind))
        return " ".join(said)

    def words(self) -> str:
        """The decision in a few sentences."""
        head = f"{self.where.capitalize()}, {self.seat}: you chose {self.chosen.action}"
        if self.chosen.action == self.best.action:
            return f"{head}; the strong player would have done the same. {self.reason()}"
        if self.cost <= 0:
            return f"{head}; the strong player rates it as good as its own choice, {self.best.action}. {self.reason()}"
        return (f"{head}; the strong player would have chosen {self.best.action}. That cost {self.cost_words()}. "
                f"{self.reason()}")

    def to_json(self) -> dict:
        return {"index": self.index, "seat": self.seat, "kind": self.kind, "where": self.where, "trick": self.trick,
                "chosen": str(self.chosen.action), "best": str(self.best.action), "cost": self.cost,
                "exact": self.exact, "spread": self.spread, "samples": self.samples, "unit": self.unit,
                "game_point": self.game_point,
                "mistake": self.mistake, "reason": self.reason(), "words": self.words(),
                "position": {"code": self.position.code, "moves": list(self.position.moves), "dealer": self.position.dealer,
                             "standing": dict(self.position.standing)},
                "weights": [x.to_json() for x in self.weights]}


def _number(x: float) -> str:
    return str(int(round(x))) if abs(x - round(x)) < 1e-9 else f"{x:.1f}"


def _sentence(text: str, capital: bool = True) -> str:
    text = text.strip()
    if capital:
        text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


@dataclass(frozen=True)
class Review:
    """The reader's decisions in one deal, weighed (see the module's words). ``decisions`` are in
    the order they were made; :meth:`ranked` gives them biggest cost first."""

    game: Game
    position: Position
    seats: tuple[str, ...]
    decisions: tuple[Decision, ...]
    with_match: bool = False
    #: the match's options the deal was reviewed in (its starting totals among them, ``standing``)
    match_options: Mapping[str, Any] = field(default_factory=dict)

    def ranked(self) -> list[Decision]:
        """The decisions, the costliest first (in the order made where costs are equal)."""
        return sorted(self.decisions, key=lambda d: (-d.cost, d.index))

    @property
    def mistakes(self) -> list[Decision]:
        """The decisions that were mistakes (:attr:`Decision.mistake`), the costliest first."""
        return [d for d in self.ranked() if d.mistake]

    @property
    def total(self) -> float:
        """What the reader's choices cost in all, by the strong player's weights."""
        return sum(max(d.cost, 0.0) for d in self.decisions)

    def play_on(self, which: int | Decision, *, level: str = "strong", bot: Any = None) -> Session:
        """A session opened at the position just before decision ``which`` (its number in
        :attr:`decisions`, or the decision itself): the reader at his seats, the computer (at
        ``level``, or ``bot``) at the others, every move of the position checked. A deal reviewed
        in its match is played on in the match, at the totals the deal started from."""
        decision = self._decision(which)
        player = bot if bot is not None else self.game.bot(level)
        mine = set(self.seats)
        pos = decision.position
        if not self.with_match:
            seats = {s.name: READER if s.name in mine else COMPUTER for s in self._table()}
            session = Session(self.game, code=pos.code, seats=seats, bot=player)
            session.open(pos.code, pos.moves)
            return session
        options = dict(self.match_options)
        options.pop("standing", None)  # the position's own, below
        persons = self.game.match(pos.code, **options).persons
        session = Session(self.game, code=pos.code, seats={p.name: READER for p in persons}, bot=player,
                          match=True, match_options=options)
        session.open(pos.code, pos.moves, pos.dealer, standing=pos.totals())  # (every seat the reader's: none played yet)
        table = session.state.table
        for n, s in enumerate(table):  # the match's persons at the deal's seats, as this deal seated them
            session.set_controller(session.playing.person(s).name, READER if s.name in mine else COMPUTER,
                                   run=n == len(table) - 1)
        return session

    def _decision(self, which: int | Decision) -> Decision:
        if isinstance(which, Decision):
            if which not in self.decisions:
                raise ReviewError(f"that decision ({which.where}) is not one of this review's", token=which.where)
            return which
        if isinstance(which, bool) or not isinstance(which, int) or not 0 <= which < len(self.decisions):
            raise ReviewError(f"no decision {shorten(repr(which))} in this review: it has {len(self.decisions)}",
                              token=shorten(repr(which)))
        return self.decisions[which]

    def _table(self):
        return self.game.deal(code=self.position.code).table

    # -- renderings ---------------------------------------------------------------------------------
    def summary(self, order: bool = True) -> str:
        """The review in a sentence (``order``: saying that the biggest mistakes come first)."""
        n = len(self.decisions)
        bad = self.mistakes
        if not n:
            return f"No decision of {_seats_words(self.seats)} with a choice in this deal: nothing to review."
        if not bad:
            return f"{n} decision{'s' if n != 1 else ''} of {_seats_words(self.seats)} reviewed: no mistake found."
        unit = bad[0].unit
        cost = sum(d.cost for d in bad)
        worth = bad[0].game_point
        # (in game points too where every mistake is an estimate weighed so: an exact cost is in card points)
        also = (f" ({cost / worth:.1f} game points)" if worth and all(d.game_point == worth and not d.exact for d in bad)
                else "")
        return (f"{n} decision{'s' if n != 1 else ''} of {_seats_words(self.seats)} reviewed: {len(bad)} "
                f"mistake{'s' if len(bad) != 1 else ''}, costing about {_number(cost)} {unit}{also} "
                "in all" + ("; the biggest first." if order else "."))

    def text(self, limit: int | None = None) -> str:
        """The review in plain text: the summary, then each decision, the costliest first."""
        rows = self.ranked()[:limit] if limit is not None else self.ranked()
        lines = [f"{self.game.title}, deal {self.position.code}: {self.summary()}"]
        lines += [f"{i}. {d.words()}" for i, d in enumerate(rows, 1)]
        return "\n".join(lines)

    def html(self, limit: int | None = None) -> str:
        rows = self.ranked()[:limit] if limit is not None else self.ranked()
        items = []
        for d in rows:
            cls = "tutor-mistake" if d.mistake else "tutor-fine"
            items.append(f'<li class="{cls}" data-index="{d.index}">{html.escape(d.words())}</li>')
        return (f'<div class="tutor-review"><p><b>{html.escape(self.summary())}</b></p>'
                f'<ol>{"".join(items)}</ol></div>')

    def _repr_html_(self) -> str:
        return self.html()

    def to_json(self) -> dict:
        return {"game": self.game.name, "code": self.position.code, "moves": list(self.position.moves),
                "dealer": self.position.dealer, "standing": dict(self.position.standing), "seats": list(self.seats), "summary": self.summary(),
                "total": self.total, "decisions": [d.to_json() for d in self.decisions],
                "ranked": [d.index for d in self.ranked()]}

    def __str__(self) -> str:
        return self.text()


def _seats_words(seats: Sequence[str]) -> str:
    return " and ".join(seats) if seats else "nobody"


# -- making a review ------------------------------------------------------------------------------
def _weigher(game: Game, weigher: Any) -> Weigher:
    player = weigher if weigher is not None else game.bot("strong")
    if not isinstance(player, Weigher):
        raise ReviewError(f"{type(player).__name__} cannot weigh its choices: a review needs a player that does "
                          "(the strong level)", token=type(player).__name__)
    return player


def _start(game: Game, code: str, dealer: str | None, with_match: bool,
           match_options: Mapping[str, Any] | None) -> tuple[GameState, Any]:
    """The deal of ``code`` before its first move, as the table played it, and what its seats are
    weighed over: the deal alone, or in a match the match (dealt by ``dealer`` as a session opens
    it, at the totals of ``match_options``), whose view says what the deal does to the match."""
    people = game.deal(code=code).table if not with_match else game.match(code, **dict(match_options or {})).persons
    session = Session(game, code=code, seats={p.name: READER for p in people}, match=with_match,
                      match_options=match_options)
    if with_match:
        session.open(code, (), dealer)
        return session.state, session.playing
    state = session.state.clone()
    return state, state


def review_position(game: Game, position: Position, seats: Iterable[str | Seat], *, weigher: Any = None,
                    only: Iterable[int] | None = None, with_match: bool = False,
                    match_options: Mapping[str, Any] | None = None) -> Review:
    """Review the deal of ``position`` (its code and its moves, every move checked) for the
    reader who held ``seats`` (seat names of the deal): each of their moves where the rules left a
    choice, weighed by ``weigher`` (default: the game's strong player). ``only``, if given, keeps
    the moves (by number, from 0) the reader made himself, where others were made for him. In a
    match, the deal is weighed at the totals of ``match_options``, else at the position's own."""
    if not isinstance(position, Position):
        raise ReviewError(f"a review needs a position (a deal code and its moves), not {type(position).__name__}",
                          token=type(position).__name__)
    moves = Position.moves_of(list(position.moves))
    if with_match and position.standing and "standing" not in (match_options or {}):
        match_options = {**(match_options or {}), "standing": dict(position.standing)}  # the totals the position gives
    state, playing = _start(game, position.code, position.dealer, with_match, match_options)
    standing = tuple((playing.standing_to_restart() or {}).items()) if with_match else ()  # as the match checked them
    names = {s.name for s in state.table}
    chosen_seats: list[str] = []
    if isinstance(seats, str):
        seats = [x for x in seats.replace(",", " ").split() if x]
    for s in seats:
        name = s if isinstance(s, str) else getattr(s, "name", None)
        if not isinstance(name, str) or name.strip() not in names:
            shown = shorten(str(name if isinstance(name, str) else repr(s)))
            raise ReviewError(f"{shown} is not a seat of this {game.title} deal (its seats: {', '.join(sorted(names))})",
                              token=shown, legal=sorted(names))
        if name.strip() not in chosen_seats:
            chosen_seats.append(name.strip())
    if not chosen_seats:
        raise ReviewError("name the seat (or seats) the reader held, to review their decisions", token="seats",
                          legal=sorted(names))
    keep = None if only is None else set(only)
    _check_moves(state.clone(), moves)  # every move checked before any is weighed
    player = _weigher(game, weigher)
    worth = game_point_worth(state) if isinstance(player, StrongPlayer) else None
    decisions: list[Decision] = []
    for i, move in enumerate(moves):
        action = state.parse_action(move)  # checked above, with every move
        named = getattr(action, "seat", None)  # an action out of turn names its seat
        turn = state.turn
        assert turn is not None
        seat = turn.name if not isinstance(named, str) else named
        weighed = None
        if seat == turn.name and seat in chosen_seats and (keep is None or i in keep) and len(state.legal_actions()) > 1:
            # (a seat's view lets a player read and sample, never change: in a match, the match itself)
            view = SeatView(playing if playing is not state else state.clone(), turn)
            weighed = (tuple(player.weigh(view)), _trick(state, turn), choice_of(action).kind)
        before = len(state.history)
        playing.apply(action)
        if weighed is not None:
            done = state.history[before:]  # the move as the engine wrote it down
            weights, trick, kind = weighed
            decisions.append(_decision(weights, done[-1] if done else action, action, i, turn.name, kind, trick,
                                       Position(position.code, moves[:i], position.dealer, standing), worth))
    return Review(game, Position(position.code, moves, position.dealer, standing), tuple(chosen_seats), tuple(decisions), with_match,
                  dict(match_options or {}) if with_match else {})


def _decision(weights: tuple[Weight, ...], done: Any, given: Any, index: int, seat: str, kind: str, trick: int,
              before: Position, game_point: int | None = None) -> Decision:
    """The decision at move ``index``: the weights, and the weight of the move made (``done`` as
    the engine wrote it down, ``given`` as it was given)."""
    if not weights:
        raise ReviewError(f"the strong player weighed no action at move {index + 1}", token=f"move {index + 1}")
    said = {str(done), str(given)}
    chosen = next((x for x in weights if x.action == done or x.action == given or str(x.action) in said), None)
    if chosen is None:  # the same cards named in another order (``discard 7S 7C`` is ``discard 7C 7S``)
        keys = {_key(done), _key(given)}
        chosen = next((x for x in weights if _key(x.action) in keys), None)
    if chosen is None:
        raise ReviewError(f"the strong player did not weigh {shorten(str(done))}, the move made at move {index + 1}",
                          token=shorten(str(done)), legal=[str(x.action) for x in weights])
    best = weights[0]  # the weigher lists them best first: its own choice (it may keep a choice whose
    # gain is within the noise of its samples ahead of a higher mean: the cost is then below 0)
    return Decision(index, seat, kind, trick, before, chosen, best, weights, game_point)


def _check_moves(state: GameState, moves: Sequence[str]) -> None:
    """Apply ``moves`` to ``state`` in order, each checked: a move refused, or made after the end
    of the deal, raises the rules' error naming it."""
    for i, move in enumerate(moves):
        if state.is_over:
            raise IllegalActionError(f"move {i + 1} of the position, {shorten(move)}, comes after the end of the deal",
                                     token=shorten(move))
        try:
            state.apply(move)
        except TutorError as e:
            raise IllegalActionError(f"move {i + 1} of the position, {shorten(move)}, is refused: {e}",
                                     token=shorten(move), legal=e.legal) from e


def _key(action: Any) -> tuple[str, ...]:
    """An action's words, in order of its kind and then sorted (what names it whatever the order of its cards)."""
    words = str(action).split()
    return (*words[:1], *sorted(words[1:]))


def _trick(state: GameState, seat: Seat) -> int:
    """The number (from 1) of the trick in play or about to be led."""
    return state.table_parts(seat).tricks_played + 1


def review(game: Game, *, seed: int | str | None = None, code: str | None = None, actions: str | Iterable[str] = (),
           seats: Iterable[str | Seat], weigher: Any = None) -> Review:
    """Review a deal dealt by ``seed`` (or ``code``) and played by ``actions`` (in order, every
    seat's, every one checked), for the reader who held ``seats``."""
    if code is not None and seed is not None:
        raise ReviewError("give a deal's seed or its code, not both", token="seed")
    state = game.deal(code=code) if code is not None else game.deal(seed=seed if seed is not None else 0)
    return review_position(game, Position(state.code, Position.moves_of(actions)), seats, weigher=weigher)


def review_session(session: Session, *, weigher: Any = None) -> Review:
    """Review the deal on show in ``session``: the moves the reader made himself in it (moves the
    computer made for the reader, and moves with no choice, are not his decisions)."""
    from .session import _NEXT

    since = max((i + 1 for i, (_, a) in enumerate(session.actions) if a is _NEXT), default=0)
    done = session.actions[since:]
    position = session.position
    table = session.state.table
    readers = [s.name for s in table if session.controller(s) == READER]
    if not readers:
        raise ReviewError("the computer held every seat of this deal: there is no decision of the reader's to review",
                          token="seats")
    only = [i for i, (who, _) in enumerate(done) if who in (READER, LINKED)]
    # the deal is weighed at the totals it was played at, which its position carries (a strong
    # player may weigh a deal by what it does to the match: Bondtolva's race to 12, Le Truc's manche)
    options = {k: v for k, v in session.match_options.items() if k != "standing"}
    return review_position(session.game, position, readers, weigher=weigher, only=only,
                           with_match=session.with_match, match_options=options)


# -- narrated deals -------------------------------------------------------------------------------
class _Telling:
    """The strong player choosing (its own ``choose``; for the strong players, whose choice is the
    action they weigh first, the position is weighed once), and its weights of the position kept,
    so the narrator can give the reason for the choice and the review its cost. With ``other`` (another
    computer player) and the seats it holds, ``other`` chooses at those seats, and the strong player
    still weighs every choice there, so the review can say what each one cost."""

    def __init__(self, weigher: Weigher, other: Any = None, others: Iterable[str] = (), name: str = ""):
        self.weigher = weigher
        self.name = name
        self.other = other
        self.others = frozenset(others) if other is not None else frozenset()
        self.last: tuple[Weight, ...] = ()
        from .games.strength import SampledWeigher
        from .games.strong import StrongPlayer

        #: whether the weigher's choice is the action it weighs first, as the strong players' are
        #: (a weigher's weights are made from the seat's view alone: the same position, the same weights)
        self.weighs_first = getattr(type(weigher), "choose", None) in (SampledWeigher.choose, StrongPlayer.choose)

    def who(self, seat: str) -> str:
        """The seat's name, and which computer plays it where two do: ``younger (the beginner computer)``."""
        if not self.others:
            return seat
        return f"{seat} ({'the strong computer' if self.strong(seat) else self.name})"

    def strong(self, seat: str) -> bool:
        """Whether the strong player chooses at ``seat``."""
        return seat not in self.others

    def choose(self, seat: SeatView) -> Any:
        self.last = ()
        if not self.strong(seat.seat.name):
            action = self.other.choose(seat)
            if len(list(seat.legal_actions())) > 1:
                self.last = tuple(self.weigher.weigh(seat))
            return action
        many = len(list(seat.legal_actions())) > 1
        if many and self.weighs_first:  # its choice is the action it weighs first: weighed once
            self.last = tuple(self.weigher.weigh(seat))
            return self.last[0].action
        action = self.weigher.choose(seat)
        if many:
            self.last = tuple(self.weigher.weigh(seat))
        return action


#: phases in which a seat answers or raises another's call: they go on in the call's paragraph
_ANSWERING = frozenset({"reply", "answer", "raise"})

#: a card in the notation (``QS``, ``TD``, a second copy ``QH'``), said as the table shows it
_CARD_WORD = re.compile(r"(?<![\w'])(?:10|[AKQJT2-9])[SHDC](?![\w])'?")


#: a reason's label in front of it (what the action is, in the player's words), before a colon
_LABEL = re.compile(r"^[^:;,()]{1,40}: ")


_SIGNED = re.compile(r"[+-]\d")

_NESTED = re.compile(r" \(([^()]*)\)")

_SYMBOL = re.compile(r"(?:10|[AKQJT2-9])[♠♥♦♣]'?")


def _plain(line: str) -> str:
    """A line of the story with the cards in the notation shown as the table shows them (``Q♠``)."""
    from .cards import Card

    return _CARD_WORD.sub(lambda m: Card(m.group(0)).symbol, line)


def _reason(action: Any, chosen: Weight, weights: Sequence[Weight], line: str = "") -> str:
    """The strong player's reason for ``chosen``, for the story told in ``line``: without the
    action's notation in front of it (the line already says what was done); nothing where every
    legal action weighed the same (there was no choice to explain); and where the reason only says
    what was done (or says no figure), the weight it was chosen by."""
    means = [w.mean for w in weights]
    if max(means) - min(means) < 1e-9:
        return ""
    why = _plain(chosen.reason.strip().rstrip("."))
    label = _LABEL.match(why)
    if label:  # "play QS: ...", "propose to double: ...": the line has said it
        why = why[label.end():].strip()
    why = _NESTED.sub(r", \1", why)  # the reason goes in brackets: none inside them
    parts = why.split(", ")
    said = _words(line) | _words(_plain(str(action)))
    while len(parts) > 1 and _words(parts[0]) <= said:  # "no more drawing, strict play, and ..." after the line said so
        parts = parts[1:]
        parts[0] = re.sub(r"^and ", "", parts[0])
    why = ", ".join(parts)
    if _words(why) <= _words(line) | _words(_plain(str(action))):  # "declares marriage K♦ Q♦" after "declares the marriage K♦ Q♦"
        why = ""
    if not _SIGNED.search(_SYMBOL.sub("", why)):  # no weight said (a card's rank, a count of cards is none)
        if "deals of the unseen cards" in why:  # "keeps ..., draws 2; over 24 deals of the unseen cards"
            why = f"{why}: {chosen.mean:+.1f} on average"
        else:
            why = f"{why}: {_figure(chosen)}" if why else _figure(chosen)
    return why


def _weight_of(weights: Sequence[Weight], action: Any) -> Weight | None:
    """The weight of ``action`` among ``weights`` (the same cards named in any order)."""
    found = next((x for x in weights if str(x.action) == str(action)), None)
    return found if found is not None else next((x for x in weights if _key(x.action) == _key(action)), None)


def _words(text: str) -> set[str]:
    return {w.strip(".,;:()\"'“”").lower() for w in text.split()} - {"", "the", "a", "an"}


def _figure(w: Weight) -> str:
    """A weight in words: ``+1.5 points on average over 8 deals of the unseen cards``."""
    unit = re.sub(r"\s*\([^()]*\)", "", w.unit).split(",")[0].strip()  # the unit's short name, in brackets already
    figure = f"{w.mean:+.1f} {unit}".rstrip()
    if w.exact:
        return f"{figure} from here, every card known"
    over = f" over {w.samples} deals of the unseen cards" if w.samples > 1 else ""
    return f"{figure} on average{over}"


class _DealNarrator(Narrator):
    """What the table hears (the table's own narrator), each choice with the strong player's
    reason, and the ends of the tricks marked so the story can be told trick by trick; before the
    play, each stage (an auction, an exchange, the calls) in a paragraph of its own."""

    def __init__(self, telling: _Telling):
        from .table import TableNarrator

        self.table = TableNarrator()
        self.telling = telling
        self.paragraphs: list[list[str]] = [[]]
        self.choices: list[tuple[int, str, int, tuple[Weight, ...]]] = []  # (move, seat, trick, weights) of each choice
        self.moves = 0
        self.told: dict[int, tuple[int, int]] = {}  # move -> (paragraph, line after its lines)
        self.phases: list[str] = []  # the phase of each move so far
        self.played = False  # a card has been played

    def deal_started(self, session: Session) -> list[str]:
        from .cards import parse_card

        lines = [_plain(x[:1].upper() + x[1:]) for x in self.table.deal_started(session)]
        state = session.state
        hands = []
        for s in state.table:  # the hands as dealt, so the reader can follow each choice
            cards = " ".join(parse_card(c).symbol for c in state.view(s).get("hand", ()))
            if cards:
                hands.append(f"{s.name.capitalize()} holds {cards}.")
        self.paragraphs = [list(lines) + self.players(state) + hands, []]
        self.phases, self.played = [], False
        return lines

    def players(self, state: GameState) -> list[str]:
        """Who plays which seat, where the strong player does not play them all."""
        telling = self.telling
        if not telling.others:
            return []
        strong = [s.name for s in state.table if telling.strong(s.name)]
        other = [s.name for s in state.table if not telling.strong(s.name)]
        return [f"The strong computer plays {_seats_words(strong)}; {telling.name} (the tutor's rules-of-thumb player) "
                f"plays {_seats_words(other)}. The strong player gives the reasons for its own choices, and weighs "
                f"the other's too."]

    def _stage(self, phase: str) -> None:
        """Before the play, a phase not met before (and not an answer to a call) opens a paragraph."""
        new = bool(phase) and phase not in self.phases and phase not in _ANSWERING
        if not self.played and new and self.phases and self.phases[-1] != phase and self.paragraphs[-1]:
            self.paragraphs.append([])
        self.phases.append(phase)

    def action(self, session, who, seat, action, apply) -> list[str]:
        state = session.state
        legal = len(list(state.legal_actions()))
        before = state.table_parts(seat).tricks_played
        trick = _trick(state, seat)
        phase = state.view(seat).get("phase", "")
        self._stage(str(getattr(phase, "value", phase) or ""))
        weights = self.telling.last
        lines = [_plain(x) for x in self.table.action(session, who, seat, action, apply)]
        if state.is_over and len(lines) > 1 and lines[-1].startswith("Deal over: "):
            reason = lines[-1][len("Deal over: "):]
            if any(x.endswith(": " + reason) for x in lines[:-1]):  # the score line has just said it
                lines[-1] = "Deal over."
        if choice_of(action).kind == "play":
            self.played = True
        chosen = _weight_of(weights, action)
        if legal > 1 and chosen is not None:
            self.choices.append((self.moves, seat.name, trick, weights))
            why = _reason(action, chosen, weights, lines[0]) if self.telling.strong(seat.name) else ""
            if why:
                first = f"{lines[0][:-1]} ({why})." if lines[0].endswith(".") else f"{lines[0]} ({why})."
                lines = [first, *lines[1:]]
        self.paragraphs[-1].extend(lines)
        self.told[self.moves] = (len(self.paragraphs) - 1, len(self.paragraphs[-1]))
        self.moves += 1
        if state.table_parts(seat).tricks_played > before and not state.is_over:
            self.paragraphs.append([])
        return lines


@dataclass(frozen=True)
class NarratedDeal:
    """One deal played by the strong player (at every seat, or at ``strong``'s against another
    computer), told trick by trick: ``paragraphs``
    of sentences (the deal's start, each trick with what led to it, the end), the final scores
    and outcome as the engine reckons them, and the review of the losing side's decisions."""

    game: Game
    position: Position
    paragraphs: tuple[tuple[str, ...], ...]
    scores: Mapping[str, int]
    outcome: str
    winner: str | None
    review: Review | None
    strong: tuple[str, ...] = ()  # the seats the strong player held (every seat unless it played against another computer)
    against: str = ""  # the other computer, in words, where the strong player did not hold every seat

    def text(self) -> str:
        parts = [" ".join(p) for p in self.paragraphs if p]
        if self.review is not None:
            who = _seats_words(self.review.seats)
            if self.against:
                held = {s in self.strong for s in self.review.seats}
                who += "" if len(held) != 1 else f" ({'the strong computer' if held == {True} else self.against})"
            if self.review.mistakes:
                whose = f"the play of {who}" if self.against else f"{who}'s play"
                parts.append(f"The review of {whose}: {self.review.summary(order=False)}")
            else:
                parts.append(f"The review finds no choice of {who}'s worse than the strong player's best, by its own "
                             f"weights: the deal was lost in the cards, not in the play.")
        return "\n\n".join(parts)

    def markdown(self) -> str:
        """The story for a page of the book (paragraphs, the deal's code to deal it again)."""
        return f"Deal `{self.position.code}`.\n\n" + self.text() + "\n"

    def html(self) -> str:
        return "".join(f"<p>{html.escape(p)}</p>" for p in self.text().split("\n\n"))

    def _repr_html_(self) -> str:
        return self.html()

    def to_json(self) -> dict:
        return {"game": self.game.name, "code": self.position.code, "moves": list(self.position.moves),
                "paragraphs": [list(p) for p in self.paragraphs], "scores": dict(self.scores),
                "outcome": self.outcome, "winner": self.winner,
                "review": None if self.review is None else self.review.to_json(), "strong": list(self.strong)}

    def __str__(self) -> str:
        return self.text()


#: the other computer a narrated deal may set against the strong player, and how the story names it
AGAINST: Mapping[str, str] = {"beginner": "the beginner computer"}


def _strong_seats(first: GameState, against: str | None, strong: Iterable[str] | str | None) -> tuple[str, ...]:
    """The seats the strong player holds: all of them, or (``against`` another computer) ``strong``,
    by default the first seat's side (the first seat and its partners)."""
    table = first.table
    names = [s.name for s in table]
    if against is None:
        if strong is not None:
            raise ReviewError("the strong player holds every seat unless it plays against another computer "
                              "(give against=\"beginner\" with the seats it holds)", token="strong")
        return tuple(names)
    if not isinstance(against, str) or against not in AGAINST:
        shown = shorten(str(against))
        raise ReviewError(f"{shown} is no computer a narrated deal can set against the strong player "
                          f"(it can: {', '.join(AGAINST)})", token=shown, legal=list(AGAINST))
    if strong is None:
        seat = table.seats[0]
        chosen = [s.name for s in table if s == seat or (table.partnerships and table.side_of(s) == table.side_of(seat))]
    else:
        chosen = [x for x in strong.replace(",", " ").split() if x] if isinstance(strong, str) else list(strong)
    for name in chosen:
        if not isinstance(name, str) or name not in names:
            shown = shorten(str(name))
            raise ReviewError(f"{shown} is not a seat of this deal (its seats: "
                              f"{', '.join(names)})", token=shown, legal=names)
    if not chosen or set(chosen) == set(names):
        raise ReviewError("the strong player must hold some seats and leave some to the other computer",
                          token="strong", legal=names)
    return tuple(n for n in names if n in chosen)


def narrated_deal(game: Game, seed: int | str | None = 0, *, code: str | None = None, weigher: Any = None,
                  against: str | None = None, strong: Iterable[str] | str | None = None) -> NarratedDeal:
    """Play one deal of ``game`` (by ``seed`` or ``code``) with the strong player (or ``weigher``)
    at every seat and tell it trick by trick: each choice with the strong player's reason, the
    tricks and scores as the engine makes them, and, where the side that lost chose worse than the
    strong player's best (by its own weights), the review's comment.

    With ``against="beginner"`` the game's beginner computer (:meth:`~tutor.games.contract.Game.beginner_bot`)
    plays the seats the strong player does not hold (``strong``: seat names; by default the first
    seat and its partners). The strong player still weighs every choice, so the story gives its
    reasons at its own seats, and the review says what the other computer's choices cost where its
    side lost."""
    player = _weigher(game, weigher)
    first = game.deal(code=code) if code is not None else game.deal(seed=seed if seed is not None else 0)
    mine = _strong_seats(first, against, strong)
    others = [s.name for s in first.table if s.name not in mine]
    telling = _Telling(player, game.bot(against) if against is not None else None, others,
                       AGAINST.get(against or "", ""))
    narrator = _DealNarrator(telling)
    seats = {s.name: COMPUTER for s in first.table}
    session = Session(game, code=first.code, seats=seats, bot=telling, narrator=narrator)
    state = session.state
    out = state.outcome()
    winner = out.winner if out is not None else None
    losers = [s.name for s in state.table
              if winner is not None and winner not in (s.name, state.table.side_name(s) if state.table.partnerships else None)]
    rev = None
    if losers:
        decisions = []
        worth = game_point_worth(first)
        for index, seat, trick, weights in narrator.choices:
            if seat not in losers:
                continue
            move = session.position.moves[index]
            decisions.append(_decision(weights, move, move, index, seat, choice_of(move).kind, trick,
                                       Position(first.code, session.position.moves[:index]), worth))
        rev = Review(game, session.position, tuple(losers), tuple(decisions))
        for d in sorted(rev.mistakes, key=lambda d: -d.index):  # the review's comment where the loser went wrong
            para, after = narrator.told[d.index]
            narrator.paragraphs[para].insert(after, _plain(f"Here {telling.who(d.seat)} went wrong: the strong player would have "
                                                           f"chosen {d.best.action}, and {d.chosen.action} cost "
                                                           f"{d.cost_words()}."))
    return NarratedDeal(game, session.position, tuple(tuple(p) for p in narrator.paragraphs if p), state.scores(),
                        out.reason if out is not None else "not over", winner, rev, mine, telling.name)
