"""The engine of the stock-and-tricks family: :class:`StockState`, one deal run by its
:class:`~tutor.games.stock.spec.StockSpec`, answering the contract every game answers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from ...cards import Card, Hand
from ...errors import IllegalActionError, TutorError, shorten
from ...seats import Seat
from ..base import LegalActions
from .actions import Action, Aside, Declare, Draw, Exchange, Play, parse_action
from .doing import Doing
from .laws import law
from .position import HOOKS
from .values import (
    _AFTER_TRICK,
    _FOLLOW,
    _STOCK,
    _Legal,
    _state_copy,
    _tuple_new,
)


class StockState(Doing):
    """One deal of a stock-and-tricks game, run by its :class:`StockSpec` (``self.spec``).

    Player 0 is the first to lead (elder, the non-dealer in two-handed games); the last seat deals.
    """

    _core_view = True  # whether the game's view is the core's own (see view_entry)
    #: the entries a game adds to the core's view, each made alone by a function of the deal and the
    #: seat (as :data:`VIEW_ENTRIES`), so that ``view_entry`` need not make the whole view for them
    VIEW_MORE: ClassVar[Mapping[str, Callable[[Any, int], Any]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Gather the core's rules ``cls`` and its bases replace (their ``REPLACES``), refusing a
        class that defines one of :data:`HOOKS` without naming it, or names one that is none."""
        super().__init_subclass__(**kwargs)
        declared = frozenset(cls.__dict__.get("REPLACES", ()))
        if declared - HOOKS:
            raise TypeError(f"{cls.__name__} names {sorted(declared - HOOKS)} in REPLACES: the core's rules a game may replace are {sorted(HOOKS)}")
        cls._replaced = declared.union(*(b.__dict__.get("REPLACES", ()) for b in cls.__mro__[1:]))
        cls._core_view = cls.view is StockState.view
        defined: set[str] = set()
        for b in cls.__mro__[: cls.__mro__.index(StockState)]:
            defined.update(h for h in HOOKS if h in b.__dict__)
            if "DO" in b.__dict__:
                defined.update(f"DO[{k.__name__}]" for k in (Play, Draw) if b.__dict__["DO"].get(k) is not StockState.DO[k])
        if defined - cls._replaced:
            raise TypeError(f"{cls.__name__} replaces {sorted(defined - cls._replaced)} of the stock core: name them in its REPLACES")

    @classmethod
    def exercise_kinds(cls) -> tuple[Any, ...]:
        """Every game of the core offers ``tricks``: what each side has scored after a few tricks."""
        from .exercises import TRICKS

        return (TRICKS,)

    def hidden(self, seat) -> frozenset[Card]:
        """The other hands and the stock; everything laid down, turned up or played is public (a
        declared card taken back into a hand for the last tricks stays known)."""
        p = int(seat)
        shown = {c for m in self.melds for c in m.cards}
        out = set(self.stock)
        for q in range(self._f.n):
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
        table = self.spec.table
        tail = ", ".join(f"{table.words(k)} {v}" for k, v in scores.items())
        return f"{table.subject(winner, 'scores', 'score')} most in this deal ({tail})" if winner else f"equal scores in this deal ({tail})"

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
        if self._f.lists_itself:  # a game that lists more (or less) itself
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
        if type(seat) is int and 0 <= seat < self._f.n:
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
        if kind is Play and self._f.plays_plainly:
            self._expl = self._legal = None
            self.history.append(action)
            self._play(self.to_move, action.card)
        elif kind is Draw and self._f.draws_plainly:
            self._expl = self._legal = None
            self.history.append(action)
            self._draw(self.to_move)
        elif self._f.listed_need_nothing:
            self._do(action)
        else:
            self._apply(action)
        return self

    def apply_unchecked(self, action):
        """Apply an action taken from :meth:`legal_actions` without checking it again (the very
        value listed for this position is applied as :meth:`apply` applies a listed action)."""
        listed = self._legal
        if listed is not None:
            for a in listed:
                if a is action:
                    return self.apply(action)  # (which finds it listed: nothing resolved again)
        self._apply(action)
        return self

    def may_declare_now(self, player: int) -> bool:
        """Whether the rules let ``player`` declare at this moment, whatever he holds (what a
        prompt may offer: Briscan's player on lead, say, only once he has taken a trick)."""
        return self._may_declare_now(player)

    def tricks_won(self) -> tuple[int, ...]:
        won = [0] * self._f.n
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
        for p in range(self._f.n):
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
        """What ``player`` may see: his hand, everything on the table, the turn-up, the tricks played
        (each entry made by :data:`VIEW_ENTRIES`), and what he knows of his own turn."""
        return {**{key: make(self, player) for key, make in VIEW_ENTRIES.items()},
                **{key: make(self, player) for key, make in self.VIEW_MORE.items()}, **self._own_turn(player)}

    def view_entry(self, seat, key: str, default: Any = None) -> Any:
        """``view(seat).get(key, default)`` without making the rest of the view (a computer player
        asks a few entries at each move), where this game's view is the core's own."""
        if not self._core_view:  # a game that adds to its view: the whole view
            return self.view(seat).get(key, default)
        if type(seat) is not Seat or seat.table is not self.spec.table:  # (a seat of this table passes at once)
            seat = self.table.seat(seat)
        make = VIEW_ENTRIES.get(key) or self.VIEW_MORE.get(key)
        if make is None:
            return self._own_turn(seat).get(key, default)
        return make(self, seat)

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
        (the listing screens the cards first: most often no combination is in sight at all)."""
        return bool(self._declare_options(player, assume_won=True))

    def determinize(self, seat, rng) -> StockState:
        """The deal with the cards ``seat`` has not seen dealt again (:mod:`.determinize`)."""
        from .determinize import determinize

        return determinize(self, seat, rng)

    def clone(self) -> StockState:
        """A copy to try a line of play on apart (a trainer's trial, a computer player's): what a
        move changes is copied (the lists of cards, tricks, declarations, events and actions, one
        level down), what never changes once made is shared (cards, actions, tricks, declarations,
        the rules and the game's tables), and anything else a game keeps is copied deeply, as
        ``copy.deepcopy`` copies it all, many times slower. The copy's fields are set one by one,
        so that it is as fast to use as a state dealt (see :func:`~.values._state_copy`)."""
        return _state_copy(self)

    # -- display --------------------------------------------------------------------------------
    def __repr__(self) -> str:
        who = "" if self.is_over else f", {self.spec.players[self.to_move]} to {self.phase.value}"
        return f"<{type(self).__name__} {self.phase.value}{who}>"


def _sorted_hand(state: StockState, cards) -> Hand:
    return _tuple_new(Hand, sorted(cards, key=state._key))  # the state's own cards, each once: no reading again


#: the entries of :meth:`StockState.view`, in order, each made from the state and the player
VIEW_ENTRIES: dict[str, Callable[[StockState, int], Any]] = {
    "player": lambda s, p: s.spec.players[p],
    "phase": lambda s, p: s.phase._value_,  # (the member's value as an attribute: no property call)
    "stage": lambda s, p: s.stage._value_,
    "to_move": lambda s, p: None if s.is_over else s.spec.players[s.to_move],
    "hand": lambda s, p: _sorted_hand(s, s.hands[p]),
    "table": lambda s, p: {s.spec.players[q]: _sorted_hand(s, s.laid[q]) for q in range(s.n)},
    "turnup": lambda s, p: s.turnup,
    "trumps": lambda s, p: s.trump.noun if s.trump else None,
    "stock": lambda s, p: len(s.stock) + (1 if s.turnup else 0),
    "trick": lambda s, p: [(s.spec.players[q], str(c)) for q, c in zip(s.trick_players, s.trick)] if s.trick else [],
    "tricks": lambda s, p: [(s.spec.players[t.leader], " ".join(map(str, t.cards)), s.spec.players[t.winner]) for t in s.tricks],
    "declared": lambda s, p: [(s.spec.players[m.player], m.kind.key, m.faces, "scored" if m.scored else "announced") for m in s.melds],
    "scores": lambda s, p: s.scores(),
}
