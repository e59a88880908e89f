"""Piquet speed figures (run: python tests/benchmarks/bench_piquet.py). Prints, never asserts.

Targets (issue: the Piquet engine): 50,000 two-hand declaration scorings and 5,000 complete random
deals a second in CPython on the project's 2-core machine.
"""

from __future__ import annotations

import platform
import random
import sys

from timing import rate  # beside this script

from tutor.games.piquet import Deal, Phase, PiquetDeal, PiquetRules
from tutor.games.piquet.combos import is_carte_blanche, mask_of
from tutor.games.piquet.scoring import declaration_totals, declare_in_full, score_declarations
from tutor.games.piquet.simulate import random_deal


def main() -> None:
    rules = PiquetRules()
    hands = [(mask_of(d.elder), mask_of(d.younger)) for d in (Deal.from_seed(i) for i in range(2000))]
    cbs = [(is_carte_blanche(e), is_carte_blanche(y)) for e, y in hands]

    def tables(n):
        for i in range(n):
            e, y = hands[i % 2000]
            declaration_totals(e, y, rules, cbs[i % 2000])

    def explained(n):
        for i in range(n):
            e, y = hands[i % 2000]
            score_declarations(e, y, rules)

    def fast_deals(n):
        rng = random.Random(1)
        for _ in range(n):
            random_deal(rng, rules)

    def checked_deals(n):
        rng = random.Random(2)
        for i in range(n):
            s = PiquetDeal.from_seed(i, rules)
            while not s.is_over:
                if s.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
                    s.apply(declare_in_full(s))
                else:
                    s.apply(rng.choice(list(s.legal_actions())))

    print(f"Python {platform.python_version()} on {platform.machine()} ({sys.platform})")
    print(f"declaration scorings/s, table path (totals + repique):   {rate(tables, 20000):>10,.0f}  (target 50,000)")
    print(f"declaration scorings/s, explained (steps with rules):    {rate(explained, 10000):>10,.0f}  (target 50,000)")
    print(f"complete random deals/s, simulation path:                {rate(fast_deals, 10000):>10,.0f}  (target 5,000)")
    print(f"complete random deals/s, checked state machine + dialogue:{rate(checked_deals, 100, 1):>9,.0f}  (interactive path)")


if __name__ == "__main__":
    main()
