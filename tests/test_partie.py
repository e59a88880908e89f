"""The partie (Cavendish Law 71 and its note) driven deal by deal."""

from tutor.explain import Explanation
from tutor.games.match import DealRecord
from tutor.games.piquet import Phase, Piquet, PiquetMatch, PiquetRules
from tutor.games.piquet.scoring import declare_in_full


def play_out(p: PiquetMatch) -> None:
    while not p.is_over:
        d = p.deal
        if d.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
            p.apply(declare_in_full(d))
        else:
            p.apply(d.legal_actions()[0])


def test_six_deals_dealer_alternates_and_scores_go_to_the_right_player():
    p = Piquet().partie(seed=3, first_dealer="second")
    deals = []
    while not p.is_over:  # the deals as dealt, to check who was credited with what
        if not deals or deals[-1] is not p.deal:
            deals.append(p.deal)
        d = p.deal
        p.apply(declare_in_full(d) if d.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE) else d.legal_actions()[0])
    assert [r.dealer for r in p.records][:6] == ["second", "first"] * 3
    sc = deals[0].scores()  # second dealt, so first was elder
    assert p.records[0].credited == {"first": sc["elder"], "second": sc["younger"]}
    sc = deals[1].scores()
    assert p.records[1].credited == {"first": sc["younger"], "second": sc["elder"]}
    assert p.totals_after(len(p.records)) == tuple(sum(r.credited[k] for r in p.records) for k in ("first", "second"))


def test_four_deal_partie_doubles_the_first_and_last():
    # Cavendish, note to Law 71: four deals, the first and last counting double.
    p = Piquet(PiquetRules(partie="four")).partie(seed=8)
    play_out(p)
    assert [p.multiplier(r.number) for r in p.records][:4] == [2, 1, 1, 2]
    assert all(p.multiplier(r.number) == 1 for r in p.records[4:])
    assert [row["x"] for row in p.sheet()][:4] == [2, 1, 1, 2]


def test_a_tie_after_six_deals_is_played_off_with_one_more_deal_each():
    p = Piquet().partie(seed=1)

    def record(i, first, second):
        return DealRecord(i + 1, ("first", "second")[i % 2], "x", {"first": first, "second": second}, None,
                          Explanation.build(("first", "second"), []))

    p.records = [record(i, 10, 10) for i in range(6)]
    assert p.planned == 8 and p.finished() is None
    p.records[-1] = record(5, 11, 10)
    assert p.planned == 6 and p.finished() is not None
