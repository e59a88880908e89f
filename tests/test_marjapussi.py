"""Marjapussi, checked against pagat.com's Marjapussi (David Parlett's *Penguin Book of Card Games*
only names the game). pagat gives rules, not worked deals: each rule is checked on a deal built for
it, and every deal played is reckoned again here from the raw play."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tutor.games import load
from tutor.games.checks import play_out
from tutor.games.marjapussi.state import ORIGINAL, SIMPLIFIED

# forehand holds the king of hearts; third its queen, and the spade and diamond marriages; the dealer
# the club marriage. Every card of the 36 once.
HANDS = ("AS KH 9H 7H 6H AD 9D 6D 6C", "TS 9S 8S AH TH 8D 7D AC 7C",
         "KS QS JS QH JH KD QD TC 9C", "7S 6S 8H TD JD KC QC JC 8C")


def deal(hands=HANDS, **rules):
    return load("marjapussi", **rules).deal_cards(hands)


def refusal(state, action) -> str:
    why = state.why_illegal(action)
    assert why is not None, f"{action} was accepted"
    assert "pagat" in why, why
    return why


def won_first(s):
    for card in ("AS", "TS", "JS", "7S"):  # forehand's ace takes the first trick
        s.apply(f"play {card}")
    assert s.turn.name == "forehand"
    return s


def test_only_the_winner_of_a_trick_may_try_for_trumps():
    # pagat: 'Only the winner of a trick ... before leading'
    s = deal()
    assert all(str(a).startswith("play") for a in s.legal_actions())
    assert "winner of the last trick" in refusal(s, "ask")
    won_first(s)
    assert {"ask", "ask hearts"} <= {str(a) for a in s.legal_actions()}


def test_asking_for_the_other_half_makes_trumps_and_breaks_every_marriage_of_both():
    s = won_first(deal())
    s.apply("ask hearts")
    assert s.turn.name == "third" and [str(a) for a in s.legal_actions()] == ["yes"]
    s.apply("yes")
    assert s.trump.noun == "hearts" and s.scores() == {"forehand-third": 2, "second-dealer": 0}
    assert {(p, suit.noun) for p, suit in s.broken} == {(2, "spades"), (2, "diamonds")}
    assert len(s.legal_actions()) == 8  # any card may be led: the marriage is not led
    assert "try" in refusal(s, "ask") or "once a trick" in refusal(s, "ask")


def test_asking_for_a_marriage_the_partner_names_one_and_the_askers_own_are_broken():
    s = won_first(deal())
    s.apply("ask")
    assert {str(a) for a in s.legal_actions()} == {"show KS QS", "show KD QD"}  # his choice
    assert "true answer" in refusal(s, "no")
    s.apply("show KD QD")
    assert s.trump.noun == "diamonds" and s.scores()["forehand-third"] == 2
    assert s.view(1)["questions"] == [("forehand", "a marriage?", "third", "yes: KD QD")]


def test_a_later_marriage_scores_one_and_keeps_trumps():
    s = won_first(deal())
    s.apply("ask")
    s.apply("show KD QD")
    # forehand leads the ace of diamonds: all follow, his ace wins; he asks again, for spades
    for card in ("AD", "8D", "QD", "TD"):
        s.apply(f"play {card}")
    assert s.turn.name == "forehand"
    s.apply("ask")
    assert [str(a) for a in s.legal_actions()] == ["show KS QS"]
    s.apply("show KS QS")
    assert s.trump.noun == "diamonds" and s.scores()["forehand-third"] == 3
    assert [e.category for e in s.explanation()] == ["trumps", "marriage"]


def test_one_must_beat_even_ones_partner():
    # pagat: 'subject to following, must beat the highest card so far if able, even partner's'
    s = deal()
    s.apply("play 9D")
    s.apply("play 8D")  # second cannot beat the nine: any diamond
    assert {str(a) for a in s.legal_actions()} == {"play KD", "play QD"}  # third must beat his partner's nine
    assert "must win the trick" in refusal(s, "play TC") or "must follow" in refusal(s, "play TC")


def test_a_broken_marriage_may_not_be_declared():
    # pagat: after a half-marriage is asked for and made, every undeclared marriage in both hands is broken
    s = won_first(deal())
    s.apply("ask hearts")
    s.apply("yes")
    for card in ("6C", "7C", "TC", "8C"):  # third's ten of clubs takes it
        s.apply(f"play {card}")
    assert s.turn.name == "third"
    assert not any(str(a).startswith("declare") for a in s.legal_actions())
    assert "broken" in refusal(s, "declare marriage KS QS")
    # without the question, the same marriage could have been declared
    t = deal()
    for card in ("6C", "7C", "TC", "8C"):
        t.apply(f"play {card}")
    assert "declare marriage KS QS" in [str(a) for a in t.legal_actions()]


def test_a_player_whose_marriages_are_broken_may_not_be_asked_for_one():
    # pagat: the asker's own marriages are then broken, and his partner may not ask him for one
    s = won_first(deal())
    s.apply("ask")
    s.apply("show KD QD")  # forehand asked: his marriages are broken
    rng = random.Random(0)
    while not (s.to_move == 2 and s._attempt_open(2)):  # play on until third wins a trick
        s.apply(rng.choice([a for a in s.legal_actions() if str(a).startswith("play")]))
    listed = [str(a) for a in s.legal_actions()]
    assert "ask" not in listed
    assert "forehand's marriages are broken" in refusal(s, "ask")
    # the refused question uses up nothing: third may still try with his own spades
    assert "declare marriage KS QS" in listed and s.why_illegal("declare marriage KS QS") is None


def test_forehand_on_the_first_lead_is_told_why_he_may_not_declare():
    # pagat: only the winner of a trick, before leading to the next, may try for trumps; forehand is
    # on lead but has won no trick
    s = deal(("AS KH QH 7H 6H AD 9D 6D 6C", "TS 9S 8S AH TH 8D 7D AC 7C",
              "KS QS JS 9H JH KD QD TC 9C", "7S 6S 8H TD JD KC QC JC 8C"))
    why = refusal(s, "declare marriage KH QH")
    assert "no trick has been won yet" in why and "only when on lead" not in why
    for card in ("AS", "TS", "JS", "7S"):
        s.apply(f"play {card}")
    s.apply("play 6C")  # forehand leads without trying; second, following, may not declare
    assert "forehand won the last trick" in refusal(s, "declare marriage KH QH")


def reckon(s) -> dict[str, int]:
    """Game points from the raw play: the marriages as stepped (2 for the first, 1 later), the last
    trick, a majority (more than half) of the card points."""
    out = dict.fromkeys(s.spec.scorers, 0)
    steps = [e for e in s.explanation() if e.category in ("trumps", "marriage")]
    for i, e in enumerate(steps):
        assert e.points == (2 if i == 0 else 1)
        out[e.player] += e.points
    out[s.spec.scorers[s.tricks[-1].winner % 2]] += 1
    values = s.spec.card_points
    pts = dict.fromkeys(s.spec.scorers, 0)
    for t in s.tricks:
        pts[s.spec.scorers[t.winner % 2]] += sum(values.get(c.rank, 0) for c in t.cards)
    total = sum(pts.values())
    assert total == sum(values.get(c.rank, 0) for c in s.spec.pack.cards)
    for k, v in pts.items():
        if 2 * v > total:
            out[k] += 1
    return out


@pytest.mark.parametrize("rules", [{}, {"pack": "32"}, {"values": "simplified"}])
def test_every_deal_adds_up_as_reckoned_from_the_raw_play(rules):
    game = load("marjapussi", **rules)
    for seed in range(40):
        s = game.deal(seed=seed)
        play_out(game, s, random.Random(seed))
        assert s.scores() == reckon(s), seed


def test_the_card_values_total_120_or_140():
    # pagat: 'the total value of cards in the pack is 140 if the simplified system is used, 120 using the original'
    pack = load("marjapussi").deal(seed=0).spec.pack
    assert sum(ORIGINAL.get(c.rank, 0) for c in pack.cards) == 120
    assert sum(SIMPLIFIED.get(c.rank, 0) for c in pack.cards) == 140


def test_exactly_ten_over_goes_back_to_seven_and_no_trick_to_nought():
    game = load("marjapussi")
    m = game.match(5, pause=True)
    s = m.deal
    play_out(game, s, random.Random(1))
    # a side taking no trick goes back to 0: make every trick the first side's
    s.tricks = [replace(t, winner=0) for t in s.tricks]
    credited = m.credit(s)
    losers = [k for k in credited if k != m.scorer_of(m.person(s.table.seats[0]))]
    assert credited[losers[0]] == -m.standing()[losers[0]] == 0
    # over the target: back to 7 (checked on whole games, deal by deal)
    resets = 0
    for seed in range(15):
        m = game.play_out(game.match(seed))
        before = dict.fromkeys(m.scorers, 0)
        for r in m.records:
            for k in before:
                after = before[k] + r.credited[k]
                assert after <= 10 and (after in (0, 7) or r.credited[k] >= 0)
                resets += after == 7 and before[k] > 7  # a fall to 7: only going over does that (gains are never negative)
                before[k] = after
        assert m.outcome().winner is None or m.standing()[m.outcome().winner] == 10
    assert resets > 0


def test_the_computer_plays_and_asks():
    from tutor.session import SeatView

    game = load("marjapussi")
    asked = 0
    for seed in range(10):
        s = game.deal(seed=seed)
        bot = game.bot()
        while not s.is_over:
            s.apply(bot.choose(SeatView(s, s.turn)))
        asked += len(s.questions)
    assert asked > 10


def test_the_computer_makes_no_marriage_that_would_pass_the_exact_target():
    # at 9 of exactly 10, trumps (2) would go over and put its side back to 7: the computer leads instead
    from tutor.session import SeatView

    game = load("marjapussi")
    for yours, declares in ((9, False), (3, True)):
        m = game.match(0, pause=True)
        s = won_first_in(m)
        seat = SeatView(m, m.turn)
        real = m.view
        m.view = lambda q, real=real, yours=yours: {**real(q), "match": {"deal": 1, "totals": {}, "yours": yours}}
        choice = game.bot().choose(seat)
        assert str(choice).startswith(("declare", "ask")) == declares, (yours, choice)
        assert s is m.deal


def won_first_in(m):
    """Play the first trick of the match's deal with the computer until someone may try for trumps."""
    from tutor.session import SeatView

    bot = m.game.bot()
    while not m.deal.tricks or m.deal.phase.value != "lead" or not any(
            str(a).startswith(("declare", "ask")) for a in m.legal_actions()):
        m.apply(bot.choose(SeatView(m, m.turn)))
    return m.deal


@pytest.mark.parametrize("name", ["marjapussi", "bondtolva4"])
def test_the_computer_does_not_ask_its_partner_again_what_he_has_said_no_to(name):
    """All the cards are dealt, so a partner who answered "no" holds no more than he did: asking
    again only wastes the lead (pagat.com, Marjapussi; Parlett, Bondtolva for four). The computer
    never does, over twenty whole deals with the computer at every seat."""
    from tutor.games import load
    from tutor.table import table_session

    asked = 0
    for seed in range(20):
        s = table_session(load(name), seed, readers=())
        s.play_for_reader()
        said_no = set()
        for _asker, question, answerer, answer in s.state.questions:
            asked += 1
            assert (answerer, question) not in said_no, f"deal {seed}: {question} asked of {answerer} again after a no"
            if answer == "no":
                said_no.add((answerer, question))
    assert asked >= 20


@pytest.mark.parametrize("name", ["marjapussi", "bondtolva4"])
def test_a_side_is_read_by_its_seats_in_words_and_its_key_stays_in_the_scores(name):
    # the scores keep the side's key ('second-dealer', in JSON and recorded data); everything a
    # reader reads names the side by its seats, 'second and dealer', with the verb in the plural
    game = load(name)
    for seed in range(12):
        s = game.deal(seed=seed)
        play_out(game, s, random.Random(seed), check_every=50)
        keys = s.table.side_names
        assert set(s.scores()) == set(keys) and all("-" in k for k in keys)
        said = [s.table.words(k) for k in keys]
        reason = s.outcome().reason
        winner = s.outcome().winner
        if winner is not None:
            assert reason.startswith(f"{s.table.words(winner)} score most in this deal"), reason
        report = game.replay_report(s).text
        for text in (reason, report, s.explanation().text(), s.explanation().html()):
            assert not any(k in text for k in keys), text
        assert all(w in reason and w in report for w in said)
        assert any(w in s.explanation().html() for w in said)
    m = game.play_out(game.match(3))
    assert m.outcome().reason.startswith(f"{m.persons.words(m.outcome().winner)} reach")
    assert not any(k in m.outcome().reason for k in m.scorers)
