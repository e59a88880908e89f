"""The partie (Cavendish Law 71 and its note) driven deal by deal."""

from tutor.games.piquet import Phase, PiquetRules
from tutor.games.piquet.partie import DealRecord, Partie
from tutor.games.piquet.scoring import declare_in_full


def play_out(p: Partie) -> None:
    while not p.is_over:
        d = p.deal
        if d.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
            p.apply(declare_in_full(d))
        else:
            p.apply(d.legal_actions()[0])


def test_six_deals_dealer_alternates_and_scores_go_to_the_right_player():
    p = Partie(seed=3, first_dealer=1)
    play_out(p)
    assert [r.dealer for r in p.records][:6] == [1, 0, 1, 0, 1, 0]
    r = p.records[0]  # second dealt, so first was elder
    assert r.scores() == (r.elder_score, r.younger_score)
    assert p.totals == tuple(map(sum, zip(*(x.scores() for x in p.records))))


def test_four_deal_partie_doubles_the_first_and_last():
    # Cavendish, note to Law 71: four deals, the first and last counting double.
    p = Partie(seed=8, rules=PiquetRules(partie="four"))
    play_out(p)
    assert [r.multiplier for r in p.records][:4] == [2, 1, 1, 2]
    assert all(r.multiplier == 1 for r in p.records[4:])


def test_a_tie_after_six_deals_is_played_off_with_one_more_deal_each():
    p = Partie(seed=1)
    p.records = [DealRecord(i + 1, i % 2, 1, 10, 10, "x") for i in range(6)]
    assert not p.is_over and p.planned == 8
    p.records[-1] = DealRecord(6, 1, 1, 11, 10, "x")
    assert p.is_over and p.planned == 6
