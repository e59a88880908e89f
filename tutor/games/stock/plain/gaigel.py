"""Gaigel, plainly (Parlett; pagat.com; the tutor's stated rulings): the first trick's openings,
no trump to it, pairs once one's side has a trick (two shown together), 'Aus!' by either partner,
playing on past 101 and the accusation of it, and the game points of the end."""

from __future__ import annotations

from typing import Any

from ....cards import Card, Suit
from ...gaigel import state as gaigel
from ...gaigel.actions import Accuse, Open
from ..actions import Action, Aside, Claim, Declare, Play
from ..declarations import Meld
from ..spec import Stage, Trick
from . import declaring
from .games import Game
from .position import Position
from .rules import Refusal, refusal, resolve


def winner_with(pos: Position, cards: list[Card], trump: Suit | None) -> int:
    """Which card holds the trick with ``trump`` trumps (None: no trump wins), the first of two equal cards."""
    power, best = pos.spec.order.power, 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if (c.suit == b.suit and power[c.rank] > power[b.rank]) or (c.suit != b.suit and c.suit == trump):
            best = i
    return best


class Gaigel(Game):
    EXTRA = ("opening", "played_on", "ending")

    def start(self, pos: Position) -> None:
        pos.extra.update(opening=None, played_on=set(), ending=None)

    # -- sides ------------------------------------------------------------------------------------------
    def side(self, pos: Position, p: int) -> int:
        return pos.spec.side(p)

    def side_points(self, pos: Position, side: int) -> int:
        return pos.scores()[pos.spec.scorers[side]]

    def side_tricks(self, pos: Position, side: int) -> int:
        return sum(1 for t in pos.tricks if self.side(pos, t.winner) == side)

    def others(self, pos: Position, side: int) -> list[int]:
        return [k for k in range(len(pos.spec.scorers)) if k != side]

    # -- the first trick ----------------------------------------------------------------------------------
    def all_trumps(self, pos: Position, p: int) -> bool:
        return all(c.suit == pos.trump for c in pos.hands[p])

    def openings(self, pos: Position, p: int) -> list[Open]:
        hand = pos.hands[p]
        if self.all_trumps(pos, p):
            return [Open("trumps", c) for c in hand]
        plain = [c for c in hand if c.suit != pos.trump]
        aces = [c for c in plain if c.rank.value == "A"]
        return [Open("ge-elfen", c) for c in aces] + [Open("zweite-alte", c) for c in aces] + [Open("tauchen", c) for c in plain if c not in aces]

    def playable(self, pos: Position, p: int) -> list[Card]:
        """To the first trick: nothing but an opening to lead, no trump unless all are trumps."""
        if not pos.tricks:
            if not pos.trick:
                return []
            return list(pos.hands[p]) if self.all_trumps(pos, p) else [c for c in pos.hands[p] if c.suit != pos.trump]
        return super().playable(pos, p)

    def trick_winner(self, pos: Position) -> int:
        opening = pos.extra["opening"]
        if pos.tricks or opening is None:
            return winner_with(pos, pos.trick, pos.trump)
        if opening.kind == "ge-elfen":
            return 0
        if opening.kind == "zweite-alte":
            twins = [i for i, c in enumerate(pos.trick) if i and c.face == pos.trick[0].face]
            return twins[0] if twins else 0
        return winner_with(pos, pos.trick, pos.trump if opening.kind == "trumps" else None)

    # -- pairs, the seven, Aus ----------------------------------------------------------------------------
    def may_declare_now(self, pos: Position, p: int) -> bool:
        return (pos.stage == Stage.STOCK and not pos.declared_now and pos.must_lead is None and bool(pos.tricks)
                and pos.phase in ("lead", "follow") and self.side_tricks(pos, self.side(pos, p)) > 0)

    def declarations(self, pos: Position, p: int) -> list[Action]:
        """One pair, or two with no card in common shown together (the first card's pair first)."""
        singles = declaring.options(pos, p)
        out: list[Action] = list(singles)
        for i, a in enumerate(singles):
            for b in singles[i + 1:]:
                if set(a.cards).isdisjoint(b.cards):
                    out.append(self.in_order(pos, Declare(a.kind, a.cards, ((b.kind, b.cards),))))
        return out

    def in_order(self, pos: Position, action: Declare) -> Declare:
        parts = sorted(action.melds(), key=lambda part: min(pos.spec.sort_index[c] for c in part[1]))
        return Declare(parts[0][0], parts[0][1], tuple(parts[1:]))

    def exchange_allowed(self, pos: Position, p: int, cards: list[Card]) -> list[Card]:
        return cards if self.side_tricks(pos, self.side(pos, p)) else []

    def why_not_exchange(self, pos: Position, p: int, card: Card) -> Refusal | None:
        return None if self.side_tricks(pos, self.side(pos, p)) else refusal(pos, "exchange")

    def claiming_side(self, pos: Position) -> int | None:
        """The side that may say 'Aus!': just after it won a trick, or one of it showed a pair."""
        if pos.over():
            return None
        if pos.declared_now and pos.must_lead is not None:
            return self.side(pos, pos.to_move)
        if pos.phase == "lead" and not pos.trick and pos.tricks:
            return self.side(pos, pos.tricks[-1].winner)
        return None

    def may_claim(self, pos: Position, p: int) -> bool:
        side = self.claiming_side(pos)
        return side is not None and side == self.side(pos, p)

    def more_actions(self, pos: Position, p: int) -> list[Action]:
        out: list[Any] = []
        if not pos.tricks and not pos.trick:
            out += self.openings(pos, p)
        if pos.phase == "follow":
            out += self.declarations(pos, p) if self.may_declare_now(pos, p) else []
            out += [Claim()] if self.may_claim(pos, p) else []
        return out + ([Accuse()] if pos.phase == "lead" and not pos.trick else [])

    def asides(self, pos: Position, q: int) -> list[Action]:
        return [Aside(pos.spec.players[q], Claim())] if q != pos.to_move and self.may_claim(pos, q) else []

    # -- refusals of Gaigel's own ---------------------------------------------------------------------------
    def why_not(self, pos: Position, p: int, action: Action) -> Refusal | bool | None:
        if isinstance(action, Open):
            return self.why_not_open(pos, p, action) or True
        if isinstance(action, Accuse):
            return True if pos.phase == "lead" and not pos.trick else Refusal("accuse", gaigel.RULE_FALSE_ACCUSE)
        if isinstance(action, Claim):
            return True if self.may_claim(pos, p) else Refusal("aus", gaigel.RULE_AUS_WHEN)
        if isinstance(action, Aside):
            return self.why_not_aside(pos, action)
        if isinstance(action, Declare):
            return self.why_not_pairs(pos, p, action)
        if not isinstance(action, Play):
            return None
        card = resolve(pos, p, [action.card])[0]
        if not pos.tricks and card in pos.hands[p]:
            if not pos.trick:
                return Refusal("opening", gaigel.RULE_OPENING)
            return Refusal("no trump", gaigel.RULE_NO_TRUMP) if card.suit == pos.trump and not self.all_trumps(pos, p) else True
        if pos.must_lead is not None and pos.trick and card not in pos.must_lead:
            return refusal(pos, "must_lead")
        return None

    def why_not_open(self, pos: Position, p: int, action: Open) -> Refusal | None:
        card = resolve(pos, p, [action.card])[0]
        if pos.phase != "lead" or pos.tricks or pos.trick or Open(action.kind, card) not in self.openings(pos, p):
            return Refusal("opening", gaigel.RULE_OPENING)
        return None

    def why_not_aside(self, pos: Position, action: Aside) -> Refusal | bool | None:
        if action.seat not in pos.spec.players:
            return Refusal("seat", "")
        q = pos.spec.players.index(action.seat)
        if not isinstance(action.action, Claim):
            return None if q == pos.to_move else Refusal("aus", gaigel.RULE_AUS_SIDE)
        if q == pos.to_move:
            return Refusal("aus", gaigel.RULE_AUS_WHEN)
        if not self.may_claim(pos, q) and pos.n == 3:
            return Refusal("aus", gaigel.RULE_THREE)
        return True if self.may_claim(pos, q) else Refusal("aus", gaigel.RULE_AUS_SIDE)

    def why_not_pairs(self, pos: Position, p: int, action: Declare) -> Refusal | bool | None:
        """A pair needs a trick won by one's side and one pair a turn; two shown together are two
        pairs each allowed alone, of four different cards."""
        if pos.stage == Stage.STOCK:
            if not self.side_tricks(pos, self.side(pos, p)):
                return Refusal("pair", gaigel.RULE_PAIR)
            if pos.declared_now:
                return Refusal("pair", gaigel.RULE_TWO_PAIRS)
        if not action.also or pos.stage != Stage.STOCK:
            return None
        parts = self.pairs_of(pos, p, action)
        if parts is None:
            return refusal(pos, "meld_name")
        for kind, cards in parts:
            why = declaring.why_not(pos, p, Declare(kind.key, cards))
            if why is not None:
                return why
        if len(set(parts[0][1]) | set(parts[1][1])) < len(parts[0][1]) + len(parts[1][1]) or len(parts) > 2:
            return Refusal("pair", gaigel.RULE_TWO_PAIRS)
        return True

    def pairs_of(self, pos: Position, p: int, action: Declare) -> list | None:
        named = action.melds()
        cards = resolve(pos, p, [c for _, cs in named for c in cs], self.meld_pool(pos, p))
        out, i = [], 0
        for name, cs in named:
            part = cards[i:i + len(cs)]
            i += len(cs)
            fits = [k for k in pos.spec.melds.kinds if k.matches(part, pos.trump)]
            kind = pos.spec.melds.get(name) if name else (fits[0] if len(fits) == 1 else None)
            if kind is None:
                return None
            out.append((kind, tuple(pos.sort(list(part)))))
        return out

    # -- what happens -----------------------------------------------------------------------------------------
    def before(self, pos: Position, p: int, action: Any) -> None:
        """A side that acts with 101 and does not say 'Aus!' has played on."""
        side = self.side(pos, p)
        if not isinstance(action, (Claim, Accuse, Aside)) and self.side_points(pos, side) >= self.options.target:
            pos.extra["played_on"].add(side)

    def do(self, pos: Position, p: int, action: Action) -> bool:
        from .doing import play

        if isinstance(action, Open):
            card = resolve(pos, p, [action.card])[0]
            pos.extra["opening"] = Open(action.kind, card)
            play(pos, p, card)
        elif isinstance(action, Accuse):
            self.accuse(pos, p)
        elif isinstance(action, Aside) and isinstance(action.action, Claim):
            self.on_claim(pos, pos.spec.players.index(action.seat))
        elif isinstance(action, Declare) and action.also:
            shown: list[Card] = []
            for kind, cards in self.pairs_of(pos, p, action) or []:
                declaring.declare(pos, p, Declare(kind.key, cards))
                shown += cards
            pos.must_lead = tuple(pos.sort(shown))
        else:
            return False
        return True

    def on_declare(self, pos: Position, meld: Meld, pending: bool) -> None:
        pos.score(meld.player, meld.kind.key, meld.kind.value, "shown", gaigel.RULE_PAIR)

    def on_trick(self, pos: Position, trick: Trick) -> None:
        rule = gaigel.RULE_EQUAL if len({c.face for c in trick.cards}) < len(trick.cards) else gaigel.RULE_CARDS
        if pos.extra["opening"] is not None and len(pos.tricks) == 1:
            rule = gaigel.RULE_OPENING
        pos.score(trick.winner, "cards", pos.card_points(list(trick.cards)), "takes", rule)

    def double(self, pos: Position, side: int) -> bool:
        return not any(self.side_tricks(pos, k) for k in self.others(pos, side))

    def end_sides(self, pos: Position, sides: list[int], points: int, how: str, rule: str) -> None:
        names = [pos.spec.scorers[k] for k in sides]
        pos.extra["ending"] = {"winner": names[0] if len(names) == 1 else None, "winners": names, "game_points": points,
                               "how": how, "rule": rule}
        pos.phase = "over"

    def on_claim(self, pos: Position, p: int) -> None:
        side = self.side(pos, p)
        if self.side_points(pos, side) >= self.options.target:
            self.end_sides(pos, [side], 2 if self.double(pos, side) else 1, "aus", gaigel.RULE_AUS)
        else:
            self.end_sides(pos, self.others(pos, side), 2, "false aus", gaigel.RULE_FALSE_AUS)

    def accuse(self, pos: Position, p: int) -> None:
        side = self.side(pos, p)
        if any(k in pos.extra["played_on"] for k in self.others(pos, side)):
            self.end_sides(pos, [side], 2, "played on", gaigel.RULE_LATE)
        else:
            self.end_sides(pos, self.others(pos, side), 2, "false accusation", gaigel.RULE_FALSE_ACCUSE)

    def finish(self, pos: Position) -> None:
        points = [self.side_points(pos, k) for k in range(len(pos.spec.scorers))]
        top = [k for k, v in enumerate(points) if v == max(points)]
        if len(top) > 1:
            self.end_sides(pos, [], 0, "played out", gaigel.RULE_PLAYED_OUT)
        else:
            self.end_sides(pos, top, 2 if self.double(pos, top[0]) else 1, "played out", gaigel.RULE_PLAYED_OUT)
