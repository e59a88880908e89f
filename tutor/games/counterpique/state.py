"""One deal of Counterpique as a state machine: blank, auction, draw, declarations, play, the score.

Every game state answers the same questions: whose turn it is (:attr:`CounterpiqueDeal.to_move`),
what is legal (:meth:`legal_actions`), what an action does (:meth:`apply`, checked: an
:class:`~tutor.errors.IllegalActionError` says why and leaves the state as it was;
:meth:`apply_unchecked` for loops that only pick legal actions), the score with its steps
(:meth:`explanation`), and what a player may see (:meth:`view`).

The two seats are the non-dealer (0) and the dealer (1); the auction makes one of them Elder. The
phases follow Parlett's Counterpique:

``blank``     a player dealt a blank (no face cards) may prove it and score ten, non-dealer first;
``auction``   the dealer bids or passes; the non-dealer says yes or passes; after a yes the dealer
              raises or passes. A pass ends it; both passing at once makes a misère;
``raise``     the non-dealer who won the auction may raise his bid (the dealer may not);
``draw``      Elder discards and draws up to the talon less the cards his bid leaves Younger; then
              Younger discards and draws as many of the rest as he likes (none is allowed);
``call``      Elder calls point, sequence and set, as in Piquet;
``reply``     Younger answers each call: good, not good, or equal;
``play``      tricks, Elder leading the first; play stops once Elder has made his contract;
``declare``   between Elder's first lead and his own card, Younger shows what he has good;
``over``      the deal is scored: combinations above the line for both, tricks below for one.

The declarations are Piquet's dialogue, run by a :class:`~tutor.games.piquet.deal.PiquetDeal`
made with :meth:`~tutor.games.piquet.deal.PiquetDeal.after_exchange` once the draw is done; its
scored combinations are reckoned here by Parlett's Counterpique (no point for leading, no points for play, no
cards or capot), with repique through Piquet's own :func:`~tutor.games.piquet.reckon.reckon_events`.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from ... import codes
from ...cards import PIQUET_PACK, Card, Hand
from ...errors import IllegalActionError, NotationError
from ...explain import Explanation, number_words
from ...seats import Table
from ..base import GameState, citing
from ..piquet.combos import (
    BIT_CARD,
    CARD_BIT,
    POINT,
    SEQUENCE,
    SET,
    cards_of,
    hand_of,
    is_carte_blanche,
    mask_of,
)
from ..piquet.deal import Deal as PiquetCards
from ..piquet.deal import Phase as PiquetPhase
from ..piquet.deal import PiquetDeal, discard_options
from ..piquet.reckon import hand_events, reckon_events, winner_of
from ..piquet.rules import PiquetRules
from ..piquet.scoring import declare_in_full as piquet_declare_in_full
from .actions import (
    BIDS,
    LOWEST,
    TALON,
    Action,
    Bid,
    Blank,
    Exchange,
    Pass,
    Play,
    Stand,
    Yes,
    parse_action,
    parse_bid,
)
from .rules import CounterpiqueRules

NON_DEALER, DEALER = 0, 1
SEATS = ("non-dealer", "dealer")
ELDER, YOUNGER = 0, 1
ROLES = ("elder", "younger")
#: the roles the auction gives, seated as the Piquet deal inside seats them (elder leads, younger deals)
ROLE_TABLE = Table(ROLES, dealer="younger")
TRICKS = 12
NOMINAL = 13  # Parlett's Counterpique, Preliminaries: the last trick counts double

#: What scores above the line (for both players) and below it (for one player only).
ABOVE = frozenset(("blank", POINT, SEQUENCE, SET, "repique", "pique"))
BELOW = frozenset(("contract", "counterpique", "misère"))

# Parlett's Counterpique declares "in the usual way": Piquet's dialogue with its default rules.
_PIQUET_RULES = PiquetRules()

DEAL_TAG = "cp"
_LAYOUT = [(12, False), (12, False), (8, True)]

RULE_BLANK = "Parlett's Counterpique: a blank (no face cards), proved by showing it at once, scores ten above the line (Deal)"
RULE_POINT = "Parlett's Counterpique: the longest suit scores one a card; equal length, the higher count; still equal, neither (More about declaring)"
RULE_SEQUENCE = (
    "Parlett's Counterpique: the best sequence scores, with every other its holder has: three 3, four 4, five to eight "
    "15 to 18 (More about declaring)"
)
RULE_SET = (
    "Parlett's Counterpique: the best set, tens or higher, scores with every other its holder has: trio 3, quatorze 14 "
    "(More about declaring)"
)
RULE_REPIQUE = (
    "Parlett's Counterpique: 30 for combinations, counted in the order blank, point, sequence, sets, before the opponent "
    "scores anything: 60 more for repique, above the line (Pique, repique)"
)
RULE_PIQUE = (
    "Parlett's Counterpique: 30 reached by adding one a trick won to the combinations, before the opponent scores: 30 more "
    "for pique, above the line; Younger adds the tricks he took to reach it (Pique, repique; Score)"
)
RULE_CONTRACT = (
    "Parlett's Counterpique: Elder winning the tricks bid scores tricks x cards left to Younger, below the line; "
    "no bonus for overtricks or capot (Score)"
)
RULE_COUNTER = (
    "Parlett's Counterpique: Elder falling short, Younger scores counterpique below the line: the bid's value x the "
    "tricks short (Score)"
)
RULE_MISERE = (
    "Parlett's Counterpique: in a misère whoever wins fewer tricks scores below the line five for each trick the other "
    "won, 35 to 65 (Misère)"
)
RULE_AUCTION = (
    "Parlett's Counterpique: the dealer bids first; the non-dealer says yes (he will play at that bid) or passes; the "
    "dealer raises or passes; a pass leaves the other as Elder (Bidding)"
)
RULE_RAISE = "Parlett's Counterpique (Bidding): after winning the auction the non-dealer may raise his bid; the dealer may not"
RULE_DRAW = (
    "Parlett's Counterpique: Elder discards and draws at most the talon less the cards his bid leaves Younger, fewer if "
    "he likes; Younger then draws as many of the rest as he likes (Drawing cards)"
)
RULE_CARDS = "Parlett's Counterpique (Cards): thirty-two, ranking A K Q J 10 9 8 7 in each suit"
RULE_LEAVING = "Parlett's Counterpique (Drawing cards): Elder is not allowed to look at the cards he leaves in the talon"
RULE_DECLARE = (
    "Parlett's Counterpique (Declarations; More about declaring): after the draw both declare 'in the usual way', "
    "point, sequence and set, Elder first in each class"
)
RULE_PLAY = (
    "Parlett's Counterpique (Play): Elder leads first, and whoever takes a trick leads to the following one"
)
RULE_FOLLOW = "Parlett's Counterpique (Play): 'You must follow suit if you can'"
RULE_END = "Parlett's Counterpique (Play; Score): the deal ends when the tricks are played"


class Phase(enum.Enum):
    BLANK = "blank"
    AUCTION = "auction"
    RAISE = "raise"
    DRAW = "draw"
    CALL = "call"
    REPLY = "reply"
    DECLARE = "declare"
    PLAY = "play"
    OVER = "over"


_FROM_PIQUET = {
    PiquetPhase.CALL: Phase.CALL,
    PiquetPhase.REPLY: Phase.REPLY,
    PiquetPhase.DECLARE: Phase.DECLARE,
    PiquetPhase.PLAY: Phase.PLAY,
}


def contract_result(bid: Bid, elder_tricks: int) -> tuple[int, str, int]:
    """(role, category, points) below the line when Elder has won ``elder_tricks`` (of 13) on ``bid``.

    Parlett's Counterpique, 'Score': making the contract, Elder scores tricks bid times cards left to Younger; short
    of it, Younger scores the counterpique: the contract's value times the tricks Elder fell short.
    """
    _check_tricks(elder_tricks)
    if elder_tricks >= bid.tricks:
        return ELDER, "contract", bid.value
    return YOUNGER, "counterpique", bid.value * (bid.tricks - elder_tricks)


def misere_result(elder_tricks: int) -> tuple[int, str, int]:
    """(role, category, points) below the line in a misère: whoever wins fewer of the nominal
    thirteen tricks scores five for each the other won (Parlett's Counterpique, Misère: 'a range of 35 to 65')."""
    _check_tricks(elder_tricks)
    younger_tricks = NOMINAL - elder_tricks
    if elder_tricks < younger_tricks:
        return ELDER, "misère", 5 * younger_tricks
    return YOUNGER, "misère", 5 * elder_tricks


def below_step(bid: Bid | None, elder_tricks: int) -> tuple[int, str, int, str, str]:
    """The line below as (role, category, points, text, rule): ``bid`` None is a misère."""
    if bid is None:
        role, cat, pts = misere_result(elder_tricks)
        fewer, more = sorted((elder_tricks, NOMINAL - elder_tricks))
        text = f"misère: {number_words(fewer)} tricks to {number_words(more)}, five for each of the other's {number_words(more)}"
        return role, cat, pts, text, RULE_MISERE
    role, cat, pts = contract_result(bid, elder_tricks)
    if cat == "contract":
        return role, cat, pts, f"contract made, {bid.name}: {bid.tricks} x {bid.cards} = {bid.value}", RULE_CONTRACT
    short = bid.tricks - elder_tricks
    text = (f"counterpique: Elder bid {bid.name} ({bid.value}) and won {number_words(elder_tricks)}, "
            f"{number_words(short)} short: {short} x {bid.value} = {pts}")
    return role, cat, pts, text, RULE_COUNTER


def _check_tricks(n: int) -> None:
    if type(n) is not int or not 0 <= n <= NOMINAL:
        raise IllegalActionError(
            f"Elder wins 0 to {NOMINAL} tricks (twelve, the last counting two), not {n!r}",
            token=n,
            legal=range(NOMINAL + 1),
        )


@dataclass(frozen=True)
class Deal:
    """The cards as dealt: the non-dealer's twelve, the dealer's twelve, the talon of eight, top first."""

    non_dealer: Hand
    dealer: Hand
    talon: tuple[Card, ...]

    @classmethod
    def from_seed(cls, seed: int | str, deal_in: int = 2) -> Deal:
        """Shuffled and dealt as Piquet is (Parlett's Counterpique: 'Deal as in the parent game', the first batch
        to the non-dealer): :meth:`tutor.games.piquet.deal.Deal.from_seed` with the seats named."""
        d = PiquetCards.from_seed(seed, deal_in)
        return cls(d.elder, d.younger, d.talon)

    @classmethod
    def from_code(cls, code: str) -> Deal:
        non_dealer, dealer, talon = codes.decode(DEAL_TAG, PIQUET_PACK, _LAYOUT, code)
        return cls(PIQUET_PACK.sorted(non_dealer), PIQUET_PACK.sorted(dealer), tuple(talon))

    @classmethod
    def from_cards(cls, non_dealer, dealer, talon) -> Deal:
        """A deal from notation; every card of the piquet pack exactly once."""
        piles = (
            ("the non-dealer's hand", PIQUET_PACK.parse_hand(non_dealer, 12, "hand")),
            ("the dealer's hand", PIQUET_PACK.parse_hand(dealer, 12, "hand")),
            ("the talon", PIQUET_PACK.parse_hand(talon, 8, "talon")),
        )
        seen: dict[Card, str] = {}
        for name, cards in piles:
            for c in cards:
                if c in seen:
                    raise NotationError(f"card {c} is both in {seen[c]} and in {name}", token=str(c))
                seen[c] = name
        return cls(PIQUET_PACK.sorted(piles[0][1]), PIQUET_PACK.sorted(piles[1][1]), tuple(piles[2][1]))

    @property
    def code(self) -> str:
        """A short URL-safe code that gives this deal back with :meth:`from_code`."""
        return codes.encode(DEAL_TAG, PIQUET_PACK, [(self.non_dealer, False), (self.dealer, False), (self.talon, True)])

    def hand(self, seat: int) -> Hand:
        return self.dealer if seat == DEALER else self.non_dealer

    def __str__(self) -> str:
        return f"non-dealer: {self.non_dealer}\ndealer:     {self.dealer}\ntalon:      {' '.join(map(str, self.talon))}"

    def __repr__(self) -> str:
        return f"Deal.from_code({self.code!r})"


class CounterpiqueDeal(GameState):
    """The state of one deal. Seats: 0 the non-dealer, 1 the dealer; :attr:`elder` is a seat."""

    players = SEATS
    parse_action = staticmethod(parse_action)

    #: the seats by place at the table; elder and younger are roles the auction gives them
    table = Table(SEATS, dealer="dealer")
    title = "Counterpique"

    def __init__(self, deal: Deal, rules: CounterpiqueRules | None = None):
        self.rules = rules or CounterpiqueRules()
        self.deal = deal
        self.hands = [mask_of(deal.non_dealer), mask_of(deal.dealer)]
        self.stock = [CARD_BIT[c] for c in deal.talon]  # the talon, top first
        self.discards = [0, 0]
        self.drawn = [0, 0]
        self.blank = (is_carte_blanche(self.hands[0]), is_carte_blanche(self.hands[1]))
        self.blank_shown = [False, False]
        self.bid: Bid | None = None  # the highest bid so far
        self.holder: int | None = None  # the seat committed to it
        self.dealer_passed = False
        self.auction: list[tuple[int, Action]] = []
        self.contract: Bid | None = None
        self.elder: int | None = None  # a seat, once the auction is over
        self.misere = False
        self.inner: PiquetDeal | None = None  # Piquet's declaration dialogue, after the draw
        self.tricks: list[list[int]] = []  # [leader seat, led bit, followed bit or -1, winner seat or -1]
        self.moves: list[tuple[int, Action]] = []  # (seat, action) in order
        self._expl: Explanation | None = None
        self._blank_turns = [s for s in (NON_DEALER, DEALER) if self.blank[s]]
        if self._blank_turns:
            self.phase, self.to_move = Phase.BLANK, self._blank_turns[0]
        else:
            self.phase, self.to_move = Phase.AUCTION, DEALER

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def from_seed(cls, seed: int | str, rules: CounterpiqueRules | None = None) -> CounterpiqueDeal:
        rules = rules or CounterpiqueRules()
        return cls(Deal.from_seed(seed, rules.deal_in), rules)

    @classmethod
    def after_draw(cls, elder, younger, bid: Bid | str = LOWEST, rules: CounterpiqueRules | None = None,
                   elder_is_dealer: bool = False) -> CounterpiqueDeal:
        """A deal ready for the declarations, from Elder's and Younger's twelve cards and the bid.

        The hands are taken as dealt (a blank among them is proved), the other eight cards as the
        talon; the auction is bid through to ``bid`` and neither player draws (Parlett's Counterpique allows both
        to draw nothing), all by legal actions. ``bid="misère"`` has both pass: then play begins at
        once, Elder being the seat :attr:`CounterpiqueRules.misere_elder` names.
        """
        rules = rules or CounterpiqueRules()
        e = PIQUET_PACK.parse_hand(elder, 12, "hand")
        y = PIQUET_PACK.parse_hand(younger, 12, "hand")
        both = set(e) & set(y)
        if both:
            c = PIQUET_PACK.sorted(both)[0]
            raise NotationError(f"card {c} is in both hands", token=str(c))
        misere = isinstance(bid, str) and bid.strip().lower() in ("misère", "misere")
        contract: Bid = LOWEST if misere else bid if isinstance(bid, Bid) else parse_bid(bid)
        if misere:
            elder_is_dealer = rules.misere_elder == "dealer"
        rest = [c for c in PIQUET_PACK if c not in set(e) | set(y)]
        nd, d = (y, e) if elder_is_dealer else (e, y)
        state = cls(Deal(PIQUET_PACK.sorted(nd), PIQUET_PACK.sorted(d), tuple(rest)), rules)
        while state.phase is Phase.BLANK:
            state.apply(Blank())
        if misere:
            script: list[Action] = [Pass(), Pass()]
        elif elder_is_dealer:
            script = [contract, Pass()]
        else:
            script = [Pass(), Yes(), Stand() if contract == LOWEST else contract]
        if not misere:
            script += [Exchange(()), Exchange(())]
        for action in script:
            state.apply(action)
        return state

    # -- questions every state answers ----------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def younger(self) -> int | None:
        return None if self.elder is None else self.table.seats[self.elder].other

    def role(self, seat: int) -> str | None:
        """``elder`` or ``younger`` once the auction is over, else None."""
        return None if self.elder is None else ROLE_TABLE.names[ELDER if seat == self.elder else YOUNGER]

    def seat(self, role: int) -> int:
        """The seat playing ``role`` (0 Elder, 1 Younger)."""
        if self.elder is None:
            raise IllegalActionError("nobody is Elder yet: the auction is not over", token="role", legal=())
        return self.elder if role == ELDER else self.table.seats[self.elder].other

    def hand(self, seat: int) -> Hand:
        return hand_of(self.hands[seat])

    @property
    def kind(self) -> str | None:
        """The class being called or declared (``point``, ``sequence``, ``set``), else None."""
        if self.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
            return self.inner.kind  # type: ignore[union-attr]
        return None

    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken by each seat (actual tricks, not nominal)."""
        won = [0, 0]
        for t in self.tricks:
            if t[3] >= 0:
                won[t[3]] += 1
        return won[0], won[1]

    def nominal_tricks(self) -> tuple[int, int]:
        """Tricks by seat as Counterpique counts them: the twelfth counts two (Parlett's Counterpique)."""
        won = list(self.tricks_won())
        if len(self.tricks) == TRICKS and self.tricks[-1][3] >= 0:
            won[self.tricks[-1][3]] += 1
        return won[0], won[1]

    @property
    def made(self) -> bool | None:
        """Whether Elder has made his contract (None in a misère or before the auction ends)."""
        if self.contract is None:
            return None
        return self.nominal_tricks()[self.elder] >= self.contract.tricks  # type: ignore[index]

    @property
    def next_dealer(self) -> int | None:
        """The seat that deals next: whoever scored below the line (Parlett's Counterpique, Deal); None till over."""
        if not self.is_over:
            return None
        return next(SEATS.index(s.player) for s in self.explanation() if s.category in BELOW)

    def explanation(self, by: str = "seat") -> Explanation:
        """The score so far, step by step; players named by seat, or (``by="role"``) elder/younger."""
        if by not in ("seat", "role"):
            raise IllegalActionError(f"name the players by 'seat' or 'role', not {by!r}", token=by, legal=("seat", "role"))
        if self._expl is None:
            self._expl = Explanation.build(SEATS, self._events())
        if by == "seat":
            return self._expl
        if self.elder is None:
            raise IllegalActionError("there are no roles yet: the auction is not over", token=by, legal=("seat",))
        return Explanation.build(ROLES, ((ROLE_TABLE.names[ELDER if self.table.seat(s.player) == self.elder else YOUNGER], s.category, s.points, s.text, s.rule)
                                         for s in self._expl))

    def scores(self, by: str = "seat") -> dict[str, int]:
        return self.explanation(by).totals(ROLES if by == "role" else SEATS)

    def above(self, by: str = "seat") -> dict[str, int]:
        """Points above the line (combinations, blank, pique, repique)."""
        return self._line(ABOVE, by)

    def below(self, by: str = "seat") -> dict[str, int]:
        """Points below the line (contract, counterpique, misère)."""
        return self._line(BELOW, by)

    def _line(self, cats, by: str) -> dict[str, int]:
        names = ROLES if by == "role" else SEATS
        out = dict.fromkeys(names, 0)
        for s in self.explanation(by):
            if s.category in cats:
                out[s.player] += s.points
        return out

    def table_parts(self, seat, names=None):
        """This deal's side of the typed view every panel draws (:mod:`tutor.games.counterpique.view`)."""
        from .view import counterpique_parts

        return counterpique_parts(self, seat, names)

    def view(self, seat: int) -> dict:
        """What ``seat`` may see: his hand, discard and draw, the auction, a blank the other proved,
        every call, and the tricks. Parlett's Counterpique: Elder may not look at the cards he
        leaves, and nothing lets Younger see the cards he leaves either."""
        other = self.table.seats[seat].other
        calls = []
        if self.inner is not None:
            for p, c in self.inner._calls_made():  # the calls as the inner deal's view lists them
                calls.append((self.table.names[self.seat(ROLES.index(self.inner.table.names[p]))], c.call()))
        return {
            "seat": self.table.names[seat],
            "role": self.role(seat),
            "phase": self.phase.value,
            "to_move": self.table.names[self.to_move] if not self.is_over else None,
            "hand": self.hand(seat),
            "discard": hand_of(self.discards[seat]),
            "drawn": hand_of(self.drawn[seat]),
            "talon_left": len(self.stock),
            "auction": [(self.table.names[s], str(a)) for s, a in self.auction],
            "contract": None if self.contract is None else self.contract.name,
            "misere": self.misere,
            "opponent_blank": self.deal.hand(other) if self.blank_shown[other] else None,
            "calls": calls,
            "tricks": [(self.table.names[t[0]], str(BIT_CARD[t[1]]), str(BIT_CARD[t[2]]) if t[2] >= 0 else None) for t in self.tricks],
            "bid": None if self.bid is None else self.bid.name,
            "holder": None if self.holder is None else self.table.names[self.holder],
            **self._own_turn(seat),
        }

    def _own_turn(self, seat: int) -> dict:
        """What the seat to move knows of its own turn (how many it may draw, what it holds for the
        declarations), so a computer player needs nothing but its view."""
        if self.is_over or seat != self.to_move:
            return {}
        if self.phase is Phase.DRAW:
            return {"draw_limit": self._draw_limit(seat)}
        if self.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE) and self.inner is not None:
            return {"declaring": self.inner._own_turn(self.inner.to_move)["declaring"]}
        return {}

    # -- the rest of the game contract ------------------------------------------------------------
    @property  # a view of the moves: the contract's history, read-only here
    def history(self) -> list[Action]:  # type: ignore[override]
        """The actions applied, in order (their seats are in :attr:`moves`)."""
        return [a for _, a in self.moves]

    @property
    def code(self) -> str:
        return self.deal.code

    def seen(self, seat: int) -> int:
        other = self.table.seats[seat].other
        mask = self.hands[seat] | self.discards[seat] | mask_of(self.deal.hand(seat))
        if self.blank_shown[other]:
            mask |= mask_of(self.deal.hand(other))
        for t in self.tricks:
            mask |= 1 << t[1]
            if t[2] >= 0:
                mask |= 1 << t[2]
        return mask | self._played_mask(seat)

    def _played_mask(self, seat: int) -> int:
        m = 0
        for t in self.tricks:
            if t[0] == seat:
                m |= 1 << t[1]
            elif t[2] >= 0:
                m |= 1 << t[2]
        return m

    def hidden(self, seat) -> frozenset[Card]:
        return frozenset(cards_of(0xFFFFFFFF & ~self.seen(int(seat))))

    def determinize(self, seat, rng) -> CounterpiqueDeal:
        """A copy with the cards ``seat`` has not seen dealt again at random, consistently with
        what it has seen (:mod:`tutor.games.piquet.unseen`): its own cards, a blank proved, the
        combinations declared, the tricks, and the suits the other failed to follow."""
        from ..piquet.unseen import draw_permutation, map_action, map_bits, map_mask, void_suits

        me = self.table.seat(seat)
        p, other = int(me), int(me.other)
        known = self.seen(p)
        if self.inner is not None:
            role = ELDER if other == self.elder else YOUNGER
            for q, c in self.inner._calls_made():
                if q == role:
                    known |= c.mask
        fits = None
        inner = self.inner
        if inner is not None and other != self.elder and any(inner.replies):
            younger = inner.hands0(YOUNGER)

            def fits(perm: list[int]) -> bool:
                return inner.replies_fit(map_mask(younger, perm))

        perm = draw_permutation(rng, known, self.hands[other], void_suits(self.tricks, other),
                                mask_of(self.deal.hand(other)), self.blank[other], fits=fits)
        out = self.clone()
        out._expl = None
        out.hands = [map_mask(h, perm) for h in self.hands]
        out.discards = [map_mask(h, perm) for h in self.discards]
        out.drawn = [map_mask(h, perm) for h in self.drawn]
        out.stock = map_bits(self.stock, perm)
        nd, d = (Hand(cards_of(map_mask(mask_of(h), perm))) for h in (self.deal.non_dealer, self.deal.dealer))
        out.deal = Deal(nd, d, tuple(BIT_CARD[perm[CARD_BIT[c]]] for c in self.deal.talon))
        out.inner = None if self.inner is None else self.inner.remapped(perm)
        out.tricks = [[t[0], *map_bits(t[1:3], perm), t[3]] for t in self.tricks]
        out.moves = [(q, map_action(a, perm)) for q, a in self.moves]
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
        below = self.below()
        winner = next((s for s in SEATS if below[s] > 0), None)
        if self.misere:
            what = "the misère"
        elif self.made:
            what = f"elder makes {self.contract.name}"  # type: ignore[union-attr]
        else:
            what = f"elder fails in {self.contract.name}"  # type: ignore[union-attr]
        reason = f"{what}: {winner} scores below the line" if winner else f"{what}: nobody scores below the line"
        return Outcome(winner, reason, sc)

    def to_json(self) -> dict:
        """The deal's result: the contract, tricks, above and below the line by seat and by role."""
        sc = self.scores()
        won = self.nominal_tricks()
        cats = {s.category: s.player for s in self.explanation()}
        out = {
            "code": self.deal.code,
            "actions": [str(a) for a in self.history],
            "phase": self.phase.value,
            "complete": self.is_over,
            "contract": None if self.contract is None else {"name": self.contract.name, "tricks": self.contract.tricks,
                                                            "cards": self.contract.cards, "value": self.contract.value},
            "misere": self.misere,
            "elder": None if self.elder is None else self.table.names[self.elder],
            "tricks": {s.name: won[s] for s in self.table},
            "made": self.made,
            "above": self.above(),
            "below": self.below(),
            "totals": sc,
            "repique": cats.get("repique"),
            "pique": cats.get("pique"),
            "next_dealer": None if self.next_dealer is None else self.table.names[self.next_dealer],
            "steps": self.explanation().to_json(),
        }
        if self.elder is not None:
            out["by_role"] = {
                r.name: {"seat": self.table.names[self.seat(r)], "tricks": won[self.seat(r)],
                         "above": self.above()[self.table.names[self.seat(r)]], "below": self.below()[self.table.names[self.seat(r)]],
                         "total": sc[self.table.names[self.seat(r)]]}
                for r in ROLE_TABLE
            }
        return out

    # -- the reckoning --------------------------------------------------------------------------
    def _events(self) -> list[tuple[str, str, int, str, str]]:
        """(seat name, category, points, text, rule) in Parlett's Counterpique rules' order: blank, point, sequence,
        sets (with repique), then pique as the tricks bring it, then the line below at the end."""
        if self.elder is None:
            return [(s.name, "blank", 10, "blank, proved: ten", RULE_BLANK) for s in self.table if self.blank_shown[s]]
        seat_of = (self.seat(ELDER), self.seat(YOUNGER))
        blanks = (self.blank_shown[seat_of[ELDER]], self.blank_shown[seat_of[YOUNGER]])
        declared = self.inner.declared if self.inner is not None else ()
        # Piquet's reckoning without tricks: Law 67's order and Law 68's repique are Parlett's Counterpique rules' too.
        events = reckon_events(hand_events(blanks, declared), (), _PIQUET_RULES, complete=False)
        out = [(p, *_hand_step(cat, pts, detail)) for p, cat, pts, detail in events]
        pique = self._pique(events)
        if pique is not None:
            out.append(pique)
        if self.is_over:
            out.append(below_step(None if self.misere else self.contract, self.nominal_tricks()[self.elder]))
        return [(self.table.names[seat_of[role]], cat, pts, text, rule) for role, cat, pts, text, rule in out]

    def _pique(self, events) -> tuple[int, str, int, str, str] | None:
        """Pique as the tricks come: 30 reached by adding one a trick won (the last counting
        :attr:`~CounterpiqueRules.pique_last_trick`) to the combinations, the opponent having
        counted nothing (:attr:`~CounterpiqueRules.pique_race`). Never after a repique."""
        if any(cat == "repique" for _, cat, _, _ in events):
            return None
        hand = [0, 0]
        for p, _, pts, _ in events:
            hand[p] += pts
        count, won = hand[:], [0, 0]
        for i, t in enumerate(self.tricks):
            if t[3] < 0:
                break
            w = ELDER if t[3] == self.elder else YOUNGER
            pts = self.rules.pique_last_trick if i == TRICKS - 1 else 1
            before = count[w]
            count[w] += pts
            won[w] += pts
            rival = count[ROLE_TABLE.seats[w].other] if self.rules.pique_race == "clean" else hand[ROLE_TABLE.seats[w].other]
            if before < 30 <= count[w] and rival == 0:
                extra = won[w] if w == YOUNGER or self.rules.pique_tricks == "both" else 0
                text = "pique: thirty" + (f", and {number_words(extra)} for the tricks taken to reach it" if extra else "")
                return w, "pique", 30 + extra, text, RULE_PIQUE
        return None

    # -- legal actions --------------------------------------------------------------------------
    def _bids_above(self, bid: Bid | None) -> list[Bid]:
        floor = 0 if bid is None else bid.value
        return [b for b in BIDS if b.value > floor]

    def _draw_limit(self, seat: int) -> int:
        if seat == self.elder:
            return min(self.contract.draw, len(self.stock))  # type: ignore[union-attr]
        if self.rules.younger_draws == "bid" and self.contract is not None:
            return min(self.contract.cards, len(self.stock))
        return len(self.stock)

    def _enumerate(self) -> list[Action]:
        ph = self.phase
        if ph is Phase.OVER:
            return []
        if ph is Phase.BLANK:
            return [Blank(), Pass()]
        if ph is Phase.AUCTION:
            if self.to_move == NON_DEALER:
                return [Yes(), Pass()]
            return [*self._bids_above(self.bid), Pass()]
        if ph is Phase.RAISE:
            return [Stand(), *self._bids_above(self.bid)]
        if ph is Phase.DRAW:
            return list(discard_options(self.hands[self.to_move], 0, self._draw_limit(self.to_move), 0))
        if ph is Phase.PLAY:
            return [Play(BIT_CARD[b]) for b in self._playable()]
        return list(self.inner.legal_actions())  # type: ignore[union-attr]

    def _playable(self) -> list[int]:
        hand = self.hands[self.to_move]
        if self.tricks and self.tricks[-1][2] < 0:
            follow = hand & (0xFF << (self.tricks[-1][1] & ~7))
            if follow:
                hand = follow  # Parlett's Counterpique, Play: 'You must follow suit if you can'
        out = []
        while hand:
            low = hand & -hand
            out.append(low.bit_length() - 1)
            hand ^= low
        return out

    CITES = re.compile(r"Parlett|Cavendish|Law \d")

    def _why_illegal(self, action: Action) -> str | None:
        ph = self.phase
        who = self.table.names[self.to_move]
        if ph is Phase.OVER:
            return "the deal is over: nothing more can be done" + (
                f" (Elder made {self.contract.name} and play stops there, Parlett's Counterpique: Play)"  # type: ignore[union-attr]
                if self.made and len(self.tricks) < TRICKS else f" ({RULE_END})"
            )
        if ph is Phase.BLANK:
            if not isinstance(action, (Blank, Pass)):
                return f"the {who} holds a blank: first say 'blank' to prove it and score ten, or 'pass' ({RULE_BLANK})"
            return None
        if ph is Phase.AUCTION:
            return self._why_bad_bid(action, who)
        if ph is Phase.RAISE:
            if isinstance(action, Stand):
                return None
            if not isinstance(action, Bid):
                return f"the non-dealer won the auction at {self.bid.name}: 'stand', or raise with a higher bid ({RULE_RAISE})"  # type: ignore[union-attr]
            if action.value <= self.bid.value:  # type: ignore[union-attr]
                return (f"a raise must be worth more than {self.bid.name} ({self.bid.value}); "  # type: ignore[union-attr]
                        f"{action.name} is worth {action.value} (Parlett's Counterpique: a higher bid has a higher potential score)")
            return None
        if ph is Phase.DRAW:
            return self._why_bad_draw(action, who)
        if ph is Phase.PLAY:
            return self._why_bad_play(action, who)
        if isinstance(action, (Blank, Bid, Yes, Stand, Exchange)):
            return citing(f"the combinations are being declared: {self.role(self.to_move)} ({who}) to "
                          f"{'answer' if ph is Phase.REPLY else 'call or pass'}", RULE_DECLARE)
        # Piquet's dialogue decides, and names Piquet's rule, which Counterpique takes over: one citation, both sources
        return citing(self.inner.why_illegal(action), f"as {RULE_DECLARE}", joined=True)  # type: ignore[union-attr]

    def _why_bad_bid(self, action: Action, who: str) -> str | None:
        if self.to_move == NON_DEALER:
            if isinstance(action, (Yes, Pass)):
                return None
            if isinstance(action, Bid):
                return (f"the non-dealer does not bid here: he says 'yes' to play at "
                        f"{(self.bid or LOWEST).name} or 'pass'; if he wins he may raise ({RULE_AUCTION})")
            return f"the non-dealer answers the dealer's bid with 'yes' or 'pass' ({RULE_AUCTION})"
        if isinstance(action, Pass):
            return None
        if not isinstance(action, Bid):
            first = self.bid is None
            return f"the dealer {'bids first' if first else 'must raise or pass'}: a bid like 'bid seven-three', or 'pass' ({RULE_AUCTION})"
        if self.bid is not None and action.value <= self.bid.value:
            return (f"the dealer must raise: {action.name} ({action.value}) is not worth more than {self.bid.name} "
                    f"({self.bid.value}); Parlett's Counterpique: 'A higher bid is one with a higher potential score'")
        return None

    def _why_bad_draw(self, action: Action, who: str) -> str | None:
        role = self.role(self.to_move)
        most = self._draw_limit(self.to_move)
        if not isinstance(action, Exchange):
            return citing(f"{role} ({who}) is drawing: discard 0 to {most} cards, e.g. 'discard 7C 8D' or 'discard nothing'", RULE_DRAW)
        if action.show_left is not None:
            return citing("in Counterpique the cards left in the talon are neither shown nor hidden: discard without 'show' or 'hide'",
                          RULE_LEAVING)
        try:
            PIQUET_PACK.check(action.discard)
            Hand(action.discard)
        except NotationError as e:
            return citing(str(e), RULE_CARDS)
        m = mask_of(action.discard)
        if m & ~self.hands[self.to_move]:
            return citing(f"{role} ({who}) does not hold {' '.join(map(str, cards_of(m & ~self.hands[self.to_move])))}; "
                          f"he holds {self.hand(self.to_move)}", RULE_DRAW)
        if len(action.discard) > most:
            if self.to_move == self.elder:
                why = f"his bid {self.contract.name} leaves {self.contract.cards} of the {TALON} to Younger"  # type: ignore[union-attr]
            elif self.rules.younger_draws == "bid" and self.contract is not None and most == self.contract.cards:
                why = (f"Elder's bid {self.contract.name} leaves him {self.contract.cards} cards and the rest are out of play "
                       f"(rule option younger_draws='bid')")
            else:
                why = f"only {most} cards are left in the talon"
            return f"{role} may draw at most {most} cards, not {len(action.discard)}: {why} ({RULE_DRAW})"
        return None

    def _why_bad_play(self, action: Action, who: str) -> str | None:
        if not isinstance(action, Play):
            return citing(f"the cards are being played: {self.role(self.to_move)} ({who}) to play a card", RULE_PLAY)
        card = action.card
        if card not in CARD_BIT:
            return citing(f"{card} is not in the piquet pack", RULE_CARDS)
        b = CARD_BIT[card]
        if not self.hands[self.to_move] >> b & 1:
            return citing(f"the {who} does not hold {card}; he holds {self.hand(self.to_move)}", RULE_PLAY)
        legal = self._playable()
        if b not in legal:
            suit = BIT_CARD[self.tricks[-1][1]].suit.noun
            return citing(f"cannot play {card}: must follow {suit} (legal: {' '.join(str(BIT_CARD[x]) for x in legal)})", RULE_FOLLOW)
        return None

    # -- transitions ----------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        self._expl = None
        seat = self.to_move
        self.moves.append((seat, action))
        ph = self.phase
        if ph is Phase.BLANK:
            if isinstance(action, Blank):
                self.blank_shown[seat] = True
            self._blank_turns.pop(0)
            if self._blank_turns:
                self.to_move = self._blank_turns[0]
            else:
                self.phase, self.to_move = Phase.AUCTION, DEALER
        elif ph is Phase.AUCTION:
            self.auction.append((seat, action))
            self._do_auction(seat, action)
        elif ph is Phase.RAISE:
            self.auction.append((seat, action))
            if isinstance(action, Bid):
                self.bid = action
            self._to_draw(NON_DEALER)
        elif ph is Phase.DRAW:
            self._do_draw(seat, action)  # type: ignore[arg-type]
        elif ph is Phase.PLAY:
            self._do_play(CARD_BIT[action.card])  # type: ignore[union-attr]
        else:
            self.inner.apply_unchecked(action)  # type: ignore[union-attr]
            self._follow_inner()

    def _do_auction(self, seat: int, action: Action) -> None:
        if seat == DEALER:
            if isinstance(action, Bid):
                self.bid, self.holder = action, DEALER
                self.to_move = NON_DEALER
            elif self.bid is None:
                self.dealer_passed = True  # an opening pass: the non-dealer may still say yes
                self.to_move = NON_DEALER
            else:
                self.phase, self.to_move = Phase.RAISE, NON_DEALER  # the non-dealer won at self.bid
                self.elder = NON_DEALER
        elif isinstance(action, Yes):
            if self.bid is None:
                self.bid = LOWEST
            self.holder = NON_DEALER
            if self.dealer_passed:
                self.elder = NON_DEALER
                self.phase = Phase.RAISE
            else:
                self.to_move = DEALER
        elif self.bid is None:
            # Parlett's Counterpique: 'If both pass immediately, the game is misère.'
            self.misere = True
            self.elder = DEALER if self.rules.misere_elder == "dealer" else NON_DEALER
            self.phase, self.to_move = Phase.PLAY, self.elder
        else:
            self._to_draw(DEALER)

    def _to_draw(self, elder: int) -> None:
        self.elder = elder
        self.contract = self.bid
        self.phase, self.to_move = Phase.DRAW, elder

    def _do_draw(self, seat: int, action: Exchange) -> None:
        k = len(action.discard)
        d = mask_of(action.discard)
        took = 0
        for b in self.stock[:k]:
            took |= 1 << b
        del self.stock[:k]
        self.hands[seat] = self.hands[seat] & ~d | took
        self.discards[seat], self.drawn[seat] = d, took
        if seat == self.elder:
            self.to_move = self.table.seats[seat].other
            return
        assert self.elder is not None, "roles are known once the auction is over"
        e, y = self.seat(ELDER), self.seat(YOUNGER)
        self.inner = PiquetDeal.after_exchange(self.hand(e), self.hand(y), _PIQUET_RULES)
        self._follow_inner()

    def _follow_inner(self) -> None:
        inner = self.inner
        assert inner is not None
        self.phase = _FROM_PIQUET[inner.phase]
        self.to_move = self.seat(inner.to_move)

    def _do_play(self, b: int) -> None:
        p = self.to_move
        self.hands[p] &= ~(1 << b)
        if not self.tricks or self.tricks[-1][2] >= 0:
            self.tricks.append([p, b, -1, -1])
            self.to_move = self.table.seats[p].other
            if len(self.tricks) == 1 and self.inner is not None:
                # Parlett's Counterpique: Younger declares after Elder's first lead, before playing to it.
                self.inner.apply_unchecked(Play(BIT_CARD[b]))
                self._follow_inner()
            return
        t = self.tricks[-1]
        t[2] = b
        t[3] = t[0] if winner_of(t[1], b) == 0 else p
        self.to_move = t[3]
        if len(self.tricks) == TRICKS:
            self.phase = Phase.OVER
        elif self.made and not self.rules.play_out:
            self.phase = Phase.OVER  # Parlett's Counterpique, Play: play can cease once the contract is made

    # -- display --------------------------------------------------------------------------------
    def __repr__(self) -> str:
        who = "" if self.is_over else f", {self.table.names[self.to_move]} to move"
        what = " misère" if self.misere else (f" {self.contract.name}" if self.contract else "")
        return f"<CounterpiqueDeal {self.deal.code}{what} {self.phase.value}{who}>"


def _hand_step(category: str, points: int, detail) -> tuple[str, int, str, str]:
    if category == "carte blanche":
        return "blank", points, "blank, proved: ten", RULE_BLANK
    if category == "repique":
        return "repique", points, "repique: sixty", RULE_REPIQUE
    rule = {POINT: RULE_POINT, SEQUENCE: RULE_SEQUENCE, SET: RULE_SET}[category]
    return category, points, detail.name(), rule


def declare_in_full(state: CounterpiqueDeal) -> Action:
    """The action a player who declares all he holds would take now (Piquet's policy on the dialogue)."""
    if state.phase not in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
        raise IllegalActionError(
            f"nothing is being declared now (phase {state.phase.value})", token=state.phase.value, legal=("call", "reply", "declare")
        )
    return piquet_declare_in_full(state.inner)  # type: ignore[arg-type]


__all__ = [
    "CounterpiqueDeal",
    "Deal",
    "Phase",
    "SEATS",
    "ROLES",
    "ROLE_TABLE",
    "NON_DEALER",
    "DEALER",
    "ELDER",
    "YOUNGER",
    "ABOVE",
    "BELOW",
    "contract_result",
    "misere_result",
    "declare_in_full",
]
