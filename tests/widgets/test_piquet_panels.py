"""The Piquet panels driven as a reader would: set values, click, read what they show."""

import math
import re

from tutor.games.piquet import Phase
from tutor.widgets.piquet import DealPanel, DeclarationPanel, ExchangePanel, ScoringPanel
from tutor.widgets.table import TablePanel


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def button(panel, description):
    def walk(w):
        yield w
        for c in getattr(w, "children", ()):
            yield from walk(c)

    found = [w for w in walk(panel.widget) if getattr(w, "description", None) == description and hasattr(w, "click")]
    assert found, f"no button {description!r}"
    return found[0]


def test_deal_panel_deals_by_seed_and_by_code_and_hides_the_other_hand():
    p = DealPanel(seed=7)
    first = p.view.value
    assert "younger" in text(first) and "12 cards, hidden" in text(first)
    code = p.state.code
    p.source.value = "8"
    button(p, "Deal").click()
    assert p.view.value != first
    p.source.value = code
    button(p, "Deal").click()
    assert p.view.value == first
    p.show_other.value = True
    assert "hidden" not in text(p.view.value)


def test_deal_panel_shows_a_bad_code_as_the_engines_message():
    p = DealPanel(seed=7)
    before = p.view.value
    p.source.value = "pq-nonsense"
    button(p, "Deal").click()
    assert "damaged" in p.message.value or "characters" in p.message.value
    assert p.view.value == before


def test_exchange_panel_enforces_the_limits_and_shows_what_came_in():
    p = ExchangePanel(seed=7, seat="both")
    button(p, "Exchange").click()  # nothing selected: elder must discard at least one
    assert "must discard 1 to 5" in p.message.value
    hand = list(p.hand(0))
    for c in hand[:6]:
        p.toggle(c)
    button(p, "Exchange").click()
    assert "1 to 5" in p.message.value and p.state.to_move == 0
    p.toggle(hand[5])
    button(p, "Exchange").click()
    s = p.state
    assert s.to_move == 1 and "took in" in text(p.view.value)
    assert len(p.cards.children) == 12  # younger's cards to click
    p.toggle(list(p.hand(1))[0])
    p.show_left.value = "show to both"
    button(p, "Exchange").click()
    assert p.state.phase is Phase.CALL
    button(p, "Undo").click()
    assert p.state.to_move == 1 and p.state.phase is Phase.EXCHANGE and "Took back" in p.message.value
    button(p, "Undo").click()
    button(p, "Undo").click()  # back to the deal as dealt, then nothing more to take back: said
    assert p.state.to_move == 0 and "nothing to undo" in p.message.value


def test_declaration_panel_marks_declarations_and_replies():
    p = DeclarationPanel(seed=3)
    best = p.quiz.best(1, "point")
    for c in best.cards:
        p.toggle(c)
    button(p, "Declare selected").click()
    assert "Right." in p.message.value
    p.selected.clear()
    p.toggle(best.cards[0])
    button(p, "Declare selected").click()
    assert "Not quite" in p.message.value and best.name() in p.message.value
    expected = p.quiz.check_reply("point", "good").expected
    button(p, expected).click()
    assert "Right." in p.message.value
    wrong = next(a for a in ("good", "not good", "equal") if a != expected)
    button(p, wrong).click()
    assert "Not quite" in p.message.value


def test_scoring_panel_steps_through_the_reckoning_with_running_totals():
    p = ScoringPanel(seed=11)
    assert p.step.value == 0
    button(p, "Next step").click()
    first = p.steps[0]
    assert first.text in text(p.view.value)
    button(p, "All steps").click()
    assert p.step.value == len(p.steps)
    total = p.state.scores()
    assert str(total["elder"]) in text(p.view.value)
    button(p, "Next step").click()
    assert "every step is shown" in p.message.value


def test_the_table_refuses_a_card_that_does_not_follow_suit_in_the_engines_words():
    """Cavendish Law 60 (Parlett: the follower must follow suit if he can): at the table panel a
    card of another suit is refused with the rule, and the deal is as it was."""
    p = TablePanel("piquet", seed=5)
    s = p.session
    for _ in range(200):
        st = s.state
        if s.between_deals:
            p.next_button.click()
            continue
        following = st.phase is Phase.PLAY and s.reader_to_move and st.tricks and st.tricks[-1][2] < 0
        if following:
            legal = {str(a).split()[1] for a in s.legal_actions()}
            other = sorted(str(c) for c in st.hand(st.to_move) if str(c) not in legal)
            if other:
                break
        p.guard(p.act)(s.hint())
    else:
        raise AssertionError("never had to follow suit")
    before = st.to_json()
    p.guard(p.play)(other[0])
    assert "must follow" in p.message.value and s.state.to_json() == before
    assert next(b for b in p.hand_row.children if str(b.card) == other[0]).disabled is not False


def test_the_table_plays_a_partie_of_six_deals_to_its_settlement():
    """A partie is six deals (Parlett's Piquet rules; Cavendish Law 73 for the rubicon): the computer
    plays each deal out for the reader, and the sheet ends with the settlement."""
    p = TablePanel("piquet", seed=2)
    for _ in range(6):
        assert not p.out_button.disabled
        p.out_button.click()
        if p.session.is_over:
            break
        p.next_button.click()
    match = p.session.match
    assert match is not None and match.is_over and len(match.records) == 6
    said = text(p.prompt.value + p.view.value)
    assert "partie is over" in said and ("rubicon" in said or "drawn" in said)


def test_callback_errors_are_not_swallowed(caplog):
    import ipywidgets as w

    b = w.Button()
    b.on_click(lambda _: 1 / 0)
    b.click()
    assert any("callback" in r.getMessage().lower() or r.exc_info for r in caplog.records)
    caplog.clear()  # this test checks that the fixture would see the error


def test_advisor_panel_ranks_discards_and_sends_one_to_the_exchange():
    from tutor.widgets.piquet import AdvisorPanel

    p = AdvisorPanel(seed=1)
    best = p.advice.rows[0]
    # elder: C(12, k) discards of k cards, each over C(20, k) draws from the unseen cards, k = 1..5
    draws = sum(math.comb(12, k) * math.comb(20, k) for k in range(1, 6))
    assert f"1,585 discards, {draws:,} draws in all" in p.table.value and "worked out in" in p.table.value
    assert str(best.discard) in text(p.detail.value)
    assert all(a.expected >= b.expected for a, b in zip(p.advice.rows, p.advice.rows[1:]))
    p.rows.value = 3
    chosen = p.advice.rows[3]
    assert str(chosen.discard) in text(p.detail.value)
    # why it ranks there: its expected value, split by class, against the first row's
    parts = (chosen.expected, chosen.expected_point, chosen.expected_sequences, chosen.expected_sets, best.expected)
    assert "It ranks 4 of 1,585" in p.detail.value
    assert all(f"{float(x):.2f}" in p.detail.value for x in parts) and chosen.expected <= best.expected
    button(p, "Try this discard").click()
    assert p.exchange.selected == set(chosen.discard)
    button(p.exchange, "Exchange").click()
    assert set(p.exchange.state.view(0)["discard"]) == set(chosen.discard)
    p.source.value = "AS KS"
    button(p, "Advise").click()
    assert "has 2" in p.message.value and p.advice.rows[0] is best


def test_declaration_practice_hints_first_gives_a_second_try_and_keeps_a_tally():
    p = DeclarationPanel(seed=3)
    best = p.quiz.best(1, "sequence") or p.quiz.best(1, "point")
    p.kind.value = best.kind
    wrong = [c for c in p.quiz.younger if c not in best.cards][:1]
    p.toggle(wrong[0])
    button(p, "Declare selected").click()
    first = p.message.value
    assert "Hint:" in first and "Try again" in first and "Cavendish Law" in first
    assert " ".join(map(str, best.cards)) not in first, "the hint does not give the answer away"
    button(p, "Declare selected").click()
    assert "Not quite: the answer is" in p.message.value and " ".join(map(str, best.cards)) in p.message.value
    assert "0 of 1 question this session" in text(p.tally.value)
    # another question, right at the first try, counts; answering it again does not count twice
    expected = p.quiz.check_reply(best.kind, "good").expected
    button(p, expected).click()
    button(p, expected).click()
    assert "Right." in p.message.value and "Cavendish Law" in p.message.value
    assert "1 of 2 questions this session" in text(p.tally.value)
    # a new hand is a new random hand, and its deal code is shown to be shared
    before = p.deal.code
    button(p, "New hand").click()
    assert p.deal.code != before and p.deal.code in p.view.value and p.source.value != "3"
    assert "1 of 2" in text(p.tally.value), "the tally is kept across hands"


def test_scoring_panel_folds_the_whole_reckoning_under_its_first_step():
    # a static page shows the panel as built, at step 0: the whole reckoning is there, folded
    p = ScoringPanel(seed=11)
    assert p.step.value == 0 and "The whole reckoning" in p.view.value
    assert all(html_escape(s.text) in p.view.value for s in p.steps)
    button(p, "All steps").click()
    assert "The whole reckoning" not in p.view.value


def html_escape(t: str) -> str:
    import html

    return html.escape(t)
