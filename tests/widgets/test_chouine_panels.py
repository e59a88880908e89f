"""The Chouine panels driven as a reader would: a whole rubber by clicks, the declaration workbench
and practice (rules: David Parlett, The Penguin Book of Card Games; pagat.com, Chouine)."""


from tutor.games.stock.actions import Declare

from .conftest import text


def test_undo_takes_back_a_declaration():
    """A declaration made with its button at the table panel (Chouine's are made as a card of it is
    played: Parlett) is taken back whole by Undo."""
    import ipywidgets as w

    from tutor.widgets.table import TablePanel

    for seed in range(1, 60):
        p = TablePanel("chouine", seed=seed)
        declare = [b for r in p.choices.children for b in r.children
                   if isinstance(b, w.Button) and b.description.startswith("Declare")]
        if declare:
            break
    else:  # pragma: no cover - one of these deals offers a declaration at once
        raise AssertionError("no declaration offered")
    before = p.session.state.to_json()
    declare[0].click()
    assert p.session.state.to_json() != before
    assert isinstance(p.session.state.history[-1 if p.session.state.history else 0], Declare) or "declare" in " ".join(p.session.log).lower()
    p.undo_button.click()
    assert p.session.state.to_json() == before


def test_the_workbench_lists_scores_and_refusals_and_shows_errors():
    from tutor.widgets.chouine import WorkbenchPanel

    p = WorkbenchPanel("KS QS JS 7C 8C", "spades")
    shown = text(p.view.value)
    assert "scores 60" in shown and "scores 40" in shown and "Parlett" in shown
    p.declaration.value = "declare tierce in trumps KS QS JS"
    p.declare_button.click()
    assert "60" in p.message.value
    enabled = [b.description for b in p.hand_row.children if not b.disabled]
    assert len(enabled) == 3  # one of the tierce's cards must be played
    p.hand_row.children[[str(c) for c in p.hand_row.cards].index("JS")].click()
    assert "marriage in trumps" in text(p.view.value) and "one declaration in each suit" in text(p.view.value)
    p.source.value = "KS QS"
    p.use_button.click()
    assert "tutor-error" in p.message.value and "5 cards" in p.message.value
    p.seed.value = "4"
    p.deal_button.click()
    assert "Dealt" in p.message.value
    p.trumps.value = "clubs"
    assert "clubs" in text(p.view.value)


def test_practice_marks_an_answer_and_names_the_rule():
    from tutor.widgets.chouine import PracticePanel

    p = PracticePanel(seed=5)
    assert p.choice.options[0] == "none" and len(p.choice.options) >= 2
    best = p.practice.bench.best()
    p.choice.value = best[0].action if best else "none"
    p.check_button.click()
    assert "tutor-ok" in p.message.value and ("Parlett" in p.message.value or "pagat" in p.message.value)
    assert "Right 1 of 1" in text(p.view.value) and "Every combination" in p.view.value
    p.new_button.click()
    assert p.message.value == ""


def test_the_typed_box_shows_a_card_the_pack_does_not_have_by_name():
    from tutor.widgets.chouine import WorkbenchPanel

    """A one-pack game has no KD': the box said nothing at all (the error was not the tutor's own)."""
    p = WorkbenchPanel()
    before = p.bench.actions[:]
    p.typed.value = "declare marriage KD' QD'"
    p.enter_button.click()
    assert "tutor-error" in p.message.value and "KD&#x27;" in p.message.value and "pack of Chouine" in p.message.value
    assert p.bench.actions == before


def test_a_panel_shows_an_error_that_is_not_the_tutors_own():
    from tutor.widgets.chouine import WorkbenchPanel

    p = WorkbenchPanel()

    def broken(_):
        raise KeyError("KD'")

    p.guard(broken)(None)
    assert "tutor-error" in p.message.value and "KeyError" in p.message.value
