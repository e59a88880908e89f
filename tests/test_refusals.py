"""Every kind of refusal each game's engine gives, provoked from a real state.

The standard (issue "Wrong things readers are told today"): a refusal names the rule actually
broken, with its source, and leaves the state unchanged. Each case below reaches a state by
seeded random play of legal actions (the first state met where ``find`` holds), gives it one
refused action, and checks that :class:`~tutor.errors.IllegalActionError` is raised, that the
message holds the source's name and the rule's own words (law number or section), and that the
state is exactly as it was.

:func:`test_every_refusal_site_has_a_case` reads the engines' sources: every refusal they can
write (each message given to ``citing``, ``law`` or ``IllegalActionError``, or returned as a
reason from a ``_why_*`` method) must be met by a case here, or be listed in ``GUARDS`` with the
reason no play can reach it. A new refusal without a case fails.
"""

from __future__ import annotations

import ast
import pathlib
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from tutor.errors import IllegalActionError
from tutor.games import load
from tutor.games.checks import snapshot
from tutor.games.counterpique.state import DEALER, NON_DEALER

ROOT = pathlib.Path(__file__).resolve().parent.parent / "tutor" / "games"

PARLETT = "Parlett's Piquet rules"
CP = "Parlett's Counterpique"
TRUC = "the French rules of Le Truc"
BEZ = "the nineteenth-century Bezique account"
FOSTER = "Foster's Complete Hoyle (1897), Bezique"


@dataclass
class Case:
    id: str
    game: str
    find: Callable[[Any], bool] = lambda s: True
    action: Any = None  # text, an action object, or a function of the state giving one
    words: tuple[str, ...] = ()  # each must be in the message: the source's name and the rule's words
    options: dict = field(default_factory=dict)
    seeds: Any = range(300)
    deal: Callable[[Any, int], Any] | None = None  # (game, seed) -> state; default game.deal(seed=seed)
    do: Callable[[Any], Any] | None = None  # the refused call itself, when it is not an apply (Piquet's questions, a settlement)
    out_of_turn: bool = False  # apply a legal action in the other player's name


def reach(case: Case):
    game = load(case.game, **case.options)
    for seed in case.seeds:
        rng = random.Random(seed)
        state = case.deal(game, seed) if case.deal else game.deal(seed=seed)
        for _ in range(20000):
            if case.find(state):
                return state
            if state.is_over:
                break
            legal = state.legal_actions() if hasattr(state, "legal_actions") else state.deal.legal_actions()
            state.apply(rng.choice(list(legal)))
    raise AssertionError(f"{case.id}: no state found")


def fingerprint(state) -> str:
    """The whole state as text: ``snapshot`` for a deal; a match, manche or partie by its deal and records."""
    if hasattr(state, "to_json"):
        return snapshot(state) + repr(state.to_json())
    parts = {k: v for k, v in vars(state).items() if k != "deal"}
    return repr(sorted(parts.items(), key=str)) + snapshot(state.deal)


def refuse(case: Case) -> str:
    """Provoke the case's refusal; check the error, the words and that nothing changed."""
    state = reach(case)
    before = fingerprint(state)
    with pytest.raises(IllegalActionError) as caught:
        if case.do is not None:
            case.do(state)
        elif case.out_of_turn:
            state.apply(next(iter(state.legal_actions())), player=("elder", "dealer")[1 - state.to_move])
        else:
            state.apply(case.action(state) if callable(case.action) else case.action)
    message = str(caught.value)
    for word in case.words:
        assert word in message, f"{case.id}: {word!r} is not in {message!r}"
    assert fingerprint(state) == before, f"{case.id}: the refusal changed the state"
    return message


# -- helpers on states ------------------------------------------------------------------------------


def ph(state) -> str:
    return state.phase.value


def cards(state, p=None) -> list[str]:
    return [str(c) for c in state.hand(state.to_move if p is None else p)]


def not_held(state, pack) -> str:
    held = set(cards(state))
    return next(c for c in pack if c not in held)


PIQUET_PACK = [r + s for s in "SHDC" for r in "AKQJT987"]


def mixed(state) -> str:
    """Two cards of the hand in different suits."""
    h = cards(state)
    return f"call {h[0]} {next(c for c in h if c[-1] != h[0][-1])}"


def two_suits(state) -> bool:
    return len({c[-1] for c in cards(state)}) > 1


def off_suit(state) -> str | None:
    """A card of the hand not of the suit led, when the hand holds the suit led (Piquet, Counterpique)."""
    led = str(_bit(state.tricks[-1][1]))[-1]
    h = cards(state)
    if any(c[-1] == led for c in h):
        return next((c for c in h if c[-1] != led), None)
    return None


def _bit(b):
    from tutor.games.piquet.combos import BIT_CARD

    return BIT_CARD[b]


def trick_open(state) -> bool:
    return bool(state.tricks) and state.tricks[-1][2] < 0


def following(state) -> bool:
    """Someone must follow a suit he holds, and holds another."""
    return ph(state) == "play" and trick_open(state) and off_suit(state) is not None


def rank_group(state, low: bool) -> str | None:
    """Three cards of one rank in the hand, below ten when ``low``, else None."""
    by = Counter(c[0] for c in cards(state))
    for r, n in by.items():
        if n >= 3 and (r in "987") == low:
            return " ".join([c for c in cards(state) if c[0] == r][:3])
    return None


def calls_by(state, p) -> list:
    return [c for q, c in state._calls_made() if q == p]


# -- Piquet -----------------------------------------------------------------------------------------

CB = [1533]  # a seed whose elder is dealt carte blanche

PIQUET = [
    Case("over", "piquet", lambda s: s.is_over, "play AS", (PARLETT, "Tricks and Score", "twelfth trick")),
    Case("carte-blanche-first", "piquet", lambda s: ph(s) == "announce", lambda s: f"discard {cards(s)[0]}",
         (PARLETT, "Carte blanche", "Cavendish Law 20"), seeds=CB),
    Case("announce-count", "piquet", lambda s: ph(s) == "announce", "announce 6", ("Cavendish Law 21", "one to five"), seeds=CB),
    Case("exchange-order", "piquet", lambda s: ph(s) == "exchange", "good", (PARLETT, "The exchange", "elder exchanges first")),
    Case("exchange-order-carte-blanche", "piquet", lambda s: ph(s) == "exchange" and s.announced is not None, "good",
         (PARLETT, "Carte blanche", "younger exchanges first"), seeds=CB),
    Case("discard-twice", "piquet", lambda s: ph(s) == "exchange", lambda s: f"discard {cards(s)[0]} {cards(s)[0]}",
         (PARLETT, "Cards", "each card once")),
    Case("discard-not-held", "piquet", lambda s: ph(s) == "exchange", lambda s: f"discard {not_held(s, PIQUET_PACK)}",
         (PARLETT, "The exchange", "from his own hand")),
    Case("discard-count-elder", "piquet", lambda s: ph(s) == "exchange" and s.to_move == 0, "discard nothing",
         ("Cavendish Law 21", "elder discards one to five")),
    Case("discard-count-younger", "piquet", lambda s: ph(s) == "exchange" and s.to_move == 1, "discard nothing",
         ("Cavendish Law 22", "younger discards one up to all that remain")),
    Case("discard-count-announced", "piquet", lambda s: ph(s) == "exchange" and s.to_move == 0 and s.announced is not None,
         lambda s: "discard " + " ".join(cards(s)[: 6 - s.announced if s.announced < 5 else 1]),
         (PARLETT, "exactly the number he announced"), seeds=CB),
    Case("leave-unsaid", "piquet", lambda s: ph(s) == "exchange" and s.to_move == 1 and len(s.stock) > 1 and s.announced is None,
         lambda s: f"discard {cards(s)[0]}", (PARLETT, "The exchange", "faced or left concealed", "Cavendish Law 36")),
    Case("leave-nothing", "piquet", lambda s: ph(s) == "exchange" and s.to_move == 1 and s.announced is None,
         lambda s: "discard " + " ".join(cards(s)[: len(s.stock)]) + " show", (PARLETT, "faced or left concealed", "Cavendish Law 36")),
    Case("reply-not-an-answer", "piquet", lambda s: ph(s) == "reply", "pass", (PARLETT, "Declarations", "younger answers each call")),
    Case("reply-unknown", "piquet", lambda s: ph(s) == "reply", lambda s: _reply("perhaps"), (PARLETT, "younger answers each call")),
    Case("reply-untrue", "piquet", lambda s: ph(s) == "reply" and len(list(s.legal_actions())) < 3,
         lambda s: next(a for a in ("good", "not good", "equal") if a not in s.legal_actions()),
         (PARLETT, "Declarations", "not good when he holds better")),
    Case("pass-after-not-good", "piquet", lambda s: ph(s) == "declare" and "pass" not in s.legal_actions(), "pass",
         (PARLETT, "Declarations", "in the classes he said were not good")),
    Case("call-order", "piquet", lambda s: ph(s) == "call", "good", ("Cavendish Law 46", PARLETT, "strictly in this order")),
    Case("younger-shows", "piquet", lambda s: ph(s) == "declare", "good", (PARLETT, "before playing to the first trick")),
    Case("call-twice", "piquet", lambda s: ph(s) == "call", lambda s: f"call {cards(s)[0]} {cards(s)[0]}", (PARLETT, "Cards")),
    Case("call-not-held", "piquet", lambda s: ph(s) == "call", lambda s: f"call {not_held(s, PIQUET_PACK)}",
         ("Cavendish Laws 54-55", "only cards held may be called")),
    Case("point-of-mixed-suits", "piquet", lambda s: ph(s) == "call" and s.kind == "point" and two_suits(s), mixed,
         ("a point is cards of one suit", PARLETT, "The exchange", "greatest number of cards in any one suit")),
    Case("point-of-nothing", "piquet", lambda s: ph(s) == "call" and s.kind == "point", "call",
         ("no cards", PARLETT, "greatest number of cards in any one suit")),
    Case("point-too-short", "piquet", lambda s: ph(s) == "call" and s.kind == "point", lambda s: f"call {cards(s)[0]}",
         ("point_min_length", "house rule with no published source"), options={"point_min_length": 3}),
    Case("sequence-of-mixed-suits", "piquet", lambda s: ph(s) == "call" and s.kind == "sequence" and two_suits(s), mixed,
         ("a sequence is of one suit", PARLETT, "consecutive cards in one suit", "Cavendish Law 63")),
    Case("sequence-broken", "piquet", lambda s: ph(s) == "call" and s.kind == "sequence", lambda s: f"call {cards(s)[0]}",
         ("unbroken order", "Cavendish Law 63", "a tierce, is three")),
    Case("set-of-mixed-ranks", "piquet", lambda s: ph(s) == "call" and s.kind == "set", mixed,
         ("three or four cards of one rank", PARLETT, "from the tens up", "Cavendish Law 64")),
    Case("set-below-ten", "piquet", lambda s: ph(s) == "call" and s.kind == "set" and rank_group(s, True) is not None,
         lambda s: f"call {rank_group(s, True)}", ("tens or higher only", PARLETT, "Cavendish Law 64")),
    Case("declared-twice", "piquet", lambda s: ph(s) == "declare" and s.kind != "point" and any(q == 1 and c.kind == s.kind for q, c in s.declared),
         lambda s: "call " + " ".join(map(str, next(c for q, c in s.declared if q == 1 and c.kind == s.kind).cards)),
         (PARLETT, "every other its holder has, each made of other cards"), seeds=range(2000)),
    Case("not-better-after-not-good", "piquet",
         lambda s: ph(s) == "declare" and s.kind == "point" and s._younger_must_beat(s.cls) is not None,
         lambda s: f"call {cards_of_mask(s.hands0(1))[0]}", ("after 'not good'", PARLETT, "better than elder's calls")),
    Case("play-not-a-card", "piquet", lambda s: ph(s) == "play", "good", (PARLETT, "Declarations and Tricks", "elder leads")),
    Case("play-outside-the-pack", "piquet", lambda s: ph(s) == "play", "play 2S", ("not in the piquet pack", PARLETT, "Cards")),
    Case("play-not-held", "piquet", lambda s: ph(s) == "play", lambda s: f"play {not_held(s, PIQUET_PACK)}",
         ("does not hold", PARLETT, "from the cards in his hand")),
    Case("must-follow", "piquet", following, lambda s: f"play {off_suit(s)}",
         ("must follow", PARLETT, "suit must be followed", "Cavendish Law 59 IV")),
    Case("partie-over", "piquet", lambda s: s.is_over, "play AS", ("the partie is over", "Cavendish Law 71", "six deals"),
         seeds=range(1), deal=lambda g, seed: g.partie(seed)),
    Case("settle-too-soon", "piquet", lambda s: True, None, ("the partie is not over", "Cavendish Law 71"),
         seeds=range(1), deal=lambda g, seed: g.partie(seed), do=lambda s: s.settlement()),
    Case("ask-no-such-call", "piquet", lambda s: ph(s) == "reply", None, (PARLETT, "Sinking and proving"), do=lambda s: s.ask(1, 99, "suit")),
    Case("ask-suit-of-a-set", "piquet", lambda s: ph(s) == "reply" and s.kind == "set", None, (PARLETT, "Sinking and proving"),
         do=lambda s: s.ask(1, len(calls_by(s, 0)) - 1, "suit")),
    Case("ask-making-of-a-sequence", "piquet", lambda s: ph(s) == "reply" and s.kind == "sequence", None,
         ("only a point", PARLETT, "Sinking and proving"), do=lambda s: s.ask(1, len(calls_by(s, 0)) - 1, "making")),
    Case("ask-making-short", "piquet",
         lambda s: ph(s) == "reply" and s.kind == "point" and calls_by(s, 0)[0].length > longest(s.hands[1]), None,
         ("Cavendish Law 46", "only holding"), do=lambda s: s.ask(1, 0, "making"), seeds=range(3000)),
    Case("ask-unknown-question", "piquet", lambda s: ph(s) == "reply", None, (PARLETT, "Sinking and proving"), do=lambda s: s.ask(1, 0, "colour")),
]


def _reply(answer):
    from tutor.games.piquet.actions import Reply

    return Reply(answer)


def cards_of_mask(mask) -> list[str]:
    from tutor.games.piquet.combos import cards_of

    return [str(c) for c in cards_of(mask)]


def longest(mask) -> int:
    return max(((mask >> (8 * s)) & 0xFF).bit_count() for s in range(4))


# -- Counterpique -----------------------------------------------------------------------------------


COUNTERPIQUE = [
    Case("over", "counterpique", lambda s: s.is_over and not s.made, "play AS", ("the deal is over", CP, "Play; Score")),
    Case("over-contract-made", "counterpique", lambda s: s.is_over and s.made and len(s.tricks) < 12, "play AS",
         ("play stops there", CP, "Play")),
    Case("blank-first", "counterpique", lambda s: ph(s) == "blank", "yes", (CP, "a blank (no face cards)", "(Deal)"), seeds=range(5000)),
    Case("non-dealer-bids", "counterpique", lambda s: ph(s) == "auction" and s.to_move == NON_DEALER, "bid seven-three", (CP, "Bidding", "says yes")),
    Case("non-dealer-stands", "counterpique", lambda s: ph(s) == "auction" and s.to_move == NON_DEALER, "stand", (CP, "Bidding")),
    Case("dealer-says-yes", "counterpique", lambda s: ph(s) == "auction" and s.to_move == DEALER, "yes", (CP, "Bidding", "the dealer bids first")),
    Case("dealer-bids-no-higher", "counterpique", lambda s: ph(s) == "auction" and s.to_move == DEALER and s.bid is not None,
         lambda s: f"bid {s.bid.name}", (CP, "A higher bid is one with a higher potential score")),
    Case("raise-not-a-bid", "counterpique", lambda s: ph(s) == "raise", "yes", (CP, "(Bidding)", "the non-dealer may raise")),
    Case("raise-no-higher", "counterpique", lambda s: ph(s) == "raise", lambda s: f"bid {s.bid.name}", (CP, "higher potential score")),
    Case("draw-not-a-discard", "counterpique", lambda s: ph(s) == "draw", "pass", (CP, "(Drawing cards)", "fewer if he likes")),
    Case("draw-shown", "counterpique", lambda s: ph(s) == "draw", "discard nothing show", (CP, "Drawing cards", "not allowed to look at the cards he leaves")),
    Case("draw-twice", "counterpique", lambda s: ph(s) == "draw", lambda s: f"discard {cards(s)[0]} {cards(s)[0]}", (CP, "(Cards)")),
    Case("draw-not-held", "counterpique", lambda s: ph(s) == "draw", lambda s: f"discard {not_held(s, PIQUET_PACK)}", (CP, "Drawing cards")),
    Case("draw-too-many", "counterpique", lambda s: ph(s) == "draw", lambda s: "discard " + " ".join(cards(s)[:9]),
         (CP, "may draw at most", "Drawing cards")),
    Case("declaring-not-a-call", "counterpique", lambda s: ph(s) == "call", "yes", (CP, "Declarations", "in the usual way")),
    Case("declaring-piquet-rule", "counterpique", lambda s: ph(s) == "call" and s.inner.kind == "point" and two_suits(s), mixed,
         ("a point is cards of one suit", PARLETT, CP, "in the usual way")),
    Case("play-not-a-card", "counterpique", lambda s: ph(s) == "play", "pass", (CP, "(Play)", "Elder leads first")),
    Case("play-outside-the-pack", "counterpique", lambda s: ph(s) == "play", "play 2S", (CP, "(Cards)")),
    Case("play-not-held", "counterpique", lambda s: ph(s) == "play", lambda s: f"play {not_held(s, PIQUET_PACK)}", (CP, "(Play)")),
    Case("must-follow", "counterpique", following, lambda s: f"play {off_suit(s)}", (CP, "(Play)", "You must follow suit if you can")),
]


# -- Le Truc ----------------------------------------------------------------------------------------

TRUC_PACK = [r + s for s in "SHDC" for r in "78AKQJT9"]


def near_manche(game, seed):
    """Deals near the end of a manche, where banco comes in."""
    return game.deal(seed=seed, manche=(7 + seed % 5, 7 + (seed // 5) % 5))


def truc_raise(kind):
    return lambda s: ph(s) == "play" and s.raise_kind(s.to_move) == kind


TRUC_CASES = [
    Case("over-won", "truc", lambda s: s.is_over and s.ending == "won", "play AS", (TRUC, "But du jeu", "won two tricks")),
    Case("over-refused", "truc", lambda s: s.is_over and s.ending == "refused", "play AS", (TRUC, "Enchères", "proposal refused")),
    Case("call-for-cards", "truc", lambda s: ph(s) == "call", lambda s: f"play {cards(s)[0]}", (TRUC, "Appel de cartes")),
    Case("answer-first", "truc", lambda s: ph(s) == "answer", lambda s: f"play {cards(s)[0]}", (TRUC, "Enchères", "accepted")),
    Case("banco-to-a-double", "truc", lambda s: ph(s) == "answer" and s.pending[1] == "double", "banco", (TRUC, "Manche", "only a banco")),
    Case("banco-to-a-counter-banco", "truc", lambda s: ph(s) == "answer" and s.pending[1] == "counter-banco", "banco",
         (TRUC, "Manche", "his own banco"), deal=near_manche, seeds=range(3000)),
    Case("counter-banco-own-turn", "truc", lambda s: ph(s) == "answer" and s.pending[1] == "banco", "banco",
         ("counter_banco='own turn'", TRUC, "Manche"), options={"counter_banco": "own turn"}, deal=near_manche, seeds=range(3000)),
    Case("counter-banco-not-higher", "truc",
         lambda s: ph(s) == "answer" and s.pending[1] == "banco" and s.target - s.manche[1 - s.pending[0]] <= s.pending[2], "banco",
         (TRUC, "Manche", "lacks more points"), deal=near_manche, seeds=range(3000)),
    Case("play-outside-the-pack", "truc", lambda s: ph(s) == "play", "play 2S", (TRUC, "Nombre de cartes")),
    Case("play-not-held", "truc", lambda s: ph(s) == "play", lambda s: f"play {not_held(s, TRUC_PACK)}", (TRUC, "Déroulement")),
    Case("double-near-the-manche", "truc", truc_raise("banco"), "double", (TRUC, "Manche", "asks banco"), deal=near_manche, seeds=range(3000)),
    Case("banco-far-from-the-manche", "truc", truc_raise("double"), "banco", (TRUC, "Manche", "asks banco")),
    Case("second-proposal", "truc", lambda s: ph(s) == "play" and s.proposed, "double", (TRUC, "Enchères", "before playing his card")),
    Case("raise-alternate", "truc", lambda s: ph(s) == "play" and not s.proposed and s.last_raiser == s.to_move, "double",
         ("double_turns='alternate'", TRUC, "Enchères"), options={"double_turns": "alternate"}),
    Case("nothing-left-to-double", "truc", lambda s: ph(s) == "play" and not s.proposed and s.raise_kind(s.to_move) is None
         and s.manche[s.to_move] + 2 * s.value > s.target, "double", (TRUC, "Manche", "nothing left to double"), deal=near_manche, seeds=range(3000)),
    Case("answer-nothing", "truc", lambda s: ph(s) == "play", "accept", (TRUC, "Enchères", "no proposal to answer")),
    Case("play-not-a-card", "truc", lambda s: ph(s) == "play", "keep", (TRUC, "Déroulement", "the cards are being played")),
    Case("manche-over", "truc", lambda s: s.is_over, "keep", (TRUC, "Manche", "played to 12 points"),
         seeds=range(1), deal=lambda g, seed: g.manche(seed)),
    Case("partie-over", "truc", lambda s: s.is_over, "keep", (TRUC, "Partie", "two manches won"),
         seeds=range(1), deal=lambda g, seed: g.partie(seed)),
    Case("out-of-turn-call", "truc", lambda s: ph(s) == "call", None, (TRUC, "Appel de cartes", "not")),
    Case("out-of-turn-answer", "truc", lambda s: ph(s) == "answer", None, (TRUC, "Enchères")),
    Case("out-of-turn-play", "truc", lambda s: ph(s) == "play", None, (TRUC, "Déroulement")),
]
for _c in TRUC_CASES:
    _c.out_of_turn = _c.id.startswith("out-of-turn")


# -- Bezique ----------------------------------------------------------------------------------------


def bz(s) -> str:
    return s.phase.value + "/" + s.stage.value


def trumps(s) -> str:
    return s.trump.value


def bz_face_not_held(s) -> str:
    """A card of the pack of which the player to move holds neither copy."""
    held = {str(c).rstrip("'") for c in s.held(s.to_move)}
    return next(c for c in PIQUET_PACK if c not in held)


def bz_off(s):
    legal = {str(a) for a in s.legal_actions()}
    return next((f"play {c}" for c in s.hand(s.to_move) if f"play {c}" not in legal), None)


def bz_legal_card(s):
    return next(str(a).split()[1] for a in s.legal_actions() if str(a).startswith("play"))


def bz_missing(s) -> str:
    held = {str(c) for c in s.held(s.to_move)}
    return next(c + "'" if c in held else c for c in (f"K{x}" for x in "SHDC") if c + "'" not in held or c not in held)


def seven_held(s) -> bool:
    return any(c.rank.value == "7" and c.suit is s.trump for c in s.hands[s.to_move])


def marriage(s):
    """A king and queen of one plain suit held, or None."""
    held = [str(c).rstrip("'") for c in s.held(s.to_move)]
    for x in "SHDC":
        if x != trumps(s) and f"K{x}" in held and f"Q{x}" in held:
            return f"K{x} Q{x}"
    return None


def married_again(s):
    """A marriage of this player's already scored, its cards still on the table."""
    if not (bz(s) == "declare/stock" and not s.declared_now):
        return None
    for m in s.melds:
        if m.player == s.to_move and m.kind.key == "marriage" and m.scored and all(c in s.laid[s.to_move] for c in m.cards):
            return "declare marriage " + " ".join(map(str, m.cards))
    return None


def declare(name, *cards, extra=None):
    """A declaration as an action object (text would be refused before the engine sees it)."""
    from tutor.cards import Card
    from tutor.games.stock.actions import Declare

    more = () if extra is None else ((extra[0], tuple(Card(c) for c in extra[1:])),)
    return Declare(name, tuple(Card(str(c)) for c in cards), more)


def scripted(elder: str, turnup: str, top: str, actions: str, **options):
    """A Bezique deal from given cards (younger holds low cards and loses every trick he is led),
    played on by ``actions``: how the declarations no random play makes are reached."""

    def deal(game, seed):
        younger = "7S 8S 9S 7H 8H 9H 7D 8D".split()
        used = set(elder.split() + younger + [turnup] + top.split())
        rest = [str(c) for c in game.pack.cards if str(c) not in used]
        state = game.deal_cards(elder, " ".join(younger), turnup, " ".join(top.split() + rest))
        for a in actions.split(","):
            state.apply(a.strip())
        return state

    return dict(find=lambda s: True, seeds=range(1), deal=deal, options=options)


BEZIQUE = [
    Case("over", "bezique", lambda s: s.is_over, "draw", (BEZ, "When all the cards are played"), seeds=range(3)),
    Case("game-over", "bezique", lambda s: s.is_over, "draw", ("the game is over", BEZ, "Winning the Game", "1000 or upwards"),
         seeds=range(1), deal=lambda g, seed: g.game(seed)),
    Case("draw-out-of-turn", "bezique", lambda s: bz(s) == "lead/stock", "draw", (BEZ, "Forfeits", "For drawing out of turn")),
    Case("close", "bezique", lambda s: bz(s) == "lead/stock", "close", (BEZ, "The Last Eight Tricks", "no rule lets a player close it")),
    Case("claim", "bezique", lambda s: bz(s) == "lead/stock", "claim", (BEZ, "Winning the Game")),
    Case("lead-before-drawing", "bezique", lambda s: bz(s) == "declare/stock", lambda s: f"play {s.hand(s.to_move)[0]}",
         (BEZ, "immediately after he has taken a trick", "For playing without drawing")),
    Case("play-not-held", "bezique", lambda s: bz(s) == "lead/stock", lambda s: f"play {bz_face_not_held(s)}", (BEZ, "like any card in the hand")),
    Case("play-not-in-the-pack", "bezique", lambda s: bz(s) == "lead/stock", "play 2S", ("there is no 2S in the pack of Bezique", BEZ)),
    Case("last-eight-follow", "bezique", lambda s: bz(s) == "follow/end" and bz_off(s) is not None, bz_off,
         (BEZ, "The Last Eight Tricks", "obliged to follow suit, or trump")),
    Case("revoke-while-free", "bezique", lambda s: bz(s) == "follow/stock", lambda s: f"revoke {s.hand(s.to_move)[0]}",
         (BEZ, "The Last Eight Tricks and Forfeits")),
    Case("revoke-a-legal-card", "bezique", lambda s: bz(s) == "follow/end", lambda s: f"revoke {bz_legal_card(s)}",
         ("a legal play, not a revoke", BEZ, "forfeits the eight tricks")),
    Case("revoke-not-held", "bezique", lambda s: bz(s) == "follow/end" and bz_off(s) is not None, lambda s: f"revoke {bz_face_not_held(s)}",
         (BEZ, "like any card in the hand")),
    Case("no-exchange-with-first-marriage", "bezique", lambda s: bz(s) == "declare/stock", "exchange 7S",
         ("no exchange for the turn-up", BEZ, "The seven of trumps can be exchanged"), options={"trumps": "first-marriage"}),
    Case("no-turn-up-left", "bezique", lambda s: bz(s) == "follow/end", "exchange 7S", ("no turn-up", BEZ, "seven of trumps")),
    Case("turn-up-is-the-seven", "bezique", lambda s: s.turnup is not None and s.turnup.rank.value == "7" and bz(s) == "declare/stock",
         lambda s: f"exchange 7{trumps(s)}", ("itself the seven", BEZ, "immediately after he has taken a trick")),
    Case("exchange-when-not-won", "bezique", lambda s: bz(s) == "lead/stock" and s.turnup.rank.value != "7",
         lambda s: f"exchange 7{trumps(s)}", ("the exchange is made after winning a trick", BEZ)),
    Case("exchange-another-card", "bezique", lambda s: bz(s) == "declare/stock" and s.turnup.rank.value != "7",
         lambda s: f"exchange A{trumps(s)}", ("only the seven of trumps", BEZ, "can be exchanged for the trump card")),
    Case("exchange-seven-not-held", "bezique", lambda s: bz(s) == "declare/stock" and s.turnup.rank.value != "7" and not seven_held(s),
         lambda s: f"exchange 7{trumps(s)}", ("does not hold", BEZ)),
    Case("exchange-a-declared-seven", "bezique",
         lambda s: bz(s) == "declare/stock" and s.turnup.rank.value != "7" and bool(s._shown_sevens()) and not s.declared_now,
         lambda s: f"exchange {next(iter(s._shown_sevens()))}", ("exchanged or declared, not both", "seven_of_trumps='exchange-or-declare'", "Foster's Hoyle"),
         options={"seven_of_trumps": "exchange-or-declare"}, seeds=range(2000)),
    Case("declare-in-the-last-eight", "bezique", lambda s: bz(s) == "lead/end", "declare KS QS", (BEZ, "No more declarations can now be made")),
    Case("declare-when-not-won", "bezique", lambda s: bz(s) == "lead/stock", "declare KS QS", (BEZ, "immediately after he has taken a trick")),
    Case("declare-unknown-name", "bezique", lambda s: bz(s) == "declare/stock", lambda s: declare("flush", *map(str, s.hand(s.to_move)[:2])),
         ("no combination called", BEZ, "Scoring")),
    Case("declare-not-held", "bezique", lambda s: bz(s) == "declare/stock", lambda s: f"declare marriage {bz_missing(s)} {bz_missing(s).replace('K', 'Q', 1)}",
         ("does not hold", BEZ, "used as if in the hand")),
    Case("declare-a-card-twice", "bezique", lambda s: bz(s) == "declare/stock" and any(str(c) == "AS" for c in s.hand(s.to_move))
         and not any(str(c) == "AS'" for c in s.held(s.to_move)), "declare four aces AS AS AS AS",
         ("only once", BEZ, "so many different cards")),
    Case("declare-not-a-marriage", "bezique", lambda s: bz(s) == "declare/stock" and any(str(c).startswith("K") for c in s.hand(s.to_move))
         and any(str(c).startswith("Q") for c in s.hand(s.to_move)),
         lambda s: "declare four kings " + " ".join(str(c) for c in s.hand(s.to_move) if str(c).startswith(("K", "Q")))[:40],
         ("is not a four kings", BEZ, "four kings 80")),
    Case("declare-twice-after-a-trick", "bezique", lambda s: bz(s) == "declare/stock" and s.declared_now and marriage(s) is not None,
         lambda s: f"declare marriage {marriage(s)}", ("only one declaration scores after each trick", FOSTER, "'Declarations'"), seeds=range(600)),
    Case("all-on-the-table", "bezique", action="declare marriage KS QS",
         words=("every card of KS QS is already on the table", "Foster's Hoyle"),
         **scripted("KS KH KD KC QS JD AD AH", "8C", "AC 9D' 9C 9H'",
                    "play AD, play 7S, declare four kings KS KH KD KC, draw, play AH, play 7H, declare bezique QS JD, draw, play AC, play 9D")),
    Case("lower-from-higher", "bezique", action="declare royal marriage KC QC",
         words=("a lower combination of the same class cannot be made from a higher one", "Foster's Hoyle"),
         **scripted("AC TC KC QC JC AD AH 7S'", "8C", "", "play AD, play 7S, declare sequence AC TC KC QC JC, draw, play AH, play 7H")),
    Case("seven-alongside", "bezique", action=declare("marriage", "KH", "QH", extra=("seven of trumps", "7C")),
         words=("cannot be announced alongside another declaration", FOSTER, "'Double Declarations'"),
         **scripted("7C KH QH AD AH 7S' 8S' 9S'", "8C", "", "play AD, play 7S", seven_of_trumps="exchange-or-declare")),
    Case("marry-again", "bezique", lambda s: married_again(s) is not None, married_again,
         ("Kings and queens once married, cannot be married again", BEZ, "Foster's Hoyle"), seeds=range(600)),
]


CASES = PIQUET + COUNTERPIQUE + TRUC_CASES + BEZIQUE


@pytest.mark.parametrize("case", CASES, ids=[f"{c.game}-{c.id}" for c in CASES])
def test_a_refusal_names_its_rule_and_changes_nothing(case):
    refuse(case)


# -- every refusal site has a case ------------------------------------------------------------------

#: where each game's refusals are written: (module, functions whose messages are refusals)
SITES = {
    "piquet": [("piquet/deal.py", ("_why_illegal", "_why_bad_exchange", "_why_bad_call", "ask")),
               ("piquet/combos.py", ("validate_combination",)),
               ("piquet/partie.py", ("settlement",)), ("match.py", ("_over",))],
    "counterpique": [("counterpique/state.py", ("_why_illegal", "_why_bad_bid", "_why_bad_draw", "_why_bad_play"))],
    "truc": [("truc/state.py", ("_why_illegal", "_raise", "_counter_banco", "apply")), ("truc/match.py", ("apply",))],
    "bezique": [("stock/refusals.py", ("_why_illegal", "_why_bad_play", "_why_bad_revoke", "_why_bad_exchange", "_why_bad_declare",
                                   "_why_bad_draw", "_why_bad_close", "_why_bad_claim", "_resolve_declare")),
                ("bezique/state.py", ("_why_bad_exchange", "apply")),
                ("stock/declarations.py", ("reuse_fault",))],
}

#: refusal sites no play reaches in a game, with the reason; each still cites its rule
GUARDS = {
    "piquet": {
        "only one point may be declared": "the class moves on as soon as a point is declared",
        "{} cannot be called now": "every held, well-formed, unused call is listed or refused by an earlier test",
    },
    "counterpique": {},
    "truc": {},
    "bezique": {
        "the stock may be closed only by the player on lead, before leading, while it lasts{}": "Bezique has no closing",
        "you may claim only when it is your turn to lead": "Bezique has no claim",
        "having declared, {} must lead one of {}": "only games that declare on lead oblige a lead",
        "having declared, {} must play one of {}": "only games that declare on play (Chouine) oblige a card; tests/test_chouine.py",
        "{} may declare only on his turn to play, before playing, once a turn": "Bezique declares after a trick; Chouine's "
            "case is in tests/test_chouine.py",
        "{} sets no penalty for a revoke: play a legal card ({})": "Bezique sets a penalty",
        "you have just exchanged": "after an exchange the turn-up is the seven, which is refused first",
        "the stock is closed: the turn-up may no longer be exchanged": "Bezique has no closing (Sixty-Six's case is in "
            "tests/test_contract_both_ways.py)",
        "there are no declarations in {}": "Bezique has declarations",
        "{} may declare only when on lead, before leading, and once a turn": "Bezique declares after a trick",
        "{} already served in your {}: cards of a scored {} serve in no other {}, neither extended nor scored again":
            "only under a reuse policy stricter than Foster's, which Bezique follows (Briscan's: tests/test_briscan.py)",
        "the {} {} uses no card laid down now: it cannot be announced":
            "a part made only of cards already on the table is refused first by Foster's rule that a new card come from the hand",
        "announced combinations score later only while all their cards stay on the table":
            "a card gone from the table is no longer held, which is refused first",
        "{} is not an action of {}": "every action of the family is handled above it",
    },
}

#: sites whose reason is made elsewhere (a notation error, Piquet's dialogue, the trick rules), and the cases that reach them
INDIRECT = {
    "piquet": {"<str>": ("discard-twice", "call-twice")},
    "counterpique": {"<str>": ("draw-twice",), "<why_illegal>": ("declaring-piquet-rule",)},
    "truc": {},
    "bezique": {"<why_not_playable>": ("last-eight-follow",), "<str>": ("declare-unknown-name",), "<_missing>": ("declare-not-held",)},
}


#: functions that return a reason (None when legal); in the others only raised errors are refusals
REASONS = ("_why", "_raise", "_counter_banco", "validate_combination", "reuse_fault")


def _template(node) -> str:
    """The literal text of a message expression, each value written ``{}``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    if isinstance(node, ast.BinOp):
        return _template(node.left)
    if isinstance(node, ast.Call):  # a reason made elsewhere: str(error), why_illegal(...), why_not_playable(...)
        return "<" + (getattr(node.func, "id", None) or getattr(node.func, "attr", "?")) + ">"
    return "{}"


def _sites(path: pathlib.Path, functions) -> list[str]:
    out = []
    for fn in ast.walk(ast.parse(path.read_text())):
        if not (isinstance(fn, ast.FunctionDef) and fn.name in functions):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                if name in ("citing", "IllegalActionError") and node.args:
                    out.append(_template(node.args[0]))
                elif name == "law" and len(node.args) == 3:
                    out.append(_template(node.args[2]))
            elif isinstance(node, ast.Return) and node.value is not None and fn.name.startswith(REASONS):
                v = node.value
                if isinstance(v, ast.Tuple):
                    v = v.elts[-1]
                if isinstance(v, ast.IfExp):
                    v = v.body
                if isinstance(v, (ast.JoinedStr, ast.BinOp)) or (isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value):
                    out.append(_template(v))
    return out


def _pattern(template: str) -> re.Pattern:
    return re.compile(".*?".join(re.escape(part) for part in template.split("{}")), re.S)


@pytest.fixture(scope="module")
def messages():
    out: dict[str, list[str]] = {g: [] for g in SITES}
    for case in CASES:
        out[case.game].append(refuse(case))
    return out


@pytest.mark.parametrize("game", sorted(SITES))
def test_every_refusal_site_has_a_case(game, messages):
    sites = [t for path, fns in SITES[game] for t in _sites(ROOT / path, fns)]
    assert sites, f"no refusal sites found for {game}"
    ids = {c.id for c in CASES if c.game == game}
    uncovered = []
    for template, n in Counter(sites).items():
        if template in GUARDS[game]:
            continue
        if template.startswith("<"):
            met = len(ids.intersection(INDIRECT[game].get(template, ())))
            if met < n:
                uncovered.append(f"{template}: {n} site(s), {met} case(s) named in INDIRECT")
            continue
        met = sum(bool(_pattern(template).search(m)) for m in messages[game])
        if met < n:
            uncovered.append(f"{template!r}: {n} site(s), {met} case(s)")
    assert not uncovered, f"{game}: refusals without a case (add one, or a guard with its reason):\n" + "\n".join(uncovered)
    stale = [t for t in [*GUARDS[game], *INDIRECT[game]] if t not in sites]
    assert not stale, f"{game}: guards for refusals that no longer exist: {stale}"


# -- Bezique's declaration ledger (``tutor score bezique``) -----------------------------------------

LEDGER = [
    (["play AS", "play AS"], ("has been played already", BEZ, "like any card in the hand")),
    (["declare marriage KH QH", "play KH", "declare four kings KH KS KD KC"], ("can serve in no more declarations", BEZ, "used as if in the hand")),
    (["declare four aces AS AS AS AS"], ("only once", BEZ, "Scoring")),
    (["declare marriage KH QS"], ("is not a marriage", BEZ, "'Marriage - King and queen of any suit, except trumps'")),
    (["declare marriage KH QH", "declare marriage KH QH"], ("Kings and queens once married, cannot be married again", "Foster's Hoyle")),
]


@pytest.mark.parametrize("actions, words", LEDGER, ids=[a[-1] for a, _ in LEDGER])
def test_the_bezique_ledger_names_the_rule(actions, words):
    from tutor.games.bezique.state import score_declarations

    with pytest.raises(IllegalActionError) as caught:
        score_declarations("C", actions)
    for word in words:
        assert word in str(caught.value)
