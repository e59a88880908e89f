"""Counterpique's rule options. Defaults follow Parlett's Counterpique (David Parlett's Counterpique).

Parlett's text is the only source, so every option below is a point it leaves open: its ``doc``
says what it does, its ``source`` quotes the words it reads and why the default reads them so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...options import Rules, option


@dataclass(frozen=True)
class CounterpiqueRules(Rules):
    """Counterpique as Parlett's Counterpique has it, with a named choice wherever its text is open."""

    game: ClassVar[str] = "counterpique"

    younger_draws: str = option(
        "rest",
        "What Younger may draw from: 'rest' - any of the cards left in the talon, those Elder chose not to "
        "draw included; 'bid' - only as many as Elder's bid left him, the cards Elder did not draw staying "
        "out of play.",
        "Parlett's Counterpique, 'Drawing cards': Elder may take fewer cards than his bid, his score still "
        "reckoned on the bid, and Younger then chooses how many 'of the remaining cards' to take. "
        "Default 'rest': 'the remaining cards' are all that is left, and the proviso on Elder's score only "
        "matters if the cards he leaves can help Younger. 'bid' reads the cards as the bid's share: what Elder "
        "does not draw is dead.",
        choices=("rest", "bid"),
    )
    deal_in: int = option(
        2,
        "Deal the cards two or three at a time, the first batch to the non-dealer.",
        "Parlett's Counterpique, 'More about dealing': twelve each, by twos or threes, the non-dealer served first.",
        choices=(2, 3),
    )
    play_out: bool = option(
        False,
        "Play all twelve tricks even after Elder has made his contract (off: play stops there).",
        "Parlett's Counterpique, 'Play': since overtricks score nothing, play may stop once Elder has his contract. "
        "Default: it stops. Parlett's 'may' leaves playing on open, and then later tricks still "
        "count towards a pique ('Pique, repique').",
    )
    pique_race: str = option(
        "clean",
        "What stops a pique: 'clean' - the opponent has counted anything, his combinations or one for "
        "a trick won; 'combinations' - only his combinations (or blank) do, his tricks do not.",
        "Parlett's Counterpique, 'Pique, repique': thirty reached by combinations plus one a trick won, before the "
        "opponent has scored, earns 30 more; Parlett adds that the point for leading is why only "
        "Elder can pique in the parent game. Default 'clean': the point for leading stops Younger's pique only if points "
        "counted in play stop a pique, as in Piquet (Parlett's Piquet rules; Cavendish Law 69), so the opponent's "
        "tricks count as his score in the race. 'combinations' reads 'scored' as scored on the pad.",
        choices=("clean", "combinations"),
    )
    pique_tricks: str = option(
        "younger",
        "Whose pique adds the tricks taken to reach 30 to the bonus: Younger's only, or both players'.",
        "Parlett's Counterpique, 'Score': a pique by Younger scores, above the line, the bonus plus the tricks he "
        "needed to get to thirty. Default: as written, Younger's only (Elder's "
        "tricks already score below the line when his contract makes). 'both' extends it to Elder.",
        choices=("younger", "both"),
    )
    pique_last_trick: int = option(
        2,
        "What the last trick counts towards a pique: 2 (it counts double, as everywhere) or 1.",
        "Parlett's Counterpique, 'Preliminaries': the last of the twelve tricks counts as two, thirteen in all; "
        "'Pique, repique' speaks only of one a trick. Default: the general "
        "rule, 2; 1 reads the pique clause on its own.",
        choices=(2, 1),
    )
    misere_elder: str = option(
        "non-dealer",
        "Who is Elder, and leads, in a misère (both passed, so nobody won the auction).",
        "Parlett's Counterpique, 'Misère': Elder leads first, but nobody won the auction to be Elder; 'Deal' refers "
        "to the parent game, where the non-dealer is Elder (Parlett's Piquet rules). Default: the non-dealer.",
        choices=("non-dealer", "dealer"),
    )
    whitewash: str = option(
        "below",
        "When the rubber's loser 'failed to make any score' in a game: nothing below the line in that "
        "game ('below'), or nothing at all, above or below, in that game's deals ('any').",
        "Parlett's Counterpique, 'Game': 100 more for each game in which the loser scored nothing. Default 'below': a game is what is scored below its line ('a new line is drawn'), as "
        "on the bridge pad Parlett names; 'any' counts combinations above the line too.",
        choices=("below", "any"),
    )
