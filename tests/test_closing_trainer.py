"""The closing trainer (tutor.games.sixtysix.trainer): every figure it gives is what playing its
lines out makes, on the cards it says it assumed."""

import copy
import random

import pytest

from tutor.errors import IllegalActionError
from tutor.games import load
from tutor.games.sixtysix.trainer import arranged, weigh
from tutor.games.stock.actions import Close
from tutor.session import SeatView


def positions(name: str, n: int):
    """Leads where the stock may be closed, reached by the computer playing both seats."""
    game = load(name)
    bot = game.bot()
    out = []
    for seed in range(n):
        s = game.deal(seed=seed)
        stop = random.Random(seed).randint(0, 3)
        while not s.is_over:
            if Close() in list(s.legal_actions()) and len(s.tricks) >= stop:
                out.append(s)
                break
            s.apply(bot.choose(SeatView(s, s.table.seats[s.to_move])))
    return out


def signed(state, player: str) -> int:
    gp = state.game_points()
    return gp[player] - sum(v for k, v in gp.items() if k != player)


@pytest.mark.parametrize("name", ["sixtysix", "schnapsen"])
def test_with_the_cards_known_each_choice_scores_what_its_line_makes_when_played_out(name):
    checked = 0
    for s in positions(name, 8):
        w = weigh(s, known=True)
        assert {c.choice for c in w.choices} >= {"close", "play on"}
        for choice in w.choices:
            (line,) = choice.lines
            replay = copy.deepcopy(s)
            for action in line:
                replay.apply(action)  # checked: every action of the line is legal in turn
            assert replay.is_over
            assert signed(replay, w.player) == choice.game_points
            assert replay.scores()[w.player] == choice.points
            assert choice.won == (choice.game_points > 0)
            checked += 1
    assert checked >= 12


@pytest.mark.parametrize("name", ["sixtysix", "schnapsen"])
def test_averaged_over_the_unseen_cards_each_arrangement_keeps_what_the_player_sees(name):
    for s in positions(name, 4):
        p = s.to_move
        w = weigh(s, samples=5, seed=1)
        unseen = sorted(map(str, set(s.hands[1 - p]) | set(s.stock)))
        for other, stock in w.arrangements:
            assert sorted(map(str, (*other, *stock))) == unseen
            assert len(other) == len(s.hands[1 - p]) and len(stock) == len(s.stock)
        for choice in w.choices:
            got = []
            for arrangement, line in zip(w.arrangements, choice.lines):
                replay = arranged(s, p, arrangement)
                for action in line:
                    replay.apply(action)
                got.append(signed(replay, w.player))
            assert sum(got) / len(got) == pytest.approx(choice.game_points)


def test_a_turn_up_taken_in_exchange_stays_in_the_other_hand_in_every_arrangement():
    game = load("sixtysix")
    s = game.deal_cards("AH TH KH QH 9D JD", "AS TS KC QC JC 9S", "JS", "KS QS AD TD KD QD 9C JH 9H AC TC")
    for action in ["play JD", "play AS",  # younger trumps and wins: he may exchange
                   "exchange 9S", "play KC", "play QS"]:  # he takes the turn-up JS; elder trumps the king
        s.apply(action)
    assert s.to_move == 0 and Close() in list(s.legal_actions()) and "JS" in map(str, s.hands[1])
    w = weigh(s, samples=6)
    assert all("JS" in map(str, other) for other, _ in w.arrangements)
    assert len({other for other, _ in w.arrangements}) > 1, "the rest of the other hand is dealt at random"


def test_going_out_is_exact_and_the_trainer_refuses_a_position_with_a_card_to_follow():
    game = load("sixtysix")
    s = game.deal_cards("AH TH KH QH 9S JD", "AS TS KC QC JC 9C", "JS", "KS QS AD TD KD QD 9D JH 9H AC TC")
    s.apply("play AH")
    with pytest.raises(IllegalActionError, match="on lead"):
        weigh(s)
    s.apply("play 9C")  # elder takes 11: a false claim would give younger 2 game points
    w = weigh(s, samples=3)
    out = w.get("go out")
    assert out is not None and out.game_points == -2 and out.won == 0
    assert "dealt at random 3 times" in w.assumption and "never closes" in w.assumption


@pytest.mark.parametrize("name", ["sixtysix", "schnapsen"])
def test_a_weighing_grown_from_fewer_samples_is_the_weighing_made_afresh(name):
    """The lines already played at a position are kept: five samples, then twenty, then the
    hindsight weighing must each give exactly what a weighing made with nothing kept gives."""
    from tutor.games.sixtysix import trainer

    for s in positions(name, 3):
        trainer._PLAYED.clear()
        grown = [weigh(s, samples=5, seed=2), weigh(s, samples=20, seed=2), weigh(s, samples=10, seed=2), weigh(s, known=True)]
        afresh = []
        for kw in ({"samples": 5, "seed": 2}, {"samples": 20, "seed": 2}, {"samples": 10, "seed": 2}, {"known": True}):
            trainer._PLAYED.clear()
            afresh.append(weigh(s, **kw))
        assert grown == afresh
        assert grown[0].choices != grown[1].choices or grown[0].arrangements != grown[1].arrangements


def test_the_lines_kept_are_those_of_the_same_position_and_seed():
    from tutor.games.sixtysix import trainer

    s = positions("sixtysix", 2)[1]
    trainer._PLAYED.clear()
    one = weigh(s, samples=5, seed=1)
    other = weigh(s, samples=5, seed=7)  # other arrangements: nothing kept for seed 1 may serve
    trainer._PLAYED.clear()
    assert other == weigh(s, samples=5, seed=7) and one.arrangements != other.arrangements
    for k in range(trainer._PLAYED_MOST + 3):  # the store keeps the last few positions only
        weigh(s, samples=1, seed=k)
    assert len(trainer._PLAYED) == trainer._PLAYED_MOST


@pytest.mark.parametrize("name", ["sixtysix", "schnapsen"])
def test_playing_on_skips_the_computer_only_where_it_has_one_choice(name):
    """played_on applies a sole legal action without asking the computer: the lines must be those
    the computer makes when asked at every move."""
    from tutor.games.sixtysix import trainer

    def asked_every_move(state):
        bot = trainer._game_of(state).bot()
        first = True
        while not state.is_over:
            action = bot.choose(trainer._Seat(state, state.to_move, (Close, trainer.Claim) if first else ()))
            first = first and not isinstance(action, trainer.Play)
            state.apply(action)

    compared = 0
    for s in positions(name, 4):
        p = s.to_move
        for arrangement in trainer._arrangements(s, p, 5, 3):
            quick, plain = arranged(s, p, arrangement), arranged(s, p, arrangement)
            trainer.played_on(quick)
            asked_every_move(plain)
            assert [str(a) for a in quick.history] == [str(a) for a in plain.history]
            assert quick.game_points() == plain.game_points()
            compared += 1
    assert compared >= 15
