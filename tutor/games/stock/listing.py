"""The legal actions of a position of the stock-and-tricks family, listed in their fixed order: the
cards that may be played, the declarations that may be made (and announced with them), the trump
exchange, closing and claiming."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain as _chain
from itertools import combinations as _subsets
from itertools import filterfalse as _filterfalse
from itertools import permutations as _orders

from ...cards import Card, Rank
from .actions import Action, Declare, Exchange
from .declarations import Combination, Meld, by_face, candidates, reuse_clash
from .laws import law
from .position import StockPosition
from .tricks import legal_plays, trick_winner
from .values import (
    _AFTER_TRICK,
    _ANY,
    _CLAIM,
    _CLOSE,
    _COPIES,
    _DECLARE,
    _DRAW,
    _END,
    _FOLLOW,
    _LEAD,
    _ON_LEAD,
    _ON_PLAY,
    _OVER,
    _cards_of,
    _declare_action,
    _exchange_of,
    _meld,
    _play_of,
)


class Listing(StockPosition):
    """Listing what may be done (a layer of :class:`~tutor.games.stock.core.StockState`)."""

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
                out += map(_exchange_of, exchangeable)
            if self.spec.close_before_draw and self._may_close(p):
                out.append(_CLOSE)
            out.append(_DRAW)
            return out
        if ph is _FOLLOW:
            if self._f.plays_only_on_follow:
                # (the stage's play rule, as play_rule gives it, read here without its two calls)
                rule = self._f.stock_rule if self.closed_by is None and (self.stock or self.turnup is not None) else self._f.end_rule
                if self._f.playable_plain and self.must_lead is None and rule.follow is _ANY:
                    # anything held may be played: the hand, in order, and the cards on the table sorted in
                    # (each list here made by unpacking, [*...]: without a call of the list type)
                    laid = self.laid[p]
                    return [*map(_play_of, sorted(self.hands[p] + laid, key=self._f.key) if laid else self.hands[p])]
                return [*map(_play_of, self._playable(p))]
            # declared or exchanged on one's turn to play, following too (Chouine)
            spec = self.spec
            out = []
            if spec.declare_when is _ON_PLAY and self.must_lead is None and self._may_declare_now(p):
                out += self._declare_options(p)
            if spec.exchange_when is _ON_PLAY:
                out += self._exchange_options(p)
            return out + [*map(_play_of, self._playable(p))]
        if self._f.plays_only_on_lead:
            if self._f.playable_plain and self.must_lead is None:
                laid = self.laid[p]  # a lead may be any card held (as above)
                return [*map(_play_of, sorted(self.hands[p] + laid, key=self._f.key) if laid else self.hands[p])]
            return [*map(_play_of, self._playable(p))]
        spec = self.spec
        declares, exchanges = self._lead_screen(p)  # (most leads: neither)
        # (the declarations' listing asks _may_declare_now itself, and lists none when it says no)
        out = self._declare_options(p) if declares else []  # type: ignore[assignment]
        if exchanges:
            exchangeable = self._exchangeable(p)  # (as _exchange_options lists them, without its call)
            if exchangeable:
                out += map(_exchange_of, exchangeable)
        if self._f.may_close_plain:  # the core's rule, on lead, read without its call
            if spec.may_close and self.closed_by is None and not self.trick and self.stock:
                out.append(_CLOSE)
        elif self._may_close(p):
            out.append(_CLOSE)
        if self._may_claim(p):
            out.append(_CLAIM)
        if self._f.playable_plain and self.must_lead is None and not self.laid[p] and not self.trick:
            out += map(_play_of, self.hands[p])  # a lead from the hand alone: any card of it, in order (as _playable gives them)
        else:
            out += map(_play_of, self._playable(p))
        return out

    def _lead_screen(self, p: int) -> tuple[bool, bool]:
        """Whether ``p``, on lead, might have something to declare, and something to exchange:
        False where the screen of the combinations, or a look for the exchange card, tells at
        once that he has not (most leads); True where the listing must look."""
        spec, f = self.spec, self._f
        declares = spec.declare_when is not _AFTER_TRICK and self.must_lead is None
        exchanges = spec.exchange_when is not _AFTER_TRICK
        if not f.lead_gate or self.laid[p]:
            return declares, exchanges
        hand, trump = self.hands[p], self.trump
        if declares:  # (the screen of the combinations, asked of the hand alone: nothing is laid down)
            melds = spec.melds
            declares = bool(melds.kinds) and bool(melds.screen.possible(hand, trump, self.declared_now))
        rank = spec.exchange_rank
        if exchanges and rank is not None and trump is not None:
            first, second = _COPIES[rank._value_ + trump._value_]
            exchanges = first in hand or second in hand
        return declares, exchanges

    def _playable(self, p: int) -> list[Card]:
        laid, hand = self.laid[p], self.hands[p]
        # a hand is kept in order (dealt, drawn and exchanged cards are sorted in)
        held = sorted(hand + laid, key=self._f.key) if laid else hand
        trick = self.trick
        if trick:
            # (the stage's play rule, as play_rule gives it, read here without its two calls)
            rule = self._f.stock_rule if self.closed_by is None and (self.stock or self.turnup is not None) else self._f.end_rule
            if rule.follow is not _ANY:  # (anything may be played: the held cards are the legal ones)
                spec = self.spec  # (nobody's partner holds a trick where there are no partnerships)
                held = legal_plays(held, trick, self.trump, rule, spec.order, spec.teams is not None and self._partner_winning(p))
        if self.must_lead is not None:  # having declared: one of its cards (following, if legal)
            return [c for c in held if c in self.must_lead]
        return held[:] if held is hand else held  # (a new list, never the hand itself)

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
        # by the player on lead before he leads (or, where the game allows it, by the winner of a
        # trick before he draws), in the stock stage, as stage gives it, with a stock to close: not
        # closed, and a card in the stock
        spec, phase = self.spec, self.phase
        return (spec.may_close and (phase is _LEAD or (phase is _DECLARE and spec.close_before_draw))
                and self.closed_by is None and not self.trick and bool(self.stock))

    def _may_claim(self, p: int) -> bool:
        return self.spec.may_claim

    def _declare_options(self, p: int, assume_won: bool = False) -> list[Declare]:
        """The declarations ``p`` may make now (or, ``assume_won``, could make if he won the trick
        being played, before drawing)."""
        if assume_won or (self._f.declares_in_moment and self.phase is _DECLARE):
            pass  # (the winner's moment comes only while the stock lasts: see _may_declare_now)
        elif not self._may_declare_now(p):
            return []
        laid = self.laid[p]
        pool = self.hands[p] + laid if self._f.pool_is_held else self._meld_pool(p)
        declared_now = self.declared_now
        kinds = found = self.spec.melds.screen.possible(pool, self.trump, declared_now)
        if not kinds and (declared_now or not laid):
            return []  # most often: no combination in sight, and no card on the table for one announced to wait on
        # combinations announced earlier score now if all their cards are still on the table, and
        # they still make their combination with the trumps now in force (Bezique's 'by-trumps'
        # bezique announced before the marriage that fixed trumps may no longer be one)
        mine = [m for m in self.melds if m.player == p]
        on_laid, trump = laid.__contains__, self.trump
        waiting = [] if declared_now or not laid else [
            m for m in mine if not m.scored and all(map(on_laid, m.cards)) and m.kind.matches(m.cards, trump)]
        if not kinds:  # only what was announced earlier may be declared (most often: nothing waits)
            return [_declare_action(m.kind.key, m.cards) for m in waiting] if waiting else []
        if mine:
            kinds = self._unspent(kinds, pool, mine)
        on_table = set(laid).__contains__
        held = by_face(pool)
        single = len(held) == len(pool)  # no face held twice
        # Nothing laid down and no declaration made: no card can be refused for reuse, and the copies
        # of a face are alike to the candidates (which then tell only the faces apart).
        fresh = not laid and not mine
        table = None if fresh else on_table
        out: list[Declare] = [_declare_action(m.kind.key, m.cards) for m in waiting]
        key, reuse = self._f.key, self.spec.reuse
        for kind in kinds:  # the screen left out those that cannot be made (and, declared now, all but extras)
            for cards in candidates(kind, held, trump, table, mine, single):
                if (not fresh and reuse_clash(kind, cards, mine, on_table, reuse)) or self._meld_fault(p, kind, cards):
                    continue
                if not assume_won and self._unplayable(p, cards):
                    continue
                out.append(_declare_action(kind.key, tuple(sorted(cards, key=key))))
                if kind.lay and not kind.extra:
                    out += self._with_announcements(p, kind, cards, mine, on_table, None if declared_now else found, held)
        return out

    def _unspent(self, kinds: list[Combination], pool: list[Card], mine: list[Meld]) -> list[Combination]:
        """Of ``kinds``, those the pool might still make without a card the reuse rules forbid
        them (:func:`reuse_fault`: a card of an earlier meld of the same class worth as much or
        more, or of any class where the policy forbids that): every candidate of a kind left out
        holds such a card, and so would be refused one by one."""
        if set(_chain(*map(_cards_of, mine))).isdisjoint(pool):
            return kinds  # no card of an earlier meld is at hand: nothing to leave out
        reuse = self.spec.reuse
        screen = self.spec.melds.screen
        higher, other = reuse.same_class_higher, reuse.other_class
        earlier = [(m.kind.cls, m.kind.value, m.cards) for m in mine]  # (read once, not for each kind)
        out = []
        for kind in kinds:
            cls, value = kind.cls, kind.value
            spent: set[Card] = set()
            for m_cls, m_value, cards in earlier:
                if (m_cls == cls and (value <= m_value or not higher)) or (m_cls != cls and not other):
                    spent.update(cards)
            if not spent or spent.isdisjoint(pool) or screen.could_make(kind, list(_filterfalse(spent.__contains__, pool)), self.trump):
                out.append(kind)
        return out

    def _with_announcements(self, p, kind, cards, mine, on_table, found=None, held=None) -> list[Declare]:
        """The same declaration, announcing too the combinations its cards make with others held
        (Foster's Hoyle, Bezique, 'Double Declarations': a bezique and a marriage sharing the queen
        of spades are declared together, the one scored, the other announced; a player who lays
        down more cards than one combination takes 'may announce them', scoring each after a later
        trick). Each one announced lays down a card with those laid down before it in the
        declaration (the checker's 'announce_new'). ``found``: what the screen let through for all
        the cards the player may declare from, if known; ``held``: those cards grouped by face
        (:func:`by_face`), if known."""
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
        pool = self.hands[p] + self.laid[p] if self._f.pool_is_held else self._meld_pool(p)
        trump = self.trump
        # only those the pool might make (what the screen found for it, when given: the same pool)
        kinds = found if found is not None else self.spec.melds.screen.possible(pool, trump)
        if kinds:
            kinds = [k2 for k2 in kinds if k2.lay and not k2.extra and k2 is not same]
        if not kinds:
            return []  # most often: the cards held make nothing more
        main = _meld(p, kind, tuple(cards), True, len(self.tricks))
        kinds = self._unspent(kinds, pool, mine + [main])  # not the declaration itself again, nor one below it in its class
        if not kinds:
            return []
        extras = []
        groups = held if held is not None else by_face(pool)  # (grouped once, not by each kind's candidates)
        for k2 in kinds:
            for c2 in candidates(k2, groups, trump, on_table, mine + [main]):
                if all(map(on_table, c2)):
                    continue  # nothing laid down: it could not be announced
                if reuse_clash(k2, c2, mine + [main], on_table, self.spec.reuse) or self._meld_fault(p, k2, c2):
                    continue
                extras.append((k2, tuple(sorted(c2, key=self._f.key))))
        out = []
        for r in range(1, min(len(extras), 3) + 1):
            for subset in _subsets(extras, r):
                for order in _orders(subset):  # the first order in which each shares a card laid down before it
                    earlier = mine + [main]
                    laid = set(new)
                    for k2, c2 in order:
                        if laid.isdisjoint(c2) or reuse_clash(k2, c2, earlier, on_table, self.spec.reuse):
                            break
                        earlier = earlier + [Meld(p, k2, c2, False, len(self.tricks))]
                        laid.update(_filterfalse(on_table, c2))
                    else:
                        out.append(_declare_action(kind.key, tuple(sorted(cards, key=self._f.key)), tuple((k.key, c) for k, c in order)))
                        break
        return out

    def _unplayable(self, p: int, cards: Sequence[Card]) -> str | None:
        """Why a declaration made on following (``When.ON_PLAY``) is refused because none of its
        cards may be played to this trick; None if one may (or the player is not following)."""
        if not self._f.declares_on_play or self.phase is not _FOLLOW:
            return None
        legal = legal_plays(self.held(p), self.trick, self.trump, self.play_rule, self.spec.order, self._partner_winning(p))
        if any(c in legal for c in cards):
            return None
        return law(self.spec.name, "must_lead", f"a declaration is made by playing one of its cards, and none of "
                   f"{' '.join(map(str, cards))} may be played to this trick (legal: {' '.join(map(str, legal))})")

    def _exchange_options(self, p: int) -> list[Exchange]:
        cards = self._exchangeable(p)
        return [*map(_exchange_of, cards)] if cards else []

    def _exchange_rank(self) -> Rank | None:
        """The rank of trumps that may be exchanged for the turn-up now (a game where it depends on
        the turn-up, as Tute's seven or two, says which)."""
        return self.spec.exchange_rank

    def _exchangeable(self, p: int) -> list[Card]:
        """The cards ``p`` may exchange for the turn-up now: the core's rules (a copy of the trump of
        the exchange rank, held, at the game's moment for it, once, while the stock lasts), then the
        game's own (:meth:`_exchange_allowed`), asked only when the core's allow a card."""
        rank = self.spec.exchange_rank if self._f.exchange_rank_plain else self._exchange_rank()
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

