"""The bar under every panel (tutor/widgets/desk.py): a deal link round-trips to the same deal in
a fresh panel of the same kind; the answers of the practice panels are sent to the reader's
browser to be kept, once per question."""

from __future__ import annotations

import pytest

from tutor.games.stock.actions import Play
from tutor.widgets import Panel, bezique, piquet, sixtysix
from tutor.widgets.desk import deal_link, linked_deal


def _hand(panel) -> list[str]:
    return [str(b.card) for b in panel.cards.children] if hasattr(panel, "cards") else [str(b.card) for b in panel.hand_row.children]


@pytest.mark.parametrize("make, chapter", [
    (lambda: sixtysix.PlayPanel(seed=3), "sixtysix/rules"),
    (lambda: sixtysix.PlayPanel(seed=3, game="schnapsen"), "schnapsen/rules"),
    (lambda: piquet.PlayPanel(seed=3), "piquet/play"),
    (lambda: bezique.PlayPanel(seed=3), "bezique/rules"),
])
def test_a_deal_link_opens_the_same_deal_in_a_fresh_panel(make, chapter):
    panel = make()
    panel.guard(panel.new_deal if hasattr(panel, "new_deal") else panel.new_game)()  # a fresh deal: a new seed
    code = panel.bar.code
    assert code and code == panel.source.value and code != "3"
    link = deal_link(chapter, panel.link_kind(), code)
    assert link.startswith(f"lite/lab/index.html?path={chapter}.ipynb&")
    assert linked_deal(link, panel.link_kind()) == code and linked_deal(link, "truc.TrucPanel") is None
    fresh = make()
    assert _hand(fresh) != _hand(panel)
    fresh.bar._message(fresh.bar, {"event": "deal", "code": linked_deal(link, fresh.link_kind())}, [])
    assert fresh.bar.code == code and _hand(fresh) == _hand(panel)
    assert not fresh.message.value


def test_a_piquet_deal_code_link_deals_that_deal():
    panel = piquet.DeclarationPanel(seed=5)
    code = panel.deal.code
    fresh = piquet.DeclarationPanel(seed=1)
    fresh.bar._message(fresh.bar, {"event": "deal", "code": code}, [])
    assert fresh.deal.code == code and fresh.bar.code == code
    assert [str(c) for c in fresh.quiz.younger] == [str(c) for c in panel.quiz.younger]


def test_a_bad_code_in_a_link_is_refused_in_words():
    panel = sixtysix.PlayPanel(seed=3)
    panel.bar._message(panel.bar, {"event": "deal", "code": "ss-AAAAAAAA"}, [])
    assert "tutor-error" in panel.message.value and "a deal code gives a single deal" in panel.message.value
    assert panel.bar.code == "3"


def test_every_panel_with_a_seed_box_carries_the_bar():
    panel = bezique.PracticePanel(seed=2)
    assert panel.bar in panel.widget.children and panel.bar.code == "2"
    assert isinstance(panel, Panel) and panel.keeps == ("bezique", "Bezique")
    from tutor.widgets import briscan

    assert briscan.PracticePanel(seed=2).keeps == ("briscan", "Briscan")


def test_piquet_declaration_answers_are_kept_once_each(monkeypatch):
    panel = piquet.DeclarationPanel(seed=5)
    sent: list[dict] = []
    monkeypatch.setattr(panel.bar, "send", sent.append)
    panel.declare(nothing=True)  # right or wrong, the first answer to the question is kept
    first = sent[-1]
    assert first["game"] == "piquet" and first["kind"] == "declarations" and first["question"].startswith(panel.deal.code)
    assert first["right"] == ("Right" in panel.message.value)
    panel.declare(nothing=True)
    panel.declare(nothing=True)
    assert len(sent) == 1  # later tries at the same question are not counted again


@pytest.mark.parametrize("game", ["bezique", "chouine"])
def test_best_declaration_practice_answers_are_kept_once_a_hand(monkeypatch, game):
    import importlib

    panel = importlib.import_module(f"tutor.widgets.{game}").PracticePanel(seed=2)
    sent: list[dict] = []
    monkeypatch.setattr(panel.bar, "send", sent.append)
    panel.choice.value = panel.choice.options[-1]  # an answer from the list, right or wrong
    panel.check()
    panel.check()
    assert len(sent) == 1 and sent[0]["game"] == game and sent[0]["kind"] == "best declaration"
    assert sent[0]["right"] is ("tutor-ok" in panel.message.value)
    panel.new_hand()
    panel.check()
    assert len(sent) == 2  # a new hand is a new question


def test_pass_and_play_hides_the_hands_between_two_readers():
    from tutor.widgets.table import TablePanel

    p = TablePanel("bondtolva4", seed=4, readers=("south", "north"))
    s = p.session
    covered = False
    for _ in range(30):
        legal = [a for a in s.legal_actions() if isinstance(a, Play)] if s.reader_to_move else []
        if not legal:
            break
        mover = s.state.turn
        p.hand_row.children[[b.disabled for b in p.hand_row.children].index(False)].click()
        if p._cover is not None:  # the turn has gone to the other reader: every hand hidden
            covered = True
            assert s.state.turn != mover and s.controller(s.state.table.seats[s.state.turn]) == "reader"
            assert all(c.layout.display == "none" for c in p.widget.children if c not in (p._cover, p.bar))
            assert "Pass the screen to north" in p._cover.children[0].value or "Pass the screen to south" in p._cover.children[0].value
            p._cover.children[1].click()
            assert p._cover is None and p.hand_row.widget.layout.display != "none"
            break
    assert covered
