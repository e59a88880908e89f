"""Le Truc property tests over random deals and random legal actions (hypothesis)."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cards import PIQUET_PACK
from tutor.errors import TutorError
from tutor.games.truc import (
    Accept,
    Ask,
    Banco,
    Deal,
    Double,
    Keep,
    Play,
    Refuse,
    Truc,
    TrucBot,
    TrucDeal,
    TrucRules,
    hand_odds,
)

rules_strategy = st.builds(
    TrucRules,
    new_cards=st.sampled_from(["pack", "once"]),
    double_turns=st.sampled_from(["each card", "alternate"]),
    counter_banco=st.sampled_from(["answer", "own turn"]),
    manche_points=st.sampled_from([12, 12, 5, 3]),
)

EVERY_ACTION = [Keep(), Ask(), Double(), Banco(), Accept(), Refuse()] + [Play(c) for c in PIQUET_PACK]


def all_cards(s: TrucDeal) -> list:
    played = [c for t in s.tricks for c in (t[1], t[2]) if c is not None]
    thrown = [c for hs in s.thrown for h in hs for c in h]
    return s.hands[0] + s.hands[1] + s.stock + thrown + played


def check_invariants(s: TrucDeal) -> None:
    cards = all_cards(s)
    assert len(cards) == 32 and set(cards) == set(PIQUET_PACK.cards)  # cards conserved
    totals = {"elder": 0, "dealer": 0}
    for step in s.explanation():
        totals[step.player] += step.points
        assert dict(step.totals) == totals and "the French rules of Le Truc" in step.rule
    assert s.scores() == totals
    assert 1 <= s.value <= s.target - min(s.manche)  # a raise never asks more than someone lacks
    assert len(s.tricks) <= 3 and max(s.tricks_won()) <= 3
    if s.is_over:
        if s.ending in ("won", "refused"):
            assert len(s.explanation()) == 1 and sum(totals.values()) == s.value
        else:
            assert s.ending in ("null", "exhausted") and not s.explanation()
    else:
        assert not s.explanation()
        legal = [a for a in EVERY_ACTION if s._why_illegal(a) is None]
        assert set(legal) == set(s.legal_actions())  # the enumeration and the checks agree


@st.composite
def deals(draw):
    rules = draw(rules_strategy)
    t = rules.manche_points
    manche = (draw(st.integers(0, t - 1)), draw(st.integers(0, t - 1)))
    return TrucDeal(Deal.from_seed(draw(st.integers(0, 10**9))), rules, manche)


@given(s=deals(), choice=st.randoms(use_true_random=False))
def test_random_legal_play_conserves_cards_ends_and_totals_equal_steps(s, choice):
    for _n in range(80):
        check_invariants(s)
        if s.is_over:
            break
        s.apply(choice.choice(list(s.legal_actions())))
    assert s.is_over


@given(s=deals(), choice=st.randoms(use_true_random=False))
def test_checked_and_unchecked_paths_agree(s, choice):
    fresh = copy.deepcopy(s)
    while not s.is_over:
        s.apply(choice.choice(list(s.legal_actions())))
    for a in s.history:
        fresh.apply_unchecked(a)
    assert vars(fresh) == vars(s)


@given(s=deals(), choice=st.randoms(use_true_random=False), junk=st.sampled_from(
    ["play 2S", "play ZZ", "play 7S", "play 9C", "keep", "ask", "double", "banco", "accept", "refuse", "fold", "play"]))
def test_bad_input_leaves_the_state_as_it_was(s, choice, junk):
    for _ in range(choice.randint(0, 12)):
        if s.is_over:
            break
        s.apply(choice.choice(list(s.legal_actions())))
    if junk in s.legal_actions():
        return
    before = copy.deepcopy(vars(s))
    try:
        s.apply(junk)
    except TutorError as e:
        assert isinstance(e, ValueError) and str(e)
    else:
        raise AssertionError(f"{junk!r} was accepted though not legal")
    assert vars(s) == before


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), rules=rules_strategy, choice=st.randoms(use_true_random=False))
def test_a_partie_of_random_play_ends_and_every_manche_total_is_its_steps(seed, rules, choice):
    p = Truc(rules).partie(seed)
    for _ in range(20000):
        if p.is_over:
            break
        p.apply_unchecked(choice.choice(list(p.legal_actions())))
    assert p.is_over and max(p.won.values()) == rules.manches_to_win
    for m in p.manches:
        totals, winner = m.standing(), m.outcome().winner
        loser = "second" if winner == "first" else "first"
        assert m.is_over and totals[winner] >= rules.manche_points > totals[loser]
        assert totals == {k: sum(r.credited[k] for r in m.records) for k in ("first", "second")}
        for r in m.records:  # what each deal credited is the sum of its explained steps
            assert sorted(r.credited.values()) == sorted(r.explanation.totals(("elder", "dealer")).values())
        order = m.persons.order_from(m.first_dealer)
        assert [r.dealer for r in m.records] == [order[i % 2].name for i in range(len(m.records))]


@settings(max_examples=10)
@given(seed=st.integers(0, 10**6), bot_seed=st.integers(0, 100), choice=st.randoms(use_true_random=False))
def test_the_bot_only_chooses_legal_actions(seed, bot_seed, choice):
    p = Truc(TrucRules(manche_points=5)).partie(seed)
    bot = TrucBot(bot_seed, bluff=0.3)
    while not p.is_over:
        if p.to_move == "first":
            a = bot.choose_action(p.deal)
            assert a in p.legal_actions()
        else:
            a = choice.choice(list(p.legal_actions()))
        p.apply(a)


@given(seed=st.integers(0, 10**9))
def test_deal_codes_round_trip(seed):
    d = Deal.from_seed(seed)
    assert Deal.from_code(d.code) == d


@settings(max_examples=8)
@given(cards=st.lists(st.sampled_from(PIQUET_PACK.cards), min_size=3, max_size=3, unique=True),
       position=st.sampled_from(["elder", "dealer"]))
def test_hand_odds_are_exact_and_agree_with_a_naive_enumeration(cards, position):
    from tests.test_truc import naive_odds

    o = hand_odds(cards, position)
    assert o.win + o.lose + o.null == 1
    assert (o.win, o.lose, o.null) == naive_odds(cards, 0 if position == "elder" else 1)
