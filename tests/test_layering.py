"""The games stand below everything else: outside a game's own package (``tutor/games/<game>/``) and
the family core its games share (``tutor/games/stock/``), no module of the tutor names a game in its
logic. Features above the engine are written once over the contract; a game brings what is its own
(its kinds of exercise question, its drawings) in its package. Read from the source: imports of a
game's package, and strings that are a game's registered name or alias (docstrings and comments may
name games)."""

from __future__ import annotations

import ast
import importlib
import pathlib

import pytest

from tutor.games import ALIASES, GAMES, load

ROOT = pathlib.Path(__file__).resolve().parents[1]
TUTOR = ROOT / "tutor"
GAMES_DIR = TUTOR / "games"

#: the family cores: packages under tutor/games that hold what several games share, and no game
FAMILY_CORES = ("stock",)
#: the panels special to one game (its practice, workbench or trainer), each in a module named for
#: it: the one place outside the games where a game may be named. Every other panel module (the
#: table panel, the card component, the bar) is under the rule.
NOT_YET = {
    f"tutor/widgets/{name}.py": "a panel special to one game"
    for name in ("piquet", "counterpique", "counterpique_rubber", "bezique", "briscan", "chouine", "truc", "closing")
}


def _packages() -> list[str]:
    return sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file())


def _game_packages() -> list[str]:
    """The packages under tutor/games that register a game (``GAME``) or several (``GAMES``)."""
    return [p for p in _packages() if any(hasattr(importlib.import_module(f"tutor.games.{p}"), n) for n in ("GAME", "GAMES"))]


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def _imported(node: ast.Import | ast.ImportFrom, package: list[str]) -> list[str]:
    """The modules an import statement names, absolute (``from ..games import piquet`` names
    ``tutor.games.piquet``)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = package[: len(package) - node.level + 1] if node.level else []
    module = ".".join(base + ([node.module] if node.module else []))
    return [module] + [f"{module}.{a.name}" for a in node.names]


def game_names_in(source: str, package: list[str], games: list[str], names: set[str]) -> list[tuple[int, str]]:
    """Where ``source`` (a module of ``package``, e.g. ``["tutor", "render"]``) names a game in its
    logic: (line, what), for an import of a game's package (``games``), a string equal to a
    registered name or alias (``names``, any case), or a module path to a game's package built in
    a string."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for module in _imported(node, package):
                parts = module.split(".")
                if parts[:2] == ["tutor", "games"] and len(parts) > 2 and parts[2] in games:
                    found.append((node.lineno, f"imports {module}"))
                    break
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            text = node.value.strip()
            if text.lower() in names or any(text.startswith(f"tutor.games.{g}") for g in games):
                found.append((node.lineno, f"the string {text!r}"))
        elif isinstance(node, ast.JoinedStr) and node.values:
            head = node.values[0]
            if isinstance(head, ast.Constant) and str(head.value).startswith("tutor.games.") and len(node.values) > 1:
                found.append((node.lineno, f"a game's module path built from {head.value!r}"))
    return sorted(found)


def _checked_modules() -> list[pathlib.Path]:
    skip = {GAMES_DIR / p for p in _packages()}
    out = []
    for path in sorted(TUTOR.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if any(d in path.parents for d in skip) or any(rel.startswith(prefix) for prefix in NOT_YET):
            continue
        out.append(path)
    return out


def test_the_packages_under_games_are_games_or_family_cores():
    games = _game_packages()
    assert set(FAMILY_CORES) <= set(_packages()) and not set(FAMILY_CORES) & set(games)
    assert set(_packages()) == set(games) | set(FAMILY_CORES), set(_packages()) - set(games) - set(FAMILY_CORES)
    assert {cls.__module__.split(".")[2] for cls in GAMES.values()} <= set(games)


def test_no_module_outside_the_games_names_a_game_in_its_logic():
    games = _game_packages()
    names = {n.lower() for n in GAMES} | {a.lower() for a in ALIASES} | set(games)
    modules = _checked_modules()
    assert TUTOR / "exercises.py" in modules and TUTOR / "render" / "__init__.py" in modules and TUTOR / "cli.py" in modules
    found = {}
    for path in modules:
        rel = path.relative_to(ROOT)
        hits = game_names_in(path.read_text(encoding="utf-8"), list(rel.parent.parts), games, names)
        if hits:
            found[rel.as_posix()] = hits
    assert not found, found


@pytest.mark.parametrize("source, want", [
    ("from .games.piquet.combos import POINT\n", ["imports tutor.games.piquet.combos"]),
    ("from .games import piquet\n", ["imports tutor.games.piquet"]),
    ("import tutor.games.truc.bot\n", ["imports tutor.games.truc.bot"]),
    ("def f(g):\n    '''Piquet's point, Le Truc's calls.'''\n    return g.name == 'piquet'\n", ["the string 'piquet'"]),
    ("x = load('Le Truc')\n", ["the string 'Le Truc'"]),
    ("m = importlib.import_module(f'tutor.games.{name}.workbench')\n", ["a game's module path built from 'tutor.games.'"]),
    ("# a comment on Piquet\nfrom .games import GAMES, load\nfrom .games.contract import Game\ntitle = 'Piquet rules'\n", []),
])
def test_the_scan_finds_a_game_named_in_logic_and_only_there(source, want):
    games = _game_packages()
    names = {n.lower() for n in GAMES} | {a.lower() for a in ALIASES}
    assert [what for _, what in game_names_in(source, ["tutor"], games, names)] == want


def _imports_of_games(path: pathlib.Path) -> list[str]:
    rel = path.relative_to(ROOT)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [m for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
            for m in _imported(node, list(rel.parent.parts))
            if m.startswith("tutor.games.") and m.split(".")[2] not in {"contract", *importlib.import_module("tutor.games").__all__}]


@pytest.mark.parametrize("path", [TUTOR / "exercises.py", TUTOR / "sheets.py", *sorted((TUTOR / "render").glob("*.py"))],
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_exercises_sheets_and_render_use_only_the_registry_and_the_contract(path):
    # no game, and no family core either: what a family draws or asks is in its core's package
    assert _imports_of_games(path) == []


def test_piquet_draws_its_own_deals():
    piquet = load("piquet")
    state = piquet.deal(seed=3)
    html = state._repr_html_()
    for p in range(2):
        assert f'data-cards="{" ".join(map(str, state.hand(p)))}"' in html
    assert "phase: " in html
    deal = state.deal._repr_html_()
    assert f'data-cards="{" ".join(map(str, state.deal.talon))}"' in deal and state.deal.code in deal
