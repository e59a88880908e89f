"""Le Truc's rule options. Defaults follow the French rules of Le Truc; each option says how it reads it.

The French rules of Le Truc are the authority for the redeal, the rotten tricks and banco. Where its French leaves a point open, the reading the tutor plays is the default of a
named option below, and the option's ``source`` quotes the words it rests on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...errors import RuleOptionError
from ...options import Rules, option


@dataclass(frozen=True)
class TrucRules(Rules):
    """Two-handed Le Truc as the French rules of Le Truc has it, with the readings of its unclear points named."""

    game: ClassVar[str] = "truc"

    new_cards: str = option(
        "pack",
        "How often the hands may be thrown in at the call for cards (l'appel de cartes): 'pack' as "
        "long as the pack lasts, 'once' for a single new pair of hands.",
        "Default: the French rules of Le Truc, 'Appel de cartes' (several redeals may follow in the same way; when the "
        "pack is used up before anyone agrees to play, it is shuffled again and the deal passes). "
        "Reading: thrown-in hands do not go back into the pack, so 32 cards give five pairs of hands; "
        "when both ask again with fewer than six cards left, the pack is used up: nobody scores, the "
        "cards are shuffled and the other player deals. Variant: pokerwiner.com 'Le Truc' (new cards "
        "may be asked for once only).",
        choices=("pack", "once"),
    )
    double_turns: str = option(
        "each card",
        "Who may propose to double (le truc, doubler) when: 'each card' lets each player propose at "
        "most once before each card he plays; 'alternate' adds that a player whose proposal was "
        "accepted may not propose again until his opponent has.",
        "Default: the French rules of Le Truc, 'Enchères' (a proposal to double may come before playing one's card, and "
        "both players may propose in the same trick, the leader before his card and the other before "
        "his): one proposal before each of one's own cards, and nothing stops the same player from "
        "doubling before two cards in a row. Variant: the stricter reading, in which the right to "
        "raise alternates.",
        choices=("each card", "alternate"),
    )
    counter_banco: str = option(
        "answer",
        "When the other player may announce his own banco: 'answer' in reply to a banco (instead of "
        "accepting; the first banco is then taken as accepted and the first player accepts or "
        "refuses the counter-banco), as well as before his own card; 'own turn' only before his own "
        "card, like any proposal.",
        "the French rules of Le Truc, 'Manche' (the other player may in his turn announce his own banco to reach 12 "
        "too, which only pays if he lacks more points). 'In his turn' may mean in reply (default) or "
        "at his own turn to play. In both readings a banco must raise the deal's value: a "
        "counter-banco is legal only if its player lacks more points than the first. A counter-banco "
        "refused gives its player the first banco's value, which his answer took as accepted "
        "(the French rules of Le Truc, 'Enchères': a refusal scores the value before the double).",
        choices=("answer", "own turn"),
    )
    manche_points: int = option(
        12,
        "Points that win a manche. A player whose double could carry him past them asks banco instead.",
        "the French rules of Le Truc, 'Manche': a manche is played to 12 points.",
        bounds=(2, 1000),
    )
    manches_to_win: int = option(
        2,
        "Manches that win the partie (two: the best of three).",
        "the French rules of Le Truc, 'Partie': two manches won take the partie.",
        choices=(1, 2, 3),
    )

    def __post_init__(self) -> None:
        if self.manche_points < 2:
            raise RuleOptionError(
                f"truc option manche_points takes a whole number of at least 2, not {self.manche_points!r}",
                token=self.manche_points,
            )
