"""No seat arithmetic on integers: a seat knows its next, its partner and the other (``tutor/seats.py``).

Read from the source of ``tutor/``: ``1 - <name>`` (the other of two seats worked out by hand) and
``PLAYERS[i]``, ``SEATS[i]``, ``ROLES[i]`` (a seat's name looked up in a bare tuple beside the table)
are refused outside the few places listed below, each with the reason it is not a seat of a table.
Docstrings and comments are not code, so they are not read; ``1 - f(x)`` (a call) is a number.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
TUTOR = ROOT / "tutor"

#: the bare tuples of seat names a seat must not be looked up in
NAME_TUPLES = frozenset({"PLAYERS", "SEATS", "ROLES"})

#: ``1 - <expression>`` that is not seat arithmetic: (file, expression) -> why
ALLOWED = {
    ("tutor/games/piquet/odds.py", "1 - p"): "a probability: odds against are (1 - p) to p",
    ("tutor/games/piquet/odds.py", "1 - exact"): "a probability: odds from an exact chance",
    ("tutor/games/piquet/advisor.py", "1 - p"): "a probability: the standard error of a sampled chance",
    ("tutor/games/counterpique/odds.py", "1 - p"): "a probability: the standard error of a sampled chance",
    ("tutor/games/piquet/simulate.py", "1 - leader"): "the simulator's own pair of bit-mask hands, a hot loop (no table)",
    ("tutor/games/stock/solver.py", "1 - leader"): "the solver's own pair of bit-mask hands, its search loop (no table)",
    ("tutor/games/stock/solver.py", "1 - mover"): "the solver's own pair of bit-mask hands (no table)",
    ("tutor/games/truc/odds.py", "1 - leader"): "the odds search's own pair of hands, its inner loop (no table)",
    ("tutor/games/piquet/search.py", "1 - leader"): "the strong player's search over its own pair of bit-mask hands (no table)",
    ("tutor/games/piquet/search.py", "1 - p"): "the strong player's search over its own pair of bit-mask hands (no table)",
    ("tutor/games/piquet/strong.py", "1 - p"): "a play-out over the sample's pair of bit-mask hands, a hot loop (no table)",
    ("tutor/games/piquet/strong.py", "1 - q"): "a play-out over the sample's pair of bit-mask hands, a hot loop (no table)",
    ("tutor/games/counterpique/strong.py", "1 - p"): "a play-out over the sample's pair of bit-mask hands, a hot loop (no table)",
    ("tutor/games/counterpique/strong.py", "1 - e"): "a play-out over the sample's pair of bit-mask hands, a hot loop (no table)",
    ("tutor/games/counterpique/strong.py", "1 - q"): "a play-out over the sample's pair of bit-mask hands, a hot loop (no table)",
    ("tutor/games/counterpique/strong.py", "1 - s.to_move"): "a play-out's draw over the sample's pair of hands (no table)",
    ("tutor/games/truc/strong.py", "1 - leader"): "the strong player's search over its own pair of hands, its inner loop (no table)",
    ("tutor/games/truc/strong.py", "1 - q"): "the strong player's search over its own pair of hands (no table)",
}


def _sources() -> list[pathlib.Path]:
    return sorted(TUTOR.rglob("*.py"))


def _findings(path: pathlib.Path) -> list[tuple[int, str, str]]:
    """(line, kind, expression) for each ``1 - <name>`` and ``NAME_TUPLE[i]`` in the file's code."""
    text = path.read_text(encoding="utf-8")
    out = []
    for node in ast.walk(ast.parse(text)):
        if (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub) and isinstance(node.left, ast.Constant)
                and node.left.value == 1 and type(node.left.value) is int
                and isinstance(node.right, (ast.Name, ast.Attribute, ast.Subscript))):
            out.append((node.lineno, "arithmetic", ast.get_source_segment(text, node) or ""))
        elif isinstance(node, ast.Subscript):
            base = node.value
            name = base.id if isinstance(base, ast.Name) else base.attr if isinstance(base, ast.Attribute) else None
            if name in NAME_TUPLES:
                out.append((node.lineno, "look-up", ast.get_source_segment(text, node) or ""))
    return out


def _all_findings() -> list[tuple[str, int, str, str]]:
    return [(p.relative_to(ROOT).as_posix(), line, kind, expr) for p in _sources() for line, kind, expr in _findings(p)]


def test_no_seat_arithmetic_or_name_lookups():
    bad = [f"{f}:{line}: {kind} {expr}" for f, line, kind, expr in _all_findings() if (f, expr) not in ALLOWED]
    assert not bad, "use the table's seats (seat.other, seat.next, seat.partner, seat.name):\n" + "\n".join(bad)


def test_every_allowance_is_still_needed():
    """An allowance no longer matched is removed, so the list stays the true short list."""
    found = {(f, expr) for f, _, _, expr in _all_findings()}
    assert not set(ALLOWED) - found, sorted(set(ALLOWED) - found)


@pytest.mark.parametrize("code, kind", [
    ("x = 1 - p", "arithmetic"),
    ("x = hands[1 - self.to_move]", "arithmetic"),
    ("x = 1 - self.tricks[-1][0]", "arithmetic"),
    ("x = PLAYERS[p]", "look-up"),
    ("x = self.SEATS[self.to_move]", "look-up"),
])
def test_the_scan_finds_seat_arithmetic(tmp_path, code, kind):
    f = tmp_path / "m.py"
    f.write_text(f'"""1 - p in a docstring is not code; PLAYERS[0] neither."""\n{code}\ny = 1 - f(p) + 1.0 - q\n')
    assert [k for _, k, _ in _findings(f)] == [kind]


def test_a_side_is_read_in_words_with_its_verb_and_a_bad_side_is_refused():
    from tutor.seats import SeatError, Table

    four = Table(("vorhand", "second", "third", "dealer"), sides=(("vorhand", "third"), ("second", "dealer")))
    three = Table(("elder", "second", "dealer"))
    assert four.side_names == ("vorhand-third", "second-dealer")  # the keys of scores and data stay
    assert [four.side_words(k) for k in four.side_names] == ["vorhand and third", "second and dealer"]
    assert four.side_words(four.seat("dealer")) == "second and dealer" and four.words("third") == "third"
    assert four.subject("second-dealer", "says", "say") == "second and dealer say"
    assert three.subject("dealer", "says", "say") == "dealer says" and three.words("dealer") == "dealer"
    assert Table(("a", "b", "c", "d", "e", "f"), sides=(("a", "c", "e"), ("b", "d", "f"))).side_words(0) == "a, c and e"
    for bad in (2, -1, True, 1.5, "nobody"):
        with pytest.raises(SeatError):
            four.side_words(bad)


@pytest.mark.parametrize("names, sides, partners", [
    (("elder", "younger"), None, {"elder": None, "younger": None}),
    (("north", "east", "south", "west"), (("north", "south"), ("east", "west")),
     {"north": "south", "south": "north", "east": "west", "west": "east"}),
    (("first", "second", "third"), None, {"first": None, "second": None, "third": None}),
    (("a", "b", "c", "d", "e", "f"), (("a", "d"), ("b", "e"), ("c", "f")),
     {"a": "d", "d": "a", "b": "e", "e": "b", "c": "f", "f": "c"}),
    (("a", "b", "c"), (("a", "b", "c"),), {"a": None, "b": None, "c": None}),  # a side of three: no one partner
])
def test_a_seats_partner_is_the_one_other_seat_of_its_side(names, sides, partners):
    from tutor.seats import Table

    for dealer in range(len(names)):
        table = Table(names, sides=sides, dealer=dealer)
        got = {s.name: None if s.partner is None else s.partner.name for s in table.seats}
        assert got == partners
        assert all(s.partner is None or s.partner.table is table for s in table.seats)
