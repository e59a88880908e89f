"""Piquet speed figures (run: python tests/benchmarks/bench_piquet.py). Prints, never asserts.

Targets (issue: the Piquet engine; issue: speed): 250,000 two-hand declaration scorings a second
on the table path and 100,000 on the explained path, 5,000 complete random deals a second, in
CPython on the project's 2-core machine. Each figure is measured for the code at the start commit
and for this checkout in one process, interleaved on CPU time (see ``timing.versions``).
"""

from __future__ import annotations

import random

from timing import compare, header, versions  # beside this script


def main() -> None:
    codes = versions()
    header(codes)

    def setup(code):
        pq = code.get("tutor.games.piquet")
        combos = code.get("tutor.games.piquet.combos")
        scoring = code.get("tutor.games.piquet.scoring")
        hands = [(combos.mask_of(d.elder), combos.mask_of(d.younger)) for d in (pq.Deal.from_seed(i) for i in range(2000))]
        cbs = [(combos.is_carte_blanche(e), combos.is_carte_blanche(y)) for e, y in hands]
        return pq, scoring, hands, cbs

    def tables(code):
        pq, scoring, hands, cbs = setup(code)
        rules = pq.PiquetRules()

        def run(n):
            for i in range(n):
                e, y = hands[i % 2000]
                scoring.declaration_totals(e, y, rules, cbs[i % 2000])
        return run

    def explained(code):
        pq, scoring, hands, _ = setup(code)
        rules = pq.PiquetRules()

        def run(n):
            for i in range(n):
                e, y = hands[i % 2000]
                scoring.score_declarations(e, y, rules)
        return run

    def fast_deals(code):
        pq = code.get("tutor.games.piquet")
        simulate = code.get("tutor.games.piquet.simulate")
        rules = pq.PiquetRules()

        def run(n):
            rng = random.Random(1)
            for _ in range(n):
                simulate.random_deal(rng, rules)
        return run

    def checked_deals(code):
        pq = code.get("tutor.games.piquet")
        scoring = code.get("tutor.games.piquet.scoring")
        rules = pq.PiquetRules()
        talk = (pq.Phase.CALL, pq.Phase.REPLY, pq.Phase.DECLARE)

        def run(n):
            rng = random.Random(2)
            for i in range(n):
                s = pq.PiquetDeal.from_seed(i, rules)
                while not s.is_over:
                    if s.phase in talk:
                        s.apply(scoring.declare_in_full(s))
                    else:
                        s.apply(rng.choice(list(s.legal_actions())))
        return run

    compare("declaration scorings/s, table path (totals + repique)", tables, 20000, codes, target="250,000")
    compare("declaration scorings/s, explained (steps with rules)", explained, 10000, codes, target="100,000")
    compare("complete random deals/s, simulation path", fast_deals, 5000, codes, repeat=3, target="5,000")
    compare("complete random deals/s, checked state machine + dialogue", checked_deals, 100, codes, repeat=3)


if __name__ == "__main__":
    main()
