"""Cards, hands, packs, the seeded shuffle and deal codes."""

import copy
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor import codes
from tutor.cards import PACKS, PIQUET_PACK, Card, Hand, Rank, Suit, parse_cards, shuffled
from tutor.errors import NotationError, TutorError


def test_notation_round_trips_and_reprs_paste_back():
    c = Card("QS")
    assert str(c) == "QS" and c.rank is Rank.QUEEN and c.suit is Suit.SPADES
    assert eval(repr(c)) is c
    h = Hand("AS KS QS")
    assert eval(repr(h)) == h and str(h) == "AS KS QS"


@pytest.mark.parametrize("text", ["10h", "TH", "th", "T♥", "10♡"])
def test_ten_and_suit_symbols_are_read(text):
    assert Card(text) is Card("TH")


def test_cards_are_interned_immutable_and_survive_copy_and_pickle():
    c = Card("AS")
    assert Card("AS") is c and copy.deepcopy(c) is c and pickle.loads(pickle.dumps(c)) is c
    with pytest.raises(AttributeError):
        c.rank = Rank.KING


@pytest.mark.parametrize("bad", ["ZZ", "1S", "AX", "", "A", "AS''"])
def test_bad_card_names_the_token(bad):
    with pytest.raises(NotationError) as e:
        Card(bad)
    assert repr(bad) in str(e.value) and e.value.token == bad
    assert isinstance(e.value, ValueError) and isinstance(e.value, TutorError)


def test_duplicate_card_in_a_hand_is_refused():
    with pytest.raises(NotationError, match="QS appears twice"):
        Hand("AS QS KS QS")


def test_pack_membership_and_hand_size_are_checked():
    with pytest.raises(NotationError, match="2S is not in the 32-card piquet pack"):
        PIQUET_PACK.parse_hand("AS 2S")
    with pytest.raises(NotationError, match="has 12 cards, but .* has 2"):
        PIQUET_PACK.parse_hand("AS KS", size=12)


def test_pack_sizes_and_composition():
    sizes = {k: len(p) for k, p in PACKS.items()}
    assert sizes == {"piquet32": 32, "pack24": 24, "pack20": 20, "spanish40": 40, "gaigel48": 48, "bezique64": 64, "pack36": 36}
    spanish = PACKS["spanish40"]
    assert Card("3D") in spanish and Card("8D") not in spanish and Card("TD") not in spanish
    assert "".join(r.value for r in spanish.ranks) == "A3KQJ76542"


def test_bezique_copies_are_distinct_cards_with_one_face():
    a, b = Card("AS"), Card("AS'")
    assert a is not b and a != b and b.face is a and b.copy == 1
    assert a in PACKS["bezique64"] and b in PACKS["bezique64"] and b not in PIQUET_PACK
    assert Hand("AS AS'") == (a, b)  # two copies may be held together


@given(st.lists(st.sampled_from(PACKS["bezique64"].cards), unique=True, max_size=20))
def test_hand_notation_round_trips(cards):
    h = Hand(cards)
    assert Hand(str(h)) == h and parse_cards(str(h)) == list(h)


def test_shuffle_uses_random_only_so_a_seed_is_stable():
    # The shuffle must equal a Fisher-Yates driven by random() alone, which CPython keeps stable.
    rng = random.Random(42)
    expected = list(PIQUET_PACK.cards)
    for i in range(31, 0, -1):
        j = int(rng.random() * (i + 1))
        expected[i], expected[j] = expected[j], expected[i]
    assert shuffled(PIQUET_PACK.cards, 42) == expected
    assert shuffled(PIQUET_PACK.cards, 42) != shuffled(PIQUET_PACK.cards, 43)
    assert sorted(map(str, shuffled(PIQUET_PACK.cards, "x"))) == sorted(map(str, PIQUET_PACK.cards))


def test_a_whole_number_seed_shuffles_as_random_random_does():
    # every seed (negative, past 64 bits, text) gives the order random.Random(seed).random() gives,
    # drawn as the Fisher-Yates shuffle draws it (Knuth, TAOCP vol. 2, 3.4.2, Algorithm P)
    pack = PACKS["pack24"].cards * 2
    for seed in [*range(-40, 400), 2**64 + 7, -(10**60), "x", "a long seed", "-3"]:
        rng = random.Random(int(seed) if seed == "-3" else seed)
        expected = list(pack)
        for i in range(len(expected) - 1, 0, -1):
            j = int(rng.random() * (i + 1))
            expected[i], expected[j] = expected[j], expected[i]
        assert shuffled(pack, seed) == expected, seed


LAYOUT = [(12, False), (12, False), (8, True)]


@given(st.randoms(use_true_random=False))
def test_deal_codes_round_trip(rnd):
    order = list(PIQUET_PACK.cards)
    rnd.shuffle(order)
    piles = [(order[:12], False), (order[12:24], False), (order[24:], True)]
    code = codes.encode("pq", PIQUET_PACK, piles)
    back = codes.decode("pq", PIQUET_PACK, LAYOUT, code)
    assert set(back[0]) == set(order[:12]) and set(back[1]) == set(order[12:24]) and back[2] == order[24:]
    assert len(code) <= 16 and all(ch.isalnum() or ch in "-_" for ch in code)


@given(st.randoms(use_true_random=False))
def test_deal_codes_round_trip_with_duplicate_packs(rnd):
    pack = PACKS["bezique64"]
    order = list(pack.cards)
    rnd.shuffle(order)
    layout = [(8, False), (8, False), (48, True)]
    code = codes.encode("bz", pack, [(order[:8], False), (order[8:16], False), (order[16:], True)])
    back = codes.decode("bz", pack, layout, code)
    assert set(back[0]) == set(order[:8]) and back[2] == order[16:]


def test_damaged_deal_codes_are_refused():
    order = list(PIQUET_PACK.cards)
    code = codes.encode("pq", PIQUET_PACK, [(order[:12], False), (order[12:24], False), (order[24:], True)])
    flipped = code[:-2] + ("A" if code[-2] != "A" else "B") + code[-1]
    for bad in (flipped, code[:-1], "xx-" + code[3:], code + "!"):
        with pytest.raises(NotationError):
            codes.decode("pq", PIQUET_PACK, LAYOUT, bad)


def test_a_seed_written_as_digits_is_the_same_seed():
    # The CLI reads --seed as text and a panel's box holds text: both must name the same deal as seed=7.
    assert shuffled(PIQUET_PACK.cards, "7") == shuffled(PIQUET_PACK.cards, 7)
    assert shuffled(PIQUET_PACK.cards, "7/1") != shuffled(PIQUET_PACK.cards, 7)
