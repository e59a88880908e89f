"""One deal of Gaigel (four in crosswise partnerships, 48 cards), as David Parlett's *Penguin Book of
Card Games* begins it and pagat.com completes it.

Two of each card A T K Q J 7 in four suits (the Ober is written Q, the Unter J), counting 11 10 4 3 2
0: 240 in the pack. Five each, by three and two; the next card turned up as the trump indicator,
the other 27 face down on it. Play passes to the right; the seats of a deal are named in the order
of play (Vorhand, on the dealer's right, leads first). Of two identical cards in a trick the one
played first beats the other.

The first trick is opened by Vorhand in one of three ways (:mod:`.actions`): Ge-Elfen (a plain ace
face up, which wins), Tauchen (a plain card not an ace, face down, all playing face down, the
highest of the suit led winning), or Zweite Alte (a plain ace face down, beaten only by its twin);
holding nothing but trumps he leads a trump face up, which wins. Nobody may play a trump to the
first trick unless he holds nothing else, and such a trump cannot win it.

While the talon lasts any card may be played; the winner draws first, then the others in turn, the
indicator last (it goes to the winner's left-hand opponent). Once the talon is gone: follow suit,
trump if void, and beat the best card so far if able, even a partner's. A player whose side has
taken a trick may show a pair (king and Ober of a suit: 40 in trumps, 20 otherwise) on his turn,
or two pairs together, playing one of their cards, and may exchange a seven of trumps for the indicator on his lead.

A side that has 101 says "Aus!" and wins a single game, a double one (Gigackel) if the other side
has no trick. "Aus" said without 101 gives the other side a double game; a side that plays on with
101 and is accused of it loses a double game.

The tutor's rulings where the sources are silent or cut off (stated in the chapter): pairs and the
exchange only while the talon lasts, pairs shown on one's turn (two at once, as pagat.com allows, in
one declaration); "Aus" is said just after one's side wins a
trick or one shows a pair, by the player to move or by his partner out of turn (pagat.com has the
side claim), an accusation on one's lead; a false accusation costs the accusers a
double game, as a false "Aus" does; three players play each for himself, a false "Aus" or
accusation paying each of the other two; when the cards are played out without a claim, the side with more points wins a single game
(a double one if the other took no trick), equal points winning nothing.
"""

from __future__ import annotations

import functools
from dataclasses import replace

from ...cards import PACKS, Card, Rank
from ...errors import IllegalActionError
from ..base import citing
from ..stock.actions import Aside, Claim, Declare, Play
from ..stock.core import Dealt, Phase, Stage, StockSpec, StockState, Trick, When
from ..stock.declarations import Combination, Meld, MeldTable, Reuse, Run, SuitScope
from ..stock.laws import law, register
from ..stock.tricks import FREE, STRICT, CardOrder, trick_winner
from .actions import Accuse, Open, parse_gaigel
from .rules import PAGAT, PARLETT, GaigelRules

PACK = PACKS["gaigel48"]
ORDER = CardOrder("A T K Q J 7")
POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
SEATS = ("vorhand", "second", "third", "dealer")
SIDES = (("vorhand", "third"), ("second", "dealer"))
SEATS3 = ("vorhand", "second", "dealer")

RULE_CARDS = f"{PARLETT}: the cards count ace 11, ten 10, king 4, Ober 3, Unter 2, seven 0 (240 in the pack)"
RULE_PAIR = f"{PAGAT}, pairs: king and Ober of a suit, 40 in trumps, 20 in another suit, shown once one's side has won a trick"
RULE_TWO_PAIRS = (f"{PAGAT}, pairs: two pairs may be shown together, each scoring; a second pair in a suit needs the "
                  "second king and the second Ober")
#: a card of a pair shown serves in no other pair (two pairs of a suit take both kings and both Obers)
REUSE = Reuse(source=f"{PAGAT}, pairs: a second pair in a suit needs the second king and the second Ober")
RULE_AUS = f"{PAGAT}: a side with 101 says 'Aus!' and wins a single game, or a double one (Gigackel) if the other side has taken no trick"
RULE_AUS_WHEN = f"{PAGAT}: a side that reaches 101 by a trick or a pair says 'Aus!'"
RULE_AUS_SIDE = (f"{PAGAT}: the side that reaches 101 stops the play to claim it, so either partner may say 'Aus!' (the tutor "
                 "lets him when his side has just won a trick or shown a pair)")
RULE_FALSE_AUS = f"{PAGAT}: 'Aus' said without 101 (untergaigeln) gives the other side a double game"
RULE_LATE = f"{PAGAT}: a side that plays on with 101 (übergaigeln) and is caught loses a double game"
RULE_FALSE_ACCUSE = ("the tutor's ruling where pagat.com, Gaigel, is silent: an accusation of playing on is made on one's "
                     "lead, and a false one costs the accusers a double game, as a false 'Aus' does")
RULE_PLAYED_OUT = ("the tutor's ruling where pagat.com, Gaigel, is silent: cards played out with no claim, the side "
                   "with more points wins a single game (double if the other took no trick)")
RULE_OPENING = (f"{PAGAT}, the first trick: Vorhand opens by Ge-Elfen (a plain ace face up, which wins), Tauchen (a plain "
                "card not an ace, face down: the highest of the suit wins) or Zweite Alte (a plain ace face down, beaten only "
                "by its twin); with nothing but trumps he leads a trump, which wins")
RULE_NO_TRUMP = f"{PAGAT}, the first trick: no trump may be played to it unless the player holds nothing else, and such a trump cannot win"
RULE_EQUAL = f"{PARLETT}: of two identical cards the one played first wins"
RULE_THREE = ("the tutor's ruling for three, where pagat.com, Gaigel, names the game each for himself but gives no "
              "rules for it: the four-handed game's rule that a side which reaches 101 says 'Aus!', read for one player")

register("Gaigel", {
    "over": f"{PAGAT}: the deal ends when a side says 'Aus!', or with the last trick",
    "draw": f"{PAGAT}: the winner of a trick draws first, then the others in turn",
    "close": f"{PAGAT}: the talon is not closed in Gaigel",
    "claim": RULE_AUS,
    "hold": f"{PAGAT}: a player plays from his own hand",
    "must_lead": f"{PAGAT}, pairs: the player who shows a pair plays one of its cards",
    "follow": f"{PAGAT}: once the talon is gone, follow suit, trump if void, and beat the best card so far if able, even a partner's",
    "exchange": f"{PAGAT}: a player whose side has won a trick may exchange a seven of trumps for the indicator",
    "declare_end": f"{PAGAT}, pairs: shown while the talon lasts (the tutor's reading)",
    "declare_when": f"{PAGAT}, pairs: shown by a player on his turn to play, once his side has won a trick; two may be shown together",
    "meld_name": f"{PAGAT}, pairs: the one combination is the pair, king and Ober of a suit",
    "meld_cards": f"{PAGAT}, pairs: a pair is shown from the player's own hand",
    "meld_once": f"{PAGAT}, pairs: a pair is a king and an Ober of the same suit",
})


@functools.cache
def spec_for(players: int = 4) -> StockSpec:
    """Gaigel for four in partnerships, or for three each for himself (a talon of 33, eleven tricks
    with drawing)."""
    kq = Run((Rank.KING, Rank.QUEEN))
    melds = MeldTable(
        (Combination("pair in trumps", 40, kq, "A", SuitScope.TRUMPS, lay=False, source=RULE_PAIR),
         Combination("pair", 20, kq, "A", SuitScope.PLAIN, lay=False, source=RULE_PAIR)),
        {"40": "pair in trumps", "20": "pair", "marriage": "pair"},
    )
    return StockSpec(
        name="Gaigel", pack=PACK, players=SEATS if players == 4 else SEATS3, hand_size=5, packets=(3, 2), order=ORDER, card_points=POINTS,
        play={Stage.STOCK: replace(FREE, source=f"{PAGAT}: while the talon lasts any card may be played"),
              Stage.END: replace(STRICT, source=f"{PAGAT}: once the talon is gone, follow suit, trump if void, and beat the "
                                                "best card so far if able, even a partner's")},
        melds=melds, declare_when=When.ON_LEAD, exchange_rank=Rank.SEVEN, exchange_when=When.ON_LEAD,
        reuse=REUSE, may_claim=True, teams=(0, 1, 0, 1) if players == 4 else None,
        side_names=tuple("-".join(s) for s in SIDES) if players == 4 else None,
        cites=r"pagat|Parlett|tutor's ruling", deal_tag="gg" if players == 4 else "g3", direction=-1,
    )


class GaigelDeal(StockState):
    """One deal of Gaigel. Player 0 is Vorhand (the dealer's right-hand neighbour); the last seat deals.

    Once over, ``ending`` says which side won, how many game points (1 single, 2 double), why, and by
    which rule.
    """

    REPLACES = frozenset({"_trick_winner", "_playable", "_may_declare_now", "_may_claim", "_apply", "_on_trick"})  # the core's rules this game sets its own (see StockPosition)

    def __init__(self, dealt: Dealt, rules: GaigelRules | None = None, players: int = 4):
        self.rules = rules or GaigelRules()
        self.players_n = players
        self.opening: Open | None = None
        self.played_on: set[int] = set()  # sides that went on playing with 101 (übergaigeln)
        self.ending: dict | None = None
        super().__init__(dealt, spec_for(players))

    WHY_NOT = {**StockState.WHY_NOT, Open: lambda s, p, a: s._why_bad_open(p, a), Accuse: lambda s, p, a: s._why_bad_accuse(p)}
    DO = {**StockState.DO, Open: lambda s, p, a: s._open(p, a), Accuse: lambda s, p, a: s._accuse(p)}

    @classmethod
    def from_seed(cls, seed, rules: GaigelRules | None = None, players: int = 4) -> GaigelDeal:
        return cls(Dealt.from_seed(spec_for(players), seed), rules, players)

    @classmethod
    def from_code(cls, code: str, rules: GaigelRules | None = None, players: int = 4) -> GaigelDeal:
        return cls(Dealt.from_code(spec_for(players), code), rules, players)

    @classmethod
    def from_cards(cls, hands, turnup, stock, rules: GaigelRules | None = None, players: int = 4) -> GaigelDeal:
        return cls(Dealt.from_cards(spec_for(players), hands, turnup, stock), rules, players)

    @property
    def code(self) -> str:
        return self.dealt.code(self.spec)

    def parse_action(self, text):
        if isinstance(text, str) and text.strip().lower() == "aus":
            return Claim()
        if isinstance(text, str) and ":" in text:  # "third: aus", the partner's claim out of turn
            seat, _, rest = text.partition(":")
            if rest.strip().lower() == "aus" and seat.strip():
                return Aside(seat.strip().lower(), Claim())
        action = parse_gaigel(text) or super().parse_action(text)
        if isinstance(action, Declare) and action.also:
            return self._in_order(action)
        return action

    def _in_order(self, action: Declare) -> Declare:
        """Two pairs shown together, written in the order they are listed (the pair of the first card
        in the hand's order first): both score at once, so the order says nothing."""
        parts = sorted(action.melds(), key=lambda part: min(map(self._key, part[1])) if part[1] else -1)
        return Declare(parts[0][0], parts[0][1], tuple(parts[1:]))

    # -- sides ------------------------------------------------------------------------------------
    def side_of(self, p: int) -> int:
        return self.spec.side(p)

    def side_points(self, side: int) -> int:
        return self.scores()[self.spec.scorers[side]]

    def side_tricks(self, side: int) -> int:
        return sum(self.side_of(t.winner) == side for t in self.tricks)

    # -- the first trick --------------------------------------------------------------------------
    @property
    def first_trick(self) -> bool:
        return not self.tricks

    def _all_trumps(self, p: int) -> bool:
        return all(c.suit is self.trump for c in self.hands[p])

    def _openings(self, p: int) -> list[Open]:
        hand = self.hands[p]
        if self._all_trumps(p):
            return [Open("trumps", c) for c in hand]
        plain = [c for c in hand if c.suit is not self.trump]
        aces = [c for c in plain if c.rank is Rank.ACE]
        return ([Open("ge-elfen", c) for c in aces] + [Open("zweite-alte", c) for c in aces]
                + [Open("tauchen", c) for c in plain if c.rank is not Rank.ACE])

    def _why_bad_open(self, p: int, action: Open) -> str | None:
        if self.phase is not Phase.LEAD or not self.first_trick or self.trick:
            return citing("the openings belong to Vorhand's lead to the first trick", RULE_OPENING)
        card = self._resolve(p, [action.card])[0]
        if card not in self.hands[p]:
            return citing(f"{self.spec.players[p]} does not hold {action.card}", RULE_OPENING)
        if Open(action.kind, card) not in self._openings(p):
            what = {"ge-elfen": "a plain ace", "zweite-alte": "a plain ace", "tauchen": "a plain card that is not an ace",
                    "trumps": "a trump, and only from a hand of nothing but trumps"}[action.kind]
            return citing(f"{action.kind} is opened with {what}, not {card}", RULE_OPENING)
        return None

    def _open(self, p: int, action: Open) -> None:
        card = self._resolve(p, [action.card])[0]
        self.opening = Open(action.kind, card)
        self._play(p, card)

    @property
    def face_down(self) -> bool:
        """Whether the trick being played is the face-down first trick."""
        return self.first_trick and self.opening is not None and self.opening.face_down and bool(self.trick)

    def _trick_winner(self) -> int:
        if not self.first_trick or self.opening is None:
            return super()._trick_winner()
        kind = self.opening.kind
        if kind == "ge-elfen":
            return 0
        if kind == "zweite-alte":
            led = self.trick[0]
            return next((i for i, c in enumerate(self.trick) if i and c.face is led.face), 0)
        if kind == "trumps":
            return trick_winner(self.trick, self.trump, self.spec.order)
        return trick_winner(self.trick, None, self.spec.order)  # Tauchen: a trump cannot win

    def _playable(self, p: int) -> list[Card]:
        if self.first_trick:
            if not self.trick:
                return []  # Vorhand opens (see _openings)
            held = list(self.hands[p])
            return held if self._all_trumps(p) else [c for c in held if c.suit is not self.trump]
        legal = super()._playable(p)
        if self.must_lead is not None and self.trick:
            return [c for c in legal if c in self.must_lead]
        return legal

    def _why_bad_play(self, p: int, card: Card) -> str | None:
        if self.phase is not Phase.OVER and self.first_trick:
            resolved = self._resolve(p, [card])[0]
            if resolved not in self.hands[p]:
                return super()._why_bad_play(p, card)
            if not self.trick:
                return citing(f"the first trick is opened by {' or '.join(sorted({o.kind for o in self._openings(p)}))}, "
                              f"written e.g. {self._openings(p)[0]}", RULE_OPENING)
            if resolved.suit is self.trump and not self._all_trumps(p):
                return citing(f"no trump to the first trick: {self.spec.players[p]} holds other cards", RULE_NO_TRUMP)
            return None
        if self.must_lead is not None and self.trick and self._resolve(p, [card])[0] not in self.must_lead:
            return law("Gaigel", "must_lead", f"having shown a pair, {self.spec.players[p]} plays one of {' '.join(map(str, self.must_lead))}")
        return super()._why_bad_play(p, card)

    # -- pairs and the seven -------------------------------------------------------------------
    def _may_declare_now(self, p: int) -> bool:
        if self.stage is not Stage.STOCK or self.declared_now or self.must_lead is not None or self.first_trick:
            return False
        if self.phase not in (Phase.LEAD, Phase.FOLLOW) or not self.side_tricks(self.side_of(p)):
            return False
        return True

    def _declare_options(self, p: int, assume_won: bool = False) -> list[Declare]:
        """One pair, or two shown together (pagat.com): two of the pairs held, with no card in common."""
        singles = super()._declare_options(p, assume_won)
        out = list(singles)
        seen = set()
        # Two pairs of one suit take both kings and both Obers (pagat.com, pairs): the listing of
        # single pairs gives one of two twin pairs, so each is paired with its twin here too.
        twins = [Declare(a.kind, tuple(Card.of(c.rank, c.suit, 0 if c.copy else 1) for c in a.cards)) for a in singles]
        for i, a in enumerate(singles):
            for b in [*singles[i + 1:], twins[i]]:
                if not set(a.cards).isdisjoint(b.cards) or (b is twins[i] and not all(c in self.hands[p] for c in b.cards)):
                    continue
                both = self._in_order(Declare(a.kind, a.cards, ((b.kind, b.cards),)))
                faces = tuple(tuple(c.face for c in cs) for _, cs in both.melds())
                if faces not in seen and (b is not twins[i] or assume_won or self._why_bad_declare(p, both) is None):
                    seen.add(faces)  # (the twin cards make the same two pairs either way)
                    out.append(both)
        return out

    def _why_bad_declare(self, p: int, action) -> str | None:
        who = self.spec.players[p]
        if self.phase is not Phase.OVER and self.stage is Stage.STOCK:
            if not self.side_tricks(self.side_of(p)):
                return citing(f"{who}'s side has not won a trick yet", RULE_PAIR)
            if self.declared_now:
                return citing(f"{who} has shown a pair this turn and now plays one of its cards: two pairs are shown "
                              "together, in one declaration (declare pair KH QH + pair KS QS)", RULE_TWO_PAIRS)
        if not action.also or self.phase is Phase.OVER or self.stage is not Stage.STOCK:
            return super()._why_bad_declare(p, action)
        try:
            parts = self._pairs_of(p, action)
        except IllegalActionError as e:
            return law("Gaigel", "meld_name", str(e))
        for kind, cards in parts:
            why = super()._why_bad_declare(p, Declare(kind.key, cards))
            if why is not None:
                return why
        for i, (_, cards) in enumerate(parts):
            for _, other in parts[:i]:
                shared = set(cards) & set(other)
                if shared:
                    return citing(f"{' '.join(map(str, sorted(shared, key=self._key)))} cannot serve in both pairs: two pairs "
                                  "shown together are four different cards", RULE_TWO_PAIRS)
        return None

    def _pairs_of(self, p: int, action: Declare) -> list[tuple[Combination, tuple[Card, ...]]]:
        """The pairs of a declaration of several, each card read as one the player holds (a card
        named twice means both copies, where he holds both)."""
        melds = action.melds()
        cards = self._resolve(p, [c for _, cs in melds for c in cs], self._meld_pool(p))
        out, i = [], 0
        for name, cs in melds:
            part = cards[i:i + len(cs)]
            i += len(cs)
            kind = self.spec.melds.get(name) if name else self.spec.melds.infer(part, self.trump)
            if kind is None:
                raise IllegalActionError(f"there is no combination called {name!r}: {', '.join(self.spec.melds.names())}", token=name)
            out.append((kind, tuple(sorted(part, key=self._key))))
        return out

    def _declare(self, p: int, action: Declare) -> None:
        if not action.also:
            super()._declare(p, action)
            return
        shown: list[Card] = []
        for kind, cards in self._pairs_of(p, action):
            super()._declare(p, Declare(kind.key, cards))
            shown += cards
        self.must_lead = tuple(sorted(shown, key=self._key))  # one card of either pair is played

    def _on_declare(self, meld: Meld, pending: bool) -> None:
        self._score(meld.player, meld.kind.key, meld.kind.value, f"{meld.kind.key} {meld.faces} shown", RULE_PAIR)

    def _exchange_allowed(self, p: int, cards: list[Card]) -> list[Card]:
        if not self.side_tricks(self.side_of(p)):
            return []
        return cards

    def _why_bad_exchange(self, p: int, card: Card) -> str | None:
        why = super()._why_bad_exchange(p, card)
        if why is None and not self.side_tricks(self.side_of(p)):
            return law("Gaigel", "exchange", f"{self.spec.players[p]}'s side has not won a trick yet")
        return why

    # -- the list of actions -------------------------------------------------------------------
    def _list_actions(self) -> list:
        if self.phase is Phase.OVER:
            return []
        p = self.to_move
        if self.first_trick and not self.trick:
            return [*self._openings(p), Accuse()]
        out = super()._list_actions()
        if self.phase is Phase.FOLLOW:
            if self._may_declare_now(p):
                out = self._declare_options(p) + out
            if self._may_claim(p):
                out += [Claim()]
        return out + ([Accuse()] if self._why_bad_accuse(p) is None else [])

    # -- Aus!, and playing on ------------------------------------------------------------------
    def _claiming_side(self) -> int | None:
        """The side that may say 'Aus!' now: just after it has won a trick (its winner to lead) or
        one of it has shown a pair; None at other moments."""
        if self.phase is Phase.OVER:
            return None
        if self.declared_now and self.must_lead is not None:
            return self.side_of(self.to_move)
        if self.phase is Phase.LEAD and not self.trick and self.tricks:
            return self.side_of(self.tricks[-1].winner)
        return None

    def _may_claim(self, p: int) -> bool:
        """Whether ``p`` may say 'Aus!' now: a player of the side that has just won a trick or shown
        a pair, the player to move or his partner (pagat.com: the side claims)."""
        side = self._claiming_side()
        return side is not None and side == self.side_of(p)

    def _why_bad_claim(self, p: int) -> str | None:
        if not self._may_claim(p):
            return citing("'Aus!' is said just after one's side wins a trick, or one shows a pair", RULE_AUS_WHEN)
        return None

    # -- the partner's 'Aus!', out of turn -------------------------------------------------------
    def _aside_options(self, q: int) -> list:
        out = super()._aside_options(q)
        if self._may_claim(q):
            out.append(Aside(self.spec.players[q], Claim()))
        return out

    def _why_bad_aside(self, action: Aside) -> str | None:
        try:
            q = self._seat_index(action.seat)
        except ValueError as e:
            return str(e)
        if type(action.action) is not Claim:
            if q == self.to_move:
                return super()._why_bad_aside(action)
            mover = self.spec.players[self.to_move]
            return citing(f"it is {mover}'s turn: out of turn a player may only say 'Aus!' for his side", RULE_AUS_SIDE)
        who = self.spec.players[q]
        if q == self.to_move:  # one notation for each action: the player to move says it plainly
            return citing(f"{who} is to move: write aus without the seat", RULE_AUS_WHEN)
        if self._may_claim(q):
            return None
        if self.players_n == 3:
            return citing(f"{who} is not to move, and at three each plays for himself: 'Aus!' is said by the player whose "
                          "trick or pair has just made his 101, on his turn", RULE_THREE)
        return citing(f"{who}'s side has not just won a trick or shown a pair: 'Aus!' is said then, by either partner",
                      RULE_AUS_SIDE)

    def _aside(self, action: Aside) -> None:
        if type(action.action) is Claim:
            self._on_claim(self._seat_index(action.seat))
            return
        super()._aside(action)

    def _why_bad_accuse(self, p: int) -> str | None:
        if self.phase is not Phase.LEAD or self.trick:
            return citing("an accusation of playing on is made on one's lead", RULE_FALSE_ACCUSE)
        return None  # a false accusation is paid for (see the module docstring)

    def _apply(self, action) -> None:
        p = self.to_move
        side = self.side_of(p)
        if not isinstance(action, (Claim, Accuse, Aside)) and self.side_points(side) >= self.rules.target:
            self.played_on.add(side)
        super()._apply(action)

    def _others(self, side: int) -> list[int]:
        """The other sides (the other side at four; the two other players at three)."""
        return [k for k in range(len(self.spec.scorers)) if k != side]

    def _end(self, winners: list[int], points: int, reason: str, rule: str, how: str) -> None:
        names = [self.spec.scorers[w] for w in winners]
        self.ending = {"winner": names[0] if len(names) == 1 else None, "winners": names, "game_points": points,
                       "reason": reason, "rule": rule, "how": how}
        self._end_now()

    def _double(self, side: int) -> bool:
        return not any(self.side_tricks(k) for k in self._others(side))

    def _they(self, sides: list[int]) -> str:
        """The sides in a reader's words: 'second and dealer'; 'vorhand and second' (two players at three)."""
        return " and ".join(self.spec.table.words(self.spec.scorers[k]) for k in sides)

    def _subject(self, side: int, singular: str, plural: str) -> str:
        """The side and its verb, agreeing: 'dealer says', 'second and dealer say'."""
        return self.spec.table.subject(self.spec.scorers[side], singular, plural)

    def _wins_now(self, action, player: int) -> bool | None:
        """'Aus!' wins with the target reached by the claimant's side (see :meth:`_on_claim`); an
        accusation, where another side has played on with it (see :meth:`_accuse`)."""
        kind = type(action)
        if kind is Claim and type(self)._on_claim is GaigelDeal._on_claim:
            return self._aus_true(self.side_of(player))
        if kind is Accuse and type(self)._accuse is GaigelDeal._accuse:
            return bool(self._caught(self.side_of(player)))
        return None

    def _aus_true(self, side: int) -> bool:
        """Whether ``side``'s 'Aus!' is true: it has reached the target (:meth:`_on_claim` decides by it)."""
        return self.side_points(side) >= self.rules.target

    def _caught(self, side: int) -> list[int]:
        """The other sides ``side`` would catch playing on with the target reached (:meth:`_accuse`)."""
        return [k for k in self._others(side) if k in self.played_on]

    def _on_claim(self, p: int) -> None:
        side = self.side_of(p)
        pts = self.side_points(side)
        others = self._others(side)
        if self._aus_true(side):
            double = self._double(side)
            nobody = "the other side has" if len(others) == 1 else "nobody else has"
            what = f"a double game (Gigackel: {nobody} no trick)" if double else "a single game"
            self._end([side], 2 if double else 1, f"{self._subject(side, 'says', 'say')} 'Aus!' with {pts}: {what}", RULE_AUS, "aus")
        else:
            self._end(others, 2, f"{self._subject(side, 'says', 'say')} 'Aus!' with only {pts}: {self._they(others)} win a double game",
                      RULE_FALSE_AUS, "false aus")

    def _accuse(self, p: int) -> None:
        side = self.side_of(p)
        others = self._others(side)
        caught = self._caught(side)
        if caught:
            self._end([side], 2, f"{self._subject(side, 'catches', 'catch')} {self._they(caught)} playing on with "
                                 f"{', '.join(str(self.side_points(k)) for k in caught)}: a double game", RULE_LATE, "played on")
        else:
            self._end(others, 2, f"{self._subject(side, 'accuses', 'accuse')} {self._they(others)} wrongly of playing on: {self._they(others)} win a double game",
                      RULE_FALSE_ACCUSE, "false accusation")

    def _on_trick(self, trick: Trick) -> None:
        pts = sum(POINTS.get(c.rank, 0) for c in trick.cards)
        rule = RULE_EQUAL if len({c.face for c in trick.cards}) < len(trick.cards) else RULE_CARDS
        if self.opening is not None and len(self.tricks) == 1:
            rule = RULE_OPENING
        self._score(trick.winner, "cards", pts, f"takes {' '.join(map(str, trick.cards))}", rule)

    def _finish_deal(self) -> None:
        names = self.spec.scorers
        pts = {k: self.side_points(k) for k in range(len(names))}
        best = max(pts.values())
        top = [k for k, v in pts.items() if v == best]
        words = ", ".join(f"{self._they([k])} {v}" for k, v in pts.items())
        if len(top) > 1:
            self.ending = {"winner": None, "winners": [], "game_points": 0, "reason": f"played out with equal points ({words}): nobody wins",
                           "rule": RULE_PLAYED_OUT, "how": "played out"}
            self.phase = Phase.OVER
            return
        side = top[0]
        double = self._double(side)
        self._end([side], 2 if double else 1, f"played out with no 'Aus': {self._subject(side, 'has', 'have')} the most ({words})",
                  RULE_PLAYED_OUT, "played out")

    def game_points(self) -> dict[str, int]:
        out = dict.fromkeys(self.spec.scorers, 0)
        if self.ending:
            for name in self.ending["winners"]:
                out[name] = self.ending["game_points"]
        return out

    def _outcome_reason(self, winner, scores) -> str:
        if self.ending:
            return f"{self.ending['reason']} ({self.ending['rule']})"
        return super()._outcome_reason(winner, scores)

    def outcome(self):
        from ..contract import Outcome

        if not self.is_over:
            return None
        e = self.ending or {}
        return Outcome(e.get("winner"), self._outcome_reason(None, self.scores()), self.scores(), e.get("how", "played-out"))

    # -- what a seat may see ------------------------------------------------------------------
    def hidden(self, seat) -> frozenset[Card]:
        out = super().hidden(seat)
        if self.face_down:
            p = int(seat)
            out = out | {c for q, c in zip(self.trick_players, self.trick) if q != p}
        return out

    def view(self, player: int) -> dict:
        v = super().view(player)
        if self.face_down:
            v["trick"] = [(self.spec.players[q], str(c) if q == player else "?") for q, c in zip(self.trick_players, self.trick)]
        v["opening"] = None if self.opening is None else (self.opening.kind if self.opening.face_down or not self.first_trick
                                                           else str(self.opening))
        v["played_on"] = [self.spec.scorers[s] for s in sorted(self.played_on)]
        v["my_side"] = self.spec.scorers[self.side_of(player)]
        return v

    def declarations_text(self) -> str:
        return ("pair (king and Ober) 40 in trumps, 20 otherwise, once one's side has a trick, two may be shown together; "
                "none in the last stage")

    def last_trick_bonus(self) -> int:
        return 0


__all__ = ["GaigelDeal", "spec_for", "SEATS", "SEATS3", "SIDES", "POINTS", "ORDER", "Play"]
