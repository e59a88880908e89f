"""The partie: six deals (or four, first and last doubled), dealer alternating, then the settlement."""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import IllegalActionError
from .deal import Deal, PiquetDeal
from .rules import PiquetRules
from .scoring import Settlement, settle

NAMES = ("first", "second")
RULE_PARTIE = "Cavendish Law 71: a partie consists of six deals (four, first and last doubled, under the note to Law 71), a tie played off"


@dataclass(frozen=True)
class DealRecord:
    number: int
    dealer: int  # partie player who dealt (younger)
    multiplier: int
    elder_score: int
    younger_score: int
    code: str

    def scores(self) -> tuple[int, int]:
        """(first's, second's) for this deal, multiplier applied."""
        e, y = self.elder_score * self.multiplier, self.younger_score * self.multiplier
        return (y, e) if self.dealer == 0 else (e, y)


class Partie:
    """A partie between ``first`` (player 0) and ``second`` (player 1).

    ``first_dealer`` is who won the cut's choice to deal first (Parlett's Piquet rules: the higher cut chooses).
    Each deal is dealt from ``f"{seed}/{n}"`` so the same seed replays the same partie.
    """

    def __init__(self, seed: int | str = 0, rules: PiquetRules | None = None, first_dealer: int = 0):
        if first_dealer not in (0, 1):
            raise IllegalActionError(f"first_dealer is 0 or 1, not {first_dealer!r}", token=first_dealer, legal=(0, 1))
        self.rules = rules or PiquetRules()
        self.seed = seed
        self.first_dealer = first_dealer
        self.records: list[DealRecord] = []
        self.deal = self._new_deal()

    @property
    def planned(self) -> int:
        base = 6 if self.rules.partie == "six" else 4
        n = len(self.records)
        if n < base:
            return base
        # Law 71: on a tie each deals once more; the partie ends after those two even if tied.
        a, b = self.totals_after(base)
        return base if a != b else base + 2

    def totals_after(self, n: int) -> tuple[int, int]:
        a = b = 0
        for r in self.records[:n]:
            x, y = r.scores()
            a, b = a + x, b + y
        return a, b

    @property
    def totals(self) -> tuple[int, int]:
        return self.totals_after(len(self.records))

    @property
    def is_over(self) -> bool:
        return len(self.records) >= self.planned

    @property
    def dealer(self) -> int:
        return (self.first_dealer + len(self.records)) % 2

    def multiplier(self, number: int) -> int:
        """Law 71 note: in the four-deal partie the first and last deals count double."""
        return 2 if self.rules.partie == "four" and number in (1, 4) else 1

    def _new_deal(self) -> PiquetDeal:
        n = len(self.records) + 1
        return PiquetDeal(Deal.from_seed(f"{self.seed}/{n}", self.rules.deal_in), self.rules)

    def apply(self, action) -> Partie:
        if self.is_over:
            raise IllegalActionError(f"the partie is over ({RULE_PARTIE})", token=str(action))
        self.deal.apply(action)
        self._advance()
        return self

    def apply_unchecked(self, action) -> Partie:
        self.deal.apply_unchecked(action)
        self._advance()
        return self

    def _advance(self) -> None:
        if not self.deal.is_over:
            return
        sc = self.deal.scores()
        n = len(self.records) + 1
        self.records.append(DealRecord(n, self.dealer, self.multiplier(n), sc["elder"], sc["younger"], self.deal.deal.code))
        if not self.is_over:
            self.deal = self._new_deal()

    def settlement(self) -> Settlement:
        if not self.is_over:
            raise IllegalActionError(
                f"the partie is not over: deal {len(self.records) + 1} of {self.planned} is being played ({RULE_PARTIE})",
                token="settle",
            )
        return settle(*self.totals)

    def sheet(self) -> list[dict]:
        """The score sheet: each deal's scores and the running totals (for the partie panel)."""
        rows, a, b = [], 0, 0
        for r in self.records:
            x, y = r.scores()
            a, b = a + x, b + y
            rows.append({"deal": r.number, "dealer": NAMES[r.dealer], "x": r.multiplier, NAMES[0]: x, NAMES[1]: y, "totals": (a, b)})
        return rows
