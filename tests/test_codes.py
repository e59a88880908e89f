"""Deal codes a class copies by hand: every single mistyped character and every swap of two
neighbours is refused, never read as another deal, and every deal has exactly one spelling.

Exhaustive over real codes of every registered game (not sampled): each position, each of the 63
other characters, and each pair of unequal neighbours.
"""

from __future__ import annotations

import random

import pytest

from tutor import codes
from tutor.errors import NotationError
from tutor.games import GAMES, load

ALPHABET = codes._DIGITS


def typos(code: str):
    """Every string one substitution or one neighbour swap away from ``code`` (after its tag)."""
    start = code.index("-") + 1
    for i in range(start, len(code)):
        for ch in ALPHABET:
            if ch != code[i]:
                yield code[:i] + ch + code[i + 1 :]
    for i in range(start - 2, len(code) - 1):  # from the tag's last letter and the hyphen on
        if code[i] != code[i + 1]:
            yield code[:i] + code[i + 1] + code[i] + code[i + 2 :]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_single_typo_and_neighbour_swap_is_refused(name):
    game = load(name)
    for seed in range(3):
        code = game.deal(seed=seed).code
        tried = 0
        for bad in typos(code):
            tried += 1
            with pytest.raises(NotationError):
                game.deal(code=bad)
        assert tried > 60 * (len(code) - 3)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_one_spelling_per_deal(name):
    """Any string of the right shape that decodes at all is the one spelling of its deal."""
    game = load(name)
    code = game.deal(seed=7).code
    head, body = code.split("-", 1)
    rng = random.Random(name)
    accepted = 0
    for _ in range(3000):
        chars = list(body)
        for _k in range(2):
            chars[rng.randrange(len(chars))] = rng.choice(ALPHABET)
        candidate = head + "-" + "".join(chars)
        try:
            state = game.deal(code=candidate)
        except NotationError:
            continue
        accepted += 1
        assert state.code == candidate
    assert accepted < 3000


def test_a_damaged_code_says_what_to_check():
    code = load("piquet").deal(seed=1).code
    bad = code[:-2] + code[-1] + code[-2]
    with pytest.raises(NotationError, match="check each character"):
        load("piquet").deal(code=bad)
    with pytest.raises(NotationError, match="characters after"):
        load("piquet").deal(code=code + "A")


def test_encoding_refuses_a_deal_that_is_not_the_whole_pack():
    from tutor.cards import PIQUET_PACK

    with pytest.raises(NotationError):
        codes.encode("pq", PIQUET_PACK, [(PIQUET_PACK.cards[:12], False)])


def test_every_games_deal_code_is_read_as_a_code_where_a_seed_may_go():
    # A code typed in a seed box is read as a code (a match plays it as its deal in play), never taken
    # for a seed text: Bondtolva for three's "b3-" and Gaigel for three's "g3-" included.
    from tutor.codes import looks_like_code
    from tutor.errors import TutorError
    from tutor.session import Session

    for name in GAMES:
        code = load(name).deal(seed=1).code
        assert looks_like_code(code), code
    assert not looks_like_code("seven") and not looks_like_code("3-abcdef") and not looks_like_code("b-abcdef")
    s = Session(load("bondtolva3"), seed=1, match=True)
    s.start("b3-H9cIddwu")  # a match given a code plays that deal as its deal in play
    assert s.state.code == "b3-H9cIddwu" and s.seed is None
    with pytest.raises(TutorError, match="damaged"):
        s.start("b3-H9cIddw")
    assert s.state.code == "b3-H9cIddwu"
