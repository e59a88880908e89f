"""Sixty-Six (24 cards, two players) on the stock-and-tricks core: the family's baseline (pagat's rules of Sixty-Six).

>>> from tutor.games.sixtysix import SixtySix
>>> s = SixtySix().deal(seed=1)
>>> len(s.hand(0)), len(s.stock)
(6, 11)
"""

from __future__ import annotations

from ...cards import PACKS
from ..stock.core import Dealt
from .rules import SixtySixRules
from .state import SixtySixDeal, spec_for


class SixtySix:
    name = "sixtysix"
    title = "Sixty-Six"
    pack = PACKS["pack24"]
    Rules = SixtySixRules

    def __init__(self, rules: SixtySixRules | None = None):
        self.rules = rules or SixtySixRules()

    def deal(self, seed: int | str | None = None, code: str | None = None) -> SixtySixDeal:
        if code is not None:
            return SixtySixDeal(Dealt.from_code(spec_for(self.rules), code), self.rules)
        return SixtySixDeal.from_seed(0 if seed is None else seed, self.rules)


__all__ = ["SixtySix", "SixtySixRules", "SixtySixDeal", "spec_for"]
