"""Le Truc, the French two-handed game of bluff: the French rules of Le Truc (in French) is the authority.

Thirty-two cards ranked 7 8 A K Q J 10 9, suits of no account, three cards each; a call for new
cards; three tricks at most, two to win the deal, la pourrie for equal cards; doubling (le truc)
before any card, banco near the end of a manche of 12 points; a partie of two manches won.

>>> from tutor.games.truc import Truc
>>> truc = Truc()
>>> state = truc.deal(seed=1)
>>> state.phase.value, state.players[state.to_move]
('call', 'elder')
>>> str(state.legal_actions())
'keep ask'
"""

from __future__ import annotations

from collections.abc import Mapping

from ...errors import TutorError
from ..contract import Game, GameType, Report
from .actions import (
    Accept,
    Action,
    Ask,
    Banco,
    Double,
    Keep,
    Play,
    Refuse,
    parse_action,
)
from .bot import TrucBot, choose_action
from .exercises import TRUC
from .match import Partie, TrucManche
from .odds import ASSUMPTION, Odds, hand_odds, view_odds
from .rules import TrucRules
from .state import (
    DEALER,
    ELDER,
    NAMES,
    PLAYERS,
    RANK_ORDER,
    ROTTEN,
    STRENGTH,
    Deal,
    Phase,
    TrucDeal,
    credited,
    truc_sorted,
)


class Truc(Game):
    """The game object: rules fixed, deals, manches and parties made from it."""

    TYPE = GameType(
        name="truc",
        title="Le Truc",
        family="Truc",
        pack="piquet32",
        seats={2: ("elder", "dealer")},
        aliases=("le truc", "le-truc"),
        sources=("a French description of Le Truc (the traditional two-handed rules)",),
        summary="Two players, 32 cards ranked 7 8 A K Q J 10 9, three cards each, a call for new cards, "
                "three tricks at most, doubling and banco; a manche of 12 points, a partie of two manches.",
    )
    Rules = TrucRules
    EXERCISES = (TRUC,)

    def deal(self, seed: int | str | None = None, code: str | None = None, manche: tuple[int, int] = (0, 0)) -> TrucDeal:
        """One deal, by seed or by deal code; ``manche`` is (elder's, dealer's) points before it."""
        if code is not None:
            return TrucDeal(Deal.from_code(code), self.rules, manche)
        return TrucDeal.from_seed(0 if seed is None else seed, self.rules, manche)

    def from_cards(self, elder, dealer, stock=None, manche: tuple[int, int] = (0, 0)) -> TrucDeal:
        """One deal from explicit cards (see :meth:`Deal.from_cards`)."""
        return TrucDeal(Deal.from_cards(elder, dealer, stock), self.rules, manche)

    def replay(self, elder, dealer, actions, stock=None, manche: tuple[int, int] = (0, 0)) -> TrucDeal:
        """A deal from explicit cards with ``actions`` (notation) applied in order, each checked."""
        state = self.from_cards(elder, dealer, stock, manche)
        for action in actions:
            state.apply(action)
        return state

    def manche(self, seed: int | str = 0, first_dealer: int | str = "first") -> TrucManche:
        """A manche to 12 points, dealt through without pausing (the same as :meth:`match`)."""
        return self.match(seed, first_dealer=first_dealer)

    def partie(self, seed: int | str = 0, first_dealer: int | str = "first") -> Partie:
        """Manches until one player has won two (the French rules of Le Truc)."""
        return Partie(self, seed, first_dealer)

    def match(self, seed: int | str = 0, *, pause: bool = False, first_dealer: int | str = "first", standing: Mapping[str, int] | None = None, **kw) -> TrucManche:
        """A manche to 12 points (the French rules of Le Truc, Manche) as the contract's match; a partie of two
        manches is :meth:`partie`."""
        return TrucManche(self, seed, persons=NAMES, first_dealer=first_dealer, pause=pause, standing=standing)

    def beginner_bot(self) -> TrucBot:
        return TrucBot(0)

    def strong_bot(self):
        """The strong player: cards, calls, doubles and banco weighed over deals of the unseen
        cards, the play searched (:mod:`tutor.games.truc.strong`)."""
        from .strong import TrucStrong

        return TrucStrong()

    def describe_action(self, state, seat, action) -> str:
        return f"{seat.name.capitalize()}: {_words(action)}."

    def golden_deal(self, data) -> TrucDeal:
        d, m = data["deal"], data.get("manche", {"elder": 0, "dealer": 0})
        return TrucDeal(Deal.from_cards(d["elder"], d["dealer"], d.get("stock")), self.rules, (m["elder"], m["dealer"]))

    def golden_line(self, state) -> dict:
        return {**super().golden_line(state), "value": state.value, "tricks_won": list(state.tricks_won())}

    def cli_replay(self, *, seed=None, code=None, hands=None, actions=None, **extra) -> Report:
        if not hands:
            return super().cli_replay(seed=seed, code=code, actions=actions)
        if not actions or "elder" not in hands or "dealer" not in hands:
            raise TutorError("replay truc needs --elder, --dealer and --actions", token="truc")
        from ..contract import split_actions

        state = self.replay(hands["elder"], hands["dealer"], split_actions(actions))
        data = {"result": state.result(), "outcome": state.ending, "scores": state.scores(),
                "steps": state.explanation().to_json()}
        return Report(state.commentary(), data)

    @staticmethod
    def odds(hand, position: str = "elder") -> Odds:
        """Exact chances of a three-card hand from the first card (assumptions: odds.ASSUMPTION)."""
        return hand_odds(hand, position)


__all__ = [
    "Truc",
    "TrucRules",
    "TrucDeal",
    "Deal",
    "Phase",
    "TrucManche",
    "Partie",
    "Keep",
    "Ask",
    "Play",
    "Double",
    "Banco",
    "Accept",
    "Refuse",
    "Action",
    "parse_action",
    "TrucBot",
    "choose_action",
    "Odds",
    "ASSUMPTION",
    "hand_odds",
    "view_odds",
    "credited",
    "truc_sorted",
    "PLAYERS",
    "NAMES",
    "ELDER",
    "DEALER",
    "ROTTEN",
    "STRENGTH",
    "RANK_ORDER",
]

def _words(action) -> str:
    words = {"keep": "plays with these cards", "ask": "asks for new cards", "double": "says \"truc\" (doubles)",
             "banco": "says banco", "accept": "accepts", "refuse": "refuses"}
    text = str(action)
    if text.startswith("play "):
        return "plays " + text[5:]
    return words.get(text, text)


#: the game this package registers (read by tutor.games)
GAME = Truc
