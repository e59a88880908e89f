"""Bondtolva for four in partnerships (all the cards dealt, partners asking each other for
marriages): registered here, played by :mod:`tutor.games.bondtolva`."""

from ..bondtolva import Bondtolva4

#: the game this package registers (read by tutor.games)
GAME = Bondtolva4
