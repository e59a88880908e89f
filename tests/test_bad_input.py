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
