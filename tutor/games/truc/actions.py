"""Le Truc's actions: small values whose ``str`` is the notation :func:`parse_action` reads back.

=================  =====================================================================
``keep``           at the call for cards (l'appel de cartes): play with these cards
``ask``            at the call for cards: ask for new cards (demander des cartes)
``play QS``        play a card (a bare ``QS`` is read the same way)
``double``         propose to double the deal's value (doubler), before one's own card
``banco``          propose banco: the points one lacks for the manche (the French rules of Le Truc, Manche);
                   in reply to a banco, the counter-banco
``accept``         accept the proposal on the table
``refuse``         refuse it: the proposer scores the value before it and the deal ends
=================  =====================================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from ...cards import Card, parse_card
from ...errors import IllegalActionError, shown


@dataclass(frozen=True)
class Keep:
    """Play with the cards held (the French rules of Le Truc: 'décide soit de jouer...')."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True)
class Ask:
    """Ask for new cards (the French rules of Le Truc: '...soit de demander de nouvelles cartes')."""

    def __str__(self) -> str:
        return "ask"


@dataclass(frozen=True)
class Play:
    """Play a card to the trick; suits do not matter and there is no need to follow (the French rules of Le Truc)."""

    card: Card

    def __post_init__(self) -> None:
        if type(self.card) is not Card:
            object.__setattr__(self, "card", parse_card(self.card))

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class Double:
    """Propose to double the value of the deal (the French rules of Le Truc, Enchères)."""

    def __str__(self) -> str:
        return "double"


@dataclass(frozen=True)
class Banco:
    """Propose banco: the deal to be worth what the proposer lacks for the manche (the French rules of Le Truc, Manche)."""

    def __str__(self) -> str:
        return "banco"


@dataclass(frozen=True)
class Accept:
    """Accept the double or banco proposed."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True)
class Refuse:
    """Refuse it: the proposer scores the value before it and the deal stops (the French rules of Le Truc, Enchères)."""

    def __str__(self) -> str:
        return "refuse"


Action = Keep | Ask | Play | Double | Banco | Accept | Refuse
ACTION_TYPES = (Keep, Ask, Play, Double, Banco, Accept, Refuse)

_WORDS: dict[str, Action] = {
    "keep": Keep(),
    "play on": Keep(),
    "play": Keep(),
    "ask": Ask(),
    "ask for cards": Ask(),
    "ask for new cards": Ask(),
    "new cards": Ask(),
    "double": Double(),
    "banco": Banco(),
    "accept": Accept(),
    "refuse": Refuse(),
}


def parse_action(text: str | Action) -> Action:
    """Read ``keep`` (or ``play on``), ``ask``, ``play QS`` (or ``QS``), ``double``, ``banco``,
    ``accept``, ``refuse``. An action value is returned as it is."""
    if isinstance(text, ACTION_TYPES):
        return text
    if not isinstance(text, str):
        raise IllegalActionError(f"an action is written as text, not {shown(text)}", token=shown(text), legal=tuple(_WORDS))
    low = " ".join(text.strip().lower().split())
    if low in _WORDS:
        return _WORDS[low]
    if low.startswith("play "):
        return Play(parse_card(text.strip().split(None, 1)[1]))
    if " " not in low and low:
        try:
            return Play(parse_card(text.strip()))
        except ValueError:
            pass
    raise IllegalActionError(
        f"cannot read action {text!r}: write keep, ask, play QS, double, banco, accept or refuse",
        token=text,
        legal=("keep", "ask", "play QS", "double", "banco", "accept", "refuse"),
    )
