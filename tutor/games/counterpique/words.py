"""A Counterpique action in words (one line of a table's log), from the state before it."""

from __future__ import annotations

from ...explain import number_words
from ..piquet.combos import Combination, mask_of
from .actions import Action, Bid, Blank, Call, Exchange, Pass, Reply, Stand, Yes
from .state import Phase

__all__ = ["describe"]


def _subject(names, person: int) -> tuple[str, bool]:
    """How a sentence about ``person`` begins (``You``, ``The computer``, ``First``), and whether
    it is the reader addressed as "you"."""
    name = names[person]
    if name == "you":
        return "You", True
    return ("The computer" if name == "computer" else name.capitalize()), False


def describe(names, person: int, phase: Phase, kind: str | None, bid: Bid | None, action: Action) -> str:
    """The action in words, from the state before it: who did it, in which phase and class."""
    who, you = _subject(names, person)

    def says(third: str, base: str) -> str:  # "the computer plays", "you play"
        return base if you else third

    if isinstance(action, Blank):
        return f"{who} {says('proves', 'prove')} a blank: ten above the line."
    if isinstance(action, Bid):
        return f"{who}: “{action.name}” ({action.value})."
    if isinstance(action, Yes):
        return f"{who}: “yes”."
    if isinstance(action, Stand):
        return f"{who} {says('stands', 'stand')} at {bid.name}."  # type: ignore[union-attr]
    if isinstance(action, Exchange):
        n = len(action.discard)
        return f"{who} {says('draws', 'draw')} {number_words(n)} card{'s' if n != 1 else ''}."
    if isinstance(action, Reply):
        return f"{who}: “{action.answer}”."
    if isinstance(action, Call):
        assert kind is not None, "a call is made in a class of combination"
        return f"{who} {says('calls', 'call')} {Combination(kind, mask_of(action.cards)).call()}."
    if isinstance(action, Pass):
        if phase is Phase.BLANK:
            return f"{who} {says('keeps', 'keep')} the blank hidden."
        if phase is Phase.AUCTION:
            return f"{who}: “pass”."
        return f"{who} {says('has', 'have')} no more to call in the {kind}."
    return f"{who} {says('plays', 'play')} the {action.card.name}."
