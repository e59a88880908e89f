"""The Bezique panels driven as a reader would: set values, click, read what they show."""

import re

from tutor.cards import Card
from tutor.games.bezique.workbench import Workbench
from tutor.widgets.bezique import WorkbenchPanel
from tutor.widgets.table import TablePanel


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def click_card(row, card: str) -> None:
    """Click the button of ``card`` in a CardRow (by the card it shows)."""
    c = Card(card)
    i = row.cards.index(c)
    b = row.children[i]
    assert not b.disabled, f"{card} is not clickable"
    b.click()


def select(panel: WorkbenchPanel, cards: str) -> None:
    panel.clear_button.click()
    for c in cards.split():
        row = panel.table_row if Card(c) in panel.table_row.cards else panel.hand_row
        click_card(row, c)


# -- the workbench ---------------------------------------------------------------------------------------
def test_the_contract_signatures():
    assert WorkbenchPanel().bench.trumps == "hearts"
    p = WorkbenchPanel(hand="KS QS JD QS' JD' AS TS JS", trumps="spades")
    assert p.bench.trumps == "spades" and p.trumps.value == "spades" and len(p.hand_row.children) == 8
    assert TablePanel("bezique", seed=3).session.seed == 3


def test_workbench_a_legal_declaration_shows_its_points_and_an_illegal_one_the_reason():
    p = WorkbenchPanel()
    select(p, "QS JD")
    assert {b.button_style for b in p.hand_row.children if b.description in ("Q♠", "J♦")} == {"info"}
    p.declare_button.click()
    assert "tutor-ok" in p.message.value and "40" in p.message.value
    assert "Total: 40" in text(p.view.value)
    assert [c.symbol for c in p.table_row.cards] == ["Q♠", "J♦"]
    # the double: select the two on the table and the other pair from the hand
    select(p, "QS JD QS' JD'")
    p.name.value = "double bezique"
    p.declare_button.click()
    assert "500" in p.message.value and "Total: 540" in text(p.view.value)
    # the sequence first, then a royal marriage from it: refused, in the engine's words
    select(p, "AH TH KH QH JH")
    p.declare_button.click()
    assert "Total: 790" in text(p.view.value)
    select(p, "KH QH")
    p.name.value = "royal marriage"
    p.declare_button.click()
    assert "tutor-error" in p.message.value and "lower combination" in p.message.value
    assert p.bench.total == 790 and "Total: 790" in text(p.view.value)
    assert p.view.value.count('class="tutor-step ') == 3 and "refused:" in text(p.view.value)


def test_workbench_options_table_and_play_undo_clear():
    p = WorkbenchPanel()
    shown = text(p.view.value)
    assert "What could be declared next" in shown and "double bezique" in shown and "scores" in shown
    select(p, "KS QS")
    p.declare_button.click()
    assert p.bench.total == 20
    select(p, "QS")
    p.play_button.click()
    assert "can no longer serve" in p.message.value and Card("QS") not in p.table_row.cards
    assert Card("QS") not in p.hand_row.cards
    p.undo_button.click()
    assert Card("QS") in p.table_row.cards and p.bench.actions == ["declare marriage KS QS"]
    p.undo_button.click()
    p.undo_button.click()
    assert "Nothing to take back" in p.message.value and p.bench.total == 0
    select(p, "KS QS")
    p.clear_button.click()
    assert p.bench.selected == set() and p.declare_button.disabled and p.play_button.disabled


def test_workbench_typed_actions_with_an_announcement():
    p = WorkbenchPanel()
    p.typed.value = "declare four kings KS KH KD KC + marriage KS QS"
    p.enter_button.click()
    assert "announced" in p.message.value and p.bench.total == 80 and p.typed.value == ""
    p.typed.value = "declare marriage KS QS"
    p.enter_button.click()
    assert p.bench.total == 100
    p.typed.value = "declare bezique QS"
    p.enter_button.click()
    assert "tutor-error" in p.message.value and p.bench.total == 100


def test_workbench_bad_typed_hand_shows_an_error_and_keeps_the_hand():
    p = WorkbenchPanel()
    hand = str(p.bench.hand)
    for bad, words in (("KS KS QS", "twice"), ("KS 2S", "2S"), ("KS ZZ", "ZZ"), ("", "1 to 24")):
        p.source.value = bad
        p.use_button.click()
        assert "tutor-error" in p.message.value and words in p.message.value, (bad, p.message.value)
        assert str(p.bench.hand) == hand
    p.source.value = "KS QS JD QS' JD'"
    p.use_button.click()
    assert "tutor-ok" in p.message.value and len(p.hand_row.children) == 5


def test_workbench_deal_and_trumps():
    p = WorkbenchPanel()
    p.seed.value = "7"
    p.deal_button.click()
    assert len(p.hand_row.children) == 8 and p.source.value == str(p.bench.hand)
    first = str(p.bench.hand)
    p.deal_button.click()  # the box still shows the seed of the hand on show: a fresh hand, its seed shown
    assert p.seed.value != "7" and str(p.bench.hand) == str(Workbench.dealt_hand(int(p.seed.value)))
    p.seed.value = "7"
    p.deal_button.click()
    assert str(p.bench.hand) == first  # a seed typed again: the same cards
    select(p, str(p.bench.hand).split()[0])
    p.trumps.value = "clubs"
    assert p.bench.trumps == "clubs" and "Clubs are trumps" in p.message.value and "clubs" in text(p.view.value)
    assert p.bench.selected == set()


# -- any panel clicked at random ------------------------------------------------------------------------
def all_enabled(panel):
    def walk(w):
        yield w
        for c in getattr(w, "children", ()):
            yield from walk(c)

    return [w for w in walk(panel.widget) if hasattr(w, "click") and not w.disabled and w.layout.display != "none"]


def test_random_clicks_never_raise_and_make_no_new_widgets():
    """Any enabled button, in any order: errors are shown (the conftest fails on a swallowed one) and,
    after the first clicks, widgets do not pile up (ipywidgets keeps every widget made until it is
    closed): the workbench makes none, the table closes the buttons of the choices it replaces."""
    import random

    from ipywidgets.widgets.widget import _instances

    for make in (lambda: WorkbenchPanel(), lambda: TablePanel("bezique", seed=9)):
        p = make()
        rng = random.Random(1)
        counts = []
        acted = 0
        for _ in range(250):
            rng.choice(all_enabled(p)).click()
            counts.append(len(_instances))
            acted += bool(p.session.actions if isinstance(p, TablePanel) else p.bench.actions)
        if isinstance(p, TablePanel):
            assert counts[-1] - counts[10] < 60, "the table's clicks pile up widgets"
        else:
            assert counts[-1] == counts[10], "a click made new widgets"
        assert acted > 10, "the clicks never changed the game or the ledger"
