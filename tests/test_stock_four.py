"""The stock-and-tricks core at a table of four in two partnerships, from the start.

A small test game (not one of the book's): 32 cards, six each in packets of three, a turn-up and
a stock of seven; free play while the stock lasts, then follow, beat and trump, except that a
player whose partner holds the trick need only follow suit; a point a trick to the winner's side.
"""

from __future__ import annotations

import random
from dataclasses import replace

from tutor.cards import PACKS, Card, Rank
from tutor.games.checks import check_game, play_out
from tutor.games.contract import Game, GameType
from tutor.games.stock.core import Dealt, Stage, StockSpec, StockState
from tutor.games.stock.tricks import FREE, STRICT, CardOrder, legal_plays
from tutor.options import Rules

SEATS = ("north", "east", "south", "west")
ORDER = CardOrder((Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN))
PARTNERLY = replace(STRICT, name="strict, partner spared", beat_partner=False)
SPEC = StockSpec(
    name="four-seat test",
    pack=PACKS["piquet32"],
    players=SEATS,
    hand_size=6,
    packets=(3, 3),
    order=ORDER,
    card_points={Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2},
    play={Stage.STOCK: FREE, Stage.END: PARTNERLY},
    teams=(0, 1, 0, 1),
    side_names=("north-south", "east-west"),
    deal_tag="t4",
)


class FourState(StockState):
    title = "four-seat test"

    def _on_trick(self, trick) -> None:
        self._score(trick.winner, "trick", 1, f"takes trick {len(self.tricks)}", "the test game: a point a trick")

    @property
    def code(self) -> str:
        return self.dealt.code(self.spec)


class FourRules(Rules):
    game = "four-seat test"


class FourGame(Game):
    TYPE = GameType(name="four-seat-test", title="Four-seat test", family="tests", pack="piquet32", seats={4: SEATS},
                    sides={4: (("north", "south"), ("east", "west"))}, sources=("this test",), summary="a test game")
    Rules = FourRules

    def deal(self, seed=None, code=None):
        dealt = Dealt.from_code(SPEC, code) if code is not None else Dealt.from_seed(SPEC, 0 if seed is None else seed)
        return FourState(dealt, SPEC)


def test_a_four_seat_partnership_deal_keeps_the_contract():
    summary = check_game(FourGame(), deals=8)
    assert summary["deals"] == 8 and summary["actions"] == 8 * 32  # eight tricks of four cards


def test_the_table_seats_partners_and_the_dealer():
    state = FourGame().deal(seed=1)
    t = state.table
    assert t.dealer.name == "west" and t.first_leader.name == "north" and state.turn.name == "north"
    assert t.seat("north").partner.name == "south" and t.seat("east").partner.name == "west"
    assert t.side_names == ("north-south", "east-west") and t.next_dealer().dealer.name == "north"
    assert FourGame.TYPE.table(4).partnerships


def test_tricks_and_points_go_to_sides():
    game = FourGame()
    for seed in range(5):
        state = game.deal(seed=seed)
        play_out(game, state, random.Random(seed))
        by_side = state.tricks_by_side()
        assert sum(by_side.values()) == 8
        assert state.scores() == by_side  # a point a trick, scored to the side
        points = state.card_points_by_side()
        assert sum(points.values()) == sum(SPEC.card_points.get(c.rank, 0) for c in SPEC.pack.cards)
        north, south = state.tricks_won()[0], state.tricks_won()[2]
        assert by_side["north-south"] == north + south


def test_a_player_need_not_beat_his_partner_where_the_rule_spares_him():
    # Hearts led by north, east plays low, south (north's partner) holds a higher heart: the
    # partner holds the trick, so south may play any heart; without the exemption he must beat.
    hand = [Card("AH"), Card("7H"), Card("9C")]
    trick = [Card("KH"), Card("8H")]
    spared = legal_plays(hand, trick, None, PARTNERLY, ORDER, partner_winning=True)
    strict = legal_plays(hand, trick, None, STRICT, ORDER, partner_winning=True)
    assert set(spared) == {Card("AH"), Card("7H")} and strict == [Card("AH")]
    # an opponent holding the trick: the duty to beat stands under both rules
    assert legal_plays(hand, trick, None, PARTNERLY, ORDER, partner_winning=False) == [Card("AH")]


def test_the_state_knows_when_a_partner_holds_the_trick():
    game = FourGame()
    found = 0
    for seed in range(40):
        state = game.deal(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.stage is Stage.END and len(state.trick) >= 2:
                p = state.to_move
                if state._partner_winning(p):
                    found += 1
                    led = state.trick[0].suit
                    legal = {a.card for a in state.legal_actions()}
                    suited = {c for c in state.hands[p] if c.suit is led}
                    assert legal == (suited or set(state.hands[p]))
            state.apply(rng.choice(list(state.legal_actions())))
    assert found > 0
