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
    bar = DeskBar(lambda code, moves, dealer: got.append(code))
    for code in (None, 5, ["ss-x"], {"code": "ss-x"}):
        with pytest.raises(TutorError, match="deal link's code is text"):
            bar._message(bar, {"event": "deal", "code": code}, [])
    bar._message(bar, {"event": "deal", "code": "ss-abc"}, [])
    bar._message(bar, {"event": "other", "code": 5}, [])  # not a deal link's message: not ours to read
    with pytest.raises(TutorError, match="deal link's moves is text"):
        bar._message(bar, {"event": "deal", "code": "ss-abc", "moves": ["play AS"]}, [])
    assert got == ["ss-abc"]
