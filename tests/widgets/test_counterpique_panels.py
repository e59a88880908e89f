"""The Counterpique panels and session, driven as a reader would: set values, click, read what
the panels show. Parlett's Counterpique is quoted where a panel shows one of its rules."""

import random
import re

import pytest
from ipywidgets.widgets.widget import _instances

from tutor.errors import IllegalActionError, TutorError
from tutor.games.counterpique import BIDS, Phase, parse_bid
from tutor.games.counterpique.bot import bid_values, trick_chances
from tutor.widgets.counterpique import (
    AuctionPanel,
    DeclarationPanel,
    DrawPanel,
    PadPanel,
)
from tutor.widgets.counterpique_rubber import NAMES, RubberView, rubber_session


def text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def enabled_buttons(panel):
    def walk(w):
        yield w
        for c in getattr(w, "children", ()):
            yield from walk(c)

    return [w for w in walk(panel.widget) if hasattr(w, "click") and not w.disabled and w.layout.display != "none"]


class Bare:
    """A rubber session and its view, held as a panel holds them (with no selection of cards)."""

    def __init__(self, seed, phases, **kw):
        self.session = rubber_session(seed, phases=phases, **kw)
        self.table = RubberView(self.session)
        self.selected = set()


def snapshot(p):
    """What a refused action must leave as it was: actions, log, the deal, the pad, the selection."""
    d = p.table.deal
    return (list(p.session.actions), list(p.session.log), d.to_json(), len(p.table.pad.entries), set(p.selected))


def find_session(phases, want, seeds=range(60), **kw):
    """The first seed whose session, once the computer has acted, satisfies ``want(session, view)``."""
    for seed in seeds:
        b = Bare(seed, phases, **kw)
        if want(b.session, b.table):
            return seed, b
    raise AssertionError("no seed gives that position")


# -- the session, without any panel ------------------------------------------------------------------


def test_session_plays_a_rubber_to_the_end_and_the_sheet_adds_up():
    b = Bare(4, ())
    s = b.session
    while s.between_deals:
        s.next_deal()
    sheet = b.table.sheet()
    assert sheet["over"] and 2 in sheet["games_won"].values()
    # Parlett's Counterpique, Game: 300 to the winner, or 500 if the loser won no game.
    rubber = [pts for _who, cat, pts, _ in sheet["bonuses"] if cat == "rubber"]
    assert rubber == [500 if 0 in sheet["games_won"].values() else 300]
    assert sheet["totals"] == b.table.pad.totals() == s.match.standing()
    assert all(g["winner"] and max(g["below"].values()) >= 100 for g in sheet["games"])
    assert s.match.outcome().winner == sheet["winner"] and "rubber" in s.match.outcome().reason
    with pytest.raises(IllegalActionError, match="is over"):
        s.act("pass")


def test_a_wrong_action_raises_the_engines_error_and_leaves_the_session_unchanged():
    _, b = find_session(("auction",), lambda s, t: s.reader_to_move and t.deal.phase is Phase.AUCTION)
    before = snapshot(b)
    for bad in ("stand", "play AS", "bid six-three", "discard 7C"):
        with pytest.raises(TutorError):
            b.session.act(bad)
        assert snapshot(b) == before
    with pytest.raises(IllegalActionError, match="is not over"):
        b.session.next_deal()
    assert snapshot(b) == before


def test_undo_goes_back_across_the_end_of_a_deal():
    b = Bare(2, ("play",))
    s, t = b.session, b.table
    while not t.paused:
        s.act(f"play {min(t.legal_cards(), key=str)}")
    finished = snapshot(b)
    entries = len(t.pad.entries)
    s.next_deal()
    while not s.reader_to_move:  # the computer may need the reader at once; if not, go on
        s.next_deal()
    assert s.undo()  # back before the last card of the deal: the pad forgets that deal
    assert len(t.pad.entries) < entries and not t.paused
    legal = sorted(t.legal_cards(), key=str)
    s.act(f"play {legal[0]}")
    assert snapshot(b) == finished
    assert not Bare(2, ()).session.undo()


def test_the_computer_judges_bids_by_expected_net_score():
    hand = "AS KS QS JS TS AH KH QH AD KD AC KC"
    values = {v.bid.name: v for v in bid_values(hand)}
    assert len(values) == len(BIDS)
    assert values["seven-three"].making > 0.9 and values["seven-three"].expectation > 15
    weak = {v.bid.name: v for v in bid_values("9S 8S 7S 9H 8H 7H 9D 8D 7D 9C 8C 7C")}
    assert weak["seven-three"].making < 0.3 and weak["seven-three"].expectation < 0
    assert sum(trick_chances(0, 3)) == pytest.approx(1)


# -- the panels ----------------------------------------------------------------------------------------


def test_auction_panel_bids_raises_and_shows_the_engines_refusal():
    # A rubber in which the reader deals first and the computer says yes to his seven-four.
    for seed in range(60):
        p = AuctionPanel(seed=seed, first_dealer="you")
        if not p.session.reader_to_move or p.table.deal.phase is not Phase.AUCTION:
            continue  # a blank to prove first
        assert "open the auction" in p.prompt.value and p.bid_button.description == "Bid"
        assert "tricks × cards left" in p.view.value and ">104<" in p.view.value  # the bid table
        p.bid_choice.value = "seven-four"
        p.bid_button.click()
        if p.table.deal.phase is Phase.AUCTION:
            break
    else:
        raise AssertionError("the computer never said yes")
    assert "The computer: “yes”." in text(p.view.value) and p.bid_button.description == "Raise"
    # Parlett's Counterpique: a higher bid is one worth more; eight-three (24) has more tricks but is worth less than 28.
    p.bid_choice.value = "eight-three"
    before = snapshot(p)
    p.bid_button.click()
    assert "must raise" in p.message.value and "tutor-error" in p.message.value
    assert snapshot(p) == before
    p.words["pass"].click()  # the computer, having said yes, is Elder at seven-four
    assert p.message.value == ""
    d = p.table.deal
    assert d.contract is not None and d.contract.name == "seven-four" and p.table.name(d.elder) == "computer"
    assert "Contract: seven-four (28)" in text(p.view.value) and "The deal's score" in p.view.value
    assert not p.next_button.disabled and p.bid_button.disabled


def test_auction_panel_as_non_dealer_says_yes_then_raises_or_stands():
    seed, _ = find_session(("auction",), lambda s, t: s.reader_to_move and t.deal.phase is Phase.AUCTION
                           and t.deal.to_move == 0, first_dealer="computer")
    p = AuctionPanel(seed=seed, first_dealer="computer")
    assert not p.words["yes"].disabled and p.words["stand"].disabled
    p.words["yes"].click()
    d = p.table.deal
    if d.phase is Phase.RAISE:
        # Parlett's Counterpique, Bidding: the non-dealer who wins may raise his bid, the dealer may not.
        assert p.bid_button.description == "Raise" and not p.words["stand"].disabled
        low = next(b for b in BIDS if b.value <= d.bid.value)
        p.bid_choice.value = low.name
        p.bid_button.click()
        assert "worth more" in p.message.value
        up = next(b for b in BIDS if b.value > d.bid.value)
        p.bid_choice.value = up.name
        p.bid_button.click()
        assert p.table.deal.contract == up
        assert f"Contract: {up.name} ({up.value})" in text(p.view.value)


def test_draw_panel_refuses_too_many_cards_and_shows_the_draw():
    seed, _ = find_session(("draw",), lambda s, t: s.reader_to_move and t.deal.to_move == t.deal.elder)
    p = DrawPanel(seed=seed)
    most = p.table.draw_limit()
    assert f"You may draw up to {most}" in text(p.view.value)
    hand = [b.tooltip for b in p.cards.children]
    assert len(hand) == 12 and all(not b.disabled for b in p.cards.children)
    for b in p.cards.children[: most + 1]:
        b.click()
    assert len(p.selected) == most + 1 and p.draw_button.description == f"Discard {most + 1} and draw {most + 1}"
    before = snapshot(p)
    p.draw_button.click()
    assert f"may draw at most {most}" in p.message.value and snapshot(p) == before
    p.cards.children[0].click()  # unselect one: now within the limit
    p.draw_button.click()
    assert p.message.value == "" and "drew" in text(p.view.value)
    assert "you: discard" in text(p.view.value)


def test_declaration_panel_answers_calls_and_refuses_a_wrong_call():
    seed, _ = find_session(("declarations",), lambda s, t: s.reader_to_move and t.deal.phase is Phase.CALL)
    p = DeclarationPanel(seed=seed)
    assert "declare the point" in p.prompt.value and not p.call_button.disabled
    assert all(b.disabled for b in p.replies)
    # Calling cards that make no point (the first and last of the hand, of two suits): Piquet's
    # dialogue refuses it in its own words, and nothing changes.
    p.cards.children[0].click()
    p.cards.children[-1].click()
    assert "tutor-error" not in p.message.value and len(p.selected) == 2
    before = snapshot(p)
    p.call_button.click()
    assert "tutor-error" in p.message.value and snapshot(p) == before
    guard = 0
    while p.session.reader_to_move:
        button(p, "Do it for me").click()
        guard += 1
        assert guard < 30
    assert p.table.paused and "The deal's score" in p.view.value


def test_declaration_panel_as_younger_answers_elders_call():
    seed, _ = find_session(("declarations",), lambda s, t: s.reader_to_move and t.deal.phase is Phase.REPLY)
    p = DeclarationPanel(seed=seed)
    assert "Elder calls" in p.prompt.value and "good, not good or equal" in p.prompt.value
    assert p.call_button.disabled and not any(b.disabled for b in p.replies)
    answer = p.session.hint()
    n = len(p.session.actions)
    button(p, answer).click()
    assert p.session.actions[n] == ("reader", p.table.deal.parse_action(answer))
    assert f"You: “{answer}”." in text(p.view.value)


def button(panel, description):
    found = [b for b in enabled_buttons(panel) if b.description == description]
    assert found, f"no enabled button {description!r}"
    return found[0]


def test_pad_panel_plays_deal_by_deal_and_settles_the_rubber():
    p = PadPanel(seed=3)
    view = text(p.view.value)
    assert "above the line" in view and "game 1 in play" in view and "deal 1:" in view
    p.next_button.click()
    assert p.table.pad.deals == 2
    p.all_button.click()
    view = text(p.view.value)
    sheet = p.table.sheet()
    assert sheet["over"] and "Rubber to" in view and "game 2 to" in view
    assert f"total {sheet['totals']['first']} {sheet['totals']['second']}" in view
    assert ("three hundred" in view) or ("five hundred" in view)
    assert p.next_button.disabled and p.all_button.disabled
    p.source.value = "9"
    p.new_button.click()
    assert p.table.pad.deals == 1 and not p.next_button.disabled


def test_pad_panel_replays_the_engines_rubber_for_the_same_seed_and_dealer():
    from tutor.games import load
    from tutor.games.counterpique.bot import choose_action

    rubber = load("counterpique").rubber(seed=18, first_dealer="first")
    while not rubber.is_over:
        rubber.apply(choose_action(rubber.deal))
    p = PadPanel(seed=18, first_dealer="first")
    p.all_button.click()
    assert p.table.pad.result() == rubber.result()
    assert "first" in p.session.log[0] or "First" in p.session.log[0]


@pytest.mark.parametrize("cls", [AuctionPanel, DrawPanel, DeclarationPanel, PadPanel])
def test_panel_actions_make_no_new_widgets(cls):
    """A few hundred random clicks; after the first few the panel makes no new widgets (ipywidgets
    keeps every widget ever made, so a panel that did would slow down as it is used). How fast the
    clicks are is measured by tests/benchmarks/bench_panels.py."""
    rng = random.Random(cls.__name__)
    p = cls(seed=7)
    counts = []
    for _i in range(300):
        choices = enabled_buttons(p)
        if hasattr(p, "bid_choice"):
            p.bid_choice.value = rng.choice(BIDS).name
        rng.choice(choices).click()
        counts.append(len(_instances))
        if p.table.rubber.is_over and cls is not PadPanel:
            p.new_button.click()
    assert counts[-1] == counts[10], "a click made new widgets"


def test_names_and_bids_shown_match_the_engine():
    assert NAMES == ("you", "computer")
    p = AuctionPanel(seed=1)
    labels = [label for label, _ in p.bid_choice.options]
    assert len(labels) == len(BIDS)
    assert labels[0].startswith("seven-three (21)") and "draw up to 5" in labels[0]
    assert parse_bid(p.bid_choice.options[-1][1]).value == 104
