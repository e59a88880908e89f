"""An interactive rules tutor for Piquet and the classic two-handed card games.

Cards (:mod:`tutor.cards`) know nothing of games; each game (:mod:`tutor.games`) deals, lists
legal actions, applies them and explains every point it scores (:mod:`tutor.explain`); the
panels and the book only call that public API.
"""

from .cards import PACKS, Card, Hand, Pack, Rank, Suit
from .errors import IllegalActionError, NotationError, RuleOptionError, TutorError, UnknownGameError
from .games import load

__version__ = "0.1.0"

__all__ = [
    "Card",
    "Hand",
    "Pack",
    "PACKS",
    "Rank",
    "Suit",
    "load",
    "TutorError",
    "NotationError",
    "IllegalActionError",
    "RuleOptionError",
    "UnknownGameError",
]
