"""The actions of the stock-and-tricks games: small values whose ``str`` is the notation read back.

=============================  ===================================================================
``play QS`` (or ``QS``)        play a card to the trick
``declare bezique QS JD``      declare a combination by name and cards (the name may be left out
                               when the cards make only one combination: ``declare QS JD``)
``declare bezique QS JD +      lay down cards for several combinations at once: the first scores
marriage KS QS``               now, the others are announced and scored on later tricks
``exchange 7H``                exchange the card named (Bezique's seven of trumps, Sixty-Six's
                               lowest trump) for the turn-up
``draw``                       declare nothing (more): the players draw from the stock
``close``                      close the stock (Sixty-Six): no more drawing, strict play
``claim``                      claim to have reached the target (Sixty-Six's 66, Tute's 101)
``revoke QS``                  play a card the strict rules forbid, taking the penalty (Bezique:
                               the last eight tricks are forfeited)
``younger: exchange 7H``       an action by a player who is not to move, where the rules let him
                               act out of turn (Chouine's and Briscan's seven of trumps)
=============================  ===================================================================
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, cast

from ...cards import Card, parse_card, parse_cards
from ...errors import IllegalActionError, NotationError, shown


def _cards(value) -> tuple[Card, ...]:
    if isinstance(value, str) or not all(type(c) is Card for c in value):
        return tuple(parse_cards(value))
    return tuple(value)


@dataclass(frozen=True)
class Play:
    card: Card

    def __post_init__(self) -> None:
        if type(self.card) is not Card:
            object.__setattr__(self, "card", parse_card(self.card))

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class Declare:
    """Declare ``kind`` with ``cards``; ``also`` announces further (kind, cards) to score later.

    ``kind`` may be empty when read from notation without a name: the state then names it from
    the cards (and says so if they make none, or several).
    """

    kind: str
    cards: tuple[Card, ...]
    also: tuple[tuple[str, tuple[Card, ...]], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _cards(self.cards))
        object.__setattr__(self, "also", tuple((k, _cards(cs)) for k, cs in self.also))

    def melds(self) -> list[tuple[str, tuple[Card, ...]]]:
        return [(self.kind, self.cards), *self.also]

    def __str__(self) -> str:
        parts = [f"{k} {' '.join(map(str, cs))}".strip() for k, cs in self.melds()]
        return "declare " + " + ".join(parts)


@dataclass(frozen=True)
class Exchange:
    """Exchange ``card`` (the seven of trumps in Bezique) for the turn-up."""

    card: Card

    def __post_init__(self) -> None:
        if type(self.card) is not Card:
            object.__setattr__(self, "card", parse_card(self.card))

    def __str__(self) -> str:
        return f"exchange {self.card}"


@dataclass(frozen=True)
class Draw:
    """Declare nothing more: the winner of the trick draws, then the others."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Close:
    """Close the stock: no more drawing; the rules of the end of the deal apply at once."""

    #: a close decides the deal later, never ends it at once (the strong player's rule of thumb
    #: need not try it on a copy: tutor.games.strong.fast_choice)
    never_ends_deal: ClassVar[bool] = True

    def __str__(self) -> str:
        return "close"


@dataclass(frozen=True)
class Claim:
    """Claim to have reached the target score: the deal stops and the claim is checked."""

    def __str__(self) -> str:
        return "claim"


@dataclass(frozen=True)
class Revoke:
    """Play ``card`` though the strict rules forbid it, and take the penalty the game sets."""

    card: Card

    def __post_init__(self) -> None:
        if type(self.card) is not Card:
            object.__setattr__(self, "card", parse_card(self.card))

    def __str__(self) -> str:
        return f"revoke {self.card}"


@dataclass(frozen=True)
class Aside:
    """``action`` made by ``seat`` (a seat's name), who is not the player to move: what the rules
    let a player do out of turn (the exchange of the seven of trumps 'at any time')."""

    seat: str
    action: Play | Declare | Exchange | Draw | Close | Claim | Revoke

    def __str__(self) -> str:
        return f"{self.seat}: {self.action}"


Action = Play | Declare | Exchange | Draw | Close | Claim | Revoke | Aside
ACTION_TYPES = (Play, Declare, Exchange, Draw, Close, Claim, Revoke, Aside)
_WORDS: dict[str, Action] = {"draw": Draw(), "pass": Draw(), "close": Close(), "claim": Claim()}
USAGE = "play QS, declare [name] CARDS [+ name CARDS], exchange 7H, draw, close, claim or revoke QS"


def _split_meld(text: str, is_kind: Callable[[str], bool]) -> tuple[str, tuple[Card, ...]]:
    """``royal marriage KH QH`` -> ("royal marriage", (KH, QH)); a name is any leading words."""
    words = text.split()
    i = 0
    while i < len(words):
        try:
            parse_card(words[i])
            break
        except NotationError:
            i += 1
    name = " ".join(words[:i]).lower()
    if name and not is_kind(name):
        raise IllegalActionError(f"there is no combination called {name!r} in this game", token=name)
    return name, tuple(parse_cards(" ".join(words[i:])))


def parse_action(text, is_kind: Callable[[str], bool] = lambda name: True) -> Action:
    """Read an action from its notation (see the module docstring); action values pass through."""
    if isinstance(text, ACTION_TYPES):
        return cast(Action, text)
    if not isinstance(text, str):
        raise IllegalActionError(f"an action is written as text, not {shown(text)}", token=shown(text), legal=(USAGE,))
    t = " ".join(text.strip().split())
    if ":" in t:  # "younger: exchange 7H", an action out of turn
        seat, _, rest = t.partition(":")
        inner = parse_action(rest, is_kind)
        if not seat.strip() or type(inner) is Aside:
            raise IllegalActionError(f"cannot read action {text[:40]!r}: write SEAT: ACTION, e.g. younger: exchange 7H", token=text[:40])
        return Aside(seat.strip().lower(), inner)  # type: ignore[arg-type]
    low = t.lower()
    if low in _WORDS:
        return _WORDS[low]
    word, _, rest = t.partition(" ")
    word = word.lower()
    if word == "play" and rest:
        return Play(parse_card(rest))
    if word == "revoke" and rest:
        return Revoke(parse_card(rest))
    if word == "exchange" and rest:
        return Exchange(parse_card(rest))
    if word == "declare" and rest:
        parts = [_split_meld(p, is_kind) for p in rest.split("+")]
        if any(not cs for _, cs in parts):
            raise IllegalActionError(f"name the cards declared in {text!r}, e.g. declare bezique QS JD", token=text)
        return Declare(parts[0][0], parts[0][1], tuple(parts[1:]))
    if " " not in t and t:
        try:
            return Play(parse_card(t))
        except NotationError:
            pass
    raise IllegalActionError(f"cannot read action {text!r}: write {USAGE}", token=text, legal=(USAGE,))
