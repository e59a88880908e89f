"""Briscan, from the published table and rules: David Parlett, The Penguin Book of Card Games,
"Briscan" (the default everywhere it speaks); Wikipedia, "Briscan" (after the Académie des jeux
oubliés) and adpoker.fr, "La Brisque ou Mariage", for the options and where the book is silent.
Each test names its source; every deal is also reckoned here again from the raw play."""

from __future__ import annotations

import random

import pytest

from tutor.cards import PACKS, Rank
from tutor.errors import IllegalActionError
from tutor.games import load
from tutor.games.briscan import BriscanMatch
from tutor.games.briscan.workbench import Workbench

POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
PACK = PACKS["piquet32"]

# Parlett's table, as printed: sequences by length and top card (plain suits; doubled in trumps)
PARLETT_TABLE = {
    ("quint", "ace"): 300, ("quint", "king"): 150, ("quint", "queen"): 100, ("quint", "knave"): 50,
    ("quart", "ace"): 100, ("quart", "king"): 80, ("quart", "queen"): 60, ("quart", "knave"): 40, ("quart", "ten"): 30,
    ("tierce", "ace"): 60, ("tierce", "king"): 50, ("tierce", "queen"): 40, ("tierce", "knave"): 30, ("tierce", "ten"): 20,
    ("tierce", "nine"): 10,
}


def deal(elder: str, younger: str, up: str, top: str = "", **rules):
    """A deal with these hands and turn-up, the stock starting with ``top`` (the winner of each trick
    draws first), the other cards after it in pack order."""
    game = load("briscan", **rules)
    given = set((elder + " " + younger + " " + up + " " + top).split())
    rest = [str(c) for c in PACK.cards if str(c) not in given]
    return game.deal_cards(elder, younger, up, " ".join(top.split() + rest))


def test_the_sequence_table_is_parletts_and_doubled_in_trumps():
    """Parlett: 'top card of sequence A K Q J T 9' by length five, four, three; 'The scores for
    sequences are all doubled in trumps'."""
    melds = load("briscan").deal(seed=0).spec.melds
    seqs = [k for k in melds.kinds if k.cls == "sequence"]
    assert len(seqs) == 2 * len(PARLETT_TABLE)
    for (length, top), value in PARLETT_TABLE.items():
        assert melds.get(f"{length} to the {top}").value == value
        assert melds.get(f"trump {length} to the {top}").value == 2 * value


def test_the_ten_ranks_between_the_jack_and_the_nine():
    """Parlett: 'Ten ranks between Jack and Nine for sequential purposes'; the tierce to the nine is
    10 in his table (Wikipedia gives 20: the option tierce_to_nine)."""
    s = load("briscan").deal(seed=0)
    melds, trump = s.spec.melds, s.trump
    plain = next(x for x in "SHDC" if x != trump.value)

    def name(cards: str) -> str:
        return melds.infer([PACK.parse_hand(c)[0] for c in cards.split()], trump).key

    assert name(f"J{plain} T{plain} 9{plain}") == "tierce to the jack"
    assert name(f"Q{plain} J{plain} T{plain} 9{plain}") == "quart to the queen"
    assert name(f"9{plain} 8{plain} 7{plain}") == "tierce to the nine"
    with pytest.raises(IllegalActionError):
        name(f"Q{plain} J{plain} 9{plain}")  # the ten is missing between the jack and the nine
    with pytest.raises(IllegalActionError):
        name(f"A{plain} K{plain} T{plain}")  # A K T is no sequence: the ten is not next to the king
    assert load("briscan", tierce_to_nine=20).score("H", "declare 9S 8S 7S").total == 20


def test_the_books_prose_example_contradicts_its_table_and_the_table_wins():
    """Parlett's prose says Q-J-T-9 scores 40 and J-T-9 with the eight 30; his own table gives the
    quart to the queen 60, the quart to the jack 40, the tierce to the ten 20. The tutor plays the table."""
    game = load("briscan")
    assert game.score("H", "declare QS JS TS 9S").total == 60
    assert game.score("H", "declare JS TS 9S 8S").total == 40
    assert game.score("H", "declare TS 9S 8S").total == 20
    assert game.score("H", "declare JS TS 9S").total == 30


@pytest.mark.parametrize("second", ["declare QS JS TS 9S", "declare JS TS 9S 8S", "declare JS TS 9S"])
def test_a_sequence_is_never_extended_nor_scored_twice(second):
    """Parlett: 'if you declare JT9 for 30, you can't then add the Queen ... or the Eight'; and a
    sequence is never scored twice."""
    with pytest.raises(IllegalActionError) as e:
        load("briscan").score("H", ["declare JS TS 9S", second])
    assert "Parlett" in str(e.value) and "already served" in str(e.value)


@pytest.mark.parametrize("played, again", [("QS", "declare JS TS 9S"), ("9S", "declare QS JS TS")])
def test_a_sequence_is_not_scored_again_from_its_cards(played, again):
    """Parlett: 'nor, having scored ... QJT9, may you play the Queen or Nine and then rescore'."""
    with pytest.raises(IllegalActionError) as e:
        load("briscan").score("H", ["declare QS JS TS 9S", f"play {played}", again])
    assert "never scored twice" in str(e.value)


def test_a_sequences_cards_still_serve_in_a_quartet_and_a_marriage():
    """adpoker.fr (Brisque): the cards of a scored sequence still count in the fours; a marriage of
    cards from a sequence is the tutor's choice where the sources are silent (as in Bezique)."""
    r = load("briscan").score("H", ["declare AH KH QH", "declare KH QH", "declare AH AS AD AC"])
    assert [s.points for s in r.explanation] == [120, 40, 150]
    with pytest.raises(IllegalActionError):
        load("briscan").score("H", ["declare KH QH", "declare KH QH"])  # a marriage is not scored twice


def test_the_declarations_name_the_jack_as_the_chapters_do_and_the_knave_is_understood():
    # the chapters (and Parlett) say jack; the pack's card names, after Piquet's books, say knave
    melds = load("briscan").deal(seed=0).spec.melds
    names = [k.key for k in melds.kinds]
    assert "four jacks" in names and "tierce to the jack" in names and "trump quint to the jack" in names
    assert not [n for n in names if "knave" in n] and not [k.source for k in melds.kinds if "knave" in k.source]
    for old, new in (("four knaves", "four jacks"), ("tierce to the knave", "tierce to the jack"), ("quinte to the knave", "quint to the jack")):
        assert melds.get(old).key == new
    assert "declare four jacks JS JH JD JC" in [o.action for o in Workbench("JS JH JD JC 7S", "H").options()]
    assert load("briscan").score("H", "declare four knaves JS JH JD JC").total == 40  # the old word still read


def test_quartets_and_marriages_are_the_books():
    """Parlett: quartets aces 150, tens 100, kings 80, queens 60, jacks 40 (not doubled); marriages
    40 in trumps, 20 otherwise."""
    game = load("briscan")
    for cards, value in (("AS AH AD AC", 150), ("TS TH TD TC", 100), ("KS KH KD KC", 80), ("QS QH QD QC", 60),
                         ("JS JH JD JC", 40), ("KH QH", 40), ("KS QS", 20)):
        assert game.score("H", f"declare {cards}").total == value, cards


def test_the_dealers_turnup_bonus():
    """Parlett: 'Dealer scores 30 if the turn-up is an Ace, or 10 if any other card higher than Nine';
    Wikipedia: 10 for an ace, ten or court (the option turnup='academie')."""
    for up, pts in (("AH", 30), ("TH", 10), ("KH", 10), ("JH", 10), ("9H", 0), ("7H", 0)):
        s = deal("8S 8D 8C KS 9D", "7S 7D 7C 9C QS", up)  # a court in each hand: no carte blanche
        assert s.scores()["younger"] == pts, up
    assert deal("8S 8D 8C KS 9D", "7S 7D 7C 9C QS", "AH", turnup="academie").scores()["younger"] == 10


def test_carte_blanche_at_the_deal_and_again_each_time_the_draw_reforms_it():
    """Parlett: carte blanche (a hand entirely of numerals) 10, 'repeated every time the hand is
    re-formed by the draw of another matching card'."""
    s = deal("8S 8D 8C 9S 9D", "AS KS QS JS TS", "7H", top="7S KD 9C QC")
    assert [(st.player, st.category, st.points) for st in s.explanation()] == [("elder", "carte blanche", 10)]
    s.apply("play 8S")  # younger wins it with a spade, draws 7S, elder draws KD
    s.apply("play TS")
    cats = [(st.player, st.category) for st in s.explanation() if st.category != "cards"]
    assert cats == [("elder", "carte blanche")], "drawing a court breaks it; a numeral drawn by younger makes none"
    s.apply("play 7S")  # younger leads, elder takes it with the nine
    s.apply("play 9S")
    # elder won and draws 9C: his hand 8D 8C 9D KD 9C has a court, so nothing
    assert sum(1 for st in s.explanation() if st.category == "carte blanche") == 1


def test_carte_rouge_reformed_by_a_court_drawn():
    """Parlett: carte rouge (a hand entirely of courts) 20, repeated each time the draw re-forms it."""
    s = deal("KS QS JS KD QD", "7S 8S 9S 7D 8D", "7H", top="JD 9C")
    s.apply("play KS")
    s.apply("play 7S")  # elder wins, draws JD: all courts again
    rouge = [st.text for st in s.explanation() if st.category == "carte rouge"]
    assert len(rouge) == 2 and "re-formed by drawing JD" in rouge[1]


def test_a_marriage_won_in_a_trick():
    """Parlett: a marriage is also scored 'as won in a trick by taking a Queen with the King of the
    same suit (mariage de rencontre)', 40 in trumps."""
    s = deal("QS 8D 8C 9S 9D", "KS 7D 7C 9C TS", "7H")
    s.apply("play QS")
    s.apply("play KS")
    steps = [(st.player, st.category, st.points) for st in s.explanation()]
    assert ("younger", "mariage de rencontre", 20) in steps


def test_declarations_wait_for_a_trick_and_need_not_be_led():
    """Wikipedia: declarations only by the player on lead who has taken a trick (the book is silent);
    unlike Sixty-Six's marriage, the declarer then leads any card."""
    s = deal("JS TS 9S 8D 8C", "7S 7D 7C 9C QH", "7H")
    why = s.why_illegal("declare JS TS 9S")
    assert "Wikipedia" in why and "no trick" in why
    s.apply("play 8D")
    s.apply("play 7D")  # elder wins
    s.apply("declare JS TS 9S")
    assert s.scores()["elder"] == 30
    assert s.why_illegal("play 8C") is None  # any card may be led after declaring
    assert "one a turn" in s.why_illegal("declare JS TS 9S")


def test_the_seven_of_trumps_is_exchanged_for_nothing_at_any_time_before_the_stock_is_gone():
    """Parlett: 'You may exchange the [trump] 7 for the turn-up at any time before the stock is
    exhausted, but score nothing for it'; no trick needed."""
    s = deal("7H 8D 8C 9S 9D", "7S 7D 7C 9C TS", "AH")
    before = s.scores()
    s.apply("exchange 7H")
    assert "AH" in str(s.hand(0)) and str(s.turnup) == "7H" and s.scores() == before
    assert "close" not in [str(a) for a in s.legal_actions()]


def test_all_sixteen_tricks_win_the_game_outright():
    """Parlett: 'Taking all sixteen wins the game outright'; the last card of stock 10, a hand all of
    trumps when the last card is taken 30, the last five tricks 30, nine or more tricks 10."""
    elder_draws = "9H 8H AS TS KS AD TD KD AC TC KC".split()
    younger_draws = "QD JD 9D 8D 7D QC JC 9C 8C 7C".split()
    top = " ".join(x for pair in zip(elder_draws, younger_draws + [""]) for x in pair if x)
    s = deal("AH TH KH JH 7H", "QS JS 9S 8S 7S", "QH", top=top)
    s.apply("exchange 7H")
    leads = "AH TH KH AS TS KS AD TD KD AC TC QH JH 9H 8H KC".split()
    for card in leads:
        s.apply(f"play {card}")
        s.apply(next(a for a in s.legal_actions() if str(a).startswith("play")))
    assert s.capot == 0 and s.outcome().termination == "capot"
    cats = {st.category: st.points for st in s.explanation() if st.player == "elder"}
    assert cats["last card"] == 10 and cats["last five"] == 30 and cats["nine tricks"] == 10
    assert "all trumps" not in cats  # KC is no trump

    class Rigged(BriscanMatch):
        def make_deal(self, n, dealer):
            return s if n == 1 else super().make_deal(n, dealer)

    m = Rigged(load("briscan"), 0, persons=("first", "second"), first_dealer="second")
    assert m.is_over and m.outcome().winner == "first" and m.outcome().termination == "capot"


def _hands_through(s):
    """Each player's hand after each draw, rebuilt here from the deal and the actions: the winner of a
    trick draws first, the turn-up is drawn last, the seven of trumps is exchanged for the turn-up."""
    hands = [list(h) for h in s.dealt.hands]
    stock = list(s.dealt.stock)
    up = s.dealt.turnup
    out = [[tuple(h) for h in hands]]
    trick = []
    ntrick = 0
    who = 0
    for a in s.history:
        text = str(a)
        if text.startswith("exchange"):
            card = a.card
            hands[who].remove(card)
            hands[who].append(up)
            up = card
        elif text.startswith("play"):
            hands[who].remove(a.card)
            trick.append(a.card)
            if len(trick) == 2:
                w = s.tricks[ntrick].winner
                ntrick += 1
                trick = []
                if ntrick <= 11:
                    hands[w].append(stock.pop(0))
                    hands[1 - w].append(stock.pop(0) if stock else up)
                    out.append([tuple(h) for h in hands])
                who = w
            else:
                who = 1 - who
    return out


def reckon(s) -> dict[str, int]:
    """Parlett's scoring of a finished deal, counted from the raw play."""
    who = ("elder", "younger")
    out = dict.fromkeys(who, 0)
    up = s.dealt.turnup
    out["younger"] += 30 if up.rank is Rank.ACE else 10 if up.rank in (Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK) else 0
    courts = {Rank.KING, Rank.QUEEN, Rank.JACK}
    snapshots = _hands_through(s)
    for i, hands in enumerate(snapshots):
        for p in (0, 1):
            prev = snapshots[i - 1][p] if i else ()
            new = [c for c in hands[p] if c not in prev]
            if all(c.rank in courts for c in hands[p]) and (i == 0 or all(c.rank in courts for c in new)):
                out[who[p]] += 20
            if not any(c.rank in courts for c in hands[p]) and (i == 0 or not any(c.rank in courts for c in new)):
                out[who[p]] += 10
    for t in s.tricks:
        out[who[t.winner]] += sum(POINTS.get(c.rank, 0) for c in t.cards)
        for c in t.cards:
            if c.rank is Rank.KING and any(q.rank is Rank.QUEEN and q.suit is c.suit for q in t.cards):
                out[who[t.winner]] += 40 if c.suit is s.trump else 20
    for m in s.melds:
        out[who[m.player]] += m.kind.value
    out[who[s.tricks[10].winner]] += 10  # the last card of the stock
    for p in (0, 1):
        last_cards = [c for t in s.tricks[11:] for q, c in zip(t.players, t.cards) if q == p]
        if all(c.suit is s.trump for c in last_cards):
            out[who[p]] += 30
    if len({t.winner for t in s.tricks[11:]}) == 1:
        out[who[s.tricks[-1].winner]] += 30
    for p in (0, 1):
        if sum(1 for t in s.tricks if t.winner == p) >= 9:
            out[who[p]] += 10
    return out


def test_every_deal_is_reckoned_by_the_book():
    """Every score of 300 random deals, recomputed here from the cards and the play by Parlett's
    rules, equals the engine's; the explained steps add up to the totals."""
    game = load("briscan")
    seen: set[str] = set()
    for seed in range(300):
        s = game.deal(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            legal = list(s.legal_actions())
            shows = [a for a in legal if str(a).startswith(("declare", "exchange"))]
            s.apply(shows[0] if shows and rng.random() < 0.8 else rng.choice(legal))
        assert len(s.tricks) == 16
        assert s.scores() == reckon(s), seed
        assert sum(st.points for st in s.explanation()) == sum(s.scores().values())
        seen.update(st.category for st in s.explanation())
    assert {"carte rouge", "carte blanche", "mariage de rencontre", "last card", "last five", "nine tricks",
            "turn-up", "turn-up ace", "marriage", "all trumps"} <= seen, seen
    assert any(k.startswith(("tierce", "trump tierce")) for k in seen)


def test_the_game_is_600_and_the_deal_alternates():
    """Parlett: 'Game is 600 points'; the book is silent on who deals next: the deal alternates."""
    game = load("briscan")
    match = game.play_out(game.match(4))
    assert max(match.standing().values()) >= 600
    dealers = [r.dealer for r in match.records]
    assert all(a != b for a, b in zip(dealers, dealers[1:]))


def test_the_workbench_lists_every_declaration_and_practice_names_the_rule():
    """The declaration workbench on Parlett's examples: after the quint to the king in spades, a
    tierce inside it is refused by the rule that a sequence is never scored twice."""
    b = Workbench()
    b.apply("declare KS QS JS TS 9S")
    opts = {(o.name, o.faces): o for o in b.options()}
    assert not opts[("tierce to the jack", "JS TS 9S")].legal
    assert "never scored twice" in opts[("tierce to the jack", "JS TS 9S")].why
    assert opts[("four aces", "AS AH AD AC")].legal and opts[("four aces", "AS AH AD AC")].points == 150
    p = Workbench()
    p.practice(3)
    best = p.best()
    assert best and len(p.hand) == 5
    right = p.answer(best[0].action)
    assert right.correct and "Parlett" in right.text
    wrong = p.answer("declare " + " ".join(str(c) for c in p.hand[:2]))
    assert not wrong.correct


def test_the_cli_deals_replays_and_scores_and_refuses_in_one_line(capsys):
    """``tutor deal/replay/score briscan``; a refused declaration names Parlett's rule and exits 2."""
    from tutor.cli import main

    assert main(["deal", "briscan", "--seed", "3"]) == 0
    assert "22 cards in the stock" in capsys.readouterr().out
    assert main(["replay", "briscan", "--seed", "3", "--actions", "play JS, play TS"]) == 0
    assert "takes JS TS" in capsys.readouterr().out
    assert main(["score", "briscan", "--trumps", "H", "--declarations", "declare QS JS TS 9S, declare AH KH QH"]) == 0
    assert "total 180" in capsys.readouterr().out
    assert main(["score", "briscan", "--trumps", "H", "--declarations", "declare JS TS 9S, declare QS JS TS 9S"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Parlett" in err


def test_the_computer_decides_from_its_view_alone_and_beats_a_random_player():
    """The computer is given only its seat's view and legal actions (no state), and wins most games."""
    from tutor.games.contract import RandomPlayer
    from tutor.session import SeatView

    class Blind:
        def __init__(self, match):
            seat = SeatView(match, match.turn)
            self.view, self.legal_actions = seat.view, seat.legal_actions

    game = load("briscan")
    bot = game.bot()
    won = 0
    for seed in range(40):
        match = game.match(seed)
        other = RandomPlayer(seed)
        me = ("first", "second")[seed % 2]
        while not match.is_over:
            mine = match.person(match.turn).name == me
            match.apply(bot.choose(Blind(match)) if mine else other.choose(SeatView(match, match.turn)))
        won += match.outcome().winner == me
    assert won >= 34, won


def test_briscan_appears_in_the_family_table_read_from_the_engine():
    """The family chapter's row is read from the game: Parlett's tierce to the nine (10), or 20 under
    Wikipedia's option, the seven of trumps exchanged, the game to 600."""
    from tutor.games.stock.family import COLUMNS, family_rows

    row = dict(zip(COLUMNS, next(r for r in family_rows("Sixty-Six") if r[0] == "Briscan")))
    assert row["pack"] == "32 cards" and row["hands"] == "5 each, by 3 + 2"
    assert "10 for the tierce to the nine" in row["declarations"] and "600" in row["the match"]
    assert row["exchange"] == "the seven of trumps for the turn-up"
    assert "20 for the tierce to the nine" in load("briscan", tierce_to_nine=20).deal(seed=0).declarations_text()


def test_the_play_prompt_offers_a_declaration_only_once_the_reader_has_taken_a_trick():
    """Wikipedia: declarations are made by the player on lead once he has taken a trick. The table's
    prompt offers what the engine allows at that moment: not on the first lead, and from the first
    lead after a trick the reader took."""
    from tutor.games.stock.actions import Declare
    from tutor.table import seat_view, table_session

    s = table_session(load("briscan"), 1)
    first = seat_view(s).prompt
    assert "your lead to trick 1" in first and "declare" not in first
    assert not s.state.may_declare_now(int(s.match.seat_of("first")))
    assert not any(isinstance(a, Declare) for a in s.legal_actions())
    for seed in range(40):  # play on until the reader leads again, having taken a trick
        s = table_session(load("briscan"), seed)
        me = int(s.match.seat_of("first"))
        while not s.is_over and not s.between_deals and (s.state.to_move != me or s.state.trick or not s.state.tricks):
            s.act(next(str(a) for a in s.legal_actions() if str(a).startswith("play")))
        if s.state.tricks_won()[me] and s.state.stage.value == "stock" and s.reader_to_move:
            may = any(isinstance(a, Declare) for a in s.legal_actions())
            assert ("declare" in seat_view(s).prompt) == may
            if may:
                return
    pytest.fail("no deal of 40 let the reader take a trick and lead again with a declaration")
