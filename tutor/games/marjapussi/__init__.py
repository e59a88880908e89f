"""Marjapussi (Finnish, "bag of berries"; four in partnerships, 36 cards all dealt), after pagat.com;
David Parlett's *Penguin Book of Card Games* names it as the Finnish Bondtolva.

>>> from tutor.games import load
>>> s = load("marjapussi").deal(seed=1)
>>> [len(s.hand(p)) for p in range(4)], s.trump is None
([9, 9, 9, 9], True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bondtolva import deed
from ..bondtolva.bot import BondtolvaBot
from ..bondtolva.exercises import PARTNER
from ..contract import Game, GameType, Outcome
from ..match import Match, deal_seed
from ..race import ExactRace, exact_race, exact_step
from .race import DEALS, DEALS_32
from .rules import PAGAT, WIKIPEDIA, MarjapussiRules
from .state import SEATS, SIDES, MarjapussiDeal, spec_for

RULE_EXACT = f"{PAGAT}: a side must reach the target exactly; a side that goes over it goes back to 7"
RULE_NO_TRICK = f"{PAGAT}: a side that takes no trick in a deal goes back to 0"
RULE_TIE = "the tutor's ruling where pagat.com, Marjapussi, is silent: both sides reaching the target on the same deal tie the game"
PERSONS = ("north", "east", "south", "west")


class MarjapussiMatch(Match):
    """A game to exactly 10 (or 12): over puts a side back to 7, no trick in a deal back to 0."""

    game: Marjapussi
    deal: MarjapussiDeal
    NOUN = "game"
    END_RULE = RULE_EXACT

    @property
    def target(self) -> int:
        return self.game.rules.target

    def make_deal(self, n, dealer) -> MarjapussiDeal:
        return MarjapussiDeal.from_seed(deal_seed(self.seed, n), self.game.rules)

    def credit(self, state) -> dict[str, int]:
        gained = super().credit(state)
        st = self.standing()
        tricks = {self.scorer_of(self.person(state.table.seats[0])): 0, self.scorer_of(self.person(state.table.seats[1])): 0}
        for t in state.tricks:
            tricks[self.scorer_of(self.person(state.table.seats[t.winner]))] += 1
        # (pagat: exactly the target; over it, back to 7; no trick, back to 0)
        return {k: exact_step(st[k], v, tricks[k] > 0, self.target, 7) - st[k] for k, v in gained.items()}

    def finished(self) -> Outcome | None:
        st = self.standing()
        there = [k for k, v in st.items() if v == self.target]
        if not there:
            return None
        if len(there) > 1:
            return Outcome(None, f"both sides reach {self.target} on the same deal: a tie ({RULE_TIE})", st, "tie")
        return Outcome(there[0], f"{self.persons.subject(there[0], 'reaches', 'reach')} exactly {self.target}: the game is won ({RULE_EXACT})", st, "target")


class Marjapussi(Game):
    """Marjapussi for four in partnerships."""

    #: what the partner asked for a marriage must answer (Bondtolva for four asks the same way)
    EXERCISES = (PARTNER,)

    TYPE = GameType(
        name="marjapussi",
        title="Marjapussi",
        family="Sixty-Six",
        pack="pack36",
        seats={4: SEATS},
        sides={4: SIDES},
        sources=(f"{PAGAT} (John McLeod)", "David Parlett, The Penguin Book of Card Games (names the game)", WIKIPEDIA),
        summary="The Finnish Bondtolva: four in partnerships, 36 cards all dealt, no trumps until a trick's winner makes a "
                "marriage, his own or with his partner's help (broken marriages after asking); must follow, trump and beat, "
                "even a partner; game points for trumps, later marriages, the last trick and most card points, exactly 10.",
    )
    Rules = MarjapussiRules

    @property
    def pack(self):
        return spec_for(self.rules).pack

    def deal(self, seed: int | str | None = None, code: str | None = None) -> MarjapussiDeal:
        if code is not None:
            return MarjapussiDeal.from_code(code, self.rules)
        return MarjapussiDeal.from_seed(0 if seed is None else seed, self.rules)

    def deal_cards(self, hands) -> MarjapussiDeal:
        """A deal from explicit cards: the four hands, forehand first, the dealer last."""
        return MarjapussiDeal.from_cards(hands, self.rules)

    def match(self, seed: int | str = 0, *, pause: bool = False, first_dealer: int | str = "west",
              persons: tuple[str, ...] = PERSONS, standing: Mapping[str, int] | None = None, **kw: Any) -> MarjapussiMatch:
        return MarjapussiMatch(self, seed, persons=persons, first_dealer=first_dealer, players=4, pause=pause, standing=standing)

    def race(self) -> ExactRace:
        """A deal is valued by the chance of winning the game from the totals it leaves, in the race
        to exactly the target (over: back to 7; no trick: back to 0) over the deals of :data:`DEALS`
        (or :data:`DEALS_32`, measured with the 32-card pack). At 9, a deal of one point wins the
        game and a deal of four sends the side back to 7."""
        return exact_race(self.rules.target, 7, tuple((DEALS if self.rules.pack == "36" else DEALS_32).items()))

    def beginner_bot(self) -> BondtolvaBot:
        spec = spec_for(self.rules)
        return BondtolvaBot(order=spec.order, value=lambda c: spec.card_points.get(c.rank, 0), ask_first=True, exact=self.rules.target)

    def describe_action(self, state, seat, action) -> str:
        a = state.parse_action(action)
        text = deed(a)
        if str(a) == "ask":
            text = "asks: partner, name a marriage?"
        elif str(a).startswith("ask "):
            text = f"asks his partner for the other half of {str(a)[4:]}."
        elif str(a).startswith("declare"):
            text = f"declares the marriage {' '.join(map(str, a.cards))}."
        return f"{seat.name.capitalize()} {text}"

    def golden_deal(self, data: Mapping[str, Any]) -> MarjapussiDeal:
        return self.deal_cards(data["deal"]["hands"])

    def golden_line(self, state) -> dict:
        out: dict[str, Any] = dict(state.scores())
        out["trumps"] = state.trump.noun if state.trump else None
        return out


#: the game this package registers (read by tutor.games)
GAME = Marjapussi

__all__ = ["Marjapussi", "MarjapussiRules", "MarjapussiDeal", "MarjapussiMatch"]
