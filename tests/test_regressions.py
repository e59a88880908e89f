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
    from tutor.games.piquet.practice import DeclarationQuiz

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


def test_bezique_refuses_a_played_queen_by_saying_it_was_played():
    """Naming both queens of spades: each name means its own card, never the other copy; the one
    played is refused as played (a nineteenth-century English account of Bezique; Foster)."""
    from tutor.games.bezique import Bezique

    bz = Bezique()
    stock = [c for c in bz.pack.cards if str(c) not in
             "QS QS' JD JD' 7C 8C 9C 7D AH KH QH JH TH 9H 8H 7H 8D".split()]
    s = bz.deal_cards("QS QS' JD JD' 7C 8C 9C 7D", "AH KH QH JH TH 9H 8H 7H", "8D", [str(c) for c in stock])
    s.apply("play QS")        # elder leads the first queen of spades and wins: no need to follow
    s.apply("play AH")        # while the stock lasts, and hearts are not trumps (diamonds are)
    s.apply("draw")
    s.apply("play 7C")
    s.apply("play 7H")        # elder wins again
    before = s.to_json()
    why = s.why_illegal("declare double bezique QS JD QS' JD'")
    assert why is not None and "QS has been played (trick 1)" in why
    with pytest.raises(TutorError):
        s.apply("declare double bezique QS JD QS' JD'")
    assert s.to_json() == before


def test_bezique_waits_for_the_winners_draw_so_refusals_give_the_true_rule():
    """After winning a trick with nothing to declare the winner is asked to draw; a declaration he
    tries then is refused for what is wrong with it, not for being made at the wrong moment."""
    from tutor.games.bezique import Bezique

    bz = Bezique()
    stock = [c for c in bz.pack.cards if str(c) not in "KS QS JD 7C 8C 9C 7D 9S AH KH QH JH TH 9H 8H 7H 8D".split()]
    s = bz.deal_cards("KS QS JD 7C 8C 9C 7D 9S", "AH KH QH JH TH 9H 8H 7H", "8D", [str(c) for c in stock])
    s.apply("play 9S")
    s.apply("play 7H")        # elder wins: spades are not hearts, and there is no need to follow
    assert s.phase.value == "declare" and s.turn.name == "elder"
    s.apply("declare marriage KS QS")
    why = s.why_illegal("declare bezique QS JD")
    assert "only one declaration" in why and "after winning a trick" not in why
    s.apply("draw")
    assert s.phase.value == "lead"


def test_the_log_says_what_elders_point_makes_after_an_equal_answer():
    # Cavendish Law 46: on an equal number of cards elder says what his point makes; the log used
    # to go from younger's "equal" straight to "good"
    from tutor.games import load
    from tutor.session import Session

    s = Session(load("piquet"), seed=2024, seats={"elder": "computer", "younger": "computer"})
    i = next(i for i, line in enumerate(s.log) if "“equal”" in line)
    pips = s.state.elder_call[0].pips
    from tutor.explain import number_words

    assert f"Elder: “making {number_words(pips)}”" in s.log[i]
    assert s.log[i].index("equal") < s.log[i].index("making") and "good" in s.log[i + 1]
