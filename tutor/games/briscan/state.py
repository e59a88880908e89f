"""One deal of Briscan on the stock-and-tricks engine, as David Parlett's *Penguin Book of Card Games* gives it.

The deal: 32 cards ranking A T K Q J 9 8 7, five each (by three and two), the next turned up for
trumps, the other 21 face down under it: eleven tricks while the stock lasts, then the last five.
The dealer scores for the turn-up (ace 30, ten or court 10). Play as at Sixty-Six: the non-dealer
leads; while the stock lasts any card may be played, and the winner draws first; once it is gone the
second player must follow suit and win the trick if he can, else trump. The seven of trumps may be
exchanged for the turn-up at any time while the stock lasts (by either player, leading, following or
out of turn: ``younger: exchange 7H``), for nothing.

Declarations, all data (:func:`spec_for`): sequences scored by length and top card in the order
A K Q J T 9 8 7 (the ten between jack and nine), doubled in trumps; quartets of aces, tens, kings,
queens and jacks; marriages, 40 in trumps and 20 otherwise. A card of a scored sequence serves in no
other sequence (never extended, never scored again), but may serve in a quartet or a marriage.
Feats, scored as they happen (:data:`FEATS`): the marriage won in a trick (a king taking the queen
of its suit), carte rouge and carte blanche at the deal and each time a draw re-forms them, the last
card of the stock, a hand all of trumps once the stock is gone, the last five tricks, nine tricks or
more, all sixteen (the game won outright). The cards taken count ace 11, ten 10, king 4, queen 3,
jack 2. Each deal's score goes to the player's total; 600 wins.

Where the book is silent, the tutor's choices (each stated in the book): declarations are made by
the player on lead who has taken a trick (Wikipedia), one a turn, before he leads any card he
likes, never once the stock is gone; a sequence's cards may serve in a marriage or quartet; carte
rouge and carte blanche score by themselves, at the deal and after each draw; the last card of the
stock is the face-down card the winner of the eleventh trick draws; the marriage won in a trick
counts in every trick; the deal alternates; the game is reckoned at the end of a deal.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace

from ...cards import PACKS, Card, Rank
from ..contract import Outcome
from ..sixtysix.state import SixtySixDeal, marriage_spec, marriages
from ..stock.core import Phase, Stage, StockSpec, Trick, When
from ..stock.declarations import Combination, MeldTable, Reuse, Run, Set, SuitScope
from ..stock.laws import law, register
from ..stock.tricks import CardOrder
from .rules import ADPOKER, PARLETT, PIQUET, WIKI, BriscanRules

PACK = PACKS["piquet32"]
PLAYERS = ("elder", "younger")
ORDER = CardOrder("A T K Q J 9 8 7")
POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
_A, _T, _K, _Q, _J, _9, _8, _7 = Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN

#: the order of the ranks in sequences: the ten between the jack and the nine (Parlett)
SEQUENCE_ORDER = (_A, _K, _Q, _J, _T, _9, _8, _7)
#: Parlett's table of sequences, by length and top card (plain suits; doubled in trumps)
SEQUENCES: dict[int, dict[Rank, int]] = {
    5: {_A: 300, _K: 150, _Q: 100, _J: 50},
    4: {_A: 100, _K: 80, _Q: 60, _J: 40, _T: 30},
    3: {_A: 60, _K: 50, _Q: 40, _J: 30, _T: 20, _9: 10},
}
LENGTHS = {3: "tierce", 4: "quart", 5: "quint"}
#: quartets: four cards of a rank, not doubled
QUARTETS = {_A: 150, _T: 100, _K: 80, _Q: 60, _J: 40}
COURTS = frozenset({_K, _Q, _J})

RULE_SEQUENCES = f"{PARLETT}: sequences, the ten ranking between the jack and the nine, scored by length and top card, doubled in trumps"
RULE_REUSE = f"{PARLETT}: a sequence is never scored twice, nor extended, nor scored again from its cards"
RULE_QUARTETS = f"{PARLETT}: quartets, aces 150, tens 100, kings 80, queens 60, jacks 40"
RULE_MARRIAGE = f"{PARLETT}: marriages, 40 in trumps, 20 otherwise, declared from the hand"
RULE_RENCONTRE = f"{PARLETT}: a marriage also scores when a king captures the queen of his own suit in a trick (mariage de rencontre)"
RULE_CARDS = f"{PARLETT}: each ace taken in tricks 11, ten 10, king 4, queen 3, jack 2"
RULE_GAME = f"{PARLETT}: game is 600 points"
RULE_CAPOT = f"{PARLETT}: taking all sixteen tricks wins the game outright"
RULE_DEAL = f"{PARLETT}: each deal's score goes to the player's total; game is 600 points"
RULE_WAITS = f"{PARLETT}: play as at Sixty-Six, where a declaration counts once its maker has taken a trick"
_AS_66 = f"{PARLETT}: play as at Sixty-Six"


@dataclass(frozen=True)
class Feat:
    """A score the deal makes by itself, not declared: its points, what earns it, its rule."""

    key: str
    value: int
    words: str
    source: str


def feats(rules: BriscanRules) -> dict[str, Feat]:
    """Every feat of the deal, with what it scores under ``rules``."""
    court = "ace, king, queen or jack" if rules.ace_is == "court" else "king, queen or jack"
    ace_src = (f"the ace counted as a numeral, as in {PIQUET}" if rules.ace_is == "numeral"
               else "the ace counted as a court (the rule option ace_is='court')")
    academie = rules.last_tricks == "academie"
    out = [
        Feat("turn-up", 10, "the dealer turns up a ten, king, queen or jack" if rules.turnup == "parlett"
             else "the dealer turns up an ace, ten, king, queen or jack",
             f"{PARLETT}: the dealer scores 10 if the turn-up is any card higher than a nine" if rules.turnup == "parlett"
             else f"{WIKI}: the dealer scores 10 for an ace, ten or court turned up"),
        Feat("turn-up ace", 30 if rules.turnup == "parlett" else 10, "the dealer turns up an ace",
             f"{PARLETT}: an ace turned up is worth 30 to the dealer" if rules.turnup == "parlett"
             else f"{WIKI}: the dealer scores 10 for an ace, ten or court turned up"),
        Feat("carte rouge", 20, f"a hand all of courts ({court})",
             f"{PARLETT}: carte rouge, a hand entirely of courts, 20, scored again each time the draw re-forms it; {ace_src}"),
        Feat("carte blanche", 10, f"a hand without a court ({court})",
             f"{PARLETT}: carte blanche, a hand entirely of numerals, 10, scored again each time the draw re-forms it; {ace_src}"),
        Feat("last card", 10, "takes the last card of the stock",
             f"{PARLETT}: for taking the last card of stock, 10 (the tutor reads it as the last face-down card, "
             "drawn by the winner of the eleventh trick)"),
        Feat("all trumps", 30, "holds nothing but trumps once the last card is taken",
             f"{PARLETT}: a hand made only of trumps once every card has been drawn, 30"),
        Feat("last trick", 10 if academie else 0, "wins the last trick", f"{WIKI}: 10 for the last trick"),
        Feat("last five", 20 if academie else 30, "wins all the last five tricks",
             f"{WIKI}: 20 more for the last five tricks" if academie else f"{PARLETT}: for winning the last five tricks, 30"),
        Feat("nine tricks", 10, "wins nine tricks or more", f"{PARLETT}: for winning nine or more tricks in all, 10"),
        Feat("all sixteen", 0, "wins all sixteen tricks: the game outright", RULE_CAPOT),
    ]
    return {f.key: f for f in out}


register("Briscan", {
    "over": f"{PARLETT}: the deal is over when the sixteenth trick is played",
    "draw": f"{_AS_66}: both draw after each trick, the winner first",
    "close": f"{PARLETT}: the book gives no closing, and the tutor plays without it",
    "claim": f"{PARLETT}: every deal is played out and scored; nobody goes out",
    "hold": f"{_AS_66}: a player plays a card from his own hand",
    "follow": f"{_AS_66} ({ADPOKER} agrees): once the stock is gone the second player must follow suit and win the trick "
              "if he can, else trump",
    "exchange": f"{PARLETT}: whoever holds the trump seven may take the turn-up with it, whenever he likes, while the stock lasts "
                "(with the option exchange_any_time off: by the player on lead, before he leads)",
    "declare_end": f"{_AS_66}: no declarations once the stock is exhausted",
    "declare_when": f"{WIKI}: declarations are made by the player on lead once he has taken a trick, one a turn",
    "meld_name": f"{PARLETT}: the combinations are sequences, quartets and marriages",
    "meld_cards": f"{PARLETT}: combinations are declared from the player's own hand",
    "meld_once": f"{PARLETT}: a combination is made of different cards",
})


def _word(rank: Rank) -> str:
    """A rank's name as Parlett's Briscan names it: the J is a jack (the cards' names, after the old
    books of Piquet, say knave)."""
    return "jack" if rank is Rank.JACK else rank.noun


def _top_words(rank: Rank) -> str:
    return f"to the {_word(rank)}"


def sequence_ranks(length: int, top: Rank) -> tuple[Rank, ...]:
    """The ranks of a sequence of ``length`` headed by ``top``, in the order of sequences."""
    i = SEQUENCE_ORDER.index(top)
    return SEQUENCE_ORDER[i : i + length]


def sequence_kinds(rules: BriscanRules) -> list[Combination]:
    """Parlett's table as combinations: each length and top card, plain and (doubled) in trumps."""
    out = []
    for length in (5, 4, 3):
        for top, value in SEQUENCES[length].items():
            if length == 3 and top is _9:
                value = rules.tierce_to_nine
            shape = Run(sequence_ranks(length, top))
            name = f"{LENGTHS[length]} {_top_words(top)}"
            src = (f"{PARLETT}: a sequence of {length} to the {_word(top)}, {value}" if not (length == 3 and top is _9 and value != 10)
                   else f"{WIKI}: a tierce to the nine, {value}")
            out.append(Combination(f"trump {name}", 2 * value, shape, "sequence", SuitScope.TRUMPS, lay=False,
                                   source=f"{src}, doubled in trumps ({RULE_SEQUENCES})"))
            out.append(Combination(name, value, shape, "sequence", SuitScope.PLAIN, lay=False, source=f"{src} ({RULE_SEQUENCES})"))
    return out


@functools.cache
def spec_for(rules: BriscanRules) -> StockSpec:
    quartets = [Combination(f"four {_word(r)}s", v, Set(r, 4), f"quartet of {_word(r)}s", lay=False, source=f"{RULE_QUARTETS}")
                for r, v in QUARTETS.items()]
    base = marriages(PARLETT, ": marriages, 40 in trumps", ": marriages, 20 in a plain suit")
    aliases = {**base.aliases}
    for length, name in LENGTHS.items():
        for top in SEQUENCES[length]:
            aliases[f"{name} {_word(top)}"] = f"{name} {_top_words(top)}"
    for name in LENGTHS.values():  # the chapters say jack; the old books' knave is understood too
        aliases[f"{name} to the knave"] = f"{name} to the jack"
        aliases[f"trump {name} to the knave"] = f"trump {name} to the jack"
        aliases[f"{name} knave"] = f"{name} to the jack"
    aliases["four knaves"] = "four jacks"
    aliases.update({"quatrieme to the " + _word(r): f"quart {_top_words(r)}" for r in SEQUENCES[4]})
    aliases.update({"quinte to the " + _word(r): f"quint {_top_words(r)}" for r in SEQUENCES[5]})
    aliases.update({"quatrieme to the knave": "quart to the jack", "quinte to the knave": "quint to the jack"})
    melds = MeldTable((*sequence_kinds(rules), *quartets, *(replace(k, cls="marriage") for k in base.kinds)), aliases)
    return marriage_spec(
        "Briscan", _AS_66, pack=PACK, hand_size=5, packets=(3, 2), order=ORDER,
        stock_play="while the stock lasts any card may be played",
        end_play="once the stock is gone, follow suit and win the trick if able, else trump",
        melds=melds, declare_in_end=False, exchange_rank=_7, may_close=False, may_claim=False, lead_declared=False,
        exchange_when=When.ON_PLAY if rules.exchange_any_time else When.ON_LEAD, exchange_any_time=rules.exchange_any_time,
        reuse=Reuse(from_hand=False, other_class=True, same_class_higher=False,
                    source=f"{RULE_REUSE} (the tutor holds a marriage to the same); {ADPOKER}: a sequence's cards still count in the fours"),
        deal_tag="bc", cites=r"Parlett|Wikipedia|adpoker",
    )


class BriscanDeal(SixtySixDeal):
    """One deal of Briscan. Player 0 is elder (leads first), player 1 younger (deals).

    Once over, ``ending`` says who scored more; ``capot`` is the player who took all sixteen tricks
    (and with them the game), if one did."""

    REPLACES = frozenset({"_on_draw", "_on_trick", "_may_declare_now"})  # the core's rules this game sets its own (see StockPosition)

    Rules = BriscanRules
    spec_of = staticmethod(spec_for)
    LAST_TRICK = 0
    CARDS_RULE, WAITS_RULE, LAST_RULE = RULE_CARDS, RULE_WAITS, f"{WIKI}: 10 for the last trick"

    def __init__(self, dealt, rules=None):
        self.capot: int | None = None
        super().__init__(dealt, rules)

    @functools.cached_property
    def feats(self) -> dict[str, Feat]:
        return feats(self.rules)

    def _feat(self, player: int, key: str, text: str | None = None, points: int | None = None) -> None:
        f = self.feats[key]
        self._score(player, key, f.value if points is None else points, text or f.words, f.source)

    # -- the deal's own scores ------------------------------------------------------------------
    def is_court(self, card: Card) -> bool:
        return card.rank in COURTS or (card.rank is _A and self.rules.ace_is == "court")

    def _cartes(self, player: int, drawn: Card | None = None) -> None:
        hand = self.hands[player]
        if len(hand) != self.spec.hand_size:
            return
        courts = [self.is_court(c) for c in hand]
        how = "as dealt" if drawn is None else f"re-formed by drawing {drawn}"
        if all(courts) and (drawn is None or self.is_court(drawn)):
            self._feat(player, "carte rouge", f"carte rouge, a hand all of courts ({' '.join(map(str, self.hand(player)))}), {how}")
        elif not any(courts) and (drawn is None or not self.is_court(drawn)):
            self._feat(player, "carte blanche", f"carte blanche, a hand without a court ({' '.join(map(str, self.hand(player)))}), {how}")

    def _after_deal(self) -> None:
        up = self.turnup
        if up is not None:
            if up.rank is _A:
                self._feat(1, "turn-up ace", f"the dealer turns up {up}")
            elif up.rank in (_T, _K, _Q, _J):
                self._feat(1, "turn-up", f"the dealer turns up {up}")
        for p in (0, 1):
            self._cartes(p)

    def _on_draw(self, drawn: list[tuple[int, Card]]) -> None:
        for p, c in drawn:
            self._cartes(p, c)

    def _on_stock_exhausted(self) -> None:
        w = self.tricks[-1].winner
        self._feat(w, "last card", "takes the last card of the stock (the last face-down card, after the eleventh trick)")
        for p in (0, 1):
            if self.trump is not None and all(c.suit is self.trump for c in self.hands[p]):
                self._feat(p, "all trumps", f"holds nothing but trumps ({' '.join(map(str, self.hand(p)))}) once the stock is gone")

    def _on_trick(self, trick: Trick) -> None:
        super()._on_trick(trick)
        for suit in {c.suit for c in trick.cards}:
            if any(c.rank is _K and c.suit is suit for c in trick.cards) and any(c.rank is _Q and c.suit is suit for c in trick.cards):
                royal = suit is self.trump
                self._score(trick.winner, "mariage de rencontre", 40 if royal else 20,
                            f"mariage de rencontre: the king of {suit.noun} takes the queen ({' '.join(map(str, trick.cards))})"
                            + (", in trumps" if royal else ""), RULE_RENCONTRE)

    def last_trick_bonus(self) -> int:
        return self.feats["last trick"].value

    def _finish_deal(self) -> None:
        last = self.tricks[self.end_from:] if self.end_from is not None else []
        if len(last) == 5 and len({t.winner for t in last}) == 1:
            self._feat(last[0].winner, "last five")
        won = self.tricks_won()
        for p in (0, 1):
            if won[p] >= 9:
                self._feat(p, "nine tricks", f"wins {won[p]} tricks (nine or more)")
        if 16 in won:
            self.capot = won.index(16)
            self._feat(self.capot, "all sixteen")
        sc = self.scores()
        a, b = sc["elder"], sc["younger"]
        winner = None if a == b else "elder" if a > b else "younger"
        if self.capot is not None:
            reason, rule, how = f"{self.table.names[self.capot]} takes all sixteen tricks and wins the game outright", RULE_CAPOT, "capot"
        else:
            reason, rule, how = f"the deal scores elder {a}, younger {b}, added to the totals", RULE_DEAL, "played-out"
        self.ending = {"winner": winner if self.capot is None else self.table.names[self.capot], "game_points": 0,
                       "how": how, "rule": rule, "reason": reason}
        self.phase = Phase.OVER

    # -- when declarations may be made ------------------------------------------------------------
    def _exchange_needs_trick(self) -> str | None:
        return None  # 'at any time before the stock is exhausted'

    def _may_declare_now(self, p: int) -> bool:
        return super()._may_declare_now(p) and (not self.rules.declare_after_trick or self.tricks_won()[p] > 0)

    def _why_bad_declare(self, p: int, action) -> str | None:
        if (self.rules.declare_after_trick and self.phase is Phase.LEAD and not self.trick and not self.tricks_won()[p]
                and self.stage is Stage.STOCK):
            return law(self.spec.name, "declare_when", f"{self.table.names[p]} has taken no trick yet, so cannot declare")
        return super()._why_bad_declare(p, action)

    # -- what the deal is worth ---------------------------------------------------------------
    def game_points(self) -> dict[str, int]:
        """What the finished deal adds to each player's total: his whole score."""
        return self.scores()

    def outcome(self):
        if not self.is_over or self.ending is None:
            return None
        e = self.ending
        return Outcome(e["winner"], f"{e['reason']} ({e['rule']})", self.scores(), e["how"])

    def declarations_text(self) -> str:
        melds, f = self.spec.melds, self.feats
        low, high = melds.get("tierce to the nine"), melds.get("quint to the ace")
        fours = [k.value for k in melds.kinds if k.cls.startswith("quartet")]
        royal, plain = melds.get("royal marriage"), melds.get("marriage")
        assert low and high and royal and plain
        return (f"sequences by length and top card (the ten between jack and nine), {low.value} for the tierce to the nine "
                f"to {high.value} for the quint to the ace, doubled in trumps; quartets {max(fours)} to {min(fours)}; "
                f"marriages {plain.value}, {royal.value} in trumps, also won in a trick; carte rouge {f['carte rouge'].value}, "
                f"carte blanche {f['carte blanche'].value}; none in the last stage")

    def to_json(self) -> dict:
        out = super().to_json()
        out["rules"] = self.rules.changed()
        out["capot"] = None if self.capot is None else self.table.names[self.capot]
        return out
