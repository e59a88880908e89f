"""The CLI: the acceptance interface of the Piquet engine."""

import json

import pytest

from tests.test_piquet_examples import HOFFMANN_A, HOFFMANN_B, HOFFMANN_PLAYS
from tutor.cli import main

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
    # The French rules of Le Truc: the rotten second trick goes to the winner of the first: elder has two tricks.
    assert code == 0 and data["scores"] == {"elder": 1, "dealer": 0}
    code, _, err = run(capsys, "replay", "truc", "--elder", "7S AS 9S", "--dealer", "8H AH 9H", "--actions", "keep,play 7C")
    assert code == 2 and "does not hold 7C" in err


def test_counterpique_score_and_replay(capsys):
    elder, younger = "AS KS QS JS TS 7H 8H 9H 7D 8D 9D 7C", "AH KH QH JH TH AD KD QD JD TD AC KC"
    code, out, _ = run(capsys, "score", "counterpique", "--elder", elder, "--younger", younger, "--bid", "seven-three", "--json")
    assert code == 0 and "repique" in json.loads(out)
    plays = "AS TH,KS TD,QS JD,JS QD,TS KC,7H AH,KH 8H,QH 9H,JH 7D,AD 8D,KD 9D,AC 7C"
    code, out, _ = run(capsys, "replay", "counterpique", "--elder", elder, "--younger", younger, "--plays", plays, "--json")
    # Parlett's Counterpique's example: seven-three bid, five tricks of thirteen: Younger scores 2 x 21 = 42 below.
    assert code == 0 and "42" in out
    code, _, err = run(capsys, "score", "counterpique", "--elder", elder, "--younger", younger, "--bid", "six-two")
    assert code == 2 and "six-two" in err


@pytest.mark.parametrize("game, kind", [("counterpique", "contract"), ("truc", "truc")])
def test_exercises_of_counterpique_and_le_truc_by_kind_and_by_code(capsys, game, kind):
    code, out, _ = run(capsys, "exercises", game, "--kind", kind, "--count", "2", "--seed", "4", "--json")
    data = json.loads(out)
    assert code == 0 and data["code"].startswith(f"ex-{game}-{kind}-2-4-") and len(data["questions"]) == 2
    code, text, _ = run(capsys, "exercises", "--code", data["code"], "--key")
    assert code == 0 and f"Key to set {data['code']}" in text and data["questions"][1]["answer"] in text
    assert all(q["prompt"] in text for q in data["questions"])


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


# -- the one CLI over the game contract ------------------------------------------------------------


def test_games_lists_every_registered_game(capsys):
    from tutor.games import GAMES

    code, out, _ = run(capsys, "games")
    assert code == 0 and [line.split()[0] for line in out.splitlines()] == sorted(GAMES)
    code, out, _ = run(capsys, "games", "--json")
    rows = json.loads(out)
    assert {r["name"] for r in rows} == set(GAMES) and all(r["sources"] and r["players"] for r in rows)


def test_rules_names_every_option_with_its_source(capsys):
    from tutor.games import load

    for game in ("piquet", "truc", "counterpique", "bezique"):
        code, out, _ = run(capsys, "rules", game)
        assert code == 0 and "Sources:" in out
        for o in load(game).Rules.describe():
            assert f"  {o['name']} = " in out
        assert out.count("source:") == len(load(game).Rules.describe())
    code, out2, _ = run(capsys, "options", "truc")  # the old verb still answers
    assert code == 0 and "Le Truc" in out2


def test_help_lists_the_games_and_examples(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--help"])
    out = capsys.readouterr().out
    assert e.value.code == 0
    for name in ("piquet", "truc", "counterpique", "bezique"):
        assert name in out
    assert "examples:" in out and "tutor deal bezique --seed 7" in out


def test_every_verb_deals_every_game_as_text_without_reprs(capsys):
    for game in ("piquet", "truc", "counterpique", "bezique"):
        code, out, _ = run(capsys, "deal", game, "--seed", "4")
        assert code == 0 and "Card(" not in out and "{" not in out and "<" not in out


def test_replay_by_seed_and_actions_for_any_game(capsys):
    from tutor.games import load

    for game in ("truc", "bezique", "counterpique", "piquet"):
        first = str(load(game).deal(seed=2).legal_actions()[0])
        code, out, _ = run(capsys, "replay", game, "--seed", "2", "--actions", first, "--json")
        data = json.loads(out)
        assert code == 0 and data["actions"][0].split()[0] == first.split()[0]


@pytest.mark.parametrize("argv, token", [
    (["deal"], "required"),
    (["deal", "piquet", "--nonsense"], "unrecognized"),
    (["settle", "piquet", "-5", "3"], "whole number"),
    (["settle", "piquet", "--", "-5", "3"], "'-5'"),
    (["settle", "piquet", "1", "2", "3"], "two final totals"),
    (["settle", "truc", "1", "2"], "no settlement"),
    (["score", "truc", "--elder", "AS"], "none to score"),
    (["replay", "counterpique", "--elder", "x", "--younger", "y", "--plays", ",,,"], "no tricks"),
    (["score", "counterpique", "--elder", "AS KS QS JS TS 7H 8H 9H 7D 8D 9D 7C", "--younger",
      "AH KH QH JH TH AD KD QD JD TD AC KC", "--bid", ""], "bid"),
    (["replay", "truc", "--elder", "7S AS 9S", "--dealer", "8H AH 9H", "--actions", "keep,play \u212aS"], "KELVIN SIGN"),
    (["deal", "piquet", "--seed", "x" * 5000], "…"),
    (["replay", "truc", "--bid", "seven-three", "--seed", "1", "--actions", "keep"], "--bid"),
    (["exercises", "truc", "--kind", "tricks"], "its kinds: truc"),
    (["exercises", "counterpique", "--kind", "truc"], "its kinds: contract"),
    (["sheet", "truc", "--kind", "contract", "--out", "never.pdf"], "'contract'"),
])
def test_more_bad_input_is_one_line_and_exit_2(capsys, argv, token):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "", err
    assert err.count("\n") == 1 and token in err and "Traceback" not in err
    assert len(err) < 600


def test_a_closed_pipe_ends_quietly():
    import subprocess
    import sys

    proc = subprocess.run(f"{sys.executable} -m tutor deal piquet --seed 5 | head -1", shell=True, capture_output=True, text=True)
    assert proc.stdout.startswith("Piquet deal") and "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr


def test_tute_deal_in_spanish_and_replay(capsys):
    from tutor.cards import spanish_name
    from tutor.games import load

    deal = load("tute").deal(seed=7)
    code, out, _ = run(capsys, "deal", "tute", "--seed", "7")
    assert code == 0 and out.splitlines()[0] == f"Tute Habanero deal {deal.code} (seed 7)"
    assert ", ".join(spanish_name(c) for c in deal.hand(0)) in out and f"turn-up    {spanish_name(deal.turnup)}" in out
    lead = str(deal.legal_actions()[1])
    code, out, _ = run(capsys, "replay", "tute", "--seed", "7", "--actions", f"{lead}, claim", "--json")
    data = json.loads(out)
    assert code == 0 and data["actions"] == [lead, "claim"] and data["ending"]["how"] == "false claim"
    code, _, err = run(capsys, "replay", "tute", "--seed", "7", "--actions", "play 8C")
    assert code == 2 and "8C" in err and len(err.strip().splitlines()) == 1
