"""The deals of Bondtolva for three as played, for the strong computer's race to 12 (``OWN3``, below)
and for a table of three equal players (``DEALS3``, the book's figures).

What each seat took in 20,000 deals (seeds 100000 to 119999), the game's own computer (the
beginner) at every seat, counted by ``tutor.games.race.measure(load("bondtolva3"), 20000, 100000)``
on the code of commit 667ae58: the points of the seat to play first, second and third (the dealer),
and how many deals gave them. A deal holds 1 for the last trick, 1 for the most matadors (none where
they and the eyes are equal) and the marriages shown (2 for the first, 1 for each later one).
:class:`tutor.games.race.Race` takes them in every order of the seats.
"""

from __future__ import annotations

DEALS3: dict[tuple[int, int, int], int] = {
    (0, 0, 1): 42, (0, 0, 2): 2133, (0, 0, 3): 19, (0, 0, 4): 1064, (0, 0, 5): 32, (0, 1, 0): 34, (0, 1, 1): 812,
    (0, 1, 2): 4, (0, 1, 3): 245, (0, 1, 4): 162, (0, 1, 5): 9, (0, 2, 0): 1965, (0, 2, 1): 4, (0, 2, 2): 393,
    (0, 2, 3): 42, (0, 2, 4): 5, (0, 3, 0): 16, (0, 3, 1): 226, (0, 3, 2): 32, (0, 3, 3): 1, (0, 4, 0): 1044,
    (0, 4, 1): 147, (0, 4, 2): 1, (0, 5, 0): 23, (0, 5, 1): 7, (1, 0, 0): 24, (1, 0, 1): 762, (1, 0, 2): 2,
    (1, 0, 3): 200, (1, 0, 4): 2, (1, 1, 0): 704, (1, 1, 2): 81, (1, 1, 3): 23, (1, 2, 0): 1, (1, 2, 1): 71,
    (1, 2, 2): 12, (1, 3, 0): 220, (1, 3, 1): 41, (1, 4, 0): 4, (1, 4, 1): 1, (2, 0, 0): 1825, (2, 0, 1): 7,
    (2, 0, 2): 620, (2, 0, 3): 120, (2, 0, 4): 3, (2, 1, 0): 7, (2, 1, 1): 232, (2, 1, 2): 240, (2, 1, 3): 31,
    (2, 2, 0): 544, (2, 2, 1): 194, (2, 2, 2): 16, (2, 3, 0): 116, (2, 3, 1): 39, (3, 0, 0): 33, (3, 0, 1): 633,
    (3, 0, 2): 148, (3, 0, 3): 8, (3, 1, 0): 532, (3, 1, 1): 437, (3, 1, 2): 41, (3, 2, 0): 125, (3, 2, 1): 41,
    (3, 2, 2): 5, (3, 3, 0): 6, (3, 3, 1): 4, (4, 0, 0): 1629, (4, 0, 1): 581, (4, 0, 2): 19, (4, 1, 0): 637,
    (4, 1, 1): 271, (4, 1, 2): 8, (4, 2, 0): 14, (4, 2, 1): 3, (5, 0, 0): 104, (5, 0, 1): 57, (5, 1, 0): 37,
    (5, 1, 1): 22, (6, 1, 0): 1,
}

#: the deals as the strong computer plays them against the game's own computer at the other two
#: seats: 1,200 deals (seeds 200000 to 201199, the strong player at the seat the seed gives modulo
#: 3), each as the strong player's points, then the other two's, the smaller first; counted by
#: ``measure(game, 1200, 200000, game.strong_bot())`` with ``game = load("bondtolva3")`` (a deal
#: alone: the strong player weighs it in points, so the race does not enter its own table)
OWN3: dict[tuple[int, int, int], int] = {
    (0, 0, 1): 4, (0, 0, 2): 124, (0, 0, 3): 6, (0, 0, 4): 120, (0, 0, 5): 3, (0, 1, 1): 25, (0, 1, 3): 45,
    (0, 1, 4): 18, (0, 1, 5): 3, (0, 2, 2): 22, (0, 2, 3): 6, (0, 2, 4): 2, (0, 3, 3): 1, (1, 0, 0): 3,
    (1, 0, 1): 100, (1, 0, 3): 40, (1, 0, 4): 29, (1, 1, 2): 26, (1, 1, 3): 28, (1, 1, 4): 13, (1, 2, 2): 8,
    (1, 2, 3): 4, (2, 0, 0): 207, (2, 0, 2): 67, (2, 0, 3): 14, (2, 0, 4): 5, (2, 1, 1): 5, (2, 1, 2): 20,
    (2, 1, 3): 5, (2, 2, 2): 1, (3, 0, 0): 2, (3, 0, 1): 51, (3, 0, 2): 17, (3, 0, 3): 1, (3, 1, 1): 11,
    (3, 1, 2): 6, (4, 0, 0): 114, (4, 0, 1): 25, (4, 0, 2): 1, (4, 1, 1): 7, (5, 0, 0): 7, (5, 0, 1): 4,
}
