"""Piquet (the Rubicon game): seed 000 and Cavendish's Laws of Piquet.

>>> from tutor.games import load
>>> piquet = load("piquet")
>>> state = piquet.deal(seed=1)
>>> state.phase.value
'exchange'
"""

from __future__ import annotations

from ...cards import PIQUET_PACK
from .actions import Announce, Call, Exchange, Pass, Play, Reply, parse_action
from .combos import Combination, mask_of
from .deal import Deal, Phase, PiquetDeal
from .partie import Partie
from .rules import PiquetRules
from .scoring import DeclarationResult, Settlement, declare_in_full, score_declarations, settle


class Piquet:
    """The game object: rules fixed, deals and parties made from it."""

    name = "piquet"
    title = "Piquet"
    pack = PIQUET_PACK
    Rules = PiquetRules

    def __init__(self, rules: PiquetRules | None = None):
        self.rules = rules or PiquetRules()

    def __repr__(self) -> str:
        changed = ", ".join(f"{k}={v!r}" for k, v in self.rules.changed().items())
        return f"load('piquet'{', ' + changed if changed else ''})"

    def deal(self, seed: int | str | None = None, code: str | None = None) -> PiquetDeal:
        if code is not None:
            return PiquetDeal(Deal.from_code(code), self.rules)
        return PiquetDeal.from_seed(0 if seed is None else seed, self.rules)

    def partie(self, seed: int | str = 0, first_dealer: int = 0) -> Partie:
        return Partie(seed, self.rules, first_dealer)

    def score(self, elder, younger) -> DeclarationResult:
        """Both players declare everything they hold in these twelve-card hands."""
        e = PIQUET_PACK.parse_hand(elder, 12, "hand")
        y = PIQUET_PACK.parse_hand(younger, 12, "hand")
        state = PiquetDeal.after_exchange(e, y, self.rules)  # checks the hands do not overlap
        return score_declarations(state.hands[0], state.hands[1], self.rules)

    def replay(self, elder, younger, plays) -> PiquetDeal:
        """Declare in full, then play ``plays`` (a list of (leader's card, follower's card))."""
        state = PiquetDeal.after_exchange(elder, younger, self.rules)
        _declare(state)
        for lead, follow in plays:
            state.apply(Play(lead))
            _declare(state)
            state.apply(Play(follow))
        return state

    @staticmethod
    def settle(a: int, b: int) -> Settlement:
        return settle(a, b)


def _declare(state: PiquetDeal) -> None:
    while state.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
        state.apply(declare_in_full(state))


__all__ = [
    "Piquet",
    "PiquetRules",
    "PiquetDeal",
    "Deal",
    "Phase",
    "Partie",
    "Combination",
    "Announce",
    "Exchange",
    "Call",
    "Pass",
    "Reply",
    "Play",
    "parse_action",
    "settle",
    "score_declarations",
    "declare_in_full",
    "mask_of",
]
