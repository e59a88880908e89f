"""Why an action is refused in a deal of the stock-and-tricks family: each kind of action has a
handler naming the rule it breaks now (None if it may be made), with the game's source."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from ...cards import Card
from ...errors import IllegalActionError
from .actions import Action, Aside, Claim, Close, Declare, Draw, Exchange, Play, Revoke
from .declarations import Combination, Meld, reuse_fault
from .laws import LAWS, law
from .listing import Listing
from .spec import When
from .tricks import why_not_playable
from .values import (
    _AFTER_TRICK,
    _DECLARE,
    _END,
    _FOLLOW,
    _LEAD,
    _ON_LEAD,
    _OVER,
)


class Refusals(Listing):
    """Saying why not (a layer of :class:`~tutor.games.stock.core.StockState`)."""

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
        return law(self.spec.name, "follow", why_not_playable(card, sorted(held, key=self._f.key), self.trick, self.trump, self.play_rule,
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
            out.append((kind, tuple(sorted(cards, key=self._f.key))))
            used += cards
        return out
