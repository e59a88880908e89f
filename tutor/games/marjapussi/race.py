"""The deals of Marjapussi as played, for the strong computer's race to exactly 10 (``DEALS``).

What each side took in 20,000 deals (seeds 100000 to 119999), the game's own computer (the
beginner) at every seat, counted by ``tutor.games.race.measure_sides(load("marjapussi"), 20000,
100000)`` on the code of commit c09da0d: for the side of the seat to lead first, then the other,
its game points (the marriages, 2 for the first and 1 for each later one; 1 for a majority of the
card points; 1 for the last trick) and whether it took a trick (a side that takes none goes back to
0), and how many deals gave them. :class:`tutor.games.race.ExactRace` takes them both ways round.
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
