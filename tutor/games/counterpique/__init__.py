"""Counterpique, David Parlett's bidding Piquet (Parlett's Counterpique).

Piquet's cards and combinations, but no point for leading and no points for play: an auction
decides who is Elder and how many tricks he undertakes; combinations score above the line for both
players, the tricks below the line for one of them only, as on a bridge pad; game is 100 below the
line and the rubber the best of three games.

>>> from tutor.games.counterpique import Counterpique
>>> game = Counterpique()
>>> state = game.deal(seed=3)
>>> state.phase.value, state.players[state.to_move]
('auction', 'dealer')
>>> for action in ("bid seven-three", "yes", "bid eight-three", "pass"):
...     _ = state.apply(action)
>>> state.role(1), state.contract.name, state.contract.value
('elder', 'eight-three', 24)
>>> r = game.score("AS KS QS JS TS AH KH QH AD KD AC KC", "9S 8S 7S JH TH 9H JD TD 9D JC TC 9C",
...                bid="seven-three", tricks=5)
>>> r.below
{'elder': 0, 'younger': 42}
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from ...errors import IllegalActionError, TutorError, read_whole
from ...explain import Explanation
from ..contract import CliOption, Game, GameType, Outcome, Report
from ..match import Match, deal_seed
from ..piquet.combos import Combination
from .actions import (
    BIDS,
    Bid,
    Blank,
    Call,
    Exchange,
    Pass,
    Play,
    Reply,
    Stand,
    Yes,
    parse_action,
    parse_bid,
)
from .exercises import CONTRACT
from .pad import Pad
from .rules import CounterpiqueRules
from .state import (
    ABOVE,
    BELOW,
    ROLE_TABLE,
    ROLES,
    SEATS,
    CounterpiqueDeal,
    Deal,
    Phase,
    below_step,
    contract_result,
    declare_in_full,
    misere_result,
)


@dataclass(frozen=True)
class ScoreResult:
    """Both players declare everything in these hands; with ``tricks``, the line below as well.

    ``explanation`` names the players by role (elder, younger). ``outcomes`` gives, for every
    number of tricks Elder might win (0 to 13, the last trick counting two), who scores what below
    the line. Pique is not reckoned here: it depends on the order of the tricks (see ``replay``).
    """

    explanation: Explanation
    bid: Bid | None  # None: a misère
    tricks: int | None
    declared: tuple[tuple[int, Combination], ...]
    outcomes: tuple[tuple[int, int, str, int], ...]  # (Elder's tricks, role, category, points)

    @property
    def totals(self) -> dict[str, int]:
        return self.explanation.totals(ROLES)

    def _line(self, cats) -> dict[str, int]:
        out = dict.fromkeys(ROLES, 0)
        for s in self.explanation:
            if s.category in cats:
                out[s.player] += s.points
        return out

    @property
    def above(self) -> dict[str, int]:
        return self._line(ABOVE)

    @property
    def below(self) -> dict[str, int]:
        return self._line(BELOW)

    @property
    def repique(self) -> str | None:
        return next((s.player for s in self.explanation if s.category == "repique"), None)

    def to_json(self) -> dict:
        above, below, totals = self.above, self.below, self.totals
        out: dict = {
            "bid": "misère" if self.bid is None else {"name": self.bid.name, "tricks": self.bid.tricks,
                                                      "cards": self.bid.cards, "value": self.bid.value},
        }
        for r in ROLE_TABLE:
            name = r.name
            out[name] = {
                "total": totals[name],
                "above": above[name],
                "below": below[name],
                "declared": [{"class": c.kind, "name": c.name(), "cards": " ".join(map(str, c.cards)), "points": c.score}
                             for p, c in self.declared if p == r],
            }
        out["repique"] = self.repique
        out["pique"] = None
        out["tricks"] = self.tricks
        out["outcomes"] = [{"elder_tricks": t, "player": ROLE_TABLE.names[p], "category": c, "points": pts} for t, p, c, pts in self.outcomes]
        out["steps"] = self.explanation.to_json()
        return out


class Counterpique(Game):
    """The game object: rules fixed, deals and rubbers made from it."""

    TYPE = GameType(
        name="counterpique",
        title="Counterpique",
        family="Piquet",
        pack="piquet32",
        seats={2: ("non-dealer", "dealer")},
        sources=("David Parlett, 'Counterpique' (his original card games)",),
        summary="Piquet with an auction: the bid decides who is elder and how many tricks he undertakes; "
                "combinations above the line, tricks below, game 100, rubber the best of three.",
        declarations=True,
        cli_options=(
            CliOption("bid", 'the contract, e.g. "seven-three", "9-4" or "misère"', ("score", "replay")),
            CliOption("plays", 'tricks, leader\'s card first: "AS TH,KS TD,..."', ("replay",)),
        ),
    )
    Rules = CounterpiqueRules
    EXERCISES = (CONTRACT,)

    def deal(self, seed: int | str | None = None, code: str | None = None) -> CounterpiqueDeal:
        if code is not None:
            return CounterpiqueDeal(Deal.from_code(code), self.rules)
        return CounterpiqueDeal.from_seed(0 if seed is None else seed, self.rules)

    def rubber(self, seed: int | str = 0, first_dealer: int | str = "first") -> CounterpiqueMatch:
        """A rubber dealt through without pausing (the same as :meth:`match`)."""
        return self.match(seed, first_dealer=first_dealer)

    def match(self, seed: int | str = 0, *, pause: bool = False, first_dealer: int | str = "first",
              persons: tuple[str, str] = ("first", "second"), standing: Mapping[str, int] | None = None, **kw) -> CounterpiqueMatch:
        """A rubber (best of three games of 100 below the line) as the contract's match.
        ``first_dealer``: a person, or ``"cut"``: the lower cut deals first (Parlett's
        Counterpique, Deal), the cut read from the seed."""
        if first_dealer == "cut":
            first_dealer = random.Random(f"cut/{seed}").randrange(2)
        return CounterpiqueMatch(self, seed, persons=persons, first_dealer=first_dealer, pause=pause, standing=standing)

    def beginner_bot(self):
        from .bot import CounterpiqueBot

        return CounterpiqueBot()

    def strong_bot(self):
        """The strong player: bids, draws, declarations and cards weighed over deals of the unseen
        cards (:mod:`tutor.games.counterpique.strong`)."""
        from .strong import CounterpiqueStrong

        return CounterpiqueStrong()

    def describe_action(self, state, seat, action) -> str:
        from .words import describe

        return describe(SEATS, int(seat), state.phase, state.kind, state.bid, action)

    def score(self, elder, younger, bid: Bid | str = "seven-three", tricks: int | None = None) -> ScoreResult:
        """Elder's and Younger's twelve cards after the draw, the contract (or ``"misère"``), and
        optionally the tricks Elder won (0-13): the combinations above the line and what the
        tricks score below it."""
        state = CounterpiqueDeal.after_draw(elder, younger, bid, self.rules)
        _declare(state)
        if state.phase is Phase.PLAY and not state.tricks:
            # Younger shows his combinations only after elder has led to the first trick (Parlett's Counterpique
            # as Cavendish Law 67): lead, so that both declare everything they hold, reckoned in
            # order. The lead itself scores nothing in Counterpique.
            state.apply(state.legal_actions()[0])
            _declare(state)
        expl = state.explanation("role")
        events = [(s.player, s.category, s.points, s.text, s.rule) for s in expl if s.category != "pique"]
        misere = state.misere
        result = misere_result if misere else (lambda t: contract_result(state.contract, t))  # type: ignore[arg-type]
        outcomes = tuple((t, *result(t)) for t in range(14))
        if tricks is not None:
            role, cat, pts, text, rule = below_step(state.contract, tricks)
            events.append((ROLE_TABLE.names[role], cat, pts, text, rule))
        declared = tuple(state.inner.declared) if state.inner is not None else ()
        return ScoreResult(Explanation.build(ROLES, events), state.contract, tricks, declared, outcomes)

    def replay(self, elder, younger, plays, bid: Bid | str = "seven-three", elder_is_dealer: bool = False) -> CounterpiqueDeal:
        """Declare in full, then play ``plays`` (a list of (leader's card, follower's card)).

        The hands are Elder's and Younger's after the draw; play stops once Elder has made the
        contract (unless ``play_out``), and a trick given after that is refused.
        """
        state = CounterpiqueDeal.after_draw(elder, younger, bid, self.rules, elder_is_dealer)
        _declare(state)
        for i, (lead, follow) in enumerate(plays):
            if state.is_over:
                raise IllegalActionError(
                    f"trick {i + 1} ({lead} {follow}) comes after the end of the deal: {state.why_illegal(Play(lead))}",
                    token=f"{lead} {follow}",
                )
            state.apply(Play(lead))
            _declare(state)
            state.apply(Play(follow))
        return state

    def golden_deal(self, data) -> CounterpiqueDeal:
        d = data["deal"]
        return CounterpiqueDeal(Deal.from_cards(d["non_dealer"], d["dealer"], d["talon"]), self.rules)

    # -- the CLI's verbs ------------------------------------------------------------------------
    def cli_score(self, *, hands, bid=None, **extra) -> Report:
        elder, younger = _two_hands(hands, "score")
        result = self.score(elder, younger, bid=_bid(bid))
        t = result.totals
        text = result.explanation.text() + f"\nelder {t['elder']}, younger {t['younger']} above the line"
        return Report(text + (f"; repique to {result.repique}" if result.repique else ""), result.to_json())

    def cli_replay(self, *, seed=None, code=None, hands=None, actions=None, plays=None, bid=None, **extra) -> Report:
        if not hands:
            return super().cli_replay(seed=seed, code=code, actions=actions)
        from ..piquet import parse_plays

        elder, younger = _two_hands(hands, "replay")
        if not plays:
            raise TutorError("replay counterpique needs --elder, --younger and --plays", token="counterpique")
        state = self.replay(elder, younger, parse_plays(plays), bid=_bid(bid))
        return Report(state.explanation().text(), state.to_json())


class CounterpiqueMatch(Match):
    """A rubber on the contract's match: each deal's steps go on the pad (Parlett's Counterpique, Game), and the
    player who scored below the line deals next (Parlett's Counterpique, Deal)."""

    game: Counterpique
    deal: CounterpiqueDeal
    NOUN = "rubber"
    END_RULE = "Parlett's Counterpique, Game: the first to win two games wins the rubber"
    STANDING = False
    NO_STANDING = "its pad reckons games below the line and bonuses above it, not one running total"

    def __init__(self, game: Counterpique, seed: int | str = 0, *, persons=("first", "second"), **kw):
        self.pad = Pad(game.rules, names=tuple(persons))
        super().__init__(game, seed, persons=persons, **kw)

    def make_deal(self, n, dealer) -> CounterpiqueDeal:
        return CounterpiqueDeal(Deal.from_seed(deal_seed(self.seed, n), self.game.rules.deal_in), self.game.rules)

    def credit(self, state) -> dict[str, int]:
        persons = (int(self.person(0)), int(self.person(1)))
        before = self.pad.totals()
        self.pad.record(state.explanation(), persons)
        after = self.pad.explanation().totals(self.pad.names)
        return {k: after[k] - before.get(k, 0) for k in after}

    def standing(self) -> dict[str, int]:
        return self.pad.totals()

    def finished(self) -> Outcome | None:
        if not self.pad.is_over:
            return None
        assert self.pad.winner is not None
        winner = self.pad.names[self.pad.winner]
        return Outcome(winner, f"{winner} wins two games and the rubber (Parlett's Counterpique, Game)", self.pad.totals(), "rubber")

    def next_dealer(self):
        return self.person(self.deal.next_dealer)

    def rewind(self, n: int = 1) -> int:
        read_whole(n, "the number of actions to take back", lo=0)  # refused before the pad is cleared
        self.pad = Pad(self.game.rules, names=self.pad.names)
        return super().rewind(n)

    def result(self) -> dict:
        """The rubber's result as the pad sums it up: games, bonuses, totals, winner and margin."""
        return self.pad.result()

    @property
    def dealers(self) -> list[int]:
        """Who dealt each finished deal, as the pad numbers the persons (0 and 1)."""
        return [self.persons.names.index(r.dealer) for r in self.records]


def _bid(bid):
    # an absent --bid is Parlett's example contract (seven-three); an empty one is a mistake, refused by parse_bid
    return "seven-three" if bid is None else bid


def _two_hands(hands, verb: str):
    missing = [n for n in ("elder", "younger") if n not in (hands or {})]
    if missing:
        raise TutorError(f"{verb} counterpique needs --elder and --younger (missing: {', '.join(missing)})", token=missing[0])
    return hands["elder"], hands["younger"]


def _declare(state: CounterpiqueDeal) -> None:
    while state.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
        state.apply(declare_in_full(state))


__all__ = [
    "Counterpique",
    "CounterpiqueRules",
    "CounterpiqueDeal",
    "Deal",
    "Phase",
    "Pad",
    "CounterpiqueMatch",
    "ScoreResult",
    "Bid",
    "BIDS",
    "Blank",
    "Yes",
    "Stand",
    "Pass",
    "Exchange",
    "Call",
    "Reply",
    "Play",
    "parse_action",
    "parse_bid",
    "declare_in_full",
    "contract_result",
    "misere_result",
]

#: the game this package registers (read by tutor.games)
GAME = Counterpique
