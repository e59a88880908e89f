"""A match that starts at given totals (``game.match(seed, standing=...)``): the deals add to them,
the match ends when they reach its target, and a bad standing is refused naming what is wrong."""

from __future__ import annotations

import pytest

from tutor.errors import TutorError
from tutor.games import GAMES, load


def _scorers(game):
    return game.match(0, pause=True).scorers


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_match_starts_at_a_standing_or_says_why_not(name):
    game = load(name)
    plain = game.match(0, pause=True)  # every registered game has a match
    first = plain.scorers[0]
    if not plain.STANDING:
        with pytest.raises(TutorError, match="cannot start at given totals"):
            game.match(0, pause=True, standing={first: 1})
        return
    m = game.match(0, pause=True, standing={first: 1})
    assert m.standing()[first] == 1
    assert all(v == 0 for k, v in m.standing().items() if k != first)
    assert m.to_json()["start"][first] == 1


def test_sixty_six_at_six_game_points_wins_with_the_next_hand():
    """pagat.com, Sechsundsechzig: the first to 7 game points wins; a hand is worth 1 to 3. A
    match started at 6 all ends with its first decided hand, and its winner has 7 or more."""
    game = load("sixtysix")
    m = game.match(3, standing={"first": 6, "second": 6})
    game.play_out(m)
    assert len([r for r in m.records if r.outcome is not None and r.outcome.winner]) == 1
    st = m.standing()
    assert max(st.values()) >= 7 and min(st.values()) == 6
    assert m.sheet()[0]["totals"] == st or len(m.records) > 1


def test_tausendeins_carries_the_standing_into_the_deal():
    """David Parlett, Tausendeins: the first to 1001 over the deals wins and play stops at once.
    Started at 1000 against 0, the first point the first player scores ends the game."""
    game = load("tausendeins")
    m = game.match(0, standing={"first": 1000})
    assert m.deal.carried is not None and 1000 in m.deal.carried
    game.play_out(m)
    assert m.is_over
    st = m.standing()
    assert m.outcome().winner in st and st[m.outcome().winner] >= 1001


def test_piquet_partie_counts_the_standing_in_its_tie_rule():
    """Cavendish Law 71: equal totals after six deals play two more. The totals a partie starts
    at are part of the totals compared."""
    game = load("piquet")
    m = game.match(0, standing={"first": 50, "second": 20})
    game.play_out(m)
    a, b = m.totals_after(6)
    assert (a, b) == (m.start["first"] + sum(r.credited["first"] for r in m.records[:6]),
                      m.start["second"] + sum(r.credited["second"] for r in m.records[:6]))


@pytest.mark.parametrize("standing, words", [
    ({"fist": 3}, "'fist' keeps no total"),
    ({3: 3}, "3 keeps no total"),
    ({"first": "3"}, "whole number, not str"),
    ({"first": True}, "whole number, not bool"),
    ({"first": 2.0}, "whole number, not float"),
    ({"first": -1}, "from 0 to 6"),
    ({"first": 7}, "at 7 the game is won"),
    ({"first": 10 ** 30}, "from 0 to 6 .*, not 10000"),
    ({"first": 10 ** 50000}, "too long to write out"),
    ([("first", 3)], "totals by name"),
    ("first=3", "totals by name"),
])
def test_a_bad_standing_is_refused_naming_it(standing, words):
    with pytest.raises(TutorError, match=words) as e:
        load("sixtysix").match(0, standing=standing)
    assert len(str(e.value)) < 200  # a huge number is shortened, never printed whole


def test_limit_follows_each_match_target():
    assert load("bezique").match(0, standing={"first": 999}).standing()["first"] == 999
    with pytest.raises(TutorError, match="from 0 to 999"):
        load("bezique").match(0, standing={"first": 1000})
    with pytest.raises(TutorError, match="from 0 to 9"):
        load("marjapussi").match(0, standing={_scorers(load("marjapussi"))[0]: 10})


def test_rewind_keeps_the_standing():
    game = load("sixtysix")
    m = game.match(1, pause=True, standing={"second": 4})
    for _ in range(5):
        if m.between_deals:
            m.next_deal()
        m.apply(next(a for a in m.legal_actions() if str(a).startswith("play")))
    m.rewind(3)
    assert len(m.history) == 2
    assert m.standing()["second"] == 4
