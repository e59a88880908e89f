"""The race to a target (tutor.games.race) and the strong computer valuing Bondtolva for three's deals
by it: chances checked against exact combinatorics, the table of deals against the game's own play."""

from __future__ import annotations

from math import comb

import pytest

from tutor.games import load
from tutor.games.bondtolva.race import DEALS3, OWN3
from tutor.games.contract import SeatView
from tutor.games.race import Race, measure
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
