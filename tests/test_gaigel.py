"""Gaigel, checked against David Parlett's *Penguin Book of Card Games* (as far as its entry goes) and
pagat.com's Gaigel (the rest). Neither gives a worked deal, so each rule is checked on a deal built
for it, and the end of every deal the computer or a random player plays is checked again here from
the raw play (the points of each side, the tricks, who played on with 101)."""

from __future__ import annotations

import random

import pytest

from tutor.cards import PACKS, Card, parse_cards
from tutor.games import load
from tutor.games.gaigel.state import POINTS

PACK = PACKS["gaigel48"]


def deal(hands, turnup="7S"):
    """A deal with these hands (Vorhand first, the dealer last) and indicator; the talon is the rest
    of the pack in the pack's order."""
    used = [c for h in hands for c in parse_cards(h)] + [Card(turnup)]
    rest = list(PACK.cards)
    for c in used:
        rest.remove(c)
    return load("gaigel").deal_cards(hands, turnup, " ".join(map(str, rest)))


def refusal(state, action) -> str:
    why = state.why_illegal(action)
    assert why is not None, f"{action} was accepted"
    assert "pagat" in why or "Parlett" in why, why
    return why


HANDS = ("AH KH QH JD 7C", "AH' TC JC QD 7D", "TH JH KD TS QS", "KC QC AC 7H 7H'")


def test_the_pack_the_deal_and_play_to_the_right():
    # Parlett: 48 cards, two of each A T K O U 7 counting 11 10 4 3 2 0; five each; play to the right
    s = load("gaigel").deal(seed=3)
    assert sum(POINTS.get(c.rank, 0) for c in PACK.cards) == 240 and len(PACK) == 48
    assert [len(s.hand(p)) for p in range(4)] == [5] * 4 and len(s.stock) == 27 and s.turnup is not None
    m = load("gaigel").match(1)
    north = m.persons.seat("north")
    assert north.next == north.right and north.partner.name == "south"


@pytest.mark.parametrize("name", ["gaigel", "gaigel3"])
def test_a_deals_own_table_has_vorhand_on_the_dealers_right_as_the_match_has(name):
    # Parlett (after Grupp): play passes to the right; Vorhand sits on the dealer's right and leads
    game = load(name)
    table = game.deal(seed=1).table
    vorhand, dealer = table.first_leader, table.dealer
    assert table.direction == -1 and vorhand.name == "vorhand" and vorhand.next.name == "second"
    assert dealer.right == vorhand and vorhand.left == dealer and vorhand.right == vorhand.next
    assert [s.name for s in table.order_from(vorhand)] == list(table.names)  # the seats stay in order of play
    m = game.match(1)
    for seat in m.deal.table:  # the match's persons sit as the deal's seats do
        person = m.person(seat)
        assert m.person(seat.left) == person.left and m.person(seat.right) == person.right
        assert m.person(seat.next) == person.next


def test_ge_elfen_wins_whatever_is_played():
    s = deal(HANDS)
    assert "ge-elfen AH" in [str(a) for a in s.legal_actions()]
    s.apply("ge-elfen AH")
    for card in ("AH'", "TH", "7H"):  # even the twin ace played after it
        s.apply(f"play {card}")
    assert s.tricks[0].winner == 0 and s.scores()["vorhand-third"] == 11 + 11 + 10


def test_zweite_alte_is_won_by_the_twin_ace_else_by_the_leader():
    s = deal(HANDS)
    s.apply("zweite-alte AH")
    assert s.view(1)["trick"] == [("vorhand", "?")]  # face down: the others do not see it
    assert Card("AH") in s.hidden(1) and Card("AH") not in s.hidden(0)
    for card in ("AH'", "TH", "7H"):
        s.apply(f"play {card}")
    assert s.tricks[0].winner == 1  # second played the other ace of hearts
    s = deal(HANDS)
    s.apply("zweite-alte AH")
    for card in ("TC", "TH", "7H"):
        s.apply(f"play {card}")
    assert s.tricks[0].winner == 0


def test_tauchen_highest_of_the_suit_led_wins_and_equal_cards_go_to_the_first():
    s = deal(("KH JD AC 7C QS", "AH' TC JC QD 7D", "TH JH KD TS KH'", "KC QC AH 7H 7H'"))
    assert "tauchen KH" in [str(a) for a in s.legal_actions()]
    s.apply("tauchen KH")
    for card in ("7D", "KH'", "7H"):
        s.apply(f"play {card}")
    assert s.tricks[0].winner == 0  # KH' equals KH: the first played wins
    s = deal(("KH JD AC 7C QS", "AH' TC JC QD 7D", "TH JH KD TS KH'", "KC QC AH 7H 7H'"))
    s.apply("tauchen KH")
    for card in ("AH'", "TH", "7H"):
        s.apply(f"play {card}")
    assert s.tricks[0].winner == 1


def test_the_openings_are_refused_with_the_wrong_card_and_no_trump_may_go_to_the_first_trick():
    s = deal(HANDS, turnup="7S")
    assert "opened" in refusal(s, "tauchen AH") and "opened" in refusal(s, "ge-elfen KH")
    assert "opened by" in refusal(s, "play AH")
    s = deal(("AH KH QH JD 7C", "AS TC JC QD 7D", "TH JH KD TS QS", "KC QC AC 7H 7H'"), turnup="7S'")
    s.apply("ge-elfen AH")
    why = refusal(s, "play AS")
    assert "no trump to the first trick" in why


def test_a_hand_of_trumps_leads_one_and_wins():
    s = deal(("AS TS KS QS JS", "AH' TC JC QD 7D", "TH JH KD AH QH", "KC QC AC 7H 7H'"), turnup="7S")
    assert {a.split()[0] for a in map(str, s.legal_actions())} == {"trumps", "accuse"}
    s.apply("trumps JS")
    for card in ("7D", "TH", "7H"):
        s.apply(f"play {card}")
    assert s.tricks[0].winner == 0


def _after_first_trick(hands=HANDS, turnup="7S"):
    s = deal(hands, turnup)
    s.apply("ge-elfen AH")
    for card in ("AH'", "TH", "7H"):
        s.apply(f"play {card}")
    return s


def test_a_pair_needs_a_trick_for_ones_side_and_one_of_its_cards_is_played():
    s = _after_first_trick()
    assert s.turn.name == "vorhand"
    assert "declare pair KH QH" in [str(a) for a in s.legal_actions()]
    s.apply("declare pair KH QH")
    assert s.scores()["vorhand-third"] == 32 + 20
    assert "plays one of" in refusal(s, "play JD") or "must lead" in refusal(s, "play JD")
    s.apply("play QH")
    # the dealer's side has no trick yet: its pair of clubs is refused, with the rule
    s.apply("play 7D")
    s.apply("play JH")
    assert s.turn.name == "dealer"
    assert "has not won a trick" in refusal(s, "declare pair KC QC")


def _following_with_two_pairs():
    """A deal in random play where the player to move follows to a trick holding two pairs he may show."""
    from tutor.games.stock.core import Phase

    game = load("gaigel")
    for seed in range(300):
        s, rng = game.deal(seed=seed), random.Random(seed)
        while not s.is_over:
            legal = [str(a) for a in s.legal_actions()]
            if s.phase is Phase.FOLLOW and any(" + " in a for a in legal):
                return s
            s.apply(rng.choice([a for a in legal if a not in ("aus", "claim", "accuse")] or legal))
    raise AssertionError("no player following with two pairs")


def test_two_pairs_are_shown_together_and_both_score():
    # pagat.com, Gaigel: two pairs may be declared together, each scoring
    s = _following_with_two_pairs()
    who, side = s.turn, s.side_of(int(s.turn))
    listed = [str(a) for a in s.legal_actions()]
    both = next(a for a in listed if " + " in a)
    first, second = both[len("declare "):].split(" + ")
    assert f"declare {first}" in listed and f"declare {second}" in listed
    # written in either order, it is the same declaration, and it is listed once
    assert s.why_illegal(f"declare {second} + {first}") is None
    assert str(s.parse_action(f"declare {second} + {first}")) == both
    before = s.scores()[s.spec.scorers[side]]
    value = sum(40 if "trumps" in part else 20 for part in (first, second))
    s.apply(f"declare {second} + {first}")
    assert s.scores()[s.spec.scorers[side]] == before + value and s.turn == who
    shown = {c for part in (first, second) for c in part.split() if c[0] in "KQ"}
    assert {str(a).split()[1] for a in s.legal_actions() if str(a).startswith("play")} <= shown


def test_a_second_pair_in_the_same_turn_is_refused_for_what_it_is_while_following():
    s = _following_with_two_pairs()
    listed = [str(a) for a in s.legal_actions()]
    first, second = next(a for a in listed if " + " in a)[len("declare "):].split(" + ")
    s.apply(f"declare {first}")
    why = refusal(s, f"declare {second}")
    assert "together" in why and "pagat.com, Gaigel" in why, why
    assert "on lead" not in why and "one a turn" not in why


def test_both_pairs_of_one_suit_are_listed_together_where_both_kings_and_obers_are_held():
    # pagat.com, Gaigel, pairs: two pairs may be shown together, and a second pair in a suit needs
    # the second king and the second Ober; holding all four, both pairs of the suit are one
    # declaration, listed (the tutor accepted it and did not list it: found by the plain rules)
    s = deal(("AH KH QH KH' QH'", "AS TC JC QD 7D", "TH JH KD TS QS", "KC QC AC 7H 7H'"))
    s.apply("ge-elfen AH")
    for card in ("TC", "TH", "7H"):
        s.apply(f"play {card}")
    assert s.turn.name == "vorhand" and s.side_tricks(s.side_of(0))
    listed = [str(a) for a in s.legal_actions()]
    assert "declare pair KH QH + pair KH' QH'" in listed
    assert s.why_illegal("declare pair KH QH + pair KH' QH'") is None
    before = s.scores()[s.spec.scorers[0]]
    s.apply("declare pair KH QH + pair KH' QH'")
    assert s.scores()[s.spec.scorers[0]] == before + 40  # two pairs in a plain suit, 20 each


def test_a_second_pair_of_a_suit_needs_the_second_king_and_ober_citing_pagat():
    # pagat.com, Gaigel: a second pair in a suit needs the second king and the second Ober
    s = deal(("AH KH QH KH' 7C", "AH' TC JC QD 7D", "TH JH KD TS QS", "KC QC AC 7H 7H'"))
    s.apply("ge-elfen AH")
    for card in ("AH'", "TH", "7H"):
        s.apply(f"play {card}")
    s.apply("declare pair KH QH")
    s.apply("play KH")
    while s.turn.name != "vorhand":
        s.apply(next(a for a in s.legal_actions() if str(a).startswith("play")))
    assert "declare pair KH' QH" not in [str(a) for a in s.legal_actions()]
    why = refusal(s, "declare pair KH' QH")
    assert "QH" in why and "pagat.com, Gaigel" in why and "Foster" not in why and "Bezique" not in why, why


def test_the_seven_of_trumps_takes_the_indicator_once_ones_side_has_a_trick():
    hands = ("AH KH QH JD 7S'", "AH' TC JC QD 7D", "TH JH KD TS QS", "KC QC AC 7H 7H'")
    s = deal(hands, turnup="AS")
    assert not any(str(a).startswith("exchange") for a in s.legal_actions())
    s.apply("ge-elfen AH")
    for card in ("AH'", "TH", "7H"):
        s.apply(f"play {card}")
    assert "exchange 7S'" in [str(a) for a in s.legal_actions()]
    s.apply("exchange 7S'")
    assert Card("AS") in s.hands[0] and s.turnup == Card("7S'")


def test_the_indicator_goes_to_the_winners_left_hand_opponent():
    # pagat: the last of the talon's cards, the indicator, goes to the winner's left-hand opponent
    game = load("gaigel")
    rng = random.Random(3)
    for seed in range(30):
        s = game.deal(seed=seed)
        up = s.turnup
        while not s.is_over and s.turnup is not None:
            up = s.turnup
            s.apply(rng.choice([a for a in s.legal_actions() if str(a) not in ("claim", "accuse")]))
        if s.is_over:
            continue
        w = s.tricks[-1].winner
        assert up in s.hands[(w + 3) % 4]  # play passes to the right: the seat before the winner is on his left
        assert up not in s.hands[w] and up not in s.hands[(w + 1) % 4]
        return
    pytest.fail("no deal reached the end of the talon")


def test_after_the_talon_one_must_beat_even_ones_partner():
    game = load("gaigel")
    rng = random.Random(5)
    seen = 0
    for seed in range(40):
        s = game.deal(seed=seed)
        while not s.is_over:
            if s.stage.value == "end" and s.trick and s._partner_winning(s.to_move):
                led = s.trick[0].suit
                legal = {a.card for a in s.legal_actions() if hasattr(a, "card")}
                suited = [c for c in s.hands[s.to_move] if c.suit is led]
                if suited and legal != set(suited):
                    seen += 1
                    assert all(s.spec.order.of_card[c] > max(s.spec.order.of_card[x] for x in s.trick if x.suit is led)
                               for c in legal)
            s.apply(rng.choice([a for a in s.legal_actions() if str(a) not in ("claim", "accuse")]))
    assert seen > 0


# -- Aus!, false and late claims, reckoned again from the raw play ---------------------------------


def _points(s) -> dict[int, int]:
    out = {0: 0, 1: 0}
    for t in s.tricks:
        out[t.winner % 2] += sum(POINTS.get(c.rank, 0) for c in t.cards)
    for m in s.melds:
        out[m.player % 2] += 40 if m.cards[0].suit is s.trump else 20
    return out


def _played_on(game, s) -> set[int]:
    """Replay the deal: a side that acts (not saying Aus or accusing) while it has 101 plays on."""
    r = game.deal(code=s.code)
    out = set()
    for a in s.history:
        side = r.to_move % 2
        if str(a) not in ("claim", "accuse") and _points(r)[side] >= 101:
            out.add(side)
        r.apply(a)
    return out


@pytest.mark.parametrize("who", ["computer", "random"])
def test_every_ending_follows_the_rule_of_aus(who):
    from tutor.session import SeatView

    game = load("gaigel")
    seen = set()
    for seed in range(80):
        s = game.deal(seed=seed)
        rng = random.Random(seed)
        bot = game.bot()
        while not s.is_over:
            legal = list(s.legal_actions())
            if who == "computer":
                s.apply(bot.choose(SeatView(s, s.turn)))
            else:  # random, saying Aus or accusing only now and then, and Aus half the times it has 101
                quiet = [a for a in legal if str(a) not in ("claim", "accuse")]
                if "claim" in map(str, legal) and _points(s)[s.to_move % 2] >= 101 and rng.random() < 0.5:
                    s.apply("aus")
                    continue
                s.apply(rng.choice(legal if rng.random() < 0.05 or not quiet else quiet))
        pts = _points(s)
        assert {s.spec.scorers[k]: v for k, v in pts.items()} == s.scores()
        e = s.ending
        how = e["how"]
        seen.add(how)
        _reads_as_words(s)
        side_of = {name: i for i, name in enumerate(s.spec.scorers)}
        if how in ("aus", "false aus"):
            claimer = 1 - side_of[e["winner"]] if how == "false aus" else side_of[e["winner"]]
            assert (pts[claimer] >= 101) == (how == "aus")
            tricks_other = sum(t.winner % 2 != claimer for t in s.tricks)
            assert e["game_points"] == (2 if how == "false aus" or tricks_other == 0 else 1)
        elif how in ("played on", "false accusation"):
            accused = 1 - side_of[e["winner"]] if how == "played on" else side_of[e["winner"]]
            assert (accused in _played_on(game, s)) == (how == "played on") and e["game_points"] == 2
        else:
            assert how == "played out" and not s.hands[0]
            assert e["winner"] is None or pts[side_of[e["winner"]]] > pts[1 - side_of[e["winner"]]]
    assert "aus" in seen and (who == "computer" or "false aus" in seen)


def _reads_as_words(s) -> None:
    """The ending as a reader reads it: each side by its seats in words with its verb in the
    plural ('second and dealer say'), never by its key ('second-dealer'); a player alone (Gaigel
    for three) with his verb in the singular ('dealer says')."""
    reason, how = s.outcome().reason, s.ending["how"]
    assert not any(key in reason for key in s.table.side_names if "-" in key), reason
    said = {"aus": "say", "false aus": "say", "played on": "catch", "false accusation": "accuse", "played out": "have"}[how]
    if s.ending["winners"]:
        actor = s.ending["winners"][0] if how in ("aus", "played on", "played out") else None
        if s.table.partnerships:
            sides = [s.table.words(k) for k in s.table.side_names]
            assert all(" and " in w for w in sides)
            assert any(f"{w} {said} " in reason for w in sides), reason
        else:
            singular = {"say": "says", "catch": "catches", "accuse": "accuses", "have": "has"}[said]
            assert f" {singular} " in reason and f" {said} " not in reason.split("(")[0], reason
        if actor is not None:
            assert s.table.words(actor) in reason


def test_gigackel_a_double_game_when_the_other_side_has_no_trick():
    # pagat: 'Aus' with 101 is a single game, a double one if the other side has taken no trick
    game = load("gaigel")
    rng = random.Random(1)
    for seed in range(3000):
        s = game.deal(seed=seed)
        while not s.is_over:
            quiet = [a for a in s.legal_actions() if str(a) not in ("claim", "accuse")]
            side = s.to_move % 2
            if _points(s)[side] >= 101 and "claim" in map(str, s.legal_actions()):
                s.apply("aus")
                break
            s.apply(rng.choice(quiet))
        if s.ending and s.ending["how"] == "aus" and s.ending["game_points"] == 2:
            assert "Gigackel" in s.ending["reason"]
            return
    pytest.fail("no Gigackel found")


def test_a_match_is_won_in_game_points():
    game = load("gaigel")
    m = game.play_out(game.match(2))
    st = m.standing()
    assert max(st.values()) >= 10 and m.outcome().winner in st
    assert m.outcome().reason.startswith(f"{m.persons.words(m.outcome().winner)} reach ")  # 'north and south reach 10'
    assert " and " in m.outcome().reason.split(" reach ")[0]
    assert all(sum(r.credited.values()) in (0, 1, 2) for r in m.records)


def test_aus_is_said_just_after_a_trick_or_a_pair_and_an_accusation_on_ones_lead():
    s = _after_first_trick()  # vorhand's side won the first trick: he may say Aus (falsely, with 32)
    assert "claim" in [str(a) for a in s.legal_actions()]
    s.apply("play JD")
    assert s.turn.name == "second" and "claim" not in [str(a) for a in s.legal_actions()]
    assert "just after" in refusal(s, "aus") and "on one's lead" in refusal(s, "accuse")
    t = _after_first_trick()
    t.apply("aus")
    assert t.ending["how"] == "false aus" and t.game_points() == {"vorhand-third": 0, "second-dealer": 2}


def test_three_play_each_for_himself_and_a_false_aus_pays_both_others():
    game = load("gaigel3")
    s = game.deal(seed=2)
    assert [len(s.hand(p)) for p in range(3)] == [5, 5, 5] and len(s.stock) + 1 == 33  # eleven tricks with drawing
    rng = random.Random(4)
    for seed in range(40):
        s = game.deal(seed=seed)
        while not s.is_over and "claim" not in map(str, s.legal_actions()):
            s.apply(rng.choice([a for a in s.legal_actions() if str(a) not in ("claim", "accuse")]))
        if s.is_over:
            continue
        claimer = s.spec.players[s.to_move]
        s.apply("aus")
        _reads_as_words(s)
        assert s.outcome().reason.startswith(f"{claimer} says 'Aus!'")
        if s.ending["how"] == "false aus":
            assert s.game_points() == {k: (0 if k == claimer else 2) for k in s.spec.players}
            return
    pytest.fail("no false Aus at three")


def test_a_side_caught_playing_on_with_101_loses_a_double_game():
    # pagat: playing on with 101 (übergaigeln), if correctly accused, loses a double game
    game = load("gaigel")
    rng = random.Random(8)
    for seed in range(60):
        s = game.deal(seed=seed)
        while not s.is_over:
            legal = list(s.legal_actions())
            mine = s.to_move % 2
            if "accuse" in map(str, legal) and (1 - mine) in s.played_on:
                s.apply("accuse")
                break
            s.apply(rng.choice([a for a in legal if str(a) not in ("claim", "accuse")]))
        if s.ending and s.ending["how"] == "played on":
            assert (1 - s.spec.scorers.index(s.ending["winner"])) in _played_on(game, s)
            assert s.ending["game_points"] == 2 and "catch" in s.ending["reason"]
            return
    pytest.fail("no side caught playing on")


@pytest.mark.parametrize("chapter", ["gaigel", "gaigel3"])
def test_each_page_that_shows_cards_says_what_the_mark_of_a_second_copy_means_before_it(chapter):
    # every card is in Gaigel's pack twice; the tutor writes the second copy AS': a reader meets the
    # mark first in the output of a page's first visible cell, so the prose says what it means before it
    import pathlib
    import re

    pages = sorted((pathlib.Path(__file__).resolve().parents[1] / "book" / chapter).glob("*.md"))
    showing = []
    for page in pages:
        src = page.read_text(encoding="utf-8")
        visible = [m for m in re.finditer(r"```\{code-cell\}[^\n]*\n(?!:tags: \[remove-input\])", src)]
        if not visible:
            continue
        showing.append(page.name)
        before = re.sub(r"```\{code-cell\}.*?```", "", src[:visible[0].start()], flags=re.S)
        assert "a mark" in before and re.search(r"`[2-9TJQKA][SHDC]'`", before), page.name
    assert {"rules.md", "play.md", "scoring.md", "declarations.md"} <= set(showing)
