"""Property tests over random deals and random legal play."""

import copy
import random

from hypothesis import given
from hypothesis import strategies as st

from tutor.cards import PIQUET_PACK
from tutor.errors import TutorError
from tutor.games.piquet import Deal, Exchange, Phase, Piquet, PiquetDeal, PiquetRules, Play
from tutor.games.piquet.actions import Announce
from tutor.games.piquet.combos import BIT_CARD, cards_of
from tutor.games.piquet.scoring import declaration_totals, declare_in_full, score_declarations
from tutor.games.piquet.simulate import random_deal

rules_strategy = st.builds(
    PiquetRules,
    point_min_length=st.sampled_from([1, 3]),
    younger_must_exchange=st.booleans(),
    carte_rouge=st.booleans(),
)


def all_cards(s: PiquetDeal) -> list:
    played = []
    for t in s.tricks:
        played.append(t[1])
        if t[2] >= 0:
            played.append(t[2])
    masks = [s.hands[0], s.hands[1], s.discards[0], s.discards[1]] + [1 << b for b in s.stock + played]
    cards = [c for m in masks for c in cards_of(m)]
    return cards


def check_invariants(s: PiquetDeal) -> None:
    cards = all_cards(s)
    assert len(cards) == 32 and set(cards) == set(PIQUET_PACK.cards)  # cards conserved
    expl = s.explanation()
    totals = {"elder": 0, "younger": 0}
    for step in expl:
        totals[step.player] += step.points
        assert dict(step.totals) == totals  # running totals are sums of the steps so far
    assert s.scores() == totals


@given(seed=st.integers(0, 10**9), choice=st.randoms(use_true_random=False), rules=rules_strategy)
def test_random_legal_play_conserves_cards_ends_and_totals_equal_steps(seed, choice, rules):
    s = PiquetDeal.from_seed(seed, rules)
    for _n in range(200):
        check_invariants(s)
        if s.is_over:
            break
        acts = list(s.legal_actions())
        assert acts, s
        s.apply(choice.choice(acts))
    assert s.is_over
    assert sum(s.tricks_won()) == 12


@given(seed=st.integers(0, 10**9))
def test_the_fast_simulation_and_the_state_machine_agree(seed):
    # The simulation and the checked state machine are two drivers of the same rules: replaying
    # what the simulation did through the state machine must give the same scores.
    for rules in (PiquetRules(), PiquetRules(younger_must_exchange=False, cards_value=12)):
        record: list = []
        fast = random_deal(random.Random(seed), rules, record)
        _, e, y, talon = record[0]
        s = PiquetDeal(Deal(tuple(cards_of(e)), tuple(cards_of(y)), tuple(BIT_CARD[b] for b in talon)), rules)
        for ev in record[1:]:
            while s.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
                s.apply(declare_in_full(s))
            if ev[0] == "announce":
                s.apply(Announce(ev[1]))
            elif ev[0] == "exchange":
                act = Exchange(tuple(cards_of(ev[2])))
                if act not in s.legal_actions():
                    act = Exchange(act.discard, True)
                s.apply(act)
            else:
                s.apply(Play(BIT_CARD[ev[1]]))
        assert s.is_over
        assert (s.scores()["elder"], s.scores()["younger"]) == fast


@given(seed=st.integers(0, 10**9), rules=st.builds(PiquetRules, point_min_length=st.sampled_from([1, 4])))
def test_table_scoring_equals_the_explained_scoring(seed, rules):
    d = Deal.from_seed(seed)
    from tutor.games.piquet.combos import is_carte_blanche, mask_of

    e, y = mask_of(d.elder), mask_of(d.younger)
    r = score_declarations(e, y, rules)
    fast = declaration_totals(e, y, rules, (is_carte_blanche(e), is_carte_blanche(y)))
    assert (r.totals["elder"], r.totals["younger"]) == fast[:2]
    assert r.repique == (None if fast[2] < 0 else ("elder", "younger")[fast[2]])
    assert all(s.points > 0 for s in r.explanation)


@given(seed=st.integers(0, 10**9), choice=st.randoms(use_true_random=False), junk=st.sampled_from(
    ["play 2S", "discard", "discard ZZ", "call AS KS", "announce 9", "equal", "not good", "pass", "play AS", "discard 7C hide"]))
def test_bad_input_leaves_the_state_as_it_was(seed, choice, junk):
    s = PiquetDeal.from_seed(seed)
    for _ in range(choice.randint(0, 40)):
        if s.is_over:
            break
        s.apply(choice.choice(list(s.legal_actions())))
    before = copy.deepcopy({k: v for k, v in vars(s).items() if k != "_expl"})
    if junk in s.legal_actions():
        return
    try:
        s.apply(junk)
    except TutorError as e:
        assert isinstance(e, ValueError) and str(e)
    else:
        raise AssertionError(f"{junk!r} was accepted though not legal")
    assert {k: v for k, v in vars(s).items() if k != "_expl"} == before


@given(seed=st.integers(0, 10**6), four=st.booleans(), choice=st.randoms(use_true_random=False))
def test_a_partie_ends_and_settles(seed, four, choice):
    p = Piquet(PiquetRules(partie="four" if four else "six")).partie(seed, first_dealer=seed % 2)
    steps = 0
    while not p.is_over:
        d = p.deal
        if d.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
            p.apply(declare_in_full(d))
        else:
            p.apply(choice.choice(list(d.legal_actions())))
        steps += 1
        assert steps < 2000
    base = 4 if four else 6
    assert len(p.records) in (base, base + 2)
    if len(p.records) == base + 2:
        assert p.totals_after(base)[0] == p.totals_after(base)[1]  # played off a tie (Law 71)
    dealers = [r.dealer for r in p.records]
    assert all(a != b for a, b in zip(dealers, dealers[1:]))  # the deal alternates
    s = p.settlement()
    a, b = p.totals_after(len(p.records))
    assert s.winner is None if a == b else s.points >= 100 + abs(a - b)
