"""Bezique's rule options. Defaults follow the nineteenth-century Bezique account; where sources differ, the tutor picks a default and names the other readings.

Sources: the nineteenth-century Bezique account (an old English description, partly garbled); Foster's *Complete Hoyle* (1897),
"Bézique"; the *Encyclopaedia Britannica* (1911), "Bezique"; Hoffmann, *Hoyle's Games
Modernized* (1909), "Bézique".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...options import Rules, option


@dataclass(frozen=True)
class BeziqueRules(Rules):
    """Two-handed Bezique with 64 cards, with the variants where the sources disagree."""

    game: ClassVar[str] = "bezique"

    last_trick: str = option(
        "twenty-fourth",
        "Which trick scores 10 as 'the last trick': the one before the last eight (the twenty-fourth), "
        "or the very last (the thirty-second).",
        "Default: the nineteenth-century Bezique account (the twenty-fourth, before the last eight). Variant: Enquire "
        "Within upon Everything, Bezique rule viii, which makes the thirty-second the last trick and "
        "calls the choice one to agree on beforehand.",
        choices=("twenty-fourth", "thirty-second"),
    )
    seven_of_trumps: str = option(
        "exchange-or-play",
        "How the seven of trumps scores 10: when exchanged for the turn-up, and when played to a trick "
        "before the last eight; or when exchanged, or declared (shown) after winning a trick.",
        "Default: the nineteenth-century Bezique account (ten whenever it is played outside the last eight). Variant: "
        "Hoffmann 1909 and Foster's Hoyle (ten when turned up by the dealer or declared by a player).",
        choices=("exchange-or-play", "exchange-or-declare"),
    )
    game_points: int = option(
        1000,
        "Points that win the game (over as many deals as it takes).",
        "Default: the nineteenth-century Bezique account and Hoffmann 1909 (a thousand up). Variant: 2000, the target the Encyclopaedia "
        "Britannica (9th edition, 'Bezique') gives for the three-handed game.",
        choices=(1000, 2000),
        bounds=(100, 100_000),
    )
    bezique_cards: str = option(
        "fixed",
        "Which cards make bezique: always the queen of spades and the knave of diamonds ('fixed'), or, "
        "when spades or diamonds are trumps, the queen of clubs and the knave of hearts ('by-trumps').",
        "Default: the nineteenth-century Bezique account, Foster's Hoyle (queen of spades and knave of diamonds). "
        "Variant: the New International Encyclopedia, 'Bezique' (with spades or diamonds trumps, the "
        "pair becomes the queen of clubs and the knave of hearts).",
        choices=("fixed", "by-trumps"),
    )
    trumps: str = option(
        "turn-up",
        "How trumps are fixed: by the card turned up after the deal, or by the first marriage (or "
        "sequence) declared, which then scores as royal; with no turn-up the seven of trumps scores nothing.",
        "Default: the nineteenth-century Bezique account, Foster's Hoyle, Hoffmann 1909 (the seventeenth card turned up). Variant: "
        "Britannica 1911 (sometimes the first marriage or sequence fixes trumps, and the seven then "
        "scores nothing).",
        choices=("turn-up", "first-marriage"),
    )
    brisques_first: str = option(
        "last-trick",
        "At the end of a deal, who counts his brisques first (it decides the game when both would reach "
        "the winning score): the winner of the final trick (the thirty-second), or elder (the non-dealer).",
        "Default: the nineteenth-century Bezique account (the winner of the thirty-second trick counts first). Variant: Enquire Within "
        "upon Everything, Bezique rule x (the non-dealer counts his aces and tens first).",
        choices=("last-trick", "elder"),
    )
