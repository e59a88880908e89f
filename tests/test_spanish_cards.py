"""The 40-card Spanish pack: its notation (Spanish names, the tutor's letters) and its drawings."""

import re

import pytest

from tutor.cards import (
    SPANISH_INDEX,
    SPANISH_PACK,
    SPANISH_SUIT_NAMES,
    Card,
    Suit,
    parse_spanish_card,
    parse_spanish_cards,
    spanish_name,
)
from tutor.errors import NotationError
from tutor.render import card_svg, hand_svg
from tutor.render.spanish import PINTAS, spanish_card_svg


def test_the_pack_is_forty_cards_ranked_as_tute_ranks_them():
    # David Parlett, The Penguin Book of Card Games, Tute: A 3 K Q J 7 6 5 4 2, forty cards
    assert len(SPANISH_PACK) == 40
    assert " ".join(SPANISH_INDEX[r] for r in SPANISH_PACK.ranks) == "A 3 R C S 7 6 5 4 2"
    assert {SPANISH_SUIT_NAMES[s] for s in SPANISH_PACK.suits} == {"oros", "copas", "espadas", "bastos"}


@pytest.mark.parametrize("text, card", [
    ("rey de copas", "KH"), ("caballo-oros", "QD"), ("S-e", "JS"), ("Sota de Bastos", "JC"),
    ("12 de bastos", "KC"), ("11 de oros", "QD"), ("10 de copas", "JH"), ("1 de espadas", "AS"),
    ("tres de oros", "3D"), ("3-o", "3D"), ("as de copas", "AH"), ("R c", "KH"), ("QD", "QD"), ("2C", "2C"),
])
def test_spanish_names_and_the_tutor_letters_read_the_same_card(text, card):
    assert parse_spanish_card(text) is Card(card)


def test_every_card_reads_back_from_its_spanish_name():
    for c in SPANISH_PACK:
        assert parse_spanish_card(spanish_name(c)) is c


def test_a_list_mixes_the_forms():
    assert parse_spanish_cards("rey de copas 3-oros S-e KH") == [Card("KH"), Card("3D"), Card("JS"), Card("KH")]
    assert parse_spanish_cards("caballo de oros, dos de bastos") == [Card("QD"), Card("2C")]


@pytest.mark.parametrize("bad, token", [
    ("ocho de oros", "ocho"), ("rey de picas", "picas"), ("8D", "8D"), ("TS", "TS"), ("zz", "zz"), ("KS'", "KS'"),
])
def test_a_bad_spanish_card_names_its_token(bad, token):
    with pytest.raises(NotationError) as e:
        parse_spanish_card(bad)
    assert e.value.token == token and token in str(e.value)


def test_each_card_is_drawn_with_its_suit_pinta_and_index():
    for c in SPANISH_PACK:
        svg = spanish_card_svg(c)
        assert svg.startswith("<svg") and svg.endswith("</svg>") and f'data-card="{c}"' in svg
        assert spanish_name(c) in svg  # the text alternative names the card in Spanish
        assert f">{SPANISH_INDEX[c.rank]}</text>" in svg
    # the frame's breaks: a line segment per gap-and-one on each of top and bottom (none for oros)
    for suit, gaps in PINTAS.items():
        svg = spanish_card_svg(Card.of(SPANISH_PACK.ranks[0], suit))
        segments = len(re.findall(r'<path d="M[\d.]+ [\d.]+ H', svg))
        assert segments == (0 if gaps == 0 else 2 * (gaps + 1))
    assert PINTAS == {Suit.DIAMONDS: 0, Suit.HEARTS: 1, Suit.SPADES: 2, Suit.CLUBS: 3}


def test_a_seven_shows_seven_emblems_and_a_court_none_but_one():
    assert spanish_card_svg(Card("7C")).count("<g transform") == 7
    assert spanish_card_svg(Card("KC")).count("<g transform") == 1


def test_sizes_panel_and_large():
    small, large = spanish_card_svg(Card("AD")), spanish_card_svg(Card("AD"), scale=1.5)
    assert 'width="46" height="66"' in small and 'width="138" height="198"' in large


def test_the_shared_drawing_dispatches_by_pack():
    assert "tutor-card-spanish" in card_svg(Card("KH"), pack="spanish40")
    assert "tutor-card-spanish" not in card_svg(Card("KH"))
    assert hand_svg([Card("KH"), Card("2C")], pack="spanish40").count("tutor-card-spanish") == 2
