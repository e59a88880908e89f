"""The stock-and-tricks family's rules written plainly, to hold the engine to.

The engine (:mod:`tutor.games.stock.core`) is written for speed: actions listed once a position,
the game's hooks skipped where a game keeps the family's rules, combinations screened before they
are looked for. These modules say the same rules the short way, straight from a game's spec (its
pack, its order of cards, its stages' rules of play, its table of declarations, when it declares
and exchanges, whether it closes or claims) and, for what a game adds, from its own plain rules:
lists of cards, nothing kept, one function a rule.

``position``   a position: hands, tables, stock, trick, declarations, scores as events
``rules``      the play of the cards, the moments, the legal actions
``declaring``  declarations: the combinations held, the reuse of cards, announcements, refusals
``refusing``   why an action is refused: the kind of rule, and the rule's words the refusal quotes
``doing``      what each action does
``games``      :class:`Game`, the family's rules as they stand, and :func:`game_for`
``sixtysix``   Sixty-Six, Old Mariage, Schnapsen and Mariage; ``bezique``: Bezique
``kin``        Tausendeins, Chouine and Briscan; ``tute``: Tute; ``gaigel``: Gaigel (four and three)
``bondtolva``  Bondtolva (two, three, four) and the partners' questions; ``marjapussi``: Marjapussi
``compare``    the engine and the plain rules asked the same questions, position by position
"""

from .doing import apply
from .games import Game, game_for
from .position import Position
from .refusing import why_not
from .rules import Refusal, legal

__all__ = ["Game", "Position", "Refusal", "apply", "game_for", "legal", "why_not"]
