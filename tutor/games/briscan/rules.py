"""Briscan's rule options. The defaults are David Parlett's account in *The Penguin Book of Card
Games* (a table of sequences by length and top card, quartets, marriages, carte rouge and carte
blanche, the feats of the deal, game 600); where the book is silent or contradicts itself the
tutor's choice is stated here and in the book, and the other readings are options with their sources.

Sources, as a reader finds them: David Parlett, *The Penguin Book of Card Games*, "Briscan";
Wikipedia, "Briscan" (after the rules of 1752 given by the Académie des jeux oubliés,
salondesjeux.fr); adpoker.fr, "La Brisque ou Mariage"; for what a court card is, the rules of
Piquet (carte blanche: no king, queen or jack).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...options import Rules, option

PARLETT = "David Parlett, The Penguin Book of Card Games, Briscan"
WIKI = "Wikipedia, 'Briscan' (after the Académie des jeux oubliés)"
ADPOKER = "adpoker.fr, 'La Brisque ou Mariage'"
PIQUET = "the rules of Piquet (carte blanche is a hand without king, queen or jack)"


@dataclass(frozen=True)
class BriscanRules(Rules):
    """Two-handed Briscan with 32 cards, five each."""

    game: ClassVar[str] = "briscan"

    tierce_to_nine: int = option(
        10,
        "What a tierce to the nine (9 8 7 of one suit) scores, doubled in trumps.",
        f"Default: {PARLETT} (its table: 10). Variant: {WIKI} (20).",
        choices=(10, 20),
    )
    turnup: str = option(
        "parlett",
        "What the dealer scores for the card turned up for trumps: 30 for an ace and 10 for a ten, king, "
        "queen or jack ('parlett'), or 10 for any of the five ('academie').",
        f"Default: {PARLETT} (ace 30, any other card higher than a nine 10). Variant: {WIKI} "
        "(10 to the dealer for an ace, ten or court card turned up).",
        choices=("parlett", "academie"),
    )
    last_tricks: str = option(
        "parlett",
        "How the end of the deal scores: 30 for winning all the last five tricks ('parlett'), or 10 for "
        "the last trick and 20 more for all the last five ('academie').",
        f"Default: {PARLETT} (the last five tricks 30; nothing for the last trick alone). Variant: {WIKI} "
        "(10 for the last trick, 20 more for the last five).",
        choices=("parlett", "academie"),
    )
    declare_after_trick: bool = option(
        True,
        "Whether a player must have taken a trick before he declares (on lead, before leading).",
        f"The book is silent on when declarations are made. Default: {WIKI} (only by the player on lead, "
        "once he has taken a trick). Variant: as at Sixty-Six's marriages, on any lead.",
    )
    exchange_any_time: bool = option(
        True,
        "Whether the seven of trumps may be exchanged at any moment while cards remain to be drawn, by either "
        "player, leading, following or out of turn (written 'younger: exchange 7H'), or only by the player on "
        "lead before he leads.",
        f"Default: {PARLETT} (the seven of trumps may be exchanged at any time before the stock is exhausted). "
        f"Variant: on one's own lead only (the tutor's earlier reading; {WIKI} adds only that it must be done "
        "before the play for the last two cards).",
    )
    ace_is: str = option(
        "numeral",
        "Whether the ace counts as a numeral (carte blanche: no king, queen or jack) or as a court "
        "(carte rouge: aces, kings, queens and jacks only).",
        f"{PARLETT} says 'courts' and 'numerals' without naming the ace. Default: {PIQUET}. Variant (no source "
        "gives it; offered to show what the reading changes): the ace counted with the courts.",
        choices=("numeral", "court"),
    )
    game_points: int = option(
        600,
        "Points that win the game (over as many deals as it takes).",
        f"{PARLETT}: game is 600 points; {WIKI} agrees.",
        choices=(600,),
    )
