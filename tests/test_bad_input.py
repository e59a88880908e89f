"""Bad input anywhere is one typed error naming it, and changes nothing: look-alike digits and huge
numbers where a number is read, wrong seats for a view, wrong types at the public entry points."""

from __future__ import annotations

import pytest

from tutor.cards import check_seed
from tutor.cli import main
from tutor.errors import MAX_DIGITS, NotationError, RuleOptionError, TutorError, read_whole
from tutor.games import load

#: written like numbers, but not in the digits 0-9: each names another number, or none
LOOK_ALIKES = {"１０": "１", "١٠": "١", "²": "²", "1_0": "_", "7\u00b3": "\u00b3", "\u0967\u0968": "\u0967"}


@pytest.mark.parametrize("text, odd", LOOK_ALIKES.items())
def test_a_look_alike_number_is_refused_naming_the_character(text, odd):
    for read in (lambda t: read_whole(t, "a total"), check_seed, lambda t: load("piquet").deal(seed=t)):
        with pytest.raises(TutorError) as e:
            read(text)
        assert e.value.token == odd and repr(odd) in str(e.value)
    with pytest.raises(RuleOptionError, match="digits 0-9"):
        load("piquet", point_min_length=text)
    with pytest.raises(NotationError, match="digits 0-9"):
        load("counterpique").deal(seed=0).apply(f"bid {text}")


def test_plain_numbers_still_read_as_before():
    assert check_seed(" 10 ") == check_seed(10) == 10 and check_seed("-3") == -3
    assert check_seed("my_seed") == "my_seed" and check_seed("a²") == "a²"  # text seeds, not numbers
    assert load("piquet").deal(seed="10").code == load("piquet").deal(seed=10).code
    assert load("piquet", point_min_length="3").rules.point_min_length == 3
    assert read_whole("40", "a count", lo=1, hi=40) == 40


@pytest.mark.parametrize("huge", ["9" * 5_000, "1" * (MAX_DIGITS + 1), 10**5_000, -(10**MAX_DIGITS)], ids=["5000 digits", "65 digits", "10**5000", "-10**64"])
def test_a_huge_number_is_a_typed_error_not_pythons(huge):
    with pytest.raises(NotationError, match="at most 64 digits"):
        check_seed(huge)
    with pytest.raises(RuleOptionError):
        load("piquet", point_min_length=huge)
    assert check_seed("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)


CP_ELDER, CP_YOUNGER = "AS KS QS JS TS 7H 8H 9H 7D 8D 9D 7C", "AH KH QH JH TH AD KD QD JD TD AC KC"


@pytest.mark.parametrize("argv", [
    ["deal", "piquet", "--seed", "9" * 5_000],
    ["deal", "piquet", "--seed", "１０"],
    ["score", "counterpique", "--elder", CP_ELDER, "--younger", CP_YOUNGER, "--bid", "seven-thre\u00b3"],
    ["score", "counterpique", "--elder", CP_ELDER, "--younger", CP_YOUNGER, "--bid", "²"],
    ["score", "counterpique", "--elder", CP_ELDER, "--younger", CP_YOUNGER, "--bid", "7-３"],
    ["settle", "piquet", "١٠", "3"],
    ["exercises", "piquet", "--kind", "score", "--count", "9" * 5_000],
    ["exercises", "piquet", "--kind", "score", "--seed", "1_0"],
    ["deal", "piquet", "-o", "point_min_length=３"],
])
def test_the_cli_answers_look_alikes_and_huge_numbers_in_one_line(argv, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert len(captured.err) < 300


# -- a seat for a view ------------------------------------------------------------------------

NAMES = sorted(__import__("tutor.games", fromlist=["GAMES"]).GAMES)
WRONG_SEATS = ["nobody", -1, True, False, 1.5, None, 99, [0], "", b"elder"]


@pytest.mark.parametrize("name", NAMES)
def test_view_and_hidden_take_a_seat_its_index_or_its_name_and_refuse_anything_else(name):
    from tutor.seats import SeatError

    state = load(name).deal(seed=2)
    for seat in state.table:
        for given in (seat, int(seat), seat.name, f" {seat.name.upper()} "):
            assert state.view(given) == state.view(seat) and state.hidden(given) == state.hidden(seat)
    before = state.to_json()
    for wrong in WRONG_SEATS + [state.table.size]:
        for method in (state.view, state.hidden):
            with pytest.raises(SeatError):
                method(wrong)
    assert state.to_json() == before
    # a seat of another table stands for its index there; a seat index of this table is not a bool
    assert state.view(load(name).deal(seed=3).table.seats[0]) == state.view(0)


@pytest.mark.parametrize("name", ["sixtysix", "piquet", "truc", "marjapussi"])
def test_a_matchs_view_takes_the_same_seats(name):
    from tutor.seats import SeatError

    match = load(name).match(1)
    first = match.deal.table.seats[0]
    assert match.view(first.name) == match.view(first) == match.view(0)
    for wrong in WRONG_SEATS:
        with pytest.raises(SeatError):
            match.view(wrong)
        with pytest.raises(SeatError):
            match.hidden(wrong)


# -- a session's start ------------------------------------------------------------------------


@pytest.mark.parametrize("match", [False, True])
def test_a_refused_start_leaves_the_session_as_it_was(match):
    from tutor.session import Session

    session = Session(load("sixtysix"), seed=5, match=match)
    session.act(session.state.legal_actions()[0]) if session.reader_to_move else None
    before = (session.seed, session.state.code, list(session.actions), list(session.log))
    for bad in [[1, 2], True, 1.5, {"seed": 1}, "9" * 5_000, "１０", 10**100, b"7"]:
        with pytest.raises(NotationError):
            session.start(bad)
        assert (session.seed, session.state.code, session.actions, session.log) == before
    with pytest.raises(TutorError, match="deal code is text"):
        session.start(None, code=12)
    assert session.seed == before[0]
    session.start(7)  # not wedged: the next good seed deals
    assert session.seed == 7 and session.state.code == Session(load("sixtysix"), seed=7, match=match).state.code
    with pytest.raises(NotationError):
        Session(load("sixtysix"), seed=[1, 2], match=match)


# -- public entry points: wrong types are typed errors naming the token --------------------------


@pytest.mark.parametrize("total", [1.5, None, True, "１２０", 10**70, -1, [120]], ids=repr)
def test_settle_takes_whole_numbers_only(total):
    piquet = load("piquet")
    for settle in (lambda: piquet.settle(total, 99), lambda: piquet.cli_settle([99, total])):
        with pytest.raises(TutorError, match="final total"):
            settle()
    assert piquet.settle("120", 99).points == 120 + 99 + 100  # Cavendish: loser under 100, sum + 100 (rubicon)


@pytest.mark.parametrize("name", ["sixtysix", "counterpique", "piquet"])
def test_rewind_refuses_anything_but_a_count_and_changes_nothing(name):
    match = load(name).match(2)
    for _ in range(3):
        match.apply(match.legal_actions()[0])
    before = (list(match.history), match.deal.code, repr(getattr(match, "pad", None) and match.pad.totals()))
    for n in (1.5, None, True, -1, "x", 10**70):
        with pytest.raises(TutorError, match="take back"):
            match.rewind(n)
        assert (list(match.history), match.deal.code, repr(getattr(match, "pad", None) and match.pad.totals())) == before
    assert match.rewind("2") == 2 and len(match.history) == 1


def test_a_deal_link_message_with_a_code_that_is_not_text_is_a_typed_error():
    from tutor.widgets.desk import DeskBar

    got = []
    bar = DeskBar(lambda code, moves, dealer, standing: got.append(code))
    for code in (None, 5, ["ss-x"], {"code": "ss-x"}):
        with pytest.raises(TutorError, match="deal link's code is text"):
            bar._message(bar, {"event": "deal", "code": code}, [])
    bar._message(bar, {"event": "deal", "code": "ss-abc"}, [])
    bar._message(bar, {"event": "other", "code": 5}, [])  # not a deal link's message: not ours to read
    with pytest.raises(TutorError, match="deal link's moves is text"):
        bar._message(bar, {"event": "deal", "code": "ss-abc", "moves": ["play AS"]}, [])
    with pytest.raises(TutorError, match="deal link's standing is text"):
        bar._message(bar, {"event": "deal", "code": "ss-abc", "standing": {"first": 3}}, [])
    assert got == ["ss-abc"]


# -- the quizzes, the trainers and the workbenches ----------------------------------------------
# what a panel or a reader's Python hands them: a seed, a count, a player, a word, a line of text.
# Each wrong value is a TutorError naming it, in a message of one short line, and the object is
# left as it was.

BAD_SEEDS = [True, 1.5, [1], {"seed": 1}, b"7", "１０", "²", "1_0", 10**70, "9" * 5_000, 10**5_000, object()]
BAD_COUNTS = [None, True, 1.5, "1.5", "１", "²", 10**70, "9" * 5_000, 0, -1, [5], {"n": 5}]
BAD_TEXTS = [None, 5, 1.5, True, ["play AS"], {"text": "x"}, b"play AS", 10**5_000, object()]
BAD_WORDS = BAD_TEXTS + ["nobody", "", "  ", "１", "x" * 10_000]


def refused(call, value, error=TutorError, number=False):
    """``call(value)`` is refused with ``error`` naming the value in a short message (shortened, a
    huge number by its size); where a ``number`` is read, a look-alike digit by that character."""
    with pytest.raises(error) as e:
        call(value)
    message = str(e.value)
    assert (e.value.token is not None or value is None) and "\n" not in message and len(message) < 300, message
    odd = None
    if number and isinstance(value, str):
        odd = LOOK_ALIKES.get(value, value if len(value) == 1 and not value.isascii() else None)
    if odd is not None:
        assert e.value.token == odd and repr(odd) in message
    return e.value


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=lambda v: type(v).__name__ + ":" + repr(v)[:8] if not isinstance(v, int) or v < 10**100 else "10**5000")
def test_a_quiz_trainer_or_workbench_takes_a_seed_as_deal_does(seed):
    from tutor.games.chouine.workbench import Practice
    from tutor.games.chouine.workbench import Workbench as Chouine
    from tutor.games.piquet.advisor import advise
    from tutor.games.piquet.practice import DeclarationQuiz
    from tutor.games.sixtysix.trainer import weigh
    from tutor.games.truc.trainer import RottenTrainer

    for make in (DeclarationQuiz.from_seed, RottenTrainer, Practice, Chouine.dealt, BeziqueBench.dealt, BriscanBench.dealt):
        refused(make, seed, number=True)
    for bench in (BeziqueBench(), BriscanBench()):
        before = bench_state(bench)
        refused(bench.deal, seed, number=True)
        refused(bench.practice, seed, number=True)
        assert bench_state(bench) == before
    position = load("sixtysix").deal(seed=1)
    before = position.to_json()
    refused(lambda s: weigh(position, samples=1, seed=s), seed, number=True)
    assert position.to_json() == before
    advice = advise("AS KS QS JS TS 9S AH KH QH AD KD QD")
    refused(lambda s: advice.good_against(1, samples=1, seed=s), seed, number=True)
    assert advice.best.good is None  # nothing sampled, nothing stored
    # the same seeds that deal() takes still deal, and deal the same
    assert RottenTrainer("7").results == RottenTrainer(7).results
    assert BeziqueBench.dealt("3").hand == BeziqueBench.dealt(3).hand


@pytest.mark.parametrize("count", BAD_COUNTS, ids=lambda v: repr(v)[:12])
def test_a_count_is_a_whole_number_in_its_range(count):
    from tutor.games.piquet.advisor import advise
    from tutor.games.sixtysix.trainer import MAX_SAMPLES, weigh

    position = load("sixtysix").deal(seed=1)
    refused(lambda n: weigh(position, samples=n), count, number=True)
    advice = advise("AS KS QS JS TS 9S AH KH QH AD KD QD")
    for call in (lambda n: advice.good_against(1, samples=n), lambda n: advice.good_against(n, samples=1),
                 advice.table, advice._repr_html_, lambda n: advice.to_json(n, False)):
        if count is None and call is not advice.table and call is not advice._repr_html_:
            continue  # the rows to_json gives: None is all of them; sampling: None is the default
        refused(call, count, number=True)
    assert advice.best.good is None
    with pytest.raises(TutorError, match="from 1 to 1,000"):
        weigh(position, samples=MAX_SAMPLES + 1)
    assert len(weigh(position, samples="2").arrangements) == 2  # written in the digits 0-9, it is read
    assert advice.table(" 3 ").count("\n") == advice.table(3).count("\n")


@pytest.mark.parametrize("word", BAD_WORDS, ids=lambda v: type(v).__name__ + ":" + (repr(v)[:8] if not isinstance(v, int) else "big"))
def test_a_player_a_kind_and_an_answer_are_one_of_their_words(word):
    from tutor.games.piquet.practice import DeclarationQuiz
    from tutor.games.truc.odds import hand_odds

    quiz = DeclarationQuiz.from_seed(1)
    hands = (quiz.elder, quiz.younger)
    for call in (lambda w: quiz.best(w, "point"), lambda w: quiz.best(0, w), lambda w: quiz.opponent_call(w),
                 lambda w: quiz.check_declaration(w, "point", "AS"), lambda w: quiz.check_declaration(0, w, "AS"),
                 lambda w: quiz.check_reply(w, "good"), lambda w: quiz.check_reply("point", w),
                 lambda w: hand_odds("AS KS QS", w)):
        refused(call, word)
    assert (quiz.elder, quiz.younger) == hands
    # the words themselves, in any case and with spaces around, and the seat numbers
    assert quiz.best(" Younger ", "point") == quiz.best(1, "POINT") != quiz.best("elder", "point")
    assert hand_odds("AS KS QS", "dealer") == hand_odds("AS KS QS", 1) != hand_odds("AS KS QS", "elder")
    for wrong in (1.0, -1, 2):  # a number that is no seat: neither read as 1 (the dealer) nor wrapped round
        refused(lambda w: hand_odds("AS KS QS", w), wrong)
        refused(lambda w: quiz.best(w, "point"), wrong)


@pytest.mark.parametrize("text", BAD_TEXTS, ids=lambda v: type(v).__name__)
def test_a_workbench_line_or_answer_is_text(text):
    from tutor.games.chouine.workbench import Practice
    from tutor.games.truc.trainer import RottenTrainer

    for bench in (BeziqueBench(), BriscanBench()):
        bench.apply(f"declare {bench.best()[0].action.split(' ', 1)[1]}" if bench.best() else "play " + str(bench.hand[0]))
        bench.toggle(bench.available()[0])
        before = bench_state(bench)
        calls = [bench.apply, bench.answer, bench.toggle]
        if text is not None:  # None is the default of these: the selection, the hand or trumps kept
            calls += [bench.declare, bench.play, bench.reset, lambda t, b=bench: b.reset(None, t)]
        for call in calls:
            refused(call, text)
            assert bench_state(bench) == before
    practice = Practice(1)
    asked, shown = (practice.asked, practice.right), practice.bench
    refused(practice.answer, text)  # None is no "none"
    assert (practice.asked, practice.right) == asked and practice.bench is shown
    trainer = RottenTrainer(1)
    question = trainer.results
    for answers in (text, [text] * len(question)):
        if answers == [None] * len(question):
            continue  # None for each trick is "nobody" for each: an answer, marked
        refused(trainer.check, answers)
    assert trainer.results == question


@pytest.mark.parametrize("rules", [{"marriage": 20}, "defaults", 1, True, load("piquet").rules])
def test_a_workbench_or_quiz_takes_its_own_games_rules_only(rules):
    from tutor.games.chouine.workbench import Practice
    from tutor.games.chouine.workbench import Workbench as Chouine
    from tutor.games.piquet.advisor import advise
    from tutor.games.piquet.practice import DeclarationQuiz

    quiz = DeclarationQuiz.from_seed(1)
    for make in (lambda r: BeziqueBench(None, "hearts", r), lambda r: BriscanBench(None, "hearts", r),
                 lambda r: Chouine(None, "hearts", r), lambda r: Chouine.dealt(0, r), lambda r: Practice(0, r)):
        refused(make, rules, RuleOptionError)
    if not isinstance(rules, type(load("piquet").rules)):
        refused(lambda r: DeclarationQuiz(quiz.elder, quiz.younger, r), rules, RuleOptionError)
        refused(lambda r: advise("AS KS QS JS TS 9S AH KH QH AD KD QD", rules=r), rules, RuleOptionError)


def test_a_quizs_hands_are_two_piquet_hands_sharing_no_card():
    from tutor.games.piquet.practice import DeclarationQuiz

    quiz = DeclarationQuiz.from_seed(1)
    with pytest.raises(NotationError, match="12 cards"):
        DeclarationQuiz("AS KS", quiz.younger)
    with pytest.raises(NotationError) as e:
        DeclarationQuiz(quiz.elder, quiz.elder)
    assert e.value.token == str(min(quiz.elder, key=__import__("tutor.cards", fromlist=["PIQUET_PACK"]).PIQUET_PACK.sort_key))
    for wrong in (None, 5, [1.5]):
        with pytest.raises(NotationError):
            DeclarationQuiz(wrong, quiz.younger)
    assert DeclarationQuiz(str(quiz.elder), str(quiz.younger)).best(0, "point") == quiz.best(0, "point")


def test_the_closing_trainer_weighs_a_deal_of_the_stock_core_only():
    from tutor.games.sixtysix.trainer import arranged, played_on, solved_out, weigh

    position = load("sixtysix").deal(seed=1)
    for wrong in (None, "ss-abc", load("piquet").deal(seed=1), {"hands": []}):
        for call in (weigh, solved_out, played_on, lambda s: arranged(s, 0, ((), ()))):
            refused(call, wrong)
    for flag in (1, "yes", None, 1.5):
        refused(lambda k: weigh(position, samples=1, known=k), flag)
    for seat in (True, 2, "nobody", 1.0):
        refused(lambda p: arranged(position, p, ((), ())), seat)
    for arrangement in (None, "AS KS", ((), (), ()), (["AS"], [])):
        refused(lambda a: arranged(position, 0, a), arrangement)


# the workbenches of the stock core's games, and what of them a refusal must leave unchanged
from tutor.games.bezique.workbench import Workbench as BeziqueBench  # noqa: E402
from tutor.games.briscan.workbench import Workbench as BriscanBench  # noqa: E402


def bench_state(bench):
    return (bench.hand, bench.trump, list(bench.actions), set(bench.selected), bench.total)


def test_a_long_path_in_a_message_keeps_the_file_it_names(tmp_path, capsys):
    # a path is cut at its start, so its end, which names the file, is what the reader reads
    from tutor import cli
    from tutor.errors import shorten_path

    deep = tmp_path.joinpath(*["a-folder-with-a-long-name"] * 6)
    deep.mkdir(parents=True)
    said = shorten_path(deep / "answer.html")
    assert said.startswith("'…") and said.endswith("/answer.html'") and len(said) <= 84
    assert shorten_path("short/answer.html") == "'short/answer.html'"
    (deep / "answer.html").write_text("<p>a reader's own page</p>")
    from tutor.exercises import make_set

    code = cli.main(["exercises", "--code", make_set("piquet", "point", 2, 4).code, "--answer-page", str(deep)])
    err = capsys.readouterr().err
    assert code == 2 and "answer.html' exists" in err and err.count("\n") == 1
    assert (deep / "answer.html").read_text() == "<p>a reader's own page</p>"
