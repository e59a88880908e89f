"""A rubber of Counterpique against the computer, on the contract's :class:`~tutor.session.Session`:
how the panels' sessions are made (:func:`rubber_session`), what they say in words
(:class:`CounterpiqueNarrator`), and what the panels show (:class:`RubberView`, a read-only view of
the session: names, seats, the contract as it stands, the prompt, the pad).

The reader is the rubber's person ``you``, the computer ``computer``. A session may leave some
stages of each deal to the computer (``phases``: the reader plays only those named), so a panel can
teach the auction, the draw, the declarations or the play on its own, the computer playing the rest
of the deal for both sides. After each deal the session pauses on its result until ``next_deal()``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..cards import Hand
from ..errors import IllegalActionError
from ..explain import Explanation
from ..games.counterpique.pad import GAME, Pad
from ..games.counterpique.state import SEATS, TRICKS, CounterpiqueDeal, Phase
from ..games.counterpique.words import _subject, describe
from ..games.piquet.combos import BIT_CARD
from ..session import COMPUTER, READER, Narrator, Session

if TYPE_CHECKING:  # pragma: no cover
    from ..games.counterpique import CounterpiqueMatch

__all__ = ["NAMES", "PHASES", "STAGE", "CounterpiqueNarrator", "RubberView", "rubber_session", "describe"]

#: How the panels name the two players: the reader and the computer.
NAMES = ("you", "computer")
#: The four stages of a deal a reader may play himself; a blank is proved in the auction's stage.
PHASES = ("auction", "draw", "declarations", "play")
STAGE = {
    Phase.BLANK: "auction",
    Phase.AUCTION: "auction",
    Phase.RAISE: "auction",
    Phase.DRAW: "draw",
    Phase.CALL: "declarations",
    Phase.REPLY: "declarations",
    Phase.DECLARE: "declarations",
    Phase.PLAY: "play",
    Phase.OVER: "over",
}


def rubber_session(seed: int | str | None = 0, rules=None, *, phases: Iterable[str] = PHASES,
                   first_dealer: int | str = "cut", names: tuple[str, str] = NAMES) -> Session:
    """A rubber played by the reader (``names[0]``, in the stages ``phases``) against the computer;
    with ``phases=()`` the computer plays both players. ``first_dealer``: a person, or ``"cut"``."""
    from ..games.counterpique import Counterpique, CounterpiqueRules

    if isinstance(phases, str) or any(p not in PHASES for p in phases):
        raise IllegalActionError(f"phases are chosen from {', '.join(PHASES)}, not {str(phases)[:40]}",
                                 token=str(phases)[:40], legal=PHASES)
    stages = frozenset(phases)
    reader, computer = names
    return Session(Counterpique(rules or CounterpiqueRules()), seed, match=True,
                   seats={reader: READER if stages else COMPUTER, computer: COMPUTER},
                   match_options={"persons": tuple(names), "first_dealer": first_dealer},
                   narrator=CounterpiqueNarrator(), reader_when=lambda state: STAGE[state.phase] in stages)


def _match(session: Session) -> CounterpiqueMatch:
    match = session.match
    assert match is not None, "a Counterpique rubber session plays a match"
    return match  # type: ignore[return-value]


class CounterpiqueNarrator(Narrator):
    """The rubber told to the reader: each action by its person (you, the computer), a move the
    computer made for the reader said to be so, and each deal's result below the line."""

    def action(self, session, who, seat, action, apply) -> list[str]:
        match = _match(session)
        d = match.deal
        names = match.persons.names
        text = describe(names, int(match.person(seat)), d.phase, d.kind, d.bid, action)
        apply()
        if who == COMPUTER and session.controller(seat) == READER:
            text = text[:-1] + " (played for you)."
        lines = [text]
        if d.is_over:
            lines.append(_result_text(names, d, (int(match.person(0)), int(match.person(1)))))
        return lines


class RubberView:
    """What the Counterpique panels show of a rubber session, read from it (nothing here acts):
    the deal on show (the one just finished until the next is dealt), who sits where, the contract
    as it stands, the prompt, the deal's score in the players' names and the pad."""

    def __init__(self, session: Session):
        self.session = session

    @property
    def rubber(self) -> CounterpiqueMatch:
        return _match(self.session)

    @property
    def deal(self) -> CounterpiqueDeal:
        return self.rubber.deal  # type: ignore[return-value]

    @property
    def pad(self) -> Pad:
        return self.rubber.pad

    @property
    def names(self) -> tuple[str, ...]:
        return self.rubber.persons.names

    def persons(self) -> tuple[int, int]:
        """Who sits where in the deal on show: (the non-dealer, the dealer) as persons."""
        return int(self.rubber.person(0)), int(self.rubber.person(1))

    @property
    def my_seat(self) -> int:
        """The reader's seat (the first person's when the computer plays both)."""
        return self.persons().index(0)

    def name(self, seat: int) -> str:
        return self.names[self.persons()[seat]]

    def who(self, seat: int) -> str:
        """``you (dealer, elder)``: the person at ``seat`` with his seat and role."""
        role = self.deal.role(seat)
        return f"{self.name(seat)} ({self.deal.table.names[seat]}{', ' + role if role else ''})"

    @property
    def paused(self) -> bool:
        return self.session.between_deals

    def hand(self, seat: int) -> Hand:
        return self.deal.hand(seat)

    def reader_hand(self) -> Hand:
        return self.deal.hand(self.my_seat)

    def legal_cards(self) -> set:
        """Cards the reader may play now (none when he is not to play a card)."""
        d = self.deal
        if not self.session.reader_to_move or d.phase is not Phase.PLAY:
            return set()
        return {a.card for a in self.session.legal_actions()}

    def draw_limit(self) -> int:
        """How many cards the player to move may draw now (0 outside the draw)."""
        d = self.deal
        return d._draw_limit(d.to_move) if d.phase is Phase.DRAW and not d.is_over else 0

    def contract(self) -> dict | None:
        """The contract as it stands: who is Elder, what he bid, tricks needed and taken (nominal,
        the last counting two), what is at stake. None before the auction ends or in a misère."""
        d = self.deal
        if d.contract is None:
            return None
        bid, e = d.contract, d.elder
        assert e is not None, "a contract has its Elder"
        y = int(d.table.seats[e].other)
        won = d.nominal_tricks()
        played = sum(1 for t in d.tricks if t[3] >= 0)
        left = TRICKS - played
        nominal_left = left + (1 if left else 0)  # the twelfth, still to come, counts two
        got = won[e]
        need = max(0, bid.tricks - got)
        if got >= bid.tricks:
            status = "made"
        elif got + nominal_left < bid.tricks:
            status = "beaten"
        else:
            status = "open"
        short_now = bid.tricks - got - nominal_left  # the fewest Elder can now fall short
        return {
            "bid": bid, "name": bid.name, "value": bid.value, "tricks": bid.tricks, "cards": bid.cards,
            "elder": self.name(e), "younger": self.name(y),
            "elder_tricks": got, "younger_tricks": won[y],
            "needed": need, "played": played, "left": left, "nominal_left": nominal_left,
            "status": status, "at_least_short": max(0, short_now),
        }

    def misere_count(self) -> dict | None:
        """In a misère, the nominal tricks each has taken, by name; None otherwise."""
        d = self.deal
        if not d.misere:
            return None
        won = d.nominal_tricks()
        return {self.name(s): won[s] for s in (0, 1)}

    def prompt(self) -> str:
        """What is to be done now, in words."""
        d = self.deal
        if self.rubber.is_over:
            res, (a, b) = self.pad.result(), self.names
            return f"The rubber is over: {res['winner']} won it, {res['totals'][a]} to {res['totals'][b]}."
        if self.paused:
            return "The deal is over: go on to the next deal."
        seat = d.to_move
        who = self.who(seat)
        ph = d.phase
        if ph is Phase.BLANK:
            text = f"{who}: this hand is a blank (no king, queen or knave); prove it to score ten, or pass."
        elif ph is Phase.AUCTION and seat == 1:
            text = (f"{who}: open the auction with a bid, or pass." if d.bid is None else
                    f"{who}: the non-dealer said yes to {d.bid.name} ({d.bid.value}); raise to a higher value, or pass.")
        elif ph is Phase.AUCTION:
            text = (f"{who}: the dealer passed; say yes to play seven-three (21), or pass for a misère." if d.bid is None
                    else f"{who}: the dealer bids {d.bid.name} ({d.bid.value}); say yes to play at it, or pass.")
        elif ph is Phase.RAISE:
            text = f"{who}: the auction is won at {d.bid.name} ({d.bid.value}); stand, or raise to a higher value."  # type: ignore[union-attr]
        elif ph is Phase.DRAW:
            text = f"{who}: select up to {self.draw_limit()} cards to discard, then draw as many."
        elif ph is Phase.REPLY:
            # Piquet's dialogue words the call being answered (``point making 37`` at the pips stage).
            text = f"Elder calls {d.inner._call_text()}. {who.capitalize()}: good, not good or equal?"  # type: ignore[union-attr]
        elif ph in (Phase.CALL, Phase.DECLARE):
            text = f"{who}: declare the {d.kind}; select its cards and call, or pass."
        elif d.tricks and d.tricks[-1][2] < 0:
            text = f"{who}: play to the {BIT_CARD[d.tricks[-1][1]].name}."
        else:
            text = f"{who}: lead to trick {len(d.tricks) + 1}."
        return text[0].upper() + text[1:]

    def explanation(self) -> Explanation:
        """The score of the deal on show, step by step, in the players' names."""
        return Explanation.build(self.names, ((self.name(SEATS.index(s.player)), s.category, s.points, s.text, s.rule)
                                              for s in self.deal.explanation()))

    def sheet(self) -> dict:
        """The pad as the score-pad panel draws it: entries above the line, each game's entries
        below its own line with its winner, the bonuses, the totals and where the rubber stands."""
        pad, names = self.pad, self.names
        above = [e for e in pad.entries if e.line == "above"]
        games = []
        for g in range(pad.game + (0 if pad.is_over else 1)):
            rows = [e for e in pad.entries if e.line == "below" and e.game == g]
            winner = names[pad.game_winners[g]] if g < len(pad.game_winners) else None
            games.append({"game": g + 1, "rows": rows, "winner": winner,
                          "below": {names[p]: pad.below(p, g) for p in (0, 1)}})
        return {
            "above": above,
            "games": games,
            "bonuses": [(names[p], c, pts, text) for p, c, pts, text, _ in pad.bonuses()],
            "totals": pad.totals(),
            "games_won": {names[p]: pad.games_won(p) for p in (0, 1)},
            "to_game": {names[p]: max(0, GAME - pad.below(p)) for p in (0, 1)} if not pad.is_over else None,
            "over": pad.is_over,
            "winner": None if pad.winner is None else names[pad.winner],
            "deals": pad.deals,
        }


def _result_text(names, d: CounterpiqueDeal, persons: tuple[int, int]) -> str:
    s = next(s for s in d.explanation() if s.category in ("contract", "counterpique", "misère"))
    who, you = _subject(names, persons[SEATS.index(s.player)])
    who += " score" if you else " scores"
    return f"Deal over. {who} {s.points} below the line: {s.text}."
