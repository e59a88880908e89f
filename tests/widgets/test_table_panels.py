"""The one table panel (tutor.widgets.table.TablePanel), every registry entry, driven as a reader
would: cards clicked where they are drawn, cards selected for an action made of several, the
buttons of each group of choices, the next deal, undo, a refused move."""

from __future__ import annotations

import random
import re

import ipywidgets as w
import pytest

from tutor.games import GAMES
from tutor.table import seat_view
from tutor.widgets.table import TablePanel, _selects, places


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def faces(html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', html)


def buttons(box) -> list[w.Button]:
    out = []
    if isinstance(box, w.Button):
        out.append(box)
    for child in getattr(box, "children", ()):
        out += buttons(child)
    return out


def reader_move(p: TablePanel, rng: random.Random) -> None:
    """One move as a reader makes it, by what the panel offers: a card clicked, cards selected
    then the group's button pressed, a button, or an entry of a list and its button."""
    v = seat_view(p.session)
    groups = v.groups()
    legal_plays = {c.cards[0] for c in groups.get("play", ()) if len(c.cards) == 1}
    cards = [b for b in p.hand_row.children + p.table_row.children if not b.disabled]
    selecting = any(_selects(g) for g in groups.values())
    if not selecting:  # a card may be clicked exactly when it may be played
        assert {b.card for b in cards} == legal_plays
    offered = [b for b in buttons(p.choices) if not b.disabled]
    if selecting and rng.random() < 0.8:
        kind, group = next((k, g) for k, g in groups.items() if _selects(g))
        choice = rng.choice([c for c in group if c.cards])
        for b in [b for b in p.hand_row.children if b.selected]:  # a selection left from before is lifted
            b.click()
        for card in choice.cards:  # selected by clicking each card of the hand
            next(b for b in p.hand_row.children if b.card == card).click()
        assert p.selected == set(choice.cards)
        next(b for b in buttons(p.choices) if b.description.endswith("the selected cards")).click()
        if not p.session.actions or str(p.session.actions[-1][1]) != choice.notation:
            which = [b for b in buttons(p.choices) if b.description == choice.label]  # a discard shown or not
            if which:
                which[0].click()
        return
    if cards and (not offered or rng.random() < 0.6):
        rng.choice(cards).click()
        return
    lists = [x for x in p.choices.children for x in getattr(x, "children", ()) if isinstance(x, w.Dropdown)]
    for d in lists:
        assert d.description != "or" and d.description  # a list is named for what it chooses
        d.value = rng.choice(d.options)[1]
    rng.choice(offered).click()


def play(p: TablePanel, rng: random.Random, deals: int | None = None, limit: int = 3000) -> int:
    played = 0
    for _ in range(limit):
        s = p.session
        if s.is_over:
            return played
        if s.between_deals:
            assert not p.next_button.disabled and "reckoning of this deal" in text(p.view.value)
            played += 1
            if deals is not None and played >= deals:
                return played
            p.next_button.click()
            continue
        assert s.reader_to_move
        reader_move(p, rng)
        assert "tutor-error" not in p.message.value, p.message.value
        mine = {str(c) for c in p.hand_row.cards + p.table_row.cards}
        assert not mine & set(faces(p.board.value)), "the reader's cards are drawn once: by his rows"
    raise AssertionError(f"{p.game.title}: not over in {limit} moves")


@pytest.mark.parametrize("name", list(GAMES))
def test_a_whole_match_is_played_by_clicks(name):
    p = TablePanel(name, seed=3)
    played = play(p, random.Random(7))
    match = p.session.match
    assert p.session.is_over and match is not None and match.is_over and len(match.records) >= 1
    assert "is over" in text(p.prompt.value) and f"the {match.NOUN}" in text(p.view.value)
    assert played == len(match.records) - 1  # every deal but the last ended with "Next deal"
    if match.persons.partnerships:  # a side is read by its seats in words ('north and south'), not by its key
        keys = [*match.scorers, *match.deal.table.side_names]
        shown = [text(p.view.value), text(p.prompt.value), *p.session.log]
        assert not [line for line in shown if any(k in line for k in keys)]
        assert any(match.persons.words(match.scorers[0]) in line for line in shown)


@pytest.mark.parametrize("name,seats,where", [
    ("sixtysix", 2, {"bottom": "first", "top": "second"}),
    ("bondtolva3", 3, {"bottom": "first", "left": "second", "right": "third"}),
    ("bondtolva4", 4, {"bottom": "south", "left": "west", "top": "north", "right": "east"}),
    # play passes to the right: east, next to play after south, sits on south's right (as the match seats him)
    ("gaigel", 4, {"bottom": "south", "right": "east", "top": "north", "left": "west"}),
])
def test_the_seats_sit_round_the_table_partner_opposite_in_the_direction_of_play(name, seats, where):
    p = TablePanel(name, seed=1)
    v = seat_view(p.session)
    assert len(v.places) == seats
    assert {k: x.name for k, x in places(v).items()} == where
    for place, who in where.items():
        assert re.search(rf'grid-area:{place}"><b>{who} ', p.board.value)


@pytest.mark.parametrize("name", ["bondtolva4", "piquet", "tute"])
def test_only_the_readers_hand_is_face_up_and_drawn_once(name):
    p = TablePanel(name, seed=1)
    s = p.session
    me = seat_view(s).me
    mine = {str(c) for c in me.hand or ()}
    assert {str(c) for c in p.hand_row.cards} == mine
    assert not mine & set(faces(p.board.value)), "the reader's hand is drawn by the card row alone"
    hidden = {str(c) for c in s.state.hidden(s.state.table.seat(me.seat))}
    assert not hidden & set(faces(p.board.value) + faces(p.view.value)), "no card the reader may not see"


def test_a_refused_move_is_shown_with_its_rule_and_changes_nothing_and_undo_takes_back():
    p = TablePanel("bondtolva4", seed=2)
    s = p.session
    before = s.state.to_json()
    mine = set(s.state.hand(int(s.state.turn)))
    other = next(c for c in s.state.spec.pack.cards if c not in mine)
    p.guard(lambda: p.play(other))()
    assert "tutor-error" in p.message.value and "Parlett" in p.message.value  # not his card: the rule and its source
    assert s.state.to_json() == before
    p.guard(lambda: p.act(s.legal_actions()[-1]))()
    assert s.actions and s.state.to_json() != before
    p.undo_button.click()
    assert s.state.to_json() == before


def test_cards_are_selected_for_a_discard_and_a_discard_of_none_is_refused_in_words():
    """Piquet's exchange (Parlett's Piquet rules, The exchange: elder discards one to five): the
    cards are selected in the hand, then discarded; pressing with none selected says what to do."""
    p = TablePanel("piquet", seed=2)
    s = p.session
    assert "select" in text(p.hand_label.value)
    done = len(s.actions)  # the computer's exchange, when it is elder
    press = next(b for b in buttons(p.choices) if b.description.endswith("the selected cards"))
    press.click()
    assert "select the cards first" in text(p.message.value) and len(s.actions) == done
    hand = [b.card for b in p.hand_row.children]
    for card in hand[:3]:
        next(b for b in p.hand_row.children if b.card == card).click()
    assert p.selected == set(hand[:3])
    next(b for b in p.hand_row.children if b.card == hand[2]).click()  # a second click lifts the card again
    assert p.selected == set(hand[:2])
    next(b for b in buttons(p.choices) if b.description.endswith("the selected cards")).click()
    if len(s.actions) == done:  # younger leaving cards of the talon says whether he shows them (Law 36)
        assert "Which?" in p.choices.children[0].children[0].value
        offered = [b.description for b in buttons(p.choices)]
        assert sorted(x.rsplit(" ", 1)[-1] for x in offered) == ["hide", "show"]
        buttons(p.choices)[0].click()
    assert s.actions[done][0] == "reader" and {str(c) for c in hand[:2]} <= set(str(s.actions[done][1]).split())


def test_a_long_list_of_bids_is_named_for_what_it_chooses():
    p = TablePanel("counterpique", seed=1)
    for _ in range(5):
        lists = [x for r in p.choices.children for x in r.children if isinstance(x, w.Dropdown)]
        if lists:
            assert [d.description for d in lists] == ["Bid"]
            return
        p.session.play_for_reader()
        p.refresh()
    pytest.fail("no auction reached")


def test_several_readers_pass_one_screen():
    p = TablePanel("bondtolva4", seed=4, readers=("south", "north"))
    s = p.session
    rng = random.Random(1)
    seen = set()
    for _ in range(30):
        if not s.reader_to_move or s.between_deals:
            break
        if p._cover is not None:  # the screen was passed: the next reader says he is there
            buttons(p._cover)[0].click()
        turn = s.state.turn
        seen.add(s.match.person(turn).name)
        hand = {str(c) for c in s.state.hand(int(turn))}
        assert {str(c) for c in p.hand_row.cards} == hand, "the hand face up is the hand of the reader to move"
        reader_move(p, rng)
    assert seen == {"south", "north"}


def test_hint_names_a_legal_action_and_the_prompt_a_partner_question_in_words():
    p = TablePanel("bondtolva", seed=5)
    p.hint_button.click()
    hint = re.search(r"The computer would: (.+)\.", text(p.message.value))
    assert hint and p.session.state.why_illegal(hint.group(1)) is None
    for seed in range(30):
        p = TablePanel("marjapussi", seed=seed)
        p.session.play_for_reader()
        p.refresh()
        if "questions asked and answered" in text(p.view.value).lower():
            assert re.search(r"asked: .+\? [A-Z][a-z]+: (yes|no)", text(p.view.value))
            return
    pytest.fail("no deal with a question")


def test_the_static_picture_holds_the_table_scores_and_log():
    p = TablePanel("schnapsen", seed=1)
    p.session.play_for_reader()
    p.refresh()
    assert "tutor-table" in p.board.value and "tutor-scores" in p.view.value
    assert "Bummerl" in text(p.view.value) and "takes the trick" in text(p.view.value)
    assert p._prompt(seat_view(p.session)) in p.live.text  # the prompt is also read out


def test_each_move_is_read_out_in_the_live_region_with_the_prompt_and_score():
    """The live region (read by a screen reader when its text changes) says the moves made since
    the last reading, the prompt and the score; a hint asked for is read out too."""
    from tutor.widgets.live import LiveRegion

    p = TablePanel("sixtysix", seed=1)
    assert isinstance(p.live, LiveRegion) and p.live in p.widget.children
    before = list(p.session.log)
    card = next(b for b in p.hand_row.children if not b.disabled)
    card.click()
    new = p.session.log[len(before):]
    assert new and new[0] in p.live.text, (new, p.live.text)
    assert p.live.text.endswith(".") and "Score: " in p.live.text
    assert p._prompt(seat_view(p.session)) in p.live.text
    p.hint_button.click()
    assert "The computer would:" in p.live.text
    card = next(b for b in p.hand_row.children if not b.disabled)
    card.click()
    assert "The computer would:" not in p.live.text  # a hint is read once, not after every move
    assert p.session.log[-1] in p.live.text


def test_the_counting_drill_reads_out_no_score():
    p = TablePanel("sixtysix", seed=1, count=True)
    for _ in range(3):
        next(b for b in p.hand_row.children if not b.disabled).click()
    assert "Score: " not in p.live.text and not re.search(r" [+-]\d+: ", p.live.text)


def test_the_moves_made_by_a_button_are_listed_under_a_heading_that_names_them():
    p = TablePanel("sixtysix", seed=1)
    rows = [r for r in p.choices.children]
    assert rows and "Your other moves" in p.choices_label.value
    p.session.play_for_reader()
    p.refresh()
    assert not p.choices.children and p.choices_label.value == ""


def _first_way(p: TablePanel) -> None:
    """The move the live browser test makes (tests/browser/play.py, play_table_move), by the same
    rule: a discard's "show or hide" first; where cards are selected, a choice made without cards if
    any, else the first card selected and the group's button; else the first card that may be
    played; else the first choice."""
    offered = [b for b in buttons(p.choices) if not b.disabled and "tutor-choice" in b._dom_classes]
    which = [b for b in offered if b.description.endswith((" show", " hide"))]
    select = [b for b in buttons(p.choices) if not b.disabled and "tutor-select" in b._dom_classes]
    cards = [b for b in p.hand_row.children + p.table_row.children if not b.disabled]
    if which:
        which[0].click()
    elif select:
        if offered:
            offered[0].click()
        else:
            cards[0].click()
            next(b for b in buttons(p.choices) if "tutor-select" in b._dom_classes).click()
    elif cards:
        cards[0].click()
    else:
        offered[0].click()


@pytest.mark.parametrize("name", list(GAMES))
def test_the_live_tests_way_of_playing_ends_two_deals(name):
    """The browser tests play every game live by one simple rule; here the same rule, in Python,
    ends two deals in a row (or the match) with no error shown."""
    p = TablePanel(name, seed=2718)
    deals = 0
    for _ in range(600):
        s = p.session
        if s.is_over or s.between_deals:
            deals += 1
            if deals == 2 or s.is_over:
                break
            p.next_button.click()
            continue
        _first_way(p)
        assert "tutor-error" not in p.message.value, p.message.value
    assert deals == 2 or p.session.is_over


def test_a_deal_code_typed_in_the_box_deals_that_deal_and_the_box_keeps_the_code():
    from tutor.games import load

    for name in ("bondtolva3", "sixtysix", "piquet"):
        code = load(name).deal(seed=77).code
        p = TablePanel(name, seed=1)
        p.source.value = code
        p.new_button.click()
        assert "tutor-error" not in p.message.value, p.message.value
        assert p.source.value == code and p.session.state.code == code
        damaged = code[:-1] + ("B" if code[-1] != "B" else "C")
        p.source.value = damaged
        p.new_button.click()
        assert "damaged" in p.message.value and p.session.state.code == code


def test_an_action_out_of_turn_is_a_button_while_the_computer_is_to_move():
    """Chouine (pagat.com: the seven of trumps may be swapped for the turn-up at any time before the
    lead to the eleventh trick): the reader's seat holds the seven while the computer is to lead; the
    panel offers the exchange as a button, which makes it, and the computer answers."""
    from tutor.games import load

    game = load("chouine")
    for seed in range(300):
        deal = game.match(seed).deal
        other = 1 - deal.to_move
        seven = next((c for c in deal.hands[other] if c.rank.value == "7" and c.suit is deal.trump), None)
        if seven is not None:
            break
    else:
        raise AssertionError("no deal with the seat not to move holding the seven")
    persons = game.match(seed).persons.names
    p = TablePanel("chouine", seed=seed, readers=persons)
    s = p.session
    mover = s.state.turn
    s.set_controller(s.match.person(mover).name, "computer", run=False)  # the computer's lead still to come
    p.refresh()
    me = s.state.table.seats[other].name
    assert not s.reader_to_move and seat_view(s).viewer == me
    offered = [b for b in buttons(p.choices) if not b.disabled]
    assert [b.description for b in offered] == [f"Exchange {seven.symbol} (out of turn)"]
    assert "out of turn" in text(p.prompt.value)
    up = s.state.turnup
    offered[0].click()
    assert p.message.value == ""  # no error shown
    assert s.position.moves[0] == f"{me}: exchange {seven}"
    assert s.state.turnup == seven and up in s.state.hands[other]
    assert s.reader_to_move  # the computer led, as after any move; the reader's turn to play now
    assert f"exchanges {seven} for the turn-up, out of turn" in text(p.view.value)
    p.undo_button.click()
    assert s.position.moves == () and s.state.turnup == up
    assert [b.description for b in buttons(p.choices) if not b.disabled] == [f"Exchange {seven.symbol} (out of turn)"]


def test_the_counting_drill_hides_the_deal_s_scores_and_checks_the_readers_count():
    """Tute is won by claiming 101 at the right moment (David Parlett, The Penguin Book of Card
    Games, Tute): the drill keeps the deal's points hidden until it ends, and checks the count the
    reader keeps against the engine's reckoning."""
    p = TablePanel("tute", seed=5, count=True)
    rng = random.Random(3)
    for _ in range(8):  # a few tricks, so that something is scored
        if p.session.between_deals or not p.session.reader_to_move:
            break
        rng.choice([b for b in p.hand_row.children if not b.disabled]).click()
    s = p.session
    assert not s.state.is_over
    shown = text(p.view.value)
    assert "?" in shown and "scoring so far" not in shown
    assert not re.search(r"[A-Z][a-z]+ [+-]\d+: ", shown), "the log tells no score while the deal is on"
    me = s.state.table.seat(s.match.seat_of("first"))
    true = s.state.scores()[me.name]
    p.count_box.value = str(true + 1)
    p.count_button.click()
    assert f"Not quite: you have {true}, not {true + 1}" in text(p.message.value)
    p.count_box.value = str(true)
    p.count_button.click()
    assert f"Right: you have {true}." in text(p.message.value)
    assert "Counts right so far: 1 of 2" in text(p.message.value)
    p.count_box.value = "１０"  # a look-alike digit is refused by name
    p.count_button.click()
    assert "tutor-error" in p.message.value and p.tally == [1, 2]


def test_closing_before_the_draw_is_offered_at_the_table_with_its_option():
    """pagat.com, Sechsundsechzig: the winner of a trick may close before he draws. With the rule
    option on, the table offers Draw and Close after each trick the reader wins while the stock
    lasts, and Draw deals him his card."""
    p = TablePanel("sixtysix", seed=3, close_before_drawing=True)
    rng = random.Random(1)
    for _ in range(60):
        s = p.session
        assert not (s.between_deals or s.is_over), "no trick won by the reader while the stock lasted"
        labels = [b.description for b in buttons(p.choices)]
        if "Draw" in labels:
            assert "Close" in labels
            held = len(p.hand_row.cards)
            next(b for b in buttons(p.choices) if b.description == "Draw").click()
            assert "tutor-error" not in p.message.value and len(p.hand_row.cards) == held + 1
            return
        rng.choice([b for b in p.hand_row.children if not b.disabled]).click()


def test_the_panel_counts_each_answered_callback_on_its_outer_box_after_all_else_it_changed():
    """A page (or a browser test) knows a click has been answered from the class
    ``tutor-done-N``: shown as 0 before any click, one more after each callback, refused or
    not, and only one such class at a time."""
    p = TablePanel("sixtysix", seed=3)
    from unittest import mock

    with mock.patch("IPython.display.display"):
        p._ipython_display_()
    done = [c for c in p.widget._dom_classes if c.startswith("tutor-done-")]
    assert done == ["tutor-done-0"]
    p.new_button.click()  # a new game: a callback like any other
    assert [c for c in p.widget._dom_classes if c.startswith("tutor-done-")] == ["tutor-done-1"]
    p.guard(lambda: p.act("play nonsense"))()  # refused: answered all the same
    assert "tutor-error" in p.message.value
    assert [c for c in p.widget._dom_classes if c.startswith("tutor-done-")] == ["tutor-done-2"]
    assert "tutor-table-panel" in p.widget._dom_classes


@pytest.mark.parametrize("name, word", [("sixtysix", "jack"), ("oldmariage", "jack"), ("piquet", "knave")])
def test_the_hand_names_the_jack_as_its_chapters_do(name, word):
    """The Sixty-Six family's chapters say jack; Piquet's, after its old books, knave."""
    from tutor.cards import Card

    p = TablePanel(name, seed=1)
    assert p.hand_row.card_name(Card("JS")) == f"{word} of spades"


@pytest.mark.parametrize("name", ["sixtysix", "oldmariage"])
def test_a_jack_turned_up_is_named_a_jack_on_the_table(name):
    for seed in range(1, 200):
        p = TablePanel(name, seed=seed)
        if re.search(r"(knave|jack) of", p.board.value):
            break
    else:
        pytest.fail("no deal turns up a jack")
    assert "jack of" in p.board.value and "knave of" not in p.board.value


@pytest.mark.parametrize("name, twins", [("gaigel", True), ("gaigel3", True), ("sixtysix", False)])
def test_the_mark_of_a_second_copy_is_explained_where_the_pack_holds_every_card_twice(name, twins):
    p = TablePanel(name, seed=1)
    p.session.play_for_reader()
    p.refresh()
    shown = text(p.view.value) + " ".join(p.session.log)
    assert (re.search(r"[2-9TJQKA][SHDC]'", shown) is not None) == twins  # the mark is met ...
    assert ("is the second copy of QS" in text(p.view.value)) == twins  # ... and said once what it means
    assert text(p.view.value).count("second copy of QS") <= 1
