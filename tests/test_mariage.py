"""Mariage, as David Parlett's Penguin Book of Card Games gives it (its only source): every deal
reckoned here from the raw play, by the book's rules, and compared with the engine."""

from __future__ import annotations

import random

from tutor.cards import Rank
from tutor.games import load

POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}


def reckon(s) -> dict[str, int]:
    """Parlett: cards as at Schnapsen; marriages 20, 40, 60, 80 in the order shown (counted once the
    maker has a trick); 100 for all the last five tricks. 24 cards, five each and a turn-up: the
    stock lasts (24 - 10) / 2 = 7 tricks, and the last five are tricks 8 to 12."""
    who = ("elder", "younger")
    out = dict.fromkeys(who, 0)
    for t in s.tricks:
        out[who[t.winner]] += sum(POINTS.get(c.rank, 0) for c in t.cards)
    takers = {t.winner for t in s.tricks}
    for i, m in enumerate(s.melds):
        if m.player in takers:
            out[who[m.player]] += 20 * (i + 1)
    last_five = {t.winner for t in s.tricks[7:]}
    assert len(s.tricks) == 12
    if len(last_five) == 1:
        out[who[last_five.pop()]] += 100
    return out


def test_every_deal_is_reckoned_by_the_book():
    game = load("mariage")
    seen = set()
    for seed in range(300):
        s = game.deal(seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            legal = list(s.legal_actions())
            shows = [a for a in legal if str(a).startswith("declare")]
            s.apply(shows[0] if shows and rng.random() < 0.8 else rng.choice(legal))
        assert s.scores() == reckon(s), seed
        assert s.game_points() == {k: v // 10 for k, v in reckon(s).items()}
        seen.update(st.category for st in s.explanation())
        seen.add(f"marriages {len(s.melds)}")
    assert {"last five", "marriages 2", "marriages 3"} <= seen


def test_nobody_goes_out_or_closes_and_the_refusal_cites_the_book():
    s = load("mariage").deal(seed=2)
    assert not any(str(a) in ("claim", "close") for a in s.legal_actions())
    assert "Parlett" in s.why_illegal("claim") and "Parlett" in s.why_illegal("close")


def test_the_game_is_to_100_with_each_deal_divided_by_ten():
    game = load("mariage")
    match = game.play_out(game.match(4))
    assert max(match.standing().values()) >= 100
    for record in match.records:
        assert record.credited == {p: v // 10 for p, v in _persons(match, record).items()}


def _persons(match, record):
    """The deal's scores by person, from its explanation (the deal's seats are elder and younger)."""
    totals = record.explanation.totals(("elder", "younger"))
    dealer = match.persons.seat(record.dealer)
    elder = dealer.next
    return {elder.name: totals["elder"], dealer.name: totals["younger"]}
