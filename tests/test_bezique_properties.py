"""Bezique property tests over random deals and random legal actions."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.errors import IllegalActionError, TutorError
from tutor.games.bezique import BeziqueDeal, BeziqueRules, Phase, Revoke, Stage
from tutor.games.bezique.state import ORDER, PACK
from tutor.games.stock import Declare, Play

rules_strategy = st.builds(
    BeziqueRules,
    last_trick=st.sampled_from(["twenty-fourth", "thirty-second"]),
    seven_of_trumps=st.sampled_from(["exchange-or-play", "exchange-or-declare"]),
    bezique_cards=st.sampled_from(["fixed", "by-trumps"]),
    trumps=st.sampled_from(["turn-up", "first-marriage"]),
    brisques_first=st.sampled_from(["last-trick", "elder"]),
)


def check_invariants(s: BeziqueDeal) -> None:
    cards = s.every_card()
    assert len(cards) == 64 and set(cards) == set(PACK.cards)  # cards conserved
    totals = {"elder": 0, "younger": 0}
    for step in s.explanation():
        totals[step.player] += step.points
        assert dict(step.totals) == totals  # running totals are the sums of the steps so far
    assert s.scores() == totals
    for p in (0, 1):
        assert len(s.hands[p]) + len(s.laid[p]) <= 8
        if s.stage is Stage.END:
            assert not s.laid[p]  # the table is taken up for the last eight
        for m in s.melds:
            if m.scored and m.player == p and m.kind.lay:
                # a scored combination's cards are on the table, or were played (never back in the hand)
                assert not any(c in s.hands[p] for c in m.cards) or s.stage is Stage.END


def naive_end_plays(hand, led, trump):
    follow = [c for c in hand if c.suit is led.suit]
    if follow:
        win = [c for c in follow if ORDER.power[c.rank] > ORDER.power[led.rank]]
        return win or follow
    trumps = [c for c in hand if c.suit is trump]
    return trumps or list(hand)


@given(seed=st.integers(0, 10**9), choice=st.randoms(use_true_random=False), rules=rules_strategy)
def test_random_legal_play_conserves_cards_ends_and_totals_equal_steps(seed, choice, rules):
    s = BeziqueDeal.from_seed(seed, rules)
    for _n in range(400):
        check_invariants(s)
        if s.is_over:
            break
        acts = list(s.legal_actions())
        assert acts, s
        for a in acts:
            assert s._why_illegal(a) is None, a  # everything listed is legal
        if s.stage is Stage.END and s.phase is Phase.FOLLOW:
            assert {a.card for a in acts} == set(naive_end_plays(s.hands[s.to_move], s.trick[0], s.trump))
        s.apply(choice.choice(acts))
    assert s.is_over
    assert len(s.tricks) == 32 and sum(s.tricks_won()) == 32
    brisques = [st.points for st in s.explanation() if st.category == "brisques"]
    assert sum(brisques) == 160
    last = [st for st in s.explanation() if st.category == "last trick"]
    assert len(last) == 1


@given(seed=st.integers(0, 10**9), choice=st.randoms(use_true_random=False))
def test_a_revoke_forfeits_the_last_eight_and_brisques_still_sum_to_160(seed, choice):
    s = BeziqueDeal.from_seed(seed)
    while not s.is_over:
        if s.stage is Stage.END and s.phase is Phase.FOLLOW:
            legal = {a.card for a in s.legal_actions()}
            breach = [c for c in s.hands[s.to_move] if c not in legal]
            if breach and choice.random() < 0.5:
                p = s.to_move
                s.apply(Revoke(choice.choice(breach)))
                assert s.is_over and s.revoked[0] == p
                last_eight = {c for t in s.tricks[24:] for c in t.cards}
                assert last_eight <= set(s.won[1 - p])
                assert len(s.won[1 - p]) >= 16
                break
        s.apply(choice.choice(list(s.legal_actions())))
    check_invariants(s)
    assert sum(st.points for st in s.explanation() if st.category == "brisques") == 160


@given(seed=st.integers(0, 10**9), choice=st.randoms(use_true_random=False), junk=st.lists(st.sampled_from(PACK.cards), min_size=1, max_size=3))
def test_random_bad_actions_raise_typed_errors_and_leave_the_state_unchanged(seed, choice, junk):
    s = BeziqueDeal.from_seed(seed)
    for _ in range(choice.randint(0, 60)):
        if s.is_over:
            break
        s.apply(choice.choice(list(s.legal_actions())))
    for attempt in (Play(junk[0]), Declare("bezique", tuple(junk)), Declare("", tuple(junk)), f"exchange {junk[0]}", "draw", "revoke " + str(junk[-1])):
        before = (repr(s.hands), repr(s.laid), repr(s.stock), repr(s.trick), repr(s.won), list(s.events), s.phase, s.to_move, len(s.history))
        ok = attempt in s.legal_actions()
        try:
            s.clone().apply(attempt)
        except TutorError as e:
            assert isinstance(e, ValueError) and not ok
            assert isinstance(e, IllegalActionError) or "card" in str(e)
        after = (repr(s.hands), repr(s.laid), repr(s.stock), repr(s.trick), repr(s.won), list(s.events), s.phase, s.to_move, len(s.history))
        assert before == after
        try:
            s.apply(attempt)
        except TutorError:
            after = (repr(s.hands), repr(s.laid), repr(s.stock), repr(s.trick), repr(s.won), list(s.events), s.phase, s.to_move, len(s.history))
            assert before == after  # the checked path leaves the state as it was
            continue
        break


@given(seed=st.integers(0, 10**9))
def test_deal_codes_round_trip(seed):
    s = BeziqueDeal.from_seed(seed)
    assert BeziqueDeal.from_code(s.code).dealt == s.dealt


# -- the same core under another game: Sixty-Six (README baseline) ---------------------------------
@given(seed=st.integers(0, 10**9), choice=st.randoms(use_true_random=False))
def test_sixtysix_on_the_stock_core_conserves_cards_ends_and_totals_equal_steps(seed, choice):
    from tutor.games.sixtysix import SixtySix
    from tutor.games.sixtysix.state import PACK as PACK24

    s = SixtySix().deal(seed=seed)
    for _n in range(100):
        cards = [c for h in s.hands for c in h] + list(s.stock) + list(s.trick) + [c for w in s.won for c in w]
        cards += [s.turnup] if s.turnup is not None else []
        assert sorted(cards, key=PACK24.index) == list(PACK24.cards)
        assert s.scores() == s.explanation().totals(("elder", "younger"))
        if s.is_over:
            break
        acts = list(s.legal_actions())
        if s.stage is Stage.END and s.phase is Phase.FOLLOW:
            from tutor.games.sixtysix.state import ORDER as ORDER24

            led, hand = s.trick[0], s.hands[s.to_move]
            follow = [c for c in hand if c.suit is led.suit]
            want = [c for c in follow if ORDER24.power[c.rank] > ORDER24.power[led.rank]] or follow
            want = want or [c for c in hand if c.suit is s.trump] or hand
            assert {a.card for a in acts} == set(want)
        quiet = [a for a in acts if str(a) not in ("claim", "close")]
        s.apply(choice.choice(acts if (choice.random() < 0.05 or not quiet) else quiet))
    assert s.is_over and s.outcome is not None
    if s.closed_by is None and "claim" not in [str(a) for a in s.history]:
        assert sum(st.points for st in s.explanation() if st.category in ("cards", "last trick")) == 130


def test_sixtysix_marriage_is_shown_on_lead_and_counts_once_a_trick_is_won():
    from tutor.games.sixtysix.state import PACK as PACK24
    from tutor.games.sixtysix.state import SixtySixDeal

    given_ = "KH QH 9S JS TS JC AS KS 9C TC QC JH 9H".split()
    stock = [str(c) for c in PACK24.cards if str(c) not in given_]
    s = SixtySixDeal.from_cards("KH QH 9S JS TS JC", "AS KS 9C TC QC JH", "9H", stock)
    with pytest.raises(IllegalActionError, match="not a marriage"):
        s.apply("declare marriage KH QH")  # hearts are trumps (the turn-up 9H): this marriage is royal
    s.apply("declare royal marriage KH QH")
    assert s.scores() == {"elder": 0, "younger": 0}  # shown before taking a trick: not counted yet
    assert [str(a) for a in s.legal_actions()] == ["close", "claim", "play KH", "play QH"]  # he must lead one of them
    s.apply("play KH")
    s.apply("play 9C")
    assert s.scores()["elder"] == 4 + 40
    assert s.explanation()[-1].text.endswith("counted now that he has taken a trick")
