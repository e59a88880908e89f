"""The shortcuts taken for speed give what the plain way gives: the hand's reckoning in Piquet
without tricks, the Piquet discards made once for a hand, the table's choices read once from
their notation, card tokens read once."""

import itertools
import random

import pytest

from tutor.cards import Card, parse_card
from tutor.errors import NotationError
from tutor.explain import Explanation
from tutor.games import load
from tutor.games.piquet import Deal, Phase, PiquetDeal, PiquetRules
from tutor.games.piquet.actions import Exchange
from tutor.games.piquet.combos import cards_of, mask_of
from tutor.games.piquet.reckon import _RULES, PLAYERS, _text, hand_events, reckon_events
from tutor.games.piquet.scoring import full_declarations, score_declarations
from tutor.games.view import Choice, choice_of


def _plain_reckoning(carte_blanche, declared, rules, carte_rouge):
    """The explained reckoning built the general way: the events, then Explanation.build."""
    events = reckon_events(hand_events(carte_blanche, declared, carte_rouge), [], rules, complete=False)
    return Explanation.build(PLAYERS, ((PLAYERS[p], cat, pts, _text(cat, pts, d) if not hasattr(d, "name") else d.name(), _RULES[cat])
                                       for p, cat, pts, d in events))


@pytest.mark.parametrize("rules", [PiquetRules(), PiquetRules(carte_rouge=True), PiquetRules(point_by_pips=True)])
def test_piquet_declarations_explained_as_the_general_reckoning_explains_them(rules):
    repiques = 0
    for seed in range(1500):
        d = Deal.from_seed(seed)
        e, y = mask_of(d.elder), mask_of(d.younger)
        got = score_declarations(e, y, rules)
        want = _plain_reckoning(got.carte_blanche, list(full_declarations(e, y, rules)), rules,
                                _rouge(got.declared, (e, y)) if rules.carte_rouge else (False, False))
        assert tuple(got.explanation) == tuple(want)
        repiques += got.repique is not None
    assert repiques > 0  # the repique step is among those compared


def _rouge(declared, hands):
    cover = [0, 0]
    for p, c in declared:
        cover[p] |= c.mask
    return (cover[0] == hands[0], cover[1] == hands[1])


def test_piquet_discards_are_every_combination_of_the_hand_within_the_limits():
    rng = random.Random(4)
    seen_younger_leaving = False
    for seed in range(40):
        s = PiquetDeal.from_seed(seed, PiquetRules())
        while s.phase is Phase.EXCHANGE:  # elder's discards, then younger's
            p = s.to_move
            least, most = s._exchange_limits(p)
            cards = cards_of(s.hands[p])
            legal = [a for a in s.legal_actions()]
            plain = []
            for k in range(least, most + 1):
                for combo in itertools.combinations(cards, k):
                    if p == 1 and k < len(s.stock):
                        plain += [Exchange(combo, True), Exchange(combo, False)]
                        seen_younger_leaving = True
                    else:
                        plain.append(Exchange(combo))
            assert legal == plain
            assert [str(a) for a in legal] == [str(a) for a in plain]
            s.apply(rng.choice(legal))
    assert seen_younger_leaving


def test_counterpique_draws_are_every_discard_within_the_limit():
    rng = random.Random(2)
    checked = 0
    game = load("counterpique")
    for seed in range(30):
        s = game.deal(seed=seed)
        while not s.is_over:
            if s.phase.value == "draw":
                cards = cards_of(s.hands[s.to_move])
                limit = s._draw_limit(s.to_move)
                plain = [Exchange(c) for k in range(limit + 1) for c in itertools.combinations(cards, k)]
                legal = list(s.legal_actions())
                assert legal == plain and [str(a) for a in legal] == [str(a) for a in plain]
                checked += 1
            s.apply(rng.choice(list(s.legal_actions())))
    assert checked >= 30


def _plain_choice(notation: str) -> Choice:
    import re

    card = re.compile(r"^(10|[AKQJT2-9])[SHDC]'?$")
    words = notation.split()
    seat = words[:1] if words and words[0].endswith(":") and len(words) > 1 else []
    words = words[len(seat):]
    cards = tuple(Card(w) for w in words[1:] if card.match(w))
    label = " ".join(Card(w).symbol if card.match(w) else w for w in words)
    label = label[:1].upper() + label[1:] + (" (out of turn)" if seat else "")
    return Choice(notation, words[0] if words else notation, label, cards)


@pytest.mark.parametrize("name", ["piquet", "bezique", "sixtysix", "truc", "counterpique"])
def test_a_choice_read_once_is_the_choice_read_afresh(name):
    game = load(name)
    rng = random.Random(1)
    compared = 0
    for seed in range(12):
        s = game.deal(seed=seed)
        while not s.is_over and compared < 3000:
            legal = list(s.legal_actions())
            for a in legal[:400]:
                assert choice_of(a) == _plain_choice(str(a))
                compared += 1
            s.apply(rng.choice(legal))
    assert choice_of("younger: exchange 7H") == _plain_choice("younger: exchange 7H")
    assert compared > 200


def test_a_card_token_read_again_reads_the_same_card_and_bad_tokens_are_still_refused():
    for token in ("AS", "10h", "Q♠", "AS'", " KD ", "td"):
        first = parse_card(token)
        assert parse_card(token) is first
        assert first is Card(str(first))
    for bad in ("ZZ", "A", "AS''", "1S"):
        for _ in range(2):
            with pytest.raises(NotationError):
                parse_card(bad)
    with pytest.raises(NotationError):
        parse_card(["AS"])  # type: ignore[arg-type]


def test_a_hand_of_a_mask_made_once_is_the_hand_made_afresh():
    from tutor.cards import Hand
    from tutor.games.piquet.combos import hand_of

    rng = random.Random(5)
    for _ in range(300):
        mask = rng.getrandbits(32) & rng.getrandbits(32)
        assert hand_of(mask) == Hand(cards_of(mask)) and isinstance(hand_of(mask), Hand)
        assert hand_of(mask) is hand_of(mask)
    assert hand_of(0) == Hand()


def test_the_counterpique_pad_read_between_deals_is_the_pad_reckoned_afresh():
    """The pad keeps its explanation until something is written: after every deal of whole rubbers
    (the bonuses at the end included) it must be what reckoning every entry again gives."""
    from tutor.games.contract import RandomPlayer
    from tutor.session import SeatView

    game = load("counterpique")
    read = 0
    for seed in range(4):
        match = game.match(seed)
        players = (game.bot(), RandomPlayer(seed))
        while not match.is_over:
            pad = match.pad
            assert pad.explanation() == pad._explanation() and pad.explanation() is pad.explanation()
            read += 1
            match.apply(players[int(match.turn) if seed % 2 else 1 - int(match.turn)].choose(SeatView(match, match.turn)))
        assert match.pad.explanation() == match.pad._explanation()
        assert any(s.category == "rubber" for s in match.pad.explanation())
    assert read > 100


def test_counterpique_views_list_the_calls_as_the_inner_deal_lists_them_and_bids_are_valued_alike():
    from tutor.games.counterpique.bot import _bid_values, bid_values
    from tutor.games.counterpique.state import ROLES

    game = load("counterpique")
    rng = random.Random(6)
    compared = 0
    for seed in range(25):
        s = game.deal(seed=seed)
        while not s.is_over:
            for seat in (0, 1):
                if s.inner is not None:
                    inner = s.inner.view(0)["calls"]
                    want = [(s.table.names[s.seat(ROLES.index(who))], call) for who, call in inner]
                    assert s.view(seat)["calls"] == want
                    compared += bool(want)
                hand = s.hands[seat]
                assert bid_values(hand) == list(_bid_values.__wrapped__(hand))
            s.apply(rng.choice(list(s.legal_actions())))
    assert compared > 50


def test_piquet_set_tables_made_a_field_at_a_time_are_those_made_entry_by_entry():
    """The tables of the best trio or quatorze and of the sets' total (Cavendish Laws 63-64: a
    quatorze 14, a trio 3, tens and higher), made a rank's field at a time as the module is
    imported, hold for every count of the five ranks what the one-by-one definitions give."""
    from tutor.games.piquet import combos

    assert len(combos._SET_KEY) == len(combos._SET_TOTAL) == 1 << 15
    assert list(combos._SET_KEY) == [combos._set_key_of(c) for c in range(1 << 15)]
    assert list(combos._SET_TOTAL) == [combos._set_total_of(c) for c in range(1 << 15)]
    # four aces and three kings (counts of tens, knaves, queens, kings, aces, three bits each)
    assert combos.set_key(4 << 12 | 3 << 9) == 4 * 8 + 4 + combos.SET_MIN_RANK and combos._SET_TOTAL[4 << 12 | 3 << 9] == 17
