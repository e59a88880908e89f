"""The strong computer player's CPU time a move, old code against this checkout (run:
``python tests/benchmarks/bench_strong.py [games,comma] [positions]``). Prints, never asserts.

Positions come from each game's matches (seeds 0, 1, ...) played by the game's own computer, every
third move where the player to move has more than one legal action, up to ``positions`` of them a
game (default 12). At each position the strong player (``game.strong_bot()``) chooses from the
seat's view, under the old code and under this checkout in turn (``timing.versions``: both loaded
in one process, the same positions made by each from the same seeds), for 3 rounds; each move
starts with the solver's kept positions and the last sampler emptied, so both make the same fresh
search. A game's figure is the median CPU ms of its moves in each round, given as the median of the
rounds with their min-max, and the ratio of the medians.
"""

from __future__ import annotations

import copy
import statistics
import sys
import time

from timing import Code, header, of_rounds, versions  # beside this script

GAMES = ("bezique", "sixtysix", "tute", "gaigel", "piquet")


def positions(code: Code, name: str, count: int) -> list:
    """``count`` positions of ``name``'s matches, each (the match, its seat to move), under ``code``."""
    game = code.get("tutor.games").load(name)
    seat_view = code.get("tutor.games.contract").SeatView
    bot = game.beginner_bot()
    out: list = []
    seed = 0
    while len(out) < count and seed < 50:
        match = game.match(seed)
        k = 0
        while not match.is_over and len(out) < count:
            if getattr(match, "between_deals", False):
                match.next_deal()
                continue
            view = seat_view(match, match.turn)
            if len(view.legal_actions()) > 1:
                if k % 3 == 0:
                    out.append((copy.deepcopy(match), match.turn))  # (a copy: the match plays on)
                k += 1
            match.apply(bot.choose(view))
        seed += 1
    return out


def fresh(code: Code) -> None:
    """The solver's kept positions and the last sampler emptied (each move a fresh search)."""
    solver = code.get("tutor.games.stock.solver")
    getattr(solver, "_SEARCHES", {}).clear()
    last = getattr(code.get("tutor.games.stock.determinize"), "_LAST", None)
    if last is not None:
        last[:] = [None, None, None]


def main() -> None:
    names = [g for g in (sys.argv[1] if len(sys.argv) > 1 else "").split(",") if g] or list(GAMES)
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 12
    codes = versions()
    header(codes, columns=False)
    print(f"{'strong move, CPU ms, median (min-max) of 3 rounds':<44} {'positions':>9} {codes[0].label:>22} {codes[1].label:>22}  ratio")
    for name in names:
        made = {}
        for c in codes:
            with c:
                game = c.get("tutor.games").load(name)
                made[c.label] = (positions(c, name, count), game.strong_bot(), c.get("tutor.games.contract").SeatView)
        rounds: dict[str, list[float]] = {c.label: [] for c in codes}
        for _ in range(3):
            times: dict[str, list[float]] = {c.label: [] for c in codes}
            for i in range(len(made[codes[1].label][0])):
                for c in codes:  # the same position under each code in turn
                    found, strong, seat_view = made[c.label]
                    match, seat = found[i]
                    with c:
                        fresh(c)
                        view = seat_view(match, seat)
                        t = time.process_time()
                        strong.choose(view)
                        times[c.label].append(1000 * (time.process_time() - t))
            for c in codes:
                rounds[c.label].append(statistics.median(times[c.label]))
        old, new = (of_rounds(rounds[c.label]) for c in codes)
        print(f"{name:<44} {len(made[codes[1].label][0]):>9} {format(old, '.1f'):>22} {format(new, '.1f'):>22}  x{old.median / new.median:.2f}")


if __name__ == "__main__":
    main()
