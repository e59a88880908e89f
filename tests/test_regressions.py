"""Wrong things readers were told, each pinned so it cannot come back."""

from __future__ import annotations

import pytest

from tutor.cards import PIQUET_PACK, Card, check_seed, parse_card
from tutor.errors import NotationError, TutorError
from tutor.games import load


def hands(seed):
    cards = PIQUET_PACK.shuffled(seed)
    return " ".join(map(str, cards[:12])), " ".join(map(str, cards[12:24]))


def test_counterpique_score_counts_younger_declarations():
    """Younger shows his combinations after elder's first lead; `score` used to stop before it, so
    younger's good combinations scored nothing and elder could be given a repique he never earned.
    Counterpique's combinations score as Piquet's (David Parlett, 'Counterpique'), so Piquet's
    reckoning of the same two hands (Cavendish Law 67 order) is the oracle."""
    counterpique, piquet = load("counterpique"), load("piquet")
    younger_scored = 0
    for seed in range(150):
        e, y = hands(seed)
        got, want = counterpique.score(e, y).totals, piquet.score(e, y).totals
        assert got == want, f"seed {seed}: {got} != {want}"
        younger_scored += got["younger"] > 0
    assert younger_scored > 50


def test_the_cli_score_for_counterpique_counts_younger(capsys):
    import json

    from tutor.cli import main

    e, y = hands(11)
    assert main(["score", "counterpique", "--elder", e, "--younger", y, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["younger"]["total"] == load("piquet").score(e, y).totals["younger"]


def test_an_equal_point_is_accepted_in_declaration_practice():
    """Seed 3: younger's hearts A Q 9 7 and spades J T 9 8 are both a point of four making 37
    (ace 11, courts 10: Cavendish Law 62); either is right, and the feedback says so."""
    from tutor.games.piquet.session import DeclarationQuiz

    quiz = DeclarationQuiz.from_seed(3)
    hearts = quiz.check_declaration(1, "point", [Card(c) for c in "AH QH 9H 7H".split()])
    spades = quiz.check_declaration(1, "point", [Card(c) for c in "JS TS 9S 8S".split()])
    wrong = quiz.check_declaration(1, "point", [Card(c) for c in "AH QH".split()])
    assert hearts.correct and spades.correct and not wrong.correct
    assert "worth the same" in hearts.explanation


@pytest.mark.parametrize("text, name", [("\u212aS", "KELVIN SIGN"), ("\uff21S", "FULLWIDTH"), ("A\u017f", "LONG S")])
def test_look_alike_letters_are_refused_by_name(text, name):
    with pytest.raises(NotationError) as e:
        parse_card(text)
    assert name in str(e.value)


@pytest.mark.parametrize("seed", [[1], {}, True, 2.5, "x" * 65])
def test_bad_seeds_are_typed_errors(seed):
    with pytest.raises(TutorError):
        check_seed(seed)
    with pytest.raises(TutorError):
        load("piquet").deal(seed=seed)


def test_error_messages_quote_the_bad_token_shortened():
    with pytest.raises(TutorError) as e:
        parse_card("Z" * 1_000_000)
    assert len(str(e.value)) < 400
