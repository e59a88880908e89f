"""Piquet (the Rubicon game): Parlett's Piquet rules and Cavendish's Laws of Piquet.

>>> from tutor.games import load
>>> piquet = load("piquet")
>>> state = piquet.deal(seed=1)
>>> state.phase.value
'exchange'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...cards import PIQUET_PACK
from ...errors import NotationError, TutorError
from ..contract import CliOption, Game, GameType, Report
from .actions import Announce, Call, Exchange, Pass, Play, Reply, parse_action
from .bot import PiquetBot
from .combos import Combination, mask_of
from .deal import Deal, Phase, PiquetDeal
from .exercises import DECLARE, DISCARD, POINT, SCORE
from .partie import PiquetMatch
from .rules import PiquetRules
from .scoring import DeclarationResult, Settlement, declare_in_full, score_declarations, settle


class Piquet(Game):
    """The game object: rules fixed, deals and parties made from it."""

    TYPE = GameType(
        name="piquet",
        title="Piquet",
        family="Piquet",
        pack="piquet32",
        seats={2: ("elder", "younger")},
        aliases=("rubicon-piquet", "rubicon piquet", "piquet-rubicon"),
        sources=(
            "David Parlett's rules of Piquet (his web pages on historic card games)",
            "Cavendish, The Laws of Piquet (1882), Laws 1-78, and his chapters on calling, discarding and odds",
        ),
        summary="Two players, 32 cards, twelve each and a talon of eight: exchange, declare point, "
                "sequences and sets, then twelve tricks; a partie of six deals (Rubicon).",
        declarations=True,
        settlement=True,
        cli_options=(CliOption("plays", 'tricks, leader\'s card first: "AH TH,KH 7D,..."', ("replay",)),),
    )
    Rules = PiquetRules
    EXERCISES = (SCORE, DECLARE, POINT, DISCARD)

    def deal(self, seed: int | str | None = None, code: str | None = None) -> PiquetDeal:
        if code is not None:
            return PiquetDeal(Deal.from_code(code), self.rules)
        return PiquetDeal.from_seed(0 if seed is None else seed, self.rules)

    def partie(self, seed: int | str = 0, first_dealer: int | str = "first") -> PiquetMatch:
        """A partie dealt through without pausing (the same as :meth:`match`)."""
        return self.match(seed, first_dealer=first_dealer)

    def match(self, seed: int | str = 0, *, pause: bool = False, first_dealer: int | str = "first", standing: Mapping[str, int] | None = None, **kw) -> PiquetMatch:
        """The partie as the contract's match (six deals, or four with the first and last doubled;
        a tie plays two more; the rubicon settlement)."""
        return PiquetMatch(self, seed, persons=("first", "second"), first_dealer=first_dealer, pause=pause, standing=standing)

    def beginner_bot(self) -> PiquetBot:
        return PiquetBot()

    def strong_bot(self):
        """The strong player: each choice weighed over deals of the unseen cards, played out
        (:mod:`tutor.games.piquet.strong`)."""
        from .strong import PiquetStrong

        return PiquetStrong()

    def describe_action(self, state, seat, action) -> str:
        from .practice import describe

        making = None
        if state.phase is Phase.REPLY and state.kind == "point" and state.point_stage == "count" and not state.rules.point_by_pips:
            call = state.elder_call[state.cls]
            making = call.pips if call is not None else None
        return describe(seat.name, state.phase, state.kind, action, making)

    def score(self, elder, younger) -> DeclarationResult:
        """Both players declare everything they hold in these twelve-card hands."""
        e = PIQUET_PACK.parse_hand(elder, 12, "hand")
        y = PIQUET_PACK.parse_hand(younger, 12, "hand")
        state = PiquetDeal.after_exchange(e, y, self.rules)  # checks the hands do not overlap
        return score_declarations(state.hands[0], state.hands[1], self.rules)

    def replay(self, elder, younger, plays) -> PiquetDeal:
        """Declare in full, then play ``plays`` (a list of (leader's card, follower's card))."""
        state = PiquetDeal.after_exchange(elder, younger, self.rules)
        _declare(state)
        for lead, follow in plays:
            state.apply(Play(lead))
            _declare(state)
            state.apply(Play(follow))
        return state

    @staticmethod
    def settle(a: int, b: int) -> Settlement:
        return settle(a, b)

    def golden_deal(self, data) -> PiquetDeal:
        d = data["deal"]
        return PiquetDeal(Deal.from_cards(d["elder"], d["younger"], d["talon"]), self.rules)

    # -- the CLI's verbs (their text and JSON are the contract programs rely on) -----------------
    def deal_report(self, state, seed=None) -> Report:
        from ...render import hand_text

        d = state.deal
        lines = [f"Piquet deal {d.code}" + (f" (seed {seed})" if seed is not None else ""),
                 f"  elder   {hand_text(d.elder)}", f"  younger {hand_text(d.younger)}",
                 f"  talon   {' '.join(c.symbol for c in d.talon)}   (top first: elder may take 5, younger the rest)"]
        for p in state.table:
            if state.carte_blanche[p]:
                lines.append(f"  {p.name} holds carte blanche: ten, reckoned first")
        data = {"code": d.code, "elder": str(d.elder), "younger": str(d.younger), "talon": " ".join(map(str, d.talon)),
                "carte_blanche": {"elder": state.carte_blanche[0], "younger": state.carte_blanche[1]}}
        return Report("\n".join(lines), data)

    def cli_score(self, *, hands, **extra) -> Report:
        elder, younger = _two_hands(hands, "score")
        result = self.score(elder, younger)
        t = result.totals
        text = result.explanation.text() + f"\nelder {t['elder']}, younger {t['younger']}"
        return Report(text + (f"; repique to {result.repique}" if result.repique else ""), result.to_json())

    def cli_replay(self, *, seed=None, code=None, hands=None, actions=None, plays=None, **extra) -> Report:
        if not hands:
            return super().cli_replay(seed=seed, code=code, actions=actions)
        if not plays:
            raise TutorError("replay piquet needs --elder, --younger and --plays", token="piquet")
        elder, younger = _two_hands(hands, "replay")
        state = self.replay(elder, younger, parse_plays(plays))
        expl = state.explanation()
        won = state.tricks_won()
        cats = {s.category: s.player for s in expl}
        out: dict[str, Any] = {
            "elder": {"total": expl.total("elder")},
            "younger": {"total": expl.total("younger")},
            "tricks": {"elder": won[0], "younger": won[1]},
            "repique": cats.get("repique"),
            "pique": cats.get("pique"),
            "cards": cats.get("cards"),
            "capot": cats.get("capot"),
            "complete": state.is_over,
            "steps": expl.to_json(),
        }
        text = expl.text() + f"\ntricks {won[0]}-{won[1]}; elder {out['elder']['total']}, younger {out['younger']['total']}"
        return Report(text, out)

    def cli_settle(self, totals) -> Report:
        if len(totals) != 2:
            raise TutorError(f"a partie is settled from two final totals, not {len(totals)}", token=" ".join(map(str, totals)))
        s = self.settle(*totals)
        text = s.explain() + (f"\n{('first', 'second')[s.winner]} wins {s.points}" if s.winner is not None else "")
        return Report(text, s.to_json())


def _two_hands(hands, verb: str):
    missing = [n for n in ("elder", "younger") if n not in (hands or {})]
    if missing:
        raise TutorError(f"{verb} piquet needs --elder and --younger (missing: {', '.join(missing)})", token=missing[0])
    return hands["elder"], hands["younger"]


def parse_plays(text: str):
    """``"AH TH,KH 7D"`` -> ``[(AH, TH), (KH, 7D)]``: each trick the leader's card, then the follower's."""
    from ...cards import parse_cards

    tricks = []
    chunks = text.split(",")
    if not any(c.strip() for c in chunks):
        raise NotationError(f"no tricks in {text[:40]!r}: write them as \"AH TH,KH 7D,...\"", token=text[:40])
    for i, chunk in enumerate(chunks):
        if not chunk.strip():
            raise NotationError(f"trick {i + 1} is empty: separate tricks by single commas", token=text[:40])
        cards = parse_cards(chunk)
        if len(cards) != 2:
            raise NotationError(
                f"trick {i + 1} {chunk.strip()[:40]!r} should be two cards: the leader's, then the follower's", token=chunk.strip()[:40]
            )
        tricks.append((cards[0], cards[1]))
    return tricks


def _declare(state: PiquetDeal) -> None:
    while state.phase in (Phase.CALL, Phase.REPLY, Phase.DECLARE):
        state.apply(declare_in_full(state))


__all__ = [
    "Piquet",
    "PiquetRules",
    "PiquetDeal",
    "Deal",
    "Phase",
    "PiquetMatch",
    "Combination",
    "Announce",
    "Exchange",
    "Call",
    "Pass",
    "Reply",
    "Play",
    "parse_action",
    "settle",
    "score_declarations",
    "declare_in_full",
    "mask_of",
]

#: the game this package registers (read by tutor.games)
GAME = Piquet
