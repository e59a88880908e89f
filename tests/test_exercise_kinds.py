"""The kinds of exercise question that ask for a decision in play (tutor/exercises.py, made by the
games' engines): ``best`` (the card that takes the most in the last tricks, keyed by the exact
solver), ``close`` (close the stock, play on or go out, keyed by the closing trainer's weighing).
Each kind is tested on a worked position whose answer is worked out by hand from the rules (the
source named), and each key of a set is checked against the engine by another path than the one
that wrote it."""

from __future__ import annotations

import pytest

from tutor.exercises import KINDS, kinds_for, make_set
from tutor.games import load
from tutor.games.stock.actions import Claim, Close, Play
from tutor.games.stock.core import Phase, Stage
from tutor.games.stock.exercises import best_question


def _position(game, q):
    """The position a question was asked at, replayed from its deal code and moves, each checked."""
    return game.replay_actions(code=q.deal, actions=q.data["moves"])


def _points_from_here(state) -> dict[int, int]:
    """Card points each player takes from here to the end, both playing their best, by a plain
    search over the engine's own moves (every card the rules allow, the engine scoring each trick):
    another path than the solver's."""
    start = [state.card_points(p) for p in range(2)]
    bonus = state.last_trick_bonus()

    def value(s) -> tuple[int, int]:  # (player 0's points from here, player 1's)
        if s.is_over or not s.hands[0] and not s.hands[1] and not s.laid[0] and not s.laid[1]:
            got = [s.card_points(p) - start[p] for p in range(2)]
            if bonus and s.tricks:
                got[s.tricks[-1].winner] += bonus
            return got[0], got[1]
        mover = s.to_move
        best = None
        for a in s.legal_actions():
            if not isinstance(a, Play):
                continue
            t = s.clone()
            t.apply(a)
            v = value(t)
            if best is None or v[mover] > best[mover]:
                best = v
        assert best is not None
        return best

    out = {}
    for a in state.legal_actions():
        if isinstance(a, Play):
            t = state.clone()
            t.apply(a)
            out[a.card] = value(t)[state.to_move]
    return out


# -- best ---------------------------------------------------------------------------------------
def test_best_card_on_a_worked_position_of_sixty_six():
    # Sixty-Six, the stock used up: younger (on lead) holds KS QS 9S, elder AS TS JS; every card is a
    # spade. pagat.com, Sechsundsechzig (66): once the stock is exhausted the follower must follow
    # suit and win the trick if able; A 11, T 10, K 4, Q 3, J 2, 9 0; the last trick +10 (played out).
    # 30 card points and the last trick's 10 are left. By hand:
    #  - 9S: elder takes it with JS, then leads TS and AS, which younger cannot beat: younger 0.
    #  - KS: elder beats it with TS, leads JS at once (younger's QS beats it: 5) and takes the last
    #    trick with AS over 9S: younger 5 (leaving JS to the end would give younger the last trick too).
    #  - QS: elder beats with TS and leads JS, which KS beats (6); 9S then goes to AS with the last
    #    trick: younger 6 (elder leading AS first gives younger KS over JS and the last trick: 16).
    # So QS is best, for 6 of the 40.
    game = load("sixtysix")
    state = game.replay_actions(code="ss-ArVs1_dFmkcv2", actions=[
        "play 9H", "play 9D", "play JC", "play JH", "play QD", "play JD", "play QC", "play TH", "play 9C", "play TD",
        "declare marriage KH QH", "play QH", "play KC", "play KH", "play AH", "play AD", "play KD", "play AC", "play TC"])
    assert state.stage is Stage.END and state.table.seats[state.to_move].name == "younger"
    assert " ".join(map(str, state.hand(state.to_move))) == "KS QS 9S"
    q = best_question(game, state, 1)
    assert q.data["best"] == ["QS"] and q.data["points"] == 6 and q.data["left"] == 40
    assert q.data["plays"] == {"KS": 5, "QS": 6, "9S": 0}
    assert q.answer.startswith("QS: younger takes 6 of the 40 card points left")
    assert any("pagat.com" in w for w in q.working)  # the rule of play cited with its source


BEST_GAMES = [n for n in ("sixtysix", "schnapsen", "tute", "briscan") if KINDS["best"] in kinds_for(load(n))]


def test_the_best_kind_is_offered_by_the_two_handed_stock_games_only():
    assert BEST_GAMES == ["sixtysix", "schnapsen", "tute", "briscan"]
    for name in ("bondtolva3", "bondtolva4", "gaigel", "marjapussi", "piquet"):
        assert "best" not in [k.name for k in kinds_for(load(name))]


@pytest.mark.parametrize("name", BEST_GAMES)
def test_best_keys_agree_with_a_search_over_the_engine_s_own_moves(name):
    game = load(name)
    for q in make_set(game, "best", 3, 5).questions:
        state = _position(game, q)
        assert state.stage is Stage.END and state.phase in (Phase.LEAD, Phase.FOLLOW)
        assert state.table.seats[state.to_move].name == q.data["player"]
        searched = {str(c): v for c, v in _points_from_here(state).items()}
        assert searched == q.data["plays"]  # every card the rules allow, valued alike
        top = max(searched.values())
        assert set(q.data["best"]) == {c for c, v in searched.items() if v == top}
        assert q.data["points"] == top
        assert len(q.data["best"]) <= max(1, len(searched) // 2)  # a choice that matters: most cards do worse


# -- close ---------------------------------------------------------------------------------------
def test_close_on_a_worked_position_of_sixty_six():
    # Sixty-Six, trumps hearts (turn-up 9H): elder holds AH TH KH QH JH AS and has shown the royal
    # marriage (40), counted once he wins a trick. By hand, from pagat.com, Sechsundsechzig (66):
    #  - close: younger holds no trump (the only other one is the turn-up, turned down by the close),
    #    so elder's trumps and AS take all six tricks: his 41 card points and the 40 reach 66, and
    #    younger has no trick: Schwarz, 3 game points, in every arrangement of the unseen cards;
    #  - go out now: elder has 0 counted (< 66), so younger scores 2 game points;
    #  - nothing scores more than 3 game points, so closing is best unless playing on always wins 3.
    game = load("sixtysix")
    state = game.deal_cards("AH TH KH QH JH AS", "TS KS QS JS 9S AD", "9H", "TD KD QD JD 9D AC TC KC QC JC 9C")
    state.apply("declare royal marriage KH QH")
    from tutor.games.sixtysix.exercises import close_question

    q = close_question(game, state, 1, ["Elder shows the royal marriage KH QH (40)."])
    points, won = q.data["game_points"], q.data["won"]
    assert points["close"] == 3 and won["close"] == 1
    assert points["go out"] == -2 and won["go out"] == 0
    assert points["play on"] < 3
    assert q.data["choice"] == "close" and q.answer.startswith("close: +3 game points")
    assert any("Sechsundsechzig" in w for w in q.working)


CLOSE_GAMES = ["sixtysix", "schnapsen", "oldmariage"]


def test_the_close_kind_is_offered_where_the_stock_may_be_closed():
    from tutor.games import GAMES

    offering = sorted(n for n in GAMES if "close" in [k.name for k in kinds_for(load(n))])
    assert offering == sorted(CLOSE_GAMES)
    for name in offering:  # and each of them lets the player on lead close
        assert load(name).deal(seed=1).spec.may_close


@pytest.mark.parametrize("name", CLOSE_GAMES)
def test_close_keys_are_asked_where_the_choice_is_open_and_going_out_is_scored_as_the_engine_scores_it(name):
    from tutor.games.sixtysix.exercises import MARGIN

    game = load(name)
    choices = []
    for q in make_set(game, "close", 3, 2).questions:
        state = _position(game, q)
        legal = state.legal_actions()
        assert state.stage is Stage.STOCK and state.phase is Phase.LEAD and not state.trick
        assert any(isinstance(a, Close) for a in legal)
        ranked = sorted(q.data["game_points"].values(), reverse=True)
        assert q.data["game_points"][q.data["choice"]] == ranked[0] and ranked[0] - ranked[1] >= MARGIN
        if "go out" in q.data["game_points"]:  # exact: the engine's own score for going out now
            assert any(isinstance(a, Claim) for a in legal)
            me = state.table.seats[state.to_move]
            state.apply(Claim())
            gp = state.game_points()
            assert q.data["game_points"]["go out"] == gp[me.name] - gp[me.other.name]
        choices.append(q.data["choice"])
    assert set(choices) <= {"close", "play on", "go out"}


# -- Gaigel's first trick ------------------------------------------------------------------------
def _gaigel(hands: list[str], turnup: str = "KD"):
    """A deal of Gaigel for four with these hands (Vorhand first), the indicator, the rest the talon."""
    game = load("gaigel")
    pack = list(game.pack.cards)
    used = [c for h in hands for c in h.split()] + [turnup]
    stock = [c for c in pack if str(c) not in used]
    assert len(stock) == 48 - 21
    return game, game.deal_cards([h.split() for h in hands], turnup, stock)


def test_gaigel_zweite_alte_is_beaten_by_its_twin_on_a_worked_trick():
    # pagat.com, Gaigel, the first trick: Zweite Alte is a plain ace led face down, beaten only by its
    # twin; Parlett: A 11, T 10, K 4, Ober 3, Unter 2, 7 0. Vorhand leads AH down, second plays TH,
    # third the twin AH', the dealer 7S: third (Vorhand's partner) takes 11 + 10 + 11 + 0 = 32.
    from tutor.games.gaigel.exercises import opening_question

    game, state = _gaigel(["AH KS QS JS 7C", "TH TS 7S' JC QC", "AH' KC TC' 7D 7D'", "7S AS AS' QH JH"])
    hand = tuple(state.hand(0))
    for move in ("zweite-alte AH", "play TH", "play AH'", "play 7S"):
        state.apply(move)
    q = opening_question(game, state, 1, hand)
    assert (q.data["winner"], q.data["side"], q.data["points"]) == ("third", "vorhand-third", 32)
    assert q.answer == "third takes it for his side (vorhand and third), with 32 card points"
    assert any("beaten only by its twin" in w and "pagat.com" in w for w in q.working)


def test_gaigel_tauchen_goes_to_the_first_of_two_identical_cards_on_a_worked_trick():
    # Tauchen: a plain card not an ace led face down, the highest of the suit led wins (pagat.com);
    # of two identical cards the first played wins (Parlett). Vorhand leads KH down, second 7H, third
    # TC (another suit: cannot win), the dealer KH': Vorhand's KH wins, 4 + 0 + 10 + 4 = 18.
    from tutor.games.gaigel.exercises import opening_question

    game, state = _gaigel(["KH KS QS JS 7C", "7H TS 7S' JC QC", "TC AH' KC 7D 7D'", "KH' AS AS' QH JH"])
    for move in ("tauchen KH", "play 7H", "play TC", "play KH'"):
        state.apply(move)
    q = opening_question(game, state, 1)
    assert (q.data["winner"], q.data["points"]) == ("vorhand", 18)
    assert any("identical" in w for w in q.working)


@pytest.mark.parametrize("name", ["gaigel", "gaigel3"])
def test_gaigel_opening_keys_agree_with_the_engine_replaying_the_trick(name):
    from tutor.games.gaigel.state import POINTS

    game = load(name)
    seen = set()
    for q in make_set(game, "opening", 6, 3).questions:
        state = game.replay_actions(code=q.deal, actions=q.data["moves"])
        trick = state.tricks[0]
        assert [str(c) for c in trick.cards] == q.data["cards"]
        assert state.table.seats[trick.winner].name == q.data["winner"]
        assert sum(POINTS.get(c.rank, 0) for c in trick.cards) == q.data["points"]
        assert sum(state.card_points(p) for p in range(state.n)) == q.data["points"]
        seen.add(q.data["opening"])
    assert seen == {"ge-elfen", "tauchen", "zweite-alte"}  # a set asks about each opening


# -- Tute's claim of 101 ---------------------------------------------------------------------------
TUTE_MOVES = ["play 2D", "play 2H", "declare las cuarenta KC QC", "play 5H", "play 4D", "play JD", "play 6H", "play 2S",
              "play 7H", "declare marriage KH QH", "play JH", "play QS", "play 5S", "play 3H", "play 6D", "play 4H",
              "play 7S", "play AD", "play QH", "play JS", "play KD", "play KS"]


def test_tute_claim_on_a_worked_deal():
    # Tute Habanero, trumps clubs. Parlett, Tute: as 11, tres 10, rey 4, caballo 3, sota 2, the rest 0;
    # a marriage sung 20, 40 in trumps; a claim of 101 wins if true, loses if not. Elder's ten tricks:
    # 2D 2H 0, 5H 4D 0, JD 6H 2, 2S 7H 0, JH QS 5, 5S 3H 10, 6D 4H 0, 7S AD 11, QH JS 5, KD KS 8 = 41,
    # with las cuarenta (40) and the marriage in hearts (20): 101 exactly, so his claim now wins.
    from tutor.games.tute.exercises import claim_question

    game = load("tute")
    state = game.replay_actions(code="tu-EJjdyR7BfYzxTJrJwACUnU_T", actions=TUTE_MOVES)
    q = claim_question(game, state, 1)
    assert (q.data["player"], q.data["total"], q.data["claim"]) == ("elder", 101, True)
    assert q.answer.startswith("claim: elder has 101")
    assert len(q.cards) == 10  # the tricks he won, to count
    # one trick fewer (before KD KS, worth 8): 93, and the claim would lose
    short = game.replay_actions(code="tu-EJjdyR7BfYzxTJrJwACUnU_T", actions=TUTE_MOVES[:-2])
    q = claim_question(game, short, 1)
    assert (q.data["total"], q.data["claim"]) == (93, False)
    assert q.answer.startswith("do not claim: elder has 93")


def test_tute_claim_keys_are_what_the_engine_rules_when_the_claim_is_made():
    game = load("tute")
    answers = []
    for q in make_set(game, "claim", 6, 4).questions:
        state = game.replay_actions(code=q.deal, actions=q.data["moves"])
        assert state.table.seats[state.to_move].name == q.data["player"]
        state.apply(Claim())
        assert state.is_over and (state.ending["winner"] == q.data["player"]) == q.data["claim"]
        assert state.ending["how"] == ("claim" if q.data["claim"] else "false claim")
        answers.append(q.data["claim"])
    assert answers == [False, True] * 3  # a set asks both ways round


# -- partner questions -----------------------------------------------------------------------------
BONDTOLVA4 = ("b4-cM72tS6M7", [])  # elder KS TH KH 9H TC 9C; third TS QS JS QH QD QC
MARJAPUSSI = ("mp-DfIvEBpJyGnTs", ["play AD", "play 6D", "play 7D", "play QD"])  # third AS KS QS 8S QH 9D AC JC
def _partner_position(name: str, code: str, moves: list[str]):
    game = load(name)
    return game, game.replay_actions(code=code, actions=moves)


def test_bondtolva_partner_pairs_the_askers_king_on_a_worked_deal():
    # Bondtolva for four (Parlett, Bondtolva for 3-4 players): holding one card of a marriage, the
    # leader may ask his partner to pair it; the partner answers truly; the first marriage ('trump')
    # scores 2 and makes its suit trumps (Parlett, Bondtolva), and the asker leads the card paired.
    # Elder holds KS and asks "Spades?"; his partner third holds QS: yes, 2 for elder-third, spades
    # trumps, elder leads KS.
    from tutor.cards import Suit
    from tutor.games.bondtolva.actions import AskSuit
    from tutor.games.bondtolva.exercises import partner_question

    game, state = _partner_position("bondtolva4", *BONDTOLVA4)
    q = partner_question(game, state, AskSuit(Suit.SPADES), 1)
    assert " ".join(map(str, state.hand(0))) == "KS TH KH 9H TC 9C"
    assert " ".join(map(str, state.hand(2))) == "TS QS JS QH QD QC"
    assert (q.data["asker"], q.data["partner"], q.data["answers"]) == ("elder", "third", ["yes"])
    effect = q.data["effects"]["yes"]
    assert effect["trump"] == "spades" and effect["must_lead"] == "KS"
    assert effect["scores"]["elder-third"] - state.scores()["elder-third"] == 2


def test_marjapussi_partner_names_the_marriage_he_holds_on_a_worked_deal():
    # Marjapussi (pagat.com): the trick's winner may ask his partner for a marriage; the partner names
    # one he holds; the marriage that makes trumps scores 2. Forehand asks; third holds KS QS (and QH
    # without KH, so no other): he must show KS QS, 2 for forehand-third, spades trumps.
    from tutor.games.bondtolva.actions import Ask
    from tutor.games.bondtolva.exercises import partner_question

    game, state = _partner_position("marjapussi", *MARJAPUSSI)
    assert " ".join(map(str, state.hand(2))) == "AS KS QS 8S QH 9D AC JC"
    q = partner_question(game, state, Ask(), 1)
    assert (q.data["asker"], q.data["partner"], q.data["answers"]) == ("forehand", "third", ["show KS QS"])
    effect = q.data["effects"]["show KS QS"]
    assert effect["trump"] == "spades"
    assert effect["scores"]["forehand-third"] - state.scores()["forehand-third"] == 2


@pytest.mark.parametrize("name", ["bondtolva4", "marjapussi"])
def test_partner_keys_are_the_true_answers_by_the_cards_held(name):
    from tutor.cards import Card, Rank

    game = load(name)
    asked = set()
    for q in make_set(game, "partner", 6, 2).questions:
        state = game.replay_actions(code=q.deal, actions=q.data["moves"])
        asker = state.to_move
        state.apply(q.data["ask"])
        mate = state.to_move
        held = set(state.hand(mate))
        shown = {c for m in state.melds for c in m.cards} if hasattr(state, "melds") else set()
        if q.data["ask"] == "ask":  # a marriage he holds (not one shown already), else no
            pairs = [f"show {Card.of(Rank.KING, s)} {Card.of(Rank.QUEEN, s)}" for s in {c.suit for c in held}
                     if {Card.of(Rank.KING, s), Card.of(Rank.QUEEN, s)} <= held - shown]
            assert sorted(q.data["answers"]) == (sorted(pairs) or ["no"])
        else:  # the card that pairs the asker's king or queen: yes if the partner holds it
            suit = next(c.suit for c in state.hand(asker) if c.suit.noun == q.data["ask"].split()[1] and c.rank in (Rank.KING, Rank.QUEEN))
            mine = next(c for c in state.hand(asker) if c.suit is suit and c.rank in (Rank.KING, Rank.QUEEN))
            other = Card.of(Rank.QUEEN if mine.rank is Rank.KING else Rank.KING, suit)
            assert q.data["answers"] == ["yes" if other in held else "no"]
        for a in q.data["answers"]:  # each true answer is accepted by the engine
            state.clone().apply(a)
        asked.add(q.data["ask"] == "ask")
    assert asked == {True, False}  # both questions asked in a set


def test_close_at_the_last_chance_is_keyed_exactly_over_every_arrangement():
    # Schnapsen (pagat.com, Schnapsen), trumps hearts, the jack exchanged for the turn-up: elder has
    # 62 (the royal marriage among them), younger no trick; one card is left in the stock. Elder holds
    # TS TH KH TC KC; unseen are AS AH AD TD KD AC, one of them in the stock. By hand: closed, the
    # only trump elder may meet is AH, and he holds TH and KH, so he takes a trick (at least 4) before
    # younger can come near 66; a closer who goes out scores 3 if the other had no trick when he
    # closed: +3 in every arrangement, and nothing scores more.
    from tutor.games.sixtysix.exercises import close_question, exact_weighing, last_chance

    game = load("schnapsen")
    state = game.replay_actions(code="sn-kLV3Z4zxmD", actions=[
        "play JS", "play QD", "play JC", "play QS", "play JD", "play QC", "exchange JH", "declare royal marriage KH QH",
        "play QH", "play KS"])
    assert last_chance(state) and state.scores() == {"elder": 62, "younger": 0}
    w = exact_weighing(state)
    assert sorted(str(a[1][0]) for a in w.arrangements) == sorted("AS AH AD TD KD AC".split())  # each card in the stock once
    assert all(len(a[0]) == 5 for a in w.arrangements)
    assert w.get("close").game_points == 3 and w.get("close").won == 1
    assert w.get("play on").game_points < 3
    q = close_question(game, state, 3, None, w)
    assert q.data["choice"] == "close" and "exact: every one of the 6 arrangements" in q.working[-1]


def test_every_third_close_question_is_at_the_last_chance_and_keyed_exactly():
    from tutor.games.sixtysix.exercises import last_chance

    game = load("sixtysix")
    ex = make_set(game, "close", 3, 8)
    q = ex.questions[2]
    state = _position(game, q)
    assert last_chance(state) and q.working[-1].startswith("weighed: exact")
    assert all(not p.working[-1].startswith("weighed: exact") for p in ex.questions[:2])
