"""A game of the stock-and-tricks family as data: :class:`StockSpec`, the cards as dealt
(:class:`Dealt`), a finished :class:`Trick`, and the names of the phases, stages and moments of a deal."""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter

from ... import codes
from ...cards import Card, Hand, Pack, Rank, Suit
from ...errors import NotationError, RuleOptionError, shorten
from ...seats import Table
from .declarations import FOSTER_REUSE, MeldTable, Reuse
from .tricks import FREE, STRICT, CardOrder, PlayRule

__all__ = ["StockSpec", "Dealt", "Phase", "Stage", "When", "Trick"]

_tuple_new = tuple.__new__


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
    #: what a card is worth winning in a trick, by rank, where that is not its ``card_points``
    #: (Bondtolva: the deal's point goes to the most aces and tens, the card points only break a
    #: tie): read by the rule of thumb that plays the strong player's samples on (``take_value``)
    worth: Mapping[Rank, int] | None = None

    def __post_init__(self) -> None:
        for name in ("declare_when", "exchange_when"):
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, When(value))
            except ValueError:
                raise RuleOptionError(f"{name} is one of {', '.join(w.value for w in When)}, not {shorten(str(value))}",
                                      token=shorten(str(value)), legal=tuple(w.value for w in When)) from None

    @functools.cached_property
    def deal_plan(self) -> tuple[tuple[Callable[[Sequence[Card]], Sequence[Card]], ...], int | None, int]:
        """Where each player's cards, the turn-up and the stock are in a shuffled pack: the packets
        go round from the player on the dealer's left, then the turn-up (if the game turns one up),
        and the rest is the stock. Each player's cards are taken by a getter of their places."""
        n = len(self.players)
        places: list[list[int]] = [[] for _ in range(n)]
        i = 0
        for k in self.packets:
            for p in range(n):
                places[p] += range(i, i + k)
                i += k
        turnup_at = i if self.turnup else None
        # (a getter of one place gives the card, not a tuple: a one-card hand is taken by a slice)
        takes = tuple(itemgetter(*at) if len(at) > 1 else itemgetter(slice(at[0], at[0] + 1)) for at in places)
        return takes, turnup_at, i + int(self.turnup)

    @functools.cached_property
    def taken(self) -> dict[tuple[Card, ...], tuple[int, str]]:
        """A trick's cards (in the order played) -> their card points and the words of taking them
        (``takes AS TS``), filled as tricks are played: a game that scores its tricks card by card
        reads them here instead of counting and writing them again (a two-handed game has at
        most a few hundred tricks' cards)."""
        return {}

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

    @functools.cached_property
    def take_value(self) -> dict[Card, int]:
        """``worth`` by card where the game gives it, else :attr:`card_value`."""
        if self.worth is None:
            return self.card_value
        pts = self.worth
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
        takes, turnup_at, stock_from = spec.deal_plan
        key = spec.sort_index.__getitem__
        # the pack's own cards, each once: nothing to read or check, as Hand() would for cards given
        return cls(tuple([_tuple_new(Hand, sorted(take(order), key=key)) for take in takes]),
                   None if turnup_at is None else order[turnup_at], tuple(order[stock_from:]))

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
