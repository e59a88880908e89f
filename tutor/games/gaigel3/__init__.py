"""Gaigel for three, each for himself: registered here, played by :mod:`tutor.games.gaigel`."""

from ..gaigel import Gaigel3

#: the game this package registers (read by tutor.games)
GAME = Gaigel3
