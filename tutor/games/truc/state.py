"""Le Truc as state machines: one deal (:class:`TrucDeal`), the manche of 12 points, the partie.

Every game state answers the same questions: whose turn it is (:attr:`TrucDeal.to_move`), what is
legal (:meth:`legal_actions`), what an action does (:meth:`apply`, checked: an
:class:`~tutor.errors.IllegalActionError` names the bad token, lists what is legal and leaves the
state as it was; :meth:`apply_unchecked` for loops that only pick legal actions), the score with
its steps (:meth:`explanation`), and what a player may see (:meth:`view`).

The phases follow the French rules of Le Truc (player 0 is elder, the dealer's opponent; player 1 the dealer):

``call``    the call for cards (l'appel de cartes): elder keeps or asks for new cards; if he
            asks, the dealer keeps or asks; if both ask, the hands are thrown in and three new
            cards dealt to each from the same pack, until the pack runs out;
``play``    three tricks at most, elder leading the first; before each of his cards a player may
            propose to double (le truc, doubler) or, if a double could carry him past 12, banco;
``answer``  the other accepts or refuses the proposal (or answers a banco with his own);
``over``    the deal is won (two tricks, or a refused proposal), void (three pourries), or the
            pack ran out during the call for cards (nobody scores, and the deal passes).

The scores of a deal are :class:`~tutor.explain.Step` s, each citing the French rules of Le Truc. Doubling is only
possible in the play: the French rules of Le Truc allows it 'avant de jouer sa carte', before playing one's card.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass

from ... import codes
from ...cards import PIQUET_PACK, Card, Hand, Rank
from ...errors import IllegalActionError, NotationError, shown
from ...explain import Explanation
from ...seats import Table
from ..base import GameState
from .actions import (
    Accept,
    Action,
    Ask,
    Banco,
    Double,
    Keep,
    Play,
    Refuse,
    parse_action,
)
from .rules import TrucRules

ELDER, DEALER = 0, 1
PLAYERS = ("elder", "dealer")
ROTTEN = 2  # a trick's result when its two cards are equal: la pourrie

#: The French rules of Le Truc: 'dans l'ordre décroissant : Sept, Huit, As, Roi, Dame, Valet, Dix, Neuf'.
RANK_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE)
#: A card's strength, 7 for the sevens down to 0 for the nines; suits do not count (the French rules of Le Truc).
STRENGTH: dict[Card, int] = {c: 7 - RANK_ORDER.index(c.rank) for c in PIQUET_PACK}

DEAL_TAG = "tr"
_LAYOUT = [(3, False), (3, False), (26, True)]

RULE_CALL = "the French rules of Le Truc, Appel de cartes: elder plays or asks for new cards; if he asks, the dealer plays or asks"
RULE_REDEAL = "the French rules of Le Truc, Appel de cartes: if both ask, they throw in their cards and the dealer deals three new ones each"
RULE_EXHAUSTED = "the French rules of Le Truc, Appel de cartes: if the pack runs out before either agrees to play, the cards are shuffled again and the deal passes"
RULE_TRICK = "the French rules of Le Truc, Déroulement: the higher card wins, suits do not count; the winner of a trick leads the next"
RULE_POURRIE = (
    "the French rules of Le Truc, Déroulement: a pourrie (equal cards) goes to the winner of the first trick; if it is the "
    "first, to the winner of the next; if the first two, to the winner of the third"
)
RULE_POURRIE_LEAD = "the French rules of Le Truc, Déroulement: whoever led a pourrie leads the next trick"
RULE_NULL = "the French rules of Le Truc, Déroulement: the deal is void (donne nulle) only if all three tricks are pourries"
RULE_DEAL = "the French rules of Le Truc, But du jeu: the first to win two tricks wins the deal, worth 1 point or its doubled value"
RULE_DEAL_POURRIE = "the French rules of Le Truc, Déroulement and But du jeu: with the pourrie(s) credited to him, two tricks win the deal"
RULE_DOUBLE = "the French rules of Le Truc, Enchères: before playing his card a player may propose to double the value of the deal"
RULE_ACCEPT = "the French rules of Le Truc, Enchères: a double accepted doubles the value of the deal"
RULE_REFUSED = "the French rules of Le Truc, Enchères: a proposal refused gives the proposer the value before it, and the deal stops"
RULE_BANCO = "the French rules of Le Truc, Manche: a player whose double could carry him past 12 asks banco, the points he lacks"
RULE_COUNTER = "the French rules of Le Truc, Manche: the other may announce his own banco, worth while only if he lacks more points"
RULE_CARDS = "the French rules of Le Truc, Nombre de cartes: 32 cards, from 7 8 A K Q J 10 9 down; suits do not count"
RULE_PLAY = (
    "the French rules of Le Truc, Déroulement: elder leads, the other answers the card that opens the trick, and the "
    "winner of a trick leads the next"
)
RULE_ANSWER = (
    "the French rules of Le Truc, Enchères: a proposal is accepted, and the value doubles, or refused, and the "
    "proposer scores the value before it"
)
RULE_ONE_PROPOSAL = (
    "the French rules of Le Truc, Enchères: a player may propose before playing his card, the leader before his, "
    "the other before his"
)
RULE_ALTERNATE = "the rule option double_turns='alternate', a stricter reading of the French rules of Le Truc, Enchères"
RULE_OWN_TURN = "the rule option counter_banco='own turn', a reading of 'à son tour' in the French rules of Le Truc, Manche"
RULE_MANCHE = "the French rules of Le Truc, Manche: the manche is played to 12 points (manche_points), and a new one then begins"
RULE_PARTIE = "the French rules of Le Truc, Partie: the partie is played to two manches won (manches_to_win)"
RULE_OVER = {
    "won": "the French rules of Le Truc, But du jeu: play stops as soon as a player has won two tricks",
    "refused": RULE_REFUSED,
    "null": RULE_NULL,
    "exhausted": RULE_EXHAUSTED,
}


def truc_sorted(cards: Iterable[Card]) -> Hand:
    """The cards strongest first (7 8 A K Q J 10 9), suits in the pack's order within a rank."""
    ordered: list[Card] = sorted(cards, key=lambda c: (-STRENGTH[c], PIQUET_PACK.index(c)))
    return Hand(ordered)


# -- the cards as dealt -------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """The cards of one deal: elder's three, the dealer's three, and the rest of the pack in order.

    The rest (26 cards, top first) is where new hands come from at the call for cards: the top card
    to elder, the next to the dealer, and so on until each has three (pokerwiner.com 'Le Truc':
    'three cards to each player, one at a time'; the French rules of Le Truc only says 'trois cartes à chacun').
    """

    elder: Hand
    dealer: Hand
    stock: tuple[Card, ...]

    @classmethod
    def from_seed(cls, seed: int | str) -> Deal:
        """Shuffle with :func:`tutor.cards.shuffled` and deal one at a time, elder first."""
        order = PIQUET_PACK.shuffled(seed)
        return cls(truc_sorted(order[0:6:2]), truc_sorted(order[1:6:2]), tuple(order[6:]))

    @classmethod
    def from_code(cls, code: str) -> Deal:
        elder, dealer, stock = codes.decode(DEAL_TAG, PIQUET_PACK, _LAYOUT, code)
        return cls(truc_sorted(elder), truc_sorted(dealer), tuple(stock))

    @classmethod
    def from_cards(cls, elder, dealer, stock=None) -> Deal:
        """A deal from notation: two hands of three and the other 26 cards in order (top first).

        Without ``stock`` the other cards follow in the pack's order (A K Q J T 9 8 7 of spades,
        hearts, diamonds, clubs): enough for a deal in which nobody asks for new cards.
        """
        e = PIQUET_PACK.parse_hand(elder, 3, "Truc hand")
        d = PIQUET_PACK.parse_hand(dealer, 3, "Truc hand")
        seen: dict[Card, str] = {}
        for name, cards in (("elder", e), ("dealer", d)):
            for c in cards:
                if c in seen:
                    raise NotationError(f"card {c} is both in {seen[c]}'s hand and in {name}'s", token=str(c))
                seen[c] = name
        if stock is None:
            rest = tuple(c for c in PIQUET_PACK if c not in seen)
        else:
            rest = tuple(PIQUET_PACK.parse_hand(stock, 26, "rest of the pack"))
            for c in rest:
                if c in seen:
                    raise NotationError(f"card {c} is both in {seen[c]}'s hand and in the rest of the pack", token=str(c))
        return cls(truc_sorted(e), truc_sorted(d), rest)

    @property
    def code(self) -> str:
        """A short URL-safe code that gives this deal back with :meth:`from_code`."""
        return codes.encode(DEAL_TAG, PIQUET_PACK, [(self.elder, False), (self.dealer, False), (self.stock, True)])

    def __str__(self) -> str:
        return f"elder:  {self.elder}\ndealer: {self.dealer}\nstock:  {' '.join(map(str, self.stock))}"

    def __repr__(self) -> str:
        return f"Deal.from_code({self.code!r})"

    def _repr_html_(self) -> str:
        from ...render import hand_svg

        return (
            '<div class="tutor-deal">' + hand_svg(self.elder, caption="elder") + hand_svg(self.dealer, caption="dealer")
            + hand_svg(self.stock, caption="rest of the pack") + f'<div class="tutor-code">deal code <code>{self.code}</code></div></div>'
        )


class Phase(enum.Enum):
    CALL = "call"
    PLAY = "play"
    ANSWER = "answer"
    OVER = "over"


def credited(results) -> tuple[list[int], int]:
    """Tricks credited to (elder, dealer) from the results so far, and the pourries not yet placed.

    The French rules of Le Truc: a pourrie goes to the winner of the first trick; if it was the first, to the winner of
    the next; if the first two, to the winner of the third. All three cases say the same thing:
    every pourrie goes to whoever won the first trick that was not a pourrie.
    """
    won = [0, 0]
    rotten = 0
    first = -1
    for r in results:
        if r is None:
            continue
        if r == ROTTEN:
            rotten += 1
        else:
            won[r] += 1
            if first < 0:
                first = r
    if first >= 0:
        won[first] += rotten
        rotten = 0
    return won, rotten


# -- one deal -----------------------------------------------------------------------------------


class TrucDeal(GameState):
    """The state of one deal. ``manche`` is (elder's, dealer's) points in the manche before it,
    which decide when a double must be a banco (the French rules of Le Truc, Manche)."""

    players = PLAYERS
    parse_action = staticmethod(parse_action)

    #: the seats: elder plays first, the dealer deals
    table = Table(PLAYERS, dealer="dealer")
    title = "Le Truc"

    def __init__(self, deal: Deal, rules: TrucRules | None = None, manche: tuple[int, int] = (0, 0)):
        self.rules = rules or TrucRules()
        self.target = self.rules.manche_points
        a, b = manche
        if not (isinstance(a, int) and isinstance(b, int) and 0 <= a < self.target and 0 <= b < self.target):
            raise IllegalActionError(
                f"the manche scores before a deal are whole numbers from 0 to {self.target - 1}, not {manche!r}",
                token=manche,
            )
        self.deal = deal
        self.manche = (a, b)
        self.hands: list[list[Card]] = [list(deal.elder), list(deal.dealer)]
        self.stock: list[Card] = list(deal.stock)
        self.thrown: list[list[Hand]] = [[], []]  # hands thrown in at the call for cards, face down
        self.round = 1  # which pair of hands is being called on or played
        self.asked = False  # elder asked for new cards in this round
        self.tricks: list[list] = []  # [leader, led card, followed card or None, winner/ROTTEN or None]
        self.leader = ELDER  # the French rules of Le Truc: 'L'adversaire du donneur commence'
        self.value = 1
        self.raises: list[tuple[int, str, int]] = []  # accepted (proposer, kind, new value)
        self.pending: tuple[int, str, int] | None = None  # (proposer, kind, value if accepted); kind: double, banco, counter-banco
        self.proposed = False  # the player to play has proposed before this card
        self.last_raiser: int | None = None
        self.ending: str | None = None  # 'won', 'refused', 'null' (donne nulle), 'exhausted'
        self.winner: int | None = None
        self.events: list[tuple[str, str, int, str, str]] = []
        self.log: list[tuple[str, str]] = []
        self.history: list[Action] = []
        self.phase, self.to_move = Phase.CALL, ELDER

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def from_seed(cls, seed: int | str, rules: TrucRules | None = None, manche: tuple[int, int] = (0, 0)) -> TrucDeal:
        return cls(Deal.from_seed(seed), rules, manche)

    @classmethod
    def from_cards(cls, elder, dealer, stock=None, rules: TrucRules | None = None, manche: tuple[int, int] = (0, 0)) -> TrucDeal:
        return cls(Deal.from_cards(elder, dealer, stock), rules, manche)

    # -- questions every state answers ----------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def hand(self, player: int) -> Hand:
        return truc_sorted(self.hands[player])

    def explanation(self) -> Explanation:
        return Explanation.build(PLAYERS, self.events)

    def scores(self) -> dict[str, int]:
        """Points won in this deal so far (only the end of a deal scores)."""
        return self.explanation().totals(PLAYERS)

    def tricks_won(self) -> tuple[int, int]:
        """Tricks credited to (elder, dealer), the pourries placed as far as they can be yet."""
        won, _ = credited(t[3] for t in self.tricks)
        return won[0], won[1]

    def apply(self, action, player: int | str | None = None):
        """Check and apply ``action``; with ``player`` (0/1 or 'elder'/'dealer'), also check that it
        is his turn. An illegal action raises IllegalActionError and leaves the state as it was."""
        if player is not None:
            p = _player_index(player)
            if self.phase is not Phase.OVER and p != self.to_move:
                act = self.parse_action(action)
                raise IllegalActionError(
                    f"it is {self.table.names[self.to_move]}'s turn ({self._turn_text()}), not {self.table.names[p]}'s "
                    f"[{RULE_CALL if self.phase is Phase.CALL else RULE_ANSWER if self.phase is Phase.ANSWER else RULE_PLAY}]",
                    token=str(act),
                    legal=[str(a) for a in self._enumerate()],
                )
        return super().apply(action)

    def result(self) -> str:
        """The outcome in words, or '' while the deal is being played."""
        if self.ending is None:
            return ""
        if self.ending == "null":
            return "donne nulle: all three tricks were pourries, nobody scores"
        if self.ending == "exhausted":
            return "the pack ran out at the call for cards: nobody scores, the cards are shuffled and the deal passes"
        return self.events[-1][3]

    def table_parts(self, seat, names=None):
        """This deal's side of the typed view every panel draws (:mod:`tutor.games.truc.view`)."""
        from .view import truc_parts

        return truc_parts(self, seat, names)

    def view(self, player: int | str) -> dict:
        """What ``player`` may see: his hand and the hands he threw in, how many the other threw in
        (face down), the tricks, the value and any proposal, the manche scores, and the cards he has
        not seen. Cards left in hand at the end are not shown (the French rules of Le Truc, But du jeu)."""
        p = _player_index(player)
        played = [c for t in self.tricks for c in (t[1], t[2]) if c is not None]
        known = set(self.hands[p]) | {c for h in self.thrown[p] for c in h} | set(played)
        return {
            "player": self.table.names[p],
            "phase": self.phase.value,
            "to_move": None if self.is_over else self.table.names[self.to_move],
            "card_player": None if self.is_over else self.table.names[self.card_player()],
            "hand": truc_sorted(self.hands[p]),
            "thrown_in": tuple(self.thrown[p]),
            "opponent_thrown_in": len(self.thrown[self.table.seats[p].other]),
            "round": self.round,
            "stock_left": len(self.stock),
            "opponent_cards": len(self.hands[self.table.seats[p].other]),
            "tricks": tuple(
                (self.table.names[t[0]], t[1], t[2], None if t[3] is None else ("pourrie" if t[3] == ROTTEN else self.table.names[t[3]]))
                for t in self.tricks
            ),
            "tricks_won": dict(zip(PLAYERS, self.tricks_won())),
            "value": self.value,
            "proposal": None if self.pending is None else (self.table.names[self.pending[0]], self.pending[1], self.pending[2]),
            "manche": dict(zip(PLAYERS, self.manche)),
            "target": self.target,
            "unseen": truc_sorted(c for c in PIQUET_PACK if c not in known),
            "ending": self.ending,
            "may_raise": self.raise_kind(p) if not self.is_over and p == self.to_move and self.phase is Phase.PLAY else None,
        }

    # -- the rest of the game contract ------------------------------------------------------------
    @property
    def code(self) -> str:
        return self.deal.code

    def hidden(self, seat) -> frozenset[Card]:
        """The other hand, the hands the other threw in (face down) and the rest of the pack."""
        q = self.table.seats[int(seat)].other
        return frozenset(self.hands[q]) | {c for h in self.thrown[q] for c in h} | frozenset(self.stock)

    def determinize(self, seat, rng) -> TrucDeal:
        """A copy with the cards ``seat`` has not seen (:meth:`hidden`: the other's hand, the hands
        he threw in face down, the rest of the pack) dealt again at random among the same places;
        its own cards and every card played stay where they are, so its view is unchanged. Only
        ranks count and nothing obliges a player to follow (the French rules of Le Truc), so no
        card played tells where the others are."""
        p = int(seat)
        q = self.table.seats[p].other
        cards = sorted(self.hidden(seat), key=PIQUET_PACK.index)  # in the pack's order: nothing of where they were
        rng.shuffle(cards)
        out = self.clone()
        n = len(self.hands[q])
        out.hands[q], cards = cards[:n], cards[n:]
        thrown = []
        for h in self.thrown[q]:
            thrown.append(truc_sorted(cards[: len(h)]))
            cards = cards[len(h):]
        out.thrown[q] = thrown
        out.stock = cards
        # the deal as it could have been dealt: the first hands, then each later pair of hands and the rest
        # (the hands played from are those held now with the cards each has played)
        played: list[list[Card]] = [[], []]
        for leader, led, followed, _ in self.tricks:
            played[leader].append(led)
            if followed is not None:
                played[self.table.seats[leader].other].append(followed)
        rounds = [[(out.thrown[r][k] if k < len(out.thrown[r]) else truc_sorted([*out.hands[r], *played[r]])) for r in (0, 1)]
                  for k in range(len(out.thrown[0]) + 1)]
        later = [c for e, d in rounds[1:] for pair in zip(e, d) for c in pair]
        out.deal = Deal(Hand(rounds[0][0]), Hand(rounds[0][1]), (*later, *out.stock))
        return out

    def every_card(self) -> list[Card]:
        played = [c for t in self.tricks for c in (t[1], t[2]) if c is not None]
        return [*self.hands[0], *self.hands[1], *(c for p in (0, 1) for h in self.thrown[p] for c in h), *self.stock, *played]

    def outcome(self):
        from ..contract import Outcome

        if not self.is_over:
            return None
        winner = None if self.winner is None else self.table.names[self.winner]
        return Outcome(winner, self.result(), self.scores(), self.ending or "played-out")

    def to_json(self) -> dict:
        return {
            "game": "truc",
            "code": self.code,
            "manche": dict(zip(PLAYERS, self.manche)),
            "actions": [str(a) for a in self.history],
            "phase": self.phase.value,
            "to_move": None if self.is_over else self.table.names[self.to_move],
            "value": self.value,
            "tricks_won": dict(zip(PLAYERS, self.tricks_won())),
            "scores": self.scores(),
            "ending": self.ending,
            "steps": self.explanation().to_json(),
        }

    def card_player(self) -> int:
        """Who is to play the next card (during an answer, the player whose card it will be)."""
        if self.tricks and self.tricks[-1][2] is None:
            return self.table.seats[self.tricks[-1][0]].other
        return self.leader

    def raise_kind(self, player: int) -> str | None:
        """'double' or 'banco' if ``player`` may propose now that it is his card, else None."""
        return self._raise(player)[0]

    # -- legality ---------------------------------------------------------------------------------
    def _raise(self, p: int) -> tuple[str | None, str]:
        who = self.table.names[p]
        if self.proposed:
            return None, f"{who} has already proposed before this card and must now play it [{RULE_ONE_PROPOSAL}]"
        if self.rules.double_turns == "alternate" and self.last_raiser == p:
            return None, f"{who} made the last raise: the next must come from {self.table.seats[p].other.name} [{RULE_ALTERNATE}]"
        s, v, t = self.manche[p], self.value, self.target
        if s + 2 * v <= t:
            return "double", ""
        if t - s > v:
            return "banco", ""
        return None, (
            f"the deal is already worth {v}, and {who} lacks only {t - s} for the manche: there is nothing "
            f"left to double, nor to ask banco for (the French rules of Le Truc, Manche)"
        )

    def _counter_banco(self) -> tuple[bool, str]:
        assert self.pending is not None
        proposer, kind, value = self.pending
        answerer = self.table.seats[proposer].other
        if kind == "counter-banco":
            return False, f"a counter-banco cannot be answered with another banco: accept or refuse it [{RULE_COUNTER}]"
        if kind != "banco":
            return False, "only a banco may be answered with a banco (the French rules of Le Truc, Manche); answer a double with accept or refuse"
        if self.rules.counter_banco != "answer":
            return False, f"the counter-banco waits until your own card [{RULE_OWN_TURN}]"
        lacks = self.target - self.manche[answerer]
        if lacks <= value:
            return False, (
                f"{self.table.names[answerer]} lacks {lacks} for the manche, no more than the banco of {value}: "
                f"a counter-banco would not raise the value [{RULE_COUNTER}]"
            )
        return True, ""

    def _turn_text(self) -> str:
        who = self.table.names[self.to_move]
        if self.phase is Phase.CALL:
            return f"{who} to keep his cards or ask for new ones"
        if self.phase is Phase.ANSWER:
            proposer, kind, value = self.pending  # type: ignore[misc]
            return f"{who} to answer {self.table.names[proposer]}'s {kind} (for {value})"
        if self.phase is Phase.PLAY:
            return f"{who} to play a card" + (" or propose" if self.raise_kind(self.to_move) else "")
        return "the deal is over"

    def _enumerate(self) -> list[Action]:
        ph = self.phase
        if ph is Phase.CALL:
            return [Keep(), Ask()]
        if ph is Phase.PLAY:
            acts: list[Action] = [Play(c) for c in truc_sorted(self.hands[self.to_move])]
            kind = self._raise(self.to_move)[0]
            if kind == "double":
                acts.append(Double())
            elif kind == "banco":
                acts.append(Banco())
            return acts
        if ph is Phase.ANSWER:
            acts = [Accept(), Refuse()]
            if self._counter_banco()[0]:
                acts.append(Banco())
            return acts
        return []

    CITES = re.compile(r"French rules of Le Truc")

    def _why_illegal(self, action: Action) -> str | None:
        ph = self.phase
        who = self.table.names[self.to_move]
        if ph is Phase.OVER:
            return f"the deal is over ({self.result()}): nothing more can be done [{RULE_OVER[self.ending]}]"  # type: ignore[index]
        if ph is Phase.CALL:
            if isinstance(action, (Keep, Ask)):
                return None
            return f"it is the call for cards: {who} keeps his cards (keep) or asks for new ones (ask) [{RULE_CALL}]"
        if ph is Phase.ANSWER:
            if isinstance(action, (Accept, Refuse)):
                return None
            proposer, kind, value = self.pending  # type: ignore[misc]
            if isinstance(action, Banco):
                ok, why = self._counter_banco()
                return None if ok else why
            return f"{self.table.names[proposer]} proposed {kind} (for {value}): {who} must first accept or refuse [{RULE_ANSWER}]"
        if isinstance(action, Play):
            card = action.card
            if card not in STRENGTH:
                return f"{card} is not in the 32-card pack of Le Truc: its ranks are 7 8 A K Q J 10 9 [{RULE_CARDS}]"
            if card not in self.hands[self.to_move]:
                return f"{who} does not hold {card}; {who} holds {truc_sorted(self.hands[self.to_move])} [{RULE_PLAY}]"
            return None
        if isinstance(action, (Double, Banco)):
            kind, why = self._raise(self.to_move)
            if kind is None:
                return why
            s, v, t = self.manche[self.to_move], self.value, self.target
            if isinstance(action, Double) and kind == "banco":
                return (
                    f"a double would carry {who} past {t} ({s} + {2 * v} > {t}): he may only ask banco, "
                    f"for the {t - s} he lacks [{RULE_BANCO}]"
                )
            if isinstance(action, Banco) and kind == "double":
                return f"banco is for a player whose double would carry him past {t}: {who} ({s}) may double to {2 * v} [{RULE_BANCO}]"
            return None
        if isinstance(action, (Accept, Refuse)):
            return f"there is no proposal to answer: {who} is to play a card [{RULE_ANSWER}]"
        return f"the cards are being played: {who} is to play a card (not {action}) [{RULE_PLAY}]"

    # -- transitions ----------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        self.history.append(action)
        ph = self.phase
        p = self.to_move
        if ph is Phase.CALL:
            self._do_call(p, isinstance(action, Ask))
        elif ph is Phase.ANSWER:
            self._do_answer(p, action)
        elif isinstance(action, Play):
            self._do_play(p, action.card)
        else:
            self._do_propose(p, "double" if isinstance(action, Double) else "banco")

    def _note(self, text: str, rule: str) -> None:
        self.log.append((text, rule))

    def _do_call(self, p: int, ask: bool) -> None:
        who = self.table.names[p]
        if not ask:
            self._note(f"{who} keeps his cards: the play begins, elder leading", RULE_CALL)
            self.phase, self.to_move = Phase.PLAY, ELDER
            return
        if p == ELDER:
            self._note("elder asks for new cards", RULE_CALL)
            self.asked, self.to_move = True, DEALER
            return
        self._note("the dealer asks too: both hands are thrown in", RULE_REDEAL)
        for q in (ELDER, DEALER):
            self.thrown[q].append(truc_sorted(self.hands[q]))
        if len(self.stock) < 6:
            self.hands = [[], []]
            self.ending = "exhausted"
            self.phase = Phase.OVER
            self._note(
                f"only {len(self.stock)} cards are left, too few for two hands of three: the pack has run out",
                RULE_EXHAUSTED,
            )
            return
        new, self.stock = self.stock[:6], self.stock[6:]
        self.hands = [new[0::2], new[1::2]]
        self.round += 1
        self.asked = False
        self._note(f"three new cards each, one at a time, from the same pack (pair of hands number {self.round}, {len(self.stock)} cards left)", RULE_REDEAL)
        if self.rules.new_cards == "once":
            self._note("rule option new_cards='once': these hands are played", "pokerwiner.com 'Le Truc'")
            self.phase = Phase.PLAY
        self.to_move = ELDER

    def _do_propose(self, p: int, kind: str) -> None:
        new = 2 * self.value if kind == "double" else self.target - self.manche[p]
        self.pending = (p, kind, new)
        self.proposed = True
        self.phase, self.to_move = Phase.ANSWER, self.table.seats[p].other
        if kind == "double":
            self._note(f"{self.table.names[p]} proposes to double: {self.value} to {new}", RULE_DOUBLE)
        else:
            self._note(f"{self.table.names[p]} asks banco: {new}, the points he lacks for the manche", RULE_BANCO)

    def _do_answer(self, p: int, action: Action) -> None:
        proposer, kind, new = self.pending  # type: ignore[misc]
        if isinstance(action, Accept):
            self.value = new
            self.raises.append((proposer, kind, new))
            self.last_raiser = proposer
            self.pending = None
            self._note(f"{self.table.names[p]} accepts: the deal is worth {new}", {"double": RULE_ACCEPT, "banco": RULE_BANCO}.get(kind, RULE_COUNTER))
            self.phase, self.to_move = Phase.PLAY, self.card_player()
        elif isinstance(action, Refuse):
            self.pending = None
            rule = RULE_REFUSED
            text = f"{self.table.names[p]} refuses {self.table.names[proposer]}'s {kind}: {self.table.names[proposer]} scores the value before it, {self.value}"
            self._finish("refused", proposer, "refusal", text, rule)
        else:  # the counter-banco: the first banco is taken as accepted, then raised
            self.value = new
            self.raises.append((proposer, kind, new))
            counter = self.target - self.manche[p]
            self.pending = (p, "counter-banco", counter)
            self.phase, self.to_move = Phase.ANSWER, proposer
            self._note(f"{self.table.names[p]} answers with his own banco: {new} to {counter}, the points he lacks", RULE_COUNTER)

    def _do_play(self, p: int, card: Card) -> None:
        self.hands[p].remove(card)
        self.proposed = False
        if not self.tricks or self.tricks[-1][2] is not None:
            self.tricks.append([p, card, None, None])
            self.to_move = self.table.seats[p].other
            return
        t = self.tricks[-1]
        t[2] = card
        a, b = STRENGTH[t[1]], STRENGTH[card]
        n = len(self.tricks)
        leader = t[0]
        if a == b:
            t[3] = ROTTEN
            self.leader = leader
        else:
            t[3] = leader if a > b else p
            self.leader = t[3]
        won, unplaced = credited(x[3] for x in self.tricks)
        over = max(won) >= 2 or n == 3
        if a == b:
            tail = "" if over else f"; {self.table.names[leader]}, who led it, leads again"
            self._note(f"trick {n}: {t[1]} and {card} are equal, a pourrie{tail}", RULE_POURRIE if over else RULE_POURRIE_LEAD)
        else:
            tail = "" if over else f"; {self.table.names[t[3]]} leads"
            self._note(f"trick {n}: {t[1] if a > b else card} beats {card if a > b else t[1]}, {self.table.names[t[3]]} wins it{tail}", RULE_TRICK)
        for q in (ELDER, DEALER):
            if won[q] >= 2:
                self._win(q)
                return
        if n == 3:
            self.ending = "null"
            self.phase = Phase.OVER
            self._note("all three tricks are pourries: donne nulle, nobody scores", RULE_NULL)
            return
        if unplaced:
            self._note(f"the pourrie{'s go' if unplaced > 1 else ' goes'} to whoever wins the next trick", RULE_POURRIE)
        self.to_move = self.leader

    def _win(self, q: int) -> None:
        results = [t[3] for t in self.tricks]
        numbers = [i + 1 for i, r in enumerate(results) if r == q or r == ROTTEN]
        rotten = [i + 1 for i, r in enumerate(results) if r == ROTTEN]
        tricks = " and ".join(map(str, numbers)) if len(numbers) < 3 else "1, 2 and 3"
        how = f"tricks {tricks}"
        if rotten:
            how += f" (trick{'s' if len(rotten) > 1 else ''} {' and '.join(map(str, rotten))} a pourrie, credited to him)"
        worth = self._worth()
        text = f"{self.table.names[q]} wins the deal with {how}: {worth}"
        self._finish("won", q, "deal", text, RULE_DEAL_POURRIE if rotten else RULE_DEAL)

    def _worth(self) -> str:
        if not self.raises:
            return "1 point"
        kinds = [k for _, k, _ in self.raises]
        doubles = kinds.count("double")
        parts = []
        if doubles:
            parts.append("doubled" + ("" if doubles == 1 else f" {doubles} times"))
        if "banco" in kinds:
            parts.append("banco")
        if "counter-banco" in kinds:
            parts.append("counter-banco")
        return f"{self.value} points ({', '.join(parts)})"

    def _finish(self, outcome: str, player: int, category: str, text: str, rule: str) -> None:
        self.ending = outcome
        self.winner = player
        self.phase = Phase.OVER
        self.events.append((self.table.names[player], category, self.value, text, rule))
        self._note(text, rule)

    # -- display --------------------------------------------------------------------------------
    def commentary(self) -> str:
        """What happened, one line an event, each with the rule of the French rules of Le Truc it applies."""
        return "\n".join(f"{text}  [{rule}]" for text, rule in self.log)

    def __repr__(self) -> str:
        tail = f", {self.result()}" if self.is_over else f", {self.table.names[self.to_move]} to move"
        return f"<TrucDeal {self.deal.code} {self.phase.value}, worth {self.value}{tail}>"

    def _repr_html_(self) -> str:
        """Both hands, the tricks, the value and the score (a tutor's table, not a player's view)."""
        import html

        from ...render import hand_svg

        parts = ['<div class="tutor-state">']
        for p, name in enumerate(PLAYERS):
            parts.append(hand_svg(self.hand(p), caption=name))
        for i, t in enumerate(self.tricks, 1):
            cards = [t[1]] + ([t[2]] if t[2] is not None else [])
            res = "" if t[3] is None else (" pourrie" if t[3] == ROTTEN else f" won by {self.table.names[t[3]]}")
            parts.append(hand_svg(cards, caption=f"trick {i}, led by {self.table.names[t[0]]}{res}"))
        status = self.result() if self.is_over else self._turn_text()
        parts.append(f"<p>worth {self.value}; {html.escape(status)}</p>")
        parts.append(self.explanation().html())
        parts.append("</div>")
        return "".join(parts)


def _player_index(player: int | str) -> int:
    if player in (0, 1) and not isinstance(player, bool):
        return int(player)
    if isinstance(player, str) and player.strip().lower() in PLAYERS:
        return PLAYERS.index(player.strip().lower())
    raise IllegalActionError(f"a player is 0 or 1, elder or dealer, not {shown(player)}", token=player if isinstance(player, str) else shown(player), legal=PLAYERS)


# -- the manche and the partie ------------------------------------------------------------------

NAMES = ("first", "second")


__all__ = [
    "Deal",
    "Phase",
    "TrucDeal",
    "PLAYERS",
    "NAMES",
    "ELDER",
    "DEALER",
    "ROTTEN",
    "STRENGTH",
    "RANK_ORDER",
    "credited",
    "truc_sorted",
]
