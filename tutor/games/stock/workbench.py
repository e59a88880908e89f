"""A declaration workbench for any game of the stock core: a hand of cards, a table, and a ledger
of declarations. Select cards and declare them; play a card away; see every combination the cards
could make now and whether the game's rules on reusing declared cards allow it; or practise: a hand
is dealt and the reader names the best declaration. Every action goes through the ledger
(:func:`~tutor.games.stock.ledger.judge`), so a wrong one raises the engine's
:class:`~tutor.errors.TutorError`, in the engine's words, and leaves the workbench as it was.

A game sets what is its own as class values (:class:`DeclarationBench`): Bezique's workbench is
:mod:`tutor.games.bezique.workbench`, Briscan's :mod:`tutor.games.briscan.workbench`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from ...cards import Card, Hand, Suit, check_seed
from ...errors import IllegalActionError, NotationError, RuleOptionError, list_words, read_text, shown
from ...explain import Explanation
from ...options import Rules
from .actions import Declare, Play
from .actions import parse_action as _parse_stock_action
from .core import StockSpec
from .declarations import Combination, Meld, by_face, candidates
from .ledger import LedgerResult, judge, parse_trumps

__all__ = ["Option", "DeclarationBench", "Verdict", "declarable"]


def declarable(spec: StockSpec, cards: Iterable[Card], trump: Suit | None, on_table: Callable[[Card], bool],
               melds: Sequence[Meld]) -> Iterator[tuple[Combination, tuple[Card, ...], str]]:
    """Every combination of ``spec``'s table that ``cards`` could make (one of each set of
    interchangeable copies), given the declarations ``melds`` made already and the cards
    ``on_table``: its kind, its cards in the game's order, and the action that would declare it,
    for a workbench to judge (by its ledger, or by a deal of its engine, as Chouine's does)."""
    groups = by_face(cards)
    key = spec.sort_index.__getitem__
    for kind in spec.melds.kinds:
        for found in candidates(kind, groups, trump, on_table, melds):
            found = tuple(sorted(found, key=key))
            yield kind, found, f"declare {kind.key} {' '.join(map(str, found))}"


@dataclass(frozen=True)
class Option:
    """A combination the workbench's cards could make now, and whether the rules let it score.

    ``why`` is the engine's reason when ``legal`` is false; ``action`` the ledger line that would
    declare it."""

    kind: Combination
    name: str
    cards: tuple[Card, ...]
    points: int
    legal: bool
    why: str | None
    action: str

    @property
    def faces(self) -> str:
        return " ".join(map(str, self.cards))


@dataclass(frozen=True)
class Verdict:
    """The practice mode's answer to a reader's declaration: right or not, in words naming the rule."""

    correct: bool
    text: str
    best: tuple[Option, ...]


class DeclarationBench:
    """One player's declarations with a hand of his own choosing, judged by the ledger.

    ``Bench()`` starts from the game's :attr:`PRESET` with hearts trumps; ``Bench("KS QS JD", "S")``
    from any distinct cards of the game's pack (1 to :attr:`MAX_HAND` of them). Each declaration is
    as if made on a turn of its own. ``actions`` is the ledger (``declare ...`` and ``play ...``
    lines); cards of a combination laid on the table stay there, usable again under the reuse
    rules, until played; cards only shown stay in the hand.
    """

    #: the game's rule options, its spec maker, the hand it starts from, how many cards a deal gives
    Rules: type[Rules] = Rules
    PRESET = ""
    DEAL = 8
    MAX_HAND = 24
    EXAMPLE = "KS QS JD"

    @classmethod
    def spec_of(cls, rules) -> StockSpec:  # pragma: no cover - each game's bench names its spec
        raise NotImplementedError

    def __init__(self, hand: str | Iterable[Card] | None = None, trumps: str | Suit = "hearts", rules=None):
        self.rules = self.Rules() if rules is None else rules
        if not isinstance(self.rules, self.Rules):
            raise RuleOptionError(f"the rules are {self.Rules.__name__}, not {type(rules).__name__} {shown(rules)}",
                                  token=shown(rules))
        self.spec = self.spec_of(self.rules)
        self.pack = self.spec.pack
        self._key = self.spec.sort_index.__getitem__
        self.trump: Suit = parse_trumps(trumps)
        self.hand: Hand = self.parse_hand(self.PRESET if hand is None else hand)
        self.actions: list[str] = []
        self.selected: set[Card] = set()
        self._recompute()

    @classmethod
    def dealt(cls, seed: int | str = 0, trumps: str | Suit = "hearts", rules=None):
        """A workbench with :attr:`DEAL` cards dealt from the shuffled pack (the project's seeded shuffle)."""
        return cls(cls.dealt_hand(seed), trumps, rules)

    @classmethod
    def dealt_hand(cls, seed: int | str = 0) -> Hand:
        """:attr:`DEAL` cards off the top of the pack shuffled by ``seed`` (as :meth:`Dealt.from_seed` shuffles)."""
        spec = cls.spec_of(cls.Rules())
        return spec.sorted(spec.pack.shuffled(0 if seed in (None, "") else seed)[: cls.DEAL])

    def parse_hand(self, text: str | Iterable[Card]) -> Hand:
        """Read a hand: distinct cards of the game's pack, 1 to :attr:`MAX_HAND` of them."""
        hand = self.pack.parse_hand(text)
        if not 1 <= len(hand) <= self.MAX_HAND:
            raise NotationError(
                f"a workbench hand has 1 to {self.MAX_HAND} cards, not {len(hand)}"
                + ("" if hand else f": type some cards, e.g. {self.EXAMPLE}"),
                token=str(hand),
            )
        return self.spec.sorted(hand)

    # -- what it shows ----------------------------------------------------------------------------
    @property
    def trumps(self) -> str:
        return self.trump.noun

    @property
    def result(self) -> LedgerResult:
        return self._result

    @property
    def total(self) -> int:
        return self._result.total

    @property
    def explanation(self) -> Explanation:
        return self._result.explanation

    @property
    def table(self) -> list[Card]:
        """Declared cards still on the table, in pack order."""
        return list(self._table)

    @property
    def played(self) -> list[Card]:
        """Cards played away (from the table or the hand), in the order played."""
        return list(self._played)

    @property
    def hand_cards(self) -> list[Card]:
        """The cards still in the hand: neither on the table nor played."""
        gone = set(self._table) | set(self._played)
        return [c for c in self.hand if c not in gone]

    def available(self) -> list[Card]:
        """Cards that may go into a declaration: in the hand or on the table, in pack order."""
        gone = set(self._played)
        return [c for c in self.hand if c not in gone]

    def names(self) -> list[str]:
        """The combinations' names, as the rules table lists them."""
        return self.spec.melds.names()

    # -- the reader's actions ---------------------------------------------------------------------
    def toggle(self, card: Card | str) -> None:
        """Select or unselect a card of the hand or the table."""
        card = self._card(card)
        self.selected ^= {card}

    def clear(self) -> None:
        self.selected = set()

    def declare(self, name: str | None = None) -> str:
        """Declare the selected cards (as ``name``, or as the one combination they make). Returns
        what it scored, in words; an illegal declaration raises with the rule's reason."""
        if not self.selected:
            raise IllegalActionError(
                "select the cards of a combination first (click them in the hand or on the table)", token="declare"
            )
        cards = sorted(self.selected, key=self._key)
        if name is not None and read_text(name, "a combination's name", error=IllegalActionError).strip() \
                and name.strip() != "(from the cards)":
            kind = self.spec.melds.get(name)
            if kind is None:
                raise IllegalActionError(
                    f"there is no combination called {name!r}: {', '.join(self.names())}", token=name, legal=self.names()
                )
            head = kind.key + " "
        else:
            head = self._name(cards)  # none or several: the ledger says so, listing the combinations
        return self._enter(f"declare {head} {' '.join(map(str, cards))}".replace("declare  ", "declare "))

    def apply(self, text: str) -> str:
        """A ledger line as typed: ``declare NAME CARDS [+ NAME CARDS ...]`` (the first scores, the
        others are announced, Foster's 'Double Declarations') or ``play CARD``. A card written
        without its copy mark means the copy that is available."""
        if not read_text(text, "a workbench line", error=IllegalActionError).strip():
            raise IllegalActionError(
                "type a declaration (declare NAME CARDS, announcing more with + NAME CARDS) or a play (play CARD)",
                token=text, legal=("declare NAME CARDS", "play CARD"),
            )
        act = _parse_stock_action(text, lambda n: self.spec.melds.get(n) is not None)
        if isinstance(act, Play):
            return self.play(self._resolve([act.card])[0])
        if not isinstance(act, Declare):
            raise IllegalActionError(
                f"the workbench takes declare and play, not {text!r}", token=text, legal=("declare NAME CARDS", "play CARD")
            )
        parts = []
        for name, given in act.melds():
            cards = sorted(self._resolve(given), key=self._key)
            parts.append(f"{name or self._name(cards)} {' '.join(map(str, cards))}".strip())
        return self._enter("declare " + " + ".join(parts))

    def play(self, card: Card | str | None = None) -> str:
        """Play a card away: a declared card leaves the table (it can serve in no later declaration),
        a card of the hand just leaves the hand. Without ``card``, the one selected card."""
        if card is None:
            if len(self.selected) != 1:
                raise IllegalActionError(
                    f"select exactly one card to play ({len(self.selected)} selected)", token="play",
                )
            card = next(iter(self.selected))
        card = self._card(card)
        from_table = card in self._table
        self._commit(f"play {card}")
        self.selected.discard(card)
        where = "from the table: it can no longer serve in a declaration" if from_table else "from the hand"
        return f"{card} is played {where}."

    def undo(self) -> bool:
        """Take back the last declaration or play. False if there is nothing to take back."""
        if not self.actions:
            return False
        self.actions.pop()
        self._recompute()
        self.selected &= set(self.available())
        return True

    def reset(self, hand: str | Iterable[Card] | None = None, trumps: str | Suit | None = None) -> None:
        """Start again, with a new hand and/or trumps (the ledger is cleared). Checked first: a bad
        hand or suit raises and leaves the workbench as it was."""
        trump = self.trump if trumps is None else parse_trumps(trumps)
        new = self.hand if hand is None else self.parse_hand(hand)
        self.trump, self.hand = trump, new
        self.actions, self.selected = [], set()
        self._recompute()

    def deal(self, seed: int | str = 0) -> Hand:
        """Start again with :attr:`DEAL` cards dealt by ``seed`` (trumps kept)."""
        self.reset(self.dealt_hand(seed))
        return self.hand

    def options(self) -> list[Option]:
        """Every combination the cards in hand and on the table could make now (one of each set of
        interchangeable copies), each judged by the ledger as the next declaration."""
        out: list[Option] = []
        for kind, cards, text in declarable(self.spec, self.available(), self.trump, set(self._table).__contains__,
                                            list(self._result.melds)):
            try:
                self._judge([*self.actions, text])
            except IllegalActionError as e:
                out.append(Option(kind, kind.key, cards, kind.value, False, _reason(e, text), text))
            else:
                out.append(Option(kind, kind.key, cards, kind.value, True, None, text))
        return out

    # -- practice: the best declaration ------------------------------------------------------------
    def practice(self, seed: int | str | None = 0) -> Hand:
        """Deal a practice hand: :attr:`DEAL` cards and trumps drawn by ``seed``, the first such hand
        (of ``seed/0``, ``seed/1``...) that can declare something and has two combinations or more
        to choose from. The reader then names the best declaration (:meth:`answer`)."""
        seed = check_seed(seed)  # a wrong one is refused before the workbench changes
        fallback = None
        for k in range(200):
            cards = self.spec.pack.shuffled(f"{seed}/{k}")
            hand, trump = self.spec.sorted(cards[: self.DEAL]), cards[self.DEAL].suit  # the next card turned up
            self.reset(hand, trump)
            if self.best():
                if len(self.options()) >= 2:  # a choice to make
                    return self.hand
                fallback = fallback or (hand, trump)
        if fallback is not None:
            self.reset(*fallback)
        return self.hand

    def best(self) -> list[Option]:
        """The legal declarations worth the most now (several if they tie)."""
        legal = [o for o in self.options() if o.legal]
        top = max((o.points for o in legal), default=None)
        return [o for o in legal if o.points == top]

    def answer(self, text: str) -> Verdict:
        """Judge the reader's choice of the best declaration (``declare NAME CARDS``, or the cards
        alone): right, legal but worth less, or refused, each in words naming the rule. Nothing is
        declared: the workbench stays as it was."""
        words = read_text(text, "an answer", error=IllegalActionError).strip()
        best = tuple(self.best())
        if not words:
            raise IllegalActionError("type a declaration, e.g. declare " + self.EXAMPLE, token=text)
        act = _parse_stock_action(words if words.lower().startswith("declare") else f"declare {words}",
                                  lambda n: self.spec.melds.get(n) is not None)
        if not isinstance(act, Declare):
            raise IllegalActionError(f"name a declaration, not {text!r}", token=text, legal=("declare NAME CARDS",))
        cards = sorted(self._resolve(act.cards), key=self._key)
        name = act.kind or self._name(cards)
        line = f"declare {name} {' '.join(map(str, cards))}".replace("declare  ", "declare ")
        tops = "; ".join(f"{o.name} {o.faces}, {o.points}" for o in best) or "nothing can be declared"
        try:
            result = self._judge([*self.actions, line])
        except IllegalActionError as e:
            return Verdict(False, f"Refused: {_reason(e, line)}. The best here: {tops}.", best)
        step = result.explanation[-1]
        if best and step.points >= best[0].points:
            return Verdict(True, f"Right: {step.text} scores {step.points} ({step.rule}).", best)
        return Verdict(False, f"{step.text} scores {step.points} ({step.rule}), but more is there: {tops}"
                       f" ({best[0].kind.source if best else ''}).", best)

    # -- internals --------------------------------------------------------------------------------
    def _judge(self, actions) -> LedgerResult:
        return judge(self.spec, self.trump, actions)

    def _card(self, card: Card | str) -> Card:
        card = card if isinstance(card, Card) else Card(card)
        if card in self._played:
            raise IllegalActionError(
                f"{card} has been played: it is no longer in the hand or on the table", token=str(card),
                legal=[str(c) for c in self.available()],
            )
        if card not in self.hand:
            raise IllegalActionError(
                f"{card} is not in this hand; the cards available are {list_words(self.available())}", token=str(card),
                legal=[str(c) for c in self.available()],
            )
        return card

    def _name(self, cards) -> str:
        """The one combination ``cards`` make, or "" (the ledger then says they make none, or several)."""
        fits = self.spec.melds.matching(cards, self.trump)
        return fits[0].key if len(fits) == 1 else ""

    def _resolve(self, cards: Iterable[Card]) -> list[Card]:
        """Each card as one available: ``QS`` stands for ``QS'`` when only that copy is at hand.
        Cards available as written are kept; the others take an unused available copy, if any."""
        cards = list(cards)
        avail = self.available()
        exact = [c if c in avail and c not in cards[:i] else None for i, c in enumerate(cards)]
        used = {c for c in exact if c is not None}
        out: list[Card] = []
        for c, kept in zip(cards, exact):
            if kept is None:
                alt = next((a for a in avail if a.face is c.face and a not in used), None)
                if alt is not None:
                    used.add(alt)
                    c = alt
            out.append(self._card(c))
        return out

    def _enter(self, text: str) -> str:
        act = _parse_stock_action(text, lambda n: self.spec.melds.get(n) is not None)
        assert isinstance(act, Declare)
        for _, cards in act.melds():
            for c in cards:
                self._card(c)
        before = len(self._result.explanation)
        self._commit(text)
        self.selected = set()
        new = self._result.explanation[before:]
        done = _parse_stock_action(self._result.actions[-1], lambda n: True)
        assert isinstance(done, Declare), "a declaration was just committed"
        announced = [f"{k} {' '.join(map(str, cs))}" for k, cs in done.melds()[1:]]
        said = "; ".join(f"{s.text}: {s.points}" for s in new) or "nothing scored"
        if announced:
            said += f"; announced, to score after another trick: {', '.join(announced)}"
        return f"{said[0].upper()}{said[1:]}. Total {self.total}."

    def _commit(self, text: str) -> None:
        """Append a ledger line if the ledger accepts it (else raise, nothing changed)."""
        result = self._judge([*self.actions, text])
        self.actions.append(result.actions[-1])
        self._recompute(result)

    def _recompute(self, result: LedgerResult | None = None) -> None:
        self._result = result if result is not None else self._judge(self.actions)
        table: list[Card] = []
        played: list[Card] = []
        for text in self.actions:
            act = _parse_stock_action(text, lambda n: True)
            if isinstance(act, Play):
                played.append(act.card)
                if act.card in table:
                    table.remove(act.card)
            elif isinstance(act, Declare):
                for name, cards in act.melds():
                    kind = self.spec.melds.get(name)
                    if kind is None or kind.lay:  # shown cards (Sixty-Six, Briscan) stay in the hand
                        table += [c for c in cards if c not in table]
        self._table = sorted(table, key=self._key)
        self._played = played

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.hand} trumps {self.trumps}, {len(self.actions)} actions, total {self.total}>"


def _reason(e: Exception, text: str) -> str:
    msg = str(e)
    prefix = f"{text!r}: "
    return msg.removeprefix(prefix)
