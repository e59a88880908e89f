"""The stock core stays readable: no module of ``tutor/games/stock/`` over 600 lines, no function
over 80; and the core's rules a game replaces are declared as data (``REPLACES``), never guessed."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from tutor.games.stock.core import StockState
from tutor.games.stock.position import HOOKS

STOCK = Path(__file__).resolve().parent.parent / "tutor" / "games" / "stock"
MODULES = sorted(STOCK.rglob("*.py"))


def test_the_stock_package_is_where_it_is_looked_for():
    assert len(MODULES) >= 10 and (STOCK / "core.py") in MODULES


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(STOCK)))
def test_no_module_over_600_lines_and_no_function_over_80(path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 600, f"{path.name} has {len(text.splitlines())} lines"
    long = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            if node.end_lineno - start + 1 > 80:  # type: ignore[operator]
                long.append(f"{node.name} ({node.end_lineno - start + 1} lines)")  # type: ignore[operator]
    assert not long, f"{path.name}: functions over 80 lines: {', '.join(long)}"


def test_a_replaced_rule_left_undeclared_is_refused_when_the_class_is_made():
    with pytest.raises(TypeError, match=r"_on_trick.*REPLACES"):
        class Quiet(StockState):  # noqa: F841 - made only to be refused
            def _on_trick(self, trick) -> None:
                pass


def test_a_play_handler_of_its_own_is_a_replaced_rule_too():
    with pytest.raises(TypeError, match=r"DO\[Play\]"):
        class Loud(StockState):  # noqa: F841
            DO = {**StockState.DO, __import__("tutor.games.stock.actions", fromlist=["Play"]).Play: lambda s, p, a: None}


def test_a_name_that_is_no_rule_of_the_core_is_refused():
    with pytest.raises(TypeError, match="_on_nothing"):
        class Odd(StockState):  # noqa: F841
            REPLACES = frozenset({"_on_nothing"})


def test_declared_rules_are_inherited_and_read_by_the_engine():
    class Base(StockState):
        REPLACES = frozenset({"_on_trick"})

        def _on_trick(self, trick) -> None:
            pass

    class Child(Base):
        REPLACES = frozenset({"_on_play"})

        def _on_play(self, player, card) -> None:
            pass

    assert Child.replaced() == {"_on_trick", "_on_play"} <= HOOKS
    assert Base.replaced() == {"_on_trick"}


@pytest.mark.parametrize("name", ["schnapsen", "sixtysix", "bezique"])
def test_a_deal_played_out_keeps_fewer_than_thirty_fields(name):
    # CPython keeps an object's fields in its class's compact shared layout only while they are
    # fewer than thirty; past that every attribute and method lookup on a state is slower (the
    # engine's per-game flags live in one shared Traits object for this reason)
    import random

    from tutor.games import load

    state = load(name).deal(seed=3)
    rng = random.Random(3)
    while not state.is_over:
        state.apply(rng.choice([a for a in state.legal_actions() if type(a).__name__ != "Claim"]))
    assert len(vars(state)) < 30, sorted(vars(state))


def _stock_games():
    from tutor.games import GAMES, load

    return sorted(n for n in GAMES if isinstance(load(n).deal(seed=0), StockState))


def _positions(name, seeds=range(3)):
    """Positions of random deals of ``name`` (claims and every other action among the choices)."""
    import random

    from tutor.games import load

    for seed in seeds:
        state = load(name).deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            yield state
            state.apply(rng.choice(list(state.legal_actions())))
        yield state


@pytest.mark.parametrize("name", _stock_games())
def test_the_lists_a_copy_takes_without_looking_hold_only_values_that_never_change(name):
    # a copy of a state (StockState.clone) copies these lists one level (or two) down without
    # looking at their values: a value in them that could change would be shared by the copies
    from tutor.games.stock.values import _FLAT, _NESTED, _fixed

    for state in _positions(name):
        fields = vars(state)
        for key in _FLAT:
            value = fields[key]
            assert value is None or (type(value) is list and all(map(_fixed, value))), (key, value)
        for key in _NESTED:
            assert type(fields[key]) is list and all(type(x) is list and all(map(_fixed, x)) for x in fields[key]), key


@pytest.mark.parametrize("name", _stock_games())
def test_a_copy_has_the_fields_of_the_state_in_its_order_with_equal_values(name):
    for i, state in enumerate(_positions(name, range(2))):
        if i % 5:
            continue
        copied = state.clone()
        assert list(vars(copied)) == list(vars(state))
        for key, value in vars(state).items():
            mine = vars(copied)[key]
            assert mine == value, key
            if type(value) is list and value:
                assert mine is not value, key  # what a move changes is the copy's own


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="the compact layout of an object's fields is CPython's")
@pytest.mark.parametrize("name", ["bezique", "sixtysix", "gaigel", "schnapsen"])
def test_a_copy_keeps_the_compact_layout_and_leaves_the_state_s_as_it_was(name):
    # an object's fields in CPython's compact layout are each referred to by the object itself (an
    # object whose __dict__ was made refers to that dict instead): a copy of a state, a copy of that
    # copy and a sample of the unseen cards refer to their fields, and so does the state copied
    import gc
    import random

    from tutor.games import load

    game = load(name)
    game.deal(seed=1).clone()  # (the class's first copy: its fields learnt from a state's __dict__)
    state = game.deal(seed=2)
    rng = random.Random(2)
    for _ in range(7):
        state.apply(rng.choice([a for a in state.legal_actions() if type(a).__name__ != "Claim"]))
    copied = state.clone()
    again = copied.clone()
    sample = copied.determinize(0, random.Random(1))
    fields = len(vars(state.clone()))  # (a copy of its own made to be counted: vars() makes its __dict__)
    for obj in (state, copied, again, sample):
        refs = gc.get_referents(obj)
        assert not any(type(r) is dict for r in refs), "the state's __dict__ was made"
        assert len(refs) == fields + 1  # each field's value, and the class
