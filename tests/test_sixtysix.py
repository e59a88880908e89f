"""Sixty-Six, after pagat.com's rules of Sechsundsechzig (66): each scoring rule from pagat's text and
its table of game points, checked on deals composed by hand, and on random deals against an
oracle written here from the table alone (not from the engine)."""

from __future__ import annotations

import random

import pytest

from tutor.cards import PACKS, Rank
from tutor.errors import IllegalActionError
from tutor.games import load
from tutor.games.sixtysix import SixtySix, SixtySixRules
from tutor.games.stock.actions import Claim, Close, Declare, Exchange, Play

PAGAT_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0}

# A composed deal (spades trumps): elder holds the trump nine and the marriage in hearts.
ELDER, YOUNGER, TURNUP = "AH TH KH QH 9S JD", "AS TS KC QC JC 9C", "JS"
STOCK = "KS QS AD TD KD QD 9D JH 9H AC TC"


def deal(**rules):
    return SixtySix(SixtySixRules(**rules)).deal_cards(ELDER, YOUNGER, TURNUP, STOCK)


def play(state, *actions):
    for a in actions:
        state.apply(a)
    return state


def test_the_pack_counts_120_and_the_last_trick_makes_130():
    # pagat: A 11, T 10, K 4, Q 3, J 2 in four suits (exact: 4 x 30 = 120), and 10 for the last
    # trick when the cards are played out: a played-out deal with no marriage scored shares 130.
    assert sum(PAGAT_POINTS.get(c.rank, 0) for c in PACKS["pack24"].cards) == 120
    game = load("sixtysix")
    seen = 0
    for seed in range(200):
        s = game.deal(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            legal = [a for a in s.legal_actions() if not isinstance(a, (Claim, Close, Declare))]
            s.apply(rng.choice(legal))
        if s.ending["how"] in ("played-out", "drawn"):
            assert sum(s.scores().values()) == 130
            seen += 1
    assert seen == 200


def test_a_marriage_shown_before_a_trick_counts_with_the_first_trick():
    # pagat: the marriage's points count only if its maker wins a trick, before or after
    s = play(deal(), "declare marriage KH QH", "play QH")
    assert s.scores()["elder"] == 0 and s.view(1)["waiting"] == [("elder", "marriage KH QH")]
    play(s, "play 9C")  # elder's queen wins
    steps = [(st.category, st.points) for st in s.explanation()]
    assert steps == [("cards", 3), ("marriage", 20)] and s.scores()["elder"] == 23


def test_a_marriage_whose_maker_never_takes_a_trick_never_counts():
    s = play(deal(), "declare marriage KH QH", "play KH", "play AS")  # younger trumps it
    assert s.scores() == {"elder": 0, "younger": 15}
    # younger leads and goes out at once? He has 15: a false claim gives elder 2 (pagat)
    play(s, "claim")
    assert s.ending["winner"] == "elder" and s.ending["game_points"] == 2
    assert s.scores()["elder"] == 0, "the marriage never counted: elder took no trick"


def test_the_nine_exchange_needs_a_trick_won_and_is_refused_with_pagats_rule():
    s = deal()
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="pagat.com"):
        s.apply("exchange 9S")
    assert s.to_json() == before
    play(s, "play AH", "play 9C")  # elder wins a trick and leads again
    assert Exchange(s.spec.pack.parse_hand("9S", 1, "card")[0]) in list(s.legal_actions())
    play(s, "exchange 9S")
    assert s.turnup.rank is Rank.NINE and "JS" in str(s.hand(0))


def test_going_out_is_only_just_after_a_trick_won_or_a_marriage():
    s = deal()
    assert s.why_illegal("claim") is not None and "pagat" in s.why_illegal("claim")
    play(s, "declare marriage KH QH")
    assert s.why_illegal("claim") is None  # just after showing a marriage


@pytest.mark.parametrize("rules, allowed", [({}, False), ({"marriages_at_the_end": True}, True)])
def test_marriages_once_the_stock_is_closed(rules, allowed):
    # pagat: no marriage after a close (the closer may show one just before); Santase allows it
    s = play(deal(**rules), "close")
    assert s.stage.value == "end"
    assert (s.why_illegal("declare marriage KH QH") is None) is allowed


def test_closing_makes_the_play_strict_at_once_and_gives_no_last_trick_ten():
    s = play(deal(), "close", "play AH")
    # younger holds no heart: he must trump (pagat: follow, else trump)
    assert sorted(str(a) for a in s.legal_actions()) == ["play AS", "play TS"]
    rng = random.Random(1)
    while not s.is_over:
        s.apply(rng.choice([a for a in s.legal_actions() if not isinstance(a, Claim)]))
    assert all(st.category != "last trick" for st in s.explanation())


def test_at_a_close_the_other_takes_the_turn_up_for_his_nine():
    # pagat: the moment the opponent closes, a player holding the trump nine may exchange it
    s = SixtySix().deal_cards(YOUNGER, ELDER, TURNUP, STOCK)  # younger now holds 9S
    play(s, "close")
    assert s.turnup.rank is Rank.NINE and "JS" in str(s.hand(1))
    assert [(st.player, st.category, st.points) for st in s.explanation()] == [("younger", "exchange", 0)]


# -- the game points, by an oracle written from pagat's table ----------------------------------------
def _expected(s):
    """(winner, game points) by pagat's table, from the raw deal: the cards each took, the marriages
    shown, who closed and when, and whether the last action was a claim."""
    who = ("elder", "younger")
    tricks = [t.winner for t in s.tricks]
    took = [sum(PAGAT_POINTS.get(c.rank, 0) for t in s.tricks if t.winner == p for c in t.cards) for p in (0, 1)]
    for m in s.melds:
        if m.player in tricks:
            took[m.player] += m.kind.value
    closed = next((i for i, a in enumerate(s.history) if isinstance(a, Close)), None)
    closer = at_close = None
    if closed is not None:  # the closer is the player on lead: the winner of the last trick before it
        done = sum(isinstance(a, Play) for a in s.history[:closed]) // 2
        closer = s.tricks[done - 1].winner if done else 0
        at_close = tricks[:done].count(1 - closer)
    played_out = len(tricks) == len(s.spec.pack) // 2  # every card played
    if played_out and closed is None:
        took[tricks[-1]] += 10

    def scale(loser):
        return 3 if loser not in tricks else 2 if took[loser] < 33 else 1

    if isinstance(s.history[-1], Claim):
        p = s.to_move  # the claimant (the turn stays with him when the hand ends)
        if took[p] >= 66:
            if closer is not None and closer != p:
                return who[p], 2
            return who[p], scale(1 - p)
        if closer == p:
            return who[1 - p], 3 if at_close == 0 else 2
        return who[1 - p], 2
    if closer is not None:
        if took[closer] >= 66 and tricks[-1] == closer:
            return who[closer], scale(1 - closer)
        return who[1 - closer], 3 if at_close == 0 else 2
    if took[0] == took[1]:
        return None, 0
    w = 0 if took[0] > took[1] else 1
    return who[w], scale(1 - w)


@pytest.mark.parametrize("name", ["sixtysix", "oldmariage"])  # Old Mariage is scored as at Sixty-Six (Parlett)
def test_every_random_deal_is_scored_by_pagats_table(name):
    game = load(name)
    kinds = set()
    for seed in range(400):
        s = game.deal(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            legal = list(s.legal_actions())
            # claim and close now and then, as players do, so that every row of the table comes up
            claims = [a for a in legal if isinstance(a, Claim)]
            if claims and (s.scores()[("elder", "younger")[s.to_move]] >= 66 or rng.random() < 0.05):
                s.apply(claims[0])
                continue
            s.apply(rng.choice([a for a in legal if not isinstance(a, Claim)] or legal))
        assert (s.ending["winner"], s.ending["game_points"]) == _expected(s), (seed, s.ending)
        kinds.add((s.ending["how"], s.ending["game_points"]))
    # the rows met: out with 1, 2 and 3; false claims; closers failing with 2 and 3; played out
    assert {("claim", 1), ("claim", 2), ("false claim", 2), ("closer failed", 2), ("played-out", 1)} <= kinds


def test_sixty_five_all_is_a_draw_and_the_same_dealer_deals_again():
    # pagat: equal totals when played out score nothing, and the same dealer deals again
    game = load("sixtysix")
    for seed in range(3000):
        s = game.deal(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            s.apply(rng.choice([a for a in s.legal_actions() if not isinstance(a, (Claim, Close))]))
        if s.scores()["elder"] == s.scores()["younger"]:
            assert s.ending["winner"] is None and s.ending["game_points"] == 0
            assert s.outcome().winner is None
            break
    else:  # pragma: no cover - a draw comes up within the first few hundred seeds
        pytest.fail("no 65-all deal found")


def test_the_match_goes_to_seven_and_the_winner_of_a_hand_deals_the_next():
    game = load("sixtysix")
    match = game.play_out(game.match(5))
    assert max(match.standing().values()) >= 7
    sheet = match.sheet()
    for before, after in zip(sheet, sheet[1:]):
        winners = [k for k, v in before["credited"].items() if v]
        assert after["dealer"] == (winners[0] if winners else before["dealer"])


def test_the_computer_beats_a_random_player():
    from tutor.games.contract import RandomPlayer
    from tutor.session import SeatView

    game = load("sixtysix")
    bot, rnd, won = game.bot(), RandomPlayer(7), 0
    for seed in range(60):
        s = game.deal(seed=seed)
        bot_seat = seed % 2
        while not s.is_over:
            chooser = bot if s.to_move == bot_seat else rnd
            s.apply(chooser.choose(SeatView(s, s.turn)))
        won += s.ending["winner"] == ("elder", "younger")[bot_seat]
    assert won > 40, f"the computer won only {won} of 60 hands"


def test_the_family_table_reads_each_registered_game_of_the_family():
    from tutor.games import GAMES
    from tutor.games.stock.family import COLUMNS, family_rows

    rows = {r[0]: dict(zip(COLUMNS, r)) for r in family_rows("Sixty-Six")}
    assert set(rows) == {cls.TYPE.title for cls in GAMES.values() if cls.TYPE.family == "Sixty-Six"}
    assert rows["Sixty-Six"]["pack"] == "24 cards" and rows["Schnapsen"]["pack"] == "20 cards"
    assert rows["Sixty-Six"]["last trick"] == "10 more" and rows["Schnapsen"]["last trick"] == "nothing more"
    assert "nine" in rows["Sixty-Six"]["exchange"] and "knave" in rows["Schnapsen"]["exchange"]
    assert "none in the last stage" in rows["Sixty-Six"]["declarations"]
    assert "none in the last stage" not in rows["Schnapsen"]["declarations"]


def test_the_family_table_says_jack_as_the_chapters_do():
    from tutor.games.stock.family import family_table

    table = family_table("Sixty-Six")
    assert "jack of trumps" in table and "knave" not in table


def test_the_play_prompt_offers_the_nine_exchange_only_when_the_engine_allows_it():
    """pagat.com, Sixty-Six: the nine of trumps may be exchanged by a player on lead who has already
    won a trick. The table's prompt offers the exchange exactly when it is a legal action: never on
    the first lead, even to a reader holding the nine."""
    from tutor.table import seat_view, table_session

    offered = refused = 0
    for seed in range(60):
        s = table_session(load("sixtysix"), seed)
        me = int(s.match.seat_of("first"))
        for _ in range(30):
            if s.is_over or s.between_deals:
                break
            if s.state.to_move == me and not s.state.trick:
                may = any(isinstance(a, Exchange) for a in s.legal_actions())
                prompt = seat_view(s).prompt
                assert ("exchange" in prompt) == may, prompt
                holds_nine = any(c.rank.value == "9" and c.suit is s.state.trump for c in s.state.hand(me))
                offered += may
                refused += holds_nine and not may
            s.act(next(str(a) for a in s.legal_actions() if str(a).startswith("play")))
    assert offered and refused, (offered, refused)


# -- closing before drawing (pagat.com, Sechsundsechzig, closing: before or after drawing) -------------
def _accepted_is_listed(state):
    """Both ways, for every action a reader could write here: accepted if and only if listed."""
    listed = {str(a) for a in state.legal_actions()}
    held = [str(c) for h in state.hands for c in h]
    for text in ["close", "draw", "claim", *(f"play {c}" for c in held)]:
        assert (state.why_illegal(text) is None) == (text in listed), (text, state.history, listed)


def test_by_default_the_winner_draws_at_once_and_closes_only_on_lead():
    s = deal()
    play(s, "play AH", "play 9C")  # elder takes the trick and draws at once
    assert s.phase.value == "lead" and len(s.hands[0]) == 6
    assert "draw" not in {str(a) for a in s.legal_actions()}


def test_with_the_option_the_winner_of_a_trick_may_close_before_drawing():
    """pagat.com: the player to lead may close after winning a trick, before drawing (five cards
    each), or after drawing (six). Elder wins the first trick; before he draws he closes: nobody
    draws, he holds five cards and leads, strict play."""
    s = deal(close_before_drawing=True)
    play(s, "play AH", "play 9C")
    assert s.phase.value == "declare" and {str(a) for a in s.legal_actions()} == {"close", "draw"}
    _accepted_is_listed(s)
    stock = len(s.stock)
    play(s, "close")
    assert s.closed_by == 0 and len(s.stock) == stock and len(s.hands[0]) == len(s.hands[1]) == 5
    assert s.phase.value == "lead" and s.turn.name == "elder" and s.stage.value == "end"
    _accepted_is_listed(s)
    assert "close" not in {str(a) for a in s.legal_actions()}


def test_with_the_option_the_last_chance_to_close_is_after_the_sixth_trick_before_the_last_draw():
    """pagat.com: the last chance to close is right after the sixth trick, before the last two cards
    (the last face-down card and the turn-up) are drawn."""
    for seed in range(30):
        s = load("sixtysix", close_before_drawing=True).deal(seed=seed)
        while len(s.tricks) < 6 and not s.is_over:
            _accepted_is_listed(s)
            s.apply(next(a for a in s.legal_actions() if str(a) not in ("close", "claim") and not str(a).startswith("declare")))
        if s.is_over:
            continue
        assert s.phase.value == "declare" and len(s.stock) == 1 and s.turnup is not None
        assert "close" in {str(a) for a in s.legal_actions()}
        after = s.clone().apply("draw")
        assert "close" not in {str(a) for a in after.legal_actions()} and after.why_illegal("close") is not None
        _accepted_is_listed(after)
        s.apply("close")
        assert s.closed_by == s.tricks[-1].winner and len(s.hands[0]) == len(s.hands[1]) == 5
        return
    raise AssertionError("no deal reached the sixth trick")


def test_the_option_refuses_a_close_by_the_loser_of_the_trick_and_names_pagat():
    s = deal(close_before_drawing=True)
    play(s, "play AH", "play 9C")
    s2 = deal()
    why = s2.why_illegal("close")  # elder on lead at the start: allowed; younger is never to move at the moment
    assert why is None
    play(s, "draw")
    assert s.phase.value == "lead" and s.why_illegal("close") is None  # after drawing too, on lead
    play(s, "play TH")
    why = s.why_illegal("close")
    assert why is not None and "before he draws" in why and "pagat" in why


def test_a_match_with_the_option_is_played_out_by_the_computer():
    game = load("sixtysix", close_before_drawing=True)
    m = game.play_out(game.match(5))
    assert m.is_over and any(str(a) == "draw" for a in m.history)
