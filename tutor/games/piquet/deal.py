"""One deal of Piquet as a state machine: exchange, declarations, twelve tricks, the reckoning.

Every game state answers the same questions: whose turn it is (:attr:`PiquetDeal.to_move`), what
is legal (:meth:`legal_actions`), what an action does (:meth:`apply`), the score so far with its
steps (:meth:`explanation`), and what a player may see (:meth:`view`). :meth:`apply` checks and
raises :class:`IllegalActionError` leaving the state as it was; :meth:`apply_unchecked` is the
fast path for simulations that only ever pick from :meth:`legal_actions`.

The phases follow the hand (Parlett's Piquet rules; Cavendish's laws):

``announce``  elder holding carte blanche says how many cards he will exchange;
``exchange``  elder (or younger first, after elder's announcement) discards and takes in;
``call``      elder calls point, sequence and set in that order;
``reply``     younger answers each call: good, not good, or equal;
``play``      twelve tricks, elder leading the first;
``declare``   between elder's first lead and his own card, younger shows what he has good;
``over``      the deal is reckoned.
"""

from __future__ import annotations

import copy
import enum
import functools
import itertools
import re
from dataclasses import dataclass

from ... import codes
from ...cards import PIQUET_PACK, Card, Hand
from ...errors import IllegalActionError, NotationError
from ...explain import Explanation
from ..base import GameState, citing
from .actions import ANSWERS, EQUAL, GOOD, NOT_GOOD, Action, Announce, Call, Exchange, Pass, Play, Reply, parse_action
from .combos import (
    BIT_CARD,
    CARD_BIT,
    CLASSES,
    FULL,
    POINT,
    Combination,
    cards_of,
    combinations_in,
    hand_of,
    is_carte_blanche,
    mask_of,
)
from .reckon import ELDER, PLAYERS, TABLE, YOUNGER, reckon, winner_of
from .rules import PiquetRules

DEAL_TAG = "pq"

# The rules a refusal names: Parlett's Piquet rules by section, Cavendish's Laws of Piquet by number.
_PARLETT = "Parlett's Piquet rules"
RULE_CARDS = f"{_PARLETT}, Cards: one pack of 32, A K Q J 10 9 8 7 in each suit, each card once"
RULE_OVER = f"{_PARLETT}, Tricks and Score: the deal ends with the twelfth trick and its reckoning"
RULE_CARTE_BLANCHE = (
    f"{_PARLETT}, Carte blanche: elder holding it announces it at once and tells younger how many cards he will "
    "exchange, and younger exchanges first; Cavendish Law 20"
)
RULE_ELDER_DISCARDS = "Cavendish Law 21: elder discards one to five"
RULE_EXCHANGE = f"{_PARLETT}, The exchange: elder exchanges first, then younger; Cavendish Laws 21-22"
RULE_OWN_DISCARD = f"{_PARLETT}, The exchange: each player rejects unwanted cards from his own hand"
RULE_LEFT = (
    f"{_PARLETT}, The exchange: cards younger leaves are faced or left concealed, at his choice, never seen by one "
    "player only; Cavendish Law 36"
)
RULE_REPLY = f"{_PARLETT}, Declarations: younger answers each call: not good when he holds better, good when he does not, or equal"
RULE_CALLS = (
    f"Cavendish Law 46: elder calls his point first; {_PARLETT}, Declarations: elder announces, strictly in this "
    "order, point, sequence and set"
)
RULE_YOUNGER_SHOWS = (
    f"{_PARLETT}, Declarations: before playing to the first trick younger scores for what he has better than elder's "
    "calls, in the classes he said were not good"
)
RULE_CALL_HELD = (
    "Cavendish Laws 54-55: calling what one does not hold is penalised, and whatever is called must be shown when asked, "
    "so only cards held may be called"
)
RULE_ONE_POINT = (
    f"{_PARLETT}, Declarations: each player declares one point, his best suit; only a good sequence or set brings "
    "the holder's others with it"
)
RULE_OTHERS = (
    f"{_PARLETT}, Declarations: a good sequence or set scores with every other its holder has, each made of other cards"
)
RULE_PLAY = (
    f"{_PARLETT}, Declarations and Tricks: after the declarations elder leads, and whoever takes a trick leads to "
    "the following one, from the cards in his hand"
)
RULE_FOLLOW = f"{_PARLETT}, Tricks: suit must be followed; Cavendish Law 59 IV"
RULE_ASK = (
    f"{_PARLETT}, Sinking and proving: asked about a declared combination, its holder must say which suit it is in or "
    "what its highest card is, and show it"
)
_LAYOUT = [(12, False), (12, False), (8, True)]
#: the fields of a :class:`PiquetDeal` a move changes in place: lists of values never changed once
#: made (masks, card bits, flags, combinations, actions), and lists of such lists (replies, tricks)
_FLAT_LISTS = frozenset({"hands", "stock", "discards", "taken", "exchanged", "elder_call", "declared", "history"})
_NESTED_LISTS = frozenset({"replies", "tricks"})
#: every field a deal makes (the others hold values never changed in place, shared by a copy)
_OWN_FIELDS = _FLAT_LISTS | _NESTED_LISTS | {
    "rules", "deal", "elder_left", "younger_left", "younger_left_shown", "carte_blanche", "announced", "cls",
    "point_stage", "_expl", "phase", "to_move",
}


class Phase(enum.Enum):
    ANNOUNCE = "announce"
    EXCHANGE = "exchange"
    CALL = "call"
    REPLY = "reply"
    DECLARE = "declare"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class Deal:
    """The cards as dealt: elder's twelve, younger's twelve, the talon of eight, top card first."""

    elder: Hand
    younger: Hand
    talon: tuple[Card, ...]

    @classmethod
    def from_seed(cls, seed: int | str, deal_in: int = 2) -> Deal:
        """Shuffle with :func:`tutor.cards.shuffled` and deal by twos or threes (Cavendish Law 9):
        the top cards to elder, the next to the dealer, until each has twelve; eight remain."""
        order = PIQUET_PACK.shuffled(seed)
        elder: list[Card] = []
        younger: list[Card] = []
        i = 0
        while len(elder) < 12:
            elder += order[i : i + deal_in]
            younger += order[i + deal_in : i + 2 * deal_in]
            i += 2 * deal_in
        return cls(PIQUET_PACK.sorted(elder), PIQUET_PACK.sorted(younger), tuple(order[24:]))

    @classmethod
    def from_code(cls, code: str) -> Deal:
        elder, younger, talon = codes.decode(DEAL_TAG, PIQUET_PACK, _LAYOUT, code)
        return cls(PIQUET_PACK.sorted(elder), PIQUET_PACK.sorted(younger), tuple(talon))

    @classmethod
    def from_cards(cls, elder, younger, talon) -> Deal:
        """A deal from notation; every card of the piquet pack exactly once."""
        e = PIQUET_PACK.parse_hand(elder, 12, "hand")
        y = PIQUET_PACK.parse_hand(younger, 12, "hand")
        t = PIQUET_PACK.parse_hand(talon, 8, "talon")
        seen: dict[Card, str] = {}
        for name, cards in (("elder", e), ("younger", y), ("talon", t)):
            for c in cards:
                if c in seen:
                    raise NotationError(f"card {c} is both in {seen[c]}'s cards and in {name}'s", token=str(c))
                seen[c] = name
        return cls(PIQUET_PACK.sorted(e), PIQUET_PACK.sorted(y), tuple(t))

    @property
    def code(self) -> str:
        """A short URL-safe code that gives this deal back with :meth:`from_code`."""
        return codes.encode(DEAL_TAG, PIQUET_PACK, [(self.elder, False), (self.younger, False), (self.talon, True)])

    def __str__(self) -> str:
        return f"elder:   {self.elder}\nyounger: {self.younger}\ntalon:   {' '.join(map(str, self.talon))}"

    def __repr__(self) -> str:
        return f"Deal.from_code({self.code!r})"

    def _repr_html_(self) -> str:
        from .render import deal_html

        return deal_html(self)


class PiquetDeal(GameState):
    """The state of one deal. Player 0 is elder, player 1 younger (the dealer)."""

    players = PLAYERS
    parse_action = staticmethod(parse_action)

    #: the seats: elder leads, younger deals (Cavendish Laws 11-14)
    table = TABLE
    title = "Piquet"

    def __init__(self, deal: Deal, rules: PiquetRules | None = None):
        self.rules = rules or PiquetRules()
        self.deal = deal
        self.hands = [mask_of(deal.elder), mask_of(deal.younger)]
        self.stock = [CARD_BIT[c] for c in deal.talon]  # the talon, top first
        self.discards = [0, 0]
        self.taken = [0, 0]
        self.elder_left = 0
        self.younger_left = 0
        self.younger_left_shown: bool | None = None
        self.carte_blanche = (is_carte_blanche(self.hands[0]), is_carte_blanche(self.hands[1]))
        self.announced: int | None = None
        self.exchanged = [False, False]
        self.cls = 0  # index into CLASSES while calling / declaring
        self.point_stage = "count"
        self.elder_call: list[Combination | None] = [None, None, None]
        self.replies: list[list[str]] = [[], [], []]
        self.declared: list[tuple[int, Combination]] = []
        self.tricks: list[list[int]] = []  # [leader, led bit, followed bit or -1, winner or -1]
        self.history: list[Action] = []
        self._expl: Explanation | None = None
        if self.carte_blanche[ELDER]:
            self.phase, self.to_move = Phase.ANNOUNCE, ELDER
        else:
            self.phase, self.to_move = Phase.EXCHANGE, ELDER

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def from_seed(cls, seed: int | str, rules: PiquetRules | None = None) -> PiquetDeal:
        rules = rules or PiquetRules()
        return cls(Deal.from_seed(seed, rules.deal_in), rules)

    @classmethod
    def after_exchange(cls, elder, younger, rules: PiquetRules | None = None) -> PiquetDeal:
        """A deal ready for the declarations, from two twelve-card hands (as for ``tutor score``).

        The other eight cards are set aside as the discards; carte blanche is judged on the hands
        given, as if they were dealt so.
        """
        e = PIQUET_PACK.parse_hand(elder, 12, "hand")
        y = PIQUET_PACK.parse_hand(younger, 12, "hand")
        both = set(e) & set(y)
        if both:
            c = PIQUET_PACK.sorted(both)[0]
            raise NotationError(f"card {c} is in both hands", token=str(c))
        rest = [c for c in PIQUET_PACK if c not in set(e) | set(y)]
        state = cls(Deal(PIQUET_PACK.sorted(e), PIQUET_PACK.sorted(y), tuple(rest)), rules)
        state.stock = []
        state.discards = [mask_of(rest[:5]), mask_of(rest[5:])]
        state.exchanged = [True, True]
        state.phase, state.to_move = Phase.CALL, ELDER
        return state

    # -- questions every state answers ----------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def kind(self) -> str:
        """The class being called or declared (``point``, ``sequence``, ``set``)."""
        return CLASSES[self.cls]

    def hand(self, player: int) -> Hand:
        return hand_of(self.hands[player])

    def explanation(self) -> Explanation:
        if self._expl is None:
            self._expl = reckon(
                self.carte_blanche,
                self.declared,
                [(t[0], t[1], t[2], t[3]) for t in self.tricks],
                self.rules,
                self._carte_rouge(),
                complete=self.phase is Phase.OVER,
            )
        return self._expl

    def scores(self) -> dict[str, int]:
        return self.explanation().totals(PLAYERS)

    def tricks_won(self) -> tuple[int, int]:
        won = [0, 0]
        for t in self.tricks:
            if t[3] >= 0:
                won[t[3]] += 1
        return won[0], won[1]

    def table_parts(self, seat, names=None):
        """This deal's side of the typed view every panel draws (:mod:`tutor.games.piquet.view`)."""
        from .view import piquet_parts

        return piquet_parts(self, seat, names)

    def view(self, player: int) -> dict:
        """What ``player`` may see: his hand and discard, the cards he was entitled to and left
        (elder, Law 33), younger's untaken cards if shown (Law 36), every call, the tricks, and a
        carte blanche once proved (after the other's discard, Law 20)."""
        other = self.table.seats[player].other
        seen_left = self.elder_left if player == ELDER else 0
        if self.younger_left_shown:
            seen_left |= self.younger_left
        proved = self.carte_blanche[other] and self.exchanged[player]
        return {
            "player": self.table.names[player],
            "phase": self.phase.value,
            "to_move": self.table.names[self.to_move] if self.phase is not Phase.OVER else None,
            "hand": hand_of(self.hands[player]),
            "discard": hand_of(self.discards[player]),
            "taken_in": hand_of(self.taken[player]),
            "talon_left": len(self.stock),
            "cards_left_seen": hand_of(seen_left),
            "opponent_carte_blanche": (self.deal.elder, self.deal.younger)[other] if proved else None,
            "calls": [(self.table.names[p], c.call()) for p, c in self._calls_made()],
            "tricks": [(self.table.names[t[0]], str(BIT_CARD[t[1]]), str(BIT_CARD[t[2]]) if t[2] >= 0 else None) for t in self.tricks],
            **self._own_turn(player),
        }

    def _own_turn(self, player: int) -> dict:
        """What the player to move knows of his own turn: how many he may exchange, what he holds
        for the declarations and has declared of the class in hand (so a computer player needs
        nothing but its view)."""
        if self.is_over or player != self.to_move:
            return {}
        out: dict = {}
        if self.phase is Phase.EXCHANGE:
            out["exchange_limits"] = self._exchange_limits(player)
        if self.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
            out["declaring"] = {
                "kind": self.kind,
                "hand_mask": self.hands0(player),
                "declared_masks": [c.mask for q, c in self.declared if q == player and c.kind == self.kind],
                "elder_called": self.elder_call[self.cls] is not None,
                "point_min_length": self.rules.point_min_length,
                "point_by_pips": self.rules.point_by_pips,
            }
        return out

    # -- the rest of the game contract ------------------------------------------------------------
    @property
    def code(self) -> str:
        return self.deal.code

    def seen(self, player: int) -> int:
        """The cards ``player`` has seen (a mask): his hands, discard and intake, the cards left he
        may look at, a proved carte blanche, and every card played."""
        other = self.table.seats[player].other if player in (0, 1) else 0
        mask = self.hands0(player) | self.discards[player] | mask_of((self.deal.elder, self.deal.younger)[player])
        mask |= self.elder_left if player == ELDER else 0
        if self.younger_left_shown:
            mask |= self.younger_left
        if self.carte_blanche[other] and self.exchanged[player]:
            mask |= mask_of((self.deal.elder, self.deal.younger)[other])
        for t in self.tricks:
            mask |= 1 << t[1]
            if t[2] >= 0:
                mask |= 1 << t[2]
        return mask

    def hidden(self, seat) -> frozenset[Card]:
        return frozenset(cards_of(FULL & ~self.seen(int(seat))))

    def determinize(self, seat, rng) -> PiquetDeal:
        """A copy with the cards ``seat`` has not seen dealt again at random, consistently with
        what it has seen (:mod:`tutor.games.piquet.unseen`): its view of the copy is its view of
        this deal."""
        from .unseen import draw_permutation, map_mask, void_suits

        me = self.table.seat(seat)
        p, other = int(me), int(me.other)
        known = self.seen(p)
        for q, c in self._calls_made():
            if q == other:
                known |= c.mask
        dealt = (self.deal.elder, self.deal.younger)
        fits = None
        if other == YOUNGER and any(self.replies):
            younger = self.hands0(YOUNGER)

            def fits(perm: list[int]) -> bool:
                return self.replies_fit(map_mask(younger, perm))

        perm = draw_permutation(rng, known, self.hands[other], void_suits(self.tricks, other),
                                mask_of(dealt[other]), self.carte_blanche[other], fits=fits)
        return self.remapped(perm)

    def remapped(self, perm: list[int]) -> PiquetDeal:
        """A copy with every card moved by ``perm`` (a permutation of the 32 card bits), wherever it is."""
        from .unseen import map_action, map_bits, map_combination, map_mask

        dealt = (self.deal.elder, self.deal.younger)
        e, y = (Hand(cards_of(map_mask(mask_of(h), perm))) for h in dealt)
        return self._copied({
            "_expl": None,
            "hands": [map_mask(h, perm) for h in self.hands],
            "discards": [map_mask(h, perm) for h in self.discards],
            "taken": [map_mask(h, perm) for h in self.taken],
            "stock": map_bits(self.stock, perm),
            "elder_left": map_mask(self.elder_left, perm),
            "younger_left": map_mask(self.younger_left, perm),
            "deal": Deal(e, y, tuple(BIT_CARD[perm[CARD_BIT[c]]] for c in self.deal.talon)),
            "elder_call": [map_combination(c, perm) for c in self.elder_call],
            "declared": [(q, map_combination(c, perm)) for q, c in self.declared],
            "tricks": [[t[0], *map_bits(t[1:3], perm), t[3]] for t in self.tricks],
            "history": [map_action(a, perm) for a in self.history],
        })

    def clone(self) -> PiquetDeal:
        """A copy to try a line of play on apart: every list a move changes is copied (the trick
        lists and the replies one level further down), every value that never changes once made
        is shared (the rules, the cards as dealt, numbers, masks, combinations, actions), and a
        field this class does not make is copied deeply, as ``copy.deepcopy`` copies it all,
        many times slower."""
        return self._copied({})

    def _copied(self, fresh: dict) -> PiquetDeal:
        """A copy of this deal with the fields in ``fresh`` set to its new values (made for the
        copy alone), the others copied as :meth:`clone` says."""
        fields = self.__dict__.copy()
        for k in _FLAT_LISTS.difference(fresh):
            fields[k] = fields[k][:]
        for k in _NESTED_LISTS.difference(fresh):
            fields[k] = [x[:] for x in fields[k]]
        for k in fields.keys() - _OWN_FIELDS - fresh.keys():
            fields[k] = copy.deepcopy(fields[k])
        fields.update(fresh)
        out = object.__new__(type(self))
        for k, v in fields.items():  # one by one, in order: the copy keeps its class's compact layout (a
            setattr(out, k, v)  # __dict__ set wholesale loses it in CPython, and every lookup on it is slower)
        return out

    def every_card(self) -> list[Card]:
        played = [BIT_CARD[b] for t in self.tricks for b in (t[1], t[2]) if b >= 0]
        held = [*cards_of(self.hands[0]), *cards_of(self.hands[1]), *cards_of(self.discards[0]), *cards_of(self.discards[1])]
        return held + [BIT_CARD[b] for b in self.stock] + played

    def outcome(self):
        from ..contract import Outcome

        if not self.is_over:
            return None
        sc = self.scores()
        e, y = sc["elder"], sc["younger"]
        winner = None if e == y else ("elder" if e > y else "younger")
        reason = f"{winner} scores more in this deal, {max(e, y)} to {min(e, y)}" if winner else f"both score {e}"
        return Outcome(winner, reason, sc)

    def to_json(self) -> dict:
        return {
            "game": "piquet",
            "code": self.code,
            "actions": [str(a) for a in self.history],
            "phase": self.phase.value,
            "to_move": None if self.is_over else self.table.names[self.to_move],
            "tricks_won": dict(zip(PLAYERS, self.tricks_won())),
            "scores": self.scores(),
            "steps": self.explanation().to_json(),
        }

    # -- questions about a declared combination (Parlett's Piquet rules: "sinking and proving") ---------------
    def ask(self, asker: int, index: int, question: str) -> str:
        """Answer ``question`` (``suit``, ``top``, ``making`` or ``show``) about the opponent's
        ``index``-th call. A declared combination must be disclosed when asked (Parlett's Piquet rules; Cavendish
        Law 55); what was sunk need not be. Law 46: younger may ask what a point makes only if he
        holds as many cards in a suit."""
        calls = [c for p, c in self._calls_made() if p != asker]
        if not 0 <= index < len(calls):
            raise IllegalActionError(
                f"there is no call number {index} by your opponent; calls: {len(calls)} ({RULE_ASK})",
                token=index,
                legal=range(len(calls)),
            )
        combo = calls[index]
        if question == "suit":
            if combo.suit is None:
                raise IllegalActionError(f"a set has no suit to ask about ({RULE_ASK})", token=question, legal=("top", "show"))
            return f"{combo.suit.noun}"
        if question == "top":
            return f"to the {combo.rank.noun}"
        if question == "making":
            if combo.kind != POINT:
                raise IllegalActionError(f"only a point 'makes' a count of pips ({RULE_ASK})", token=question, legal=("suit", "top", "show"))
            if asker == YOUNGER:
                longest = max(((self.hands[YOUNGER] >> (8 * s)) & 0xFF).bit_count() for s in range(4))
                if longest < combo.length:
                    raise IllegalActionError(
                        f"Cavendish Law 46: you may ask what the point makes only holding {combo.length} cards of a suit",
                        token=question,
                        legal=("suit", "top", "show"),
                    )
            return f"making {combo.pips}"
        if question == "show":
            return " ".join(map(str, combo.cards))
        raise IllegalActionError(f"unknown question {question!r} ({RULE_ASK})", token=question, legal=("suit", "top", "making", "show"))

    # -- internals ------------------------------------------------------------------------------
    def _calls_made(self) -> list[tuple[int, Combination]]:
        out = [(ELDER, c) for c in self.elder_call if c is not None]
        out += [(p, c) for p, c in self.declared if (p, c) not in out]
        return out

    def _carte_rouge(self) -> tuple[bool, bool]:
        if not self.rules.carte_rouge:
            return (False, False)
        covered = [0, 0]
        for p, c in self.declared:
            covered[p] |= c.mask
        return tuple(covered[p] == self.hands0(p) and covered[p] != 0 for p in (ELDER, YOUNGER))  # type: ignore[return-value]

    def hands0(self, player: int) -> int:
        """The player's twelve cards after the exchange (cards played included)."""
        played = 0
        for t in self.tricks:
            if t[0] == player:
                played |= 1 << t[1]
            elif t[2] >= 0:
                played |= 1 << t[2]
        return self.hands[player] | played

    def hands0_cards(self, player: int) -> Hand:
        return hand_of(self.hands0(player))

    def _exchange_limits(self, player: int) -> tuple[int, int]:
        if player == ELDER:
            if self.announced is not None:
                return self.announced, self.announced
            return 1, min(5, len(self.stock))
        most = len(self.stock)
        if self.announced is not None and not self.exchanged[ELDER]:
            most = 8 - self.announced
        least = 1 if self.rules.younger_must_exchange else 0
        return least, most

    def _younger_may_declare(self, cls: int) -> bool:
        """Younger may show a class he said 'not good' to, or one elder did not call."""
        if self.elder_call[cls] is None:
            return True
        return NOT_GOOD in self.replies[cls]

    def _younger_must_beat(self, cls: int) -> tuple[str, tuple] | None:
        """After 'not good', what younger's first call in the class must beat."""
        call = self.elder_call[cls]
        if call is None or NOT_GOOD not in self.replies[cls]:
            return None
        if CLASSES[cls] == POINT and not self.rules.point_by_pips:
            if self.replies[cls] == [NOT_GOOD]:
                return ("longer", (call.length,))
            return ("more pips", (call.length, call.pips))
        return ("better", call.key(self.rules.point_by_pips))

    def _declared_mask(self, player: int, kind: str) -> int:
        m = 0
        for p, c in self.declared:
            if p == player and c.kind == kind:
                m |= c.mask
        return m

    def _call_options(self) -> list[Combination]:
        """Combinations the player to move may call now."""
        p = self.to_move
        kind = self.kind
        hand = self.hands0(p) if self.phase is Phase.DECLARE else self.hands[p]
        if self.phase is Phase.CALL:
            first = self.elder_call[self.cls] is None
        else:
            first = not any(q == p and c.kind == kind for q, c in self.declared)
        if not first and kind == POINT:
            return []
        used = self._declared_mask(p, kind)
        out = []
        beat = self._younger_must_beat(self.cls) if (self.phase is Phase.DECLARE and first) else None
        for c in combinations_in(kind, hand, self.rules.point_min_length):
            if c.mask & used:
                continue
            if beat is not None:
                how, ref = beat
                if how == "longer" and c.length <= ref[0]:
                    continue
                if how == "more pips" and (c.length != ref[0] or c.pips <= ref[1]):
                    continue
                if how == "better" and c.key(self.rules.point_by_pips) <= ref:
                    continue
            out.append(c)
        return out

    def _pass_legal(self) -> bool:
        if self.phase is Phase.DECLARE:
            first = not any(q == YOUNGER and c.kind == self.kind for q, c in self.declared)
            return not (first and self._younger_must_beat(self.cls) is not None)
        return True

    def replies_fit(self, younger: int) -> bool:
        """Whether younger, holding ``younger`` (his twelve after the exchange, a mask), could have
        answered elder's calls as he did (Parlett's Piquet rules, Declarations: "not good" only
        holding better, "equal" only holding as good)."""
        for cls, answers in enumerate(self.replies):
            for i, answer in enumerate(answers):
                stage = "count" if i == 0 else "pips"
                if answer not in self._reply_options(cls, stage, younger):
                    return False
        return True

    def _reply_options(self, cls: int | None = None, stage: str | None = None, hand: int | None = None) -> list[str]:
        cls = self.cls if cls is None else cls
        call = self.elder_call[cls]
        assert call is not None
        kind = CLASSES[cls]
        hand = self.hands[YOUNGER] if hand is None else hand
        by_pips = self.rules.point_by_pips
        if kind == POINT and not by_pips:
            if (self.point_stage if stage is None else stage) == "count":
                lengths = [((hand >> (8 * s)) & 0xFF).bit_count() for s in range(4)]
                lengths = [n for n in lengths if n >= self.rules.point_min_length]
                better = any(n > call.length for n in lengths)
                equal = any(n >= call.length for n in lengths)
            else:
                opts = [c.pips for c in combinations_in(POINT, hand, self.rules.point_min_length) if c.length == call.length]
                better = any(v > call.pips for v in opts)
                equal = call.pips in opts
        else:
            keys = [c.key(by_pips) for c in combinations_in(kind, hand, self.rules.point_min_length)]
            ref = call.key(by_pips)
            better = any(k > ref for k in keys)
            equal = ref in keys
        out = [GOOD]
        if better:
            out.append(NOT_GOOD)
        if equal:
            out.append(EQUAL)
        return out

    def _enumerate(self) -> list[Action]:
        ph = self.phase
        if ph is Phase.OVER:
            return []
        if ph is Phase.ANNOUNCE:
            return [Announce(n) for n in range(1, 6)]
        if ph is Phase.EXCHANGE:
            return self._exchange_options()
        if ph is Phase.REPLY:
            return [Reply(a) for a in self._reply_options()]
        if ph in (Phase.CALL, Phase.DECLARE):
            acts: list[Action] = [Call(tuple(c.cards)) for c in self._call_options()]
            if self._pass_legal():
                acts.append(Pass())
            return acts
        return [Play(BIT_CARD[b]) for b in self._playable()]

    def _exchange_options(self) -> list[Action]:
        """Every legal discard (sizes from least to most, cards in display order)."""
        p = self.to_move
        least, most = self._exchange_limits(p)
        leaves = p == YOUNGER and not (self.announced is not None and not self.exchanged[ELDER])
        return list(discard_options(self.hands[p], least, most, len(self.stock) if leaves else 0))

    def _playable(self) -> list[int]:
        hand = self.hands[self.to_move]
        if self.tricks and self.tricks[-1][2] < 0:
            suit = self.tricks[-1][1] >> 3
            follow = hand & (0xFF << (8 * suit))
            if follow:
                hand = follow
        out = []
        while hand:
            low = hand & -hand
            out.append(low.bit_length() - 1)
            hand ^= low
        return out

    CITES = re.compile(r"Cavendish|Law \d|Parlett")

    def _why_illegal(self, action: Action) -> str | None:
        ph = self.phase
        who = self.table.names[self.to_move]
        if ph is Phase.OVER:
            return citing("the deal is over: nothing more can be done", RULE_OVER)
        if ph is Phase.ANNOUNCE:
            if not isinstance(action, Announce):
                return citing(f"{who} holds carte blanche and must first say how many cards he will exchange (announce 1 to 5)",
                              RULE_CARTE_BLANCHE)
            return None if 1 <= action.count <= 5 else citing(f"elder exchanges 1 to 5 cards, not {action.count}", RULE_ELDER_DISCARDS)
        if ph is Phase.EXCHANGE:
            if not isinstance(action, Exchange):
                return citing(f"it is {who}'s turn to exchange (discard 1 to {self._exchange_limits(self.to_move)[1]} cards)",
                              RULE_CARTE_BLANCHE if self.announced is not None else RULE_EXCHANGE)
            return self._why_bad_exchange(action)
        if ph is Phase.REPLY:
            if not isinstance(action, Reply):
                return citing(f"younger must answer elder's {self.elder_call[self.cls].call()}: good, not good or equal",  # type: ignore[union-attr]
                              RULE_REPLY)
            opts = self._reply_options()
            if action.answer not in ANSWERS:
                return citing(f"answer good, not good or equal, not {action.answer!r}", RULE_REPLY)
            if action.answer not in opts:
                return citing(f"younger cannot say {action.answer!r} to {self._call_text()} with this hand; he may say {' or '.join(opts)}",
                              RULE_REPLY)
            return None
        if ph in (Phase.CALL, Phase.DECLARE):
            rule = RULE_CALLS if ph is Phase.CALL else RULE_YOUNGER_SHOWS
            if isinstance(action, Pass):
                if self._pass_legal():
                    return None
                return citing(f"younger said 'not good' to the {self.kind} and must now show a better one", RULE_YOUNGER_SHOWS)
            if not isinstance(action, Call):
                return citing(f"{who} is declaring the {self.kind}: call a {self.kind} by its cards, or pass", rule)
            return self._why_bad_call(action)
        if not isinstance(action, Play):
            return citing(f"the cards are being played: {who} to play a card", RULE_PLAY)
        card = action.card
        if card not in CARD_BIT:
            return citing(f"{card} is not in the piquet pack", RULE_CARDS)
        b = CARD_BIT[card]
        if not self.hands[self.to_move] >> b & 1:
            return citing(f"{who} does not hold {card}; {who} holds {hand_of(self.hands[self.to_move])}", RULE_PLAY)
        legal = self._playable()
        if b not in legal:
            suit = BIT_CARD[self.tricks[-1][1]].suit.noun
            return citing(f"cannot play {card}: must follow {suit} (legal: {' '.join(str(BIT_CARD[x]) for x in legal)})", RULE_FOLLOW)
        return None

    def _call_text(self) -> str:
        call = self.elder_call[self.cls]
        if call is None:
            return "nothing"
        if call.kind == POINT and self.point_stage == "pips":
            return f"point making {call.pips}"
        return call.call()

    def _why_bad_exchange(self, action: Exchange) -> str | None:
        p = self.to_move
        who = self.table.names[p]
        least, most = self._exchange_limits(p)
        try:
            PIQUET_PACK.check(action.discard)
            Hand(action.discard)
        except NotationError as e:
            return citing(str(e), RULE_CARDS)
        m = mask_of(action.discard)
        if m & ~self.hands[p]:
            return citing(f"{who} does not hold {' '.join(map(str, cards_of(m & ~self.hands[p])))}", RULE_OWN_DISCARD)
        k = len(action.discard)
        if not least <= k <= most:
            law = "Parlett's Piquet rules: elder discards exactly the number he announced" if self.announced is not None and p == ELDER else (
                "Cavendish Law 21: elder discards one to five" if p == ELDER else "Cavendish Law 22: younger discards one up to all that remain"
            )
            return f"{who} must discard {least} to {most} cards here, not {k} ({law})"
        leaves = p == YOUNGER and k < len(self.stock) and not (self.announced is not None and not self.exchanged[ELDER])
        if leaves and action.show_left is None:
            return citing("younger leaves cards: say whether they are shown to both (show) or to neither (hide)", RULE_LEFT)
        if not leaves and action.show_left is not None:
            return citing("no cards are left, so there is nothing to show or hide", RULE_LEFT)
        return None

    def _why_bad_call(self, action: Call) -> str | None:
        p = self.to_move
        hand = self.hands0(p) if self.phase is Phase.DECLARE else self.hands[p]
        kind = self.kind
        try:
            PIQUET_PACK.check(action.cards)
            Hand(action.cards)
        except NotationError as e:
            return citing(str(e), RULE_CARDS)
        m = mask_of(action.cards)
        if m & ~hand:
            return citing(f"{self.table.names[p]} does not hold {' '.join(map(str, cards_of(m & ~hand)))}", RULE_CALL_HELD)
        options = self._call_options()
        if any(c.mask == m for c in options):
            return None
        from .combos import validate_combination

        why = validate_combination(kind, m, self.rules.point_min_length)
        if why:
            return f"{' '.join(map(str, action.cards))} is not a {kind}: {why}"
        if kind == POINT and any(q == p and c.kind == POINT for q, c in self.declared):
            return citing("only one point may be declared", RULE_ONE_POINT)
        if m & self._declared_mask(p, kind):
            return citing(f"those cards are already in a {kind} you declared", RULE_OTHERS)
        beat = self._younger_must_beat(self.cls)
        if beat:
            return citing(f"after 'not good', younger's {kind} must be {beat[0]} than elder's {self.elder_call[self.cls].call()}",  # type: ignore[union-attr]
                          RULE_YOUNGER_SHOWS)
        return citing(f"{' '.join(map(str, action.cards))} cannot be called now", RULE_YOUNGER_SHOWS if self.phase is Phase.DECLARE else RULE_CALLS)

    # -- transitions ----------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        self._expl = None
        self.history.append(action)
        ph = self.phase
        if ph is Phase.ANNOUNCE:
            self.announced = action.count  # type: ignore[union-attr]
            self.phase, self.to_move = Phase.EXCHANGE, YOUNGER
        elif ph is Phase.EXCHANGE:
            self._do_exchange(action)  # type: ignore[arg-type]
        elif ph is Phase.REPLY:
            self._do_reply(action.answer)  # type: ignore[union-attr]
        elif ph in (Phase.CALL, Phase.DECLARE):
            if isinstance(action, Pass):
                self._next_class()
            else:
                combo = Combination(self.kind, mask_of(action.cards))  # type: ignore[union-attr]
                if ph is Phase.CALL and self.elder_call[self.cls] is None:
                    self.elder_call[self.cls] = combo
                    self.point_stage = "count"
                    self.phase, self.to_move = Phase.REPLY, YOUNGER
                else:
                    self.declared.append((self.to_move, combo))
                    if self.kind == POINT:
                        self._next_class()
        else:
            self._do_play(CARD_BIT[action.card])  # type: ignore[union-attr]

    def _do_exchange(self, action: Exchange) -> None:
        p = self.to_move
        k = len(action.discard)
        d = mask_of(action.discard)
        younger_first = self.announced is not None and not self.exchanged[ELDER]
        took = self.stock[:k]
        del self.stock[:k]
        self.hands[p] = (self.hands[p] & ~d) | mask_of(BIT_CARD[b] for b in took)
        self.discards[p] = d
        self.taken[p] = mask_of(BIT_CARD[b] for b in took)
        self.exchanged[p] = True
        if p == ELDER:
            if self.announced is None:
                # Law 33 / Parlett's Piquet rules: elder may look at the cards he was entitled to and left.
                self.elder_left = mask_of(BIT_CARD[b] for b in self.stock[: 5 - k])
                self.phase, self.to_move = Phase.EXCHANGE, YOUNGER
            else:
                self._to_calls()
        else:
            if younger_first:
                self.younger_left_shown = None
                self.phase, self.to_move = Phase.EXCHANGE, ELDER
                return
            if self.stock:
                self.younger_left = mask_of(BIT_CARD[b] for b in self.stock)
                self.younger_left_shown = action.show_left
            self._to_calls()

    def _to_calls(self) -> None:
        self.cls = 0
        self.phase, self.to_move = Phase.CALL, ELDER

    def _do_reply(self, answer: str) -> None:
        self.replies[self.cls].append(answer)
        call = self.elder_call[self.cls]
        assert call is not None
        if answer == EQUAL and self.kind == POINT and self.point_stage == "count" and not self.rules.point_by_pips:
            self.point_stage = "pips"  # Law 46 / Parlett's Piquet rules: on equal cards elder says what the point makes
            return
        if answer == GOOD:
            self.declared.append((ELDER, call))
            if self.kind != POINT:
                # Law 49: a good sequence (set) lets elder reckon any others he holds.
                self.phase, self.to_move = Phase.CALL, ELDER
                return
        self._next_class()

    def _next_class(self) -> None:
        if self.phase is Phase.DECLARE:
            c = self.cls + 1
            while c < 3 and not self._younger_may_declare(c):
                c += 1
            if c < 3:
                self.cls = c
                return
            self.phase, self.to_move = Phase.PLAY, YOUNGER
            return
        if self.cls < 2:
            self.cls += 1
            self.point_stage = "count"
            self.phase, self.to_move = Phase.CALL, ELDER
        else:
            self.phase, self.to_move = Phase.PLAY, ELDER

    def _do_play(self, b: int) -> None:
        p = self.to_move
        self.hands[p] &= ~(1 << b)
        if not self.tricks or self.tricks[-1][2] >= 0:
            self.tricks.append([p, b, -1, -1])
            self.to_move = self.table.seats[p].other
            if len(self.tricks) == 1:
                # Parlett's Piquet rules: younger reckons what he has good after elder's first lead.
                c = 0
                while c < 3 and not self._younger_may_declare(c):
                    c += 1
                if c < 3:
                    self.cls = c
                    self.phase = Phase.DECLARE
            return
        t = self.tricks[-1]
        t[2] = b
        t[3] = t[0] if winner_of(t[1], b) == 0 else p
        if len(self.tricks) == 12:
            self.phase = Phase.OVER
        self.to_move = t[3]

    # -- display --------------------------------------------------------------------------------
    def __repr__(self) -> str:
        who = "" if self.is_over else f", {self.table.names[self.to_move]} to move"
        return f"<PiquetDeal {self.deal.code} {self.phase.value}{who}>"

    def _repr_html_(self) -> str:
        from .render import state_html

        return state_html(self)


@functools.lru_cache(maxsize=4)  # a deal's hands (each holds up to 3,170 actions for the collector to walk)
def discard_options(hand: int, least: int, most: int, talon: int) -> tuple[Exchange, ...]:
    """The discards of ``least`` to ``most`` cards from ``hand`` (a card mask), sizes from least to
    most, cards in display order; a discard of fewer than ``talon`` cards (younger's, leaving cards)
    twice, the cards left shown and hidden. Made once for a hand: the table lists them at every view
    (over a thousand for elder), and each is immutable."""
    cards = cards_of(hand)
    out: list[Exchange] = []
    for k in range(least, most + 1):
        for combo in itertools.combinations(cards, k):
            if k < talon:
                out.append(Exchange(combo, True))
                out.append(Exchange(combo, False))
            else:
                out.append(Exchange(combo))
    return tuple(out)
