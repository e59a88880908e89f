"""Bezique (two-handed, 64 cards): the nineteenth-century Bezique account, Foster's Complete Hoyle, Britannica 1911, Hoffmann 1909.

>>> from tutor.games.bezique import Bezique
>>> bezique = Bezique()
>>> state = bezique.deal(seed=1)
>>> state.phase.value, len(state.hand(0)), len(state.stock)
('lead', 8, 47)
>>> bezique.score("H", ["declare bezique QS JD", "declare double bezique QS JD QS' JD'"]).total
540
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..contract import Game, GameType, Outcome
from ..match import Match, deal_seed
from ..stock.core import Dealt, Phase, Stage
from ..stock.exercises import BEST, melds
from .actions import Declare, Draw, Exchange, Play, Revoke, parse_action
from .bot import BeziqueBot, choose_action
from .rules import BeziqueRules
from .state import RULE_GAME, BeziqueDeal, LedgerResult, score_declarations, spec_for
from .workbench import Workbench


class Bezique(Game):
    """The game object: rules fixed, deals and games made from it."""

    TYPE = GameType(
        name="bezique",
        title="Bezique",
        family="Bezique",
        pack="bezique64",
        seats={2: ("elder", "younger")},
        sources=(
            "a nineteenth-century English account of Bezique",
            "R. F. Foster, Foster's Complete Hoyle (1897)",
            "Encyclopaedia Britannica (1911), 'Bezique'",
            "Professor Hoffmann, Card Games (1909)",
        ),
        summary="Two players, two packs of 32 shuffled together, eight each and a stock: declarations "
                "after winning a trick (marriages, bezique, sequence, fours), brisques, game 1000.",
    )
    Rules = BeziqueRules
    EXERCISES = (melds(Workbench), BEST)

    def deal(self, seed: int | str | None = None, code: str | None = None) -> BeziqueDeal:
        if code is not None:
            return BeziqueDeal.from_code(code, self.rules)
        return BeziqueDeal.from_seed(0 if seed is None else seed, self.rules)

    def deal_cards(self, elder, younger, turnup, stock) -> BeziqueDeal:
        """A deal from explicit cards (the stock top first, 47 cards; no turn-up with
        ``trumps=first-marriage``, and then 48)."""
        return BeziqueDeal.from_cards(elder, younger, turnup, stock, self.rules)

    def game(self, seed: int | str = 0, first_dealer: int | str = "second") -> BeziqueMatch:
        """A game to 1000 dealt through without pausing (the same as :meth:`match`)."""
        return self.match(seed, first_dealer=first_dealer)

    def match(self, seed: int | str = 0, *, pause: bool = False, first_dealer: int | str = "second",
              persons: tuple[str, str] = ("first", "second"), standing: Mapping[str, int] | None = None, **kw) -> BeziqueMatch:
        """A game to ``game_points`` (1000) as the contract's match; deals alternate."""
        return BeziqueMatch(self, seed, persons=persons, first_dealer=first_dealer, pause=pause, standing=standing)

    def golden_deal(self, data) -> BeziqueDeal:
        d = data["deal"]
        return self.deal_cards(d["elder"], d["younger"], d.get("turnup"), d["stock"])

    def beginner_bot(self) -> BeziqueBot:
        return BeziqueBot()

    def describe_action(self, state, seat, action) -> str:
        who = seat.name.capitalize()
        text = str(action)
        if text.startswith("play "):
            return f"{who} plays {text[5:]}."
        if text.startswith("declare "):
            return f"{who} declares {text[8:]}."
        if text.startswith("exchange "):
            return f"{who} exchanges {text[9:]} for the turn-up."
        if text == "draw":
            return f"{who} draws."
        return f"{who}: {text}."

    def replay(self, actions: str | Iterable[str], seed: int | str | None = None, code: str | None = None, cards: dict | None = None) -> BeziqueDeal:
        """Deal (by seed, code, or ``cards={"elder":..., "younger":..., "turnup":..., "stock":...}``)
        and apply ``actions`` (a list, or one string separated by commas or semicolons), each
        checked. Returns the state; ``.to_json()`` gives the deal, the actions and the steps."""
        if cards is not None:
            state = self.deal_cards(cards["elder"], cards["younger"], cards.get("turnup"), cards["stock"])
        else:
            state = self.deal(seed, code)
        if isinstance(actions, str):
            actions = [a for a in actions.replace(";", ",").split(",") if a.strip()]
        for a in actions:
            state.apply(a)
        return state

    def score(self, trumps, declarations: str | Iterable[str]) -> LedgerResult:
        """Judge one player's declarations in order (each after a trick of its own), applying the
        rules on reusing cards; ``play CARD`` takes a declared card off the table. Returns a result
        with ``.total``, ``.explanation`` and ``.to_json()``; an illegal one raises
        :class:`~tutor.errors.IllegalActionError` saying why."""
        if isinstance(declarations, str):
            declarations = [a for a in declarations.replace(";", ",").split(",") if a.strip()]
        return score_declarations(trumps, declarations, self.rules)


__all__ = [
    "Bezique",
    "BeziqueRules",
    "BeziqueDeal",
    "BeziqueMatch",
    "Dealt",
    "Phase",
    "Stage",
    "Play",
    "Declare",
    "Exchange",
    "Draw",
    "Revoke",
    "parse_action",
    "choose_action",
    "score_declarations",
    "spec_for",
]

class BeziqueMatch(Match):
    """A game to 1000 on the contract's match: each deal carries the scores so far, and stops as
    soon as a player reaches the game (a nineteenth-century English account of Bezique)."""

    game: Bezique
    deal: BeziqueDeal
    NOUN = "game"
    END_RULE = RULE_GAME

    @property
    def target(self) -> int:
        """The points that win the game."""
        return self.game.rules.game_points

    def make_deal(self, n, dealer) -> BeziqueDeal:
        st = self.standing()
        carried = (st[dealer.next.name], st[dealer.name])  # (elder's, younger's)
        return BeziqueDeal.from_seed(deal_seed(self.seed, n), self.game.rules, carried)

    def deal_of_code(self, code, n, dealer) -> BeziqueDeal:
        st = self.standing()
        return BeziqueDeal.from_code(code, self.game.rules, (st[dealer.next.name], st[dealer.name]))

    def finished(self) -> Outcome | None:
        target = self.game.rules.game_points
        winner = self.first_to(target)
        if winner is None:
            return None
        st = self.standing()
        return Outcome(winner, f"{winner} reaches {st[winner]}: the game of {target} is won", st, "target")


#: the game this package registers (read by tutor.games)
GAME = Bezique
