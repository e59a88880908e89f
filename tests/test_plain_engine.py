"""The engine held to the plain rules (tutor.games.stock.plain), position by position.

At every position of deals played at random and by the computer, the engine and the plain rules
must list the same legal actions, refuse the same actions of a sample in the game's notation
(naming the rule the plain rules find broken), and reach the same position after each action:
the cards wherever they are, whose turn it is, the declarations, the scores and the explanation's
steps. The benchmark tests/benchmarks/bench_plain_agreement.py runs the same check on 100,000
positions a game and more.
"""

from __future__ import annotations

import random

import pytest

from tutor.games import load
from tutor.games.stock.plain import Position, apply, game_for, legal, why_not
from tutor.games.stock.plain.compare import disagreements, play_and_compare

#: the games the plain rules cover, with rule options worth playing apart
PLAIN = [
    ("sixtysix", {}), ("sixtysix", {"close_before_drawing": True}), ("oldmariage", {}), ("schnapsen", {}),
    ("schnapsen", {"sharp": True}), ("mariage", {}),
    ("bezique", {}), ("bezique", {"seven_of_trumps": "exchange-or-declare"}), ("bezique", {"trumps": "first-marriage"}),
    ("bezique", {"last_trick": "twenty-fourth", "brisques_first": "elder"}), ("bezique", {"bezique_cards": "by-trumps"}),
    ("tausendeins", {}), ("tausendeins", {"pack": "24"}),
    ("chouine", {}), ("chouine", {"deal_won_by": "101", "strict_play": "sixty-six", "exchange_any_time": False}),
    ("briscan", {}), ("briscan", {"turnup": "academie", "last_tricks": "academie", "declare_after_trick": False,
                                  "exchange_any_time": False, "ace_is": "court", "tierce_to_nine": 20}),
    ("tute", {}), ("tute", {"stock_play": "trumps", "low_exchange": False, "target": 121}), ("tute", {"stock_play": "free", "tute": False}),
    ("gaigel", {}), ("gaigel3", {}), ("bondtolva", {}), ("bondtolva3", {}), ("bondtolva4", {}),
    ("marjapussi", {}), ("marjapussi", {"pack": "32", "values": "original"}),
]


def test_every_game_on_the_stock_core_has_plain_rules():
    from tutor.games import GAMES
    from tutor.games.stock.core import StockState

    stock = {name for name in GAMES if isinstance(load(name).deal(seed=0), StockState)}
    assert stock == {name for name, _ in PLAIN}


def _id(case) -> str:
    name, options = case
    return name + "".join(f"-{k}={v}" for k, v in options.items())


@pytest.mark.parametrize("case", PLAIN, ids=_id)
@pytest.mark.parametrize("computer", [False, True], ids=["random", "computer"])
def test_the_engine_agrees_with_the_plain_rules_position_by_position(case, computer):
    name, options = case
    agreed, found = play_and_compare(name, range(2 if name == "bezique" else 6), computer=computer, options=options, stop=3)
    assert not found, "\n".join(found)
    assert agreed > 50  # whole deals were played and compared, not a position or two


@pytest.mark.parametrize("name", sorted({name for name, _ in PLAIN}))
def test_the_plain_rules_play_a_deal_alone_and_the_engine_follows(name):
    """Dealt and played by the plain rules alone (no position read from the engine on the way),
    the same actions made in the engine end with the same cards taken and the same scores."""
    g = load(name)
    rng = random.Random(5)
    for seed in range(4):
        state = g.deal(seed=seed)
        pos = Position.deal(state.spec, game_for(state), state.dealt)
        while not pos.over():
            action = rng.choice([a for a in legal(pos) if type(a).__name__ not in ("Claim", "Accuse", "Capote")] or legal(pos))
            pos = apply(pos, action)
            state.apply(action)
        assert state.is_over
        assert state.scores() == pos.scores()
        assert [(w, c, n, r) for w, c, n, _, r in state.events] == [(w, c, n, r) for w, c, n, _, r in pos.events]
        assert [sorted(map(str, w)) for w in state.won] == [sorted(map(str, w)) for w in pos.won]


def test_a_score_the_plain_rules_do_not_give_is_found():
    """An engine that scored one point too many for a trick is caught at that trick."""
    g = load("schnapsen")
    state = g.deal(seed=2)
    game = game_for(state)
    scored = state._on_trick
    state._on_trick = lambda trick: (scored(trick), state._score(trick.winner, "cards", 1, "one too many", "none"))  # type: ignore[method-assign]
    rng = random.Random(0)
    found: list[str] = []
    while not found and not state.is_over:
        play = next(a for a in state.legal_actions() if type(a).__name__ == "Play")
        found = disagreements(state, game, play, rng)
    assert any("scores" in f or "events" in f for f in found), found


def test_a_disagreement_is_found_where_the_engine_strays():
    """The check is not blind: an engine made to list one more play than the rules allow (a card
    of another suit, where the suit led must be followed) is caught, by the listing and by the
    refusal."""
    g = load("sixtysix")
    state = g.deal(seed=3)
    state.apply("close")  # strict play at once: elder leads, younger must follow
    lead = state.legal_actions()[0]
    state.apply(lead)
    game = game_for(state)
    pos = Position.of(state, game)
    stray = next(c for c in state.hands[1] if pos.to_move == 1 and str(f"play {c}") not in map(str, legal(pos)))
    original = state._list_actions
    state._legal = None
    state._list_actions = lambda: [*original(), state.parse_action(f"play {stray}")]  # type: ignore[method-assign]
    found = disagreements(state, game, None, random.Random(0))
    assert any("legal actions" in f for f in found), found
    assert why_not(pos, state.parse_action(f"play {stray}")).kind == "follow"
