"""Chouine's rule options. The defaults are David Parlett's *Penguin Book of Card Games* where it
speaks (the table of declarations, the quinte of 50, games of five deals and rubbers of three games)
and pagat.com's Chouine (John McLeod, after Jacques Proust's *Règle du jeu de la Chouine*) for
everything the book leaves out (the deal, the exchange, the rules of play, how a deal is won).

Sources, as a reader finds them: David Parlett, *The Penguin Book of Card Games* (Chouine, among
the games of the Mariage family); pagat.com, "Chouine"; Parlett's "variety of Sixty-Six" for the
strict play of Sixty-Six as an option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...options import Rules, option

PARLETT = "David Parlett, The Penguin Book of Card Games, Chouine"
PAGAT = "pagat.com, Chouine (after J. Proust, Règle du jeu de la Chouine)"


@dataclass(frozen=True)
class ChouineRules(Rules):
    """Two-handed Chouine with thirty-two cards."""

    game: ClassVar[str] = "chouine"

    quinte: int = option(
        50,
        "What the quinte (five brisques, aces and tens, in hand) scores.",
        f"Default: {PARLETT} (the cinquante scores 50). Variant: {PAGAT} (100).",
        choices=(50, 100),
    )
    deal_won_by: str = option(
        "higher",
        "How a deal is won: by the higher total when the cards are played out, or by the first to reach 101.",
        f"Default: {PAGAT} (the higher total of cards, last trick and declarations wins the deal; equal totals "
        f"annul it). Variant: {PARLETT}, whose 'game is 101 points' is read here as the first to 101 winning the "
        "deal at once (the book's 101 cannot be squared with its own 'best of five deals'; this reading is the "
        "tutor's, not a source's).",
        choices=("higher", "101"),
    )
    strict_play: str = option(
        "pagat",
        "What the second player must do once the stock is gone.",
        f"Default: {PAGAT} (follow suit; beat the card led only if it is a trump; with none of the suit, trump). "
        f"Variant: 'sixty-six', as {PARLETT} calls the game 'a variety of Sixty-Six' (follow and win the trick if "
        "able, else trump).",
        choices=("pagat", "sixty-six"),
    )
    exchange_any_time: bool = option(
        True,
        "Whether the seven of trumps may be exchanged at any moment before the lead to the eleventh trick, "
        "by a player who is not to move too (written 'younger: exchange 7H'), or only on his own turn to play.",
        f"Default: {PAGAT} (whoever holds the trump seven may take the turn-up with it whenever he likes, until the "
        "eleventh trick is led). Variant: only on the player's own turn, leading or following (the tutor's earlier reading).",
    )
    match: str = option(
        "rubber",
        "What is played: a rubber (two games won of three, each three deals won of five) or a single game.",
        f"Default: {PARLETT} (three deals won out of five make a game; two games out of three, a rubber); {PAGAT} "
        "the same: a manche of five parties, the game the best of three manches, the third called la belle). "
        "Variant: one game of five deals.",
        choices=("rubber", "game"),
    )
