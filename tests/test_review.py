"""The review of a reader's deal (tutor.review), over the contract: which decisions it lists, what
each cost, their order, the words for an exact cost and an estimate, bad input refused by type,
and playing on from a reviewed position. The weighers here are test doubles (tests/weighers.py)
whose numbers are known in advance; the last test uses the game's own strong player."""

from __future__ import annotations

import random
import re

import pytest

from tests.weighers import FirstWeigher, TableWeigher, solver_values
from tutor.cards import Card
from tutor.errors import IllegalActionError, TutorError
from tutor.games import GAMES, load
from tutor.games.contract import RandomPlayer, SeatView
from tutor.review import Review, ReviewError, narrated_deal, review, review_position, review_session
from tutor.session import READER, Position, Session


def played(name: str, seed: int, bot=None) -> tuple[object, str, list[str]]:
    """A deal of ``name`` played to its end by ``bot`` (default: the game's beginner) at every
    seat: (game, code, moves)."""
    game = load(name)
    state = game.deal(seed=seed)
    bot = bot if bot is not None else game.bot("beginner")
    moves = []
    while not state.is_over:
        action = bot.choose(SeatView(state, state.turn))
        moves.append(str(action))
        state.apply(action)
    return game, state.code, moves


class NoClaims(RandomPlayer):
    """A random player who never claims (a random claim ends most deals before their last tricks)."""

    def choose(self, seat):
        legal = [a for a in seat.legal_actions() if str(a) != "claim"]
        return self.rng.choice(legal or list(seat.legal_actions()))


def same(a: object, b: object) -> bool:
    """Two actions in notation name the same action (the cards of a discard in any order)."""
    x, y = str(a).split(), str(b).split()
    return x[:1] == y[:1] and sorted(x[1:]) == sorted(y[1:])


def choices_of(game, code: str, moves: list[str], seats: set[str]) -> list[int]:
    """The moves (by number) made at ``seats`` where the seat to move had more than one legal action."""
    state = game.deal(code=code)
    out = []
    for i, m in enumerate(moves):
        if state.turn.name in seats and len(list(state.legal_actions())) > 1:
            out.append(i)
        state.apply(m)
    return out


def _scores_told(log) -> dict[str, int]:
    """The points a two-handed table's log gives each seat, summed from its "Elder +2: ..." lines."""
    made: dict[str, int] = {}
    for line in log:
        score = re.match(r"(Elder|Younger) ([+-]\d+): ", line)
        if score:
            made[score.group(1).lower()] = made.get(score.group(1).lower(), 0) + int(score.group(2))
    return made


@pytest.mark.parametrize("name", list(GAMES))
def test_the_review_lists_exactly_the_readers_decisions_with_a_choice(name):
    game, code, moves = played(name, 5)
    first = game.deal(code=code).table.seats[0].name
    rev = review(game, code=code, actions=moves, seats=[first], weigher=FirstWeigher())
    assert [d.index for d in rev.decisions] == choices_of(game, code, moves, {first})
    assert all(d.seat == first for d in rev.decisions)
    # FirstWeigher: the first legal action is worth 10, every other 0
    for d in rev.decisions:
        state = game.replay_actions(code=code, actions=moves[: d.index])
        legal = [str(a) for a in state.legal_actions()]
        assert same(d.chosen.action, moves[d.index])
        assert d.cost == (0 if same(moves[d.index], legal[0]) else 10)
        assert str(d.best.action) == legal[0] and d.exact


def test_every_seat_named_is_reviewed_and_no_other():
    game, code, moves = played("bondtolva4", 2)
    names = [s.name for s in game.deal(code=code).table]
    two = set(names[::2])
    rev = review(game, code=code, actions=moves, seats=sorted(two), weigher=FirstWeigher())
    assert [d.index for d in rev.decisions] == choices_of(game, code, moves, two)
    assert {d.seat for d in rev.decisions} == two


@pytest.mark.parametrize("name", ["sixtysix", "piquet", "truc", "bezique"])
def test_the_cost_is_the_best_mean_less_the_chosen_mean_and_the_biggest_come_first(name):
    game, code, moves = played(name, 9)
    seats = [s.name for s in game.deal(code=code).table]
    weigher = TableWeigher()
    rev = review(game, code=code, actions=moves, seats=seats, weigher=weigher)
    assert rev.decisions
    for d in rev.decisions:  # weighed again here, from the position before the move
        state = game.replay_actions(code=code, actions=moves[: d.index])
        weights = weigher.weigh(SeatView(state, state.turn))
        chosen = next(x for x in weights if same(x.action, moves[d.index]))
        assert d.cost == weights[0].mean - chosen.mean  # the weigher's best (listed first) less the choice
        assert d.best == weights[0] and d.cost == max(x.mean for x in weights) - chosen.mean
    costs = [d.cost for d in rev.ranked()]
    assert costs == sorted(costs, reverse=True)
    ranked = rev.ranked()
    for a, b in zip(ranked, ranked[1:]):
        assert a.cost > b.cost or a.index < b.index  # equal costs in the order made
    assert [d.index for d in rev.mistakes] == [d.index for d in ranked if d.mistake]
    assert rev.to_json()["ranked"] == [d.index for d in ranked]
    lines = rev.text().splitlines()[1:]
    assert [line.split(". ", 1)[1] for line in lines] == [d.words() for d in ranked]


def test_a_mistake_needs_a_loss_beyond_twice_its_standard_error():
    """An estimate of 3 points over 16 samples with spread 3 each (cost spread 3*sqrt 2 = 4.24,
    standard error 1.06: twice it, 2.12) is a mistake; with spread 6 (twice the error 4.24) it is not."""
    from tutor.games.strength import Weight
    from tutor.review import Decision

    pos = Position("x")
    small = Decision(0, "elder", "play", 1, pos, Weight("b", 2.0, 3.0, 16), Weight("a", 5.0, 3.0, 16), ())
    wide = Decision(0, "elder", "play", 1, pos, Weight("b", 2.0, 6.0, 16), Weight("a", 5.0, 6.0, 16), ())
    assert small.cost == wide.cost == 3 and small.mistake and not wide.mistake
    assert round(small.spread, 3) == 4.243


def test_exact_costs_and_estimates_are_worded_apart():
    """In the last tricks of a two-handed stock game the test weigher is exact (the solver);
    elsewhere an estimate over 16 samples with spread 3 a weight."""
    found = {True: 0, False: 0}
    for seed in range(8):
        game, code, moves = played("schnapsen", seed, NoClaims(seed))
        rev = review(game, code=code, actions=moves, seats=["elder", "younger"], weigher=TableWeigher())
        for d in rev.decisions:
            if d.cost <= 0:
                continue
            found[d.exact] += 1
            words = d.words()
            if d.exact:
                assert "exactly" in words and "spread" not in words and d.samples == 0
            else:
                assert "about" in words and "over 16 sampled deals" in words and "spread ±4.2" in words
    assert found[True] and found[False]


@pytest.mark.parametrize("name, stake", [("schnapsen", 120), ("sixtysix", 130)])
def test_an_estimate_in_a_game_of_game_points_says_its_cost_in_game_points_too(name, stake):
    """The strong player's samples play to the deal's end, where only game points count, each weighed
    as the stake: every point of the pack and the last trick (pagat.com: Schnapsen's 20 cards hold
    4 x (11 + 10 + 4 + 3 + 2) = 120, no last trick; Sixty-Six's 24 hold the same 120, and 10 for the
    last trick). An exact cost, the solver's, is in card points alone."""
    said = {True: 0, False: 0}
    for seed in range(6):
        game, code, moves = played(name, seed, NoClaims(seed))
        rev = review(game, code=code, actions=moves, seats=["elder"])
        for d in rev.decisions:
            if d.cost <= 0:
                continue
            words = d.cost_words()
            assert d.game_point == stake
            if d.exact:
                assert "game point" not in words, words
            else:
                assert f"or {d.cost / stake:.1f} game point" in words, words
                assert f"each game point weighed as the {stake} points a deal holds" in words
            said[d.exact] += 1
        bad = rev.mistakes
        if bad and all(not d.exact for d in bad):  # the summary's total, in game points too
            assert f"({sum(d.cost for d in bad) / stake:.1f} game points) in all" in rev.summary(), rev.summary()
        elif bad:
            assert "game points" not in rev.summary()
    assert said[False], said
    piquet = load("piquet")
    rev = review(piquet, seed=7, actions=["discard 8C 9H 7S"], seats=["elder"])  # a deal of no game points
    assert rev.decisions and all(d.game_point is None and "game point" not in d.words() for d in rev.decisions)


def test_exact_costs_in_the_last_tricks_are_the_solvers_difference():
    """With the solver's values (the test double), the review's cost at each follower's choice in
    the last tricks is twice the difference in card points the two cards take (what one card
    takes, the other side does not)."""
    from tutor.games.stock.solver import solve

    checked = 0
    for seed in range(6):
        game, code, moves = played("sixtysix", seed, NoClaims(seed))
        rev = review(game, code=code, actions=moves, seats=["elder", "younger"], weigher=TableWeigher())
        for d in rev.decisions:
            state = game.replay_actions(code=code, actions=moves[: d.index])
            if solver_values(state) is None:
                continue
            plays = {f"play {c}": v for c, v in solve(state).plays.items()}
            assert d.exact and d.cost == 2 * (max(plays.values()) - plays[moves[d.index]])
            checked += 1
    assert checked >= 5


@pytest.mark.parametrize("seats,bad", [(["north"], "'north'"), ([], "name the seat"), (["elder", 3], "3"),
                                       ("elder\x00", "elder")])
def test_a_seat_not_at_the_table_is_refused_by_type(seats, bad):
    game, code, moves = played("sixtysix", 1)
    with pytest.raises(ReviewError) as e:
        review(game, code=code, actions=moves, seats=seats, weigher=TableWeigher())
    assert isinstance(e.value, ValueError) and bad in str(e.value)


def test_bad_moves_and_a_player_that_cannot_weigh_are_refused_by_type():
    game, code, moves = played("sixtysix", 1)
    with pytest.raises(IllegalActionError, match="move 2 of the position, 'play ZZ'"):
        review(game, code=code, actions=[moves[0], "play ZZ"], seats=["elder"], weigher=TableWeigher())
    with pytest.raises(IllegalActionError, match="after the end of the deal"):
        review(game, code=code, actions=[*moves, moves[-1]], seats=["elder"], weigher=TableWeigher())
    with pytest.raises(ReviewError, match="RandomPlayer cannot weigh"):
        review(game, code=code, actions=moves, seats=["elder"], weigher=RandomPlayer())
    with pytest.raises(ReviewError, match="seed or its code"):
        review(game, seed=1, code=code, actions=moves, seats=["elder"], weigher=TableWeigher())
    with pytest.raises(ReviewError, match="not 'str'|position"):
        review_position(game, "ss-x", ["elder"], weigher=TableWeigher())  # type: ignore[arg-type]
    rev = review(game, code=code, actions=moves, seats=["elder"], weigher=TableWeigher())
    for bad in (len(rev.decisions), -1, True, "0", 1.0):
        with pytest.raises(ReviewError, match="no decision"):
            rev.play_on(bad, bot=RandomPlayer())  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ["sixtysix", "piquet", "tute", "truc"])
def test_play_on_opens_the_position_before_the_decision_with_the_reader_to_move(name):
    game, code, moves = played(name, 3)
    seat = game.deal(code=code).table.seats[0].name
    rev = review(game, code=code, actions=moves, seats=[seat], weigher=TableWeigher())
    d = rev.ranked()[0]
    session = rev.play_on(d, bot=game.bot("beginner"))
    assert session.position == d.position == Position(code, tuple(moves[: d.index]))
    assert session.reader_to_move and session.state.turn.name == seat
    assert session.state.to_json() == game.replay_actions(code=code, actions=moves[: d.index]).to_json()
    assert str(d.chosen.action) in [str(a) for a in session.legal_actions()]
    session.act(str(d.best.action))  # the reader plays on: the strong player's choice is his to make now


def test_a_sessions_review_counts_the_moves_the_reader_made_himself():
    """Moves the computer made for the reader ("play the deal out") are not his decisions."""
    game = load("sixtysix")
    session = Session(game, seed=2, bot=game.bot("beginner"))
    rng = random.Random(1)
    for _ in range(3):
        if session.reader_to_move:
            session.act(rng.choice(session.legal_actions()))
    session.play_for_reader()
    rev = review_session(session, weigher=FirstWeigher())
    mine = [i for i, (who, _) in enumerate(session.actions) if who == READER]
    moves = list(session.position.moves)
    assert [d.index for d in rev.decisions] == [i for i in choices_of(game, session.state.code, moves, {"elder"}) if i in mine]
    assert isinstance(rev, Review) and rev.position == session.position


def test_a_match_sessions_review_is_of_the_deal_on_show():
    from tutor.table import table_session

    game = load("bezique")
    session = table_session(game, seed=4)
    session.play_for_reader()  # the whole first deal by the computer
    assert session.between_deals
    rev = review_session(session, weigher=FirstWeigher())
    assert rev.decisions == () and "nothing to review" in rev.summary()
    with pytest.raises(TutorError, match="computer held every seat"):
        review_session(Session(game, seed=1, seats={"elder": "computer", "younger": "computer"}), weigher=FirstWeigher())


def test_a_narrated_deal_is_the_deal_the_engine_plays_told_trick_by_trick():
    game = load("sixtysix")
    weigher = TableWeigher()
    told = narrated_deal(game, 6, weigher=weigher)
    state = game.replay_actions(code=told.position.code, actions=list(told.position.moves))
    assert state.is_over and dict(told.scores) == state.scores() and told.outcome == state.outcome().reason
    tricks = len([p for p in told.paragraphs if any("takes the trick" in line for line in p)])
    assert tricks == state.table_parts(state.table.seats[0]).tricks_played
    assert told.paragraphs[0][0][0].isupper()
    for move in told.position.moves:  # every card played is told, each with the strong player's reason
        if move.startswith("play "):
            card = Card(move.split()[1]).symbol  # the story shows the cards as the table does
            assert f"(table value of play {card}: " in told.text()
    assert told.review is not None and set(told.review.seats) == {s.name for s in state.table} - {told.winner}
    assert told.to_json()["scores"] == state.scores()


def test_a_narrated_deal_says_where_the_loser_went_wrong():
    """A weigher that plays its second-best (by its own weights) makes mistakes the review names."""

    class Second(TableWeigher):
        def choose(self, seat):
            w = self.weigh(seat)
            return w[1].action if len(w) > 1 else w[0].action

    game = load("schnapsen")
    told = narrated_deal(game, 0, weigher=Second())
    assert told.review is not None and told.review.mistakes
    assert all(d.seat in told.review.seats for d in told.review.decisions)
    text = told.text()
    for d in told.review.mistakes:  # told where it happened: after the move's own line
        best = " ".join(Card(w).symbol if w[:1] in "AKQJT" and len(w) == 2 else w for w in str(d.best.action).split())
        comment = f"Here {d.seat} went wrong: the strong player would have chosen {best}"
        assert comment in text
    assert text.count("went wrong") == len(told.review.mistakes)
    assert "The review of" in text


@pytest.mark.parametrize("name", ["sixtysix", "schnapsen"])
def test_in_500_end_positions_the_strong_players_cost_is_the_solvers_difference(name):
    """The review by the game's own strong player: at a follower's choice in the last tricks (every
    card known after the stock is exhausted; cards only to play), the cost of each card equals the
    exact solver's difference, counted for the mover against the other side (twice the difference
    in card points the mover takes): 250 positions of each game, 500 in all."""
    from tutor.games.stock.core import Stage
    from tutor.games.stock.solver import solve

    game = load(name)
    strong = game.bot("strong")
    checked, seed, exact = 0, 0, 0
    while checked < 250:
        g, code, moves = played(name, 1000 + seed)
        seed += 1
        state = game.deal(code=code)
        for i, m in enumerate(moves):
            values = solver_values(state) if state.stage is Stage.END and state.closed_by is None else None
            if values is not None and len(values) > 1:
                plays = {f"play {c}": v for c, v in solve(state).plays.items()}
                best = max(plays.values())
                for card in plays:
                    rev = review_position(game, Position(code, (*moves[:i], card)), [state.turn.name], weigher=strong,
                                          only=[i])
                    (d,) = rev.decisions
                    assert d.cost == pytest.approx(2 * (best - plays[card]))
                    # exact, except where the strong player counts a marriage that may still be shown
                    # (Schnapsen's, after the stock is gone): its weights are then the solver's, unmarked
                    exact += d.exact
                    checked += 1
            state.apply(m)
    if name == "sixtysix":
        assert exact == checked  # every weight of these positions exact, and said so


def test_a_cost_half_exact_is_an_estimate_over_the_estimated_weights_samples():
    from tutor.games.strength import Weight
    from tutor.review import Decision

    pos = Position("x")
    d = Decision(0, "elder", "play", 2, pos, Weight("b", 1.0, 2.0, 32), Weight("a", 5.0, exact=True), ())
    assert not d.exact and d.samples == 32 and d.spread == 2.0 and d.cost == 4
    assert "about 4 points (an estimate: spread ±2 over 32 sampled deals" in d.words()
    same = Decision(0, "elder", "play", 2, pos, Weight("b", 5.0, exact=True), Weight("a", 5.0, exact=True), ())
    assert same.cost == 0 and not same.mistake and "as good as its own choice, a" in same.words()
    one = Decision(0, "elder", "close", 2, pos, Weight("b", 4.0, exact=True), Weight("a", 5.0, exact=True), ())
    assert one.words().startswith("Move 1, elder: you chose b") and "1 point exactly" in one.words()


def test_the_strong_players_choice_is_the_one_it_lists_first_even_below_another_mean():
    """A weigher may keep its choice ahead of an action of a higher mean when the gain is within
    the noise of its samples: the review takes its choice as the best, and a reader who chose the
    other is not charged (a cost below 0, no mistake)."""
    from tutor.games.strength import Weight

    class Keeps(TableWeigher):
        def weigh(self, seat):
            legal = list(seat.legal_actions())
            return [Weight(a, 4.0 if i == 0 else 5.0, 3.0, 8) for i, a in enumerate(legal)]

    game, code, moves = played("sixtysix", 2)
    rev = review(game, code=code, actions=moves, seats=["elder", "younger"], weigher=Keeps())
    for d in rev.decisions:
        state = game.replay_actions(code=code, actions=moves[: d.index])
        first = str(next(iter(state.legal_actions())))
        assert str(d.best.action) == first
        assert d.cost == (0 if same(moves[d.index], first) else -1) and not d.mistake


def test_a_narrated_deal_tells_the_hands_and_each_stage_before_the_play_in_a_paragraph_of_its_own():
    """Piquet: the deal and the hands as dealt, then the exchange, then the calls, then the tricks."""
    game = load("piquet")
    told = narrated_deal(game, 3, weigher=TableWeigher())
    first = game.deal(code=told.position.code)
    opening, exchange, calls, trick = told.paragraphs[:4]
    for seat in first.table:
        hand = " ".join(Card(str(c)).symbol for c in first.view(seat)["hand"])
        assert f"{seat.name.capitalize()} holds {hand}." in opening
    assert len(exchange) == 2 and all(" exchanges " in line for line in exchange)
    assert calls[0].startswith("Elder calls ") and not any(" plays " in line for line in calls)
    assert trick[0].startswith("Elder plays ")
    # the cards are shown as the table shows them, never in the notation
    assert not re.search(r"(?<![\w'])(?:10|[AKQJT2-9])[SHDC](?![\w])", told.text())
    # each score told once: the story's scores add up to the engine's
    made: dict[str, int] = {}
    for line in (x for p in told.paragraphs for x in p):
        score = re.match(r"(Elder|Younger) ([+-]\d+): ", line)
        if score:
            made[score.group(1).lower()] = made.get(score.group(1).lower(), 0) + int(score.group(2))
    assert made == dict(told.scores)


def test_a_narrated_reason_drops_the_label_says_the_weight_and_is_left_out_where_nothing_was_chosen():
    from tutor.games.strength import Weight
    from tutor.review import _reason

    chosen = Weight("play QS", 2.5, 1.0, 12, reason="play QS: over the deals the play comes to +2.5 from here")
    other = Weight("play 7H", -1.0, 1.0, 12, reason="play 7H: over the deals the play comes to -1.0 from here")
    line = "Elder plays queen of spades."
    assert _reason("play QS", chosen, [chosen, other], line) == "over the deals the play comes to +2.5 from here"
    # a reason that only says what the line says gets the weight it was chosen by
    bare = Weight("declare marriage KD QD", 4.0, 0.0, 10, reason="declares marriage KD QD")
    said = "Second declares the marriage K♦ Q♦."
    assert _reason("declare marriage KD QD", bare, [bare, other], said) == \
        "+4.0 points on average over 10 deals of the unseen cards"
    # a reason without a figure keeps its words and gets the weight (a card's rank is no figure)
    lead = Weight("play 6S", 0.44, 1.0, 9, reason="leads 6S")
    assert _reason("play 6S", lead, [lead, other], "Forehand plays 6♠.") == \
        "leads 6♠: +0.4 points on average over 9 deals of the unseen cards"
    exact = Weight("play 6S", 2.0, 0.0, 1, exact=True, reason="")
    assert _reason("play 6S", exact, [exact, other], "Forehand plays 6♠.") == "+2.0 points from here, every card known"
    # a reason that names its samples but no weight gets the weight beside them
    draw = Weight("discard QD", -25.8, 3.0, 24, unit="points of the deal (the seat's less the other's)",
                  reason="keeps KS QS, draws 5; over 24 deals of the unseen cards")
    assert _reason("discard QD", draw, [draw, other], "Elder draws five cards.") == \
        "keeps K♠ Q♠, draws 5; over 24 deals of the unseen cards: -25.8 on average"
    # a long unit is said by its short name, with no brackets inside the story's brackets
    long = Weight("play 6S", 1.5, 1.0, 8, unit="points of the deal (the seat's less the other's)", reason="")
    assert _reason("play 6S", long, [long, other], "Forehand plays 6♠.") == \
        "+1.5 points of the deal on average over 8 deals of the unseen cards"
    # the reason's first clauses the line has said already are left out
    close = Weight("close", 93.4, 20.0, 23, reason="closes the stock: no more drawing, strict play, and from here "
                   "the closer comes out ahead on average")
    assert _reason("close", close, [close, other], "Elder closes the stock: no more drawing, and strict play "
                   "from now on.") == ("from here the closer comes out ahead on average: +93.4 points on average "
                                       "over 23 deals of the unseen cards")
    # every choice weighed the same: there was nothing to choose, and nothing is said
    same = Weight("play 7H", 2.5, 1.0, 12, reason="play 7H: as good")
    assert _reason("play QS", chosen, [chosen, same], line) == ""


def test_the_table_tells_a_score_counted_before_the_last_one_once():
    """Piquet: younger declares after elder's first lead, and his declarations are reckoned before
    it; the table tells younger's scores and not elder's lead again, so what it tells adds up to
    the engine's scores."""
    from tutor.table import TableNarrator

    for seed in (0, 3):
        session = Session(load("piquet"), seed=seed, seats={"elder": "computer", "younger": "computer"},
                          narrator=TableNarrator())
        assert session.state.is_over and _scores_told(session.log) == {k: v for k, v in session.state.scores().items() if v}


def test_a_narrated_deal_says_the_outcome_once_and_keeps_no_brackets_inside_brackets():
    """Le Truc: the deal's last score says how it was won, so the end is not said twice; and a
    reason with brackets of its own reads with commas inside the story's brackets."""
    from tutor.games.strength import Weight
    from tutor.review import _reason

    told = narrated_deal(load("truc"), 7)
    text = told.text()
    assert told.outcome and text.count(told.outcome) == 1 and "Deal over." in text
    bid = Weight("bid seven-three", 12.1, 3.0, 24,
                 reason="bid seven-three: the deal then comes to +12.1 on average (the rest of the auction as the other may bid)")
    other = Weight("pass", 0.0, 3.0, 24, reason="pass: nothing")
    assert _reason("bid seven-three", bid, [bid, other], "Dealer: “seven-three” (21).") == \
        "the deal then comes to +12.1 on average, the rest of the auction as the other may bid"


def test_a_narrated_deal_against_the_beginner_names_each_seats_computer_and_reviews_the_beginners_choices():
    """The strong player (here a test double) at elder, the game's beginner computer at younger:
    the story says which computer plays which seat, gives reasons for the strong side's choices
    only, and every choice at younger was the beginner's (the same one the beginner makes there)."""
    game = load("sixtysix")
    weigher = TableWeigher()
    told = narrated_deal(game, 6, weigher=weigher, against="beginner")
    assert told.strong == ("elder",) and told.against == "the beginner computer"
    opening = " ".join(told.paragraphs[0])
    assert "The strong computer plays elder; the beginner computer (the tutor's rules-of-thumb player) plays younger." \
        in opening
    state = game.deal(code=told.position.code)
    beginner = game.bot("beginner")
    for move in told.position.moves:
        if state.turn.name == "younger" and len(list(state.legal_actions())) > 1:
            assert str(beginner.choose(SeatView(state.clone(), state.turn))) == move
        state.apply(move)
    text = told.text()
    for line in (x for p in told.paragraphs for x in p):  # no reason is put in the beginner's mouth
        if line.startswith("Younger plays "):
            assert "(" not in line
    assert any(x.startswith("Elder plays ") and "(table value of play " in x for p in told.paragraphs for x in p)
    if told.review is not None and told.review.mistakes:
        assert "went wrong" in text
        seat = told.review.mistakes[0].seat
        assert f"Here {seat} (the {'strong' if seat == 'elder' else 'beginner'} computer) went wrong" in text


def test_a_narrated_deal_against_the_beginner_flags_the_beginners_costly_choices():
    """Schnapsen, seed 4 (the deal of the Schnapsen part of the book): the strong player wins and
    the review finds the beginner's mistakes, each told where it was made, naming the beginner's
    seat and computer."""
    told = narrated_deal(load("schnapsen"), 4, against="beginner")
    assert told.review is not None and told.review.seats == ("younger",) and told.winner == "elder"
    assert told.review.mistakes and all(d.cost > 0 for d in told.review.mistakes)
    text = told.text()
    assert text.count("Here younger (the beginner computer) went wrong") == len(told.review.mistakes)
    assert "The review of the play of younger (the beginner computer): " in text


def test_a_narrated_deal_refuses_an_unknown_opponent_or_seat_by_type():
    game = load("sixtysix")
    with pytest.raises(ReviewError, match="expert"):
        narrated_deal(game, 0, weigher=TableWeigher(), against="expert")
    with pytest.raises(ReviewError, match="north"):
        narrated_deal(game, 0, weigher=TableWeigher(), against="beginner", strong=["north"])
    with pytest.raises(ReviewError, match="other computer"):
        narrated_deal(game, 0, weigher=TableWeigher(), against="beginner", strong=["elder", "younger"])
    with pytest.raises(ReviewError, match="every seat"):
        narrated_deal(game, 0, weigher=TableWeigher(), strong=["elder"])


def test_a_narrated_deal_against_the_beginner_gives_the_strong_player_a_whole_partnership():
    """At a table of partners, the strong player holds the first seat's side by default."""
    from tutor.review import _strong_seats

    first = load("marjapussi").deal(seed=0)
    mine = _strong_seats(first, "beginner", None)
    assert len(mine) == 2 and first.table.side_of(mine[0]) == first.table.side_of(mine[1])
    assert _strong_seats(first, None, None) == first.table.names


def test_the_table_tells_the_scores_made_as_the_cards_are_dealt():
    """Parlett, The Penguin Book of Card Games, Briscan: the dealer scores 10 for a turn-up higher
    than a nine, 30 for an ace; Bezique (the nineteenth-century account the engine cites): "turning
up the seven of trumps" scores 10 for the dealer.
    The table tells each at the deal's start, as the engine scores it, and what it tells adds up to
    the engine's scores."""
    from tutor.table import TableNarrator

    for name in ("briscan", "bezique"):
        game = load(name)
        seed = next(s for s in range(40) if list(game.deal(seed=s).explanation()))
        start = list(game.deal(seed=seed).explanation())
        for step in start:  # the published values
            assert step.player == "younger" and step.points == (30 if " turns up A" in step.text else 10)
        session = Session(game, seed=seed, seats={"elder": "computer", "younger": "computer"}, narrator=TableNarrator())
        for step in start:
            assert f"{step.player.capitalize()} {step.points:+d}: {step.text}." in session.log[1:1 + len(start)]
        assert session.state.is_over and _scores_told(session.log) == {k: v for k, v in session.state.scores().items() if v}


@pytest.mark.parametrize("name", ["sixtysix", "tute", "briscan"])
def test_the_table_tells_no_score_of_nothing(name):
    """A trick with no card of value (Sixty-Six's nines and jacks), Tute's exchange of the turn-up:
    no "+0" line; the trick's own line tells it."""
    from tutor.table import TableNarrator

    zero = 0
    for seed in range(4):
        session = Session(load(name), seed=seed, seats={"elder": "computer", "younger": "computer"},
                          narrator=TableNarrator())
        assert not [x for x in session.log if re.search(r" [+-]0: ", x)]
        zero += sum(1 for s in session.state.explanation() if s.points == 0)
    assert zero > 0  # the engine did make steps of no points in these deals: the test saw them left out


def test_counterpique_the_deal_line_says_who_speaks_first_not_who_leads():
    """Parlett's Counterpique: the auction makes one of the two Elder, who leads; the dealer speaks
    first. The deal's first line says so, and never names a leader the auction may overturn."""
    from tutor.table import TableNarrator

    game = load("counterpique")
    for seed in range(3):
        session = Session(game, seed=seed, seats={"non-dealer": "computer", "dealer": "computer"},
                          narrator=TableNarrator())
        assert session.log[0].lower() == "dealer deals, dealer speaks first."
        first_lead = next(x for x in session.log if " plays " in x)  # the auction's Elder leads
        assert first_lead.split()[0].lower() == session.state.table.names[session.state.elder]
    assert any(Session(game, seed=s, seats={"non-dealer": "computer", "dealer": "computer"}).state.elder == 1
               for s in range(3))  # a deal where the dealer won the auction was among them


def test_the_strong_players_close_reason_says_what_its_weight_means():
    """The weight of a close is the points the closer's side gains from here on average, not a
    probability of winning: the words say that."""
    from tutor.games.stock.actions import Close
    from tutor.games.strong import _reason

    state = load("sixtysix").deal(seed=0)
    assert _reason(state, 0, Close(), 12.5).endswith("from here the closer comes out ahead on average")
    assert _reason(state, 0, Close(), -3.0).endswith("from here the closer comes out behind on average")
    assert "more often than not" not in _reason(state, 0, Close(), 12.5)


@pytest.mark.parametrize("name", ["bondtolva3", "truc"])
def test_a_match_sessions_review_weighs_the_deal_at_the_totals_it_was_played_at(name):
    """A strong player may weigh a deal by what it does to the match (Bondtolva's race to 12, Le
    Truc's manche): the review of the second deal of a match starts it from the totals the first
    left, not from nought."""
    from tutor.table import table_session

    class Totals(FirstWeigher):
        seen: list = []

        def weigh(self, seat):
            view = seat.view()
            self.seen.append(view["match"]["totals"])
            if "manche" in view:  # (Le Truc's deal knows the manche's points itself: its bancos turn on them)
                self.seen.append(dict(zip(view["match"]["seats"], view["manche"].values())))
            return super().weigh(seat)

    game = load(name)
    session = table_session(game, seed=3)
    session.play_for_reader()  # the first deal, by the computer
    while session.between_deals:
        session.next_deal()
    rng = random.Random(0)
    while not session.between_deals and not session.playing.is_over:
        assert session.reader_to_move
        session.act(rng.choice(session.legal_actions()))
    before = session.playing.standing_before_deal()
    assert any(before.values()) and before != session.playing.standing()  # (the second deal counted apart)
    weigher = Totals()
    rev = review_session(session, weigher=weigher)
    assert rev.decisions and weigher.seen and all(seen == before for seen in weigher.seen)
    # played on from a decision: in the match, at those totals, and an undo keeps them
    d = rev.ranked()[0]
    again = rev.play_on(d, bot=game.bot("beginner"))
    assert again.with_match and again.playing.standing_before_deal() == before
    assert again.position == d.position and again.reader_to_move and again.state.turn.name == d.seat
    again.act(str(d.best.action))
    assert again.undo() and again.position == d.position and again.playing.standing_before_deal() == before
    alone = rev.play_on(d, bot=game.bot("beginner"))  # (a second session from the same review: the same)
    assert alone.state.to_json() == again.state.to_json()
    # the position carries those totals (its link names them): a review of the position alone,
    # in the match, weighs the deal at them, and each decision's position keeps them
    assert rev.position == session.position and rev.position.totals() == before == d.position.totals()
    weigher = Totals()
    weigher.seen = []
    linked = review_position(game, session.position, rev.seats, weigher=weigher, with_match=True,
                             match_options=session.match_options)
    assert weigher.seen and all(seen == before for seen in weigher.seen)
    assert [x.position for x in linked.decisions] == [x.position for x in rev.decisions if x.index in {y.index for y in linked.decisions}]
