"""The stock-and-tricks engine: a stock to draw from, a turn-up for trumps, declarations, two stages.

Bezique, Sixty-Six and their kin (Tausendeins, Mariage, Chouine, Briscan, Bondtolva, Marjapussi,
Tute, Gaigel) share one skeleton, described here as data (:class:`StockSpec`):

* the deal: a pack, hands dealt in packets, a turn-up for trumps (or none: trumps made by the first
  marriage), the rest face down as the stock;
* two stages with their own rules of play (:class:`~tutor.games.stock.tricks.PlayRule`): while
  the stock lasts, and once it is exhausted or closed;
* the winner of a trick draws first, the others after him; the turn-up is drawn last;
* declarations (:mod:`~tutor.games.stock.declarations`): when they may be made (by the winner of a
  trick before drawing, or by a player on lead, who then leads one of the cards), how many a
  trick, whether the cards are laid on the table, how cards may be reused;
* the trump exchange (a low trump for the turn-up), closing the stock, claiming a target score;
* partnerships: ``teams`` gives each seat its side, and scores go to sides.

:class:`StockState` runs a deal by these data; a game subclasses it for what is its own (Bezique:
the seven of trumps, the last trick, brisques, the revoke forfeit; Sixty-Six: game points and
claims) through a handful of hooks (``_after_deal``, ``_on_play``, ``_on_trick``, ``_on_exchange``,
``_on_stock_exhausted``, ``_finish_deal``, ``_on_revoke``, ``_on_close``, ``_on_claim``).

Phases: ``lead`` (a player to lead; on-lead declarations, exchange, close, claim), ``follow`` (the
others play to the trick), ``declare`` (the trick's winner may declare before drawing), ``over``.

The engine is written in layers, one job a module, each a class the next one extends:

``spec``       :class:`StockSpec`, :class:`Dealt`, :class:`Trick`, :class:`Phase`, :class:`Stage`, :class:`When`
``values``     values made once or without checks (the play of each card, melds, tricks), a state's copy
``position``   the cards where they are, the stage, the scores, and the games' hooks
``listing``    the legal actions, in their fixed order
``refusals``   why an action is refused, naming the rule
``doing``      what each action does
``state``      :class:`StockState`: the contract's questions, applying, views, copies
"""

from __future__ import annotations

from .spec import Dealt, Phase, Stage, StockSpec, Trick, When
from .state import StockState

__all__ = ["StockSpec", "Dealt", "Phase", "Stage", "When", "StockState", "Trick"]
