"""Bezique's actions: the stock-and-tricks actions, read with Bezique's names for its combinations.

=====================================  ==========================================================
``play QS`` (or ``QS``)                play a card (either copy: ``QS`` means ``QS'`` if that is the
                                       one held)
``declare bezique QS JD``              declare after winning a trick, before drawing; the name may be
                                       left out when the cards make one combination only
``declare four kings KS KH KD KC +     lay down cards for several combinations: the first scores now,
marriage KS QS``                       the others are announced, to be scored on later tricks
``exchange 7H``                        exchange the seven of trumps for the turn-up
``declare seven of trumps 7H``         show the seven of trumps (option ``seven_of_trumps=exchange-or-declare``)
``draw``                               declare nothing (more): both draw, the winner first
``revoke QS``                          in the last eight, play a card the rules forbid: the last
                                       eight tricks are forfeited (the nineteenth-century Bezique account)
=====================================  ==========================================================
"""

from __future__ import annotations

from ..stock.actions import Action, Declare, Draw, Exchange, Play, Revoke
from ..stock.actions import parse_action as _parse
from .rules import BeziqueRules
from .state import ALIASES, spec_for

_NAMES = {k.key for k in spec_for(BeziqueRules()).melds.kinds} | {"seven of trumps"} | set(ALIASES)


def parse_action(text) -> Action:
    """Read a Bezique action (see the module docstring)."""
    return _parse(text, lambda name: " ".join(name.lower().replace("-", " ").split()) in _NAMES)


__all__ = ["Action", "Play", "Declare", "Exchange", "Draw", "Revoke", "parse_action"]
