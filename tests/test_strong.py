"""The strong computer of the stock games (tutor/games/strong.py) and the determinized deals it
searches (tutor/games/stock/determinize.py): what a sample keeps, what it never reads, and the
player's weights against the exact solver."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tutor.games import GAMES, load
from tutor.games.contract import RandomPlayer, SeatView
from tutor.games.stock.core import Stage, StockState
from tutor.games.stock.determinize import Sampler
from tutor.games.stock.solver import solve
from tutor.games.stock.tricks import Follow
from tutor.games.strength import Weigher
from tutor.games.strong import StrongPlayer, _all_known

STOCK = [n for n in sorted(GAMES) if isinstance(load(n).deal(seed=0), StockState)]


def test_every_stock_game_is_covered():
    assert len(STOCK) == 15  # Sixty-Six, Schnapsen, the two Mariages, Tausendeins, Bezique, Chouine,
    # Briscan, Tute, Gaigel for four and three, Bondtolva for two, three and four, Marjapussi


def reached(name: str, seed: int, steps: int):
    """A deal of ``name`` played ``steps`` actions on, by the beginner and a random player in turn."""
    game = load(name)
    s = game.deal(seed=seed)
    beginner, rng = game.beginner_bot(), random.Random(seed)
    for k in range(steps):
        if s.is_over:
            break
        legal = [a for a in s.legal_actions() if str(a) not in ("claim", "capote")]
        s.apply(beginner.choose(SeatView(s, s.turn)) if k % 3 else rng.choice(legal or list(s.legal_actions())))
    return s


def positions(name: str, count: int):
    out = []
    for seed in range(count * 3):
        s = reached(name, seed, random.Random(seed).randrange(4, 80))
        if not s.is_over:
            out.append(s)
        if len(out) == count:
            break
    return out


@pytest.mark.parametrize("name", STOCK)
def test_a_sample_keeps_what_the_seat_sees(name):
    for s in positions(name, 6):
        for p in {s.to_move, (s.to_move + 1) % s.n}:
            before = s.view(p)
            sample = s.determinize(p, random.Random(p))
            assert s.view(p) == before  # the deal itself untouched
            assert sample.view(p) == before  # the seat sees the same deal
            assert Counter(sample.every_card()) == Counter(s.every_card())  # every card once, none new
            assert [len(h) for h in sample.hands] == [len(h) for h in s.hands]
            assert len(sample.stock) == len(s.stock)
            assert sample.hidden(p) == frozenset(sample.stock) | {c for q in range(s.n) if q != p
                                                                  for c in sample.hands[q] if c in sample.hidden(p)}
            # cards outside what is hidden from the seat lie where they lay
            hidden = s.hidden(p)
            for q in range(s.n):
                assert [c for c in s.hands[q] if c not in hidden] == [c for c in sample.hands[q] if c not in hidden]
            # and the sample plays on: its legal actions are those of the deal, for the seat to move
            if p == s.to_move:
                assert [str(a) for a in sample.legal_actions()] == [str(a) for a in s.legal_actions()]


@pytest.mark.parametrize("name", STOCK)
def test_the_true_deal_is_one_the_seat_may_imagine(name):
    """The rules of following read from the tricks never forbid a card where it truly lies (else
    samples would leave out the truth), and every sample keeps to them."""
    for s in positions(name, 8):
        for p in range(s.n):
            sampler = Sampler(s, p)
            for card, players in sampler.forbidden.items():
                assert not any(card in s.hands[q] for q in players), (card, players)
            for k in range(3):
                sample = sampler.sample(random.Random(k))
                for card, players in sampler.forbidden.items():
                    assert not any(card in sample.hands[q] for q in players)


def voids(s, p):
    """(player, suit) for each follower, not ``p``, who did not follow the suit led to a trick of
    the last stage where the rules bid follow suit: he has none of it left."""
    rule = s.spec.play[Stage.END]
    if rule.follow is not Follow.SUIT:
        return set()
    out = set()
    for t in s.tricks:
        if t.stage is Stage.END:
            for q, c in zip(t.players[1:], t.cards[1:]):
                if q != p and c.suit is not t.cards[0].suit:
                    out.add((q, t.cards[0].suit))
    return out


def test_voids_shown_by_following_are_kept():
    found = 0
    for name in ("sixtysix", "schnapsen", "tute", "bezique", "gaigel", "marjapussi", "bondtolva4"):
        for seed in range(40):
            s = reached(name, seed, 30 + seed % 40)
            if s.is_over:
                continue
            p = s.to_move
            shown = voids(s, p)
            for k in range(4):
                sample = s.determinize(p, random.Random(k))
                for q, suit in shown:
                    found += 1
                    assert all(c.suit is not suit for c in sample.hands[q]), (name, seed, q, suit)
    assert found > 50  # the check met many voids


def test_a_turnup_taken_stays_in_the_hand_that_took_it():
    game = load("sixtysix")
    met = 0
    for seed in range(300):
        s = game.deal(seed=seed)
        up = s.turnup
        bot = game.beginner_bot()
        while not s.is_over and s.stock:
            legal = list(s.legal_actions())
            exchange = [a for a in legal if type(a).__name__ == "Exchange"]
            s.apply(exchange[0] if exchange else bot.choose(SeatView(s, s.turn)))
            if exchange:
                taker = next(q for q in range(2) if up in s.hands[q])
                other = 1 - taker
                for k in range(5):
                    assert up in s.determinize(other, random.Random(k)).hands[taker]
                met += 1
                break
    assert met >= 10


def test_a_sample_depends_only_on_what_the_seat_sees():
    """Two deals the seat cannot tell apart (the deal and a sample of it: the same view, other
    hidden cards) give the same sample for the same rng: nothing hidden is read."""
    checked = 0
    for name in STOCK:
        for s in positions(name, 3):
            p = s.to_move
            twin = s.determinize(p, random.Random(99))
            assert twin.view(p) == s.view(p)
            a, b = s.determinize(p, random.Random(5)), twin.determinize(p, random.Random(5))
            assert a.hands == b.hands and a.stock == b.stock and a.dealt == b.dealt
            if twin.hands != s.hands or twin.stock != s.stock:
                checked += 1
    assert checked > 20  # most twins truly differ in what is hidden


def test_a_sample_does_not_keep_the_true_deal():
    s = positions("sixtysix", 1)[0]
    sample = s.determinize(0, random.Random(1))
    assert sample.dealt != s.dealt
    assert list(sample.dealt.stock) == sample.stock


@pytest.mark.parametrize("name", STOCK)
def test_the_strong_player_weighs_exactly_the_legal_actions(name):
    game = load(name)
    strong = game.strong_bot()
    assert isinstance(strong, StrongPlayer) and isinstance(strong, Weigher)
    assert game.bot("strong").__class__ is StrongPlayer
    for s in positions(name, 2):
        seat = SeatView(s, s.turn)
        legal = list(s.legal_actions())
        weights = strong.weigh(seat)
        assert Counter(str(w.action) for w in weights) == Counter(str(a) for a in legal)
        assert all(w.unit == "points" and w.samples >= 1 for w in weights)
        choice = strong.choose(seat)
        assert choice in legal
        assert strong.choose(SeatView(s, s.turn)) == choice  # the same position, the same move
        s.apply(choice)


def end_positions(count: int):
    """Two-handed positions of the last stage with every card known to the player to move (the
    stock exhausted), reached by random play in the two-handed games."""
    games = [n for n in STOCK if load(n).TYPE.players[0] == 2]
    out = []
    seed = 0
    while len(out) < count:
        name = games[seed % len(games)]
        game = load(name)
        s = game.deal(seed=f"end/{seed}")
        rng = random.Random(seed)
        seed += 1
        while not s.is_over:
            if _all_known(s) and rng.random() < 0.5:
                out.append((name, s))
                break
            legal = [a for a in s.legal_actions() if str(a) not in ("claim", "capote")] or list(s.legal_actions())
            s.apply(rng.choice(legal))
    return out


def test_exact_weights_are_the_solvers_values_on_500_end_positions():
    positions_ = end_positions(500)
    assert len({name for name, _ in positions_}) >= 8
    players = {}
    for name, s in positions_:
        strong = players.setdefault(name, load(name).strong_bot())
        solution = solve(s)
        total = sum(solution.points.values())
        ranked = strong.weigh(SeatView(s, s.turn))
        weights = {str(w.action): w for w in ranked}
        for card, mine in solution.plays.items():
            w = weights[f"play {card}"]
            assert w.mean == 2 * mine - total
            assert w.samples == 1 and w.spread == 0
            assert w.exact == (not (s.spec.declare_in_end and s.spec.melds.kinds))
        best = max(solution.plays.values())
        top = ranked[0]
        if type(top.action).__name__ == "Play":
            assert solution.plays[top.action.card] == best  # the chosen card takes the most


def test_a_claim_is_made_when_it_wins_and_never_falsely():
    game = load("sixtysix")
    strong = game.strong_bot()
    seen = Counter()
    for seed in range(30):
        s = game.deal(seed=seed)
        beginner = game.beginner_bot()
        while not s.is_over:
            legal = list(s.legal_actions())
            if s.to_move == 0 and any(str(a) == "claim" for a in legal):
                has = s.scores()["elder"] >= 66
                choice = strong.choose(SeatView(s, s.turn))
                seen[(has, str(choice) == "claim")] += 1
                s.apply(choice)
                continue
            s.apply(beginner.choose(SeatView(s, s.turn)))
    assert seen[(False, True)] == 0  # never a false claim
    assert seen[(True, True)] >= 3 and seen[(True, False)] == 0  # every winning claim made


def test_strong_beats_random_on_a_fixed_record():
    """Sixty-Six deals 0-19, the strong player as elder in even deals and younger in odd ones,
    against the seeded random player: a fixed record (both players are repeatable), with a bound
    that would fail if the strong player played no better than chance."""
    game = load("sixtysix")
    strong = game.strong_bot()
    won = 0
    for seed in range(20):
        s = game.deal(seed=f"record/{seed}")
        other = RandomPlayer(seed)
        mine = seed % 2
        while not s.is_over:
            chooser = strong if s.to_move == mine else other
            s.apply(chooser.choose(SeatView(s, s.turn)))
        won += s.outcome().winner == s.table.names[mine]
    assert won >= 18


def _broken_samples(s, conditions, knower, holds, samples: int) -> tuple[int, int]:
    """Samples of ``s`` drawn ``samples`` times for every seat but the one who knows each of
    ``conditions`` (``knower(condition)``: his own hand), and how many break it (``holds(sample,
    condition)`` false): (broken, drawn)."""
    bad = met = 0
    for p in range(s.n):
        for condition in conditions:
            if p == knower(condition):
                continue
            for k in range(samples):
                met += 1
                bad += not holds(s.determinize(p, random.Random(k)), condition)
    return bad, met


def _after_a_no(name: str, seed: int):
    """A deal of ``name`` played at random, asking whenever a question may be put, up to just after
    a partner's "no" (or None if the deal ends without one)."""
    s = load(name).deal(seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        legal = list(s.legal_actions())
        asks = [a for a in legal if str(a).startswith("ask")]
        s.apply(rng.choice(asks) if asks else rng.choice(legal))
        if s.questions and s.questions[-1][3] == "no" and type(s.history[-1]).__name__ == "Answer":
            return s
    return None


@pytest.mark.parametrize("name", ["marjapussi", "bondtolva4"])
def test_a_partners_no_holds_in_every_sample(name, monkeypatch):
    """Bondtolva for four (David Parlett's rules (b), (c)) and Marjapussi (pagat.com): a partner
    answers truly, and every card is dealt at the start, so a hand only shrinks. After a "no" to
    "a marriage?" no sample gives him (his cards then: now and played since) a marriage he could
    show; after a "no" to "hearts?" no sample gives him the card pairing the asker's half. Without
    the check (one try a sample) some samples break the answer: the test can fail."""
    from tutor.games.stock import determinize as det

    def broken(s, samples: int) -> tuple[int, int]:
        return _broken_samples(s, det._answered_no(s), lambda no: no[2], det._agrees, samples)  # (the partner knows his hand)

    found = [s for seed in range(60) if (s := _after_a_no(name, seed)) is not None]
    assert len(found) >= 5
    for s in found:
        assert all(det._agrees(s, no) for no in det._answered_no(s))  # the true deal agrees
    bad, met = (sum(x) for x in zip(*(broken(s, 8) for s in found)))
    assert met > 100 and bad == 0, (bad, met)
    monkeypatch.setattr(det, "TRIES", 1)
    det._LAST[:] = [None, None, None]
    assert sum(broken(s, 8)[0] for s in found) > 0

def _waiting_for_an_answer(name: str, seed: int):
    """A deal of ``name`` played at random, asking for a suit whenever one may be asked, up to the
    first such question still waiting for its answer (or None if the deal ends without one)."""
    s = load(name).deal(seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        legal = list(s.legal_actions())
        asks = [a for a in legal if type(a).__name__ == "AskSuit"]
        s.apply(rng.choice(asks) if asks else rng.choice(legal))
        if type(s.history[-1]).__name__ == "AskSuit":
            return s
    return None


@pytest.mark.parametrize("name", ["marjapussi", "bondtolva4"])
def test_a_question_for_a_suit_keeps_the_askers_half_in_every_sample(name, monkeypatch):
    """Bondtolva for four (David Parlett's rules (b), (c)) and Marjapussi (pagat.com): only a player
    holding the king or the queen of a suit, not both, may ask his partner for it, so every sample
    gives him one of them, and the partner, to answer, can weigh his answers (the strong player once
    failed on samples where the asker held neither, or both). Without the check (one try a sample)
    some samples break it: the test can fail."""
    from tutor.games.stock import determinize as det

    def broken(s, samples: int) -> tuple[int, int]:
        return _broken_samples(s, det._asked_halves(s), lambda asked: asked[1], det._holds_half, samples)  # (the asker knows his)

    found = [s for seed in range(40) if (s := _waiting_for_an_answer(name, seed)) is not None]
    assert len(found) >= 5
    for s in found:
        assert det._asked_halves(s) and all(det._holds_half(s, h) for h in det._asked_halves(s))  # the true deal agrees
    bad, met = (sum(x) for x in zip(*(broken(s, 8) for s in found)))
    assert met > 100 and bad == 0, (bad, met)
    strong = load(name).strong_bot()
    for s in found[:3]:
        legal = list(s.legal_actions())
        weights = strong.weigh(SeatView(s, s.turn))
        assert sorted(map(str, (w.action for w in weights))) == sorted(map(str, legal))
    monkeypatch.setattr(det, "TRIES", 1)
    det._LAST[:] = [None, None, None]
    assert sum(broken(s, 8)[0] for s in found) > 0


# -- Gaigel's "Aus!": claimed as soon as it wins ---------------------------------------------------
# Gaigel for three, deal 0, as the strong player once played it: after these moves "second" has
# 112 and may say "Aus!" (pagat.com, Gaigel: a side with 101 says "Aus!" and wins); the strong
# player then played on two more tricks, because the card points it went on taking were counted
# besides the game won.
GAIGEL3_DEAL0 = ["tauchen TD", "play JC'", "play JD", "declare pair KD QD", "play QD", "play TS", "play JS'", "play AS",
                 "play 7C'", "play KD", "play AD'", "play QS", "play TS'", "play KD'", "declare pair in trumps KS QS'",
                 "play KS", "play 7D'", "exchange 7S", "play JS", "play AS'", "play QH", "play AH",
                 "declare pair KH QH'", "play QH'", "play QS'", "play TD'", "play 7S'", "play 7C", "play JH", "play AH'",
                 "play KS'"]


def test_gaigel_aus_is_said_at_once_in_the_position_once_played_on():
    game = load("gaigel3")
    s = game.deal(seed=0)
    for text in GAIGEL3_DEAL0:
        s.apply(s.parse_action(text))
    assert s.spec.players[s.to_move] == "second" and s.side_points(s.side_of(s.to_move)) == 112
    weights = game.strong_bot().weigh(SeatView(s, s.turn))
    assert str(weights[0].action) == "claim"
    # and the claim is worth the most by the rules: a single game now (the others have tricks),
    # and no way of playing on gives "second" more than a single game
    won = s.clone()
    won.apply(weights[0].action)
    assert won.game_points()["second"] == 1


def _claim_and_play_on(s, rng):
    """The game points a winning 'Aus!' gives the side to move now, and the most that the same side
    got in random ways of playing on without claiming (an accusation of playing on left out)."""
    side = s.spec.scorers[s.side_of(s.to_move)]
    claimed = s.clone()
    claimed.apply(next(a for a in s.legal_actions() if type(a).__name__ == "Claim"))
    best = 0
    for _ in range(6):
        t = s.clone()
        t.apply(rng.choice([a for a in t.legal_actions() if type(a).__name__ not in ("Claim", "Accuse")]))
        while not t.is_over:
            legal = [a for a in t.legal_actions() if type(a).__name__ not in ("Claim", "Accuse")]
            t.apply(rng.choice(legal or list(t.legal_actions())))
        best = max(best, t.game_points().get(side, 0))
    return claimed.game_points()[side], best


@pytest.mark.parametrize("name", ["gaigel", "gaigel3"])
def test_gaigel_strong_player_never_passes_a_winning_aus(name):
    """Deals played by the strong player at every seat: wherever the side to move may say 'Aus!'
    with 101 (pagat.com, Gaigel), it does. By the engine's scoring a claim gives a single game, or
    a double one (Gigackel) if no other side has a trick; playing on can give no more (the cards
    played out give the side with most a single game, double only if nobody else took a trick),
    checked here in random continuations of each such position."""
    game = load(name)
    strong = game.strong_bot()
    rng = random.Random(7)
    met = 0
    for seed in range(5):
        s = game.deal(seed=seed)
        while not s.is_over:
            claims = [a for a in s.legal_actions() if type(a).__name__ == "Claim"]
            if claims and s.side_points(s.side_of(s.to_move)) >= s.rules.target:
                claim, played_on = _claim_and_play_on(s, rng)
                assert claim >= played_on
                met += 1
                choice = strong.choose(SeatView(s, s.turn))
                assert type(choice).__name__ == "Claim", (seed, str(choice))
                s.apply(choice)
                continue
            s.apply(strong.choose(SeatView(s, s.turn)))
    assert met >= 2


def test_tute_strong_player_never_passes_a_winning_claim():
    """Deals of Tute played by the strong player at both seats: wherever the player to move may
    claim 101 and has it (Parlett, Tute: a true claim wins the game; playing on can win no more
    than the game, and gives the other the chance to claim first), he claims."""
    game = load("tute")
    strong = game.strong_bot()
    met = 0
    for seed in range(10):
        s = game.deal(seed=seed)
        while not s.is_over:
            choice = strong.choose(SeatView(s, s.turn))
            if any(type(a).__name__ == "Claim" for a in s.legal_actions()) and s.scores()[s.table.names[s.to_move]] >= 101:
                assert type(choice).__name__ == "Claim", (seed, str(choice))
                met += 1
            s.apply(choice)
        if met >= 2:
            break  # (deals until two claims were met)
    assert met >= 2


def test_a_loss_is_not_conceded_by_a_false_claim_when_playing_on_loses_no_more():
    """Tute, match 113 of the strength benchmark, the random player at 93 and the strong one at 37
    with eight cards each: in every sample the other reaches 101 whatever is played, so a false
    claim (Parlett, Tute: a player who claims short loses the game) and every card weigh the same,
    a lost game. Conceding makes the loss certain; played on, it is only expected (the other may
    yet go wrong), so the false claim is ranked last and never chosen."""
    game = load("tute")
    match = game.match(113)
    line = ("play 5D,play 7D,play 4D,play 6S,play 4C,play 3H,play 6C,play 6D,play 2C,play KD,play QS,"
            "play 7C,play KH,play 4H,play 4S,play JD,exchange 2H,play QH,play 5H,play 2S,play QC,play AS,"
            "play 7H,play QD,play 7S,play AD,play 2D,play 3D,play 6H,play JS,play 3S,play JH,play AH,"
            "play 3C,play KC,play AC,play 5C,play 2H,play KS,play JC,play 5S")
    for text in line.split(","):
        match.apply(match.deal.parse_action(text))
    seat = SeatView(match, match.turn)
    view = seat.view()
    assert view["scores"][view["player"]] < view["target"]
    assert "claim" in [str(a) for a in seat.legal_actions()]
    weights = game.strong_bot().weigh(seat)
    assert len({w.mean for w in weights}) == 1 and weights[0].mean < 0  # every action: the same loss
    assert str(weights[-1].action) == "claim"
    assert str(game.strong_bot().choose(seat)) != "claim"


@pytest.mark.parametrize("name", STOCK)
def test_the_actions_the_rule_of_thumb_never_tries_never_end_a_deal(name):
    """The rollouts' rule of thumb (``fast_choice``) tries each action that may decide a deal on a
    copy, to make one that wins at once; it skips a close and a partner's question, which never
    end a deal at once. Every one of them met in random deals of each game leaves the deal going."""
    from tutor.games.strong import _never_ends

    game, met = load(name), 0
    for seed in range(12):
        s, rng = game.deal(seed=seed), random.Random(seed)
        while not s.is_over:
            legal = list(s.legal_actions())
            for a in legal:
                if _never_ends(type(a)):
                    trial = s.clone()
                    trial.apply(a)
                    assert not trial.is_over, f"{name} seed {seed}: {a} ended the deal"
                    met += 1
            s.apply(rng.choice([a for a in legal if str(a) not in ("claim", "capote")] or legal))
    if name in ("sixtysix", "schnapsen", "bondtolva4", "marjapussi"):
        assert met > 0  # (the games with a close or a partner's question: the test met some)


@pytest.mark.parametrize("name", sorted(n for n in GAMES if isinstance(load(n).deal(seed=0), StockState)))
def test_what_a_game_says_of_an_action_that_ends_the_deal_is_what_making_it_shows(name):
    # the rule of thumb playing samples on takes a claim (an accusation) that wins the deal now:
    # where the game answers whether one would win (_wins_now), the answer is what making it on a
    # copy shows
    from tutor.games.strong import _PLAIN, _never_ends, _wins

    answered: Counter = Counter()
    made = 0
    # a deal alone, and the first deal of a match (Tausendeins' claim of 1001 is made only there)
    for seed, state in ((k, start) for k in range(20) for start in (load(name).deal(seed=k), load(name).match(k).deal)):
        rng = random.Random(seed)
        while not state.is_over:
            legal = list(state.legal_actions())
            ending = [a for a in legal if type(a) not in _PLAIN and not _never_ends(type(a))]
            for a in ending:
                trial = state.clone()
                trial.apply_unchecked(a)
                shown = _wins(trial, state.to_move)
                known = state._wins_now(a, state.to_move)
                if known is not None:
                    answered[type(a).__name__] += 1
                    made += shown
                    assert known == shown, (seed, len(state.history), str(a))
            state.apply(rng.choice([a for a in legal if a not in ending] or legal))
    if name in ("tute", "sixtysix", "gaigel", "gaigel3", "tausendeins"):
        assert answered["Claim"] > 10, answered  # (answered at many positions)
    if name in ("tute", "sixtysix", "gaigel", "gaigel3"):
        assert made > 0, answered  # (some of them winning claims)
    if name.startswith("gaigel"):
        assert answered["Accuse"] > 0, answered


def test_tausendeins_says_whether_a_claim_of_1001_wins_as_making_it_shows():
    """Tausendeins (pagat.com, Tausendeins: a player who believes he has reached 1001 claims it and
    play stops; a false claim loses the game): from totals near 1001 the claim is answered without
    trying it on a copy, and the answer is what trying it shows, true claims among them."""
    from tutor.games.strong import _wins

    game = load("tausendeins")
    answered = {True: 0, False: 0}
    for seed in range(12):
        state = game.match(seed, standing={"first": 900 + 5 * seed, "second": 960 - 5 * seed}).deal
        rng = random.Random(seed)
        while not state.is_over:
            legal = list(state.legal_actions())
            for a in legal:
                if str(a) != "claim":
                    continue
                trial = state.clone()
                trial.apply_unchecked(a)
                known = state._wins_now(a, state.to_move)
                assert known is not None and known == _wins(trial, state.to_move), (seed, len(state.history))
                answered[known] += 1
            state.apply(rng.choice([a for a in legal if str(a) != "claim"] or legal))
    assert answered[True] > 5 and answered[False] > 5, answered


def test_the_rule_of_thumb_keeps_bondtolvas_tens():
    """Bondtolva (David Parlett, The Penguin Book of Card Games): the deal's point goes to whoever
    takes the most matadors, aces and tens, the card points (ace 4, king 3, queen 2, jack 1, ten
    nothing) only breaking a tie. Following an ace he cannot head, the rollouts' rule of thumb
    throws the jack and keeps the ten; in a game without such a rule its values are the card points."""
    from tutor.games.strong import fast_choice

    s = load("bondtolva3").deal_cards(["AS 9S AH TH KH AD TD KD", "TS JS QH JH 9H QD JD 9D", "KS QS AC TC KC QC JC 9C"])
    s.apply("AS")
    assert sorted(map(str, s.legal_actions())) == ["play JS", "play TS"]
    assert str(fast_choice(s)) == "play JS"
    sixty = load("sixtysix").deal(seed=0).spec
    assert sixty.take_value == sixty.card_value


def test_halving_weighs_the_better_half_on_the_rest_of_the_samples_in_the_same_work():
    """Tute's strong player spends its samples' work by halves (``STRONG_HALVE``): every action on
    the first half of the samples, the better half of them (by their means there) on the rest. The
    actions played out in all are as many as without halving (the same time, give or take one
    sample's actions), each kept action rests on more samples than without, and a dropped one on the
    first half alone, each weight saying on how many. Weighed again, the same position gives the
    same weights."""
    game = load("tute")
    assert game.STRONG_HALVE and not load("sixtysix").STRONG_HALVE
    seen = 0
    for seed in range(6):
        s = reached("tute", seed, 3)
        seat = SeatView(s, s.turn)
        legal = list(seat.legal_actions())
        if len(legal) <= 2 or _all_known(seat.sample(random.Random(0))):
            continue
        halving, plain = game.strong_bot(), game.strong_bot()
        plain.halve = False
        halving.trust = plain.trust = 0  # (the ranking alone: no beginner's choice kept in front)
        played: dict[str, int] = Counter()
        for player, name in ((halving, "halving"), (plain, "plain")):
            after = player._after

            def counted(*args, _after=after, _name=name, _played=played, **kw):
                _played[_name] += 1
                return _after(*args, **kw)
            player._after = counted
        weights = halving.weigh(seat)
        plain_weights = plain.weigh(seat)
        count = plain_weights[0].samples
        assert {w.samples for w in plain_weights} == {count}
        half = max(2, count // 2)
        kept = [w for w in weights if w.samples > half]
        dropped = [w for w in weights if w.samples == half]
        assert len(kept) == max(2, (len(legal) + 1) // 2) and len(kept) + len(dropped) == len(legal)
        assert weights[:len(kept)] == kept  # the actions weighed on every sample come first
        assert all(w.samples >= count for w in kept)
        assert played["plain"] - len(kept) < played["halving"] <= played["plain"] == count * len(legal)
        assert [(str(w.action), w.mean, w.samples) for w in halving.weigh(seat)] == \
            [(str(w.action), w.mean, w.samples) for w in weights]
        seen += 1
    assert seen >= 3


def test_halving_keeps_the_actions_of_the_greater_means_on_the_first_half():
    """The actions kept for the rest of the samples are those of the greatest means on the first
    half (the values of each action pair by sample, the first half shared by all): no dropped
    action's mean there is above a kept one's."""
    game = load("tute")
    player = game.strong_bot()
    for seed in range(4):
        s = reached("tute", seed, 5)
        seat = SeatView(s, s.turn)
        legal = list(seat.legal_actions())
        if len(legal) <= 2:
            continue
        rng = random.Random(seed)
        first = seat.sample(rng)
        weights, values = player._sampled(seat, first, int(seat.seat), legal, rng)
        half = min(len(v) for v in values.values())
        kept = [a for a in legal if len(values[id(a)]) > half]
        dropped = [a for a in legal if len(values[id(a)]) == half]
        assert kept and dropped
        assert min(sum(values[id(a)][:half]) for a in kept) >= max(sum(values[id(a)]) for a in dropped)
        assert all(w.samples == len(values[id(w.action)]) for w in weights)
