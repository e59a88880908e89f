"""The Le Truc panels and sessions, driven as a reader would."""

import itertools

import pytest

from tutor.errors import IllegalActionError
from tutor.games.truc.state import ROTTEN, credited
from tutor.games.truc.trainer import RottenTrainer, credit_by_trick, playable
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
    clicks = deals = 0
    while not p.manche.is_over:
        if not p.next_button.disabled:
            assert "deal the next one" in p.prompt.value
            p.next_button.click()
            deals += 1
            continue
        buttons = [b for b in p.cards.children if not b.disabled] + [b for b in p.words.values() if not b.disabled]
        assert buttons, "the reader is to move but nothing is enabled"
        buttons[clicks % len(buttons)].click()
        assert "tutor-error" not in p.message.value, p.message.value
        clicks += 1
        assert clicks < 600
    totals = p.manche.standing()
    assert max(totals.values()) >= 12 and "the manche" in p.prompt.value
    assert deals >= 2 and len(p.manche.records) == deals + 1
    assert sum(totals.values()) == sum(sum(r.credited.values()) for r in p.manche.records)


def test_truc_panel_refuses_an_illegal_action_unchanged_and_undo_restores():
    p = TrucPanel(seed=5)
    s = p.session
    legal = {str(a) for a in s.legal_actions()}
    bad = next(a for a in ("keep", "ask", "accept", "refuse", "double", "banco") if a not in legal)
    snapshot = (list(s.actions), s.state.to_json())
    with pytest.raises(IllegalActionError):
        s.act(bad)
    assert (list(s.actions), s.state.to_json()) == snapshot
    p.guard(p.act)(bad)
    assert "tutor-error" in p.message.value and "Le Truc" in p.message.value
    assert (list(s.actions), s.state.to_json()) == snapshot
    p.undo_button.click()  # nothing to undo yet: said, not silent
    assert "nothing to undo" in p.message.value
    p.act(sorted(legal)[0])
    after = list(s.actions)
    assert after != snapshot[0]
    p.undo_button.click()
    assert list(s.actions) == snapshot[0] and s.state.to_json() == snapshot[1]
    assert "Took back" in p.message.value


def test_truc_panel_new_manche_by_seed_and_a_bad_seed_is_shown():
    p = TrucPanel(seed=5)
    p.source.value = "9"
    p.new_button.click()
    assert p.session.seed == 9 and p.manche.standing() == {"first": 0, "second": 0}
    p.source.value = "\u017f" * 100
    p.new_button.click()
    assert "tutor-error" in p.message.value and p.session.seed == 9


def test_truc_panel_tells_the_tricks_in_words_not_python():
    p = TrucPanel(seed=4)
    for _ in range(40):
        if "<ol>" in p.view.value:
            break
        buttons = [b for b in p.cards.children if not b.disabled] or [b for b in p.words.values() if not b.disabled]
        (buttons or [p.next_button])[0].click()
    assert "<ol>" in p.view.value and " led the " in p.view.value
    assert "Card(" not in p.view.value and "('" not in p.view.value
