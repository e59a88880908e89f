"""The strong computer players of Piquet, Counterpique and Le Truc, the unseen cards dealt again
(determinize), and Piquet's discard key checked against Cavendish's own examples.

Cavendish is cited by the chapter "Discarding" of his treatise on the game (its General rules,
Calculations and numbered Examples), published with *The Laws of Piquet* (1882).
"""

from __future__ import annotations

import random

import pytest

from tutor.cards import PIQUET_PACK
from tutor.games import load
from tutor.games.contract import RandomPlayer, SeatView
from tutor.games.piquet.advisor import advise
from tutor.games.piquet.combos import mask_of
from tutor.games.piquet.strong import whole_deal_discards
from tutor.games.strength import Weigher

GAMES = ("piquet", "counterpique", "truc")


def reached(name: str, seed: int, steps: int):
    """A deal of ``name`` played ``steps`` actions from ``seed`` by the game's own player and a
    random one in turn (so odd and ordinary positions both come up)."""
    game = load(name)
    state = game.deal(seed=f"strong/{seed}")
    rng = random.Random(seed)
    players = [game.beginner_bot(), RandomPlayer(seed)]
    for _ in range(steps):
        if state.is_over:
            break
        bot = players[rng.randrange(2)]
        action = bot.choose(SeatView(state, state.table.seats[state.to_move]))
        legal = list(state.legal_actions())
        state.apply(action if action in legal else legal[0])
    return game, state


def positions(name: str, count: int):
    rng = random.Random(name)
    for i in range(count):
        game, state = reached(name, i, rng.randrange(0, 6 if name == "truc" else 40))
        if not state.is_over:
            yield game, state


# -- the unseen cards dealt again -------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_a_sample_keeps_the_seats_view_and_every_card(name):
    checked = 0
    for _, state in positions(name, 25):
        for seat in state.table.seats:
            for k in range(3):
                s = state.determinize(seat, random.Random(k))
                assert s.view(seat) == state.view(seat)
                assert sorted(map(str, s.every_card())) == sorted(map(str, state.every_card()))
                assert s is not state and state.view(seat) == state.view(seat)
                if s.turn == seat:
                    assert list(s.legal_actions()) == list(state.legal_actions())
                checked += 1
    assert checked >= 60


@pytest.mark.parametrize("name", ("piquet", "counterpique"))
def test_a_sample_keeps_voids_declared_cards_and_answers_in_the_other_hand(name):
    found_void = found_call = 0
    for _, state in positions(name, 60):
        for seat in (0, 1):
            other = 1 - seat
            voids = 0
            for t in state.tricks:
                if t[2] >= 0 and t[0] != other and t[1] >> 3 != t[2] >> 3:
                    voids |= 0xFF << (t[1] & ~7)
            piquet = state if name == "piquet" else state.inner
            declared = 0
            if piquet is not None:
                role = other if name == "piquet" else (0 if other == state.elder else 1)
                for q, c in piquet._calls_made():
                    if q == role:
                        declared |= c.mask
            found_void += bool(voids)
            found_call += bool(declared)
            for k in range(4):
                s = state.determinize(seat, random.Random(k))
                assert not s.hands[other] & voids
                inner = s if name == "piquet" else s.inner
                if declared:
                    role = other if name == "piquet" else (0 if other == s.elder else 1)
                    assert inner.hands0(role) & declared == declared
                if inner is not None:  # younger's "not good" and "equal" fit his hand
                    assert inner.replies_fit(inner.hands0(1))
    assert found_void and found_call


@pytest.mark.parametrize("name", GAMES)
def test_a_sample_depends_only_on_what_the_seat_has_seen(name):
    """Two deals the seat cannot tell apart (the second is the first with its unseen cards dealt
    again) give the same sample for the same random draws."""
    compared = 0
    for _, state in positions(name, 20):
        for seat in state.table.seats:
            other = state.table.seats[int(seat)].other
            twin = state.determinize(seat, random.Random(99))
            assert twin.view(seat) == state.view(seat)
            a = state.determinize(seat, random.Random(7))
            b = twin.determinize(seat, random.Random(7))
            assert sorted(map(str, a.hand(int(other)))) == sorted(map(str, b.hand(int(other))))
            if name == "truc":
                assert a.stock == b.stock and a.thrown == b.thrown
            compared += 1
    assert compared >= 20


# -- the strong players -----------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_the_strong_player_weighs_exactly_the_legal_actions_and_chooses_one(name):
    game = load(name)
    strong = game.bot("strong")
    assert isinstance(strong, Weigher)
    seen_phases = set()
    for _, state in positions(name, 14):
        seat = SeatView(state, state.table.seats[state.to_move])
        legal = list(state.legal_actions())
        weights = strong.weigh(seat)
        assert sorted(map(str, (w.action for w in weights))) == sorted(map(str, legal))
        if name == "truc":  # ranked by the chance of winning the manche the points bring
            chances = [float(w.reason.rsplit("won ", 1)[1].split("%")[0]) for w in weights]
            assert chances == sorted(chances, reverse=True)
        else:
            assert [w.mean for w in weights] == sorted((w.mean for w in weights), reverse=True)
        assert all(w.unit and w.reason for w in weights)
        choice = strong.choose(seat)
        assert choice in legal and choice == weights[0].action
        state.apply(choice)  # apply() checks it again
        seen_phases.add(getattr(state, "phase", None))
    assert len(seen_phases) >= 2


@pytest.mark.parametrize("name", GAMES)
def test_the_strong_player_is_deterministic_for_a_position(name):
    game = load(name)
    for _, state in positions(name, 6):
        seat = SeatView(state, state.table.seats[state.to_move])
        one = [w.to_json() for w in game.bot("strong").weigh(seat)]
        two = [w.to_json() for w in game.bot("strong").weigh(SeatView(state.clone(), seat.seat))]
        assert one == two


# Recorded with the players as written: the strong player (first) against the game's own player,
# one deal from a fixed seed. A change to the search shows here first.
RECORDED = {
    "piquet": ["elder: discard 7S 9H 8H 9D 8D", "younger: discard 8S 9S KH", "elder: call KC JC 9C 8C 7C", "younger: equal", "younger: not good", "elder: call 9C 8C 7C", "younger: good", "elder: pass", "elder: pass", "elder: play KC", "younger: call AD KD JD TD 7D", "younger: call AH AD AC"],
    "counterpique": ["dealer: bid seven-three", "non-dealer: yes", "dealer: bid seven-four", "non-dealer: pass", "dealer: discard 7D 8S 9S TC", "non-dealer: discard 7S 8H 8D", "dealer: call KH JH TH 7H", "non-dealer: good", "dealer: pass", "dealer: call JS JH JD", "non-dealer: good", "dealer: pass"],
    "truc": ["elder: keep", "elder: play QH", "dealer: double", "elder: refuse"],
}


def _record(name: str) -> list[str]:
    game = load(name)
    state = game.deal(seed="strong/record")
    strong, weak = game.bot("strong"), game.beginner_bot()
    out = []
    while not state.is_over and len(out) < 12:
        seat = state.table.seats[state.to_move]
        bot = strong if int(seat) == 0 else weak
        action = bot.choose(SeatView(state, seat))
        out.append(f"{seat.name}: {action}")
        state.apply(action)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_a_recorded_deal_is_played_again_the_same(name):
    assert _record(name) == RECORDED[name]


# -- Counterpique's auction ----------------------------------------------------------------------------
def test_counterpique_bids_rather_than_pass_into_a_misere_the_estimate_says_costs_more():
    """The dealer opens: his pass lets the non-dealer pass too, and both passing is a misère
    (Parlett's Counterpique, Bidding: 'If both pass immediately, the game is misère'). With a hand
    whose estimate says bid, the strong player bids where the rules-of-thumb player passes."""
    from tutor.games.counterpique.actions import Bid, Pass
    from tutor.games.counterpique.state import CounterpiqueDeal, Deal

    game = load("counterpique")
    found = 0
    for seed in range(300):
        state = CounterpiqueDeal(Deal.from_seed(f"auction/{seed}"), game.rules)
        if state.phase.value != "auction":
            continue
        seat = SeatView(state, state.table.seats[state.to_move])
        if not isinstance(game.beginner_bot().choose(seat), Pass):
            continue
        weights = game.bot("strong").weigh(seat)
        by = {str(w.action): w for w in weights}
        best_bid = max((w for w in weights if isinstance(w.action, Bid)), key=lambda w: w.mean)
        if best_bid.mean > by["pass"].mean:
            assert isinstance(game.bot("strong").choose(seat), Bid)
            found += 1
        if found >= 2:
            break
    assert found >= 2


# -- Piquet's discard key and Cavendish's examples ------------------------------------------------------------
def _mask(cards: str) -> int:
    return mask_of(PIQUET_PACK.parse_hand(cards, None, "cards"))


def _ranked(hand: str, also=()) -> dict[int, float]:
    return {mask_of(w.action.discard): w.mean for w in whole_deal_discards(hand, "elder", samples=300, also=also)}


@pytest.mark.parametrize("hand", [
    "QS TS 9S 7S JH TH 8H AD JD 8D AC JC",
    "KS AH QH JH 9H 7H AD KD JD JC TC 7C",
    "9S AH KH JH 9H 7H QD JD TD AC JC TC",
])
def test_the_key_does_not_throw_aces_to_carry_three_knaves(hand):
    """Cavendish, Discarding, Example VII: "It is seldom right to throw out an ace, or a king, in
    order to carry three queens, knaves, or tens, if by so doing the loss of the cards is risked";
    and Calculations: "more advantageous to carry ... high cards for the chance of the cards, than
    to throw out any of these in hopes of taking in a card to complete a quatorze of queens,
    knaves, or tens". Counting the combinations alone, the advisor throws two aces in these hands
    and keeps three knaves; the key does not."""
    h = _mask(hand)
    aces = h & 0x80808080
    knaves = h & 0x10101010
    first = advise(hand, "elder").best
    assert (first.mask & aces).bit_count() == 2 and not first.mask & knaves  # what the key used to say
    best = whole_deal_discards(hand, "elder", samples=300)[0]
    thrown = mask_of(best.action.discard)
    assert not thrown & aces, best


def test_the_key_keeps_a_quart_major_whole_rather_than_a_quint_minor():
    """Cavendish, Discarding, Example IX: "With a quart major in one suit, a quint minor in another,
    and small cards in the third and fourth suits, it would generally be right, elder hand, to put
    out the quint minor in preference to breaking up the quart major ... Keeping the quint minor
    will probably result in loss of the cards". Counting the combinations alone, the advisor keeps
    the quint minor (leaving two cards to keep both); the key keeps the quart major whole and puts
    out cards of the quint, and says the advisor's choice comes to less over the whole deal."""
    hand = "AS KS QS JS JH TH 9H 8H 7H 9D 8D 7C"
    quart = _mask("AS KS QS JS")
    quint = _mask("JH TH 9H 8H 7H")
    first = advise(hand, "elder").best
    assert not first.mask & quint  # what the key used to say: keep the quint minor
    ranked = _ranked(hand)
    best = max(ranked, key=ranked.get)
    assert not best & quart
    assert ranked[best] > ranked[first.mask]


def test_the_key_keeps_a_quart_to_the_king_and_three_kings():
    """Cavendish, Discarding, Calculations: "With a quart to a king and two other kings, it is 3 to
    2 in favour of the elder hand taking in the ace or nine to the quart, or the fourth king, and,
    therefore, it is very advantageous to keep the quart and the three kings"."""
    hand = "KS QS JS TS KH 8H 7H KD 8D 7D 9C 8C"
    best = max((r := _ranked(hand)), key=r.get)
    assert not best & _mask("KS QS JS TS KH KD")


@pytest.mark.parametrize("hand, others, keep, throw", [
    ("KS QS KH 9H 8H KD 9D 8D AC TC 9C 8C", "two other kings", "KS", "QS"),
    ("KS QS QH 9H 8H QD 9D 8D AC TC 9C 8C", "two other queens", "QS", "KS"),
])
def test_the_key_keeps_the_card_that_makes_a_trio(hand, others, keep, throw):
    """Cavendish, Discarding, General rules: "If about to discard a king or a queen of a suit, and
    you have two other kings, discard the queen; but if you have two other queens, discard the
    king"."""
    rest = "9H 8H 9D 8D"
    ranked = _ranked(hand, also=(f"{rest} {throw}", f"{rest} {keep}"))
    assert ranked[_mask(f"{rest} {throw}")] > ranked[_mask(f"{rest} {keep}")], others


def test_le_truc_weighs_a_deals_points_by_the_manche_they_bring():
    """The first to 12 wins the manche (the French rules of Le Truc, Manche): with every deal worth
    one point and as likely won as lost, two players level have an even chance, the chances of the
    two players sum to one, and a point brings more near the end than at the start."""
    from tutor.games.truc.strong import manche_chance

    assert manche_chance(0, 0) == pytest.approx(0.5)
    for a in range(12):
        for b in range(12):
            assert manche_chance(a, b) + manche_chance(b, a) == pytest.approx(1.0)
            if a < 11:
                assert manche_chance(a + 1, b) > manche_chance(a, b)
    assert manche_chance(11, 11) - manche_chance(10, 11) > manche_chance(1, 0) - manche_chance(0, 0)


def _truc_minimax(state, p: int) -> float:
    """The deal's points for ``p`` less the other's, both playing their best cards from here with
    both hands seen and no more proposals, by the engine itself (its tricks, pourries and void)."""
    from tutor.games.truc.actions import Play

    if state.is_over:
        sc = state.scores()
        return float(sc[state.table.seats[p].name] - sc[state.table.seats[1 - p].name])
    values = []
    for a in state.legal_actions():
        if type(a) is Play:
            t = state.clone()
            t.apply(a)
            values.append(_truc_minimax(t, p))
    return max(values) if state.to_move == p else min(values)


def test_le_truc_card_values_are_the_engines_best_play_at_either_seat():
    """In a deal of Le Truc with every card placed, the strong player's value of each card for
    the seat to move (elder or dealer) is what the engine's own tricks give with both playing their
    best from there: no sign or seat of the wrong player. (The dealer wins more deals than elder at
    every level of play but the random one: he answers the card elder leads, the French rules of
    Le Truc; see the odds module's figures.)"""
    from tutor.games.truc.actions import Play
    from tutor.games.truc.strong import TrucStrong

    game = load("truc")
    seen = {0: 0, 1: 0}
    for seed in range(60):
        s = game.deal(seed=f"minimax/{seed}")
        rng = random.Random(seed)
        while not s.is_over:
            plays = [a for a in s.legal_actions() if type(a) is Play]
            if not plays:
                s.apply(rng.choice(list(s.legal_actions())))
                continue
            p = s.to_move
            for a in plays:
                t = s.clone()
                t.apply(a)
                assert TrucStrong._value(s, p, a) == _truc_minimax(t, p), (seed, p, str(a))
            seen[p] += 1
            s.apply(rng.choice(plays))
    assert min(seen.values()) >= 60
