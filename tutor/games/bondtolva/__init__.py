"""Bondtolva ("farmer's dozen", Swedish; 24 cards), for two players, as David Parlett's *Penguin Book
of Card Games* gives it; the three- and four-handed forms are registered as ``bondtolva3`` and
``bondtolva4`` (the four in partnerships, asking their partners for marriages).

>>> from tutor.games import load
>>> s = load("bondtolva").deal(seed=1)
>>> len(s.hand(0)), len(s.stock), s.trump is None
(6, 12, True)
>>> four = load("bondtolva4").deal(seed=1)
>>> [len(four.hand(p)) for p in range(4)], four.stage.value
([6, 6, 6, 6], 'end')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...exercises import Kind
from ..contract import Game, GameType, Outcome
from ..match import Match, deal_seed
from ..race import Race, race_to
from ..stock.actions import Declare, Play
from ..stock.exercises import BEST
from .actions import Answer, Ask, AskSuit, Show
from .bot import BondtolvaBot
from .exercises import PARTNER
from .race import OWN3
from .rules import PARLETT, PARLETT34, SWEDISH, BondtolvaRules
from .state import SEATING, SIDES4, BondtolvaDeal

RULE_GAME = f"{PARLETT}: whoever first has 12 points, however many deals that takes, wins"
RULE_EXACT = f"{PARLETT}, Variant: 12 must be reached exactly; points that would take a total past 12 are deducted instead"
#: the persons of a match, by the number of players
PERSONS = {2: ("first", "second"), 3: ("first", "second", "third"), 4: ("north", "east", "south", "west")}
SOURCES = ("David Parlett, The Penguin Book of Card Games", SWEDISH)


class BondtolvaMatch(Match):
    """A game to 12 points over as many deals as it takes, the deal passing round the table."""

    game: Bondtolva
    deal: BondtolvaDeal
    NOUN = "game"
    END_RULE = RULE_GAME

    @property
    def target(self) -> int:
        return self.game.rules.target

    def make_deal(self, n, dealer) -> BondtolvaDeal:
        return BondtolvaDeal.from_seed(deal_seed(self.seed, n), self.game.PLAYERS, self.game.rules)

    def credit(self, state) -> dict[str, int]:
        gained = super().credit(state)
        if not self.game.rules.exactly:
            return gained
        st = self.standing()
        return {k: -v if st[k] + v > self.target else v for k, v in gained.items()}

    def finished(self) -> Outcome | None:
        st = self.standing()
        there = [k for k, v in st.items() if (v == self.target if self.game.rules.exactly else v >= self.target)]
        if not there:
            return None
        best = max(st[k] for k in there)
        top = [k for k in there if st[k] == best]
        if len(top) > 1:  # equal at the target on the same deal: another deal decides (the book is silent)
            return None
        winner = top[0]
        rule = RULE_EXACT if self.game.rules.exactly else RULE_GAME
        return Outcome(winner, f"{self.persons.subject(winner, 'reaches', 'reach')} {st[winner]}: the game of {self.target} is won ({rule})", st, "target")


class Bondtolva(Game):
    """Bondtolva for two: a stock, no trumps until the first marriage."""

    EXERCISES: ClassVar[tuple[Kind, ...]] = (BEST,)  # two hands: the last tricks solved exactly

    TYPE = GameType(
        name="bondtolva",
        title="Bondtolva",
        family="Sixty-Six",
        pack="pack24",
        seats={2: SEATING[2]},
        sources=SOURCES,
        summary="The Swedish Sixty-Six for two: 24 cards, six each and a stock, no trumps until the first marriage "
                "(the 'trump', 2 points; later ones 1); a point for the last trick and one for the most aces and tens; "
                "first to 12.",
    )
    Rules = BondtolvaRules
    PLAYERS: ClassVar[int] = 2

    def deal(self, seed: int | str | None = None, code: str | None = None) -> BondtolvaDeal:
        if code is not None:
            return BondtolvaDeal.from_code(code, self.PLAYERS, self.rules)
        return BondtolvaDeal.from_seed(0 if seed is None else seed, self.PLAYERS, self.rules)

    def deal_cards(self, hands, stock: str = "") -> BondtolvaDeal:
        """A deal from explicit cards: the hands in order of play (the dealer last), then the stock
        top first (none with three or four)."""
        return BondtolvaDeal.from_cards(hands, stock, self.PLAYERS, self.rules)

    def match(self, seed: int | str = 0, *, pause: bool = False, first_dealer: int | str | None = None,
              persons: tuple[str, ...] | None = None, standing: Mapping[str, int] | None = None, **kw: Any) -> BondtolvaMatch:
        """A game to 12; the deal passes to the next player."""
        names = persons if persons is not None else PERSONS[self.PLAYERS]
        return BondtolvaMatch(self, seed, persons=names, first_dealer=first_dealer if first_dealer is not None else names[-1],
                              players=self.PLAYERS, pause=pause, standing=standing)

    def beginner_bot(self) -> BondtolvaBot:
        return BondtolvaBot(exact=self.rules.target if self.rules.exactly else None)

    def describe_action(self, state, seat, action) -> str:
        return f"{seat.name.capitalize()} {deed(state.parse_action(action))}"

    def golden_deal(self, data: Mapping[str, Any]) -> BondtolvaDeal:
        d = data["deal"]
        return self.deal_cards(d["hands"], d.get("stock", ""))

    def golden_line(self, state) -> dict:
        out: dict[str, Any] = dict(state.scores())
        out["trumps"] = state.trump.noun if state.trump else None
        return out


class Bondtolva3(Bondtolva):
    """Bondtolva for three: all the cards dealt, eight each."""

    EXERCISES = ()  # three hands: the solver is for two

    TYPE = GameType(
        name="bondtolva3", title="Bondtolva for three", family="Sixty-Six", pack="pack24", seats={3: SEATING[3]},
        sources=SOURCES, aliases=("bondtolva-3",),
        summary="Bondtolva with all 24 cards dealt, eight each: follow, head and trump from the first trick, "
                "marriages shown throughout; each for himself, first to 12.",
    )
    PLAYERS = 3
    #: at a table of three every card is dealt and the solver (two hands) never takes over, so the
    #: samples are played out from the first trick; played by the game's own player, which knows
    #: Bondtolva's matadors and marriages, rather than the stock core's rule of thumb, the strong
    #: player won 62.4% of 1,000 matches against the beginner, against 57.9% on the same seeds
    STRONG_ROLLOUT = "beginner"

    def race(self) -> Race | None:
        """In a game to 12 (not the variant "12 exactly"), a deal is valued by the chance of winning
        the game from the totals it leaves, over the deals of :data:`OWN3` (the strong player's points
        as it takes them against the game's own computer): at a table of three, a point kept from the
        player about to go out is worth more than one kept from the last."""
        if self.rules.exactly:
            return None
        return race_to(self.rules.target, tuple(OWN3.items()), own=True)


class Bondtolva4(Bondtolva):
    """Bondtolva for four in partnerships: all the cards dealt, six each, partners asking each other."""

    EXERCISES = (PARTNER,)  # four hands, two sides: the partner's answer (the solver is for two hands)

    TYPE = GameType(
        name="bondtolva4", title="Bondtolva for four", family="Sixty-Six", pack="pack24", seats={4: SEATING[4]},
        sides={4: SIDES4}, sources=(f"{PARLETT34}", *SOURCES[1:]), aliases=("bondtolva-4",),
        summary="Bondtolva in two partnerships, all 24 cards dealt, six each: the leader may show a marriage, ask "
                "whether his partner holds one, or ask him to pair a king or queen ('Hearts?'), each answer deciding "
                "the lead; first side to 12.",
    )
    PLAYERS = 4


def deed(action) -> str:
    """What a player does, after his name, as the table hears it."""
    if isinstance(action, Play):
        return f"plays {action.card}."
    if isinstance(action, Declare):
        return f"shows the marriage {' '.join(map(str, action.cards))} and leads from it."
    if isinstance(action, Ask):
        return "asks: partner, do you hold a marriage?"
    if isinstance(action, AskSuit):
        return f"asks: {action.suit.noun.capitalize()}?"
    if isinstance(action, Show):
        return f"answers by showing the marriage {' '.join(map(str, action.cards))}."
    if isinstance(action, Answer):
        return f"answers {action}."
    return f"{action}."  # pragma: no cover - Bondtolva's actions are the six above


#: the games this package registers (read by tutor.games): Bondtolva for two, three and four
GAMES = (Bondtolva, Bondtolva3, Bondtolva4)

__all__ = ["Bondtolva", "Bondtolva3", "Bondtolva4", "BondtolvaRules", "BondtolvaDeal", "BondtolvaMatch", "BondtolvaBot", "PARLETT34"]
