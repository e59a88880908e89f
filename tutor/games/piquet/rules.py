"""Piquet's rule options. Defaults follow Parlett's Piquet rules and Cavendish's Laws of Piquet (Rubicon game)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...options import Rules, option


@dataclass(frozen=True)
class PiquetRules(Rules):
    """Rubicon Piquet as Cavendish's laws have it, with the variants where sources disagree."""

    game: ClassVar[str] = "piquet"

    point_min_length: int = option(
        1,
        "Fewest cards a point may have. 1 means any suit may be declared as the point.",
        "Default: Cavendish Law 62 and Parlett's Piquet rules set no minimum (a point of three scores three). "
        "A higher minimum is a house rule with no published source behind it.",
        choices=(1, 2, 3, 4, 5),
    )
    point_by_pips: bool = option(
        False,
        "Decide the point by the pip total alone, not by the number of cards first.",
        "Default: Cavendish Law 62 and Parlett's Piquet rules (longest suit wins, pips only break a tie). Variant: "
        "the older reckoning of the point as the suit of highest value (Encyclopedia Americana, 'Piquet').",
    )
    younger_must_exchange: bool = option(
        True,
        "Younger must discard at least one card. Off: he may stand on the hand dealt to him.",
        "Default: Cavendish Law 22 and Parlett's Piquet rules. Variant: Cavendish, Laws of Piquet au Cent "
        "('The younger hand is not obliged to discard any card').",
    )
    cards_value: int = option(
        10,
        "Bonus for winning more than six tricks (the cards).",
        "Cavendish Law 66 and Parlett's Piquet rules: ten.",
    )
    capot_value: int = option(
        40,
        "Bonus for winning all twelve tricks (capot), instead of the bonus for the cards.",
        "Cavendish Law 66 and Parlett's Piquet rules: forty.",
    )
    partie: str = option(
        "six",
        "Length of the partie: six deals, or four deals with the first and last counting double.",
        "Default: Cavendish Law 71 and Parlett's Piquet rules (six deals). Variant: the note to Law 71 "
        "(four deals, first and last doubled; a tie is played off at single value).",
        choices=("six", "four"),
    )
    deal_in: int = option(
        2,
        "Deal the cards two or three at a time, the same way for the whole partie.",
        "Cavendish Law 9; Parlett's Piquet rules (by twos or by threes, never mixed).",
        choices=(2, 3),
    )
    carte_rouge: bool = option(
        False,
        "Score 40 for carte rouge: a hand in which every card is part of a combination scored.",
        "Continental extra, off by default: Parlett, The Penguin Book of Card Games, Piquet "
        "variations ('a bonus of 40 for carte rouge'). It is reckoned after the sets.",
    )
