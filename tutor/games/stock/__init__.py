"""The stock-and-tricks core shared by Bezique, Sixty-Six and their kin.

``plain``         the family's rules written plainly (lists of cards, one function a rule): the
                  reference the engine below is held to, position by position
``tricks``        card order, trick winner, the rules of play by stage (free, strict, follow trumps)
``declarations``  combinations as data (runs, sets of a rank, named cards), melds, the reuse rules
``actions``       play, declare, exchange, draw, close, claim, revoke, and their notation
``core``          the engine's public names: :class:`StockSpec` (a game as data), :class:`Dealt`,
                  :class:`StockState`; written in layers, one a module: ``spec``, ``values``,
                  ``position``, ``listing``, ``refusals``, ``doing``, ``state``
"""

from .actions import Claim, Close, Declare, Draw, Exchange, Play, Revoke, parse_action
from .core import Dealt, Phase, Stage, StockSpec, StockState, Trick
from .declarations import FOSTER_REUSE, Combination, Faces, Meld, MeldTable, Reuse, Run, Set, candidates, reuse_fault
from .tricks import FOLLOW_TRUMPS, FREE, STRICT, CardOrder, PlayRule, legal_plays, trick_winner, why_not_playable

__all__ = [
    "Claim", "Close", "Declare", "Draw", "Exchange", "Play", "Revoke", "parse_action",
    "Dealt", "Phase", "Stage", "StockSpec", "StockState", "Trick",
    "FOSTER_REUSE", "Combination", "Faces", "Meld", "MeldTable", "Reuse", "Run", "Set", "candidates", "reuse_fault",
    "FOLLOW_TRUMPS", "FREE", "STRICT", "CardOrder", "PlayRule", "legal_plays", "trick_winner", "why_not_playable",
]
