"""Chouine: the computer's record over 1,000 games, and deals a second (run: python
tests/benchmarks/bench_chouine.py). Prints, never asserts.

The computer (``game.bot()``, Sixty-Six's computer that declares a chouine whenever it holds one and
takes a trick rather than throw an ace or ten) plays whole games against a player who picks a legal
action at random, and against Sixty-Six's computer unchanged (the same declarations, the same
play). Each sits first in half of the games. A "game" is what the option ``match`` says: the rubber
(the best of three games of five deals) by default; the record is also given for single games and
for single deals.
"""

from __future__ import annotations

import sys

from record import play_match, play_out, random_deals_rate, seat_of  # beside this script

from tutor.games import load
from tutor.games.contract import RandomPlayer
from tutor.games.sixtysix import SixtySixBot


def _sixtysix(game):
    return SixtySixBot(game.Deal.spec_of(game.rules), last_trick=game.Deal.LAST_TRICK)


OPPONENTS = {"a random player": lambda game, seed: RandomPlayer(seed), "Sixty-Six's computer": lambda game, seed: _sixtysix(game)}


def matches(n: int, label: str, match: str = "rubber") -> None:
    game = load("chouine", match=match)
    bot, won, deals = game.bot(), 0, 0
    for seed in range(n):
        m = game.match(seed)
        other = OPPONENTS[label](game, seed)
        me = seat_of(seed)
        play_match(m, bot, other, me)
        won += m.outcome().winner == me
        deals += len(m.records)
    noun = "rubbers" if match == "rubber" else "games of five deals"
    print(f"chouine, {n} {noun} against {label}: the computer won {won} ({won / n:.1%}); {deals} deals")


def deals(n: int, label: str) -> None:
    game = load("chouine")
    bot, won, lost = game.bot(), 0, 0
    for seed in range(n):
        s = game.deal(seed=seed)
        other = OPPONENTS[label](game, seed)
        me = seed % 2
        play_out(s, bot, other, lambda s, me=me: s.to_move == me)
        winner = s.ending["winner"]
        won += winner == s.players[me]
        lost += winner is not None and winner != s.players[me]
    print(f"chouine, {n} single deals against {label}: the computer won {won}, lost {lost}, {n - won - lost} annulled")


def speed(n: int = 500) -> None:
    print(f"chouine: complete random deals a CPU second (checked apply, never a claim; median (min-max) of 5 rounds): {random_deals_rate(load('chouine'), n):,.0f}")


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    for who in OPPONENTS:
        matches(n, who)
    matches(n, "a random player", match="game")
    deals(n, "a random player")
    speed()
