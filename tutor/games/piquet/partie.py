"""The partie (Cavendish, Laws 70-73) on the contract's match: six deals, or four with the first
and last counting double; on a tie after them each deals once more; then the settlement with the
rubicon. The deal alternates; deal ``n`` is dealt from ``f"{seed}/{n}"``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import IllegalActionError
from ..contract import Outcome
from ..match import Match, deal_seed
from .deal import Deal, PiquetDeal
from .scoring import Settlement, settle

if TYPE_CHECKING:  # pragma: no cover
    from . import Piquet

__all__ = ["PiquetMatch"]


#: The rule that ends a partie (a refusal after its end, or of a settlement before it, names it).
RULE_PARTIE = "Cavendish Law 71: a partie consists of six deals (four, first and last doubled, under the note to Law 71), a tie played off"


class PiquetMatch(Match):
    """A partie between ``first`` and ``second`` (Cavendish Laws 70-73)."""

    NOUN = "partie"
    END_RULE = RULE_PARTIE

    game: Piquet
    deal: PiquetDeal

    def make_deal(self, n, dealer) -> PiquetDeal:
        return PiquetDeal(Deal.from_seed(deal_seed(self.seed, n), self.game.rules.deal_in), self.game.rules)

    def multiplier(self, number: int) -> int:
        """Law 71 note: in the four-deal partie the first and last deals count double."""
        return 2 if self.game.rules.partie == "four" and number in (1, 4) else 1

    def credit(self, state) -> dict[str, int]:
        k = self.multiplier(len(self.records) + 1)
        return {name: k * pts for name, pts in super().credit(state).items()}

    @property
    def planned(self) -> int:
        """How many deals the partie has (so far as is known now)."""
        base = 6 if self.game.rules.partie == "six" else 4
        if len(self.records) < base:
            return base
        # Law 71: on a tie each deals once more; the partie ends after those two even if tied.
        a, b = self.totals_after(base)
        return base if a != b else base + 2

    def totals_after(self, n: int) -> tuple[int, int]:
        """(first's, second's) totals after the first ``n`` deals."""
        first = [r.credited for r in self.records[:n]]
        return (self.start["first"] + sum(c["first"] for c in first), self.start["second"] + sum(c["second"] for c in first))

    def finished(self) -> Outcome | None:
        if len(self.records) < self.planned:
            return None
        s = self.settlement()
        winner = None if s.winner is None else ("first", "second")[s.winner]
        return Outcome(winner, s.explain(), self.standing(), "partie")

    def settlement(self) -> Settlement:
        """The partie settled (Laws 72-73), once it is over."""
        if len(self.records) < self.planned:
            raise IllegalActionError(
                f"the partie is not over: deal {len(self.records) + 1} of {self.planned} is being played ({RULE_PARTIE})",
                token="settle")
        st = self.standing()
        return settle(st["first"], st["second"])

    def sheet(self) -> list[dict]:
        """The score sheet (see :meth:`Match.sheet`), each deal with its multiplier ``x``."""
        return [{**row, "x": self.multiplier(row["deal"])} for row in super().sheet()]
