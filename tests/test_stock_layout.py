"""The stock core stays readable: no module of ``tutor/games/stock/`` over 600 lines, no function
over 80; and the core's rules a game replaces are declared as data (``REPLACES``), never guessed."""

from __future__ import annotations

import ast
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
