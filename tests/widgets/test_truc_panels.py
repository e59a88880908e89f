"""The Le Truc panels and sessions, driven as a reader would."""

import itertools

import pytest

from tutor.errors import IllegalActionError
from tutor.games.truc.session import RottenTrainer, TrucSession, credit_by_trick, playable
from tutor.games.truc.state import ROTTEN, credited
from tutor.widgets.truc import RottenPanel, TrucPanel


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


def test_truc_panel_plays_a_whole_manche_against_the_computer():
    p = TrucPanel(seed=4)
    clicks = 0
    while not p.session.manche.is_over:
        buttons = [b for b in p.cards.children if not b.disabled] + [b for b in p.words.values() if not b.disabled]
        assert buttons, "the reader is to move but nothing is enabled"
        buttons[clicks % len(buttons)].click()
        clicks += 1
        assert clicks < 600
    totals = p.session.manche.scores()
    assert max(totals.values()) >= 12 and "the manche" in p.prompt.value


def test_truc_panel_shows_an_out_of_turn_or_illegal_action_and_undo_restores():
    s = TrucSession(seed=5)
    legal = {str(a) for a in s.deal.legal_actions()}
    bad = next(a for a in ("keep", "ask", "accept", "refuse", "double", "banco") if a not in legal)
    snapshot = (list(s.actions), s.manche.scores())
    with pytest.raises(IllegalActionError):
        s.act(bad)
    assert (list(s.actions), s.manche.scores()) == snapshot
    s.act(sorted(legal)[0])
    after = list(s.actions)
    assert s.undo()
    assert list(s.actions) == snapshot[0]
    assert after != snapshot[0]
    p = TrucPanel(seed=5)
    p.guard(p.session.act)(bad)
    assert "tutor-error" in p.message.value
