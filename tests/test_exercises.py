"""Exercise sets (tutor/exercises.py): every key is checked against the engine by another path than
the one that wrote it, a set code makes the same set again, and a damaged code is refused."""

import json
import pathlib
import sys

import pytest

from tutor.cards import Hand
from tutor.cli import main
from tutor.errors import TutorError
from tutor.exercises import KINDS, ExerciseError, from_code, kinds_for, make_set, parse_code
from tutor.games import GAMES, load
from tutor.games.piquet.combos import CLASSES, POINT, mask_of
from tutor.games.piquet.practice import DeclarationQuiz
from tutor.games.piquet.scoring import declaration_totals


def test_piquet_score_keys_agree_with_the_tables_alone():
    # declaration_totals counts from the tables (Cavendish Laws 62-64, repique Law 68) without the
    # explanation the key is written from
    piquet = load("piquet")
    ex = make_set(piquet, "score", 20, 5)
    for q in ex.questions:
        hands = dict(q.cards)
        e, y, _ = declaration_totals(mask_of(hands["elder"]), mask_of(hands["younger"]), piquet.rules)
        assert q.data["totals"] == {"elder": e, "younger": y}
        assert q.answer.startswith(f"elder {e}, younger {y}")
        assert all("Law" in w for w in q.working if "+" in w)
        dealt = piquet.deal(code=q.deal).deal  # the question names its deal by code: the same hands
        assert set(dealt.elder) == set(hands["elder"]) and set(dealt.younger) == set(hands["younger"])


def test_piquet_point_and_declare_keys_are_marked_right_by_the_quiz():
    piquet = load("piquet")
    for q in make_set(piquet, "point", 15, 2).questions:
        hands = dict(q.cards)
        quiz = DeclarationQuiz(Hand(hands["elder"]), Hand(hands["younger"]), piquet.rules)
        e, y = quiz.best(0, POINT), quiz.best(1, POINT)
        ek, yk = (e.key(piquet.rules.point_by_pips) if e else (-1, -1)), (y.key(piquet.rules.point_by_pips) if y else (-1, -1))
        expected = None if ek == yk else "elder" if ek > yk else "younger"
        assert q.data["winner"] == expected
    for q in make_set(piquet, "declare", 15, 2).questions:
        hands = dict(q.cards)
        quiz = DeclarationQuiz(Hand(hands["elder"]), Hand(hands["younger"]), piquet.rules)
        for kind in CLASSES:
            got = q.data[kind]
            if got["call"] is None:
                assert quiz.check_declaration(0, kind, ()).correct
                continue
            assert quiz.check_declaration(0, kind, got["call"].split()).correct
            assert quiz.check_reply(kind, got["answer"]).correct


TRICK_GAMES = [n for n in GAMES if KINDS["tricks"] in kinds_for(load(n))]


def test_the_trick_kind_is_offered_for_the_stock_games():
    assert {"sixtysix", "schnapsen", "bezique", "chouine", "briscan", "tute"} <= set(TRICK_GAMES)
    assert "piquet" not in TRICK_GAMES and "truc" not in TRICK_GAMES


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_trick_keys_count_the_cards_won(name):
    game = load(name)
    state = game.deal(seed=0)
    value = state.spec.card_value
    side = {s.name: state.table.side_name(s) for s in state.table}
    key_of = {state.table.words(k): k for k in state.table.side_names}  # a side in the working is in words
    for q in make_set(game, "tricks", 4, 11).questions:
        won = dict.fromkeys(q.data["scores"], 0)
        for seat, cards in q.data["won"]:
            won[side[seat]] += sum(value[c] for c in game.pack.parse_hand(cards))
        steps = [w for w in q.working if " +" in w.split(":")[0]]
        by_side = dict.fromkeys(q.data["scores"], 0)
        cards_by_side = dict.fromkeys(q.data["scores"], 0)
        for w in steps:
            said, pts = w.split(":")[0].rsplit(" +", 1)
            who = key_of[said]
            by_side[who] += int(pts)
            if w.split(": ", 1)[1].startswith("takes "):
                cards_by_side[who] += int(pts)
        assert by_side == q.data["scores"]  # the key's steps add up to the engine's scores
        if state.table.partnerships:  # the answer and working name a side in words, never by its key
            assert not any(k in q.answer or any(k in w for w in q.working) for k in state.table.side_names), q.answer
        if any(cards_by_side.values()):
            assert cards_by_side == won  # the cards taken count what the pack's table says they count
        assert 1 <= q.data["tricks"] <= 5  # three to five, fewer when the deal ended sooner


@pytest.mark.parametrize("name", ["bezique", "briscan", "chouine"])
def test_meld_keys_score_what_the_workbench_scores_when_declared(name):
    import importlib

    game = load(name)
    bench_cls = importlib.import_module(f"tutor.games.{name}.workbench").Workbench
    for q in make_set(game, "melds", 6, 3).questions:
        assert q.data["legal"] and set(q.data["best"]) <= set(q.data["legal"])
        for meld, points in q.data["legal"].items():
            bench = bench_cls(q.data["hand"], q.data["trumps"], rules=game.rules)
            before = bench.total
            bench.apply("declare " + meld)
            assert bench.total - before == points, meld
        top = max(q.data["legal"].values())
        assert all(q.data["legal"][b] == top for b in q.data["best"]) or name == "chouine"


@pytest.mark.parametrize("game, kind", [("sixtysix", "tricks"), ("counterpique", "contract"), ("truc", "truc")])
def test_a_code_makes_the_same_set_and_names_its_parts(game, kind):
    ex = make_set(game, kind, 3, 42)
    assert parse_code(ex.code) == (game, kind, 3, 42)
    assert from_code(ex.code).to_json() == ex.to_json()
    assert make_set(game, kind, 3, 43).to_json() != ex.to_json()


def test_every_single_typo_and_neighbour_swap_in_a_code_is_refused():
    code = make_set("piquet", "declare", 12, 2026).code
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"
    for i, ch in enumerate(code):
        for other in alphabet:
            if other == ch:
                continue
            bad = code[:i] + other + code[i + 1 :]
            with pytest.raises(ExerciseError) as e:
                parse_code(bad)
            assert e.value.token is not None
    for i in range(len(code) - 1):
        if code[i] != code[i + 1]:
            with pytest.raises(ExerciseError):
                parse_code(code[:i] + code[i + 1] + code[i] + code[i + 2 :])


@pytest.mark.parametrize("args, token", [
    (("piquet", "tricks", 3, 0), "'tricks'"),
    (("piquet", "score", 0, 0), "'0'"),
    (("piquet", "score", "ten", 0), "'ten'"),
    (("sixtysix", "score", 2, -1), None),
])
def test_bad_requests_are_typed_errors_naming_the_token(args, token):
    with pytest.raises(TutorError) as e:
        make_set(*args)
    if token:
        assert e.value.token == token and token in str(e.value)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_exercises_json_and_code_round_trip(capsys):
    code, out, _ = run(capsys, "exercises", "piquet", "--kind", "score", "--count", "3", "--seed", "9", "--json")
    data = json.loads(out)
    assert code == 0 and len(data["questions"]) == 3
    code, out2, _ = run(capsys, "exercises", "--code", data["code"], "--json")
    assert json.loads(out2) == data
    code, text, _ = run(capsys, "exercises", "--code", data["code"])
    assert "Key" not in text and data["questions"][0]["cards"]["elder"] in text
    code, text, _ = run(capsys, "exercises", "--code", data["code"], "--key")
    assert f"Key to set {data['code']}" in text and data["questions"][2]["answer"] in text


@pytest.mark.parametrize("argv", [
    ("exercises",), ("exercises", "piquet"), ("exercises", "nogame", "--kind", "score"),
    ("exercises", "piquet", "--kind", "score", "--count", "x" * 5000),
    ("exercises", "--code", "ex-piquet-score-2-7-Dt"), ("exercises", "piquet", "--kind", "score", "--code", "ex-a"),
    ("link", "piquet", "--code", "zz-123"), ("sheet", "piquet", "--kind", "score"),
])
def test_cli_bad_arguments_are_one_line_and_exit_2(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and len(err) < 400


def test_piquet_discard_keys_agree_with_a_count_of_every_draw():
    # the advisor's value, recounted by brute force over every draw from the 20 unseen cards: the
    # point its length, every sequence and set as Cavendish Laws 62-64 score them
    from fractions import Fraction
    from itertools import combinations

    from tutor.cards import PACKS
    from tutor.games.piquet.combos import best_combination, sequence_total, set_total

    piquet = load("piquet")
    pack = PACKS[piquet.TYPE.pack]
    for q in make_set(piquet, "discard", 2, 8).questions:
        hand = set(dict(q.cards)["elder"])
        discard = set(pack.parse_hand(q.data["discard"]))
        assert discard <= hand and 1 <= len(discard) <= 5
        kept = mask_of(hand - discard)
        unseen = [c for c in pack.cards if c not in hand]
        total, n = 0, 0
        for draw in combinations(unseen, len(discard)):
            m = kept | mask_of(draw)
            point = best_combination(POINT, m, piquet.rules.point_min_length)
            total += (point.length if point else 0) + sequence_total(m) + set_total(m)
            n += 1
        assert Fraction(total, n) == Fraction(q.data["expected"])
        assert q.data["discard"] in q.answer and q.data["second"] in q.answer


def test_a_misspelt_game_or_kind_in_a_code_is_named():
    code = make_set("schnapsen", "tricks", 5, 1).code
    with pytest.raises(ExerciseError) as e:
        parse_code(code.replace("schnapsen", "schnapsem"))
    assert e.value.token == "'schnapsem'" and "not a game" in str(e.value)
    with pytest.raises(ExerciseError) as e:
        parse_code(code.replace("tricks", "tricsk"))
    assert e.value.token == "'tricsk'" and "not a kind" in str(e.value)


def test_a_trick_question_names_the_deal_it_was_played_from():
    game = load("sixtysix")
    for q in make_set(game, "tricks", 3, 2).questions:
        assert game.deal(code=q.deal).code == q.deal
        first = q.data["won"][0][1].split()
        hands = [set(map(str, game.deal(code=q.deal).view(s)["hand"])) for s in game.deal(code=q.deal).table]
        assert any(first[0] in h for h in hands)  # the first trick's lead was in a hand as dealt


def test_every_registered_game_has_a_kind_of_question():
    assert all(kinds_for(load(name)) for name in GAMES), [n for n in GAMES if not kinds_for(load(n))]
    assert [k.name for k in kinds_for(load("counterpique"))] == ["contract"]
    assert [k.name for k in kinds_for(load("truc"))] == ["truc"]


def test_counterpique_contract_keys_agree_with_the_tables_and_parletts_score():
    # above the line: Counterpique declares "in the usual way" (Parlett's Counterpique, Declarations),
    # so Piquet's tables count it (Cavendish Laws 62-64, repique Law 68); below the line, Parlett's
    # Counterpique, Score, by hand: made, tricks bid x cards left; short, that value x tricks short
    from tutor.games.counterpique import Deal, parse_bid
    from tutor.games.piquet.rules import PiquetRules

    game = load("counterpique")
    ex = make_set(game, "contract", 8, 3)
    assert len({q.data["tricks"] for q in ex.questions}) > 1  # some made, some short
    for q in ex.questions:
        d = q.data
        elder, younger = game.pack.parse_hand(d["elder"]), game.pack.parse_hand(d["younger"])
        assert dict(q.cards) == {"elder": tuple(elder), "younger": tuple(younger)}
        e, y, _ = declaration_totals(mask_of(elder), mask_of(younger), PiquetRules())
        assert d["above"] == {"elder": e, "younger": y}
        bid = parse_bid(d["bid"])
        short = bid.tricks - d["tricks"]
        want = {"elder": bid.tricks * bid.cards, "younger": 0} if short <= 0 else {"elder": 0, "younger": bid.tricks * bid.cards * short}
        assert d["below"] == want
        assert q.answer.startswith(f"above the line elder {e}, younger {y}; below the line elder {want['elder']}, younger {want['younger']}")
        steps = [w for w in q.working if " +" in w.split(":")[0]]
        assert sum(int(w.split(":")[0].rsplit(" +", 1)[1]) for w in steps) == e + y + sum(want.values())
        assert all("Parlett's Counterpique" in w for w in steps)
        # the tricks, replayed from the hands after the draw, give the count the question states
        state = game.replay(elder, younger, [tuple(p) for p in d["plays"]], bid=bid)
        assert state.is_over and state.nominal_tricks()[state.elder] == d["tricks"]
        # and the hands after the draw come from the deal the code names: each hand's own cards and the talon
        dealt = Deal.from_code(q.deal)
        assert len(elder) == len(younger) == 12
        for hand in (elder, younger):
            assert set(hand) <= set(dealt.non_dealer) | set(dealt.talon) or set(hand) <= set(dealt.dealer) | set(dealt.talon)


#: the French rules of Le Truc: 7 8 A K Q J 10 9 from the top, suits of no account
TRUC_RANKS = "78AKQJT9"


def _truc_recount(manche: dict, moves: list, target: int = 12) -> tuple[dict, int]:
    """Who scores what from the moves alone, read as the French rules of Le Truc has it: a double
    accepted doubles the value, a banco asks the points its player lacks, a refusal gives the proposer
    the value before it; two tricks win the deal, a pourrie credited by credit_by_trick."""
    from tutor.games.truc.trainer import credit_by_trick

    value, pending, played = 1, None, []
    for who, act in moves:
        if act == "double":
            pending = (who, 2 * value)
        elif act == "banco":
            if pending is not None:  # a counter-banco: the first taken as accepted
                value = pending[1]
            pending = (who, target - manche[who])
        elif act == "accept":
            value, pending = pending[1], None
        elif act == "refuse":
            return {p: value if p == pending[0] else 0 for p in ("elder", "dealer")}, value
        elif act.startswith("play "):
            played.append((who, act.split()[1]))
    results = []
    for (a, ca), (b, cb) in zip(played[0::2], played[1::2]):
        ra, rb = TRUC_RANKS.index(ca[0]), TRUC_RANKS.index(cb[0])
        results.append("rotten" if ra == rb else a if ra < rb else b)
    credit = credit_by_trick(results)
    winner = next((p for p in ("elder", "dealer") if credit.count(p) >= 2), None)
    return {p: value if p == winner else 0 for p in ("elder", "dealer")}, value


def test_truc_keys_agree_with_a_recount_of_the_moves_and_a_replay_of_the_deal():
    game = load("truc")
    ex = make_set(game, "truc", 30, 5)
    endings = set()
    for q in ex.questions:
        d = q.data
        scores, value = _truc_recount(d["manche"], d["moves"])
        assert d["scores"] == scores and d["value"] == value
        assert q.answer.startswith(", ".join(f"{p} {v}" for p, v in scores.items()))
        steps = [w for w in q.working if " +" in w.split(":")[0]]
        assert sum(int(w.split(":")[0].rsplit(" +", 1)[1]) for w in steps) == sum(scores.values())
        # the moves replayed on the deal the code names, from the manche the prompt states
        state = game.deal(code=q.deal, manche=(d["manche"]["elder"], d["manche"]["dealer"]))
        assert f"elder {d['manche']['elder']}, dealer {d['manche']['dealer']}" in q.prompt
        for who, act in d["moves"]:
            state.apply(act, who)
        assert state.is_over and state.scores() == scores
        endings.add((state.ending, "double" in {a for _, a in d["moves"]}))
        # every card played was in the hand the question shows its player holding
        for who, act in d["moves"]:
            if act.startswith("play "):
                assert act.split()[1] in d["hands"][who].split()
    assert {("won", True), ("refused", True), ("won", False)} <= endings  # the set shows each case
    assert any(a == "banco" for q in ex.questions for _, a in q.data["moves"])


#: sets recorded from the engines, made again exactly: every question, answer, step and code, and
#: the kinds each game offers in order. When a key changes on purpose (a rule corrected), record
#: them again with ``python -m tests.test_exercises --record`` and read the difference.
RECORDED = pathlib.Path(__file__).parent / "data" / "exercise_sets.json"
RECORDED_SETS = [("piquet", "score"), ("piquet", "declare"), ("piquet", "point"), ("piquet", "discard"),
                 ("sixtysix", "tricks"), ("bondtolva4", "tricks"), ("gaigel3", "tricks"), ("bezique", "tricks"),
                 ("bezique", "melds"), ("briscan", "melds"), ("chouine", "melds"), ("counterpique", "contract"), ("truc", "truc"),
                 ("sixtysix", "best"), ("tute", "best"), ("schnapsen", "close"), ("gaigel", "opening"),
                 ("tute", "claim"), ("bondtolva4", "partner"), ("marjapussi", "partner")]


def _record() -> dict:
    sets = {}
    for game, kind in RECORDED_SETS:
        ex = make_set(game, kind, 2, 7)
        sets[ex.code] = {"json": ex.to_json(), "text": ex.text(key=True)}
    return {"kinds": {n: [[k.name, k.title] for k in kinds_for(load(n))] for n in sorted(GAMES)}, "sets": sets}


def test_recorded_sets_are_made_again_exactly():
    want = json.loads(RECORDED.read_text(encoding="utf-8"))
    got = json.loads(json.dumps(_record(), ensure_ascii=False))
    assert got["kinds"] == want["kinds"]
    assert list(got["sets"]) == list(want["sets"])  # the same codes
    for code, ex in want["sets"].items():
        assert from_code(code).to_json() == ex["json"], code
        assert got["sets"][code] == ex, code


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    RECORDED.write_text(json.dumps(_record(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def test_a_game_declares_its_kinds_and_its_family_core_adds_its_own():
    # a game of the stock core declares one kind of its own: it is offered after the core's
    # "tricks", and a set of it is made by the generic code, which knows no game
    from tutor.exercises import Kind, Question
    from tutor.games.sixtysix import SixtySix

    def make(game, seed, number):
        state = game.deal(seed=seed)
        return Question(number, "How many cards are in the stock?", (), str(len(state.stock)), (), {}, state.code)

    class Drilled(SixtySix):
        EXERCISES = (Kind("stock", "how many cards are in the stock?", make),)

    game = Drilled()
    assert [k.name for k in kinds_for(game)] == ["tricks", "stock"]
    assert kinds_for(game)[0] is KINDS["tricks"]  # the core's kind, declared once
    ex = make_set(game, "stock", 2, 5)
    assert [q.answer for q in ex.questions] == [str(len(game.deal(seed=f"exercise/5/{i}").stock)) for i in range(2)]
    assert "stock" not in KINDS  # not registered, so not among the registered games' kinds
    with pytest.raises(ExerciseError):
        make_set("sixtysix", "stock", 2, 5)
