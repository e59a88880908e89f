"""Sixty-Six (Sechsundsechzig; two players, 24 cards): the family's baseline, after pagat.com.

>>> from tutor.games.sixtysix import SixtySix
>>> s = SixtySix().deal(seed=1)
>>> len(s.hand(0)), len(s.stock), s.turnup is not None
(6, 11, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...cards import Card, Rank, Suit, parse_card
from ...exercises import Kind
from ..contract import Game, GameType, Outcome
from ..match import Match
from ..stock.actions import Claim, Declare, Draw, Exchange, Play
from ..stock.core import Dealt, Stage
from ..stock.exercises import BEST
from ..stock.solver import best_cards
from ..stock.tricks import CardOrder
from .exercises import CLOSE
from .rules import PAGAT, SixtySixRules
from .state import ORDER, PLAYERS, POINTS, TARGET, SixtySixDeal, spec_for

RULE_MATCH = f"{PAGAT}: the first player to reach 7 game points wins the game; the winner of each hand deals the next"


def _person(first_dealer: int | str) -> int | str:
    """The match's persons are ``first`` and ``second``; seat names are accepted too."""
    return {"elder": "first", "younger": "second"}.get(str(first_dealer), first_dealer)


class SixtySixMatch(Match):
    """A game to 7 game points on the contract's match (pagat.com, Sechsundsechzig); each deal is
    the game's own (``game.deal``), each finished deal credits its game points."""

    game: SixtySix
    deal: SixtySixDeal
    NOUN = "game"
    END_RULE = RULE_MATCH
    #: what the totals count, said when the match is won (Mariage and its kin count plain points)
    UNIT = " game points"

    @property
    def target(self) -> int:
        """The game points that win."""
        return self.game.rules.game_points

    def credit(self, state) -> dict[str, int]:
        out = dict.fromkeys(self.scorers, 0)
        for seat in state.table:
            out[self.scorer_of(self.person(seat))] = state.game_points()[seat.name]
        return out

    def next_dealer(self):
        """The winner of the hand deals the next; after 65 all the same dealer deals again."""
        last = self.records[-1] if self.records else None
        if last is None or last.outcome is None or last.outcome.winner is None:
            return self.dealer
        winner = next(k for k, v in last.credited.items() if v)
        return self.persons.seat(winner)

    def finished(self) -> Outcome | None:
        target = self.target
        winner = self.first_to(target)
        if winner is None:
            return None
        st = self.standing()
        return Outcome(winner, f"{winner} reaches {st[winner]}{self.UNIT}: the game of {target} is won", st, "target")



class SixtySix(Game):
    """The game object: rules fixed, deals and matches made from it."""

    #: the best card in the last tricks, and closing the stock (Schnapsen and Old Mariage keep both)
    EXERCISES: ClassVar[tuple[Kind, ...]] = (BEST, CLOSE)

    TYPE = GameType(
        name="sixtysix",
        title="Sixty-Six",
        family="Sixty-Six",
        pack="pack24",
        seats={2: PLAYERS},
        sources=(
            "pagat.com, Sechsundsechzig (66), by John McLeod after Günther Senst",
            "David Parlett, The Penguin Book of Card Games",
        ),
        summary="Two players, 24 cards, six each and a stock: marriages shown on lead, the nine of trumps "
                "exchanged, closing the stock, and going out with 66 card points; first to 7 game points.",
    )
    Rules = SixtySixRules
    #: the deal and the match of this game (a game of the family played the same way sets its own)
    Deal: ClassVar[type[SixtySixDeal]] = SixtySixDeal
    MatchType: ClassVar[type[SixtySixMatch]] = SixtySixMatch

    def deal(self, seed: int | str | None = None, code: str | None = None) -> SixtySixDeal:
        if code is not None:
            return self.Deal.from_code(code, self.rules)
        return self.Deal.from_seed(0 if seed is None else seed, self.rules)

    def deal_cards(self, elder, younger, turnup, stock) -> SixtySixDeal:
        """A deal from explicit cards (the hands, the turn-up, the stock top first)."""
        return self.Deal.from_cards(elder, younger, turnup, stock, self.rules)

    def match(self, seed: int | str = 0, *, pause: bool = False, first_dealer: int | str = "younger",
              persons: tuple[str, str] = ("first", "second"), standing: Mapping[str, int] | None = None, **kw: Any) -> SixtySixMatch:
        """The game's match (Sixty-Six: to 7 game points, the winner of a hand dealing the next)."""
        return self.MatchType(self, seed, persons=persons, first_dealer=_person(first_dealer), pause=pause, standing=standing)

    def beginner_bot(self) -> SixtySixBot:
        return SixtySixBot(self.Deal.spec_of(self.rules), last_trick=self.Deal.LAST_TRICK)

    def describe_action(self, state, seat, action) -> str:
        from .words import deed

        return f"{seat.name.capitalize()} {deed(state.parse_action(action), you=False, spec=state.spec)}"

    def golden_deal(self, data: Mapping[str, Any]) -> SixtySixDeal:
        d = data["deal"]
        return self.deal_cards(d["elder"], d["younger"], d["turnup"], d["stock"])

    def golden_line(self, state) -> dict:
        out = dict(state.scores())
        if state.is_over and state.ending:
            out["ending"] = f"{state.ending['winner']} {state.ending['game_points']}"
        return out


_SUITS = {s.noun: s for s in Suit}


class SixtySixBot:
    """A computer player that decides from its seat's view alone: it goes out as soon as it can,
    shows its marriages, takes the turn-up for the exchange card, wins tricks with aces and tens when
    they are worth it and throws its least useful card otherwise while the stock lasts; once the
    stock is used up it knows the other hand by counting, and plays the last tricks exactly (the
    solver of :mod:`tutor.games.stock.solver`). It never closes."""

    #: the solver takes over when a hand is down to this many cards (before, the rule of thumb plays)
    SOLVE_FROM = 99

    def __init__(self, spec=None, last_trick: int = 0, solve_end: bool = True):
        self.spec = spec
        self.last_trick = last_trick
        self.solve_end = solve_end  # False: the previous version, the last tricks by rule of thumb

    def choose(self, seat):
        view = seat.view()
        legal = list(seat.legal_actions())
        me = view["player"]
        for a in legal:
            if isinstance(a, Claim) and view["scores"][me] >= view.get("target", TARGET):
                return a
        for a in legal:
            if isinstance(a, Exchange):
                return a
        declares = [a for a in legal if isinstance(a, Declare)]
        if not declares and not any(isinstance(a, Play) for a in legal):
            draw = next((a for a in legal if isinstance(a, Draw)), None)
            if draw is not None:  # a trick won, the draw to make (it never closes before drawing either)
                return draw
        if declares:
            melds = self.spec.melds if self.spec is not None else None
            return max(declares, key=lambda a: (melds.get(a.kind).value if melds and melds.get(a.kind) else 0, a.kind == "royal marriage"))
        plays = [a for a in legal if isinstance(a, Play)]
        trump = _SUITS.get(view["trumps"])
        trick = [parse_card(c) for _, c in view["trick"]]
        cards = [a.card for a in plays]
        if view["stage"] == Stage.END.value and view["stock"] == 0 and self.spec is not None and self.solve_end and len(cards) > 1 and len(view["hand"]) <= self.SOLVE_FROM:
            return Play(self._solved(view, cards, trump, trick))
        order = self.spec.order if self.spec is not None else ORDER
        points = self.spec.card_points if self.spec is not None else POINTS
        return Play(_lead(cards, trump, order, points) if not trick
                    else _follow(trick[0], cards, trump, view["stage"] == Stage.END.value, order, points))

    def _solved(self, view, cards: list[Card], trump: Suit | None, trick: list[Card]) -> Card:
        """The best card by the solver, the other hand counted: every card not in this hand, not in
        a trick and not on the table is in it, once the stock is used up."""
        spec = self.spec
        mine = list(view["hand"])
        seen = set(mine) | set(trick) | {parse_card(c) for _, cs, _ in view["tricks"] for c in cs.split()}
        theirs = [c for c in spec.pack.cards if c not in seen]
        me = spec.players.index(view["player"])
        hands = [mine, theirs] if me == 0 else [theirs, mine]
        _, found = best_cards(spec, spec.play[Stage.END], trump, hands, trick, me, self.last_trick, allowed=cards)
        return min(found, key=lambda c: (c.suit is trump, _worth(c, spec.card_points)))


def _worth(card: Card, points: Mapping[Rank, int] = POINTS) -> int:
    return points.get(card.rank, 0)


def _lead(cards: list[Card], trump: Suit | None, order: CardOrder, points: Mapping[Rank, int] = POINTS) -> Card:
    plain = [c for c in cards if c.suit is not trump] or cards
    return min(plain, key=lambda c: (_worth(c, points), order.power[c.rank]))


def _follow(led: Card, cards: list[Card], trump: Suit | None, strict: bool, order: CardOrder,
            points: Mapping[Rank, int] = POINTS) -> Card:
    winners = [c for c in cards if order.beats(c, led, trump)]
    if winners and (_worth(led, points) >= 10 or strict):
        return min(winners, key=lambda c: (c.suit is trump, _worth(c, points) if c.suit is not led.suit else -_worth(c, points)))
    losers = [c for c in cards if c not in winners] or cards
    return min(losers, key=lambda c: (c.suit is trump, _worth(c, points), order.power[c.rank]))


#: the game this package registers (read by tutor.games)
GAME = SixtySix

__all__ = ["SixtySix", "SixtySixRules", "SixtySixDeal", "SixtySixMatch", "SixtySixBot", "Dealt", "Rank", "spec_for"]
