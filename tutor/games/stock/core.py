"""The stock-and-tricks engine: a stock to draw from, a turn-up for trumps, declarations, two stages.

Bezique, Sixty-Six and their kin (Tausendeins, Mariage, Chouine, Briscan, Bondtolva, Marjapussi,
Tute, Gaigel) share one skeleton, described here as data (:class:`StockSpec`):

* the deal: a pack, hands dealt in packets, a turn-up for trumps (or none: trumps made by the first
  marriage), the rest face down as the stock;
* two stages with their own rules of play (:class:`~tutor.games.stock.tricks.PlayRule`): while
  the stock lasts, and once it is exhausted or closed;
* the winner of a trick draws first, the others after him; the turn-up is drawn last;
* declarations (:mod:`~tutor.games.stock.declarations`): when they may be made (by the winner of a
  trick before drawing, or by a player on lead, who then leads one of the cards), how many a
  trick, whether the cards are laid on the table, how cards may be reused;
* the trump exchange (a low trump for the turn-up), closing the stock, claiming a target score;
* partnerships: ``teams`` gives each seat its side, and scores go to sides.

:class:`StockState` runs a deal by these data; a game subclasses it for what is its own (Bezique:
the seven of trumps, the last trick, brisques, the revoke forfeit; Sixty-Six: game points and
claims) through a handful of hooks (``_after_deal``, ``_on_play``, ``_on_trick``, ``_on_exchange``,
``_on_stock_exhausted``, ``_finish_deal``, ``_on_revoke``, ``_on_close``, ``_on_claim``).

Phases: ``lead`` (a player to lead; on-lead declarations, exchange, close, claim), ``follow`` (the
others play to the trick), ``declare`` (the trick's winner may declare before drawing), ``over``.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import functools
import re
from bisect import insort
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain as _chain
from itertools import combinations as _subsets
from itertools import filterfalse as _filterfalse
from itertools import permutations as _orders
from operator import attrgetter
from typing import Any, ClassVar

from ... import codes
from ...cards import Card, Hand, Pack, Rank, Suit
from ...errors import IllegalActionError, NotationError, RuleOptionError, TutorError, shorten
from ...explain import Explanation
from ...seats import Seat, Table
from ..base import GameState, LegalActions
from .actions import Action, Aside, Claim, Close, Declare, Draw, Exchange, Play, Revoke, parse_action
from .declarations import FOSTER_REUSE, Combination, Meld, MeldTable, Reuse, by_face, candidates, reuse_fault
from .laws import LAWS, law
from .tricks import FREE, STRICT, CardOrder, Follow, PlayRule, legal_plays, trick_winner, why_not_playable

__all__ = ["StockSpec", "Dealt", "Phase", "Stage", "When", "StockState", "Trick"]


class Phase(enum.Enum):
    LEAD = "lead"
    FOLLOW = "follow"
    DECLARE = "declare"
    OVER = "over"

    over: bool  # whether the deal is over (set on each member below)


for _phase in Phase:
    _phase.over = _phase is Phase.OVER
del _phase


class Stage(enum.Enum):
    """``stock``: while it lasts; ``end``: once it is exhausted or closed."""

    STOCK = "stock"
    END = "end"


class When(enum.StrEnum):
    """When declarations (or the trump exchange) are made: by the winner of a trick before he
    draws (Bezique), by a player on lead before he leads (Sixty-Six, Schnapsen), or by the player
    to play, leading or following, before he plays (Chouine: a combination is shown as one of its
    cards is played to a trick)."""

    AFTER_TRICK = "after_trick"
    ON_LEAD = "on_lead"
    ON_PLAY = "on_play"


@dataclass(frozen=True)
class StockSpec:
    """What one game of the family is, as data (see the module docstring)."""

    name: str
    pack: Pack
    players: tuple[str, ...]
    hand_size: int
    packets: tuple[int, ...]
    order: CardOrder
    card_points: Mapping[Rank, int]
    turnup: bool = True
    play: Mapping[Stage, PlayRule] = field(default_factory=lambda: {Stage.STOCK: FREE, Stage.END: STRICT})
    melds: MeldTable = field(default_factory=lambda: MeldTable(()))
    declare_when: When = When.AFTER_TRICK
    declare_in_end: bool = False
    #: a declaration made on lead is followed by leading one of its cards (Sixty-Six's marriage);
    #: False where it is only shown and any card may be led (Tute's cantes, Briscan's sequences)
    lead_declared: bool = True
    one_per_trick: bool = True
    reuse: Reuse = FOSTER_REUSE
    exchange_rank: Rank | None = None
    exchange_when: When = When.AFTER_TRICK
    may_close: bool = False
    #: the winner of a trick may close the stock before he draws (Sixty-Six, pagat.com), as well as
    #: on lead after drawing: a trick won while the stock lasts then waits for his ``draw`` or ``close``
    close_before_draw: bool = False
    #: the exchange may be made by a player who is not to move too, at any moment it may be made
    #: (``exchange_when`` ON_PLAY: Chouine's and Briscan's seven 'at any time'): listed by
    #: ``legal_actions(seat)`` and written ``younger: exchange 7H`` (:class:`.actions.Aside`)
    exchange_any_time: bool = False
    may_claim: bool = False
    revoke_penalty: bool = False
    teams: tuple[int, ...] | None = None
    side_names: tuple[str, ...] | None = None
    partner_melds: bool = False  # a declaration may use the partner's cards in hand (Marjapussi's asked marriages)
    #: Words by which a refusal names one of the game's sources (each refusal gets its rule from
    #: the game's table in :mod:`.laws`; a test fails on a refusal these words do not find).
    cites: str = ""
    deal_tag: str = "st"
    #: +1 where play passes to the left, -1 to the right (Gaigel): the seats stay numbered in
    #: order of play, and the table's ``left`` and ``right`` follow this
    direction: int = 1

    def __post_init__(self) -> None:
        for name in ("declare_when", "exchange_when"):
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, When(value))
            except ValueError:
                raise RuleOptionError(f"{name} is one of {', '.join(w.value for w in When)}, not {shorten(str(value))}",
                                      token=shorten(str(value)), legal=tuple(w.value for w in When)) from None

    @functools.cached_property
    def sort_index(self) -> dict[Card, int]:
        """Display order: by suit, then rank as the pack lists them, the second copy after the first."""
        pack = self.pack
        suits = {s: i for i, s in enumerate(pack.suits)}
        ranks = {r: i for i, r in enumerate(pack.ranks)}
        ordered = sorted(pack.cards, key=lambda c: (suits[c.suit], ranks[c.rank], c.copy))
        return {c: i for i, c in enumerate(ordered)}

    @functools.cached_property
    def card_value(self) -> dict[Card, int]:
        """``card_points`` by card, for every card there is (looked up without hashing a rank)."""
        pts = self.card_points
        return {Card.of(r, s, k): pts.get(r, 0) for r in Rank for s in Suit for k in (0, 1)}

    def sorted(self, cards) -> Hand:
        return Hand(sorted(cards, key=self.sort_index.__getitem__))

    @functools.cached_property
    def table(self) -> Table:
        """The seats in order of play from the first leader, the last seat dealing, with the
        partnerships ``teams`` gives, play passing to the left or right as ``direction`` says."""
        sides = None
        if self.teams is not None:
            sides = [tuple(self.players[p] for p in range(len(self.players)) if self.teams[p] == t) for t in sorted(set(self.teams))]
        return Table(self.players, dealer=len(self.players) - 1, sides=sides, direction=self.direction, in_play_order=True)

    @property
    def scorers(self) -> tuple[str, ...]:
        """Who scores: the players, or the sides in a partnership game."""
        return self.side_names if self.teams is not None else self.players  # type: ignore[return-value]

    def side(self, player: int) -> int:
        return player if self.teams is None else self.teams[player]

    @property
    def layout(self) -> list[tuple[int, bool]]:
        n = len(self.players)
        rest = len(self.pack) - n * self.hand_size
        return [(self.hand_size, False)] * n + ([(1, True)] if self.turnup else []) + [(rest - int(self.turnup), True)]


@dataclass(frozen=True)
class Dealt:
    """The cards as dealt: each player's hand, the turn-up (or None), the stock top first."""

    hands: tuple[Hand, ...]
    turnup: Card | None
    stock: tuple[Card, ...]

    @classmethod
    def from_seed(cls, spec: StockSpec, seed: int | str) -> Dealt:
        """Shuffle with :func:`tutor.cards.shuffled`, deal the packets round from the player on the
        dealer's left, turn up the next card (if the game turns one up); the rest is the stock."""
        order = spec.pack.shuffled(seed)
        n = len(spec.players)
        hands: list[list[Card]] = [[] for _ in range(n)]
        i = 0
        for k in spec.packets:
            for p in range(n):
                hands[p] += order[i : i + k]
                i += k
        turnup = order[i] if spec.turnup else None
        i += int(spec.turnup)
        key = spec.sort_index.__getitem__
        # the pack's own cards, each once: nothing to read or check, as Hand() would for cards given
        return cls(tuple(_tuple_new(Hand, sorted(h, key=key)) for h in hands), turnup, tuple(order[i:]))

    @classmethod
    def from_cards(cls, spec: StockSpec, hands: Sequence, turnup, stock) -> Dealt:
        """A deal from notation: every card of the pack exactly once (copies marked ``'``)."""
        n = len(spec.players)
        if len(hands) != n:
            raise NotationError(f"{spec.name} is dealt to {n} players, not {len(hands)}", token=len(hands))
        parsed = [spec.pack.parse_hand(h, spec.hand_size, f"{spec.players[p]}'s hand") for p, h in enumerate(hands)]
        up = None
        if spec.turnup:
            if turnup is None:
                raise NotationError(f"{spec.name} turns a card up for trumps: give the turn-up", token=None)
            up = spec.pack.parse_hand(str(turnup) if isinstance(turnup, (str, Card)) else turnup, 1, "turn-up")[0]
        elif turnup is not None:
            raise NotationError(f"with these rules no card is turned up, but {turnup} was given", token=str(turnup))
        rest = len(spec.pack) - n * spec.hand_size - int(spec.turnup)
        st = spec.pack.parse_hand(stock, rest, "stock")
        seen: dict[Card, str] = {}
        for name, cards in [(spec.players[p], h) for p, h in enumerate(parsed)] + [("turn-up", [up] if up else []), ("stock", st)]:
            for c in cards:
                if c in seen:
                    raise NotationError(f"card {c} is both in the {seen[c]} and in the {name}", token=str(c))
                seen[c] = name
        return cls(tuple(spec.sorted(h) for h in parsed), up, tuple(st))

    @classmethod
    def from_code(cls, spec: StockSpec, code: str) -> Dealt:
        piles = codes.decode(spec.deal_tag, spec.pack, spec.layout, code)
        n = len(spec.players)
        turnup = piles[n][0] if spec.turnup else None
        return cls(tuple(spec.sorted(h) for h in piles[:n]), turnup, tuple(piles[-1]))

    def code(self, spec: StockSpec) -> str:
        piles = [(h, False) for h in self.hands] + ([((self.turnup,), True)] if self.turnup else []) + [(self.stock, True)]
        return codes.encode(spec.deal_tag, spec.pack, piles)

    def to_json(self, spec: StockSpec) -> dict:
        out: dict[str, str | None] = {spec.players[p]: str(h) for p, h in enumerate(self.hands)}
        out["turnup"] = str(self.turnup) if self.turnup else None
        out["stock"] = " ".join(map(str, self.stock))
        return out


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the cards in the order played (with who played each), who won."""

    leader: int
    players: tuple[int, ...]
    cards: tuple[Card, ...]
    winner: int
    stage: Stage


_PLAYS: dict[Card, Play] = {}
_DRAW = Draw()
_OVER, _LEAD, _FOLLOW, _DECLARE = Phase.OVER, Phase.LEAD, Phase.FOLLOW, Phase.DECLARE  # read as globals: no lookup on the enum
_STOCK, _END = Stage.STOCK, Stage.END
_ON_LEAD, _AFTER_TRICK, _ON_PLAY = When.ON_LEAD, When.AFTER_TRICK, When.ON_PLAY
_ANY = Follow.ANY
_new = object.__new__
_tuple_new = tuple.__new__

#: types whose values never change once made (learnt as met: enums and frozen dataclasses are such)
_FIXED: dict[type, bool] = {t: True for t in (int, bool, str, float, type(None), type(len), Card, Seat, Table, Explanation)}


def _fixed(value: object) -> bool:
    """Whether ``value`` never changes once made, so a copy of a state may share it: a value of a
    fixed type, or a tuple of such values."""
    kind = type(value)
    if kind is tuple:
        return all(map(_fixed, value))  # type: ignore[call-overload]
    found = _FIXED.get(kind)
    if found is None:
        found = _FIXED[kind] = issubclass(kind, enum.Enum) or (dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen)  # type: ignore[attr-defined]
    return found


def _cloned(value: Any) -> Any:
    """``value`` as :meth:`StockState.clone` copies it."""
    if _fixed(value):
        return value
    kind = type(value)
    if kind is list:
        if all(map(_fixed, value)):
            return value[:]
        if all(type(x) is list and all(map(_fixed, x)) for x in value):  # a list for each player: hands, cards won
            return [x[:] for x in value]
    elif kind is set and all(map(_fixed, value)):
        return set(value)
    return copy.deepcopy(value)


_cards_of = attrgetter("cards")


def _play_action(card: Card) -> Play:
    """``Play(card)``, one value per card (actions are immutable, and listing them is the hot path)."""
    action = _PLAYS.get(card)
    if action is None:
        action = _PLAYS[card] = Play(card)
    return action


for _r in Rank:  # every card there is, both copies: a hand's plays are then one lookup each, made in C
    for _s in Suit:
        for _k in (0, 1):
            _play_action(Card.of(_r, _s, _k))
del _r, _s, _k
_play_of = _PLAYS.__getitem__
#: a face's notation -> the card and its second copy (``"7H"`` -> 7H, 7H'), found without hashing an enum member
_COPIES: dict[str, tuple[Card, Card]] = {Card.of(r, s)._text: (Card.of(r, s), Card.of(r, s, 1)) for r in Rank for s in Suit}


def _declare_action(kind: str, cards: tuple[Card, ...], also: tuple[tuple[str, tuple[Card, ...]], ...] = ()) -> Declare:
    """``Declare(kind, cards, also)`` for cards already a tuple of cards (what listing makes): the
    same value, made without reading the cards again."""
    a = _new(Declare)
    d = a.__dict__
    d["kind"], d["cards"], d["also"] = kind, cards, also
    return a


def _meld(player: int, kind: Combination, cards: tuple[Card, ...], scored: bool, trick: int) -> Meld:
    """``Meld(player, kind, cards, scored, trick)``, made without the frozen dataclass's checks."""
    m = _new(Meld)
    d = m.__dict__
    d["player"], d["kind"], d["cards"], d["scored"], d["trick"] = player, kind, cards, scored, trick
    return m


def _trick(leader: int, players: tuple[int, ...], cards: tuple[Card, ...], winner: int, stage: Stage) -> Trick:
    """``Trick(leader, players, cards, winner, stage)``, the same value made without the frozen
    dataclass's checks on each field (a deal makes one a trick)."""
    t = _new(Trick)
    d = t.__dict__
    d["leader"], d["players"], d["cards"], d["winner"], d["stage"] = leader, players, cards, winner, stage
    return t


class _Legal(list, LegalActions):  # type: ignore[misc]
    """A revoke is a breach with a penalty, never a legal action: ``in`` says no to it.

    Iterating, counting and indexing are the list's own (a copy of the position's listed
    actions, made in C: a front end or a simulation asks for them at every step); equality and
    hashing stay those of :class:`LegalActions` (by identity), ``in`` checks the rules. Made by
    the list's own constructor (in C), the state then put in its slot (no instance dict)."""

    __slots__ = ("_state",)

    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    __hash__ = object.__hash__  # type: ignore[assignment]
    __repr__ = LegalActions.__repr__
    __str__ = LegalActions.__str__

    @property
    def _actions(self) -> list[Action]:  # type: ignore[override]  # what LegalActions keeps its list in
        return self

    def __contains__(self, action: object) -> bool:
        try:
            action = self._state.parse_action(action)
        except ValueError:
            return False
        return not isinstance(action, Revoke) and self._state._why_illegal(action) is None


#: the flags of :meth:`StockState.__init__` by game class and spec (the spec is kept with them, so
#: its id cannot pass to another spec while its entry stands)
_FLAGS: dict[tuple[type, int], tuple[StockSpec, dict[str, Any]]] = {}


def _flags(cls: type[StockState], spec: StockSpec) -> dict[str, Any]:
    """What a state of ``cls`` under ``spec`` may skip (the game's overrides and its rules), and
    its table's order of play from each seat: read once."""
    found = _FLAGS.get((cls, id(spec)))
    if found is not None and found[0] is spec:
        return found[1]
    out: dict[str, Any] = {}
    # applying an action is resolving it to the cards held and doing it (a game adds nothing before)
    out["_listed_need_nothing"] = cls._apply is StockState._apply
    out["_lists_itself"] = cls._enumerate is not StockState._enumerate
    # nothing but plays can be done on lead (no declaring, exchanging, closing or claiming then)
    out["_plays_only_on_lead"] = (spec.declare_when is _AFTER_TRICK and spec.exchange_when is _AFTER_TRICK and not spec.may_close
                                  and not spec.may_claim and cls._may_close is StockState._may_close
                                  and cls._may_claim is StockState._may_claim)
    out["_declares_on_play"] = spec.declare_when is _ON_PLAY
    # nothing but plays can be done following (no declaring or exchanging on one's turn to play)
    out["_plays_only_on_follow"] = spec.declare_when is not _ON_PLAY and spec.exchange_when is not _ON_PLAY
    # after a trick won while the stock lasts, the winner may declare or exchange before drawing
    out["_winner_moment"] = ((spec.declare_when is _AFTER_TRICK and bool(spec.melds.kinds or spec.exchange_rank is not None))
                             or (spec.may_close and spec.close_before_draw))
    # a listed play (or draw) is done by :meth:`_play` (:meth:`_draw`): the game adds nothing to
    # applying it, and its table of what each action does keeps the core's
    out["_plays_plainly"] = out["_listed_need_nothing"] and cls.DO[Play] is StockState.DO[Play]
    out["_draws_plainly"] = out["_listed_need_nothing"] and cls.DO[Draw] is StockState.DO[Draw]
    # the cards a player may play are found by the core's :meth:`_playable`
    out["_playable_plain"] = cls._playable is StockState._playable
    # hooks the game leaves as the core's (doing nothing, or the core's rule): not called, or inlined
    out["_trick_winner_plain"] = cls._trick_winner is StockState._trick_winner
    out["_on_draw_plain"] = cls._on_draw is StockState._on_draw
    out["_on_play_plain"] = cls._on_play is StockState._on_play
    out["_on_trick_plain"] = cls._on_trick is StockState._on_trick
    # by seat: the seats in order of play from it, as the table gives them (who follows him, and
    # the order of the draw after a trick he won)
    table = spec.table
    out["_turns"] = tuple(tuple(map(int, table.order_from(w))) for w in range(table.size))
    out["_exchange_rank_plain"] = cls._exchange_rank is StockState._exchange_rank
    # the winner's moment (the phase after a trick won while the stock lasts) is a time to declare
    out["_declares_in_moment"] = (cls._may_declare_now is StockState._may_declare_now and spec.declare_when is _AFTER_TRICK
                                  and bool(spec.melds.kinds))
    # a player's declarations use the cards he holds, no partner's
    out["_pool_is_held"] = cls._meld_pool is StockState._meld_pool and (not spec.partner_melds or spec.teams is None)
    if len(_FLAGS) > 256:
        _FLAGS.clear()
    _FLAGS[(cls, id(spec))] = (spec, out)
    return out


class StockState(GameState):
    """One deal of a stock-and-tricks game, run by its :class:`StockSpec` (``self.spec``).

    Player 0 is the first to lead (elder, the non-dealer in two-handed games); the last seat deals.
    """

    spec: StockSpec
    # what the state may skip, read once for its class and spec (see _flags)
    _listed_need_nothing: bool
    _lists_itself: bool
    _plays_only_on_lead: bool
    _declares_on_play: bool
    _plays_only_on_follow: bool
    _winner_moment: bool
    _plays_plainly: bool
    _draws_plainly: bool
    _playable_plain: bool
    _trick_winner_plain: bool
    _on_draw_plain: bool
    _on_play_plain: bool
    _on_trick_plain: bool
    _turns: tuple[tuple[int, ...], ...]
    _exchange_rank_plain: bool
    _declares_in_moment: bool
    _pool_is_held: bool

    @classmethod
    def exercise_kinds(cls) -> tuple[Any, ...]:
        """Every game of the core offers ``tricks``: what each side has scored after a few tricks."""
        from .exercises import TRICKS

        return (TRICKS,)

    def __init__(self, dealt: Dealt, spec: StockSpec):
        self.spec = spec
        self.dealt = dealt
        n = len(spec.players)
        self.n = n
        self._key = spec.sort_index.__getitem__
        self._stock_rule, self._end_rule = spec.play[_STOCK], spec.play[_END]
        self.hands: list[list[Card]] = [list(h) for h in dealt.hands]
        self.laid: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = list(dealt.stock)
        self.turnup: Card | None = dealt.turnup
        self.trump: Suit | None = dealt.turnup.suit if dealt.turnup else None
        self.trick: list[Card] = []
        self.trick_players: list[int] = []
        self.tricks: list[Trick] = []
        self.won: list[list[Card]] = [[] for _ in range(n)]
        self.melds: list[Meld] = []
        self.events: list[tuple[str, str, int, str, str]] = []
        self.history: list[Action] = []
        self.closed_by: int | None = None
        self.declared_now = False
        self.exchanged_now = False
        self.must_lead: tuple[Card, ...] | None = None
        self.end_from: int | None = None  # index in tricks of the first trick of the end stage
        self.phase, self.to_move = _LEAD, 0
        self._expl: Explanation | None = None
        self._legal: list[Action] | None = None  # the legal actions of this position, once listed
        self.__dict__.update(_flags(type(self), spec))
        self._after_deal()

    # -- the questions every state answers ------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return self.spec.players

    @property
    def table(self) -> Table:  # type: ignore[override]
        return self.spec.table

    def hidden(self, seat) -> frozenset[Card]:
        """The other hands and the stock; everything laid down, turned up or played is public (a
        declared card taken back into a hand for the last tricks stays known)."""
        p = int(seat)
        shown = {c for m in self.melds for c in m.cards}
        out = set(self.stock)
        for q in range(self.n):
            if q != p:
                out.update(c for c in self.hands[q] if c not in shown)
        return frozenset(out)

    def outcome(self):
        """How the deal ended (a game may say more: see :meth:`_outcome_reason`)."""
        from ..contract import Outcome

        if not self.is_over:
            return None
        sc = self.scores()
        best = max(sc.values())
        leaders = [k for k, v in sc.items() if v == best]
        winner = leaders[0] if len(leaders) == 1 else None
        return Outcome(winner, self._outcome_reason(winner, sc), sc)

    def _outcome_reason(self, winner: str | None, scores: dict[str, int]) -> str:
        tail = ", ".join(f"{k} {v}" for k, v in scores.items())
        return f"{winner} scores most in this deal ({tail})" if winner else f"equal scores in this deal ({tail})"

    def to_json(self) -> dict:
        return {
            "game": self.spec.name,
            "code": self.code,
            "actions": [str(a) for a in self.history],
            "phase": self.phase.value,
            "to_move": None if self.is_over else self.spec.players[self.to_move],
            "scores": self.scores(),
            "steps": self.explanation().to_json(),
        }

    #: ``phase is Phase.OVER``, read in C (a simulation asks it before every action)
    is_over = property(attrgetter("phase.over"))  # type: ignore[assignment]

    @property
    def stage(self) -> Stage:
        if self.closed_by is not None or (not self.stock and self.turnup is None):
            return _END
        return _STOCK

    @property
    def play_rule(self) -> PlayRule:
        return self._end_rule if self.stage is _END else self._stock_rule  # no dict keyed by an enum member

    def parse_action(self, text) -> Action:
        action = parse_action(text, lambda name: self.spec.melds.get(name) is not None)
        if isinstance(text, str):  # a card the pack does not have (KD' in a one-pack game) is refused by name
            cards = [c for _, cs in action.melds() for c in cs] if type(action) is Declare else [getattr(action, "card", None)]
            for card in cards:
                if card is not None and card not in self.spec.sort_index:
                    why = (f"there is no {card} in the pack of {self.spec.name}: it has one {card.face} (a second copy, written with ', "
                           "is only in two-pack games)" if card.face in self.spec.sort_index else f"there is no {card} in the pack of {self.spec.name}")
                    raise IllegalActionError(law(self.spec.name, "hold", why), token=str(card))
        return action

    def legal_actions(self, seat: int | str | Seat | None = None) -> LegalActions:  # type: ignore[override]
        """The legal actions of the player to move; ``seat`` (a seat, its number or its name): that
        seat's, which for a player not to move are what the rules let him do out of turn (each an
        :class:`~.actions.Aside` naming him; none in most games)."""
        if seat is not None:
            q = self._seat_index(seat)
            if q != self.to_move or self.is_over:
                legal = _Legal(self._aside_options(q))
                legal._state = self
                return legal
        if self._lists_itself:  # a game that lists more (or less) itself
            legal = _Legal(self._enumerate())
        else:
            listed = self._legal
            if listed is None:
                listed = self._legal = self._list_actions()
            legal = _Legal(listed)  # a copy: what the caller holds does not change the position's list
        legal._state = self
        return legal

    def _seat_index(self, seat: int | str | Seat) -> int:
        """The number of ``seat`` (a seat, its number or its name); a TutorError naming it if none."""
        names = self.spec.players
        if type(seat) is int and 0 <= seat < self.n:
            return seat
        if isinstance(seat, Seat) and seat.name in names:
            return names.index(seat.name)
        if isinstance(seat, str) and seat.strip().lower() in names:
            return names.index(seat.strip().lower())
        raise TutorError(f"{shorten(str(seat)) if isinstance(seat, str) else repr(seat)[:40]} is not a seat of {self.spec.name}: "
                         f"{', '.join(names)}", token=shorten(str(seat)), legal=names)

    def _aside_options(self, q: int) -> list[Action]:
        """What ``q``, not to move, may do now: the exchange, where the game allows it at any time."""
        if self.is_over or not self.spec.exchange_any_time:
            return []
        name = self.spec.players[q]
        return [Aside(name, Exchange(c)) for c in self._exchangeable(q)]

    def _why_bad_aside(self, action: Aside) -> str | None:
        spec = self.spec
        try:
            q = self._seat_index(action.seat)
        except ValueError as e:
            return str(e)
        mover = spec.players[self.to_move]
        if q == self.to_move:  # one notation for each action: the player to move writes his own plainly
            return law(spec.name, "exchange", f"{mover} is to move: write {action.action} without the seat")
        if type(action.action) is not Exchange or not spec.exchange_any_time:
            what = "only the exchange for the turn-up" if spec.exchange_any_time else "nothing"
            return law(spec.name, "exchange", f"it is {mover}'s turn: {what} may be done out of turn in {spec.name}")
        return self._why_bad_exchange(q, action.action.card)

    def _aside(self, action: Aside) -> None:
        q = self._seat_index(action.seat)
        inner = action.action
        assert type(inner) is Exchange, "only the exchange is made out of turn"
        self._exchange(q, self._resolve(q, [inner.card])[0])

    def why_illegal(self, action, seat: int | str | Seat | None = None) -> str | None:
        """As :meth:`GameState.why_illegal`; ``seat``: asked for that seat (a player not to move
        acts out of turn, where the rules let him)."""
        if seat is None:
            return super().why_illegal(action)
        try:
            act = self.parse_action(action)
            q = self._seat_index(seat)
        except ValueError as e:
            return str(e)
        other = self._other_seat_named(act, q)
        if other is not None:
            return other
        if q == self.to_move and not self.is_over:
            return self._why_illegal(act)
        return self._why_illegal(act if type(act) is Aside else Aside(self.spec.players[q], act))  # type: ignore[arg-type]

    def _other_seat_named(self, action, q: int) -> str | None:
        """Why an action written with another seat's name (``younger: exchange 7H``) is not the
        action of seat ``q``; None if it names no other seat."""
        if type(action) is not Aside:
            return None
        try:
            named = self._seat_index(action.seat)
        except ValueError as e:
            return str(e)
        if named == q:
            return None
        return law(self.spec.name, "hold", f"{action} is {self.spec.players[named]}'s action, not {self.spec.players[q]}'s: "
                                           "a player acts from his own hand only")

    def apply(self, action, seat: int | str | Seat | None = None):
        """Check and apply an action (see :meth:`GameState.apply`). An action equal to one of the
        legal actions already listed for this position needs no other check. ``seat``: the action
        of that seat (a player not to move acts out of turn where the rules let him)."""
        if seat is not None:
            act = self.parse_action(action)
            q = self._seat_index(seat)
            other = self._other_seat_named(act, q)
            if other is not None:
                raise IllegalActionError(other, token=str(act))
            if q != self.to_move or self.is_over:
                action = act if type(act) is Aside else Aside(self.spec.players[q], act)  # type: ignore[arg-type]
        listed = self._legal
        if listed is None:
            return super().apply(action)
        for a in listed:  # the very value listed, most often: no comparison by value
            if a is action:
                break
        else:
            if action not in listed:
                return super().apply(action)
        # A listed action names the very cards held: nothing to resolve where the game adds nothing
        # to applying. A play or the draw is done as _do does it, without its two calls.
        kind = type(action)
        if kind is Play and self._plays_plainly:
            self._expl = self._legal = None
            self.history.append(action)
            self._play(self.to_move, action.card)
        elif kind is Draw and self._draws_plainly:
            self._expl = self._legal = None
            self.history.append(action)
            self._draw(self.to_move)
        elif self._listed_need_nothing:
            self._do(action)
        else:
            self._apply(action)
        return self

    def held(self, player: int) -> list[Card]:
        """The cards ``player`` may play: his hand and his declared cards still on the table."""
        return self.hands[player] + self.laid[player]

    def hand(self, player: int) -> Hand:
        return Hand(sorted(self.held(player), key=self._key))

    def explanation(self) -> Explanation:
        if self._expl is None:
            self._expl = Explanation.build(self.spec.scorers, self.events)
        return self._expl

    def scores(self) -> dict[str, int]:
        """Each scorer's total: the sum of his explained steps (summed from the events themselves
        while no explanation is built: the same sums, without making the steps)."""
        if self._expl is not None:
            return self._expl.totals(self.spec.scorers)
        out = dict.fromkeys(self.spec.scorers, 0)
        for who, _, points, _, _ in self.events:
            out[who] += points
        return out

    def may_declare_now(self, player: int) -> bool:
        """Whether the rules let ``player`` declare at this moment, whatever he holds (what a
        prompt may offer: Briscan's player on lead, say, only once he has taken a trick)."""
        return self._may_declare_now(player)

    def tricks_won(self) -> tuple[int, ...]:
        won = [0] * self.n
        for t in self.tricks:
            won[t.winner] += 1
        return tuple(won)

    def tricks_by_side(self) -> dict[str, int]:
        """Tricks taken by each side (each player, where there are no partnerships)."""
        table = self.table
        out = dict.fromkeys(table.side_names, 0)
        for t in self.tricks:
            out[table.side_name(table.seats[t.winner])] += 1
        return out

    def card_points_by_side(self) -> dict[str, int]:
        """Card points taken in tricks by each side."""
        table = self.table
        out = dict.fromkeys(table.side_names, 0)
        for p in range(self.n):
            out[table.side_name(table.seats[p])] += self.card_points(p)
        return out

    def every_card(self) -> list[Card]:
        """Every card of the deal wherever it is now (hands, tables, stock, turn-up, the trick,
        the tricks won): the whole pack, each card once, at any moment of a deal."""
        cards = [c for h in self.hands for c in h] + [c for t in self.laid for c in t] + self.stock + self.trick
        cards += [c for w in self.won for c in w]
        return cards if self.turnup is None else [*cards, self.turnup]

    def declarations_text(self) -> str:
        """The game's declarations and their values, in words (the family chapter's table)."""
        spec = self.spec
        words = ", ".join(f"{k.key} {k.value}" for k in spec.melds.kinds) or "none"
        return words + ("" if spec.declare_in_end or not spec.melds.kinds else "; none in the last stage")

    def exchange_text(self) -> str:
        """The exchange for the turn-up, in words (the family chapter's table)."""
        rank = self.spec.exchange_rank
        return f"the {rank.noun} of trumps for the turn-up" if rank else "none"

    def last_trick_bonus(self) -> int:
        """What the last trick of this deal is worth on top of its cards, as things stand now (the
        solver of the last tricks counts it; a game that scores one says how much)."""
        return 0

    def card_points(self, player: int) -> int:
        return sum(map(self.spec.card_value.__getitem__, self.won[player]))

    def view(self, player: int) -> dict:
        """What ``player`` may see: his hand, everything on the table, the turn-up, the tricks played."""
        spec = self.spec
        return {
            "player": spec.players[player],
            "phase": self.phase.value,
            "stage": self.stage.value,
            "to_move": None if self.is_over else spec.players[self.to_move],
            # (the state's own cards, each once: made as Hands without reading them again)
            "hand": _tuple_new(Hand, sorted(self.hands[player], key=self._key)),
            "table": {spec.players[p]: _tuple_new(Hand, sorted(self.laid[p], key=self._key)) for p in range(self.n)},
            "turnup": self.turnup,
            "trumps": self.trump.noun if self.trump else None,
            "stock": len(self.stock) + (1 if self.turnup else 0),
            "trick": [(spec.players[p], str(c)) for p, c in zip(self.trick_players, self.trick)],
            "tricks": [(spec.players[t.leader], " ".join(map(str, t.cards)), spec.players[t.winner]) for t in self.tricks],
            "declared": [
                (spec.players[m.player], m.kind.key, m.faces, "scored" if m.scored else "announced") for m in self.melds
            ],
            "scores": self.scores(),
            **self._own_turn(player),
        }

    def table_parts(self, seat, names=None):
        """This deal's side of the typed view every panel draws (:mod:`tutor.games.stock.view`)."""
        from .view import stock_parts

        return stock_parts(self, seat, names)

    def _own_turn(self, player: int) -> dict:
        """What the player to follow knows of his own chances: whether he would have something to
        declare if he won this trick (so a computer player needs nothing but its view)."""
        if self.is_over or player != self.to_move or self.phase is not _FOLLOW:
            return {}
        if not self.spec.melds.kinds or self.spec.declare_when is not _AFTER_TRICK or self.stage is not _STOCK:
            return {}
        return {"could_declare": self._could_declare(player)}

    def _could_declare(self, player: int) -> bool:
        """Whether ``player`` would have a declaration to make if he won the trick being played
        (the quick screen first: most often no combination is in sight at all)."""
        if not self.spec.melds.screen.possible(self._meld_pool(player), self.trump, self.declared_now):
            table = set(self.laid[player])
            if self.declared_now or not any(not m.scored and all(c in table for c in m.cards)
                                            for m in self.melds if m.player == player):
                return False
        return bool(self._declare_options(player, assume_won=True))

    # -- scoring --------------------------------------------------------------------------------
    def _score(self, player: int, category: str, points: int, text: str, rule: str) -> None:
        self.events.append((self.spec.scorers[self.spec.side(player)], category, points, text, rule))
        self._expl = None
        self._after_score(player)

    # -- hooks for the games --------------------------------------------------------------------
    def _after_deal(self) -> None:
        pass

    def _after_score(self, player: int) -> None:
        pass

    def _on_play(self, player: int, card: Card) -> None:
        pass

    def _on_trick(self, trick: Trick) -> None:
        pass

    def _trick_winner(self) -> int:
        """Index in the trick (a full one) of the card that takes it: by the card order and trumps;
        a game whose tricks are sometimes won otherwise (Gaigel's first trick) says so here."""
        return trick_winner(self.trick, self.trump, self.spec.order)

    def _on_declare(self, meld: Meld, pending: bool) -> None:
        self._score(meld.player, meld.kind.key, meld.kind.value, self._meld_text(meld, pending), meld.kind.source)

    def _meld_text(self, meld: Meld, pending: bool) -> str:
        text = f"{meld.kind.key} {meld.faces}"
        return text + (" (announced earlier)" if pending else "")

    def _meld_fault(self, player: int, kind: Combination, cards: tuple[Card, ...]) -> str | None:
        return None

    def _on_exchange(self, player: int, card: Card, turnup: Card) -> None:
        pass

    def _on_draw(self, drawn: list[tuple[int, Card]]) -> None:
        """After the players draw: who drew which card, the winner first (Briscan re-scores a hand
        the draw re-forms as all courts or all numerals)."""

    def _on_stock_exhausted(self) -> None:
        pass

    def _on_close(self, player: int) -> None:
        pass

    def _on_claim(self, player: int) -> None:  # pragma: no cover - games with claims override
        raise NotImplementedError

    def _on_revoke(self, player: int, card: Card) -> None:  # pragma: no cover - games with a penalty override
        raise NotImplementedError

    def _finish_deal(self) -> None:
        self.phase = _OVER

    def _end_now(self) -> None:
        """Stop the deal where it stands (a game won, a claim made)."""
        self.phase = _OVER

    # -- what may be done -----------------------------------------------------------------------
    def _enumerate(self) -> list[Action]:
        """The legal actions in their fixed order, listed once a position (any action applied
        lists them afresh): a front end asking several times does the work once."""
        listed = self._legal
        if listed is None:
            listed = self._legal = self._list_actions()
        return list(listed)

    def _list_actions(self) -> list[Action]:
        ph = self.phase
        if ph is _OVER:
            return []
        p = self.to_move
        if ph is _DECLARE:
            out: list[Action] = self._declare_options(p)  # type: ignore[assignment]  # a fresh list, added to
            exchangeable = self._exchangeable(p)
            if exchangeable:
                out += map(Exchange, exchangeable)
            if self.spec.close_before_draw and self._may_close(p):
                out.append(Close())
            out.append(_DRAW)
            return out
        if ph is _FOLLOW:
            if self._plays_only_on_follow:
                # (the stage's play rule, as play_rule gives it, read here without its two calls)
                rule = self._stock_rule if self.closed_by is None and (self.stock or self.turnup is not None) else self._end_rule
                if self._playable_plain and not self.laid[p] and self.must_lead is None and rule.follow is _ANY:
                    return list(map(_play_of, self.hands[p]))  # anything held may be played: the hand, in order
                return list(map(_play_of, self._playable(p)))
            # declared or exchanged on one's turn to play, following too (Chouine)
            spec = self.spec
            out = []
            if spec.declare_when is _ON_PLAY and self.must_lead is None and self._may_declare_now(p):
                out += self._declare_options(p)
            if spec.exchange_when is _ON_PLAY:
                out += self._exchange_options(p)
            return out + list(map(_play_of, self._playable(p)))
        if self._plays_only_on_lead:
            if self._playable_plain and not self.laid[p] and self.must_lead is None:
                return list(map(_play_of, self.hands[p]))  # a lead may be any card held: the hand, in order
            return list(map(_play_of, self._playable(p)))
        spec = self.spec
        out = []
        if spec.declare_when is not _AFTER_TRICK and self.must_lead is None and self._may_declare_now(p):
            out += self._declare_options(p)
        if spec.exchange_when is not _AFTER_TRICK:
            out += self._exchange_options(p)
        if self._may_close(p):
            out.append(Close())
        if self._may_claim(p):
            out.append(Claim())
        out += map(_play_of, self._playable(p))
        return out

    def _playable(self, p: int) -> list[Card]:
        laid = self.laid[p]
        # a hand is kept in order (dealt, drawn and exchanged cards are sorted in)
        held = sorted(self.hands[p] + laid, key=self._key) if laid else list(self.hands[p])
        trick = self.trick
        if trick:
            rule = self.play_rule
            if rule.follow is not _ANY:  # (anything may be played: the held cards are the legal ones)
                held = legal_plays(held, trick, self.trump, rule, self.spec.order, self._partner_winning(p))
        if self.must_lead is not None:  # having declared: one of its cards (following, if legal)
            return [c for c in held if c in self.must_lead]
        return held

    def _partner_winning(self, p: int) -> bool:
        """Whether ``p``'s partner holds the trick being played (only at a table with sides)."""
        if self.spec.teams is None or not self.trick:
            return False
        holder = self.trick_players[trick_winner(self.trick, self.trump, self.spec.order)]
        return holder != p and self.spec.teams[holder] == self.spec.teams[p]

    def _may_declare_now(self, p: int) -> bool:
        spec = self.spec
        when = spec.declare_when
        if when is _AFTER_TRICK:
            moment = self.phase is _DECLARE
        elif when is _ON_LEAD:
            moment = self.phase is _LEAD and not self.trick and not self.declared_now
        else:
            moment = (self.phase is _LEAD or self.phase is _FOLLOW) and not self.declared_now
        return moment and bool(spec.melds.kinds) and (spec.declare_in_end or self.stage is not _END)

    def _may_close(self, p: int) -> bool:
        return self.spec.may_close and self.stage is _STOCK and not self.trick and bool(self.stock)

    def _may_claim(self, p: int) -> bool:
        return self.spec.may_claim

    def _declare_options(self, p: int, assume_won: bool = False) -> list[Declare]:
        """The declarations ``p`` may make now (or, ``assume_won``, could make if he won the trick
        being played, before drawing)."""
        if assume_won or (self._declares_in_moment and self.phase is _DECLARE):
            pass  # (the winner's moment comes only while the stock lasts: see _may_declare_now)
        elif not self._may_declare_now(p):
            return []
        pool = self.hands[p] + self.laid[p] if self._pool_is_held else self._meld_pool(p)
        declared_now = self.declared_now
        kinds = found = self.spec.melds.screen.possible(pool, self.trump, declared_now)
        laid = self.laid[p]
        if not kinds and (declared_now or not laid):
            return []  # most often: no combination in sight, and no card on the table for one announced to wait on
        mine = [m for m in self.melds if m.player == p]
        if kinds and mine:
            kinds = self._unspent(kinds, pool, mine)
        # combinations announced earlier score now if all their cards are still on the table
        on_laid = laid.__contains__
        waiting = [] if declared_now or not laid else [m for m in mine if not m.scored and all(map(on_laid, m.cards))]
        if not kinds and not waiting:
            return []  # most often: no combination in sight, and nothing announced waits
        on_table = set(laid).__contains__
        held = by_face(pool)
        out: list[Declare] = [_declare_action(m.kind.key, m.cards) for m in waiting]
        key = self._key
        for kind in kinds:  # the screen left out those that cannot be made (and, declared now, all but extras)
            for cards in candidates(kind, held, self.trump, on_table, mine):
                if reuse_fault(kind, cards, mine, on_table, self.spec.reuse) or self._meld_fault(p, kind, cards):
                    continue
                if not assume_won and self._unplayable(p, cards):
                    continue
                out.append(_declare_action(kind.key, tuple(sorted(cards, key=key))))
                if kind.lay and not kind.extra:
                    out += self._with_announcements(p, kind, cards, mine, on_table, None if declared_now else found)
        return out

    def _unspent(self, kinds: list[Combination], pool: list[Card], mine: list[Meld]) -> list[Combination]:
        """Of ``kinds``, those the pool might still make without a card the reuse rules forbid
        them (:func:`reuse_fault`: a card of an earlier meld of the same class worth as much or
        more, or of any class where the policy forbids that): every candidate of a kind left out
        holds such a card, and so would be refused one by one."""
        reuse = self.spec.reuse
        screen = self.spec.melds.screen
        if set(_chain(*map(_cards_of, mine))).isdisjoint(pool):
            return kinds  # no card of an earlier meld is at hand: nothing to leave out
        out = []
        for kind in kinds:
            spent: set[Card] = set()
            for m in mine:
                if ((m.kind.cls == kind.cls and (kind.value <= m.kind.value or not reuse.same_class_higher))
                        or (m.kind.cls != kind.cls and not reuse.other_class)):
                    spent.update(m.cards)
            if not spent or spent.isdisjoint(pool) or screen.could_make(kind, list(_filterfalse(spent.__contains__, pool)), self.trump):
                out.append(kind)
        return out

    def _with_announcements(self, p, kind, cards, mine, on_table, found=None) -> list[Declare]:
        """The same declaration, announcing too the combinations its cards make with others held
        (Foster's Hoyle, Bezique, 'Double Declarations': a bezique and a marriage sharing the queen
        of spades are declared together, the one scored, the other announced; a player who lays
        down more cards than one combination takes 'may announce them', scoring each after a later
        trick). Each one announced lays down a card with those laid down before it in the
        declaration (the checker's 'announce_new'). ``found``: what the screen let through for all
        the cards the player may declare from, if known."""
        # The declaration's own kind is never announced with it where the class rules judge reuse:
        # a second one would hold a new card, one of this declaration's, and cards once used make
        # no combination of equal value in their class.
        same = kind if self.spec.reuse.classes else None
        if found is not None:
            # What the screen found for all the cards the player may declare from: those announced
            # are made of some of them (the screen only asks for cards, never for their absence).
            for k2 in found:
                if k2.lay and not k2.extra and k2 is not same:
                    break
            else:
                return []
        new = list(_filterfalse(on_table, cards))
        if not new:
            return []
        pool = self.hands[p] + self.laid[p] if self._pool_is_held else self._meld_pool(p)
        trump = self.trump
        kinds = self.spec.melds.screen.possible(pool, trump)  # only those the pool might make
        if kinds:
            kinds = [k2 for k2 in kinds if k2.lay and not k2.extra and k2 is not same]
        if not kinds:
            return []  # most often: the cards held make nothing more
        main = _meld(p, kind, tuple(cards), True, len(self.tricks))
        kinds = self._unspent(kinds, pool, mine + [main])  # not the declaration itself again, nor one below it in its class
        if not kinds:
            return []
        extras = []
        for k2 in kinds:
            for c2 in candidates(k2, pool, trump, on_table, mine + [main]):
                if all(map(on_table, c2)):
                    continue  # nothing laid down: it could not be announced
                if reuse_fault(k2, c2, mine + [main], on_table, self.spec.reuse) or self._meld_fault(p, k2, c2):
                    continue
                extras.append((k2, tuple(sorted(c2, key=self._key))))
        out = []
        for r in range(1, min(len(extras), 3) + 1):
            for subset in _subsets(extras, r):
                for order in _orders(subset):  # the first order in which each shares a card laid down before it
                    earlier = mine + [main]
                    laid = set(new)
                    for k2, c2 in order:
                        if laid.isdisjoint(c2) or reuse_fault(k2, c2, earlier, on_table, self.spec.reuse):
                            break
                        earlier = earlier + [Meld(p, k2, c2, False, len(self.tricks))]
                        laid.update(_filterfalse(on_table, c2))
                    else:
                        out.append(_declare_action(kind.key, tuple(sorted(cards, key=self._key)), tuple((k.key, c) for k, c in order)))
                        break
        return out

    def _unplayable(self, p: int, cards: Sequence[Card]) -> str | None:
        """Why a declaration made on following (``When.ON_PLAY``) is refused because none of its
        cards may be played to this trick; None if one may (or the player is not following)."""
        if not self._declares_on_play or self.phase is not _FOLLOW:
            return None
        legal = legal_plays(self.held(p), self.trick, self.trump, self.play_rule, self.spec.order, self._partner_winning(p))
        if any(c in legal for c in cards):
            return None
        return law(self.spec.name, "must_lead", f"a declaration is made by playing one of its cards, and none of "
                   f"{' '.join(map(str, cards))} may be played to this trick (legal: {' '.join(map(str, legal))})")

    def _exchange_options(self, p: int) -> list[Exchange]:
        cards = self._exchangeable(p)
        return list(map(Exchange, cards)) if cards else []

    def _exchange_rank(self) -> Rank | None:
        """The rank of trumps that may be exchanged for the turn-up now (a game where it depends on
        the turn-up, as Tute's seven or two, says which)."""
        return self.spec.exchange_rank

    def _exchangeable(self, p: int) -> list[Card]:
        """The cards ``p`` may exchange for the turn-up now: the core's rules (a copy of the trump of
        the exchange rank, held, at the game's moment for it, once, while the stock lasts), then the
        game's own (:meth:`_exchange_allowed`), asked only when the core's allow a card."""
        rank = self.spec.exchange_rank if self._exchange_rank_plain else self._exchange_rank()
        trump = self.trump
        if rank is None or trump is None:
            return []
        hand = self.hands[p]
        first, second = _COPIES[rank._value_ + trump._value_]
        if first not in hand and second not in hand:
            return []  # most often: neither copy is held (looked for in C, no loop over the hand)
        if self.exchanged_now or self.turnup is None or self.turnup.rank is rank:
            return []
        if self.closed_by is not None or not self._exchange_time(p):
            return []
        return self._exchange_allowed(p, [c for c in hand if c is first or c is second])

    def _exchange_allowed(self, p: int, cards: list[Card]) -> list[Card]:
        """Of ``cards``, which the core's rules let ``p`` exchange now, those the game's own rules
        allow too (an exchange that waits for a trick won, a seven already declared)."""
        return cards

    def _exchange_time(self, p: int) -> bool:
        if self.spec.exchange_when is _ON_LEAD:
            return self.phase is _LEAD and not self.trick and bool(self.stock)
        if self.spec.exchange_when is _ON_PLAY:
            return (self.phase is _LEAD or self.phase is _FOLLOW) and bool(self.stock)
        return self.phase is _DECLARE

    # -- why not --------------------------------------------------------------------------------
    def _meld_pool(self, p: int) -> list[Card]:
        """The cards ``p``'s declarations may use: those he holds, and his partner's hand where the
        game lets partners declare together (``partner_melds``)."""
        if not self.spec.partner_melds or self.spec.teams is None:
            return self.hands[p] + self.laid[p]  # what he holds (see held)
        partners = [q for q in range(self.n) if q != p and self.spec.teams[q] == self.spec.teams[p]]
        return self.held(p) + [c for q in partners for c in self.hands[q]]

    def _resolve(self, p: int, cards: Sequence[Card], pool: Sequence[Card] | None = None) -> tuple[Card, ...]:
        """Map each card to one the player holds (or may use, from ``pool``): ``QS`` means the
        other copy when he holds only that one, unless the other copy is named too (then each
        name means its own card)."""
        held = self.held(p) if pool is None else pool
        named = set(cards)
        out: list[Card] = []
        for c in cards:
            if c in held and c not in out:
                out.append(c)
                continue
            alt = next((h for h in held if h.face is c.face and h not in out and h not in named), None)
            out.append(alt if alt is not None else c)
        return tuple(out)

    def _missing(self, p: int, cards: Sequence[Card]) -> str:
        """Why ``p`` cannot use ``cards``: each one played to a trick, or simply not his."""
        who = self.spec.players[p]
        parts = []
        for c in cards:
            trick = next((i for i, t in enumerate(self.tricks, 1) if c in t.cards), None)
            if trick is not None:
                parts.append(f"{c} has been played (trick {trick})")
            elif c in self.trick:
                parts.append(f"{c} is in the trick being played")
            else:
                parts.append(f"{who} does not hold {c}")
        return "; ".join(parts) + f"; {who} holds {self.hand(p)}"

    # Each kind of action has a handler saying why it is refused now (None if it may be made) and
    # one doing it. A game adds a kind of action (a bid, a question to a partner) by adding to
    # these tables in its subclass, not by editing the core.
    WHY_NOT: ClassVar[Mapping[type, Callable[[Any, int, Any], str | None]]] = {
        Play: lambda s, p, a: s._why_bad_play(p, a.card),
        Revoke: lambda s, p, a: s._why_bad_revoke(p, a.card),
        Declare: lambda s, p, a: s._why_bad_declare(p, a),
        Exchange: lambda s, p, a: s._why_bad_exchange(p, a.card),
        Draw: lambda s, p, a: s._why_bad_draw(p),
        Close: lambda s, p, a: s._why_bad_close(p),
        Claim: lambda s, p, a: s._why_bad_claim(p),
        Aside: lambda s, p, a: s._why_bad_aside(a),
    }
    DO: ClassVar[Mapping[type, Callable[[Any, int, Any], None]]] = {
        Play: lambda s, p, a: s._play(p, a.card),
        Declare: lambda s, p, a: s._declare(p, a),
        Exchange: lambda s, p, a: s._exchange(p, a.card),
        Draw: lambda s, p, a: s._draw(p),
        Close: lambda s, p, a: s._close(p),
        Claim: lambda s, p, a: s._on_claim(p),
        Revoke: lambda s, p, a: s._revoke(p, a.card),
        Aside: lambda s, p, a: s._aside(a),
    }

    @property
    def CITES(self):  # type: ignore[override]  # the game's own pattern, from its spec
        return re.compile(self.spec.cites) if self.spec.cites else None

    def _why_illegal(self, action: Action) -> str | None:
        if self.phase is _OVER:
            return law(self.spec.name, "over", "the deal is over: nothing more can be done")
        why_not = self.WHY_NOT.get(type(action))
        if why_not is None:  # pragma: no cover - parse_action reads only the actions of the tables
            return f"{action} is not an action of {self.spec.name}"
        return why_not(self, self.to_move, action)

    def _why_bad_draw(self, p: int) -> str | None:
        if self.phase is not _DECLARE:
            who = self.spec.players[p]
            return law(self.spec.name, "draw", f"there is nothing to draw now: {who} is to {'lead' if self.phase is _LEAD else 'play'}")
        return None

    def _why_bad_close(self, p: int) -> str | None:
        if not self.spec.may_close:
            return law(self.spec.name, "close", f"the stock cannot be closed in {self.spec.name}")
        before_draw = self.spec.close_before_draw and self.phase is _DECLARE
        if not self._may_close(p) or (self.phase is not _LEAD and not before_draw):
            also = " (or by the winner of a trick before he draws)" if self.spec.close_before_draw else ""
            return law(self.spec.name, "close", f"the stock may be closed only by the player on lead, before leading, while it lasts{also}")
        return None

    def _why_bad_claim(self, p: int) -> str | None:
        if not self.spec.may_claim:
            return law(self.spec.name, "claim", f"there is nothing to claim in {self.spec.name}")
        if not self._may_claim(p):
            return law(self.spec.name, "claim", "you may claim only when it is your turn to lead")
        return None

    def _why_bad_play(self, p: int, card: Card) -> str | None:
        who = self.spec.players[p]
        if self.phase is _DECLARE:
            return law(self.spec.name, "play_after_trick",
                       f"{who} won the trick: declare, exchange or draw before leading (write draw to declare nothing)")
        card = self._resolve(p, [card])[0]
        held = self.held(p)
        if card not in held:
            return law(self.spec.name, "hold", f"{who} does not hold {card}; {who} holds {self.hand(p)}")
        if not self.trick:
            if self.must_lead is not None and card not in self.must_lead:
                return law(self.spec.name, "must_lead", f"having declared, {who} must lead one of {' '.join(map(str, self.must_lead))}")
            return None
        if self.must_lead is not None and card not in self.must_lead:
            return law(self.spec.name, "must_lead", f"having declared, {who} must play one of {' '.join(map(str, self.must_lead))}")
        # the game's rule of following is cited once: the play rule's own source only where the game names none
        return law(self.spec.name, "follow", why_not_playable(card, sorted(held, key=self._key), self.trick, self.trump, self.play_rule,
                                                               self.spec.order, self._partner_winning(p),
                                                               cite="follow" not in LAWS.get(self.spec.name, {})))

    def _why_bad_revoke(self, p: int, card: Card) -> str | None:
        if not self.spec.revoke_penalty:
            return law(self.spec.name, "revoke", f"{self.spec.name} sets no penalty for a revoke: play a legal card ({self._legal_words(p)})")
        if self.phase is not _FOLLOW or self.play_rule.free:
            return law(self.spec.name, "revoke",
                       f"a revoke is possible only when the rules oblige a card to a trick; here anything may be played: write play {card}")
        card = self._resolve(p, [card])[0]
        if card not in self.held(p):
            return law(self.spec.name, "hold", f"{self.spec.players[p]} does not hold {card}; he holds {self.hand(p)}")
        if card in self._playable(p):
            return law(self.spec.name, "revoke", f"{card} is a legal play, not a revoke: write play {card}")
        return None

    def _legal_words(self, p: int) -> str:
        return " ".join(map(str, self._playable(p)))

    def _why_bad_exchange(self, p: int, card: Card) -> str | None:
        spec = self.spec
        rank = self._exchange_rank()
        if rank is None:
            return law(spec.name, "exchange", f"there is no exchange for the turn-up in {spec.name}")
        if self.turnup is None:
            return law(spec.name, "exchange", "there is no turn-up to exchange for" + (" (the stock is exhausted)" if self.trump else ""))
        if self.turnup.rank is rank:
            return law(spec.name, "exchange", f"the turn-up is itself the {rank.noun} of trumps: there is nothing to gain by exchanging")
        if self.exchanged_now:
            return law(spec.name, "exchange", "you have just exchanged")
        if self.closed_by is not None:
            return law(spec.name, "exchange", "the stock is closed: the turn-up may no longer be exchanged")
        if not self._exchange_time(p):
            when = "after winning a trick, before drawing" if spec.exchange_when is _AFTER_TRICK else "when on lead, while the stock lasts"
            return law(spec.name, "exchange", f"the exchange is made {when}")
        assert self.trump is not None, "a turn-up makes trumps"
        if card.rank is not rank or card.suit is not self.trump:
            return law(spec.name, "exchange",
                       f"only the {rank.noun} of trumps ({rank.value}{self.trump.value}) may be exchanged for the turn-up, not {card}")
        card = self._resolve(p, [card])[0]
        if card not in self.hands[p]:
            return law(spec.name, "exchange", f"{self.spec.players[p]} does not hold {card} in his hand")
        return None

    def _why_bad_declare(self, p: int, action: Declare) -> str | None:
        who = self.spec.players[p]
        spec = self.spec
        if not spec.melds.kinds:
            return f"there are no declarations in {spec.name}"
        if not self._may_declare_now(p):
            if self.stage is _END and not spec.declare_in_end:
                return law(spec.name, "declare_end", "no declarations once the stock is closed" if self.closed_by is not None
                           else "no declarations once the stock is exhausted (the last tricks are played out)")
            if spec.declare_when is _ON_LEAD:
                return law(spec.name, "declare_when", f"{who} may declare only when on lead, before leading, and once a turn")
            if spec.declare_when is When.ON_PLAY:
                return law(spec.name, "declare_when", f"{who} may declare only on his turn to play, before playing, once a turn")
            return law(spec.name, "declare_when", f"{who} may declare only after winning a trick, before drawing")
        try:
            parts = self._resolve_declare(p, action)
        except IllegalActionError as e:
            return law(spec.name, "meld_name", str(e))
        mine = [m for m in self.melds if m.player == p]
        table = set(self.laid[p])
        held = set(self._meld_pool(p))
        on_table = table.__contains__
        earlier = list(mine)
        laid: set[Card] = set()
        for i, (kind, cards) in enumerate(parts):
            missing = [c for c in cards if c not in held]
            if missing:
                return law(spec.name, "meld_cards", self._missing(p, missing))
            if len(set(cards)) != len(cards):
                return law(spec.name, "meld_once", "a card may appear only once in a declaration")
            if not kind.matches(cards, self.trump):
                shape = f"{' '.join(map(str, cards))} is not a {kind.key}: a {kind.key} is {kind.describe(self.trump)}"
                return f"{shape} ({kind.source})" if kind.source else shape
            pending = i == 0 and any(not m.scored and m.kind is kind and set(m.cards) == set(cards) for m in mine)
            if i == 0 and self.declared_now and not kind.extra:
                return f"only one declaration scores after each trick ({spec.reuse.source}); win another trick to declare again"
            if i > 0 and (kind.extra or not kind.lay or parts[0][0].extra):
                # where a game names no rule of its own for it, the rule broken is its one declaration a turn
                return law(spec.name, "alongside" if "alongside" in LAWS.get(spec.name, {}) else "declare_when",
                           f"a {kind.key} cannot be announced alongside another declaration")
            if pending:
                if not all(c in table for c in cards):
                    return law(spec.name, "on_table", "announced combinations score later only while all their cards stay on the table")
                continue
            why = reuse_fault(kind, cards, earlier, on_table, spec.reuse) or self._meld_fault(p, kind, cards)
            if why:
                return why
            if i == 0 and (why := self._unplayable(p, cards)):
                return why
            if i > 0 and not any(c in laid for c in cards):
                return law(spec.name, "announce_new", f"the {kind.key} {' '.join(map(str, cards))} uses no card laid down now: it cannot be announced")
            earlier.append(Meld(p, kind, cards, i == 0, len(self.tricks)))
            laid.update(c for c in cards if not on_table(c))
        return None

    def _resolve_declare(self, p: int, action: Declare) -> list[tuple[Combination, tuple[Card, ...]]]:
        out = []
        used: list[Card] = []
        pool = self._meld_pool(p)
        for name, cards in action.melds():
            cards = self._resolve(p, cards, pool)
            if name:
                kind = self.spec.melds.get(name)
                if kind is None:
                    raise IllegalActionError(f"there is no combination called {name!r}: {', '.join(self.spec.melds.names())}", token=name)
            else:
                kind = self.spec.melds.infer(cards, self.trump)
            out.append((kind, tuple(sorted(cards, key=self._key))))
            used += cards
        return out

    # -- what actions do ------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        p = self.to_move
        kind = type(action)  # actions are final classes: by type, not isinstance (draws, closes and claims pass at once)
        if type(action) is Play:
            card = action.card
            if card not in self.hands[p] and card not in self.laid[p]:
                card = self._resolve(p, [card])[0]
                action = Play(card) if card is not action.card else action
        elif type(action) is Revoke:
            card = self._resolve(p, [action.card])[0]
            action = Revoke(card) if card is not action.card else action
        elif type(action) is Exchange:
            action = Exchange(self._resolve(p, [action.card])[0])
        elif type(action) is Declare:
            parts = self._resolve_declare(p, action)
            action = Declare(parts[0][0].key, parts[0][1], tuple((k.key, c) for k, c in parts[1:]))
        self._do(action, kind)

    def _do(self, action: Action, kind: type | None = None) -> None:
        """Do ``action``, already resolved to the cards held (of type ``kind``)."""
        self._expl = self._legal = None
        self.history.append(action)
        kind = kind or type(action)
        if kind is Play and self._plays_plainly:  # no dispatch through the table
            self._play(self.to_move, action.card)  # type: ignore[union-attr]  # (a Play: its type is kind)
        else:
            self.DO[kind](self, self.to_move, action)

    def _close(self, p: int) -> None:
        if self.phase is _DECLARE:  # closed by the winner of a trick before drawing: nobody draws, he leads
            self.phase = _LEAD
        self.closed_by = p
        self._on_close(p)

    def _revoke(self, p: int, card: Card) -> None:
        self._take(p, card)
        self._on_revoke(p, card)

    def _take(self, p: int, card: Card) -> None:
        if card in self.laid[p]:
            self.laid[p].remove(card)
        else:
            self.hands[p].remove(card)

    def _play(self, p: int, card: Card) -> None:
        laid = self.laid[p]
        if laid and card in laid:  # (as _take does: a declared card, played from the table)
            laid.remove(card)
        else:
            self.hands[p].remove(card)
        self.must_lead = None
        if self._declares_on_play:
            self.declared_now = self.exchanged_now = False  # each player declares on his own turn to play
        self.trick.append(card)
        self.trick_players.append(p)
        if not self._on_play_plain:
            self._on_play(p, card)
            if self.phase is _OVER:
                return
        cards, players = self.trick, self.trick_players
        if len(cards) < self.n:
            self.phase, self.to_move = _FOLLOW, self._turns[p][1]
            return
        stage = self.stage
        w = players[trick_winner(cards, self.trump, self.spec.order) if self._trick_winner_plain else self._trick_winner()]
        trick = _trick(players[0], tuple(players), tuple(cards), w, stage)
        self.tricks.append(trick)
        self.won[w] += cards
        self.trick, self.trick_players = [], []
        self.declared_now = self.exchanged_now = False
        if not self._on_trick_plain:
            self._on_trick(trick)
            if self.phase is _OVER:
                return
        if not any(self.hands) and not any(self.laid):
            self._finish_deal()
            return
        self.phase, self.to_move = _LEAD, w
        if stage is _STOCK:  # (as it was: the stock and the turn-up change only as players draw, exchange or close)
            if self._winner_moment:
                # The winner's moment: he declares, exchanges or draws. The draw is his own action,
                # even when he has nothing else to do (a front end may make it for him), so that
                # asking why a declaration is refused always gets the rule that refuses it.
                self.phase = _DECLARE
                return
            self._draw(w)

    def _declare(self, p: int, action: Declare) -> None:
        parts = self._resolve_declare(p, action)
        mine = [m for m in self.melds if m.player == p]
        for i, (kind, cards) in enumerate(parts):
            if kind.lay:
                for c in cards:
                    if c in self.hands[p]:
                        self.hands[p].remove(c)
                        self.laid[p].append(c)
            if i == 0:
                pending = next((m for m in mine if not m.scored and m.kind is kind and set(m.cards) == set(cards)), None)
                if pending is not None:
                    meld = Meld(p, kind, pending.cards, True, pending.trick)
                    self.melds[self.melds.index(pending)] = meld
                else:
                    meld = Meld(p, kind, cards, True, len(self.tricks))
                    self.melds.append(meld)
                if not kind.extra:
                    self.declared_now = True
                if kind.fixes_trumps and self.trump is None:
                    self.trump = cards[0].suit
                if self.spec.declare_when is not _AFTER_TRICK and self.spec.lead_declared:
                    self.must_lead = cards
                self._on_declare(meld, pending is not None)
                if self.phase is _OVER:
                    return
            else:
                self.melds.append(Meld(p, kind, cards, False, len(self.tricks)))
        self.laid[p].sort(key=self._key)

    def _exchange(self, p: int, card: Card) -> None:
        up = self.turnup
        assert up is not None
        self.hands[p].remove(card)
        self.hands[p].append(up)
        self.hands[p].sort(key=self._key)
        self.turnup = card
        self.exchanged_now = True
        self._on_exchange(p, card, up)

    def _draw(self, w: int) -> None:
        """The winner draws the top card, then the others in turn; the turn-up is drawn last."""
        drawn: list[tuple[int, Card]] = []
        told = not self._on_draw_plain  # the game is told who drew what
        stock, hands, key = self.stock, self.hands, self._key
        for q in self._turns[w]:
            if stock:
                c = stock.pop(0)
            elif self.turnup is not None:
                c, self.turnup = self.turnup, None
            else:  # pragma: no cover - the stock is always a multiple of the players
                break
            insort(hands[q], c, key=key)
            if told:
                drawn.append((q, c))
        self.declared_now = self.exchanged_now = False
        self.phase, self.to_move = _LEAD, w
        if told:
            self._on_draw(drawn)
        if not self.stock and self.turnup is None:
            self.end_from = len(self.tricks)
            self._on_stock_exhausted()

    def determinize(self, seat, rng) -> StockState:
        """The deal with the cards ``seat`` has not seen dealt again (:mod:`.determinize`)."""
        from .determinize import determinize

        return determinize(self, seat, rng)

    def clone(self) -> StockState:
        """A copy to try a line of play on apart (a trainer's trial, a computer player's): what a
        move changes is copied (the lists of cards, tricks, declarations, events and actions, one
        level down), what never changes once made is shared (cards, actions, tricks, declarations,
        the rules and the game's tables), and anything else a game keeps is copied deeply, as
        ``copy.deepcopy`` copies it all, many times slower."""
        new = _new(type(self))
        new.__dict__.update({k: _cloned(v) for k, v in self.__dict__.items()})
        return new

    # -- display --------------------------------------------------------------------------------
    def __repr__(self) -> str:
        who = "" if self.is_over else f", {self.spec.players[self.to_move]} to {self.phase.value}"
        return f"<{type(self).__name__} {self.phase.value}{who}>"
