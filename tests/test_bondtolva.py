"""Bondtolva for two, three and four, checked against David Parlett's *The Penguin Book of Card Games*
("Bondtolva" and "Bondtolva for 3-4 players"): the book gives rules, not worked deals, so each rule
is checked on deals built for it, and every deal the computer plays is reckoned again here from the
raw play (the last trick, the matadors, the eyes, the marriages), independently of the engine's
scoring code."""

from __future__ import annotations

import random

import pytest

from tutor.cards import Card, Rank
from tutor.games import load
from tutor.games.bondtolva.state import EYES
from tutor.games.checks import play_out
from tutor.games.stock.core import Stage
from tutor.session import SeatView

PARLETT = "Parlett"

# Four hands, every card of the 24 once (elder, second, third, dealer): elder holds the king of
# hearts and third its queen; third holds the diamond marriage, second the spade one.
FOUR = ("AS TS KH 9H 9D JC", "KS QS 9S AH JH AC", "JS TH QH KD QD TC", "AD TD JD KC QC 9C")
# The same, but third has no marriage (his QD given to the dealer for the dealer's JD).
FOUR_NO = ("AS TS KH 9H 9D JC", "KS QS 9S AH JH AC", "JS TH QH KD JD TC", "AD TD QD KC QC 9C")


def four(hands=FOUR, **rules):
    return load("bondtolva4", **rules).deal_cards(hands)


def refusal(state, action) -> str:
    why = state.why_illegal(action)
    assert why is not None, f"{action} was accepted"
    assert PARLETT in why, why
    return why


# -- the two-hander ----------------------------------------------------------------------------------


def test_the_deal_has_no_trumps_and_a_stock_of_twelve():
    # Parlett: six each in threes from 24 cards, the rest face down; no trumps until the first marriage
    s = load("bondtolva").deal(seed=5)
    assert [len(s.hand(p)) for p in range(2)] == [6, 6] and len(s.stock) == 12 and s.turnup is None and s.trump is None


def _two(elder, younger, stock):
    return load("bondtolva").deal_cards([elder, younger], stock)


TWO = ("KH QH KC QC AS 9D", "AH TH JH 9H TS JS", "AD TD KD QD JD AC TC JC 9C KS QS 9S")


def test_the_first_marriage_is_the_trump_for_two_and_later_ones_a_tjog_for_one():
    # Parlett: 'The first marriage, called trump, scores 2 points and establishes trumps for the rest
    # of the deal. Subsequent marriages score 1 each, but don't change the trump.'
    s = _two(*TWO)
    assert "declare marriage KH QH" in [str(a) for a in s.legal_actions()]
    s.apply("declare marriage KH QH")
    assert s.trump.noun == "hearts" and s.scores() == {"elder": 2, "younger": 0}
    assert "must lead" in refusal(s, "play AS")  # the marriage is shown by leading one of its cards
    s.apply("play QH")
    s.apply("play AH")  # younger wins: suit need not be followed while the stock lasts, but he does
    assert s.to_move == 1
    s.apply("play TS")
    s.apply("play AS")  # elder wins and leads again
    s.apply("declare marriage KC QC")
    assert s.trump.noun == "hearts" and s.scores() == {"elder": 3, "younger": 0}
    assert [e.category for e in s.explanation()] == ["trump", "tjog"]


def test_no_marriage_once_the_stock_is_empty_and_then_follow_head_and_trump():
    rng = random.Random(4)
    game = load("bondtolva")
    for seed in range(30):
        s = game.deal(seed=seed)
        while not s.is_over and s.stage is Stage.STOCK:
            s.apply(rng.choice(list(s.legal_actions())))
        if s.is_over or s.to_move is None:
            continue
        assert not any(str(a).startswith("declare") for a in s.legal_actions())
        kq = [c for c in s.hands[s.to_move] if c.rank in (Rank.KING, Rank.QUEEN)]
        if len({c.suit for c in kq}) < len(kq):
            suit = next(c.suit for c in kq if sum(d.suit is c.suit for d in kq) == 2)
            why = refusal(s, f"declare marriage K{suit.value} Q{suit.value}")
            assert "stock is empty" in why
            return
    pytest.fail("no deal with a marriage in hand after the stock")


def test_while_the_stock_lasts_suit_need_not_be_followed():
    s = _two(*TWO)
    s.apply("play 9D")
    assert {str(a) for a in s.legal_actions()} == {f"play {c}" for c in TWO[1].split()}


# -- the end of the deal, reckoned independently -------------------------------------------------------


def reckon(state) -> dict[str, int]:
    """The deal's points from the raw play: marriages as the steps name them (2 the first, 1 later,
    0 for an asked marriage whose suit was not led), 1 for the last trick, 1 for the most matadors,
    the eyes deciding a tie, nobody if still equal."""
    spec = state.spec
    out = dict.fromkeys(spec.scorers, 0)
    marriages = [s for s in state.explanation() if s.category in ("trump", "tjog")]
    for i, step in enumerate(marriages):
        assert step.points == (2 if i == 0 else 1) or (step.points == 0 and "no point" in step.text)
        out[step.player] += step.points
    last = state.tricks[-1]
    out[spec.scorers[spec.side(last.winner)]] += 1
    mats = dict.fromkeys(spec.scorers, 0)
    eyes = dict.fromkeys(spec.scorers, 0)
    for t in state.tricks:
        side = spec.scorers[spec.side(t.winner)]
        mats[side] += sum(c.rank in (Rank.ACE, Rank.TEN) for c in t.cards)
        eyes[side] += sum(EYES.get(c.rank, 0) for c in t.cards)
    assert sum(mats.values()) == 8 and sum(eyes.values()) == 40  # four aces and tens; (4+3+2+1) x 4 eyes
    top = max(mats.values())
    tied = [k for k, v in mats.items() if v == top]
    if len(tied) > 1:
        best = max(eyes[k] for k in tied)
        tied = [k for k in tied if eyes[k] == best]
    if len(tied) == 1:
        out[tied[0]] += 1
    return out


@pytest.mark.parametrize("name", ["bondtolva", "bondtolva3", "bondtolva4"])
def test_every_deal_adds_up_as_reckoned_from_the_raw_play(name):
    game = load(name)
    for seed in range(60):
        s = game.deal(seed=seed)
        play_out(game, s, random.Random(seed))
        assert s.scores() == reckon(s), seed


def test_equal_matadors_and_equal_eyes_score_nobody():
    # Parlett: 'If still equal, neither scores it.' Found by playing deals until one ends so.
    game = load("bondtolva")
    for seed in range(400):
        s = game.deal(seed=seed)
        play_out(game, s, random.Random(seed))
        steps = [e for e in s.explanation() if e.category == "matadors"]
        if steps and steps[0].points == 0:
            assert "nobody" in steps[0].text and sum(s.scores().values()) == 1 + sum(
                e.points for e in s.explanation() if e.category in ("trump", "tjog"))
            return
    pytest.fail("no deal with matadors and eyes both equal")


# -- three and four: all cards dealt ----------------------------------------------------------------


def test_three_and_four_deal_every_card_and_play_strictly_from_the_first_trick():
    # Parlett: 'The cards are all dealt out, and the rules of trick-play are those applying to the
    # two-hander when the stock is empty, except that marriages are declarable throughout.'
    for name, n, size in (("bondtolva3", 3, 8), ("bondtolva4", 4, 6)):
        s = load(name).deal(seed=2)
        assert [len(s.hand(p)) for p in range(n)] == [size] * n and not s.stock and s.stage is Stage.END
    s = four()
    s.apply("play 9D")  # second holds no diamond and must trump, but there are no trumps yet: any card
    assert len(s.legal_actions()) == 6
    s.apply("play AC")
    s.apply("play KD")  # third follows and heads
    assert [str(a) for a in s.legal_actions()] == ["play AD", "play TD"]  # the dealer must head the king (A T K Q J 9)
    assert "must win the trick" in refusal(s, "play JD")


# -- the four-hander's questions --------------------------------------------------------------------


def test_hearts_asked_and_answered_yes_makes_trumps_and_forces_the_king():
    # Parlett (c): 'If partner says Yes, the trump is established for 2 points and the qualifying
    # King or Queen must be led.'
    s = four()
    assert {"ask", "ask hearts"} <= {str(a) for a in s.legal_actions()}
    s.apply("ask hearts")
    assert s.turn.name == "third" and [str(a) for a in s.legal_actions()] == ["yes"]
    assert "true answer is yes" in refusal(s, "no")  # the partner answers truly
    assert "answer" in refusal(s, "play TH")
    s.apply("yes")
    assert s.turn.name == "elder" and s.trump.noun == "hearts" and s.scores() == {"elder-third": 2, "second-dealer": 0}
    assert [str(a) for a in s.legal_actions()] == ["play KH"]
    assert "ask" in refusal(s, "ask")  # one query a turn
    # the queen is shown: the opponents see it, the partner's other cards stay hidden from elder
    assert Card("QH") not in s.hidden(1) and Card("TH") in s.hidden(0)
    assert s.view(1)["questions"] == [("elder", "Hearts?", "third", "yes: QH")]


def test_asking_for_a_marriage_the_partner_shows_it_for_two_and_any_card_may_be_led():
    # Parlett (b): 'If so, partner shows it for 2 and this establishes trumps. Any card may then be led.'
    s = four()
    s.apply("ask")
    assert [str(a) for a in s.legal_actions()] == ["show KD QD"]
    s.apply("show KD QD")
    assert s.trump.noun == "diamonds" and s.scores()["elder-third"] == 2 and len(s.legal_actions()) == 6


def test_a_no_to_hearts_forces_a_heart_and_a_no_bars_asking_until_a_trick_is_won():
    s2 = four(FOUR_NO)
    s2.apply("ask")
    assert [str(a) for a in s2.legal_actions()] == ["no"]
    s2.apply("no")
    assert s2.trump is None and len(s2.legal_actions()) == 6  # (b): no lead is forced by a no
    why = refusal(s2, "ask hearts")
    assert "one marriage query" in why or "must win a trick" in why
    # 'Hearts?' answered no (third's queen moved to the dealer): 'any card may be led of that suit, but no other'
    s3 = four(("AS TS KH 9H 9D JC", "KS QS 9S AH JH AC", "JS TH JD KD QD TC", "AD TD QH KC QC 9C"))
    s3.apply("ask hearts")
    s3.apply("no")
    assert {str(a) for a in s3.legal_actions()} == {"play KH", "play 9H"}
    assert "must lead" in refusal(s3, "play AS")
    assert 0 in s3.barred
    for card in ("9H", "AH", "TH", "QH"):  # second's ace wins; elder has won no trick
        s3.apply(f"play {card}")
    assert s3.tricks[-1].winner == 1 and 0 in s3.barred


def test_the_asker_holding_a_marriage_shows_it_himself_before_trumps():
    # Parlett (b): 'If not [holding a marriage], ask if partner holds a marriage.'
    s = four()
    for card in ("JC", "AC", "TC", "9C"):  # second's ace takes the trick
        s.apply(f"play {card}")
    assert s.turn.name == "second"
    assert "holds a marriage" in refusal(s, "ask")
    assert "declare marriage KS QS" in [str(a) for a in s.legal_actions()]


def test_after_trumps_an_asked_marriage_scores_only_if_its_suit_is_led():
    # Parlett, once trumps are made: '(b) ask if your partner has one. If so, you must lead the stated
    # suit in order to score the point'
    def to_third_on_lead():
        s = four()
        s.apply("ask hearts")
        s.apply("yes")
        for card in ("KH", "AH", "TH", "9C"):  # second's ace of trumps wins
            s.apply(f"play {card}")
        return s

    s = to_third_on_lead()
    assert s.turn.name == "second"
    s.apply("ask")
    assert s.turn.name == "dealer" and [str(a) for a in s.legal_actions()] == ["show KC QC"]
    s.apply("show KC QC")
    s.apply("play AC")
    assert [e.points for e in s.explanation() if e.category == "tjog"] == [1]
    s = to_third_on_lead()
    s.apply("ask")
    s.apply("show KC QC")
    s.apply("play JH")
    step = [e for e in s.explanation() if e.category == "tjog"][0]
    assert step.points == 0 and "no point" in step.text


def test_only_the_four_hander_asks():
    s = load("bondtolva3").deal(seed=1)
    assert "four-handed" in refusal(s, "ask")
    assert not any(str(a).startswith("ask") for a in s.legal_actions())


def test_the_computer_asks_and_answers_from_its_own_view():
    game = load("bondtolva4")
    asked = 0
    for seed in range(20):
        s = game.deal(seed=seed)
        bot = game.bot()
        while not s.is_over:
            s.apply(bot.choose(SeatView(s, s.turn)))
        asked += len(s.questions)
    assert asked > 10


# -- the game to twelve -------------------------------------------------------------------------------


def test_exactly_twelve_deducts_what_would_pass_it():
    # Parlett, Variant: 'If the amount you win would take you over 12, you must instead deduct it
    # from your current total.'
    game = load("bondtolva", exactly=True)
    deducted = 0
    for seed in range(6):
        m = game.play_out(game.match(seed))
        before = dict.fromkeys(m.scorers, 0)
        for r in m.records:
            for k in before:
                won = r.outcome.scores["younger" if k == r.dealer else "elder"]  # the dealer is younger
                want = -won if before[k] + won > 12 else won
                assert r.credited[k] == want
                deducted += want < 0
                before[k] += want
        assert m.outcome().winner is not None and m.standing()[m.outcome().winner] == 12
    assert deducted > 0


def test_the_first_to_twelve_wins():
    game = load("bondtolva4")
    m = game.play_out(game.match(1))
    st = m.standing()
    assert m.outcome().winner in ("north-south", "east-west") and st[m.outcome().winner] >= 12
    assert sum(sum(r.credited.values()) for r in m.records[:-1]) >= 0
    before = {k: st[k] - m.records[-1].credited[k] for k in st}
    assert max(before.values()) < 12


def test_the_family_chapter_reads_the_three_forms():
    from tutor.games.stock.family import COLUMNS, family_rows

    rows = {r[0]: dict(zip(COLUMNS, r)) for r in family_rows("Sixty-Six")}
    assert rows["Bondtolva"]["trumps"] == "none until declared" and rows["Bondtolva"]["last trick"] == "1 more"
    assert rows["Bondtolva for four"]["while the stock lasts"] == "no stock: every card is dealt"
    assert "partnerships" in rows["Bondtolva for four"]["hands"] and "to 3" in rows["Bondtolva for three"]["hands"]
    assert rows["Sixty-Six"]["while the stock lasts"] == "any card"


def test_a_lead_forced_by_an_answer_is_refused_in_the_answers_words():
    s = four(("AS TS KH 9H 9D JC", "KS QS 9S AH JH AC", "JS TH JD KD QD TC", "AD TD QH KC QC 9C"))
    s.apply("ask hearts")
    s.apply("no")
    assert "answered no, elder must lead a heart" in refusal(s, "play AS")
