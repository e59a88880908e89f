"""The bar under every panel (tutor/widgets/desk.py): a link round-trips to the same position (the
deal on show and the moves made in it) in a fresh panel of the same kind; the answers of the practice panels are sent to the reader's
browser to be kept, once per question."""

from __future__ import annotations

import pytest

from tutor import site
from tutor.errors import TutorError
from tutor.games import GAMES
from tutor.games.stock.actions import Play
from tutor.widgets import Panel, bezique, piquet
from tutor.widgets.desk import deal_link, linked_deal
from tutor.widgets.table import TablePanel


def _hand(panel) -> list[str]:
    return [str(b.card) for b in panel.cards.children] if hasattr(panel, "cards") else [str(b.card) for b in panel.hand_row.children]


def _moves(panel, n: int) -> None:
    """``n`` legal moves of the reader's, each made as a click would make it (through the guard)."""
    s = panel.session
    for _ in range(n):
        if not s.reader_to_move:
            return
        panel.guard(s.act)(s.legal_actions()[-1])


def _send(panel, link: str) -> None:
    """What the bar's front end sends when the page was opened with ``link``."""
    asked = linked_deal(link, panel.link_kind())
    assert asked is not None
    panel.bar._message(panel.bar, {"event": "deal", "code": asked.code, "moves": ",".join(asked.moves),
                                   "dealer": asked.dealer or "", "standing": asked.standing_text()}, [])


def _table_chapter(game: str) -> str:
    return next(c for c, kind in site.panels_of(game) if kind == "table.TablePanel")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_link_opens_the_position_on_show_in_a_fresh_panel(game):
    chapter = _table_chapter(game)

    def make():
        return TablePanel(game, seed=3)

    panel = make()
    panel.guard(panel.new_deal if hasattr(panel, "new_deal") else panel.new_game if hasattr(panel, "new_game")
                else lambda: panel.open_linked(panel.session.game.deal(seed=44).code))()  # a fresh deal
    _moves(panel, 3)
    pos = panel.session.position
    assert pos.moves and (panel.bar.code, tuple(panel.bar.moves), panel.bar.dealer or None) == (pos.code, pos.moves, pos.dealer)
    link = deal_link(chapter, panel.link_kind(), panel.bar.code, moves=panel.bar.moves, dealer=panel.bar.dealer)
    assert link.startswith(f"lite/lab/index.html?path={chapter}.ipynb&")
    assert linked_deal(link, panel.link_kind()) == pos and linked_deal(link, "truc.RottenPanel") is None
    fresh = make()
    assert fresh.session.position != pos
    _send(fresh, link)
    assert not fresh.message.value, fresh.message.value
    assert fresh.session.position == pos and fresh.bar.code == pos.code and tuple(fresh.bar.moves) == pos.moves
    assert _hand(fresh) == _hand(panel) and fresh.source.value == pos.code
    assert [str(a) for a in fresh.session.state.history] == [str(a) for a in panel.session.state.history]


@pytest.mark.parametrize("make", [lambda: TablePanel("sixtysix", seed=3), lambda: TablePanel("bondtolva", seed=3)],
                         ids=["sixtysix", "bondtolva"])
def test_on_the_second_deal_of_a_match_the_bar_links_that_deal_not_the_first(make):
    panel = make()
    first = panel.bar.code
    assert first == panel.session.state.code  # a code, not the seed: a link opens the deal on show
    panel.guard(panel.session.play_for_reader)()
    panel.guard(panel.next_deal)()
    _moves(panel, 2)
    pos = panel.session.position
    assert panel.bar.code == pos.code != first and tuple(panel.bar.moves) == pos.moves
    # the totals the deal started from go with it: the link opens the deal where the match stood
    before = panel.session.match.standing_before_deal()
    assert any(before.values()) and pos.totals() == before
    assert panel.bar.standing == ",".join(f"{k}:{v}" for k, v in before.items())
    fresh = make()
    _send(fresh, deal_link("sixtysix/rules", panel.link_kind(), pos.code, moves=pos.moves, dealer=pos.dealer,
                           standing=panel.bar.standing))
    assert fresh.session.position == pos and _hand(fresh) == _hand(panel) and not fresh.message.value
    assert fresh.session.match.standing_before_deal() == before


def test_a_piquet_deal_code_link_deals_that_deal():
    panel = piquet.DeclarationPanel(seed=5)
    code = panel.deal.code
    fresh = piquet.DeclarationPanel(seed=1)
    fresh.bar._message(fresh.bar, {"event": "deal", "code": code}, [])
    assert fresh.deal.code == code and fresh.bar.code == code
    assert [str(c) for c in fresh.quiz.younger] == [str(c) for c in panel.quiz.younger]
    fresh.bar._message(fresh.bar, {"event": "deal", "code": code, "moves": "discard AS"}, [])
    assert "cannot make the moves of a link" in fresh.message.value and fresh.deal.code == code


def test_a_bad_link_is_refused_in_words_and_changes_nothing():
    panel = TablePanel("sixtysix", seed=3)
    before = (panel.session.position, panel.bar.code, _hand(panel))
    panel.bar._message(panel.bar, {"event": "deal", "code": "ss-AAAAAAAA"}, [])
    assert "tutor-error" in panel.message.value and "damaged" in panel.message.value
    code = panel.session.game.deal(seed=8).code
    panel.bar._message(panel.bar, {"event": "deal", "code": code, "moves": "play ZZ"}, [])
    assert "move 1 of the position, &#x27;play ZZ&#x27;" in panel.message.value
    assert (panel.session.position, panel.bar.code, _hand(panel)) == before
    with pytest.raises(TutorError, match="move 2 of the position is empty"):
        linked_deal(f"x?deal={code}&moves=play%209S,,draw", "any")


def test_a_link_s_totals_open_the_match_there_and_bad_ones_are_refused_in_words():
    panel = TablePanel("sixtysix", seed=3)
    assert panel.session.with_match
    code = panel.session.game.deal(seed=8).code
    before = (panel.session.position, panel.bar.code, _hand(panel))
    for standing, said in (("first:x", "first&#x27;s total is a whole number"),
                           ("first:7", "first&#x27;s total in a Sixty-Six game starts from 0 to 6 (at 7 the game is won)"),
                           ("nobody:3", "&#x27;nobody&#x27; keeps no total")):
        panel.bar._message(panel.bar, {"event": "deal", "code": code, "standing": standing}, [])
        assert "tutor-error" in panel.message.value and said in panel.message.value, panel.message.value
        assert (panel.session.position, panel.bar.code, _hand(panel)) == before
    panel.bar._message(panel.bar, {"event": "deal", "code": code, "dealer": "first", "standing": "first:4,second:6"}, [])
    assert panel.session.match.standing_before_deal() == {"first": 4, "second": 6}
    assert panel.bar.standing == "first:4,second:6" and panel.bar.dealer == "first"


def test_a_panel_that_cannot_deal_says_so():
    from tutor.widgets.truc import RottenPanel

    panel = RottenPanel(seed=2)
    panel.bar._message(panel.bar, {"event": "deal", "code": "tr-JYdtOedkV"}, [])
    assert "cannot deal &#x27;tr-JYdtOedkV&#x27; from a link" in panel.message.value


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


def test_a_link_asked_again_by_a_bar_drawn_again_does_not_take_back_the_reader_s_moves():
    panel = TablePanel("sixtysix", seed=3)
    code = panel.session.game.deal(seed=8).code
    ask = {"event": "deal", "code": code, "moves": ""}
    panel.bar._message(panel.bar, ask, [])
    assert panel.session.position.code == code
    _moves(panel, 1)
    pos = panel.session.position
    assert pos.moves
    panel.bar._message(panel.bar, ask, [])
    assert panel.session.position == pos
