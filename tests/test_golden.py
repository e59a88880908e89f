"""Golden playthroughs: a whole deal per game, with explicit cards, checked line by line."""

import json
import pathlib


from tutor.games import GAMES

GOLDEN = pathlib.Path(__file__).parent / "golden"


def test_every_registered_game_has_a_golden_playthrough():
    missing = [g for g in GAMES if not (GOLDEN / f"{g}.json").exists()]
    assert not missing, f"no golden playthrough for {missing}"


def test_piquet_golden_playthrough():
    from tutor.games.piquet import Deal, PiquetDeal

    data = json.loads((GOLDEN / "piquet.json").read_text())
    d = data["deal"]
    s = PiquetDeal(Deal.from_cards(d["elder"], d["younger"], d["talon"]))
    for i, line in enumerate(data["transcript"]):
        s.apply(line["action"])
        sc = s.scores()
        got = {"action": line["action"], "phase": s.phase.value,
               "to_move": None if s.is_over else s.players[s.to_move], "elder": sc["elder"], "younger": sc["younger"]}
        assert got == line, f"line {i}: {line['action']}"
    assert [[x.player, x.category, x.points] for x in s.explanation()] == data["steps"]
