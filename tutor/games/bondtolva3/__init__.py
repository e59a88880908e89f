"""Bondtolva for three (all the cards dealt, each for himself): registered here, played by
:mod:`tutor.games.bondtolva`."""

from ..bondtolva import Bondtolva3

#: the game this package registers (read by tutor.games)
GAME = Bondtolva3
