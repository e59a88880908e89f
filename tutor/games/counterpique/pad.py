"""The score pad: above the line, below the line, games, and the final bonuses.

Parlett's Counterpique keeps score as on a bridge pad: combinations (blank, point, sequences, sets, pique,
repique) are entered above the line, for both players; tricks (contract, counterpique, misère) below,
for a single player. Reaching a hundred below the line takes a game, and the next game starts under a
fresh line; two games take the rubber. Then each player adds up everything above and below, and the winner takes 300 more
(500 if the loser won no game), and 100 more for each game in which the loser scored nothing.

:class:`Pad` is the bookkeeping alone; the rubber (:class:`~tutor.games.counterpique.CounterpiqueMatch`)
deals and plays deals onto it, the next deal going to the player who scored below the line in the
deal before.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import IllegalActionError
from ...explain import Explanation, number_words
from ...seats import Table
from .rules import CounterpiqueRules
from .state import ABOVE, BELOW, SEATS

NAMES = ("first", "second")
#: the pad's two players as seats, so that each knows the other
PERSONS = Table(NAMES)
GAME = 100
GAMES_TO_WIN = 2

RULE_GAME = "Parlett's Counterpique (Game): 100 below the line takes a game; a fresh line starts the next"
RULE_RUBBER = (
    "Parlett's Counterpique: two games won take the rubber, with 300 added to the winner's score, or 500 when the "
    "other won no game (Game)"
)
RULE_WHITEWASH = "Parlett's Counterpique (Game): 100 more to the rubber's winner for each game the loser scored nothing in"


@dataclass(frozen=True)
class Entry:
    """One score written on the pad: by whom, in which deal and game, above or below the line."""

    deal: int
    game: int  # 0-based: the game being played when it was scored
    person: int
    line: str  # "above" or "below"
    category: str
    points: int
    text: str
    rule: str

    def as_dict(self, names=NAMES) -> dict:
        return {"deal": self.deal, "game": self.game + 1, "player": names[self.person], "line": self.line,
                "category": self.category, "points": self.points, "text": self.text, "rule": self.rule}


class Pad:
    """The pad for two players, ``first`` (0) and ``second`` (1)."""

    def __init__(self, rules: CounterpiqueRules | None = None, names: tuple[str, ...] = NAMES):
        self.rules = rules or CounterpiqueRules()
        self.names = tuple(names)
        self.entries: list[Entry] = []
        self.game_winners: list[int] = []
        self.deals = 0

    # -- writing ----------------------------------------------------------------------------------
    def record(self, steps, persons: tuple[int, int]) -> int | None:
        """Write one deal's steps; ``persons[seat]`` is who sat there. Returns the game's winner if
        the deal ended a game, else None."""
        if self.is_over:
            raise IllegalActionError("the rubber is over: nothing more is written on the pad", token="record")
        self.deals += 1
        game = self.game
        for s in steps:
            line = "above" if s.category in ABOVE else "below" if s.category in BELOW else None
            if line is None:
                raise IllegalActionError(f"no line on the pad for a score of {s.category!r}", token=s.category, legal=sorted(ABOVE | BELOW))
            self.entries.append(Entry(self.deals, game, persons[SEATS.index(s.player)], line, s.category, s.points, s.text, s.rule))
        for person in (0, 1):
            if self.below(person, game) >= GAME:
                self.game_winners.append(person)
                return person
        return None

    # -- reading ----------------------------------------------------------------------------------
    @property
    def game(self) -> int:
        """The game now being played (0-based); a new line is drawn after each game won."""
        return len(self.game_winners)

    def below(self, person: int, game: int | None = None) -> int:
        """Below the line in ``game`` (default: the current one)."""
        g = self.game if game is None else game
        return sum(e.points for e in self.entries if e.person == person and e.line == "below" and e.game == g)

    def above(self, person: int) -> int:
        return sum(e.points for e in self.entries if e.person == person and e.line == "above")

    def games_won(self, person: int) -> int:
        return self.game_winners.count(person)

    @property
    def is_over(self) -> bool:
        return any(self.games_won(p) >= GAMES_TO_WIN for p in (0, 1))

    @property
    def winner(self) -> int | None:
        return next((p for p in (0, 1) if self.games_won(p) >= GAMES_TO_WIN), None)

    def whitewashed(self, game: int, person: int) -> bool:
        """Whether ``person`` 'failed to make any score' in ``game`` (see ``rules.whitewash``)."""
        lines = ("below",) if self.rules.whitewash == "below" else ("above", "below")
        return not any(e.points for e in self.entries if e.person == person and e.game == game and e.line in lines)

    def bonuses(self) -> list[tuple[int, str, int, str, str]]:
        """The rubber's bonuses as (person, category, points, text, rule); none before it is over."""
        w = self.winner
        if w is None:
            return []
        loser = PERSONS.seats[w].other
        out = []
        if self.games_won(loser):
            out.append((w, "rubber", 300, f"the rubber, two games to {number_words(self.games_won(loser))}: three hundred", RULE_RUBBER))
        else:
            out.append((w, "rubber", 500, "the rubber, two games to none: five hundred", RULE_RUBBER))
        for g in range(len(self.game_winners)):
            if self.whitewashed(g, loser):
                out.append((w, "whitewash", 100, f"game {g + 1}: the loser scored nothing, a hundred", RULE_WHITEWASH))
        return out

    def explanation(self) -> Explanation:
        """Every score on the pad, deal by deal, then the bonuses: the totals are their sums. (Made
        again only when something has been written since: the pad is read at every view, and only
        :meth:`record` writes on it, adding entries and games won.)"""
        key = (len(self.entries), len(self.game_winners), self.names, self.rules)
        kept = self.__dict__.get("_explained")
        if kept is not None and kept[0] == key:
            return kept[1]
        explained = self._explanation()
        self._explained = (key, explained)
        return explained

    def _explanation(self) -> Explanation:
        events = [(self.names[e.person], e.category, e.points, e.text, e.rule) for e in self.entries]
        events += [(self.names[p], c, pts, t, r) for p, c, pts, t, r in self.bonuses()]
        return Explanation.build(self.names, events)

    def totals(self) -> dict[str, int]:
        """Above and below the line, every game, and the bonuses once the rubber is over."""
        return self.explanation().totals(self.names)

    def result(self) -> dict:
        """The settlement: totals, the rubber's winner, and by how much he is ahead on the pad."""
        if not self.is_over:
            raise IllegalActionError(
                f"the rubber is not over: games {self.games_won(0)}-{self.games_won(1)}, game {self.game + 1} being played",
                token="result",
            )
        t = self.totals()
        w = self.winner
        assert w is not None
        return {
            "winner": self.names[w],
            "games": {self.names[p]: self.games_won(p) for p in (0, 1)},
            "totals": t,
            "margin": t[self.names[w]] - t[self.names[PERSONS.seats[w].other]],
            "bonuses": [{"player": self.names[p], "category": c, "points": pts, "text": txt} for p, c, pts, txt, _ in self.bonuses()],
        }

    def text(self) -> str:
        """The pad drawn as text: the scores above the line, then each game below its own line."""
        a, b = self.names
        lines = [f"{'':>6} {a:>8} {b:>8}"]
        for e in self.entries:
            if e.line == "above":
                lines.append(_row(f"d{e.deal}", e, e.category))
        lines.append("-" * 24)
        for g in range(self.game + (0 if self.is_over else 1)):
            for e in self.entries:
                if e.line == "below" and e.game == g:
                    lines.append(_row(f"d{e.deal}", e, e.category))
            won = f"  game {g + 1} to {self.names[self.game_winners[g]]}" if g < len(self.game_winners) else f"  game {g + 1}"
            lines.append("-" * 24 + won)
        for p, c, pts, txt, _ in self.bonuses():
            lines.append(_row("bonus", Entry(0, 0, p, "", c, pts, txt, ""), c))
        t = self.totals()
        lines.append(f"{'total':>6} {t[a]:>8} {t[b]:>8}")
        return "\n".join(lines)

    def to_json(self) -> dict:
        return {
            "players": list(self.names),
            "entries": [e.as_dict(self.names) for e in self.entries],
            "games": [self.names[p] for p in self.game_winners],
            "above": {self.names[p]: self.above(p) for p in (0, 1)},
            "totals": self.totals(),
            "over": self.is_over,
            "result": self.result() if self.is_over else None,
        }


def _row(label: str, e: Entry, what: str) -> str:
    cells = [f"{e.points:>8}" if e.person == p else f"{'':>8}" for p in (0, 1)]
    return f"{label:>6} {cells[0]} {cells[1]}  {what}"
