"""The deals of Marjapussi as played, for the strong computer's race to exactly 10 (``DEALS``; with
the 32-card pack, ``DEALS_32``).

What each side took in 20,000 deals (seeds 100000 to 119999), the game's own computer (the
beginner) at every seat, counted by ``tutor.games.race.measure_sides(load("marjapussi"), 20000,
100000)`` on the code of commit c09da0d: for the side of the seat to lead first, then the other,
its game points (the marriages, 2 for the first and 1 for each later one; 1 for a majority of the
card points; 1 for the last trick) and whether it took a trick (a side that takes none goes back to
0), and how many deals gave them. :class:`tutor.games.race.ExactRace` takes them both ways round.

``DEALS_32``: the same with the 32-card pack (ace to seven), counted by
``measure_sides(load("marjapussi", pack="32"), 20000, 100000)`` on the code of commit 4f9313a (the
beginner's play unchanged since c09da0d).
"""

from __future__ import annotations

DEALS: dict[tuple[tuple[int, bool], tuple[int, bool]], int] = {
    ((0, False), (2, True)): 16, ((0, False), (4, True)): 63, ((0, False), (5, True)): 2,
    ((0, True), (1, True)): 53, ((0, True), (2, True)): 1944, ((0, True), (3, True)): 48,
    ((0, True), (4, True)): 3313, ((0, True), (5, True)): 193, ((0, True), (6, True)): 5,
    ((1, True), (0, True)): 52, ((1, True), (1, True)): 1056, ((1, True), (2, True)): 26,
    ((1, True), (3, True)): 1082, ((1, True), (4, True)): 420, ((1, True), (5, True)): 20,
    ((2, True), (0, False)): 15, ((2, True), (0, True)): 1886, ((2, True), (1, True)): 40,
    ((2, True), (2, True)): 1604, ((2, True), (3, True)): 317, ((2, True), (4, True)): 22,
    ((3, True), (0, True)): 76, ((3, True), (1, True)): 1586, ((3, True), (2, True)): 454,
    ((3, True), (3, True)): 39, ((4, True), (0, False)): 94, ((4, True), (0, True)): 3883,
    ((4, True), (1, True)): 1214, ((4, True), (2, True)): 82, ((4, True), (3, True)): 2,
    ((5, True), (0, False)): 10, ((5, True), (0, True)): 287, ((5, True), (1, True)): 83,
    ((5, True), (2, True)): 4, ((6, True), (0, True)): 8, ((6, True), (1, True)): 1,
}

DEALS_32: dict[tuple[tuple[int, bool], tuple[int, bool]], int] = {
    ((0, False), (2, True)): 42, ((0, False), (4, True)): 115, ((0, False), (5, True)): 5,
    ((0, True), (1, True)): 56, ((0, True), (2, True)): 2287, ((0, True), (3, True)): 60,
    ((0, True), (4, True)): 3004, ((0, True), (5, True)): 149, ((0, True), (6, True)): 3,
    ((1, True), (0, True)): 50, ((1, True), (1, True)): 1270, ((1, True), (2, True)): 15,
    ((1, True), (3, True)): 911, ((1, True), (4, True)): 345, ((1, True), (5, True)): 17,
    ((2, True), (0, False)): 56, ((2, True), (0, True)): 2184, ((2, True), (1, True)): 44,
    ((2, True), (2, True)): 1550, ((2, True), (3, True)): 293, ((2, True), (4, True)): 32,
    ((3, True), (0, True)): 73, ((3, True), (1, True)): 1444, ((3, True), (2, True)): 374,
    ((3, True), (3, True)): 30, ((3, True), (4, True)): 1, ((4, True), (0, False)): 178,
    ((4, True), (0, True)): 3793, ((4, True), (1, True)): 1191, ((4, True), (2, True)): 52,
    ((4, True), (3, True)): 1, ((5, True), (0, False)): 8, ((5, True), (0, True)): 280,
    ((5, True), (1, True)): 75, ((5, True), (2, True)): 3, ((6, True), (0, True)): 8,
    ((6, True), (1, True)): 1,
}
