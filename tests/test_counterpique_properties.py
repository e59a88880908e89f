"""Property tests for Counterpique over random deals and random legal actions."""

import copy

from hypothesis import given
from hypothesis import strategies as st

from tutor.cards import PIQUET_PACK
from tutor.errors import TutorError
from tutor.games.counterpique import (
    Counterpique,
    CounterpiqueDeal,
    CounterpiqueRules,
    Exchange,
    Phase,
    contract_result,
    misere_result,
)
from tutor.games.counterpique.odds import max_tricks
from tutor.games.counterpique.state import ABOVE, BELOW, ROLES, SEATS
from tutor.games.piquet.combos import BIT_CARD, cards_of

rules_strategy = st.builds(
    CounterpiqueRules,
    deal_in=st.sampled_from([2, 3]),
    play_out=st.booleans(),
    pique_race=st.sampled_from(["clean", "combinations"]),
    pique_tricks=st.sampled_from(["younger", "both"]),
    pique_last_trick=st.sampled_from([2, 1]),
    misere_elder=st.sampled_from(["non-dealer", "dealer"]),
)


def random_action(s, rng):
    """A random legal action; in the draw, a random size then a random set of cards (the full list
    of discards runs to thousands), still applied through the checked path. In the auction the
    pass (or, after winning it, stand) is taken one time in five more, so that misères come up."""
    if s.phase in (Phase.AUCTION, Phase.RAISE) and rng.random() < 1 / 5:
        acts = list(s.legal_actions())
        return acts[0] if s.phase is Phase.RAISE else acts[-1]
    if s.phase is Phase.DRAW:
        hand = cards_of(s.hands[s.to_move])
        k = rng.randint(0, s._draw_limit(s.to_move))
        return Exchange(tuple(rng.sample(hand, k)))
    return rng.choice(list(s.legal_actions()))


def all_cards(s):
    played = [b for t in s.tricks for b in (t[1], t[2]) if b >= 0]
    masks = [s.hands[0], s.hands[1], s.discards[0], s.discards[1]] + [1 << b for b in s.stock + played]
    return [c for m in masks for c in cards_of(m)]


def check_invariants(s):
    cards = all_cards(s)
    assert len(cards) == 32 and set(cards) == set(PIQUET_PACK.cards)  # cards conserved
    for seat in (0, 1):
        played = sum(1 if t[0] == seat else int(t[2] >= 0) for t in s.tricks)
        assert s.hands[seat].bit_count() == 12 - played  # a discard is always made good from the talon
    expl = s.explanation()
    totals = dict.fromkeys(SEATS, 0)
    for step in expl:
        totals[step.player] += step.points
        assert dict(step.totals) == totals  # running totals are sums of the steps so far
        assert step.points > 0 and step.rule.startswith("Parlett's Counterpique")
        assert step.category in ABOVE | BELOW
    assert s.scores() == totals
    above, below = s.above(), s.below()
    assert {k: above[k] + below[k] for k in SEATS} == totals
    if s.elder is not None:
        by_role = s.scores("role")
        assert by_role == {ROLES[r]: totals[SEATS[s.seat(r)]] for r in (0, 1)}
    bonus = [st.category for st in expl if st.category in ("pique", "repique")]
    assert len(bonus) <= 1


@given(seed=st.integers(0, 10**9), choice=st.randoms(use_true_random=False), rules=rules_strategy)
def test_random_legal_play_conserves_cards_ends_and_totals_equal_steps(seed, choice, rules):
    s = CounterpiqueDeal.from_seed(seed, rules)
    for _n in range(300):
        check_invariants(s)
        if s.is_over:
            break
        a = random_action(s, choice)
        assert a in s.legal_actions()
        s.apply(a)
    assert s.is_over
    below = [st for st in s.explanation() if st.category in BELOW]
    assert len(below) == 1  # tricks score for one player only
    won = s.nominal_tricks()
    if s.misere:
        assert len(s.tricks) == 12 and sum(won) == 13
        role, cat, pts = misere_result(won[s.elder])
        assert 35 <= pts <= 65
        assert len(s.stock) == 8 and s.inner is None  # no draw, no declarations
    else:
        role, cat, pts = contract_result(s.contract, won[s.elder])
        if len(s.tricks) < 12:
            assert s.made and not rules.play_out  # play stops only on the contract made
    assert (below[0].player, below[0].category, below[0].points) == (SEATS[s.seat(role)], cat, pts)
    assert s.next_dealer == s.seat(role)  # whoever scored below the line deals next


@given(seed=st.integers(0, 10**9), choice=st.randoms(use_true_random=False), junk=st.sampled_from(
    ["yes", "stand", "blank", "bid seven-three", "bid thirteen-eight", "pass", "discard nothing", "discard AS KS",
     "call AS KS QS", "good", "not good", "play 7C", "play AS", "bid 36", "play 2S"]))
def test_bad_input_leaves_the_state_as_it_was(seed, choice, junk):
    s = CounterpiqueDeal.from_seed(seed)
    for _ in range(choice.randint(0, 40)):
        if s.is_over:
            break
        s.apply(random_action(s, choice))

    def snapshot():
        out = {k: v for k, v in vars(s).items() if k not in ("_expl", "inner")}
        if s.inner is not None:
            out["inner"] = {k: v for k, v in vars(s.inner).items() if k != "_expl"}
        return copy.deepcopy(out)

    before = snapshot()
    if junk in s.legal_actions():
        return
    try:
        s.apply(junk)
    except TutorError as e:
        assert isinstance(e, ValueError) and str(e)
    else:
        raise AssertionError(f"{junk!r} was accepted though not legal")
    assert snapshot() == before


@given(seed=st.integers(0, 10**6), first=st.sampled_from([0, 1]), choice=st.randoms(use_true_random=False))
def test_a_rubber_ends_with_two_games_and_its_totals_are_its_steps(seed, first, choice):
    r = Counterpique().rubber(seed, first_dealer=first)
    steps = 0
    while not r.is_over:
        r.apply(random_action(r.deal, choice))
        steps += 1
        assert steps < 5000
    pad = r.pad
    assert sorted((pad.games_won(0), pad.games_won(1))) in ([0, 2], [1, 2])
    assert r.dealers[0] == first
    below = [e.person for e in pad.entries if e.line == "below"]
    assert len(below) == pad.deals and below[:-1] == r.dealers[1:]
    for g, w in enumerate(pad.game_winners):
        assert pad.below(w, g) >= 100 and pad.below(1 - w, g) < 100
    expl = pad.explanation()
    totals = pad.totals()
    assert totals == {n: sum(s.points for s in expl if s.player == n) for n in ("first", "second")}
    res = pad.result()
    winner = 0 if res["winner"] == "first" else 1
    bonus = [b["points"] for b in res["bonuses"]]
    assert bonus[0] == (300 if pad.games_won(1 - winner) else 500) and all(b == 100 for b in bonus[1:])
    assert totals["first"] + totals["second"] == sum(e.points for e in pad.entries) + sum(bonus)


def naive_tricks(e, y, leader, last):
    """Plain minimax over every legal card: the oracle for the double-dummy solver."""
    n = e.bit_count()
    if not n:
        return 0
    lead_hand, follow_hand = (e, y) if leader == 0 else (y, e)
    values = []
    for lb in (1 << i for i in range(32) if lead_hand >> i & 1):
        suit = 0xFF << ((lb.bit_length() - 1) & ~7)
        pool = follow_hand & suit or follow_hand
        replies = []
        for fb in (1 << i for i in range(32) if pool >> i & 1):
            winner = 1 - leader if fb & suit and fb > lb else leader
            points = (last if n == 1 else 1) if winner == 0 else 0
            ne, ny = (e ^ lb, y ^ fb) if leader == 0 else (e ^ fb, y ^ lb)
            replies.append(points + naive_tricks(ne, ny, winner, last))
        values.append(min(replies) if leader == 0 else max(replies))
    return max(values) if leader == 0 else min(values)


@given(cards=st.permutations(range(32)), k=st.integers(1, 5), leader=st.sampled_from([0, 1]), last=st.sampled_from([1, 2]))
def test_double_dummy_solver_agrees_with_plain_minimax(cards, k, leader, last):
    e = sum(1 << b for b in cards[:k])
    y = sum(1 << b for b in cards[k : 2 * k])
    assert max_tricks(e, y, leader, last == 2) == naive_tricks(e, y, leader, last)
    assert max_tricks(" ".join(str(BIT_CARD[b]) for b in cards[:k]), y, leader, last == 2) == naive_tricks(e, y, leader, last)
