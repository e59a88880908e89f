"""The table panel (one panel for the games at a table of two to four) driven as a reader would."""

import random
import re

import pytest

from tutor.games.stock.actions import Play


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def faces(html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', html)


@pytest.mark.parametrize("game", ["bondtolva", "bondtolva3", "bondtolva4", "gaigel", "gaigel3", "marjapussi"])
def test_a_whole_game_is_played_by_clicks(game):
    from tutor.widgets.table import TablePanel

    p = TablePanel(seed=3, game=game)
    rng = random.Random(7)
    deals = 0
    for _ in range(900):
        s = p.session
        if s.is_over:
            break
        if s.between_deals:
            assert not p.next_button.disabled and "reckoning of this deal" in text(p.view.value)
            p.next_button.click()
            deals += 1
            continue
        legal = list(s.legal_actions())
        cards = [b for b in p.hand_row.children if not b.disabled]
        assert len(cards) == sum(isinstance(a, Play) for a in legal), "a card is clickable exactly when it may be played"
        assert p.do_button.disabled == all(isinstance(a, Play) for a in legal)
        if not p.do_button.disabled and (not cards or rng.random() < 0.5):
            p.other.value = rng.choice(list(p.other.options))
            p.do_button.click()
        else:
            rng.choice(cards).click()
        assert "tutor-error" not in p.message.value, p.message.value
    assert p.session.is_over and deals >= 1
    assert "game is over" in p.prompt.value


def test_only_the_readers_hand_is_face_up_and_the_partner_is_opposite():
    from tutor.widgets.table import TablePanel

    p = TablePanel(seed=1)
    s = p.session
    v = p.session.match
    me = s.state.table.seats[int(v.seat_of("south"))]
    mine = {str(c) for c in s.state.hand(int(me))}
    on_table = {str(c) for c in s.state.trick} | {str(c) for m in s.state.melds for c in m.cards}
    # the reader's hand is face up once, in the card row clicked where it is drawn; the board draws
    # no other hand face up (and not the reader's a second time)
    assert set(faces(p.board.value)) <= on_table and not mine & set(faces(p.board.value))
    assert {str(c) for c in p.hand_row.cards} == mine
    assert re.search(r'grid-area:1 / 2"><b>north ', p.board.value) and re.search(r'grid-area:3 / 2"><b>south ', p.board.value)


def test_questions_are_asked_and_answered_in_the_log():
    from tutor.widgets.table import TablePanel

    for seed in range(10):
        p = TablePanel(seed=seed)
        p.session.play_for_reader()
        p.refresh()
        if "Questions asked and answered" in p.view.value:
            assert re.search(r"asks: (partner, do you hold a marriage\?|[A-Z][a-z]+\?)", " ".join(p.session.log))
            assert re.search(r"answers (yes|no|by showing)", " ".join(p.session.log))
            return
    pytest.fail("no deal with a question")


def test_a_refused_move_is_shown_with_its_rule_and_changes_nothing_and_undo_takes_back():
    from tutor.widgets.table import TablePanel

    p = TablePanel(seed=2)
    s = p.session
    assert s.reader_to_move
    before = s.state.to_json()
    mine = set(s.state.hand(int(s.state.turn)))
    other = next(c for c in s.state.spec.pack.cards if c not in mine)
    p.guard(lambda: p.play(other))()
    assert "tutor-error" in p.message.value and "Parlett" in p.message.value  # not his card, or an answer owed first
    assert s.state.to_json() == before
    p.guard(lambda: p.act(s.legal_actions()[-1]))()
    assert s.actions and s.state.to_json() != before
    p.undo_button.click()
    assert s.state.to_json() == before


def test_several_readers_pass_one_screen():
    from tutor.widgets.table import TablePanel

    p = TablePanel(seed=4, readers=("south", "north"))
    s = p.session
    for _ in range(30):
        if not s.reader_to_move:
            break
        turn = s.state.turn
        hand = {str(c) for c in s.state.hand(int(turn))}
        assert {str(c) for c in p.hand_row.cards} == hand, "the hand face up is the hand of the reader to move"
        assert not hand & set(faces(p.board.value)), "and it is drawn once, by the card row"
        p.hand_row.children[[b.disabled for b in p.hand_row.children].index(False)].click() if any(
            isinstance(a, Play) for a in s.legal_actions()) else p.do_button.click()
    assert {s.controller(x) for x in s.state.table} == {"reader", "computer"}


def test_hint_names_a_legal_action():
    from tutor.widgets.table import TablePanel

    p = TablePanel(seed=5, game="bondtolva")
    p.hint_button.click()
    assert "The computer would:" in p.message.value


def test_gaigel_face_down_cards_stay_hidden_and_play_passes_to_the_right():
    from tutor.widgets.table import TablePanel

    for seed in range(20):
        p = TablePanel(seed=seed, game="gaigel")
        s = p.session
        d = s.state
        me = int(s.match.seat_of("south"))
        assert re.search(rf'grid-area:2 / 3"><b>{s.match.person((me + 1) % 4).name} ', p.board.value)  # the next sits on the right
        if d.trick and d.opening is not None and d.opening.face_down:
            assert len(d.trick) == 2 and s.reader_to_move  # north opened face down, west followed, south to play
            mine = {str(c) for c in d.hand(me)}
            assert set(faces(p.board.value)) == set(), "no card of the face-down trick is shown (the hand is in the row)"
            assert {str(c) for c in p.hand_row.cards} == mine
            assert p.board.value.count("tutor-back") >= 2 + sum(len(d.hand(q)) for q in range(4) if q != me)
            assert "face down" in " ".join(s.log) and not any(str(c) in " ".join(s.log) for c in d.trick)
            return
    pytest.fail("no face-down opening")
