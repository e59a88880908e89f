"""Gaigel (Württemberg; four in crosswise partnerships, 48 cards, play to the right): David Parlett's
*Penguin Book of Card Games* as far as its entry goes, pagat.com for the rest; the three-handed
form, each for himself, is registered as ``gaigel3``.

>>> from tutor.games import load
>>> s = load("gaigel").deal(seed=0)
>>> [len(s.hand(p)) for p in range(4)], len(s.stock) + 1, s.trump is not None
([5, 5, 5, 5], 28, True)
>>> sorted({str(a).split()[0] for a in s.legal_actions()})
['accuse', 'ge-elfen', 'tauchen', 'zweite-alte']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ...cards import Card, Rank, Suit
from ..contract import Game, GameType, Outcome
from ..match import Match, deal_seed
from ..stock.actions import Aside, Claim, Declare, Exchange, Play
from ..stock.tablebot import follow, lead
from .actions import Accuse, Open
from .exercises import OPENING
from .rules import PAGAT, PARLETT, GaigelRules
from .state import ORDER, POINTS, SEATS, SEATS3, SIDES, GaigelDeal

RULE_MATCH = f"{PAGAT}: the score is kept in tokens; the tutor's match goes to the side that first wins the game points set"
PERSONS = ("north", "east", "south", "west")


class GaigelMatch(Match):
    """Games of Gaigel until a side has won the game points set (a single game 1, a double 2)."""

    game: Gaigel
    deal: GaigelDeal
    NOUN = "match"
    END_RULE = RULE_MATCH

    @property
    def target(self) -> int:
        return self.game.rules.game_points

    def make_deal(self, n, dealer) -> GaigelDeal:
        return GaigelDeal.from_seed(deal_seed(self.seed, n), self.game.rules, self.game.PLAYERS)

    def credit(self, state) -> dict[str, int]:
        out = dict.fromkeys(self.scorers, 0)
        points = state.game_points()
        for seat in state.table:
            out[self.scorer_of(self.person(seat))] = points[state.table.side_name(seat)]
        return out

    def finished(self) -> Outcome | None:
        winner = self.first_to(self.target)
        if winner is None:
            return None
        st = self.standing()
        st_tied = [k for k, v in st.items() if v == st[winner]]
        if len(st_tied) > 1:  # equal at the top on the same deal: another deal decides
            return None
        return Outcome(winner, f"{self.persons.subject(winner, 'reaches', 'reach')} {st[winner]} game points: the match is won", st, "target")


class Gaigel(Game):
    """Gaigel for four in partnerships."""

    #: the first trick, opened by Ge-Elfen, Tauchen or Zweite Alte
    EXERCISES = (OPENING,)

    TYPE = GameType(
        name="gaigel",
        title="Gaigel",
        family="Sixty-Six",
        pack="gaigel48",
        seats={4: SEATS},
        sides={4: SIDES},
        direction=-1,
        sources=(f"{PARLETT} (after Claus D. Grupp, Schafkopf, Doppelkopf, 1976)", f"{PAGAT} (John McLeod, after Grupp)"),
        aliases=("kreuzgaigel",),
        summary="Four in crosswise partnerships with a doubled pack of 24 (A T K O U 7), playing to the right: five each "
                "and a talon, the first trick opened by Ge-Elfen, Tauchen or Zweite Alte, pairs once one's side has a "
                "trick, the seven of trumps for the indicator, and 'Aus!' at 101: a single or a double game.",
    )
    Rules = GaigelRules
    PLAYERS: ClassVar[int] = 4
    PERSONS: ClassVar[tuple[str, ...]] = PERSONS

    def deal(self, seed: int | str | None = None, code: str | None = None) -> GaigelDeal:
        if code is not None:
            return GaigelDeal.from_code(code, self.rules, self.PLAYERS)
        return GaigelDeal.from_seed(0 if seed is None else seed, self.rules, self.PLAYERS)

    def deal_cards(self, hands, turnup, stock) -> GaigelDeal:
        """A deal from explicit cards: the four hands in order of play (Vorhand first, the dealer
        last), the indicator, the talon top first (a second copy written with ``'``)."""
        return GaigelDeal.from_cards(hands, turnup, stock, self.rules, self.PLAYERS)

    def match(self, seed: int | str = 0, *, pause: bool = False, first_dealer: int | str | None = None,
              persons: tuple[str, ...] | None = None, standing: Mapping[str, int] | None = None, **kw: Any) -> GaigelMatch:
        names = persons if persons is not None else self.PERSONS
        first = first_dealer if first_dealer is not None else names[1]
        return GaigelMatch(self, seed, persons=names, first_dealer=first, players=self.PLAYERS, pause=pause, standing=standing)

    def beginner_bot(self) -> GaigelBot:
        return GaigelBot()

    def describe_action(self, state, seat, action) -> str:
        return f"{seat.name.capitalize()} {deed(state, state.parse_action(action))}"

    def golden_deal(self, data: Mapping[str, Any]) -> GaigelDeal:
        d = data["deal"]
        return self.deal_cards(d["hands"], d["turnup"], d["stock"])

    def golden_line(self, state) -> dict:
        out: dict[str, Any] = dict(state.scores())
        if state.is_over and state.ending:
            out["ending"] = f"{state.ending['winner']} {state.ending['game_points']}"
        return out


class Gaigel3(Gaigel):
    """Gaigel for three, each for himself."""

    TYPE = GameType(
        name="gaigel3", title="Gaigel for three", family="Sixty-Six", pack="gaigel48", seats={3: SEATS3}, direction=-1,
        sources=Gaigel.TYPE.sources, aliases=("gaigel-3",),
        summary="Gaigel for three, each for himself: five each and a talon of 33, the four-handed game's first trick, "
                "pairs, seven and 'Aus!' at 101; the first to the game points set wins.",
    )
    PLAYERS = 3
    PERSONS = ("first", "second", "third")


def deed(state: GaigelDeal, action) -> str:
    """What a player does, after his name, as the table hears it (a face-down card unnamed)."""
    if isinstance(action, Aside):  # the partner's 'Aus!', out of turn
        return deed(state, action.action)[:-1] + ", out of turn, for his side."
    if isinstance(action, Open):
        if action.face_down:
            return f"opens by {action.kind.replace('-', ' ').title()}: a card face down."
        return f"opens by {'Ge-Elfen' if action.kind == 'ge-elfen' else 'leading trumps'} with {action.card}."
    if isinstance(action, Play):
        if state.first_trick and state.opening is not None and state.opening.face_down:
            return "plays a card face down."
        return f"plays {action.card}."
    if isinstance(action, Declare):
        return f"shows the {action.kind} {' '.join(map(str, action.cards))} and plays one of them."
    if isinstance(action, Exchange):
        return f"exchanges {action.card} for the indicator."
    if isinstance(action, Claim):
        return "says 'Aus!'."
    if isinstance(action, Accuse):
        return "says the other side has played on with 101."
    return f"{action}."  # pragma: no cover


_SUITS = {s.noun: s for s in Suit}


def _value(card: Card) -> int:
    return POINTS.get(card.rank, 0)


class GaigelBot:
    """The computer at any seat of Gaigel, from its seat's view alone: it says 'Aus!' the moment its
    side has 101 (counted from the tricks and pairs on the table), accuses the other side when it saw
    them play on with 101, shows its pairs (trumps first) and takes the indicator with the seven;
    it opens with Ge-Elfen when it has a plain ace, else dives (Tauchen) with its best plain card; in
    play, the table's rules of thumb (:mod:`tutor.games.stock.tablebot`)."""

    def choose(self, seat):
        view = seat.view()
        legal = list(seat.legal_actions())
        mine = view["my_side"]
        others = [k for k in view["scores"] if k != mine]
        if view["scores"][mine] >= 101 and any(isinstance(a, Claim) for a in legal):
            return Claim()
        if any(k in view["played_on"] for k in others) and any(isinstance(a, Accuse) for a in legal):
            return Accuse()
        opens = [a for a in legal if isinstance(a, Open)]
        if opens:
            by_kind = {a.kind: a for a in opens}
            if "ge-elfen" in by_kind:
                return by_kind["ge-elfen"]
            if "tauchen" in by_kind:
                return max((a for a in opens if a.kind == "tauchen"), key=lambda a: (_value(a.card), ORDER.power[a.card.rank]))
            return max(opens, key=lambda a: ORDER.power[a.card.rank])
        declares = [a for a in legal if isinstance(a, Declare)]
        if declares:
            return max(declares, key=lambda a: a.kind == "pair in trumps")
        for a in legal:
            if isinstance(a, Exchange):
                return a
        trump = _SUITS.get(view["trumps"])
        cards = [a.card for a in legal if isinstance(a, Play)]
        if not view["trick"]:
            return Play(lead(cards, trump, ORDER, _value))
        if "?" in [c for _, c in view["trick"]]:  # the face-down first trick: nothing to see
            aces = [c for c in cards if c.rank is Rank.ACE]
            return Play(aces[0] if aces and view.get("opening") == "zweite-alte" else min(cards, key=_value))
        return Play(follow(seat, view, cards, trump, ORDER, _value, view["stage"] == "end"))


#: the games this package registers (read by tutor.games): Gaigel for four and for three
GAMES = (Gaigel, Gaigel3)

__all__ = ["Gaigel", "Gaigel3", "GaigelRules", "GaigelDeal", "GaigelMatch", "GaigelBot", "SIDES"]
