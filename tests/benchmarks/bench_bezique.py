"""Bezique speed figures (run: python tests/benchmarks/bench_bezique.py). Prints, never asserts.

A complete deal is 32 tricks with the declarations after each trick won; the figures are whole
deals a CPU second, dealt from seeds and played to the end. The random runs play the same deals
with the same choices (one random stream from the same seed), checked and unchecked alike. Each
figure is measured for the code at the start commit and for this checkout in one process,
interleaved (see ``timing.versions``), with the ratio.

Target (issue: speed): at least 3,000 complete random deals a second through the checked apply.
"""

from __future__ import annotations

import random

from timing import compare, header, versions  # beside this script


def main() -> None:
    codes = versions()
    header(codes)

    def unchecked(code):
        bz = code.get("tutor.games.bezique")
        rules = bz.BeziqueRules()

        def run(n):
            rng = random.Random(1)
            for i in range(n):
                s = bz.BeziqueDeal.from_seed(i, rules)
                while not s.is_over:
                    s.apply_unchecked(rng.choice(s._enumerate()))
        return run

    def checked(code):
        bz = code.get("tutor.games.bezique")
        rules = bz.BeziqueRules()

        def run(n):
            rng = random.Random(1)  # the same deals and choices as the unchecked run
            for i in range(n):
                s = bz.BeziqueDeal.from_seed(i, rules)
                while not s.is_over:
                    s.apply(rng.choice(list(s.legal_actions())))
        return run

    def bots(code):
        bz = code.get("tutor.games.bezique")
        rules = bz.BeziqueRules()

        def run(n):
            for i in range(n):
                s = bz.BeziqueDeal.from_seed(i, rules)
                while not s.is_over:
                    s.apply_unchecked(bz.choose_action(s))
        return run

    compare("complete random Bezique deals/s, unchecked apply", unchecked, 200, codes)
    compare("complete random Bezique deals/s, checked apply", checked, 200, codes, target="3,000")
    compare("complete Bezique deals/s, computer opponent against itself", bots, 50, codes)


if __name__ == "__main__":
    main()
