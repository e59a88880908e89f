"""The declaration ledger: one player's declarations judged in order by a game's table and its
rules on reusing cards, each as if made on a turn of its own, with ``play CARD`` to take a card out
of the game. What the declaration workbenches (:mod:`.workbench`) and ``Bezique.score`` run on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...cards import Card, Suit, parse_suit
from ...errors import IllegalActionError
from ...explain import Explanation
from .actions import Declare, Play, parse_action
from .core import StockSpec
from .declarations import Meld, reuse_fault
from .laws import law

__all__ = ["LedgerResult", "judge", "parse_trumps"]


@dataclass(frozen=True)
class LedgerResult:
    """What a sequence of declarations scores, step by step, under the rules on reusing cards."""

    trumps: Suit
    actions: tuple[str, ...]
    explanation: Explanation
    melds: tuple[Meld, ...]

    @property
    def total(self) -> int:
        return self.explanation.total("player")

    def to_json(self) -> dict:
        return {
            "trumps": self.trumps.noun,
            "actions": list(self.actions),
            "total": self.total,
            "declared": [
                {"name": m.kind.key, "cards": m.faces, "points": m.kind.value if m.scored else 0, "scored": m.scored}
                for m in self.melds
            ],
            "steps": self.explanation.to_json(),
        }


def judge(spec: StockSpec, trumps: str | Suit, actions: Iterable[str]) -> LedgerResult:
    """Judge one player's declarations in ``spec``'s game in order, each as if made on a turn of its own.

    ``actions``: ``declare NAME CARDS [+ NAME CARDS]`` (cards not on the table come from the hand)
    or ``play CARD`` (a declared card leaves the table). The first illegal declaration raises
    :class:`IllegalActionError` quoting it and the rule it breaks: the game's rules on reusing cards
    (:class:`~tutor.games.stock.declarations.Reuse`) as a function. Cards of a combination laid on
    the table (Bezique) stay there until played; those only shown (Sixty-Six, Briscan) stay in the hand.
    """
    trump = parse_trumps(trumps)
    game = spec.name
    table: list[Card] = []
    played: set[Card] = set()
    melds: list[Meld] = []
    events = []
    done: list[str] = []
    for n, text in enumerate(actions):
        act = parse_action(text, lambda name: spec.melds.get(name) is not None)
        if isinstance(act, Play):
            if act.card in played:
                raise IllegalActionError(law(game, "hold", f"{text!r}: {act.card} has been played already"), token=str(act.card))
            played.add(act.card)
            if act.card in table:
                table.remove(act.card)
            done.append(str(act))
            continue
        if not isinstance(act, Declare):
            raise IllegalActionError(f"the ledger takes declare and play, not {text!r}", token=text, legal=("declare", "play"))
        gone = [c for _, cards in act.melds() for c in cards if c in played]
        if gone:
            raise IllegalActionError(
                law(game, "meld_cards", f"{text!r}: {gone[0]} has been played, so it can serve in no more declarations"), token=str(gone[0])
            )
        on_table = set(table).__contains__
        earlier = list(melds)
        laid: list[Card] = []
        new_melds = []
        for i, (name, cards) in enumerate(act.melds()):
            kind = spec.melds.get(name) if name else spec.melds.infer(cards, trump)
            if kind is None:
                raise IllegalActionError(law(game, "meld_name", f"there is no combination called {name!r}"), token=name, legal=spec.melds.names())
            if len(set(cards)) != len(cards):
                raise IllegalActionError(law(game, "meld_once", f"{text!r}: a card may appear only once in a declaration"), token=text)
            if not kind.matches(cards, trump):
                raise IllegalActionError(
                    f"{text!r}: {' '.join(map(str, cards))} is not a {kind.key} ({kind.describe(trump)}; {kind.source})", token=text
                )
            pending = next((m for m in melds if not m.scored and m.kind is kind and set(m.cards) == set(cards)), None)
            if i == 0 and pending is not None:
                if not all(c in table for c in cards):
                    raise IllegalActionError(law(game, "on_table", f"{text!r}: a card of the announced {kind.key} has left the table"), token=text)
                melds[melds.index(pending)] = Meld(0, kind, pending.cards, True, pending.trick)
                events.append(("player", kind.key, kind.value, f"{kind.key} {pending.faces} (announced earlier)", kind.source))
                continue
            why = reuse_fault(kind, cards, earlier, on_table, spec.reuse)
            if why is None and i > 0 and not any(c in laid for c in cards):
                why = law(game, "announce_new", "it uses no card laid down now, so it cannot be announced")
            if why:
                raise IllegalActionError(f"{text!r}: {why}", token=text, legal=())
            m = Meld(0, kind, tuple(cards), i == 0, n)
            earlier.append(m)
            new_melds.append(m)
            if kind.lay:
                laid += [c for c in cards if not on_table(c) and c not in laid]
            if i == 0:
                events.append(("player", kind.key, kind.value, f"{kind.key} {m.faces}", kind.source))
        melds += new_melds
        table += [c for c in laid if c not in table]
        done.append(str(act))
    return LedgerResult(trump, tuple(done), Explanation.build(["player"], events), tuple(melds))


parse_trumps = parse_suit  # the trump suit named by letter, symbol or noun
