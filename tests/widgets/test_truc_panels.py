"""The Le Truc panels and sessions, driven as a reader would."""

import itertools

import pytest

from tutor.errors import IllegalActionError
from tutor.games.truc.state import ROTTEN, credited
from tutor.games.truc.trainer import RottenTrainer, credit_by_trick, playable
from tutor.widgets.truc import RottenPanel


def test_credit_by_trick_agrees_with_the_engine_on_every_sequence():
    # The French rules of Le Truc: a rotten trick goes to the winner of the first (non-rotten) trick; all rotten, nobody.
    code = {"elder": 0, "dealer": 1, "rotten": ROTTEN}
    for n in (1, 2, 3):
        for res in itertools.product(("elder", "dealer", "rotten"), repeat=n):
            credit = credit_by_trick(res)
            assert [credit.count("elder"), credit.count("dealer")] == credited([code[r] for r in res])[0]
    assert credit_by_trick(("rotten", "rotten", "rotten")) == [None, None, None]
    assert not playable(("elder", "elder", "dealer"))  # play stops after two tricks


def test_rotten_panel_checks_answers_and_explains():
    p = RottenPanel(seed=3)
    want = credit_by_trick(p.trainer.results)
    for c, a in zip(p.choices, want):
        c.value = a or "nobody"
    p.check_button.click()
    assert "Right." in p.message.value and "first trick that was not rotten" in p.message.value
    p.choices[0].value = "dealer" if want[0] != "dealer" else "elder"
    p.check_button.click()
    assert "Not quite" in p.message.value
    before = p.view.value
    for _ in range(5):
        p.next_button.click()
        if p.view.value != before:
            break
    assert p.view.value != before
    with pytest.raises(IllegalActionError):
        RottenTrainer(1).check(["elder"] * 5)


