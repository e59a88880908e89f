"""Chouine: the published table of declarations, its re-use rules, the exchange, the play in each
stage, the deal and the rubber. Each test names its source: David Parlett, *The Penguin Book of
Card Games* (Chouine) where it speaks, pagat.com's Chouine (after Jacques Proust) for the rest."""

from __future__ import annotations

import json
import pathlib

import pytest

from tutor.cards import PACKS
from tutor.errors import IllegalActionError
from tutor.games import load
from tutor.games.chouine import Chouine, ChouineRules
from tutor.games.contract import RandomPlayer
from tutor.session import SeatView

GOLDEN = pathlib.Path(__file__).parent / "golden" / "chouine.json"
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}


def deal(elder: str, younger: str, up: str, top: str = "", **rules):
    """A deal from the hands and turn-up given; the stock is ``top`` then the rest in pack order."""
    used = set(f"{elder} {younger} {up} {top}".split())
    rest = [str(c) for c in PACKS["piquet32"].cards if str(c) not in used]
    return load("chouine", **rules).deal_cards(elder, younger, up, " ".join(top.split() + rest))


def total(state, who):
    return state.scores()[who]


# -- the table (Parlett) ---------------------------------------------------------------------------

@pytest.mark.parametrize("cards, name, value", [
    ("KS QS", "marriage", 20), ("KH QH", "marriage in trumps", 40),
    ("KS QS JS", "tierce", 30), ("KH QH JH", "tierce in trumps", 60),
    ("AS KS QS JS", "quarteron", 40), ("AH KH QH JH", "quarteron in trumps", 80),
])
def test_the_published_table_of_suit_declarations(cards, name, value):
    """Parlett: marriage 20 (40 in trumps), tierce K-Q-J 30 (60), quarteron A-K-Q-J 40 (80)."""
    hand = (cards + " 7C 8C 9C 7D")
    elder = " ".join(hand.split()[:5])
    s = deal(elder, "AD TD KD QD JD" if "D" not in elder else "AC TC KC QC JC", "9H")
    s.apply(f"declare {cards}")  # the name is read from the cards
    assert s.melds[-1].kind.key == name
    assert total(s, "elder") == value
    assert list(s.explanation())[-1].rule.startswith("David Parlett, The Penguin Book of Card Games")


def test_the_quinte_is_fifty_by_the_book_and_a_hundred_by_pagat():
    """Parlett: a cinquante (five ten-point cards) scores 50; pagat.com (Proust): 100."""
    for value in (50, 100):
        s = deal("AS TS AD TD AC", "KH QH JH 7C 8C", "9H", quinte=value)
        s.apply("declare quinte AS TS AD TD AC")
        assert total(s, "elder") == value
        assert ("Parlett" if value == 50 else "pagat") in list(s.explanation())[-1].rule


def test_a_chouine_wins_the_deal_outright_when_its_trick_is_complete():
    """Parlett: a chouine (A-K-Q-J-T in any suit) wins the deal outright."""
    s = deal("AS TS KS QS JS", "AC 7D 8D 9D TD", "9H")
    s.apply("declare chouine AS TS KS QS JS")
    s.apply("play JS")
    assert not s.is_over  # the other player may still answer in this trick (pagat.com)
    s.apply("play 7D")
    assert s.is_over and s.ending["winner"] == "elder" and s.ending["how"] == "chouine"
    assert s.outcome().winner == "elder" and s.game_points() == {"elder": 1, "younger": 0}


@pytest.mark.parametrize("trumps, winner", [("9H", "elder"), ("9D", "younger")])
def test_two_chouines_in_one_trick_the_trump_one_wins_else_the_leaders(trumps, winner):
    """pagat.com: of two chouines in a trick the trump one wins, otherwise the leader's."""
    s = deal("AS TS KS QS JS", "AD TD KD QD JD", trumps)
    s.apply("declare chouine AS TS KS QS JS")
    s.apply("play JS")
    s.apply("declare chouine AD TD KD QD JD")
    s.apply("play JD")
    assert s.ending["winner"] == winner
    assert "pagat" in s.ending["rule"]


# -- re-use (pagat.com) ----------------------------------------------------------------------------

def test_one_declaration_per_suit():
    """pagat.com: a player makes only one declaration in each suit in a deal. A declaration is made
    by playing one of its cards, so the rule bites where a smaller combination is left in hand: a
    tierce declared with its jack leaves the marriage, which cannot then be declared."""
    s = deal("KS QS JS 7C 8C", "AD TD 9D 8D 7D", "9H", top="AS")
    s.apply("declare tierce KS QS JS")
    s.apply("play JS")
    s.apply("play 7D")  # elder wins (a diamond on a spade lead, no trump)
    assert s.tricks[-1].winner == 0 and total(s, "elder") == 30 + 2
    before = s.to_json()
    with pytest.raises(IllegalActionError) as e:
        s.apply("declare marriage KS QS")
    assert "one declaration in each suit" in str(e.value) and "pagat" in str(e.value)
    assert s.to_json() == before
    assert "declare marriage KS QS" not in [str(x) for x in s.legal_actions()]


def test_a_card_may_serve_in_combinations_of_different_kinds():
    """pagat.com's example: the ace of diamonds of a declared quarteron may later count in a quinte."""
    s = deal("AD KD QD JD TS", "7C 8C 9C 7S 8S", "9H", top="AS 9D TC AC TD 7D")
    s.apply("declare quarteron AD KD QD JD")
    assert total(s, "elder") == 40
    s.apply("play JD")
    s.apply("play 7C")  # elder wins and draws AS; younger 9D
    s.apply("play QD")
    s.apply("play 8C")  # elder draws TC
    s.apply("play KD")
    s.apply("play 9C")  # elder drew AS, TC, TD from the stock (AS 9D TC AC TD 7D), younger 9D, AC, 7D
    assert str(s.hand(0)) == "AS TS AD TD TC"
    s.apply("declare quinte AS TS AD TD TC")  # the AD served in the quarteron
    assert total(s, "elder") == 40 + 50 + (2 + 0) + (3 + 0) + (4 + 0)


def test_one_quinte_a_deal():
    """pagat.com: one quinte per deal (each player's, the tutor's reading)."""
    s = deal("AS TS AD TD AC", "7C 8C 9C 7S 8S", "9H", top="TC 9D")
    s.apply("declare quinte AS TS AD TD AC")
    s.apply("play AC")
    s.apply("play 7C")  # elder wins, draws TC: five brisques again
    assert s.why_illegal("declare quinte AS TS AD TD TC") is not None
    assert "only one quinte" in s.why_illegal("declare quinte AS TS AD TD TC")


# -- declaring on one's turn to play (pagat.com) -----------------------------------------------------

def test_the_follower_declares_as_he_plays_and_must_play_one_of_its_cards():
    """pagat.com: leader or follower declares a combination when playing one of its cards."""
    s = deal("7C 8C 9C 7S 8S", "KS QS 7D 8D 9D", "9H")
    s.apply("play 7C")
    assert "declare marriage KS QS" in [str(a) for a in s.legal_actions()]
    s.apply("declare marriage KS QS")
    assert total(s, "younger") == 20  # no trick needed first
    before = s.to_json()
    with pytest.raises(IllegalActionError) as e:
        s.apply("play 7D")
    assert "must play one of KS QS" in str(e.value) and "pagat" in str(e.value)
    assert s.to_json() == before
    assert s.why_illegal("declare marriage KS QS") is not None  # once a turn
    s.apply("play QS")


def test_a_declaration_in_following_needs_a_card_that_may_be_played():
    """pagat.com: once the stock is gone the follower must follow suit; a combination is declared
    by playing one of its cards, so one none of whose cards may be played to the trick is refused
    (the tutor's reading)."""
    s = deal("7C 8C 9C 7S 8S", "KD QD 9S 8D 9D", "9H")
    # the stock used up (set by hand: the position, not the way to it, is under test)
    s.stock.clear()
    s.turnup = None
    s.apply("play 7S")  # younger holds a spade and must follow
    before = s.to_json()
    why = s.why_illegal("declare marriage KD QD")
    assert why is not None and "none of KD QD may be played" in why and "pagat" in why
    assert not [a for a in s.legal_actions() if str(a).startswith("declare")]
    with pytest.raises(IllegalActionError):
        s.apply("declare marriage KD QD")
    assert s.to_json() == before
    t = deal("7C 8C 9C 7S 8S", "KD QD 9S 8D 9D", "9H")
    t.stock.clear()
    t.turnup = None
    t.apply("play 7C")  # no club: younger may play anything but a trump he lacks: the marriage may be declared
    assert "declare marriage KD QD" in [str(a) for a in t.legal_actions()]


# -- the exchange (pagat.com) ------------------------------------------------------------------------

def test_the_seven_of_trumps_is_exchanged_by_leader_or_follower_but_not_after_the_eleventh_lead():
    """pagat.com: the seven of trumps may be exchanged for the turn-up at any time before the lead
    to the eleventh trick."""
    s = deal("7C 8C 9C 7S 8S", "7H 8D 9D TD AD", "KH")
    s.apply("play 7C")
    s.apply("exchange 7H")  # the follower, on his turn
    assert str(s.turnup) == "7H" and "KH" in str(s.hand(1))
    t = deal("7C 8C 9C 7S 8S", "8D 9D TD AD JD", "KH")
    while len(t.tricks) < 10:
        t.apply([a for a in t.legal_actions() if str(a).startswith("play")][0])
    assert len(t.stock) == 1 and t.turnup is not None
    me = t.to_move
    # give the player on lead the seven of trumps (the position is under test, not the way to it)
    seven = next(c for c in t.every_card() if str(c) == "7H")
    for pile in (t.hands[1 - me], t.stock):
        if seven in pile:
            pile[pile.index(seven)] = t.hands[me][0]
    if seven not in t.hands[me]:
        t.hands[me][0] = seven
    t._legal = None
    assert "exchange 7H" in [str(a) for a in t.legal_actions()]  # on the lead to the eleventh trick: still allowed
    t.apply([a for a in t.legal_actions() if str(a).startswith("play") and str(a) != "play 7H"][0])
    t.hands[1 - t.to_move].remove(seven)
    t.hands[t.to_move][0], spare = seven, t.hands[t.to_move][0]
    t.hands[1 - t.to_move].append(spare)
    t._legal = None
    why = t.why_illegal("exchange 7H")
    assert why is not None and "eleventh" in why and "pagat" in why
    assert "exchange 7H" not in [str(a) for a in t.legal_actions()]


def test_the_winner_of_the_eleventh_trick_takes_the_last_card_and_the_loser_the_turn_up():
    """pagat.com: after the eleventh trick its winner takes the last face-down card, the other the turn-up."""
    s = deal("7C 8C 9C 7S 8S", "8D 9D TD AD JD", "KH")
    while len(s.tricks) < 11:
        s.apply([a for a in s.legal_actions() if str(a).startswith("play")][0])
    w = s.tricks[-1].winner
    assert not s.stock and s.turnup is None
    assert any(str(c) == "KH" for c in s.hands[1 - w])


# -- play once the stock is gone (pagat.com; Parlett's 'variety of Sixty-Six' as an option) ---------

def _to_the_end(s):
    while s.stage.value == "stock":
        s.apply([a for a in s.legal_actions() if str(a).startswith("play")][0])
    if s.phase.value == "follow":
        s.apply([a for a in s.legal_actions() if str(a).startswith("play")][0])
    return s


def test_strict_play_beats_only_a_trump_lead():
    """pagat.com: once the stock is gone, follow suit; beat the card led only if it is a trump;
    with none of its suit, trump. Parlett calls the game a variety of Sixty-Six (follow and head
    every lead): the option ``strict_play='sixty-six'``."""
    checked = {"plain": 0, "trump": 0}
    for seed in range(40):
        for mode in ("pagat", "sixty-six"):
            s = load("chouine", strict_play=mode).deal(seed=seed)
            rng = RandomPlayer(seed)
            while not s.is_over:
                if s.stage.value == "end" and s.phase.value == "follow":
                    led = s.trick[0]
                    hand = s.hands[s.to_move]
                    plays = {a.card for a in s.legal_actions() if str(a).startswith("play")}
                    higher = [c for c in hand if c.suit is led.suit and s.spec.order.power[c.rank] > s.spec.order.power[led.rank]]
                    same = [c for c in hand if c.suit is led.suit]
                    if same:
                        if higher and (led.suit is s.trump or mode == "sixty-six"):
                            assert plays == set(higher)
                            checked["trump" if led.suit is s.trump else "plain"] += 1
                        elif mode == "pagat" and led.suit is not s.trump:
                            assert plays == set(same)
                s.apply(rng.choose(SeatView(s, s.turn)))
    assert checked["trump"] and checked["plain"]


# -- the deal, the game and the rubber ------------------------------------------------------------

def test_the_cards_and_the_last_trick_make_130():
    """Exact: the cards count 120 (ace 11, ten 10, king 4, queen 3, jack 2, four of each) and the
    last trick 10 more (pagat.com: dix de der)."""
    for seed in range(30):
        s = load("chouine").deal(seed=seed)
        rng = RandomPlayer(seed)
        while not s.is_over:
            s.apply(rng.choose(SeatView(s, s.turn)))
        if s.ending["how"] == "chouine":
            continue
        steps = list(s.explanation())
        assert sum(x.points for x in steps if x.category in ("cards", "last trick")) == 130
        melds = sum(m.kind.value for m in s.melds)
        assert sum(s.scores().values()) == 130 + melds


def test_equal_totals_annul_the_deal_and_the_same_dealer_deals_again():
    """pagat.com: equal totals annul the deal; the same dealer deals again; otherwise the deal alternates."""
    game = load("chouine")
    m = game.match(0)
    m.pause = True
    d = m.deal
    # an annulled deal, made by hand: the two totals equal
    d._score(0, "cards", 65, "test", "t")
    d._score(1, "cards", 65, "test", "t")
    d._finish_deal()
    assert d.ending["winner"] is None and "annulled" in d.ending["reason"]
    m._after_action()
    dealer = m.dealer
    m.next_deal()
    assert m.dealer == dealer
    m.deal._finish_deal()  # 0 to 0: annulled again
    m._after_action()
    m.deal._score(0, "cards", 1, "test", "t")
    m.next_deal()
    assert m.dealer == dealer


def test_a_game_is_the_best_of_five_deals_and_a_rubber_the_best_of_three_games():
    """Parlett: a game is the best of five deals, a rubber the best of three games."""
    for seed in range(6):
        game = load("chouine")
        m = game.play_out(game.match(seed))
        games = m.games()
        finished = [g for g in games if max(g.values()) >= 3]
        assert all(sum(g.values()) <= 5 for g in games)
        assert m.games_won()[m.outcome().winner] == 2 and len(finished) in (2, 3)
        one = load("chouine", match="game")
        m1 = one.play_out(one.match(seed))
        assert max(m1.standing().values()) == 3 and sum(m1.standing().values()) <= 5


def test_the_first_to_101_option_stops_the_deal_there():
    """Parlett: 'game is 101 points', read (an option, the tutor's reading) as the first to 101 winning the deal."""
    seen = 0
    for seed in range(20):
        s = load("chouine", deal_won_by="101").deal(seed=seed)
        bot = load("chouine").bot()
        while not s.is_over:
            s.apply(bot.choose(SeatView(s, s.turn)))
        if s.ending["how"] == "target":
            seen += 1
            assert s.scores()[s.ending["winner"]] >= 101
            assert any(len(h) for h in s.hands) or s.trick == [] and len(s.tricks) <= 16
    assert seen


def test_the_golden_deal_adds_up_from_its_tricks():
    """The golden playthrough reckoned again from the raw play: each trick's card points to its
    winner, the declarations at their table values, 10 for the last trick (Parlett; pagat.com)."""
    data = json.loads(GOLDEN.read_text())
    game = load("chouine")
    s = game.golden_deal(data)
    for line in data["transcript"]:
        s.apply(line["action"])
    want = {"elder": 0, "younger": 0}
    for t in s.tricks:
        want[s.players[t.winner]] += sum(POINTS.get(str(c)[0], 0) for c in t.cards)
    want[s.players[s.tricks[-1].winner]] += 10
    table = {"tierce": 30, "quinte": 50, "marriage": 20, "marriage in trumps": 40}
    for m in s.melds:
        want[s.players[m.player]] += table[m.kind.key]
    assert s.scores() == want == {k: v for k, v in data["transcript"][-1].items() if k in want}


def test_the_computer_beats_a_random_player_over_whole_games():
    """The computer's record, measured (tests/benchmarks/bench_chouine.py prints it over 1,000)."""
    game = load("chouine", match="game")
    bot, won = game.bot(), 0
    for seed in range(20):
        m = game.match(seed)
        other = RandomPlayer(seed)
        me = ("first", "second")[seed % 2]
        while not m.is_over:
            m.apply((bot if m.person(m.turn).name == me else other).choose(SeatView(m, m.turn)))
        won += m.outcome().winner == me
    assert won >= 15


def test_rules_name_their_sources():
    for o in ChouineRules.options():
        assert "Parlett" in o.source or "pagat" in o.source
    assert Chouine.TYPE.family == "Sixty-Six"


# -- the declaration workbench and ``tutor score chouine`` -----------------------------------------

def test_the_workbench_lists_every_declaration_scored_or_refused_with_its_rule():
    """Parlett's table for the values; pagat.com for one declaration in each suit."""
    from tutor.games.chouine.workbench import Workbench

    wb = Workbench("AH KH QH JH TS", "hearts")
    got = {o.name: o.points for o in wb.options() if o.legal}
    assert got == {"marriage in trumps": 40, "tierce in trumps": 60, "quarteron in trumps": 80}
    assert [o.name for o in wb.best()] == ["quarteron in trumps"]
    wb.apply("declare tierce in trumps KH QH JH")
    wb.apply("play JH")
    refused = {o.name: o.why for o in wb.options() if not o.legal}
    assert "one declaration in each suit" in refused["marriage in trumps"]
    assert wb.total == 60 + 2
    assert wb.undo() and wb.undo() and wb.total == 0
    before = (str(wb.hand), wb.actions)
    with pytest.raises(IllegalActionError):
        wb.apply("declare quinte AH KH QH JH TS")
    assert (str(wb.hand), wb.actions) == before


def test_the_workbench_refuses_a_bad_hand_and_keeps_the_old_one():
    from tutor.games.chouine.workbench import Workbench

    wb = Workbench()
    for bad, token in (("AH KH", "AH KH"), ("AH KH QH JH ZZ", "ZZ")):
        with pytest.raises(ValueError) as e:
            wb.reset(bad)
        assert token in str(e.value)
    with pytest.raises(ValueError):
        wb.reset(trumps="X")
    assert str(wb.hand) == "TS AH KH QH JH"


def test_practice_judges_the_best_declaration_and_names_the_rule():
    from tutor.games.chouine.workbench import Practice

    p = Practice(3)
    best = p.bench.best()
    if best:
        ok, words = p.answer(best[0].action)
        assert ok and "Parlett" in words
    worse = [o for o in p.bench.options() if o.legal and o.points < (best[0].points if best else 0)]
    if worse:
        ok, words = p.answer(worse[0].action)
        assert not ok and "better" in words
    ok, words = p.answer("none")
    assert ok == (not best)
    assert p.asked >= 1


def test_cli_score_lists_the_declarations_of_a_hand(capsys):
    from tutor.cli import main

    assert main(["score", "chouine", "--elder", "KS QS JS 7C 8C", "--trumps", "S", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {o["name"]: o["points"] for o in data["options"]} == {"marriage in trumps": 40, "tierce in trumps": 60}
    assert data["best"] == ["declare tierce in trumps KS QS JS"]
    assert main(["score", "chouine", "--elder", "KS QS JS 7C"]) == 2


def test_the_log_says_what_a_declaration_is_worth_and_that_one_of_its_cards_is_played():
    """Parlett's table: a tierce is 30; pagat.com: declared as one of its cards is played."""
    game = load("chouine")
    s = deal("KS QS JS 7C 8C", "AD TD 9D 8D 7D", "9H")
    line = game.describe_action(s, s.turn, "declare tierce KS QS JS")
    assert line == "Elder shows the tierce KS QS JS (30) and must play one of them."
