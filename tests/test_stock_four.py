"""The stock-and-tricks core at a table of four in two partnerships, from the start.

A small test game (not one of the book's): 32 cards, six each in packets of three, a turn-up and
a stock of seven; free play while the stock lasts, then follow, beat and trump, except that a
player whose partner holds the trick need only follow suit; a point a trick to the winner's side.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace

from tutor.cards import PACKS, Card, Rank
from tutor.games.base import citing
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
    REPLACES = frozenset({"_on_trick"})
    #: the test game's rules are the stock core's own: its refusals name them as its source
    CITES = re.compile(r"the four-seat test's rules")

    def _why_illegal(self, action):
        why = super()._why_illegal(action)
        return None if why is None or self.CITES.search(why) else citing(why, "the four-seat test's rules")

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
    summary = check_game(FourGame(), deals=8, matches=0, sessions=0, cli=False)  # a deal alone: it has no match
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


# -- a new kind of action is a handler, not an edit of the core ---------------------------------------


@dataclass(frozen=True)
class Ask:
    """A question to one's partner (as Marjapussi's players may ask): here, 'do you hold a trump?'."""

    def __str__(self) -> str:
        return "ask"


class AskingState(FourState):
    """The test game with one more action: the player on lead may ask his partner, once a deal, before
    leading; the answer is logged. Added by the handler tables alone."""

    WHY_NOT = {**FourState.WHY_NOT, Ask: lambda s, p, a: s._why_bad_ask(p)}
    DO = {**FourState.DO, Ask: lambda s, p, a: s._ask(p)}
    REPLACES = frozenset({"_enumerate"})

    def __init__(self, *args, **kw):
        self.asked: list[tuple[int, bool]] = []
        super().__init__(*args, **kw)

    def parse_action(self, text):
        return Ask() if isinstance(text, Ask) or text == "ask" else super().parse_action(text)

    def _why_bad_ask(self, p: int) -> str | None:
        if self.trick or self.phase.value != "lead":
            return "one asks one's partner only when on lead, before leading (the test game's rule)"
        if any(who == p for who, _ in self.asked):
            return "a player asks once a deal (the test game's rule)"
        return None

    def _ask(self, p: int) -> None:
        partner = self.table.seats[p].partner
        self.asked.append((p, any(c.suit is self.trump for c in self.hands[int(partner)])))

    def _enumerate(self):
        out = super()._enumerate()
        return out + [Ask()] if self._why_bad_ask(self.to_move) is None and self.phase.value != "over" else out


def test_a_game_adds_a_kind_of_action_through_the_handler_tables():
    state = AskingState(Dealt.from_seed(SPEC, 5), SPEC)
    assert "ask" in [str(a) for a in state.legal_actions()]
    before = len(state.history)
    state.apply("ask")
    assert len(state.asked) == 1 and state.asked[0][0] == 0 and len(state.history) == before + 1
    snapshot = (list(state.asked), list(state.history))
    why = state.why_illegal("ask")
    assert why is not None and "once a deal" in why
    try:
        state.apply("ask")
    except ValueError as e:
        assert "once a deal" in str(e)
    else:
        raise AssertionError("a second question was accepted")
    assert (list(state.asked), list(state.history)) == snapshot
    state.apply(state.legal_actions()[0])  # the lead: now no one may ask until he is on lead again
    assert "ask" not in [str(a) for a in state.legal_actions()]


def test_string_flags_are_enums_and_a_wrong_one_is_refused_by_name():
    from tutor.errors import RuleOptionError
    from tutor.games.stock.core import When
    from tutor.games.stock.declarations import Combination, Run, SuitScope
    from tutor.games.stock.tricks import Follow, PlayRule

    assert replace(SPEC, declare_when="on_lead").declare_when is When.ON_LEAD
    assert PlayRule("p", follow="suit").follow is Follow.SUIT and STRICT.follow is Follow.SUIT
    assert Combination("m", 20, Run((Rank.KING, Rank.QUEEN)), "A", "plain").suit is SuitScope.PLAIN
    for make, bad in ((lambda: replace(SPEC, exchange_when="sometimes"), "sometimes"),
                      (lambda: PlayRule("p", follow="always"), "always"),
                      (lambda: Combination("m", 20, Run((Rank.KING, Rank.QUEEN)), "A", "red"), "red")):
        try:
            make()
        except RuleOptionError as e:
            assert bad in str(e) and bad in str(e.token)
        else:
            raise AssertionError(f"{bad!r} was accepted")


# -- declarations from a partnership ----------------------------------------------------------------


def _partner_deal(partner_melds: bool) -> FourState:
    from tutor.cards import Hand
    from tutor.games.stock.declarations import Combination, MeldTable, Run, SuitScope

    marriage = Combination("marriage", 20, Run((Rank.KING, Rank.QUEEN)), "A", SuitScope.ANY, lay=False,
                           source="the test game (after Marjapussi: a marriage may be asked of one's partner)")
    spec = replace(SPEC, melds=MeldTable((marriage,)), partner_melds=partner_melds)
    hands = (Hand("AS KH 7D 8D 9D TD"), Hand("7S 8H 9H JD QD KD"), Hand("8S QH 7C 8C 9C TC"), Hand("9S JH JC QC KC AC"))
    rest = [c for c in spec.pack.cards if not any(c in h for h in hands)]
    return FourState(Dealt(hands, rest[0], tuple(rest[1:])), spec)


def test_partners_may_declare_together_where_the_game_says_so():
    # North wins the first trick with the ace of spades; he holds the king of hearts, South the queen.
    for partner_melds in (True, False):
        state = _partner_deal(partner_melds)
        for card in ("AS", "7S", "8S", "9S"):
            state.apply(f"play {card}")
        assert state.phase.value == "declare" and state.to_move == 0
        offered = [str(a) for a in state.legal_actions()]
        if partner_melds:
            assert "declare marriage KH QH" in offered
            state.apply("declare marriage KH QH")
            assert state.scores()["north-south"] == 1 + 20 and Card("QH") in state.hands[2]  # shown, not laid
        else:
            assert not any(a.startswith("declare") for a in offered)
            why = state.why_illegal("declare marriage KH QH")
            assert why is not None and "does not hold QH" in why
