"""The shortcuts taken for speed give what the long way gives (issue: speed).

Each test holds a fast path to a plain one written out here or kept in the engine: the stock
core's screen of combinations against listing candidates (and its tests written out as one
function against the same tests run in a loop on cards counted by face and rank, one
combination's tests alone against its row of the whole answer), its legal actions listed once a
position against listing them afresh and a listed action done at once against the same action
read from its notation and checked (in Bezique and in every registered game on the stock core),
the held cards listed at once where anything may be played against the rule of play, the two
copies of the exchange card looked for first against the whole hand, a combination found by its
key against reading the name, candidates
grouped by signature only when a face is held twice against grouping them always, card points
and brisques counted by card against counting by rank, Piquet's set and point tables against
counting rank by rank, the totals path against the reckoning's events, the reckoning's one pass
against adding its events one by one, and the advisor's expected scores against its full
distributions.
"""

from __future__ import annotations

import copy
import json
import math
import random
from collections import Counter

import pytest

from tutor.cards import PACKS, Suit
from tutor.explain import Explanation, Step
from tutor.games import GAMES, load
from tutor.games.bezique import BeziqueDeal, BeziqueRules, spec_for
from tutor.games.piquet import Deal, PiquetRules
from tutor.games.piquet import advisor as adv
from tutor.games.piquet.combos import (
    POINT,
    SEQUENCE,
    SET,
    SET_MIN_RANK,
    SUIT_LEN,
    SUIT_PIPS,
    SUIT_POINT_KEY,
    Combination,
    all_held,
    best_combination,
    best_set_key,
    is_carte_blanche,
    mask_of,
    rank_count,
    set_total,
)
from tutor.games.piquet.reckon import PLAYERS, hand_events, reckon, reckon_events, winner_of
from tutor.games.piquet.scoring import declaration_events, declaration_totals, full_declarations
from tutor.games.stock.core import Phase, StockState
from tutor.games.stock.declarations import Meld, by_face, candidates, reuse_clash, reuse_fault
from tutor.games.stock.tricks import legal_plays

BEZIQUE_RULES = [
    BeziqueRules(),
    BeziqueRules(bezique_cards="by-trumps"),
    BeziqueRules(seven_of_trumps="exchange-or-declare"),
    BeziqueRules(trumps="first-marriage"),
]


# -- the stock core -------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", BEZIQUE_RULES, ids=lambda r: str(r.changed() or "default"))
def test_the_screen_leaves_out_only_combinations_no_cards_make(rules):
    spec = spec_for(rules)
    cards = list(PACKS["bezique64"].cards)
    rng = random.Random(13)
    never = lambda c: False  # noqa: E731 - nothing on the table
    for _ in range(400):
        held = rng.sample(cards, rng.randint(1, 22))
        for trump in (None, *Suit):
            for extra_only in (False, True):
                kept = spec.melds.screen.possible(held, trump, extra_only)
                for kind in spec.melds.kinds:
                    if extra_only and not kind.extra:
                        assert kind not in kept
                    elif kind not in kept:
                        assert candidates(kind, held, trump, never, []) == [], (kind.key, held, trump)
                assert kept == [k for k in spec.melds.kinds if k in kept]  # the table's order


def _plain_possible(screen, held, trump, extra_only=False):
    """The screen's tests run one by one in a loop on the cards counted by face and by rank
    (what its written-out function does at once, on its fields of bits)."""
    faces = Counter(c.face for c in held)
    ranks = Counter(c.rank for c in held)
    out = []
    for kind, tests in screen._compile(trump, extra_only):
        if not tests or any(ranks[rank] >= n if rank is not None else
                            all(faces[f] >= 1 for f in once) and all(faces[f] >= 2 for f in twice)
                            for once, twice, rank, n in tests):
            out.append(kind)
    return out


@pytest.mark.parametrize("rules", BEZIQUE_RULES, ids=lambda r: str(r.changed() or "default"))
def test_the_screens_written_out_tests_are_its_tests(rules):
    spec = spec_for(rules)
    cards = list(PACKS["bezique64"].cards)
    rng = random.Random(17)
    for _ in range(500):
        held = rng.sample(cards, rng.randint(0, 24))
        for trump in (None, *Suit):
            for extra_only in (False, True):
                assert spec.melds.screen.possible(held, trump, extra_only) == _plain_possible(spec.melds.screen, held, trump, extra_only)
            for kind in spec.melds.kinds:  # one combination's tests written out alone: its row of the whole answer
                assert spec.melds.screen.could_make(kind, held, trump) == (kind in spec.melds.screen.possible(held, trump, kind.extra))


@pytest.mark.parametrize("name", sorted(name for name in GAMES if isinstance(load(name).deal(seed=0), StockState)))
def test_every_games_screen_tests_as_counting_card_by_card(name):
    """Two bits a face and a bias a rank (every set tested in one addition) must answer as counting
    does, for every table of combinations and every pack, up to every card of the pack held."""
    spec = load(name).deal(seed=0).spec
    screen, cards = spec.melds.screen, list(spec.pack.cards)
    rng = random.Random(19)
    for _ in range(150):
        held = rng.sample(cards, rng.randint(0, len(cards)))
        for trump in (None, *Suit):
            for extra_only in (False, True):
                assert screen.possible(held, trump, extra_only) == _plain_possible(screen, held, trump, extra_only)


def test_a_trick_of_two_is_won_as_the_loop_over_its_cards_wins_it():
    """trick_winner compares two cards at once; the loop it skips must agree, for every pair of
    cards of each pack, every trump (and none), under each game's card order."""
    from tutor.games.stock.tricks import trick_winner

    def looped(cards, trump, order):
        best = 0
        for i in range(1, len(cards)):
            c, b = cards[i], cards[best]
            if (c.suit is b.suit and order.of_card[c] > order.of_card[b]) or (c.suit is trump and b.suit is not trump):
                best = i
        return best

    for name in STOCK_GAMES:
        spec = load(name).deal(seed=0).spec
        cards = list(spec.pack.cards)
        for trump in (None, *Suit):
            for a in cards:
                for b in cards:
                    if a is not b:
                        assert trick_winner([a, b], trump, spec.order) == looped([a, b], trump, spec.order), (name, a, b, trump)


def _plain_candidates(kind, held, trump, on_table, melds):
    """Candidates grouped by signature every time (face, on the table, earlier melds holding it)."""
    groups = by_face(held)
    suits = kind.suits(trump)
    if not suits:
        return []
    out, seen = [], set()
    for cards in kind.shape.options(groups, trump, suits):
        sig = tuple(sorted(((c.face, on_table(c), tuple(i for i, m in enumerate(melds) if c in m.cards)) for c in cards),
                           key=lambda t: (str(t[0]), t[1], t[2])))
        if sig not in seen:
            seen.add(sig)
            out.append(cards)
    return out


@pytest.mark.parametrize("rules", BEZIQUE_RULES, ids=lambda r: str(r.changed() or "default"))
def test_candidates_grouped_only_when_a_face_is_held_twice_are_those_grouped_always(rules):
    spec = spec_for(rules)
    cards = list(PACKS["bezique64"].cards)
    rng = random.Random(19)
    for _ in range(300):
        held = rng.sample(cards, rng.randint(1, 20))
        table = set(rng.sample(held, rng.randint(0, len(held))))
        melds = []
        for kind in spec.melds.kinds:  # some earlier melds made of the held cards, as a deal would leave them
            found = candidates(kind, held, Suit.HEARTS, table.__contains__, [])
            if found and rng.random() < 0.5:
                melds.append(Meld(0, kind, rng.choice(found), True, 0))
        for trump in (None, Suit.HEARTS, Suit.SPADES):
            for kind in spec.melds.kinds:
                assert candidates(kind, held, trump, table.__contains__, melds) == \
                    _plain_candidates(kind, held, trump, table.__contains__, melds)
                # nothing on the table (None) and no earlier meld: the faces alone tell candidates apart
                assert candidates(kind, held, trump, None, []) == _plain_candidates(kind, held, trump, _nothing, [])
                assert candidates(kind, held, trump, None, [], single=len(by_face(held)) == len(held)) == \
                    _plain_candidates(kind, held, trump, _nothing, [])


def _nothing(card) -> bool:
    return False


def test_a_kind_left_out_as_spent_has_every_candidate_refused():
    """What the core leaves out before listing candidates (a card of an earlier meld the reuse
    rules forbid it) is exactly what refusing candidate by candidate would leave out."""
    for rules in BEZIQUE_RULES:
        spec = spec_for(rules)
        for seed in range(40):
            state = BeziqueDeal.from_seed(seed, rules)
            rng = random.Random(seed)
            while not state.is_over:
                p = state.to_move
                mine = [m for m in state.melds if m.player == p]
                pool = state._meld_pool(p)
                kinds = spec.melds.screen.possible(pool, state.trump)
                kept = state._unspent(kinds, pool, mine) if mine else kinds
                on_table = set(state.laid[p]).__contains__
                for kind in kinds:
                    if kind not in kept:
                        assert all(reuse_fault(kind, cs, mine, on_table, spec.reuse)
                                   for cs in candidates(kind, pool, state.trump, on_table, mine))
                    for cs in candidates(kind, pool, state.trump, on_table, mine):  # the listing's question, the refusal's words
                        assert (reuse_clash(kind, cs, mine, on_table, spec.reuse) is None) == \
                            (reuse_fault(kind, cs, mine, on_table, spec.reuse) is None)
                state.apply(rng.choice(list(state.legal_actions())))


def _plain_playable(state: StockState, p: int) -> list:
    """The cards ``p`` may play, always through the rule of play of the stage (what the core did
    before it listed the held cards at once where anything may be played)."""
    held = sorted(state.hands[p] + state.laid[p], key=state._key) if state.laid[p] else list(state.hands[p])
    if not state.trick:
        return [c for c in held if c in state.must_lead] if state.must_lead is not None else held
    legal = legal_plays(held, state.trick, state.trump, state.play_rule, state.spec.order, state._partner_winning(p))
    return [c for c in legal if c in state.must_lead] if state.must_lead is not None else legal


def _plain_exchangeable(state: StockState, p: int) -> list:
    """The core's cards to exchange for the turn-up, looked for over the whole hand in the order of
    the rule's conditions (what it did before it looked for the two copies first)."""
    rank = state._exchange_rank()
    if rank is None or state.exchanged_now or state.turnup is None or state.turnup.rank is rank:
        return []
    if state.closed_by is not None or not state._exchange_time(p):
        return []
    return state._exchange_allowed(p, [c for c in state.hands[p] if c.rank is rank and c.suit is state.trump])


def _play_both_ways(seed: int, rules: BeziqueRules) -> None:
    """A random deal played on two states: one through the listed actions (screen, cache, the
    listed-action shortcut of apply), one listing everything afresh and checking every action."""
    _both_ways(BeziqueDeal.from_seed(seed, rules), BeziqueDeal.from_seed(seed, rules), seed)


def _both_ways(fast: StockState, slow: StockState, seed: int) -> None:
    screen = slow.spec.melds.screen
    rng = random.Random(seed)
    every = lambda held, trump, extra_only=False: [k for k in screen.kinds if k.extra or not extra_only]  # noqa: E731
    while not fast.is_over:
        listed = list(fast.legal_actions())
        assert list(fast.legal_actions()) == listed  # asked again: the same list
        slow._legal = None
        saved, screen.possible = screen.possible, every  # type: ignore[method-assign]
        # plays through _playable, never the hand as it is; every lead through the declarations' and the
        # exchange's listing, closing through its rule
        saved_traits, slow._f = slow._f, slow._f.but(plays_only_on_lead=False, playable_plain=False, lead_gate=False, may_close_plain=False)
        try:
            plain = slow._list_actions()
        finally:
            screen.possible = saved  # type: ignore[method-assign]
            slow._f = saved_traits
        assert listed == plain
        legal = fast.legal_actions()
        assert list(legal) == listed and len(legal) == len(listed) and legal == legal and legal != listed
        if fast.phase.value == "follow" and fast._own_turn(fast.to_move):
            assert fast._could_declare(fast.to_move) == bool(fast._declare_options(fast.to_move, assume_won=True))
        assert fast.is_over == (fast.phase is Phase.OVER)
        p = fast.to_move
        if fast.phase is Phase.DECLARE and fast._f.declares_in_moment:  # what _declare_options takes for granted then
            assert fast._may_declare_now(p)
        if type(fast)._playable is StockState._playable:
            assert fast._playable(p) == _plain_playable(fast, p)
        assert StockState._exchangeable(fast, p) == _plain_exchangeable(fast, p)
        action = rng.choice(listed)
        fast.apply(action)  # a listed action: done without resolving it again where the game adds nothing to applying
        slow._legal = None
        slow.apply(str(action))
        for p in range(fast.n):  # card points by card, as counting each card's rank gives them
            assert fast.card_points(p) == sum(fast.spec.card_points.get(c.rank, 0) for c in fast.won[p])
    assert slow.is_over and fast.is_over
    assert fast.history == slow.history and fast.explanation() == slow.explanation()
    if isinstance(fast, BeziqueDeal):
        assert fast.brisques() == tuple(sum(1 for c in fast.won[p] if c.rank.value in "AT") for p in (0, 1))


@pytest.mark.parametrize("rules", BEZIQUE_RULES, ids=lambda r: str(r.changed() or "default"))
def test_listed_once_a_position_and_screened_the_same_as_listed_afresh(rules):
    for seed in range(30):
        _play_both_ways(seed, rules)


STOCK_GAMES = sorted(name for name in GAMES if isinstance(load(name).deal(seed=0), StockState))


@pytest.mark.parametrize("name", STOCK_GAMES)
def test_combinations_found_by_their_key_are_those_found_by_reading_the_name(name):
    melds = load(name).deal(seed=0).spec.melds
    names = [k.key for k in melds.kinds] + list(melds.aliases) + ["Royal-Marriage", "  four   ACES ", "no such thing", ""]
    for text in names + [n.upper() for n in names] + [n.replace(" ", "-") for n in names]:
        assert melds.get(text) is melds._read(text)


@pytest.mark.parametrize("name", STOCK_GAMES)
def test_every_game_on_the_stock_core_lists_as_afresh(name):
    game = load(name)
    for seed in range(25):
        _both_ways(game.deal(seed=seed), game.deal(seed=seed), seed)


def _play_on_together(mine, deep, walk: random.Random, shown) -> None:
    """Play ``mine`` (a copy made fast) and ``deep`` (a deep copy) on to the end with the same random
    moves: the same actions listed and the same position (``shown``) after every move."""
    while not mine.is_over:
        listed = [str(a) for a in mine.legal_actions()]
        assert listed == [str(a) for a in deep.legal_actions()]
        pick = walk.choice(listed)
        mine.apply(pick)
        deep.apply(pick)
        assert shown(mine) == shown(deep)


@pytest.mark.parametrize("name", STOCK_GAMES)
def test_a_clone_plays_on_as_a_deep_copy_and_leaves_the_state_alone(name):
    """StockState.clone copies what a move changes and shares what never changes: from positions of
    random deals, the clone and a deep copy play the same random continuation to the end, showing
    the same position at every step, and the state cloned is as it was."""
    game = load(name)
    for seed in range(6):
        s = game.deal(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            if rng.random() < 0.25:
                before = json.dumps(s.to_json(), sort_keys=True, default=str)
                clone, deep = s.clone(), copy.deepcopy(s)
                assert type(clone) is type(s) and clone.hands == s.hands and clone.hands[0] is not s.hands[0]
                _play_on_together(clone, deep, random.Random(len(s.history)),
                                  lambda x: json.dumps(x.to_json(), sort_keys=True, default=str))
                assert json.dumps(s.to_json(), sort_keys=True, default=str) == before
            s.apply(rng.choice(list(s.legal_actions())))


# -- Piquet's tables ------------------------------------------------------------------------------
def _hands(n: int, seed: int = 5) -> list[int]:
    rng = random.Random(seed)
    out = [0, 0xFFFFFFFF, 0x0F0F0F0F, 0xF8F8F8F8]
    for _ in range(n):
        out.append(sum(1 << b for b in rng.sample(range(32), rng.randint(0, 20))))
    return out


def _plain_set_key(m: int) -> int:
    best = 0
    for r in range(7, SET_MIN_RANK - 1, -1):
        n = rank_count(m, r)
        if n >= 3:
            best = max(best, n * 8 + r)
    return best


def _plain_set_total(m: int) -> int:
    return sum({4: 14, 3: 3}.get(rank_count(m, r), 0) for r in range(SET_MIN_RANK, 8))


def _plain_all_held(kind: str, m: int) -> list[Combination]:
    from tutor.games.piquet.combos import SUIT_RUNS

    if kind == SEQUENCE:
        out = [Combination(SEQUENCE, (((1 << ln) - 1) << (top - ln + 1)) << (8 * s))
               for s in range(4) for ln, top in SUIT_RUNS[m >> (8 * s) & 0xFF]]
    else:
        out = [Combination(SET, m & (0x01010101 << r)) for r in range(7, SET_MIN_RANK - 1, -1) if rank_count(m, r) >= 3]
    return sorted(out, key=lambda c: c.key(), reverse=True)


def _plain_best_point(m: int, least: int, by_pips: bool) -> Combination | None:
    options = [Combination(POINT, m & (0xFF << (8 * s))) for s in range(4) if SUIT_LEN[m >> (8 * s) & 0xFF] >= least]
    return max(options, key=lambda c: c.key(by_pips)) if options else None


def test_set_and_point_tables_agree_with_counting_rank_by_rank():
    for m in _hands(3000):
        assert best_set_key(m) == _plain_set_key(m)
        assert set_total(m) == _plain_set_total(m)
        for kind in (SEQUENCE, SET):
            assert all_held(kind, m) == _plain_all_held(kind, m)
        for least in (1, 3, 5):
            for by_pips in (False, True):
                assert best_combination(POINT, m, least, by_pips) == _plain_best_point(m, least, by_pips)


RULES = [PiquetRules(), PiquetRules(point_by_pips=True), PiquetRules(point_min_length=4), PiquetRules(carte_rouge=True)]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: str(r.changed() or "default"))
def test_the_totals_path_counts_as_the_reckoning_does(rules):
    rng = random.Random(21)
    deals = [Deal.from_seed(i) for i in range(600)]
    hands = [(mask_of_cards(d.elder), mask_of_cards(d.younger)) for d in deals]
    hands += [(m, rng.choice(_hands(50, 9)) & ~m) for m in _hands(300, 7)]
    for e, y in hands:
        for cb in ((False, False), (True, False), (False, True), (True, True), (is_carte_blanche(e), is_carte_blanche(y))):
            totals = [0, 0]
            repique = -1
            for p, cat, pts, _ in reckon_events(declaration_events(e, y, rules, cb), (), rules, False):
                totals[p] += pts
                if cat == "repique":
                    repique = p
            assert declaration_totals(e, y, rules, cb) == (totals[0], totals[1], repique)
        # the explained path's point is the holder's best point, chosen as best_combination does
        for p, c in full_declarations(e, y, rules):
            if c.kind == POINT:
                assert c == best_combination(POINT, (e, y)[p], rules.point_min_length, rules.point_by_pips)


def mask_of_cards(cards) -> int:
    return mask_of(cards)


def _plain_reckon_events(hand_events, tricks, rules, complete=True):
    """The reckoning's events added one by one, each checked for repique and pique as it comes."""
    from tutor.games.piquet.reckon import _HAND, _PLAY

    events, totals, done = [], [0, 0], [False]

    def add(player, category, points, detail):
        before = totals[player]
        totals[player] = after = before + points
        events.append((player, category, points, detail))
        if done[0] or not before < 30 <= after or totals[1 - player]:
            return
        if category in _HAND or category in _PLAY:
            done[0] = True
            bonus = 60 if category in _HAND else 30
            totals[player] += bonus
            events.append((player, "repique" if category in _HAND else "pique", bonus, None))

    for ev in hand_events:
        add(*ev)
    won = [0, 0]
    for i, (leader, led, followed, winner) in enumerate(tricks):
        add(leader, "lead", 1, led)
        if winner < 0:
            continue
        won[winner] += 1
        if winner != leader:
            add(winner, "trick", 1, followed)
        if i == 11:
            add(winner, "last trick", 1, None)
    if complete and len(tricks) == 12 and tricks[-1][3] >= 0:
        for p in (0, 1):
            if won[p] == 12:
                add(p, "capot", rules.capot_value, None)
            elif won[p] > 6:
                add(p, "cards", rules.cards_value, (won[p], won[1 - p]))
    return events


@pytest.mark.parametrize("rules", RULES, ids=lambda r: str(r.changed() or "default"))
def test_the_reckonings_one_pass_adds_as_event_by_event(rules):
    rng = random.Random(23)
    for i in range(800):
        d = Deal.from_seed(i)
        e, y = mask_of_cards(d.elder), mask_of_cards(d.younger)
        cb = (rng.random() < 0.1, rng.random() < 0.1)
        hand = declaration_events(e, y, rules, cb)
        bits = [rng.sample(range(32), 12) for _ in (0, 1)]
        n = rng.choice((0, 3, 12))
        tricks = []
        for t in range(n):
            leader = rng.randrange(2)
            led, followed = bits[leader][t], bits[1 - leader][t]
            tricks.append((leader, led, followed, leader if winner_of(led, followed) == 0 else 1 - leader))
        for complete in (False, True):
            assert reckon_events(hand, tricks, rules, complete) == _plain_reckon_events(hand, tricks, rules, complete)
            # the explained reckoning's steps are those events, one a combination
            expl = reckon(cb, full_declarations(e, y, rules), tricks, rules, complete=complete)
            plain = _plain_reckon_events(hand_events(cb, full_declarations(e, y, rules)), tricks, rules, complete)
            assert [(s.player, s.category, s.points) for s in expl] == [(PLAYERS[p], c, pts) for p, c, pts, _ in plain]
            # its steps, made slot by slot, are the steps Explanation.build makes with Step itself
            built = Explanation.build(PLAYERS, [(s.player, s.category, s.points, s.text, s.rule) for s in expl])
            assert expl == built and [hash(s) for s in expl] == [hash(s) for s in built]
            assert all(type(s) is Step and repr(s) == repr(b) for s, b in zip(expl, built))


def test_point_keys_are_the_tables_keys():
    from tutor.games.piquet.combos import point_table

    for least in range(0, 6):
        for by_pips in (False, True):
            table = point_table(least, by_pips)
            for m in range(256):
                want = (SUIT_PIPS[m] if by_pips else SUIT_POINT_KEY[m]) if SUIT_LEN[m] >= least else -1
                assert table[m] == want


# -- the advisor ----------------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [PiquetRules(), PiquetRules(point_by_pips=True), PiquetRules(point_min_length=3)],
                         ids=lambda r: str(r.changed() or "default"))
def test_advisor_expected_scores_are_those_of_its_full_distributions(rules):
    for seed, seat, talon in ((1, "elder", None), (2, "younger", 3), (3, "younger", 5), (4, "elder", None)):
        d = Deal.from_seed(seed)
        a = adv.advise(d.elder if seat == "elder" else d.younger, seat, talon_size=talon, rules=rules)
        rows = a.rows if seat == "younger" else a.rows[::7]  # every seventh of elder's 1,585
        for row in rows:
            full = row._engine.evaluate(row.mask)
            assert row._nums == full[3:]
            pc, sc, tc, pn, sn, tn, total = full
            assert pn == sum(c * row._engine.point_spec.scores[i] for i, c in pc)
        # ranked as the full evaluation would rank them
        n = a.best._engine.n
        lcm = math.lcm(*(math.comb(n, k) for k in {r.drawn for r in a.rows}))
        keys = [(-sum(r._raw[3:6]) * (lcm // math.comb(n, r.drawn)), r.drawn, r.mask) for r in a.rows[:40]]
        assert keys == sorted(keys)


def test_a_piquet_clone_or_remapped_deal_plays_on_apart_and_leaves_the_deal_alone():
    """PiquetDeal.clone copies the lists a move changes and shares the values that never change: from
    positions of random deals, the clone and a deep copy play the same random continuation to the
    end, field for field, and so does a deal remapped by a permutation of the cards against the deep
    copy's remapping; the deal copied keeps every field as it was."""
    from tutor.games.piquet.deal import PiquetDeal

    for seed in range(8):
        s = PiquetDeal.from_seed(seed)
        rng = random.Random(seed)
        while not s.is_over:
            if rng.random() < 0.3:
                before = copy.deepcopy(s.__dict__)
                perm = list(range(32))
                rng.shuffle(perm)
                pairs = [(s.clone(), copy.deepcopy(s)), (s.remapped(perm), copy.deepcopy(s).remapped(perm))]
                for mine, deep in pairs:
                    assert type(mine) is PiquetDeal and mine.__dict__ == deep.__dict__
                    _play_on_together(mine, deep, random.Random(len(s.history)), lambda x: x.__dict__)
                    assert mine.scores() == deep.scores()
                assert s.__dict__ == before
            s.apply(rng.choice(list(s.legal_actions())))
