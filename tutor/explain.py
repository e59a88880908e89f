"""The worked-out score: every point scored is a :class:`Step`, and a score is the sum of its steps.

A step says who scored, how many, for what, under which rule, and the running totals after it, so
a reader can follow a deal the way players count it aloud. An :class:`Explanation` is a tuple of
steps that renders as text, HTML and JSON; its totals are computed from the steps and nowhere else.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

_ONES = (
    "nought one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def number_words(n: int) -> str:
    """``49 -> 'forty-nine'``, as scores are said aloud (``121 -> 'a hundred and twenty-one'``)."""
    if n < 0:
        return "minus " + number_words(-n)
    if n < 20:
        return _ONES[n]
    if n < 100:
        t, o = divmod(n, 10)
        return _TENS[t] + ("-" + _ONES[o] if o else "")
    if n < 1000:
        h, rest = divmod(n, 100)
        head = "a hundred" if h == 1 else _ONES[h] + " hundred"
        return head + (" and " + number_words(rest) if rest else "")
    th, rest = divmod(n, 1000)
    head = "a thousand" if th == 1 else number_words(th) + " thousand"
    return head + ((" and " if rest < 100 else " ") + number_words(rest) if rest else "")


@dataclass(frozen=True, slots=True)
class Step:
    """One scoring event.

    ``player``: who scores; ``category``: for what (``point``, ``sequence``, ``repique``...);
    ``points``: how many; ``text``: the phrase a player would say; ``rule``: the rule applied,
    with its source; ``totals``: every player's running total after this step.
    """

    player: str
    category: str
    points: int
    text: str
    rule: str
    totals: tuple[tuple[str, int], ...]

    def total(self, player: str) -> int:
        return dict(self.totals)[player]

    def as_dict(self) -> dict:
        return {
            "player": self.player,
            "category": self.category,
            "points": self.points,
            "text": self.text,
            "rule": self.rule,
            "totals": dict(self.totals),
        }


class Explanation(tuple):
    """A tuple of :class:`Step` for a fixed list of players; totals are sums of steps.

    A step's ``player`` is a scorer's key (a side's is its seats joined by '-': ``second-dealer``);
    ``words`` gives the keys a reader reads in their place (``second and dealer``), used by
    :meth:`text` and :meth:`html`.
    """

    words: Mapping[str, str] = {}

    @classmethod
    def build(cls, players: Sequence[str], events: Iterable[tuple[str, str, int, str, str]],
              words: Mapping[str, str] | None = None) -> Explanation:
        """Steps from ``(player, category, points, text, rule)`` events, running totals filled in;
        ``words``: the scorers as a reader reads them, where their keys are not words."""
        totals = dict.fromkeys(players, 0)
        steps = []
        for player, category, points, text, rule in events:
            totals[player] += points
            steps.append(Step(player, category, points, text, rule, tuple(totals.items())))
        out = cls(steps)
        if words:
            out.words = dict(words)
        return out

    def total(self, player: str) -> int:
        return sum(s.points for s in self if s.player == player)

    def totals(self, players: Sequence[str]) -> dict[str, int]:
        out = dict.fromkeys(players, 0)
        for s in self:
            out[s.player] += s.points
        return out

    def points(self, player: str | None = None, *, categories: Iterable[str] | None = None,
               excluding: Iterable[str] = ()) -> int:
        """The points of the steps of ``player`` (everyone's if None) whose category is among
        ``categories`` (any if None) and not among ``excluding``."""
        among = None if categories is None else set(categories)
        skip = set(excluding)
        return sum(s.points for s in self
                   if (player is None or s.player == player) and (among is None or s.category in among)
                   and s.category not in skip)

    def by(self, player: str) -> list[Step]:
        return [s for s in self if s.player == player]

    def text(self, names: Mapping[str, str] | None = None) -> str:
        """One line a step: ``elder  +5  point of five, forty-nine: good  [Law 62]  (5-0)``.
        ``names`` gives the words a reader reads for a scorer's key (a side's 'second and
        dealer' for its key 'second-dealer': :meth:`tutor.seats.Table.words_of`)."""
        said = names or self.words
        lines = []
        for s in self:
            tot = "-".join(str(v) for _, v in s.totals)
            lines.append(f"{said.get(s.player, s.player):<8} {s.points:+4d}  {s.text}  [{s.rule}]  ({tot})")
        return "\n".join(lines)

    def spoken(self, player: str) -> str:
        """The count a player says aloud: ``point of five: five; a quint major: fifteen; twenty``."""
        parts = []
        for s in self:
            if s.player == player:
                parts.append(f"{s.text}: {number_words(s.total(player))}")
        return "; ".join(parts)

    def to_json(self) -> list[dict]:
        return [s.as_dict() for s in self]

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=2)

    def html(self, names: Mapping[str, str] | None = None) -> str:
        """The steps as a table; ``names`` as for :meth:`text`."""
        if not self:
            return '<table class="tutor-steps"><tr><td>Nothing scored yet.</td></tr></table>'
        said = names or self.words
        players = [p for p, _ in self[0].totals]
        head = "".join(f"<th>{html.escape(said.get(p, p))}</th>" for p in players)
        rows = []
        for s in self:
            cells = "".join(f"<td>{v}</td>" for _, v in s.totals)
            rows.append(
                f'<tr class="tutor-step tutor-{html.escape(s.category.replace(" ", "-"))}">'
                f"<td>{html.escape(said.get(s.player, s.player))}</td><td>+{s.points}</td><td>{html.escape(s.text)}</td>"
                f'<td class="tutor-rule">{html.escape(s.rule)}</td>{cells}</tr>'
            )
        return (
            '<table class="tutor-steps"><thead><tr><th>who</th><th>scores</th><th>for</th>'
            f"<th>rule</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        return f"Explanation({len(self)} steps)"
