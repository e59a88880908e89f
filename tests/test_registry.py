"""The registry of games: what the packages under ``tutor/games/`` declare, and games registered
from outside with ``register``."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil

import pytest

import tutor.games as registry
from tutor.cli import main
from tutor.errors import TutorError, UnknownGameError
from tutor.games import GAMES, load, register, registered, unregister
from tutor.games.truc import Truc


def _packages():
    for info in pkgutil.iter_modules(registry.__path__):
        if info.ispkg:
            yield info.name, importlib.import_module(f"tutor.games.{info.name}")


def test_every_registered_game_is_declared_by_the_package_that_defines_it():
    """No package only re-exports another package's game: the forms of one game for other numbers
    of players are declared by the package that plays them."""
    declared = {}
    for pkg, module in _packages():
        for cls in registry._declared(module):
            assert cls.__module__.startswith(f"tutor.games.{pkg}"), f"{pkg} declares {cls.__name__} from {cls.__module__}"
            declared[cls.TYPE.name] = pkg
    assert sorted(declared) == sorted(GAMES)
    assert declared["bondtolva3"] == declared["bondtolva4"] == "bondtolva"
    assert declared["gaigel3"] == "gaigel"
    assert len(GAMES) == 18


@pytest.mark.parametrize(("alias", "name", "players"), [("bondtolva-3", "bondtolva3", 3), ("bondtolva-4", "bondtolva4", 4),
                                                        ("gaigel-3", "gaigel3", 3), ("kreuzgaigel", "gaigel", 4)])
def test_the_forms_for_other_numbers_of_players_keep_their_names_and_aliases(alias, name, players):
    game = load(alias)
    assert game.name == name and game.table().size == players
    assert game.deal(seed=1).table.size == players


class TinyTruc(Truc):
    """Le Truc under another name, to register from outside the games' packages."""

    TYPE = dataclasses.replace(Truc.TYPE, name="tiny-truc", aliases=("tt",), title="Tiny Truc")


@pytest.fixture
def tiny():
    register(TinyTruc)
    try:
        yield TinyTruc
    finally:
        if "tiny-truc" in GAMES:
            unregister("tiny-truc")


def test_a_game_registered_from_outside_is_loaded_listed_and_played(tiny, capsys):
    assert GAMES["tiny-truc"] is tiny and type(load("TT")) is tiny
    assert tiny in registered()
    assert main(["games"]) == 0
    assert "tiny-truc      Tiny Truc:" in capsys.readouterr().out
    assert main(["deal", "tiny_truc", "--seed", "3"]) == 0
    assert capsys.readouterr().out.startswith("Tiny Truc deal ")
    assert register(tiny) is tiny and list(GAMES).count("tiny-truc") == 1  # again: nothing changes


def test_an_unregistered_game_is_gone(tiny):
    assert unregister("tt") is tiny
    assert "tiny-truc" not in GAMES and "tt" not in registry.ALIASES
    with pytest.raises(UnknownGameError):
        load("tiny-truc")
    with pytest.raises(UnknownGameError):
        unregister("tiny-truc")


def _renamed(name, aliases=()):
    return type("Other", (Truc,), {"TYPE": dataclasses.replace(Truc.TYPE, name=name, aliases=aliases)})


@pytest.mark.parametrize(("cls", "words"), [
    (_renamed("piquet"), "'piquet' is taken by Piquet"),
    (_renamed("new-game", ("le-truc",)), "'le-truc' is taken by Le Truc"),
    (_renamed("New_Game"), "lower case"),
    (Truc(), "not Truc"),
    ("piquet", "not str"),
    (type("NoType", (Truc,), {"TYPE": None}), "not NoType"),
])
def test_a_game_that_cannot_be_registered_is_refused_and_changes_nothing(cls, words):
    before = dict(GAMES)
    with pytest.raises(TutorError) as e:
        register(cls)
    assert words in str(e.value)
    assert dict(GAMES) == before


def test_loading_a_game_by_its_name_imports_no_other_game():
    """A chapter opens one game: ``load`` by a game's own name reads its package alone (the live copy
    would otherwise start all sixteen, about twice as slowly as here), and gives the very class the
    whole registry holds; an alias, or a name no package declares, still asks the whole registry."""
    import json
    import subprocess
    import sys

    code = """
import json, sys
from tutor.games import GAMES, load
out = {}
for name in sys.argv[1:]:
    before = {m.split(".")[2] for m in sys.modules if m.startswith("tutor.games.") and m.count(".") >= 2}
    cls = type(load(name))
    out[name] = sorted({m.split(".")[2] for m in sys.modules if m.startswith("tutor.games.") and m.count(".") >= 2} - before)
    out[name + " same"] = cls is GAMES[name] if name in GAMES else None
print(json.dumps(out))
"""
    games = {pkg for pkg, module in _packages() if registry._declared(module)}  # the packages that declare games
    for names in (["schnapsen"], ["bondtolva3"], ["gaigel3", "piquet"]):
        run = subprocess.run([sys.executable, "-c", code, *names], capture_output=True, text=True, check=True)
        found = json.loads(run.stdout)
        first = names[0]
        package = first.rstrip("0123456789")
        assert package in found[first] and not set(found[first]) & (games - {package, "sixtysix"}), found[first]
        assert found[first + " same"] is True
    # an alias asks the whole registry, as before
    run = subprocess.run([sys.executable, "-c", code, "kreuzgaigel"], capture_output=True, text=True, check=True)
    assert "piquet" in json.loads(run.stdout)["kreuzgaigel"]
