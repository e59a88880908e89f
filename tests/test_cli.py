"""The CLI: the acceptance interface of the Piquet engine."""

import json

import pytest

from tutor.cli import main
from tests.test_piquet_examples import HOFFMANN_A, HOFFMANN_B, HOFFMANN_PLAYS

PLAYS = ",".join(f"{a} {b}" for a, b in HOFFMANN_PLAYS)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_deal_shows_a_seeded_deal_and_its_code(capsys):
    code, out, _ = run(capsys, "deal", "piquet", "--seed", "7", "--json")
    data = json.loads(out)
    assert code == 0 and len(data["elder"].split()) == 12 and len(data["talon"].split()) == 8
    code, out2, _ = run(capsys, "deal", "piquet", "--code", data["code"], "--json")
    assert json.loads(out2) == data


def test_score_json_shape_and_values(capsys):
    code, out, _ = run(capsys, "score", "piquet", "--elder", "AS KS QS JS TS 9S AH KH QH AD AC KD",
                       "--younger", "TH 9H 8H 7H TD 9D 8D 7D TC 9C 8C KC", "--json")
    data = json.loads(out)
    assert code == 0 and data["repique"] == "elder"
    assert data["elder"]["total"] == 102 and data["younger"]["total"] == 0
    assert sum(s["points"] for s in data["steps"] if s["player"] == "elder") == 102
    assert {"player", "category", "points", "text"} <= set(data["steps"][0])


def test_replay_json(capsys):
    code, out, _ = run(capsys, "replay", "piquet", "--elder", HOFFMANN_A, "--younger", HOFFMANN_B, "--plays", PLAYS, "--json")
    data = json.loads(out)
    assert code == 0
    assert data["tricks"] == {"elder": 7, "younger": 5}
    assert data["elder"]["total"] == 43 and data["younger"]["total"] == 23
    assert data["cards"] == "elder" and data["capot"] is None and data["pique"] is None and data["repique"] is None


def test_settle(capsys):
    code, out, _ = run(capsys, "settle", "piquet", "99", "120", "--json")
    assert json.loads(out) == {"winner": "second", "points": 319, "rubicon": True}


@pytest.mark.parametrize("argv, token", [
    (["score", "piquet", "--elder", "AS KS QS JS TS 9S AH KH QH AD AC ZZ", "--younger", "x"], "'ZZ'"),
    (["score", "piquet", "--elder", "AS KS", "--younger", "x"], "12 cards"),
    (["score", "piquet", "--elder", "AS KS QS JS TS 9S AH KH QH AD AC AC", "--younger", "x"], "AC appears twice"),
    (["score", "piquet", "--elder", "AS KS QS JS TS 9S AH KH QH AD AC KD",
      "--younger", "AS 9H 8H 7H TD 9D 8D 7D TC 9C 8C KC"], "AS is in both hands"),
    (["deal", "piquett"], "did you mean piquet"),
    (["score", "piquet", "-o", "capot=3", "--elder", "a", "--younger", "b"], "no option 'capot'"),
    (["replay", "piquet", "--elder", HOFFMANN_A, "--younger", HOFFMANN_B, "--plays", "AD QD,7D AC"], "must follow diamonds"),
    (["replay", "piquet", "--elder", HOFFMANN_A, "--younger", HOFFMANN_B, "--plays", "AD"], "two cards"),
    (["deal", "piquet", "--code", "pq-AAAA"], "damaged"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, token):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and token in err and "Traceback" not in err


def test_truc_deal_and_replay(capsys):
    code, out, _ = run(capsys, "deal", "truc", "--seed", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["code"].startswith("tr-")
    code, out, _ = run(capsys, "replay", "truc", "--elder", "7S AS 9S", "--dealer", "8H AH 9H",
                       "--actions", "keep,play 7S,play 8H,play AS,play AH", "--json")
    data = json.loads(out)
    # Seed 002: the rotten second trick goes to the winner of the first: elder has two tricks.
    assert code == 0 and data["scores"] == {"elder": 1, "dealer": 0}
    code, _, err = run(capsys, "replay", "truc", "--elder", "7S AS 9S", "--dealer", "8H AH 9H", "--actions", "keep,play 7C")
    assert code == 2 and "does not hold 7C" in err


def test_counterpique_score_and_replay(capsys):
    elder, younger = "AS KS QS JS TS 7H 8H 9H 7D 8D 9D 7C", "AH KH QH JH TH AD KD QD JD TD AC KC"
    code, out, _ = run(capsys, "score", "counterpique", "--elder", elder, "--younger", younger, "--bid", "seven-three", "--json")
    assert code == 0 and "repique" in json.loads(out)
    plays = "AS TH,KS TD,QS JD,JS QD,TS KC,7H AH,KH 8H,QH 9H,JH 7D,AD 8D,KD 9D,AC 7C"
    code, out, _ = run(capsys, "replay", "counterpique", "--elder", elder, "--younger", younger, "--plays", plays, "--json")
    # Seed 001's example: seven-three bid, five tricks of thirteen: Younger scores 2 x 21 = 42 below.
    assert code == 0 and "42" in out
    code, _, err = run(capsys, "score", "counterpique", "--elder", elder, "--younger", younger, "--bid", "six-two")
    assert code == 2 and "six-two" in err


def test_bezique_deal_and_replay(capsys):
    from tutor.games import load

    first = str(load("bezique").deal(seed=3).legal_actions()[0])
    code, out, _ = run(capsys, "deal", "bezique", "--seed", "3", "--json")
    assert code == 0 and json.loads(out)["code"] == load("bezique").deal(seed=3).code
    code, out, _ = run(capsys, "deal", "bezique", "--seed", "3")
    deal = load("bezique").deal(seed=3)
    lines = out.splitlines()
    assert code == 0 and lines[0] == f"Bezique deal {deal.code} (seed 3)"
    assert lines[1].split()[0] == "elder" and len(lines[1].split()) == 9 and lines[2].split()[0] == "younger"
    assert f"turn-up    {deal.turnup.symbol}: {deal.trump.noun} are trumps; 48 cards" in out
    code, out, _ = run(capsys, "replay", "bezique", "--seed", "3", "--actions", first, "--json")
    data = json.loads(out)
    assert code == 0 and data["actions"] == [first]
    code, _, err = run(capsys, "replay", "bezique", "--seed", "3", "--actions", "play 2S")
    assert code == 2 and "2S" in err
