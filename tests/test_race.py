"""The race to a target (tutor.games.race) and the strong computer valuing Bondtolva for three's deals
by it: chances checked against exact combinatorics, the table of deals against the game's own play."""

from __future__ import annotations

from math import comb

import pytest

from tutor.games import load
from tutor.games.bondtolva.race import DEALS3, OWN3
from tutor.games.contract import SeatView
from tutor.games.race import ExactRace, Race, measure, measure_sides
from tutor.games.strength import seed_view
from tutor.games.strong import RACE_UNIT, StrongPlayer


def points_problem(r: int, s: int) -> float:
    """The problem of points (Pascal to Fermat, 1654): with even chances each round, the chance that
    the player needing ``r`` more rounds wins before the one needing ``s``: at least ``r`` of the next
    ``r + s - 1`` rounds."""
    n = r + s - 1
    return sum(comb(n, k) for k in range(r, n + 1)) / 2**n


@pytest.mark.parametrize("target", [1, 3, 7, 12])
def test_two_players_one_point_a_deal_is_the_problem_of_points(target):
    race = Race(target, [((1, 0), 1)])  # (taken in both orders: each deal's point to either, evenly)
    for a in range(target):
        for b in range(target):
            assert race.chance((a, b), 0) == pytest.approx(points_problem(target - a, target - b), abs=1e-12)
            assert race.chance((a, b), 0) + race.chance((a, b), 1) == pytest.approx(1.0)


@pytest.mark.parametrize("p", [0.3, 0.6, 0.75])
def test_a_player_with_his_own_deals_meets_the_problem_of_points_at_uneven_chances(p):
    """With ``own``, the valued player's deals are his own: winning each round with chance ``p``, he
    needs ``r`` more rounds before the other needs ``s``: at least ``r`` of the next ``r + s - 1``."""
    race = Race(9, [((1, 0), round(1000 * p)), ((0, 1), round(1000 * (1 - p)))], own=True)
    for r in range(1, 10):
        for s_ in range(1, 10):
            n = r + s_ - 1
            exact = sum(comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(r, n + 1))
            assert race.chance((9 - r, 9 - s_), 0) == pytest.approx(exact, abs=1e-12)


def test_a_player_who_has_reached_the_target_alone_has_won_and_level_players_share():
    race = Race(12, list(DEALS3.items()))
    assert race.chance((12, 11, 3), 0) == 1.0
    assert race.chance((12, 11, 3), 1) == 0.0
    assert race.chance((13, 13, 2), 0) == 0.5  # (level at the top: the model shares, see race.py)
    assert race.chance((13, 13, 13), 2) == pytest.approx(1 / 3)


def test_three_players_chances_add_up_are_even_when_level_and_grow_with_a_total():
    race = Race(12, list(DEALS3.items()))
    for totals in [(0, 0, 0), (5, 5, 5), (11, 11, 11)]:
        assert [race.chance(totals, q) for q in range(3)] == pytest.approx([1 / 3] * 3)
    for totals in [(0, 4, 9), (10, 3, 7), (11, 0, 11), (2, 2, 8)]:
        assert sum(race.chance(totals, q) for q in range(3)) == pytest.approx(1.0)
        for q in range(3):
            more = list(totals)
            more[q] += 1
            assert race.chance(more, q) > race.chance(totals, q)
    # a point kept from the leader is worth more than one kept from the last
    assert race.chance((6, 11, 2), 0) - race.chance((6, 11, 3), 0) < race.chance((6, 10, 2), 0) - race.chance((6, 11, 2), 0)


def test_a_race_refuses_what_it_cannot_model():
    with pytest.raises(ValueError, match="at least one"):
        Race(12, [])
    with pytest.raises(ValueError, match="different numbers of seats"):
        Race(12, [((1, 0), 3), ((1, 0, 0), 2)])
    with pytest.raises(ValueError, match="some points"):
        Race(12, [((0, 0, 0), 3)])
    with pytest.raises(ValueError, match="needs 3 totals"):
        Race(12, list(DEALS3.items())).chance((1, 2), 0)


def test_the_table_of_deals_is_the_games_own_play_from_its_seeds():
    """DEALS3 counts 20,000 deals from seed 100000 on: the first 300 of them, measured again, are
    each among those counts, and every deal holds what Parlett's scoring allows (1 for the last
    trick, at most 1 for the matadors, the marriages 2 then 1 each, four at most)."""
    again = measure(load("bondtolva3"), 300, 100000)
    assert sum(n for _, n in again) == 300
    for points, n in again:
        assert DEALS3.get(points, 0) >= n, points
    assert sum(DEALS3.values()) == 20000
    assert sum(OWN3.values()) == 1200
    for points in [*DEALS3, *OWN3]:
        assert 1 <= sum(points) <= 2 + 2 + 3
    for _mine, *others in OWN3:
        assert others == sorted(others)  # (the other two, the smaller first: taken in both orders)
    # the strong player takes more a deal than the beginner does among equals
    own = sum(p[0] * n for p, n in OWN3.items()) / 1200
    equal = sum(sum(p) * n for p, n in DEALS3.items()) / 20000 / 3
    assert own > equal + 0.3


def test_the_strong_players_own_table_is_its_play_against_the_beginner():
    """OWN3 counts 1,200 deals from seed 200000 on, the strong player at the seat the seed gives: the
    first 6, measured again, are each among those counts, as its points then the others' in order."""
    game = load("bondtolva3")
    again = measure(game, 6, 200000, game.strong_bot())
    assert sum(n for _, n in again) == 6
    for points, n in again:
        assert OWN3.get(points, 0) >= n, points
        assert list(points[1:]) == sorted(points[1:])


def _match_seat(game, seed=3, standing=None):
    match = game.match(seed, standing=standing)
    return match, SeatView(match, match.turn)


def test_the_strong_player_values_bondtolva3_by_the_race_in_a_match_and_by_points_in_a_deal_alone():
    game = load("bondtolva3")
    strong = StrongPlayer(game, rollout=game.STRONG_ROLLOUT, work=300, most=6)
    match, seat = _match_seat(game, standing={"first": 10, "second": 4, "third": 7})
    view = seat.view()
    seats = view["match"]["seats"]
    assert sorted(seats) == ["first", "second", "third"]
    assert seats[int(seat.seat)] == match.scorer_of(match.person(seat.seat))
    weights = strong.weigh(seat)
    assert {w.unit for w in weights} == {RACE_UNIT}
    assert all(-100 <= w.mean <= 100 for w in weights)
    alone = game.deal(seed=3)
    assert {w.unit for w in strong.weigh(SeatView(alone, alone.turn))} == {"points"}
    # the seating is left out of the seed: the view without it seeds the same
    assert seed_view(view) == {**view, "match": {k: v for k, v in view["match"].items() if k != "seats"}}


def test_only_the_game_to_12_races():
    race = load("bondtolva3").race()
    assert race is not None and race.chance((0, 0, 0), 0) > 0.4  # (its own deals: better than a third)
    assert load("bondtolva3", exactly=True).race() is None  # (12 exactly: another end, not modelled)
    assert load("bondtolva").race() is None
    assert load("sixtysix").race() is None


# -- Marjapussi: a race of two sides to exactly 10 ----------------------------------------------
def _both(target: int, back: int, one: tuple[int, bool], two: tuple[int, bool]) -> ExactRace:
    return ExactRace(target, back, [((one, two), 1)])


def test_an_exact_race_over_the_target_goes_back_worked_by_hand():
    """One deal gives one side 2 and the other nothing, each side as likely: a race to exactly 3,
    over it back to 1. From 1 against 2: 2 wins (1/2); else they go over, back to 1, and 1 all is
    even: 1/2 + 1/4. From 2 against 0: going over leads to 1 against 0 (1/2 + 1/2 x 3/4), the
    other way to 2 all (1/2): 1/2 x 7/8 + 1/2 x 1/2 = 11/16."""
    race = _both(3, 1, (2, True), (0, True))
    assert race.chance((1, 2), 0) == pytest.approx(3 / 4, abs=1e-9)
    assert race.chance((2, 1), 0) == pytest.approx(1 / 4, abs=1e-9)
    assert race.chance((2, 2), 0) == pytest.approx(1 / 2, abs=1e-9)
    assert race.chance((2, 0), 0) == pytest.approx(11 / 16, abs=1e-9)
    assert race.chance((2, 0, 2, 0), 1) == pytest.approx(5 / 16, abs=1e-9)  # (four seats, the sides alternate)


def test_an_exact_race_no_trick_goes_back_to_nought_and_a_level_finish_ties():
    """One side takes 1 and the other no trick (back to 0), each as likely, a race to exactly 2:
    from 1 against 0, x = 1/2 + 1/2 y and from 0 against 1, y = 1/2 x, so x = 2/3. Both sides
    reaching the target on the same deal tie the game (Marjapussi's ruling): a half each."""
    race = _both(2, 1, (1, True), (0, False))
    assert race.chance((1, 0), 0) == pytest.approx(2 / 3, abs=1e-9)
    assert race.chance((0, 1), 0) == pytest.approx(1 / 3, abs=1e-9)
    level = _both(2, 1, (1, True), (1, True))
    assert level.chance((1, 1), 0) == pytest.approx(0.5) and level.chance((0, 1), 0) == 0.0
    assert level.chance((2, 2), 0) == 0.5 and level.chance((2, 1), 0) == 1.0
    with pytest.raises(ValueError, match="between 0 and 2"):
        level.chance((3, 0), 0)
    with pytest.raises(ValueError, match="goes back below"):
        ExactRace(2, 2, [(((1, True), (0, True)), 1)])


@pytest.mark.parametrize("seed", range(8))
def test_marjapussis_race_counts_a_deal_as_the_game_does(seed):
    """The race's totals after a deal are the match's own (pagat.com, Marjapussi: exactly 10, over
    it back to 7, no trick back to 0), from totals near the end where over-shooting happens."""
    game = load("marjapussi")
    race = game.race()
    assert isinstance(race, ExactRace)
    standing = {"north-south": [9, 8, 7, 5][seed % 4], "east-west": [6, 9, 3, 8][seed % 4]}
    match = game.match(seed, standing=standing, pause=True)  # (paused: the deal's seating kept once it ends)
    bot = game.beginner_bot()
    deal = match.deal
    while not deal.is_over:
        match.apply(bot.choose(SeatView(match, match.turn)))
    before = [standing[match.scorer_of(match.person(q))] for q in deal.table]
    after = [match.standing()[match.scorer_of(match.person(q))] for q in deal.table]
    assert race.totals_after(deal, before) == after


@pytest.mark.parametrize("pack", ["36", "32"])
def test_marjapussis_table_of_deals_is_the_games_own_play_and_its_chances_add_up(pack):
    """DEALS (DEALS_32 for the 32-card pack) counts 20,000 deals from seed 100000 on: the first
    300, measured again with that pack, are among its counts; a side's deal holds at most
    2 + 1 + 1 + 1 for marriages, 1 for the majority and 1 for the last trick. The two sides'
    chances add up to 1 and a side at 9 (one point from the game) is ahead of one at 7."""
    from tutor.games.marjapussi.race import DEALS, DEALS_32

    table = DEALS if pack == "36" else DEALS_32
    game = load("marjapussi", pack=pack)
    again = measure_sides(game, 300, 100000)
    assert sum(n for _, n in again) == 300
    for key, n in again:
        assert table.get(key, 0) >= n, key
    assert sum(table.values()) == 20000
    for one, two in table:
        assert 0 <= one[0] + two[0] <= 7 and (one[1] or two[1])
    race = game.race()
    own = ExactRace(10, 7, list(table.items()))  # the pack's own table
    assert all(race.chance(t, 0) == own.chance(t, 0) for t in ((0, 0), (9, 7), (8, 5)))
    for m in range(10):
        for o in range(10):
            assert race.chance((m, o), 0) + race.chance((o, m), 0) == pytest.approx(1.0)
    assert race.chance((9, 7), 0) > race.chance((7, 9), 0)


def test_the_strong_player_values_marjapussi_by_its_race_in_a_match():
    game = load("marjapussi")
    strong = StrongPlayer(game, rollout=game.STRONG_ROLLOUT, work=300, most=6)
    match = game.match(2, standing={"north-south": 9, "east-west": 7})
    seat = SeatView(match, match.turn)
    assert {w.unit for w in strong.weigh(seat)} == {RACE_UNIT}
    alone = game.deal(seed=2)
    assert {w.unit for w in strong.weigh(SeatView(alone, alone.turn))} == {"points"}
    small = load("marjapussi", pack="32")  # with the 32-card pack too (its own table of deals)
    match = small.match(2, standing={"north-south": 9, "east-west": 7})
    strong = StrongPlayer(small, rollout=small.STRONG_ROLLOUT, work=300, most=6)
    assert {w.unit for w in strong.weigh(SeatView(match, match.turn))} == {RACE_UNIT}
