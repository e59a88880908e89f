"""The rule a refusal of the stock-and-tricks engine names, game by game.

The engine (:mod:`.core`) says in the family's terms why an action is refused; each game registers,
under its ``StockSpec.name``, the rule it applies for each kind of refusal, with its source and
section as a reader would find them, and :func:`law` adds it to the sentence (see
:func:`tutor.games.base.citing`). A game that registers no rule for a kind is refused without one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import overload

from ..base import citing

#: the kinds of refusal the engine gives; a game's table names the rule for each that can happen in it
KINDS = (
    "over", "draw", "close", "claim", "play_after_trick", "hold", "must_lead", "follow",
    "revoke", "exchange", "declare_end", "declare_when", "meld_name", "meld_cards", "meld_once",
    "alongside", "on_table", "announce_new",
)

LAWS: dict[str, Mapping[str, str]] = {}


def register(game: str, laws: Mapping[str, str]) -> None:
    unknown = set(laws) - set(KINDS)
    if unknown:
        raise ValueError(f"unknown kinds of refusal {sorted(unknown)} for {game}")
    LAWS[game] = dict(laws)


@overload
def law(game: str, kind: str, why: str) -> str: ...
@overload
def law(game: str, kind: str, why: None) -> None: ...
def law(game: str, kind: str, why: str | None) -> str | None:
    """``why`` with the rule ``game`` applies for refusals of ``kind``, if it names one."""
    if why is None:
        return None
    rule = LAWS.get(game, {}).get(kind)
    return citing(why, rule) if rule else why
