"""The position of a deal of the stock-and-tricks family: the cards where they are, the stage of the
deal, the scores, and the hooks by which a game adds its own rules (each doing nothing, or the
core's rule, until a game says otherwise)."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import Any, ClassVar

from ...cards import Card, Hand, Rank, Suit
from ...explain import Explanation
from ...seats import Table
from ..base import GameState
from .actions import Action
from .declarations import Combination, Meld
from .spec import Dealt, Stage, StockSpec, Trick
from .tricks import PlayRule, trick_winner
from .values import (
    _AFTER_TRICK,
    _ATOMS,
    _END,
    _FIXED,
    _LEAD,
    _ON_PLAY,
    _OVER,
    _STOCK,
    _new,
)

#: the core's rules a game's state class may replace with its own, by name ("DO[Play]": what a play
#: does, in the class's table of what each action does); a class names those it replaces in
#: ``REPLACES`` (see :class:`StockPosition`), and the engine does inline only the ones it keeps
HOOKS = frozenset({
    "_apply", "_enumerate", "_may_close", "_may_claim", "_playable", "_trick_winner", "_on_draw", "_on_play", "_on_trick",
    "_exchange_rank", "_may_declare_now", "_meld_pool", "_after_score", "DO[Play]", "DO[Draw]",
})


class Traits:
    """What a state of a game class under a spec may skip (the rules its class keeps as the core's,
    by its ``REPLACES``, and the game's rules), with the spec's tables the engine reads at every
    step: made once for the class and spec (:func:`traits`), shared by its states as ``_f``.

    Kept apart from the state's own fields so that a state holds few of them: CPython keeps the
    fields of an object in a compact layout shared by its class while they are fewer than thirty,
    and past that every attribute and method a state's code looks up takes a slower path."""

    __slots__ = (
        "n", "key", "stock_rule", "end_rule", "listed_need_nothing", "lists_itself", "plays_only_on_lead", "declares_on_play",
        "plays_only_on_follow", "winner_moment", "plays_plainly", "draws_plainly", "playable_plain", "trick_winner_plain",
        "on_draw_plain", "on_play_plain", "on_trick_plain", "exchange_rank_plain", "after_score_plain", "scorer_of",
        "plays_told", "turns", "declares_in_moment", "pool_is_held", "lead_gate", "may_close_plain",
    )
    n: int  # the number of players
    key: Any  # a card's place in the display order (the spec's sort_index, looked up in C)
    stock_rule: PlayRule
    end_rule: PlayRule
    listed_need_nothing: bool
    lists_itself: bool
    plays_only_on_lead: bool
    declares_on_play: bool
    plays_only_on_follow: bool
    winner_moment: bool
    plays_plainly: bool
    draws_plainly: bool
    playable_plain: bool
    trick_winner_plain: bool
    on_draw_plain: bool
    on_play_plain: bool
    on_trick_plain: bool
    exchange_rank_plain: bool
    after_score_plain: bool
    scorer_of: tuple[str, ...]
    plays_told: frozenset[Card]
    turns: tuple[tuple[int, ...], ...]
    declares_in_moment: bool
    pool_is_held: bool
    lead_gate: bool
    may_close_plain: bool

    def __copy__(self) -> Traits:
        return self  # made once and never changed: a copied state shares them

    def __deepcopy__(self, memo: Any) -> Traits:
        return self

    def but(self, **changes: Any) -> Traits:
        """A copy with ``changes`` (a test's way to switch a shortcut off for one state)."""
        out = _new(Traits)
        for name in Traits.__slots__:
            setattr(out, name, changes.pop(name, getattr(self, name)))
        if changes:
            raise AttributeError(f"no such trait: {sorted(changes)}")
        return out


_FIXED[Traits] = True  # a copy of a state shares its traits (see StockState.clone)
_ATOMS.add(Traits)

#: the traits of states by game class and spec (the spec is kept with them, so its id cannot pass
#: to another spec while its entry stands)
_TRAITS: dict[tuple[type, int], tuple[StockSpec, Traits]] = {}


def traits(cls: type[StockPosition], spec: StockSpec) -> Traits:
    """The :class:`Traits` of a state of ``cls`` under ``spec``: read once."""
    found = _TRAITS.get((cls, id(spec)))
    if found is not None and found[0] is spec:
        return found[1]
    own = cls.replaced()
    t = _new(Traits)
    t.n = len(spec.players)
    t.key = spec.sort_index.__getitem__
    t.stock_rule, t.end_rule = spec.play[_STOCK], spec.play[_END]
    # applying an action is resolving it to the cards held and doing it (a game adds nothing before)
    t.listed_need_nothing = "_apply" not in own
    t.lists_itself = "_enumerate" in own
    # nothing but plays can be done on lead (no declaring, exchanging, closing or claiming then)
    t.plays_only_on_lead = (spec.declare_when is _AFTER_TRICK and spec.exchange_when is _AFTER_TRICK and not spec.may_close
                            and not spec.may_claim and "_may_close" not in own and "_may_claim" not in own)
    t.declares_on_play = spec.declare_when is _ON_PLAY
    # nothing but plays can be done following (no declaring or exchanging on one's turn to play)
    t.plays_only_on_follow = spec.declare_when is not _ON_PLAY and spec.exchange_when is not _ON_PLAY
    # after a trick won while the stock lasts, the winner may declare or exchange before drawing
    t.winner_moment = ((spec.declare_when is _AFTER_TRICK and bool(spec.melds.kinds or spec.exchange_rank is not None))
                       or (spec.may_close and spec.close_before_draw))
    # a listed play (or draw) is done by :meth:`_play` (:meth:`_draw`): the game adds nothing to
    # applying it, and its table of what each action does keeps the core's
    t.plays_plainly = t.listed_need_nothing and "DO[Play]" not in own
    t.draws_plainly = t.listed_need_nothing and "DO[Draw]" not in own
    # the cards a player may play are found by the core's :meth:`_playable`
    t.playable_plain = "_playable" not in own
    # hooks the game leaves as the core's (doing nothing, or the core's rule): not called, or inlined
    for hook in ("_trick_winner", "_on_draw", "_on_play", "_on_trick", "_exchange_rank", "_after_score", "_may_close"):
        setattr(t, hook[1:] + "_plain", hook not in own)
    # by seat: the name its scores go to (the player's, or his side's)
    t.scorer_of = tuple(spec.scorers[spec.side(p)] for p in range(len(spec.players)))
    # the cards whose play the game's own _on_play is told of (those of its PLAYS_TOLD ranks)
    ranks = cls.PLAYS_TOLD
    t.plays_told = frozenset(c for c in spec.sort_index if ranks is None or c.rank in ranks)
    # by seat: the seats in order of play from it, as the table gives them (who follows him, and
    # the order of the draw after a trick he won)
    table = spec.table
    t.turns = tuple(tuple(map(int, table.order_from(w))) for w in range(table.size))
    # the winner's moment (the phase after a trick won while the stock lasts) is a time to declare
    t.declares_in_moment = "_may_declare_now" not in own and spec.declare_when is _AFTER_TRICK and bool(spec.melds.kinds)
    # a player's declarations use the cards he holds, no partner's
    t.pool_is_held = "_meld_pool" not in own and (not spec.partner_melds or spec.teams is None)
    # a lead with nothing to declare or to exchange is told at once (Listing._lead_screen), where
    # the game keeps the core's pool and exchange card: by the screen of the combinations and a
    # look for the exchange card
    t.lead_gate = t.pool_is_held and t.exchange_rank_plain
    if len(_TRAITS) > 256:
        _TRAITS.clear()
    _TRAITS[(cls, id(spec))] = (spec, t)
    return t


class StockPosition(GameState):
    """What a deal holds and the hooks of the games (see :class:`~tutor.games.stock.core.StockState`)."""

    #: the core's rules (names of :data:`HOOKS`) this class replaces with its own, beyond those its
    #: bases replace: declared, so that the engine knows what it may do inline; a class that
    #: defines one of them without naming it here is refused when it is made
    REPLACES: ClassVar[frozenset[str]] = frozenset()
    _replaced: ClassVar[frozenset[str]] = frozenset()
    #: where a class replaces ``_on_play``: the ranks whose plays it is told of (None: every card);
    #: the play of any other card does not call it
    PLAYS_TOLD: ClassVar[frozenset[Rank] | None] = None

    @classmethod
    def replaced(cls) -> frozenset[str]:
        """The core's rules this class replaces with its own (its ``REPLACES`` and its bases')."""
        return cls._replaced

    spec: StockSpec
    _f: Traits  # what the state may skip and its spec's tables, read once for its class and spec (see traits)

    def __init__(self, dealt: Dealt, spec: StockSpec):
        self.spec = spec
        self.dealt = dealt
        self._f = f = traits(type(self), spec)
        n = f.n
        self.hands: list[list[Card]] = list(map(list, dealt.hands))
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
        self._after_deal()

    @property
    def n(self) -> int:
        """The number of players."""
        return self._f.n

    @property
    def _key(self) -> Any:
        """A card's place in the display order (to sort cards by)."""
        return self._f.key

    # -- the questions every state answers ------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        return self.spec.players

    @property
    def table(self) -> Table:  # type: ignore[override]
        return self.spec.table

    #: ``phase is Phase.OVER``, read in C (a simulation asks it before every action)
    is_over = property(attrgetter("phase.over"))  # type: ignore[assignment]

    @property
    def stage(self) -> Stage:
        if self.closed_by is not None or (not self.stock and self.turnup is None):
            return _END
        return _STOCK

    @property
    def play_rule(self) -> PlayRule:
        return self._f.end_rule if self.stage is _END else self._f.stock_rule  # no dict keyed by an enum member

    def held(self, player: int) -> list[Card]:
        """The cards ``player`` may play: his hand and his declared cards still on the table."""
        return self.hands[player] + self.laid[player]

    def hand(self, player: int) -> Hand:
        return Hand(sorted(self.held(player), key=self._f.key))

    def explanation(self) -> Explanation:
        if self._expl is None:
            spec = self.spec
            self._expl = Explanation.build(spec.scorers, self.events, spec.table.words_of(spec.scorers) if spec.teams is not None else None)
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

    # -- scoring --------------------------------------------------------------------------------
    def _score(self, player: int, category: str, points: int, text: str, rule: str) -> None:
        self.events.append((self._f.scorer_of[player], category, points, text, rule))
        self._expl = None
        if not self._f.after_score_plain:
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

    def _wins_now(self, action: Action, player: int) -> bool | None:
        """Whether ``action`` (a claim, an accusation: one that ends the deal at once), made now by
        ``player``, would end the deal won for his side, as making it on a copy would show (a
        computer player asks it at each move it plays on); None where only making it tells. A game
        answers for the rules it knows (its own ``_on_claim``): a class that replaces them answers
        None, until it says otherwise."""
        return None

    def _on_revoke(self, player: int, card: Card) -> None:  # pragma: no cover - games with a penalty override
        raise NotImplementedError

    def _finish_deal(self) -> None:
        self.phase = _OVER

    def _end_now(self) -> None:
        """Stop the deal where it stands (a game won, a claim made)."""
        self.phase = _OVER

    # -- why not --------------------------------------------------------------------------------
    def _meld_pool(self, p: int) -> list[Card]:
        """The cards ``p``'s declarations may use: those he holds, and his partner's hand where the
        game lets partners declare together (``partner_melds``)."""
        if not self.spec.partner_melds or self.spec.teams is None:
            return self.hands[p] + self.laid[p]  # what he holds (see held)
        partners = [q for q in range(self._f.n) if q != p and self.spec.teams[q] == self.spec.teams[p]]
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
