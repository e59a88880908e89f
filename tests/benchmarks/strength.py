"""Shared by ``bench_strength.py`` and ``bench_strength_piquet.py``: the match loop of the strong
computer against an opponent, the records of a run (one JSON line a match) and the table made from
them. Prints only what the scripts ask; asserts nothing.

A match is ``game.match(seed)``; the strong player takes the first person's place when the seed is
even and the second's when it is odd (in a game of partners it plays both seats of its side; at a
table of three, one seat against two of the other). The opponent is the game's own computer
(``beginner_bot()``) or a random player seeded with the match's seed (Tute's never claims falsely:
it claims exactly when it has 101, as ``record.HonestRandom``), so that any match can be played
again alone, and a run of N matches can be cut into runs of any sizes (``--first``).

A record (``--record FILE``, appended to, one line a match) holds the game, the opponent, the seed,
the result (1 won, 0.5 no winner, 0 lost), the CPU seconds of each of the strong player's moves
(moves with a single legal action left out: nothing is weighed for them) and the commit of the code
(``git rev-parse HEAD``, with ``+dirty`` when ``tutor/`` differs from it). A run given a record
file skips the matches that file already holds for the same code, so a stopped run is resumed by
running it again. ``--report FILE`` prints the table from the records of one commit (the checkout's
by default), each match counted once.

A variant of the strong player, for measuring what it lacks (``bench_strength.py`` only, never the
player the table is for): ``--sees all`` gives it every card (each sample the true deal, the stock's
order too), ``--sees hand`` every hand but not the stock's order (each sample the true deal with the
stock shuffled), ``--work N`` more or fewer samples a move (``StrongPlayer.work``, 3,000 by
default), ``--solve-at N`` the solver taking over a sample from hands of N cards
(``StrongPlayer.solve_at``: the game's ``STRONG_SOLVE_AT``, 6 but for Tute's 5), ``--halve yes``
or ``no`` the samples' work spent by halves or not (``StrongPlayer.halve``: the game's
``STRONG_HALVE``, Tute's alone by default). A variant's
records say so (``variant``), are resumed and reported apart from the player's own (``--variant``
with ``--report``), and its table's title names it.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # record.py, beside this script

from record import HonestRandom  # noqa: E402

from tutor.games import GAMES, load  # noqa: E402
from tutor.games.contract import RandomPlayer, SeatView  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
KINDS = ("beginner", "random")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``wins`` in ``n`` (a drawn match counts half)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def opponent(game, kind: str, seed: int):
    """The strong player's opponent in match ``seed``: the game's own computer, or a random player."""
    if kind == "beginner":
        return game.beginner_bot()
    if game.name == "tute":
        return HonestRandom(seed)
    return RandomPlayer(seed)


def one_match(game, seed: int, strong, other, times: list[float], limit: int = 200_000) -> float:
    """Play match ``seed``: 1 if the strong player's side wins it, 0 if not, 0.5 for no winner.
    The CPU seconds of each strong move with more than one legal action go to ``times``."""
    match = game.match(seed)
    persons = match.persons
    me = match.scorer_of(persons.seat(persons.names[seed % 2]))
    for _ in range(limit):
        if match.is_over:
            break
        if getattr(match, "between_deals", False):
            match.next_deal()
            continue
        seat = match.turn
        view = SeatView(match, seat)
        if match.scorer_of(match.person(seat)) == me:
            many = len(view.legal_actions()) > 1
            t = time.process_time()
            action = strong.choose(view)
            if many:
                times.append(time.process_time() - t)
        else:
            action = other.choose(view)
        match.apply(action)
    out = match.outcome()
    if out is None or out.winner is None:
        return 0.5
    return 1.0 if out.winner == me else 0.0


def code_commit() -> str:
    """The commit of the code measured: ``git rev-parse HEAD``, ``+dirty`` if ``tutor/`` differs from it."""
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "tutor"], capture_output=True, text=True, check=True).stdout.strip()
    return head + ("+dirty" if dirty else "")


def read_records(path: Path) -> list[dict]:
    """The records of ``path`` (none if it does not exist); a line that is not a record is an error naming it."""
    if not path.exists():
        return []
    out = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            rec["game"], rec["against"], rec["seed"], rec["result"], rec["times"], rec["commit"]  # noqa: B018
        except (ValueError, KeyError, TypeError) as e:
            raise SystemExit(f"{path}:{n}: not a match record ({str(e)[:60]})") from None
        out.append(rec)
    return out


def summary(game: str, kind: str, results: list[float], times: list[float]) -> dict:
    times = sorted(times)
    n = len(results)
    won = sum(results)
    lo, hi = wilson(won, n)
    return {"game": game, "against": kind, "matches": n, "won": won, "rate": won / n if n else 0.0, "lo": lo, "hi": hi,
            "median_ms": 1000 * times[len(times) // 2] if times else 0.0,
            "p95_ms": 1000 * times[min(len(times) - 1, int(len(times) * 0.95))] if times else 0.0,
            "moves": len(times)}


HEAD = f"{'game':<13} {'against':<9} {'matches':>7} {'won':>7} {'rate':>6}  {'95% interval':<15} {'median ms':>9} {'p95 ms':>7} {'moves':>7}"


def row(r: dict) -> str:
    interval = f"[{r['lo']:.1%}, {r['hi']:.1%}]"
    return (f"{r['game']:<13} {r['against']:<9} {r['matches']:>7} {r['won']:>7.1f} {r['rate']:>6.1%}  {interval:<15} "
            f"{r['median_ms']:>9.1f} {r['p95_ms']:>7.1f} {r['moves']:>7}")


def report(path: Path, commit: str | None, variant: str = "") -> None:
    """Print the table of the records in ``path`` made by the code of ``commit`` (a prefix will do;
    the checkout's by default) by the strong player of ``variant`` (``""``: the player itself), each
    (game, opponent, seed) counted once (its last record)."""
    everything = read_records(path)
    records = [r for r in everything if r.get("variant", "") == variant]
    commit = commit or code_commit()
    mine = [r for r in records if r["commit"] == commit or (len(commit) >= 7 and r["commit"].removesuffix("+dirty").startswith(commit)
                                                           and r["commit"].endswith("+dirty") == commit.endswith("+dirty"))]
    if not mine:
        made = sorted({r["commit"][:12] + (f" ({r['variant']})" if r.get("variant") else "") for r in everything})
        which = f" by the variant {variant!r}" if variant else ""
        raise SystemExit(f"{path}: no record of commit {commit[:20]}{which} (records of: {', '.join(made)[:200] or 'none'})")
    last: dict[tuple[str, str, int], dict] = {}
    for r in mine:
        last[(r["game"], r["against"], r["seed"])] = r
    print(f"records of commit {mine[-1]['commit']}" + (f", the strong player's variant: {variant}" if variant else ""))
    print(HEAD)
    pairs = sorted({(g, k) for g, k, _ in last}, key=lambda p: (p[0], KINDS.index(p[1]) if p[1] in KINDS else 9, p[1]))
    for g, k in pairs:
        recs = [r for (gg, kk, _), r in sorted(last.items()) if (gg, kk) == (g, k)]
        seeds = sorted(r["seed"] for r in recs)
        s = summary(g, k, [r["result"] for r in recs], [t for r in recs for t in r["times"]])
        gaps = "" if seeds == list(range(seeds[0], seeds[0] + len(seeds))) else "  (seeds not consecutive)"
        print(row(s) + f"  seeds {seeds[0]}-{seeds[-1]}{gaps}", flush=True)


def run(names: Iterable[str], kinds: Iterable[str], first: int, matches: int, record: Path | None,
        strong_of: Callable[[object], object], variant: str = "") -> None:
    """Play matches ``first`` to ``first + matches - 1`` of each game against each opponent kind,
    printing a row a pairing; with ``record``, append a line a match and skip those it holds for this
    code (and this ``variant`` of the strong player: ``""`` the player itself)."""
    commit = code_commit() if record else ""
    done = ({(r["game"], r["against"], r["seed"]) for r in read_records(record)
             if r["commit"] == commit and r.get("variant", "") == variant} if record else set())
    if variant:
        print(f"the strong player's variant: {variant}")
    print(HEAD)
    for name in names:
        game = load(name)
        strong = strong_of(game)
        for kind in kinds:
            results: list[float] = []
            times: list[float] = []
            for seed in range(first, first + matches):
                if (name, kind, seed) in done:
                    continue
                mine: list[float] = []
                result = one_match(game, seed, strong, opponent(game, kind, seed), mine)
                results.append(result)
                times += mine
                if record:
                    line = {"game": name, "against": kind, "seed": seed, "result": result,
                            "times": [round(t, 6) for t in mine], "commit": commit}
                    if variant:
                        line["variant"] = variant
                    with record.open("a") as f:
                        f.write(json.dumps(line) + "\n")
            if results:
                print(row(summary(name, kind, results, times)), flush=True)
            else:
                print(f"{name:<13} {kind:<9} every match already recorded", flush=True)


def main(doc: str, default_games: list[str], argv: list[str] | None = None, default_first: int = 0,
         variants: bool = False) -> None:
    """The command line shared by both scripts (``doc``: the script's docstring; ``variants``:
    whether it offers the strong player's variants, ``--sees``, ``--work`` and ``--solve-at``)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20, help="matches per pairing (the acceptance asks 1,000)")
    parser.add_argument("--first", type=int, default=default_first, help=f"the first match's seed (default {default_first})")
    parser.add_argument("--games", default="", help=f"registry entries, separated by commas (default: {','.join(default_games)})")
    parser.add_argument("--against", default="beginner,random", help="beginner, random, or both")
    parser.add_argument("--record", type=Path, help="append one JSON line a match to this file (matches it holds for this code are skipped)")
    parser.add_argument("--report", type=Path, help="print the table from this record file, play nothing")
    parser.add_argument("--commit", default=None, help="with --report: the code whose records to take (default: this checkout's)")
    if variants:
        parser.add_argument("--sees", choices=("all", "hand"), help="a variant: the strong player sees every card, or every hand (not the stock's order)")
        parser.add_argument("--work", type=int, help="a variant: the strong player's work a move (StrongPlayer.work; default 3000)")
        parser.add_argument("--solve-at", type=int, help="a variant: the hand size from which the solver values a sample (StrongPlayer.solve_at; the game's STRONG_SOLVE_AT by default)")
        parser.add_argument("--halve", choices=("yes", "no"), help="a variant: the samples' work spent by halves or not (StrongPlayer.halve; the game's STRONG_HALVE by default)")
        parser.add_argument("--variant", default="", help="with --report: the variant whose records to take, as its records name it (default: none)")
    args = parser.parse_args(argv)
    if args.report:
        report(args.report, args.commit, getattr(args, "variant", ""))
        return
    if args.matches < 1:
        parser.error(f"--matches must be at least 1, not {args.matches}")
    if args.first < 0:
        parser.error(f"--first must be at least 0, not {args.first}")
    names = [g for g in args.games.split(",") if g] or default_games
    unknown = [g for g in names if g not in GAMES]
    kinds = [k for k in args.against.split(",") if k]
    bad = unknown + [k for k in kinds if k not in KINDS]
    if bad:
        parser.error(f"unknown game or opponent: {', '.join(bad)[:60]}")
    sees, work, solve_at = getattr(args, "sees", None), getattr(args, "work", None), getattr(args, "solve_at", None)
    halve = getattr(args, "halve", None)
    if work is not None and work < 1:
        parser.error(f"--work must be at least 1, not {work}")
    if solve_at is not None and solve_at < 1:
        parser.error(f"--solve-at must be at least 1, not {solve_at}")
    variant = ", ".join(x for x in (f"sees {sees}" if sees else "", f"work {work}" if work is not None else "",
                                    f"solve at {solve_at}" if solve_at is not None else "",
                                    f"halve {halve}" if halve else "") if x)
    run(names, kinds, args.first, args.matches, args.record,
        lambda game: strong_variant(game, sees, work, solve_at, None if halve is None else halve == "yes"), variant)


class _SeeingView(SeatView):
    """A seat's view whose samples are the true deal (``sees="all"``), or the true deal with the
    stock shuffled (``"hand"``): more than the seat may know, for measuring what the player lacks."""

    __slots__ = ("sees",)

    def __init__(self, view: SeatView, sees: str):
        super().__init__(view._state, view.seat)
        self.sees = sees

    def sample(self, rng):
        deal = getattr(self._state, "deal", self._state)  # (a match's deal in play, or the deal itself)
        s = deal.clone()
        if self.sees == "hand":
            rng.shuffle(s.stock)
        return s


class _Seeing:
    """The strong player choosing from a :class:`_SeeingView` of its seat."""

    def __init__(self, player, sees: str):
        self.player, self.sees = player, sees

    def choose(self, view: SeatView):
        return self.player.choose(_SeeingView(view, self.sees))


def strong_variant(game, sees: str | None = None, work: int | None = None, solve_at: int | None = None,
                   halve: bool | None = None):
    """The game's strong player, or a variant of it (see the module's words): ``sees`` ``"all"`` or
    ``"hand"``, ``work`` its samples' work a move, ``solve_at`` the hand size from which the solver
    values a sample, ``halve`` whether the samples' work is spent by halves."""
    player = game.strong_bot()
    if work is not None:
        player.work = work
    if solve_at is not None:
        player.solve_at = solve_at
    if halve is not None:
        player.halve = halve
    return _Seeing(player, sees) if sees else player
