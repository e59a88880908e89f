"""The Briscan panels driven as a reader would: click cards and buttons, read what they show."""

from tutor.cards import Card
from tutor.widgets.briscan import PracticePanel, WorkbenchPanel
from tutor.widgets.table import TablePanel

from .conftest import clickable, text


def test_a_declaration_before_any_trick_is_refused_with_its_source_and_changes_nothing():
    p = TablePanel("briscan", seed=1)
    before = p.session.state.to_json()
    p.guard(p.act)("declare KS QS JS")
    assert "tutor-error" in p.message.value
    assert "Wikipedia" in p.message.value or "Parlett" in p.message.value
    assert p.session.state.to_json() == before


def test_hint_names_a_legal_move_and_undo_takes_it_back():
    p = TablePanel("briscan", seed=3)
    p.hint_button.click()
    move = p.message.value.split("would: ")[1].split(".<")[0].rstrip(".")
    assert p.session.state.why_illegal(move) is None, move
    first = str(p.session.state.hand(0))
    clickable(p)[0].click()
    assert str(p.session.state.hand(0)) != first
    p.undo_button.click()
    assert str(p.session.state.hand(0)) == first and "Taken back" in p.message.value


def select(panel, cards: str) -> None:
    panel.clear_button.click()
    for c in cards.split():
        i = panel.hand_row.cards.index(Card(c))
        panel.hand_row.children[i].click()


def test_the_workbench_scores_a_quint_then_refuses_a_tierce_inside_it():
    """Parlett: a sequence is never scored twice, nor extended, nor scored again from its cards."""
    p = WorkbenchPanel()
    assert p.deal_button.description == "Deal 5 cards"
    select(p, "KS QS JS TS 9S")
    p.declare_button.click()
    assert "150" in p.message.value and "Total: 150" in text(p.view.value)
    select(p, "JS TS 9S")
    p.declare_button.click()
    assert "tutor-error" in p.message.value and "never scored twice" in p.message.value
    assert p.bench.total == 150
    shown = text(p.view.value)
    assert "refused:" in shown and "scores" in shown
    select(p, "AS AH AD AC")
    p.declare_button.click()
    assert "Total: 300" in text(p.view.value)


def test_practice_says_right_or_names_the_better_declaration():
    p = PracticePanel(seed=0)
    best = p.bench.best()[0]
    p.typed.value = best.action
    p.check_button.click()
    assert "tutor-ok" in p.message.value and "Right" in p.message.value
    worse = [o for o in p.bench.options() if o.points < best.points]
    assert worse
    p.typed.value = worse[0].action
    p.check_button.click()
    assert "tutor-error" in p.message.value and "more is there" in p.message.value
    p.answer_button.click()
    assert "The best here" in p.message.value and "refused:" in p.view.value or "scores" in p.view.value
    p.source.value = "7"
    p.deal_button.click()
    assert p.source.value == "7" and len(p.bench.hand) == 5


def test_the_workbench_and_practice_name_the_jack_as_the_chapters_do_where_bezique_says_knave():
    # Briscan's chapters (after Parlett) say jack: its declarations and its cards' names for a screen
    # reader too; Bezique's, after its old books, knave
    from tutor.widgets import bezique

    b = WorkbenchPanel("JS JH JD JC 7S")
    assert b.hand_row.card_name(Card("JS")) == "jack of spades"
    assert "four jacks" in text(b.view.value) and "knave" not in text(b.view.value)
    p = next(p for p in (PracticePanel(seed=s) for s in range(1, 40)) if any(c.rank.value == "J" for c in p.bench.hand))
    p.reveal()
    assert "jack of" in p.view.value and "knave" not in p.view.value
    assert bezique.WorkbenchPanel().hand_row.card_name(Card("JS")) == "knave of spades"
