"""Tute Habanero (two players, the 40-card Spanish pack), as David Parlett's *Penguin Book of Card
Games* gives it.

>>> from tutor.games.tute import Tute
>>> s = Tute().deal(seed=1)
>>> len(s.hand(0)), len(s.stock), s.turnup is not None
(8, 23, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..contract import GameType, Outcome, SeatView
from ..match import deal_seed
from ..sixtysix import SixtySix, SixtySixBot, SixtySixMatch
from ..sixtysix.state import PLAYERS
from ..stock.actions import Claim, Declare, Play
from ..stock.core import Stage
from ..stock.exercises import BEST
from .exercises import CLAIM
from .rules import LUDO, PAGAT, PARLETT, TuteRules
from .state import RULE_NOBODY, Capote, TuteDeal, spec_for

RULE_GAME = f"{PARLETT}: the first to claim the target correctly wins the game; a deal nobody wins is followed by another"


class TuteMatch(SixtySixMatch):
    """One game of Tute: deals until one is won (by a claim, a tute, capote, or the points found at the
    end); a deal nobody wins carries its points into the next, which the winner of its last trick deals."""

    NOUN = "game"
    END_RULE = RULE_GAME
    UNIT = " game"

    @property
    def target(self) -> int:
        """The points a claim must reach (the game itself is won by one deal)."""
        return self.game.rules.target

    def make_deal(self, n, dealer) -> TuteDeal:
        carried = None
        if self.records:
            last = self.records[-1]
            totals = last.explanation.totals(PLAYERS)
            before = {last.dealer: totals["younger"]}
            other = next(p for p in self.persons.names if p != last.dealer)
            before[other] = totals["elder"]
            carried = (before[dealer.next.name], before[dealer.name])  # (elder's, younger's)
        return TuteDeal.from_seed(deal_seed(self.seed, n), self.game.rules, carried)

    def next_dealer(self):
        """The winner of the last trick of a deal nobody won deals the next."""
        deal = self.deal
        if deal.tricks:
            return self.person(deal.tricks[-1].winner)
        return self.dealer

    def finished(self) -> Outcome | None:
        winner = self.first_to(1)
        if winner is None:
            return None
        out = self.records[-1].outcome
        return Outcome(winner, f"{winner} wins the game" + (f": {out.reason}" if out else ""), self.standing(), "target")


class Tute(SixtySix):
    """The game object: rules fixed, deals and games made from it."""

    EXERCISES = (BEST, CLAIM)  # the stock may not be closed in Tute
    #: the strong player's solver values a sample from five cards each, not six: Tute's samples are
    #: played on through a stock of 23 cards, and solving from six took a third of a move's time,
    #: more than the time a move allows; from five it wins as many matches on the same seeds (the
    #: figures: tests/benchmarks/README.md)
    STRONG_SOLVE_AT = 5
    #: and it spends its samples' work by halves: a move of Tute's has many actions to weigh (a
    #: card, a marriage, the exchange) and few samples each; in the same time, on the same seeds,
    #: it won more matches both against the random player and against the beginner (the figures:
    #: tests/benchmarks/README.md)
    STRONG_HALVE = True

    TYPE = GameType(
        name="tute",
        title="Tute Habanero",
        family="Sixty-Six",
        pack="spanish40",
        aliases=("tute habanero", "havanian tute", "habanero"),
        seats={2: PLAYERS},
        sources=(PARLETT.rsplit(",", 1)[0], PAGAT, LUDO),
        summary="The Spanish member of the family, with the 40-card Spanish pack: eight each, a trump lead answered "
                "with a trump while the stock lasts, cantes of 20 and 40 and the tute, capote, 10 for the last "
                "trick, and the game won by claiming 101 correctly.",
    )
    Rules = TuteRules  # type: ignore[assignment]
    Deal = TuteDeal  # type: ignore[assignment]
    MatchType = TuteMatch

    def describe_action(self, state, seat, action) -> str:
        from .words import deed

        return f"{seat.name.capitalize()} {deed(state.parse_action(action), you=False, spec=state.spec)}"

    def deal(self, seed: int | str | None = None, code: str | None = None) -> TuteDeal:  # type: ignore[override]
        if code is not None:
            return TuteDeal.from_code(code, self.rules)
        return TuteDeal.from_seed(0 if seed is None else seed, self.rules)

    def deal_cards(self, elder, younger, turnup, stock) -> TuteDeal:  # type: ignore[override]
        """A deal from explicit cards (the hands, the turn-up, the stock top first); Spanish names are read too."""
        from ...cards import Hand, parse_spanish_cards

        def cards(x):
            return Hand(parse_spanish_cards(x)) if isinstance(x, str) else x

        return TuteDeal.from_cards(cards(elder), cards(younger), cards(turnup), cards(stock), self.rules)

    def deal_report(self, state, seed=None):
        """``tutor deal``: the hands in the tutor's notation, then as a Spanish player names them."""
        from ...cards import spanish_name
        from ..contract import Report

        report = super().deal_report(state, seed)
        lines = [report.text, "  in Spanish:"]
        for s in state.table:
            lines.append(f"  {s.name:<10} {', '.join(spanish_name(c) for c in state.view(s)['hand'])}")
        if state.turnup is not None:
            lines.append(f"  turn-up    {spanish_name(state.turnup)}")
        return Report("\n".join(lines), report.data)

    def beginner_bot(self) -> TuteBot:
        return TuteBot(spec_for(self.rules), last_trick=TuteDeal.LAST_TRICK)

    def golden_line(self, state) -> dict:
        out: dict[str, Any] = dict(state.scores())
        if state.is_over and state.ending:
            out["ending"] = f"{state.ending['winner']} {state.ending['how']}"
        exposed = [p for p in PLAYERS if state.exposed[PLAYERS.index(p)]]
        if exposed:
            out["face up"] = " ".join(exposed)
        return out

    def golden_deal(self, data: Mapping[str, Any]) -> TuteDeal:
        d = data["deal"]
        return self.deal_cards(d["elder"], d["younger"], d["turnup"], d["stock"])


class TuteBot(SixtySixBot):
    """The Sixty-Six computer with Tute's own sense: it keeps its count (its view's score, carried
    points included) and claims the moment it reaches the target, never before; it shows a tute at
    once, las cuarenta before a marriage; takes the turn-up when it may; and declares capote when,
    the other hand known by counting, it can take every one of the last eight tricks whatever the
    other plays."""

    SOLVE_FROM = 6  # from six cards each the solver answers within a few milliseconds; from eight, up to tens a move

    def choose(self, seat: SeatView):
        legal = list(seat.legal_actions())
        view = seat.view()
        me = view["player"]
        if view["scores"][me] >= view["target"] and any(isinstance(a, Claim) for a in legal):
            return Claim()
        declares = [a for a in legal if isinstance(a, Declare)]
        tutes = [a for a in declares if a.kind.startswith("tute")]
        if tutes:
            return tutes[0]
        if any(isinstance(a, Capote) for a in legal) and self._capote_lead(view) is not None:
            return Capote()
        if view["capote"] == me and not view["trick"]:  # play the line that takes every trick
            lead = self._capote_lead(view)
            if lead is not None:
                return Play(lead)
        choice = super().choose(seat)
        if isinstance(choice, Claim):  # the parent's claim threshold is Sixty-Six's; never claim short
            return next(a for a in legal if isinstance(a, Play))
        return choice

    def _capote_lead(self, view):
        """A lead with which this player, on lead in the last tricks, takes every trick left whatever
        the other plays (the other hand known by counting), or None."""
        spec = self.spec
        from ...cards import parse_card

        mine = list(view["hand"])
        seen = set(mine) | {parse_card(c) for _, cs, _ in view["tricks"] for c in cs.split()}
        theirs = [c for c in spec.pack.cards if c not in seen]
        me = spec.players.index(view["player"])
        hands = [mine, theirs] if me == 0 else [theirs, mine]
        trump = next(s for s in spec.pack.suits if s.noun == view["trumps"])
        return _takes_all(spec, trump, hands, me)


def _takes_all(spec, trump, hands, me):
    """A card with which ``me``, on lead, takes every trick whatever the other plays (a small search
    of leads against every legal answer, each pair of hands searched once), or None."""
    from ..stock.tricks import legal_plays, trick_winner

    rule = spec.play[Stage.END]
    order = spec.order
    # (hands left, in their order) -> whether the leader takes every trick from there: the same
    # two hands are met again by many orders of play, and searched once
    memo: dict[tuple[tuple, tuple], bool] = {}

    def wins_all(h0: tuple, h1: tuple) -> bool:  # h0: the player on lead (me), h1: the other
        if not h0:
            return True
        found = memo.get((h0, h1))
        if found is not None:
            return found
        result = False
        for lead in h0:
            ok = True
            for reply in legal_plays(h1, [lead], trump, rule, order):
                if trick_winner([lead, reply], trump, order) != 0:
                    ok = False
                    break
                if not wins_all(tuple(c for c in h0 if c is not lead), tuple(c for c in h1 if c is not reply)):
                    ok = False
                    break
            if ok:
                result = True
                break
        memo[(h0, h1)] = result
        return result

    h0, h1 = tuple(hands[me]), tuple(hands[spec.table.seats[me].other])
    for lead in h0:
        if all(trick_winner([lead, reply], trump, order) == 0
               and wins_all(tuple(c for c in h0 if c is not lead), tuple(c for c in h1 if c is not reply))
               for reply in legal_plays(h1, [lead], trump, rule, order)):
            return lead
    return None


#: the game this package registers (read by tutor.games)
GAME = Tute

__all__ = ["Tute", "TuteRules", "TuteDeal", "TuteMatch", "TuteBot", "Capote", "RULE_NOBODY"]
