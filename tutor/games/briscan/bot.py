"""Briscan's computer player: Sixty-Six's (:class:`~tutor.games.sixtysix.SixtySixBot`), which
exchanges the seven of trumps, declares the combination worth most and solves the last five tricks,
with what Briscan's many declarations ask of it while the stock lasts: it keeps the cards of the
combinations in its hand (sequences, quartets in the making, marriages) out of its leads, and when it
holds a combination not yet declared it takes the trick if it can, to be on lead and declare it. It
decides from its seat's view alone (its hand, the declarations shown, the tricks played)."""

from __future__ import annotations

from ...cards import Card, Suit, parse_card
from ..sixtysix import SixtySixBot
from ..stock.actions import Declare, Exchange, Play
from ..stock.core import Stage
from ..stock.declarations import candidates

_SUITS = {s.noun: s for s in Suit}


class BriscanBot(SixtySixBot):
    """See the module docstring."""

    def choose(self, seat):
        view = seat.view()
        legal = list(seat.legal_actions())
        if view["stage"] != Stage.STOCK.value or not any(isinstance(a, Play) for a in legal):
            return super().choose(seat)
        if any(isinstance(a, (Declare, Exchange)) for a in legal):
            return super().choose(seat)
        trump = _SUITS.get(view["trumps"])
        hand = list(view["hand"])
        me = view["player"]
        shown = {(name, cards) for who, name, cards, _ in view["declared"] if who == me}
        keep, pending = self._combinations(hand, trump, shown)
        plays = [a.card for a in legal if isinstance(a, Play)]
        trick = [parse_card(c) for _, c in view["trick"]]
        order = self.spec.order
        if trick:
            led = trick[0]
            winners = [c for c in plays if order.beats(c, led, trump)]
            if pending and winners:  # take the lead to declare what is waiting
                return Play(min(winners, key=lambda c: (c in keep, c.suit is trump, _worth(c))))
            return super().choose(seat)
        spare = [c for c in plays if c not in keep] or plays
        plain = [c for c in spare if c.suit is not trump] or spare
        return Play(min(plain, key=lambda c: (_worth(c), order.power[c.rank])))

    def _combinations(self, hand: list[Card], trump: Suit | None, shown: set) -> tuple[set[Card], bool]:
        """The cards of the combinations in ``hand`` (and whether one of them is not yet declared)."""
        keep: set[Card] = set()
        pending = False
        melds = self.spec.melds
        for kind in melds.screen.possible(hand, trump):
            for cards in candidates(kind, hand, trump, lambda c: False, []):
                keep.update(cards)
                faces = " ".join(map(str, sorted(cards, key=self.spec.sort_index.__getitem__)))
                if (kind.key, faces) not in shown:
                    pending = True
        return keep, pending


def _worth(card: Card) -> int:
    from .state import POINTS

    return POINTS.get(card.rank, 0)
