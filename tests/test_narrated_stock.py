"""The chapters "A deal played well" of the two-handed stock-and-tricks games: the deal each page
tells (read from the page itself) is told whole by the engine, and it still holds what the page's
prose asks the reader to watch for."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from tutor.games import load
from tutor.review import NarratedDeal, narrated_deal

BOOK = Path(__file__).resolve().parent.parent / "book"
CALL = re.compile(r'narrated_deal\(load\("(\w+)"\), (\d+)\)')
STEP = re.compile(r"(?:^|(?<=\. ))(Elder|Younger) ([+-]\d+): ")


def chapter_seed(name: str) -> int:
    """The seed the chapter tells, read from its page (one ``narrated_deal`` call, for its own game),
    and the page ends with the table to play the same deal."""
    text = (BOOK / name / "a-deal-played-well.md").read_text(encoding="utf-8")
    calls = CALL.findall(text)
    assert len(calls) == 1 and calls[0][0] == name, calls
    assert f'TablePanel("{name}", seed=told.position.code)' in text
    assert f"\n{name}/a-deal-played-well\n" in (BOOK / "index.md").read_text(encoding="utf-8")  # in its part's toctree
    return int(calls[0][1])


@functools.cache
def told(name: str) -> NarratedDeal:
    return narrated_deal(load(name), chapter_seed(name))


def events(name: str) -> list[tuple[str, str, dict[str, int], int]]:
    """Each move of the told deal as (seat, move, tricks each seat had taken before it, cards
    already in the trick), replayed."""
    game, deal = load(name), told(name)
    state = game.deal(code=deal.position.code)
    out = []
    for move in deal.position.moves:
        seat = move.split(":")[0] if ":" in move else state.turn.name
        won = dict(zip(state.table.names, state.tricks_won()))
        out.append((seat, move.split(": ")[-1], won, len(state.trick)))
        state.apply(move)
    return out


def kinds(name: str) -> list[tuple[str, str]]:
    return [(seat, move.split()[0]) for seat, move, _, _ in events(name)]


GAMES = ["bezique", "briscan", "chouine", "mariage", "oldmariage", "schnapsen", "tausendeins", "tute"]


@pytest.mark.parametrize("name", GAMES)
def test_the_chapters_deal_is_told_whole_with_the_engines_figures(name):
    game, deal = load(name), told(name)
    state = game.replay_actions(code=deal.position.code, actions=list(deal.position.moves))
    assert state.is_over and deal.outcome == state.outcome().reason
    assert dict(deal.scores) == state.scores()
    text = deal.text()
    assert f"Deal over: {state.outcome().reason}." in text
    # every trick told, in order, with its cards as played and who took it
    at = 0
    for trick in state.tricks:
        winner = state.table.names[trick.winner].capitalize()  # the winning player, not his place in the trick
        line = f"{winner} takes the trick ({' '.join(c.symbol for c in trick.cards)})."
        at = text.index(line, at) + len(line)
    assert text.count(" takes the trick (") == len(state.tricks)
    # the score lines of the story, with what was scored at the deal itself (Briscan's turn-up, which
    # the story does not tell), add up to the engine's final scores
    told_scores = dict.fromkeys(state.table.names, 0)
    for step in game.deal(code=deal.position.code).explanation():
        told_scores[step.player] += step.points
    for who, points in STEP.findall(text):
        told_scores[who.lower()] += int(points)
    assert told_scores == state.scores()
    assert deal.review is not None and deal.winner is not None and deal.winner not in deal.review.seats


def test_schnapsen_the_deal_shows_a_close_for_three_that_fails():
    """The page: elder closes one trick in, his opponent still without a trick, and fails; younger
    shows a marriage after the close (pagat.com's soft rules allow it)."""
    moves = events("schnapsen")
    close = next(i for i, (_, move, _, _) in enumerate(moves) if move == "close")
    seat, _, won, _ = moves[close]
    assert seat == "elder" and won == {"elder": 1, "younger": 0}
    assert told("schnapsen").winner == "younger"
    assert any(s == "younger" and m.startswith("declare marriage") for s, m, _, _ in moves[close:])


def test_old_mariage_the_deal_shows_the_exchange_the_amour_and_going_out_on_a_show():
    moves = kinds("oldmariage")
    assert ("elder", "exchange") in moves
    shows = [m for _, m, _, _ in events("oldmariage") if m.startswith("declare")]
    assert any(m.startswith("declare amour") for m in shows) and any(m.startswith("declare marriage") for m in shows)
    assert moves[-2][1] == "declare" and moves[-1] == (moves[-2][0], "claim")  # goes out straight after showing
    assert moves[-1][0] == told("oldmariage").winner


def test_tausendeins_the_deal_shows_two_marriages_and_the_trumps_change():
    shows = [(s, m) for s, m, _, _ in events("tausendeins") if m.startswith("declare")]
    assert [s for s, _ in shows] == ["elder", "younger"]
    assert shows[0][1].split()[-1][-1] != shows[1][1].split()[-1][-1]  # two suits: the trumps change
    elder_won = next(w for _, m, w, _ in events("tausendeins") if m == shows[0][1])
    assert elder_won["elder"] > 0  # it counts at once


def test_tausendeins_a_marriage_is_told_with_its_suits_value_and_the_trumps_it_makes():
    """Parlett, The Penguin Book of Card Games, Tausendeins: a marriage makes its suit trumps and is
    worth diamonds 40, hearts 60, spades 80, clubs 100 (not the 0 of the meld table, which leaves
    the value to the suit)."""
    worth = {"D": (40, "diamonds"), "H": (60, "hearts"), "S": (80, "spades"), "C": (100, "clubs")}
    text = told("tausendeins").text()
    shown = re.findall(r"shows the marriage K(\w) Q\w \((\d+), and (\w+) are trumps from now\)", text)
    assert len(shown) == 2
    for suit, value, noun in shown:
        assert (int(value), noun) == worth[suit]


def test_briscan_the_deal_shows_the_exchange_following_a_card_declared_twice_and_the_feats():
    moves = events("briscan")
    seat, move, won, in_trick = moves[1]
    assert (seat, move.split()[0], sum(won.values()), in_trick) == ("younger", "exchange", 0, 1)  # following, first trick
    elder = [m.split() for s, m, _, _ in moves if s == "elder" and m.startswith("declare")]
    assert elder[0][:2] == ["declare", "marriage"] and "tierce" in elder[1]
    assert set(elder[0][-2:]) <= set(elder[1])  # the marriage's king and queen serve again in the tierce
    assert any(s == "younger" and m.startswith("declare trump quart") for s, m, _, _ in moves)
    text = told("briscan").text()
    assert text.count("Younger +10: carte blanche") >= 2
    assert "takes the last card of the stock" in text and "(nine or more)" in text


def test_chouine_the_quinte_is_declared_following_and_the_exchanged_card_trumps_an_ace():
    moves = events("chouine")
    quinte = next(i for i, (_, m, _, _) in enumerate(moves) if m.startswith("declare quinte"))
    assert moves[quinte][0] == "elder" and moves[quinte][3] == 1  # declared as he follows
    swap = next(i for i, (_, m, _, _) in enumerate(moves) if m.startswith("exchange"))
    assert swap > quinte and moves[swap][0] == "younger"
    lead = moves[swap - 1][1]
    assert moves[swap - 1][0] == "elder" and lead.split()[1][0] == "A"  # elder's ace led
    deal = told("chouine")
    turnup = load("chouine").deal(code=deal.position.code).turnup
    assert moves[swap + 1][1] == f"play {turnup}"  # the card the seven was exchanged for
    assert deal.winner == "younger" and abs(deal.scores["elder"] - deal.scores["younger"]) <= 20  # a close deal


def test_mariage_two_marriages_lose_to_the_last_five():
    moves = events("mariage")
    deal = told("mariage")
    turnup = load("mariage").deal(code=deal.position.code).turnup
    shown = [(s, m) for s, m, _, _ in moves if m.startswith("declare")]
    assert [s for s, _ in shown] == ["younger", "younger"]
    swap = next(i for i, (_, m, _, _) in enumerate(moves) if m.startswith("exchange"))
    assert moves[swap][0] == "younger" and moves[swap + 1][1].startswith("declare marriage")
    assert str(turnup) in moves[swap + 1][1].split()  # the turn-up completes his marriage
    assert deal.winner == "elder" and "Elder +100: wins all the last five tricks" in deal.text()


def test_mariage_a_marriage_is_told_with_its_place_in_the_order():
    """Parlett, The Penguin Book of Card Games, Mariage: marriages score 20, 40, 60 and 80 by the
    order in which they are shown, whatever the suit: the line that shows one says what the score
    line then gives it."""
    text = told("mariage").text()
    shown = re.findall(r"shows the marriage (K\w Q\w) \((\d+), the (\w+) of the deal\)", text)
    assert [(v, nth) for _, v, nth in shown] == [("20", "first"), ("40", "second")]
    for cards, value, nth in shown:
        assert f"+{value}: marriage {cards}, the {nth} of the deal" in text


def test_bezique_declarations_beat_the_brisques():
    moves = events("bezique")
    deal = told("bezique")
    shows = {s: [m for t, m, _, _ in moves if t == s and m.startswith("declare")] for s in ("elder", "younger")}
    assert any("royal marriage" in m for m in shows["elder"]) and any("bezique" in m for m in shows["elder"])
    assert any("four kings" in m for m in shows["younger"]) and any("four jacks" in m for m in shows["younger"])
    text = deal.text()
    assert "Younger +10: exchanges the seven of trumps" in text and "Younger +10: plays the seven of trumps" in text
    brisques = {who.lower(): int(pts) for who, pts in re.findall(r"(Elder|Younger) \+(\d+): \d+ brisques", text)}
    assert deal.winner == "younger" and brisques["elder"] > brisques["younger"]


def test_tute_two_cantes_the_two_of_trumps_and_101_reached_only_by_the_last_trick():
    moves = events("tute")
    deal = told("tute")
    sung = [m for s, m, _, _ in moves if s == "elder" and m.startswith("declare")]
    assert [m.split()[1] for m in sung] == ["marriage", "las"]  # a marriage, then las cuarenta
    trumps = load("tute").deal(code=deal.position.code).turnup.suit
    swaps = [(s, m) for s, m, _, _ in moves if m.startswith("exchange")]
    assert swaps == [("younger", f"exchange 2{trumps.value}")]  # the two of trumps for a low turn-up
    assert not any(m.startswith("claim") for _, m, _, _ in moves)
    state = load("tute").replay_actions(code=deal.position.code, actions=list(deal.position.moves))
    last = state.tricks[-1]
    assert state.table.names[last.winner] == deal.winner == "younger"
    last_points = [step.points for step in state.explanation() if step.player == "younger"][-2:]  # its cards, its ten
    assert deal.scores["younger"] >= 101 > deal.scores["younger"] - sum(last_points)
    assert deal.outcome.startswith("nobody claimed")
