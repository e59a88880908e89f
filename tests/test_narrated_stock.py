"""The chapters "A deal played well" of the two-handed stock-and-tricks games: the deal each page
tells (read from the page itself: the strong computer at elder against the beginner computer at
younger) is told whole by the engine, the beginner's side loses it with mistakes the review flags,
and it still holds what the page's prose asks the reader to watch for."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from tutor.games import load
from tutor.review import NarratedDeal, narrated_deal

BOOK = Path(__file__).resolve().parent.parent / "book"
CALL = re.compile(r'narrated_deal\(load\("(\w+)"\), (\d+), against="beginner"\)')
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
    return narrated_deal(load(name), chapter_seed(name), against="beginner")


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
    # the score lines of the story, the ones made at the deal itself (Briscan's turn-up, Bezique's
    # seven) told with it, add up to the engine's final scores; no score of nothing is told
    told_scores = dict.fromkeys(state.table.names, 0)
    for who, points in STEP.findall(text):
        told_scores[who.lower()] += int(points)
    assert told_scores == state.scores()
    assert not re.search(r"(?:Elder|Younger) [+-]0: ", text)
    assert deal.review is not None and deal.winner is not None and deal.winner not in deal.review.seats


@pytest.mark.parametrize("name", GAMES)
def test_the_chapters_beginner_loses_and_the_review_says_where_it_went_wrong(name):
    """The page says who plays which seat; the beginner's side lost, and the review flags at least
    one of its choices that cost points, told where it was made, naming the seat's computer."""
    deal = told(name)
    page = (BOOK / name / "a-deal-played-well.md").read_text(encoding="utf-8")
    assert "strong computer player holds elder's seat" in " ".join(page.split()) or \
        "strong computer player at elder's" in " ".join(page.split())
    assert deal.strong == ("elder",) and deal.review is not None and deal.review.seats == ("younger",)
    assert deal.winner == "elder"
    mistakes = deal.review.mistakes
    assert mistakes and all(d.cost > 0 and d.seat == "younger" for d in mistakes)
    text = deal.text()
    assert text.count("Here younger (the beginner computer) went wrong: the strong player would have chosen ") \
        == len(mistakes)
    assert "The strong computer plays elder; the beginner computer (the tutor's rules-of-thumb player) plays " \
        "younger." in " ".join(deal.paragraphs[0])




def mistakes_of(name: str) -> list:
    deal = told(name)
    assert deal.review is not None
    return deal.review.mistakes


def held_before(name: str, index: int, seat: str) -> list[str]:
    """The cards ``seat`` held just before move ``index`` of the told deal."""
    game, deal = load(name), told(name)
    state = game.replay_actions(code=deal.position.code, actions=list(deal.position.moves[:index]))
    return [str(c) for c in state.view(state.table.seat(seat))["hand"]]


def test_sixtysix_younger_lets_the_marriage_cards_go_by_and_elder_closes_and_goes_out():
    moves = events("sixtysix")
    shown = [(s, m) for s, m, _, _ in moves if m.startswith("declare")]
    assert shown == [("elder", "declare marriage KH QH")]
    at = next(i for i, (_, m, _, _) in enumerate(moves) if m.startswith("declare"))
    assert moves[at + 1][:2] == ("elder", "play QH")  # leads from it
    heart_leads = [i for i, (s, m, _, _) in enumerate(moves) if s == "elder" and m in ("play QH", "play KH")]
    for i in heart_leads:  # younger held the ten of hearts and threw another card on each
        assert "TH" in held_before("sixtysix", i + 1, "younger") and moves[i + 1][1] != "play TH"
    assert any(str(d.best.action) == "play TH" for d in mistakes_of("sixtysix"))
    assert ("elder", "close") in kinds("sixtysix")
    deal = told("sixtysix")
    assert deal.scores["younger"] < 33 and "2 game points to elder" in deal.outcome


def test_schnapsen_younger_lets_four_tricks_go_the_review_flags_two_he_could_take_and_elder_closes_for_three():
    """pagat.com, Schnapsen, closing: a closer who goes out is scored on the other's tricks and
    points when he closed: 3 game points if the other had taken no trick then."""
    game, deal = load("schnapsen"), told("schnapsen")
    moves = events("schnapsen")
    close = next(i for i, (_, m, _, _) in enumerate(moves) if m == "close")
    seat, _, won, _ = moves[close]
    assert seat == "elder" and won == {"elder": 4, "younger": 0}  # elder took each of the first four
    assert moves[close - 1][0] == "elder" and moves[close - 1][1].startswith("declare marriage")
    assert moves[close + 1][0] == "elder" and moves[close + 1][1].split()[1] in moves[close - 1][1].split()[2:]
    mistakes = mistakes_of("schnapsen")
    assert len(mistakes) == 2 and all(d.index < close for d in mistakes)
    ranks = "ATKQJ"
    trumps = game.deal(code=deal.position.code).turnup.suit.value
    kinds_of_best = set()
    for d in mistakes:  # a card of the suit led, higher than it, that would have taken the trick
        led, best, chosen = moves[d.index - 1][1].split()[1], str(d.best.action).split()[1], str(d.chosen.action).split()[1]
        assert moves[d.index - 1][0] == "elder" and moves[d.index][3] == 1
        assert best[1] == led[1] and ranks.index(best[0]) < ranks.index(led[0]) and chosen != best
        kinds_of_best.add("trump" if best[1] == trumps else best[0])
    assert kinds_of_best == {"A", "trump"}  # the ace of its suit once, a higher trump once
    state = game.replay_actions(code=deal.position.code, actions=list(deal.position.moves))
    assert state.tricks_won()[state.table.names.index("younger")] == 1  # one trick taken back
    assert deal.winner == "elder" and "3 game points to elder" in deal.outcome and "closed and goes out" in deal.outcome


def test_old_mariage_elder_goes_out_with_younger_trickless_and_younger_twice_let_a_trick_go():
    """pagat.com, Sechsundsechzig scoring (which Old Mariage's deal here follows): 3 game points if
    the loser has taken no trick."""
    moves = events("oldmariage")
    deal = told("oldmariage")
    assert moves[0][0] == "elder" and moves[0][1] == f"play {moves[0][1].split()[1]}"
    trumps = load("oldmariage").deal(code=deal.position.code).turnup.suit.value
    assert moves[0][1].endswith(trumps)  # a trump led at once
    assert ("elder", "exchange") in kinds("oldmariage") and ("elder", "close") in kinds("oldmariage")
    assert any(s == "elder" and m.startswith("declare marriage") for s, m, _, _ in moves)
    state = load("oldmariage").replay_actions(code=deal.position.code, actions=list(deal.position.moves))
    assert state.tricks_won()[state.table.names.index("younger")] == 0
    assert deal.winner == "elder" and "3 game points to elder" in deal.outcome
    ranks = "AT" "KQJ987"
    mistakes = mistakes_of("oldmariage")
    assert len(mistakes) == 2
    for d in mistakes:  # a card of the suit led that would have taken the trick
        led = moves[d.index - 1][1].split()[1]
        best = str(d.best.action).split()[1]
        assert moves[d.index - 1][0] == "elder" and best[1] == led[1] and ranks.index(best[0]) < ranks.index(led[0])


def test_tausendeins_elder_wins_the_untrumped_tricks_then_his_marriage_makes_trumps():
    moves = events("tausendeins")
    shows = [(s, m, w) for s, m, w, _ in moves if m.startswith("declare")]
    assert [(s, m.split()[1]) for s, m, _ in shows] == [("elder", "marriage")]
    assert shows[0][2]["elder"] > 0  # it counts at once
    at = next(i for i, (_, m, _, _) in enumerate(moves) if m.startswith("declare"))
    deal = told("tausendeins")
    before = load("tausendeins").replay_actions(code=deal.position.code, actions=list(deal.position.moves[:at]))
    assert list(before.tricks_won()) == [len(before.tricks), 0] and len(before.tricks) > 0  # elder took every trick
    assert "are trumps from now" in deal.text() and mistakes_of("tausendeins")
    state = load("tausendeins").replay_actions(code=deal.position.code, actions=list(deal.position.moves))
    for d in mistakes_of("tausendeins"):  # each a card thrown on a trick elder won
        assert moves[d.index][0] == "younger" and state.table.names[state.tricks[d.trick - 1].winner] == "elder"


def test_mariage_no_marriage_the_ten_of_hearts_kept_and_the_last_five_shared():
    moves = events("mariage")
    deal = told("mariage")
    assert not [m for _, m, _, _ in moves if m.startswith("declare")]
    assert [m for s, m, _, _ in moves if s == "elder"][:4] == ["play JH", "play 9H", "play KH", "play QH"]
    mistakes = mistakes_of("mariage")
    assert len(mistakes) == 2 and all(str(d.best.action) == "play TH" for d in mistakes)
    state = load("mariage").replay_actions(code=deal.position.code, actions=list(deal.position.moves))
    assert len({t.winner for t in state.tricks[-5:]}) == 2  # the last five shared: no prize for them
    assert "wins all the last five tricks" not in deal.text() and deal.winner == "elder"


def test_briscan_the_turn_up_is_told_with_the_deal_a_card_declared_twice_and_the_beginners_throws():
    deal = told("briscan")
    start = list(load("briscan").deal(code=deal.position.code).explanation())
    assert [(s.player, s.points) for s in start] == [("younger", 30)]  # an ace turned up, for the dealer
    assert "Younger +30: the dealer turns up A♥." in deal.paragraphs[0]
    moves = events("briscan")
    swap = next((s, w, t) for s, m, w, t in moves if m.startswith("exchange"))
    assert swap[0] == "younger" and swap[2] == 1  # as he follows to a trick
    elder = [m.split() for s, m, _, _ in moves if s == "elder" and m.startswith("declare")]
    assert elder[0][:2] == ["declare", "marriage"] and elder[0][-1][1] == "D" and "tierce" in elder[1]
    assert set(elder[0][-2:]) <= set(elder[1])  # the marriage's king and queen serve again in the tierce
    assert deal.text().count("Younger +10: carte blanche") >= 2
    value = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
    thrown = {str(d.chosen.action).split()[1][0] for d in mistakes_of("briscan")
              if value.get(str(d.chosen.action).split()[1][0], 0) > value.get(str(d.best.action).split()[1][0], 0)}
    assert {"K", "T", "A"} <= thrown
    text = deal.text()
    assert "takes the last card of the stock" in text and "(nine or more)" in text


def test_chouine_won_in_the_tricks_the_ten_kept_back_the_seven_exchanged_and_the_last_trick_lost():
    moves = events("chouine")
    deal = told("chouine")
    assert not [m for _, m, _, _ in moves if m.startswith("declare")]
    flagged = {(str(d.chosen.action), str(d.best.action)) for d in mistakes_of("chouine")}
    assert ("play 9D", "play TD") in flagged
    assert any(chosen.startswith("exchange 7") for chosen, _ in flagged)
    assert "Younger +10: wins the last trick" in deal.text()
    assert deal.winner == "elder" and deal.scores["elder"] > deal.scores["younger"]


def test_bezique_elders_declarations_the_sevens_of_trumps_and_younger_taking_a_ten_with_a_seven():
    moves = events("bezique")
    deal = told("bezique")
    shows = {s: [m for t, m, _, _ in moves if t == s and m.startswith("declare")] for s in ("elder", "younger")}
    assert [m.split()[1] for m in shows["elder"]] == ["royal", "bezique", "sequence"]
    assert [" ".join(m.split()[1:3]) for m in shows["younger"]] == ["four aces"]
    text = deal.text()
    assert text.count("Younger +10: plays the seven of trumps") == 2
    state = load("bezique").replay_actions(code=deal.position.code, actions=list(deal.position.moves))
    early = state.tricks[:10]
    assert sum(state.table.names[t.winner] == "elder" for t in early) > len(early) / 2
    worst = mistakes_of("bezique")[0]
    chosen, led = str(worst.chosen.action).split()[1], moves[worst.index - 1]
    assert chosen.startswith("7") and chosen[1] == state.trump.value and led[0] == "elder" and led[1].split()[1][0] == "T"
    brisques = {who.lower(): int(pts) for who, pts in re.findall(r"(Elder|Younger) \+(\d+): \d+ brisques", text)}
    assert brisques["elder"] > brisques["younger"]


def test_tute_elder_takes_every_trick_and_claims_101_exactly_as_the_stock_runs_out():
    """David Parlett, The Penguin Book of Card Games, Tute: a cante is sung only by a player who
    has just won a trick, and a player who claims to have reached the target wins if he has;
    pagat.com and ludoteka.com (the tutor's default): the two of trumps may be exchanged for a
    turned-up four, five or six."""
    game, deal = load("tute"), told("tute")
    moves = events("tute")

    def before(index: int):
        return game.replay_actions(code=deal.position.code, actions=list(deal.position.moves[:index]))

    state = before(len(moves))
    trumps = state.trump.value
    assert {state.table.names[t.winner] for t in state.tricks} == {"elder"} and len(state.tricks) == 12
    # the claim: once the twelfth trick took the last of the stock, before a card of the last eight
    assert moves[-1] == ("elder", "claim", {"elder": 12, "younger": 0}, 0)
    last = before(len(moves) - 1)
    assert not last.stock and last.turnup is None and [len(h) for h in last.hands] == [8, 8]
    assert last.scores() == {"elder": 101, "younger": 0} == dict(deal.scores) and last.target == 101
    assert deal.outcome.startswith("elder claims 101 and has 101") and deal.winner == "elder"
    # the exchange: elder's two of trumps for a turned-up five, the pagat.com and ludoteka.com rule
    exchanges = [(i, s, m) for i, (s, m, _, _) in enumerate(moves) if m.startswith("exchange")]
    assert [(s, m) for _, s, m in exchanges] == [("elder", f"exchange 2{trumps}")]
    assert str(before(exchanges[0][0]).turnup) == f"5{trumps}" and game.rules.low_exchange
    # a marriage in a plain suit, then las cuarenta in trumps, each just after a trick of elder's
    sung = [(i, s, m.split()[1:]) for i, (s, m, _, _) in enumerate(moves) if m.startswith("declare")]
    assert [(s, m[0]) for _, s, m in sung] == [("elder", "marriage"), ("elder", "las")]
    assert sung[0][2][-1][1] == "D" != trumps and sung[1][2][-1][1] == trumps  # the marriage in oros
    for i, _, _ in sung:
        assert before(i).tricks[-1].winner == before(i).table.seat("elder")
    mistakes = mistakes_of("tute")
    assert len(mistakes) == 3 and all(before(d.index).stock for d in mistakes)  # made while the stock lasted
    assert all(not d.exact and d.samples > 1 and d.spread > 0 for d in mistakes)  # estimates, with their spread
    text = deal.text()
    assert re.search(r"Elder claims to have reached the target \(the deal is won now: [^)]*every card known\)", text)
