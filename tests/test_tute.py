"""Tute Habanero, as David Parlett's Penguin Book of Card Games gives it ("Parlett" below), with
pagat.com's Tute and ludoteka.com's Havanian tute as options: each rule on composed deals, and
random deals reckoned here from the raw play by the book's table of card values."""

from __future__ import annotations

import random
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cards import SPANISH_PACK, Card, Hand, Rank, Suit, parse_spanish_cards
from tutor.errors import IllegalActionError, NotationError
from tutor.games import load
from tutor.games.stock.core import Stage
from tutor.games.tute import TuteBot, TuteMatch
from tutor.games.tute.state import TuteDeal
from tutor.session import SeatView

# Parlett's table: A 3 K Q J 7 6 5 4 2 count 11 10 4 3 2 0 0 0 0 0
PARLETT_POINTS = dict(zip("A 3 K Q J 7 6 5 4 2".split(), (11, 10, 4, 3, 2, 0, 0, 0, 0, 0)))


def pts(card: Card) -> int:
    return PARLETT_POINTS[card.rank.value]


def compose(elder: str, younger: str, turnup: str, stock: str = "", **rules) -> TuteDeal:
    """A deal with the hands and turn-up given and the stock starting with ``stock``, the rest of
    the pack after it in the pack's order."""
    used = set(Hand(elder)) | set(Hand(younger)) | {Card(turnup)} | set(Hand(stock))
    rest = [c for c in SPANISH_PACK if c not in used]
    return load("tute", **rules).deal_cards(elder, younger, turnup, " ".join(map(str, [*Hand(stock), *rest])))


def play(s: TuteDeal, *actions: str) -> TuteDeal:
    for a in actions:
        s.apply(a)
    return s


def test_the_pack_counts_120_and_the_last_trick_10_more():
    # Parlett: the values above, 10 for the last trick: 4 x (11+10+4+3+2) = 120, 130 in a deal
    assert sum(pts(c) for c in SPANISH_PACK) == 120
    s = load("tute").deal(seed=0)
    assert {r: v for r, v in s.spec.card_points.items() if v} == {
        Rank.ACE: 11, Rank.THREE: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
    assert [r.value for r in s.spec.order.ranks] == "A 3 K Q J 7 6 5 4 2".split()


def test_eight_each_one_at_a_time_and_the_turn_up_under_the_stock():
    # Parlett: deal eight each in ones, turn the next for trump; the rest (23 and the turn-up) is the stock
    s = load("tute").deal(seed=1)
    order = SPANISH_PACK.shuffled(1)
    assert set(s.hand(0)) == set(order[0:16:2]) and set(s.hand(1)) == set(order[1:16:2])
    assert s.turnup is order[16] and s.trump is order[16].suit and len(s.stock) == 23
    assert s.view(0)["stock"] == 24  # the turn-up is drawn last, as the stock's last card


def test_a_trump_lead_must_be_answered_with_a_trump_while_the_stock_lasts():
    # Parlett: "Second to a trick must follow suit if a trump is led, but otherwise may play any card"
    s = compose("AD 3D KC QC JC 7C 6C 5C", "2D AS 3S KS QS JS 7S 6S", "4D")
    s.apply("play AD")
    assert [str(a) for a in s.legal_actions() if str(a).startswith("play")] == ["play 2D"]
    with pytest.raises(IllegalActionError, match="Parlett"):
        s.apply("play AS")
    s = compose("AC 3D KC QC JC 7C 6C 5C", "2D AS 3S KS QS JS 7S 6S", "4D")
    s.apply("play AC")  # a plain lead: anything may be played
    assert {str(a) for a in s.legal_actions() if str(a).startswith("play")} == {f"play {c}" for c in s.hand(1)}


def test_a_player_who_cannot_answer_trumps_shows_his_hand_until_he_draws_a_trump():
    # Parlett: "you must lay your cards face up on the table and keep them there until you draw a trump"
    s = compose("AD 3D KC QC JC 7C 6C 5C", "AS 3S KS QS JS 7S 6S 5S", "4D", stock="2C 4C 5D 2D")
    s.apply("play AD")
    s.apply("play 5S")
    assert s.exposed == [False, True]
    for seat in (0, 1):  # every seat's view shows it, and nothing of it is hidden from elder
        assert s.view(seat)["exposed"]["younger"] == s.hand(1)
    assert not set(s.hand(1)) & s.hidden(0)
    # elder won and drew 2C, younger 4C: no trump, still face up
    assert s.exposed == [False, True] and Card("4C") in s.hand(1)
    play(s, "play 5C", "play 6S")
    # elder draws 5D, younger 2D, a trump: he takes his hand up
    assert Card("2D") in s.hand(1) and s.exposed == [False, False]
    assert s.view(0)["exposed"]["younger"] is None and set(s.hand(1)) <= s.hidden(0)
    steps = [st.text for st in s.explanation() if st.category == "face up"]
    assert steps == ["has no trump to answer the trump lead: lays his hand face up",
                     "draws a trump and takes his hand up again"]


@pytest.mark.parametrize("stock_play, duty, exposed", [("trumps", True, False), ("free", False, False)])
def test_the_other_readings_of_the_stock(stock_play, duty, exposed):
    # ludoteka.com, Havanian tute: the one duty is a trump for a trump lead, no face-up hand;
    # pagat.com, Tute (corriente, habanero): no duty at all while the stock lasts
    s = compose("AD 3D KC QC JC 7C 6C 5C", "2D AS 3S KS QS JS 7S 6S", "4D", stock_play=stock_play)
    s.apply("play AD")
    plays = [str(a) for a in s.legal_actions() if str(a).startswith("play")]
    assert (plays == ["play 2D"]) is duty
    s = compose("AD 3D KC QC JC 7C 6C 5C", "AS 3S KS QS JS 7S 6S 5S", "4D", stock_play=stock_play)
    play(s, "play AD", "play 5S")
    assert s.exposed[1] is exposed


def test_the_seven_takes_a_turned_up_sota_or_better_only_after_a_trick_won():
    # Parlett: "If the turn-up is a Jack or higher, you may take it in exchange for the Seven, but not
    # before you have won a trick"
    s = compose("7D AC KC QC JC 6C 5C 4C", "AS 3S KS QS JS 7S 6S 5S", "JD")
    assert not any(str(a).startswith("exchange") for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match="won a trick"):
        s.apply("exchange 7D")
    play(s, "play AC", "play 5S")  # elder wins and draws
    assert "exchange 7D" in [str(a) for a in s.legal_actions()]
    s.apply("exchange 7D")
    assert Card("JD") in s.hand(0) and s.turnup is Card("7D")


def test_the_two_takes_a_seven_and_by_the_option_a_four_five_or_six():
    # Parlett: a turned-up Seven "you may take in exchange for the Two"; pagat.com and ludoteka.com:
    # also a four, five or six; Parlett names only the seven
    for up, allowed_default, allowed_strict in [("7D", True, True), ("5D", True, False), ("4D", True, False),
                                                ("6D", True, False)]:
        for low, allowed in [(True, allowed_default), (False, allowed_strict)]:
            s = compose("2D AC KC QC JC 6C 5C 4C", "AS 3S KS QS JS 7S 6S 5S", up, low_exchange=low)
            play(s, "play AC", "play 5S")
            assert ("exchange 2D" in [str(a) for a in s.legal_actions()]) is allowed, (up, low)
            if not allowed:
                with pytest.raises(IllegalActionError, match=f"turn-up {up}"):
                    s.apply("exchange 2D")
    s = compose("7D AC KC QC JC 6C 5C 4C", "AS 3S KS QS JS 7S 6S 5S", "2D")
    play(s, "play AC", "play 5S")  # a turned-up two: nothing is exchanged for it
    assert not any(str(a).startswith("exchange") for a in s.legal_actions())


def test_a_cante_is_shown_by_the_winner_of_a_trick_one_a_trick_and_is_not_led():
    # Parlett: "Before leading, the previous trick-winner may show and score for a marriage ... 20, or
    # 40 in trumps ... only one may be declared per trick"
    s = compose("KD QD KC QC AH 6C 5C 4C", "AS 3S KS QS JS 7S 6S 5S", "2D")
    with pytest.raises(IllegalActionError, match="just won a trick"):
        s.apply("declare KD QD")  # the first lead follows no trick
    play(s, "play AH", "play 5S")
    s.apply("declare las cuarenta KD QD")
    assert s.scores()["elder"] == 11 + 40
    with pytest.raises(IllegalActionError, match="one a trick"):
        s.apply("declare marriage KC QC")
    s.apply("play 4C")  # no duty to lead the singer's cards
    s.apply("play 6S")
    s.apply("declare marriage KC QC")
    assert [(st.category, st.points) for st in s.explanation() if st.category != "cards"] == [
        ("las cuarenta", 40), ("marriage", 20)]


def test_a_tute_wins_the_game_outright_and_the_option_drops_it():
    # Parlett: "A tute is all four Kings or all four Queens, and wins the game outright"
    s = compose("KD KH KS KC AC 6C 5C 4C", "AS 3S QS JS 7S 6S 5S 4S", "2D")
    play(s, "play AC", "play 4S", "declare tute of kings KD KH KS KC")
    assert s.is_over and s.ending["winner"] == "elder" and s.ending["how"] == "tute"
    assert s.outcome().winner == "elder" and "wins the game outright" in s.outcome().reason
    # ludoteka.com, Havanian tute: "There is no option to chant Tute"
    s = compose("KD KH KS KC AC 6C 5C 4C", "AS 3S QS JS 7S 6S 5S 4S", "2D", tute=False)
    play(s, "play AC", "play 4S")
    assert not any("tute" in str(a) for a in s.legal_actions())
    with pytest.raises(IllegalActionError):
        s.apply("declare KD KH KS KC")


def _to_last_eight(s: TuteDeal, rng: random.Random) -> TuteDeal:
    while s.stage is Stage.STOCK and not s.is_over:
        legal = [a for a in s.legal_actions() if str(a) not in ("claim",) and not str(a).startswith("declare tute")]
        s.apply(rng.choice(legal))
    return s


def test_capote_won_wins_the_game_and_lost_loses_it():
    # Parlett: capote, "thereby undertaking to win all eight. If successful, you win the game outright; if not, you lose"
    won = lost = 0
    for seed in range(60):
        s = _to_last_eight(load("tute").deal(seed=seed), random.Random(seed))
        if s.is_over or "capote" not in [str(a) for a in s.legal_actions()]:
            continue
        leader = s.to_move
        s.apply("capote")
        with pytest.raises(IllegalActionError):
            s.apply("claim")
        while not s.is_over:
            s.apply(random.Random(seed).choice([a for a in s.legal_actions() if str(a).startswith("play")]))
        taken = {t.winner for t in s.tricks[s.end_from:]}
        if taken == {leader}:
            assert s.ending["how"] == "capote" and s.ending["winner"] == ("elder", "younger")[leader]
            won += 1
        else:
            assert s.ending["how"] == "capote failed" and s.ending["winner"] == ("elder", "younger")[1 - leader]
            assert len(s.tricks) < 20 or s.tricks[-1].winner != leader  # play stops at the first trick lost
            lost += 1
    assert lost >= 5


def test_capote_only_before_the_first_of_the_last_eight():
    s = _to_last_eight(load("tute").deal(seed=4), random.Random(4))
    assert "capote" in [str(a) for a in s.legal_actions()]
    s.apply(next(a for a in s.legal_actions() if str(a).startswith("play")))
    with pytest.raises(IllegalActionError, match="Parlett"):
        s.apply("capote")
    s = load("tute", capote=False).deal(seed=4)
    s = _to_last_eight(s, random.Random(4))
    assert "capote" not in [str(a) for a in s.legal_actions()]


def test_the_last_eight_follow_beat_and_trump():
    # Parlett: "Second to play must follow suit if possible and win the trick if possible, and, if unable
    # to follow suit, must play a trump if possible"
    s = _to_last_eight(load("tute").deal(seed=9), random.Random(9))
    while not s.is_over:
        if s.trick:
            led, hand = s.trick[0], s.hand(s.to_move)
            legal = {a.card for a in s.legal_actions() if str(a).startswith("play")}
            same = [c for c in hand if c.suit is led.suit]
            higher = [c for c in same if s.spec.order.power[c.rank] > s.spec.order.power[led.rank]]
            trumps = [c for c in hand if c.suit is s.trump]
            assert legal == set(higher or same or trumps or hand)
        s.apply(next(a for a in s.legal_actions() if str(a).startswith("play")))


def test_a_true_claim_wins_and_a_false_one_loses():
    # Parlett: "A correct claim of 101 wins the game, a false claim loses"
    s = compose("AD 3D KC QC JC 7C 6C 5C", "AS 3S KS QS JS 7S 6S 5S", "4D")
    s.apply("claim")
    assert s.ending["winner"] == "younger" and s.ending["how"] == "false claim"
    s = TuteDeal.from_seed(5, carried=(95, 0))  # 95 brought from a deal nobody won
    play(s, *(["play " + str(s.hand(0)[0])]))
    s.apply(next(a for a in s.legal_actions() if str(a).startswith("play")))
    while s.scores()["elder"] < 101 and not s.is_over:
        s.apply(next(a for a in s.legal_actions() if str(a) != "claim" and not str(a).startswith("declare tute")))
    if s.to_move == 0 and not s.is_over:
        s.apply("claim")
        assert s.ending["how"] == "claim" and s.ending["winner"] == "elder"


def test_a_claim_at_exactly_101_is_true():
    # Parlett: "claims to have reached or exceeded 101 points"; the golden deal's claim is at exactly 101
    import json
    import pathlib

    data = json.loads((pathlib.Path(__file__).parent / "golden" / "tute.json").read_text())
    assert data["transcript"][-1]["action"] == "claim" and data["transcript"][-1]["elder"] == 101
    assert data["transcript"][-1]["ending"] == "elder claim"


def random_deal(game, seed, claims=True):
    s = game.deal(seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        legal = [a for a in s.legal_actions() if claims or str(a) != "claim"]
        shows = [a for a in legal if str(a).startswith(("declare", "exchange"))]
        s.apply(shows[0] if shows and rng.random() < 0.7 else rng.choice(legal))
    return s


def reckon(s) -> dict[str, int]:
    """The scores by Parlett's rules, from the raw play: card points of the tricks, 20 or 40 for each
    marriage shown, 10 for the last trick if all were played."""
    who = ("elder", "younger")
    out = dict.fromkeys(who, 0)
    for t in s.tricks:
        out[who[t.winner]] += sum(pts(c) for c in t.cards)
    for m in s.melds:
        if m.kind.key in ("marriage", "las cuarenta"):
            out[who[m.player]] += 40 if m.cards[0].suit is s.trump else 20
    if len(s.tricks) == 20:
        out[who[s.tricks[-1].winner]] += 10
    return out


def test_every_deal_is_reckoned_by_the_book():
    game = load("tute")
    endings = set()
    for seed in range(150):
        s = random_deal(game, seed, claims=seed % 3 == 0)
        assert s.scores() == reckon(s), seed
        if len(s.tricks) == 20 and s.capote_by is None:
            assert sum(s.scores().values()) == 130 + sum(m.kind.value for m in s.melds)  # the pack's 120 and 10 for the last
        endings.add(s.ending["how"])
    assert {"false claim", "found", "no winner"} <= endings


def test_at_the_end_of_play_the_points_are_found():
    # Parlett: "If neither has claimed 101 by the end of play, but it transpires that both have made it
    # without declaring, the winner of the last trick wins. If no one wins in the first deal, the winner
    # of the last trick deals to the next."
    game = load("tute")
    seen = set()
    for seed in range(300):
        s = random_deal(game, seed, claims=False)
        if s.ending["how"] in ("tute", "capote", "capote failed"):
            continue
        sc = s.scores()
        over = [p for p in sc if sc[p] >= 101]
        last = ("elder", "younger")[s.tricks[-1].winner]
        want = over[0] if len(over) == 1 else last if over else None
        assert s.ending["winner"] == want, seed
        seen.add(len(over))
    assert {0, 1} <= seen


def test_a_deal_nobody_wins_is_followed_by_one_the_last_trick_winner_deals_with_the_points_carried():
    game = load("tute")
    for seed in range(200):
        m = game.match(seed=seed, pause=True)
        while not m.deal.is_over:
            legal = [a for a in m.legal_actions() if str(a) != "claim" and not str(a).startswith(("declare tute", "capote"))]
            m.apply(random.Random(seed * 7 + len(m.history)).choice(legal))
        if m.deal.ending["winner"] is None:
            break
    else:  # pragma: no cover
        pytest.fail("no deal without a winner")
    first = m.deal
    sc = first.scores()
    last_winner = m.person(first.tricks[-1].winner).name
    totals = {m.person(i).name: sc[p] for i, p in enumerate(("elder", "younger"))}
    m.next_deal()
    assert m.dealer.name == last_winner
    second = m.deal
    carried = [st for st in second.explanation() if st.category == "carried"]
    assert [st.points for st in carried] == [totals[m.person(0).name], totals[m.person(1).name]]
    assert isinstance(m, TuteMatch)


def test_the_121_variant():
    # Parlett: "Some accounts give the target score as 121"
    s = TuteDeal.from_seed(3, load("tute", target=121).rules, carried=(110, 0))
    assert s.target == 121 and s.view(0)["target"] == 121
    s.apply(next(a for a in s.legal_actions() if str(a).startswith("play")))
    s.apply(next(a for a in s.legal_actions() if str(a).startswith("play")))
    who = s.to_move
    s.apply("claim")
    assert s.ending["how"] == ("claim" if s.scores()[("elder", "younger")[who]] >= 121 else "false claim")


def test_the_computer_claims_as_soon_as_it_can_and_never_falsely():
    game = load("tute")
    bot = TuteBot(game.bot().spec, last_trick=10)
    claims = 0
    for seed in range(40):
        s = game.deal(seed=seed)
        while not s.is_over:
            me = ("elder", "younger")[s.to_move]
            action = bot.choose(SeatView(s, s.turn))
            if str(action) == "claim":
                assert s.scores()[me] >= 101
                claims += 1
            else:
                assert s.scores()[me] < 101 or "claim" not in [str(a) for a in s.legal_actions()]
            s.apply(action)
        assert s.ending["how"] != "false claim"
    assert claims >= 8


def test_a_reader_who_plays_on_past_101_is_caught_in_the_view():
    # Parlett: the points are remembered and the game is won by claiming them
    s = TuteDeal.from_seed(2, carried=(101, 0))
    s.apply(next(a for a in s.legal_actions() if str(a).startswith("play")))
    assert s.view(0)["played_on"] == [("elder", 101)] and s.view(1)["played_on"] == []


def test_spanish_names_make_a_deal_and_bad_ones_are_named():
    game = load("tute")
    s = game.deal_cards("as de oros, tres de oros, rey de bastos, caballo de bastos, sota de bastos, 7-b, 6-b, 5-b",
                        "AS 3S KS QS JS 7S 6S 5S", "4-o", " ".join(str(c) for c in SPANISH_PACK
                                                                   if c not in set(parse_spanish_cards(
                                                                       "AD 3D KC QC JC 7C 6C 5C AS 3S KS QS JS 7S 6S 5S 4D"))))
    assert s.trump is Suit.DIAMONDS and Card("KC") in s.hand(0)
    with pytest.raises(NotationError) as e:
        game.deal_cards("ocho de oros, 3D, KC, QC, JC, 7C, 6C, 5C", "AS 3S KS QS JS 7S 6S 5S", "4D", "")
    assert e.value.token == "ocho"


def test_the_chance_of_a_dealt_tute_by_exact_count():
    # exact combinatorics: eight cards from forty hold all four kings in C(36,4)/C(40,8) of deals;
    # the engine's screen finds a tute in exactly those hands (counted over a sample of hands)
    p = comb(36, 4) / comb(40, 8)
    assert round(p, 6) == round(58905 / 76904685, 6)
    rng = random.Random(0)
    game = load("tute")
    spec = game.bot().spec
    kinds = {k.key: k for k in spec.melds.kinds}
    for _ in range(300):
        hand = rng.sample(SPANISH_PACK.cards, 8)
        kings = sum(c.rank is Rank.KING for c in hand) == 4
        assert (kinds["tute of kings"] in spec.melds.screen.possible(hand, Suit.CLUBS)) is kings


def test_the_computer_declares_capote_only_when_sure_and_makes_it():
    # Parlett: a failed capote loses the game; the computer declares it only with every trick in hand
    game = load("tute")
    bot = game.bot()
    made = 0
    for seed in range(150):
        s = game.deal(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            if s.to_move == 0:
                s.apply(bot.choose(SeatView(s, s.turn)))
            else:
                s.apply(rng.choice([a for a in s.legal_actions() if str(a) not in ("claim", "capote")]))
        if s.capote_by == 0:
            assert s.ending["how"] == "capote", seed
            made += 1
    assert made >= 1


def test_tute_is_in_the_family_table():
    from tutor.games.stock.family import COLUMNS, family_rows

    row = dict(zip(COLUMNS, next(r for r in family_rows("Sixty-Six") if r[0] == "Tute Habanero")))
    assert row["pack"] == "40 cards" and row["hands"] == "8 each, one at a time"
    assert row["while the stock lasts"] == "answer a trump lead with a trump" and row["last trick"] == "10 more"
    assert "las cuarenta 40" in row["declarations"] and "seven of trumps" in row["exchange"] and row["the match"] == "a game to 101"


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(["face-up", "trumps", "free"]))
def test_properties_of_any_deal(seed, stock_play):
    """After every action: the pack is whole, a face-up hand holds no trump (Parlett: it lies face up
    until its owner draws a trump), and a follower to a trump lead in the stock plays a trump if he has one."""
    game = load("tute", stock_play=stock_play)
    s = game.deal(seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        if s.trick and s.stage is Stage.STOCK and s.trick[0].suit is s.trump and stock_play != "free":
            plays = {a.card for a in s.legal_actions() if str(a).startswith("play")}
            if any(c.suit is s.trump for c in s.hand(s.to_move)):
                assert all(c.suit is s.trump for c in plays)
        s.apply(rng.choice([a for a in s.legal_actions() if str(a) != "claim"]))
        assert sorted(map(str, s.every_card())) == sorted(map(str, SPANISH_PACK))
        for p in (0, 1):
            if s.exposed[p]:
                assert stock_play == "face-up" and not any(c.suit is s.trump for c in s.hand(p))
    assert s.scores() == reckon(s)


def test_an_exchange_once_the_turn_up_has_been_drawn_says_so_with_its_rule():
    # Parlett, Tute: the turn-up is drawn with the last of the stock; the last eight are played without it
    from tutor.games.checks import snapshot

    game = load("tute")
    for seed in range(50):
        s, rng = game.deal(seed=seed), random.Random(seed)
        while not s.is_over and s.turnup is not None:
            s.apply(rng.choice(list(s.legal_actions())))
        if not s.is_over:
            break
    assert not s.is_over and s.turnup is None and s.trump is not None
    before = snapshot(s)
    for card in (f"7{s.trump.value}", f"2{s.trump.value}"):
        why = s.why_illegal(f"exchange {card}")
        assert why is not None and "turn-up has been taken" in why and "no exchange for the turn-up in Tute" not in why, why
        assert "Parlett" in why and why.count("(") == 1, why
    assert snapshot(s) == before
