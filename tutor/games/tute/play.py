"""A game of Tute against the computer, on the Sixty-Six family's session: Tute's words for what is
done (cantes, the claim, capote, the face-up hand), what is to be done now, and the table as the
reader's seat sees it.

The reader is ``you``, the computer ``computer``; the computer deals the first deal, so the reader
leads first. A game is one or more deals: the session pauses after a deal nobody wins.
"""

from __future__ import annotations

from ...cards import spanish_name
from ...session import Session
from ..sixtysix.play import SixtySixNarrator, _match, _reader, game_session, seat_table
from ..stock.actions import Claim, Declare, Exchange, Play
from ..stock.core import Phase, Stage
from .rules import TuteRules
from .state import PLAYERS, Capote, TuteDeal

__all__ = ["TuteNarrator", "tute_session", "prompt", "table_view", "check_count"]


def tute_session(seed: int | str | None = 0, rules: TuteRules | None = None) -> Session:
    """A game of Tute Habanero between the reader and the computer."""
    from . import Tute

    return game_session(seed, game=Tute(rules or TuteRules()), narrator=TuteNarrator())


def words(card) -> str:
    """``KH (rey de copas)``."""
    return f"{card} ({spanish_name(card)})"


class TuteNarrator(SixtySixNarrator):
    """Tute's words: a cante is sung, not led; the claim is of the target; capote; the game's end."""

    def deed(self, action, you: bool, spec=None) -> str:
        s = "" if you else "s"
        if isinstance(action, Play):
            return f"play{s} {words(action.card)}."
        if isinstance(action, Declare):
            if action.kind.startswith("tute"):
                return f"sing{s} a {action.kind}: {' '.join(map(str, action.cards))}."
            value = 40 if action.kind == "las cuarenta" else 20
            return f"sing{s} {'las cuarenta' if value == 40 else 'a marriage, veinte,'} {' '.join(map(str, action.cards))} ({value})."
        if isinstance(action, Exchange):
            return f"take{s} the turn-up for {words(action.card)}."
        if isinstance(action, Claim):
            return f"claim{s} to have reached the target."
        if isinstance(action, Capote):
            return f"declare{s} capote: all the last eight tricks."
        return f"{action}."  # pragma: no cover - the actions of Tute are the five above

    def hand_over(self, match, e: dict, reader: int) -> list[str]:
        if e["winner"] is None:
            return [f"Deal over: {e['reason']}."]
        winner = "You win" if PLAYERS.index(e["winner"]) == reader else "The computer wins"
        return [f"Deal over: {e['reason']}. {winner} the game ({e['rule']})."]


def prompt(session: Session) -> str:
    """What is to be done now, in words."""
    match = _match(session)
    d: TuteDeal = match.deal  # type: ignore[assignment]
    if match.is_over:
        who = "You win" if match.outcome().winner == "you" else "The computer wins"  # type: ignore[union-attr]
        return f"The game is over. {who}: start a new game to play again."
    if session.between_deals:
        return "Nobody won this deal: read its reckoning, then deal the next (the points are carried)."
    strict = d.stage is Stage.END
    if d.phase is Phase.FOLLOW:
        led = d.trick[0]
        if strict:
            rule = "follow suit and win if you can, else trump"
        elif led.suit is d.trump and d.rules.stock_play != "free":
            rule = "a trump was led: answer with a trump if you have one"
        else:
            rule = "any card may be played"
        return f"The computer led {words(led)}: play a card ({rule}); or claim, if you have {d.target}."
    extra = []
    if not strict and d.tricks:
        extra += ["sing a cante", "take the turn-up"]
    if strict and d.end_from == len(d.tricks) and d.rules.capote:
        extra.append("declare capote")
    out = f"Your lead to trick {len(d.tricks) + 1}: play a card" + (f", or {', '.join(extra)} first" if extra else "")
    return out + f"; claim once you have {d.target}."


def table_view(session: Session) -> dict:
    """What the play panel shows, as data, from the reader's seat: the family's table, and Tute's
    face-up hand, target, deal number and points played on without claiming."""
    match = _match(session)
    d: TuteDeal = match.deal  # type: ignore[assignment]
    table, v = seat_table(session)
    me = PLAYERS[_reader(session)]
    return {
        **table,
        "exposed": {("you" if who == me else "computer"): hand for who, hand in v["exposed"].items()},
        "target": d.target,
        "deal": len(match.records) + (0 if session.between_deals else 1),
        "played_on": v["played_on"],
    }


def check_count(session: Session, said: int | str) -> tuple[bool, str]:
    """The reader's running count checked against the engine's: (right, what to say)."""
    from ...errors import NotationError, read_whole

    n = read_whole(said, "a count (in points)", error=NotationError, lo=0)
    d: TuteDeal = _match(session).deal  # type: ignore[assignment]
    me = PLAYERS[_reader(session)]
    true = d.scores()[me]
    steps = [s for s in d.explanation() if s.player == me and s.points]
    last = f" (last: {steps[-1].points} for {steps[-1].text})" if steps else ""
    if n == true:
        return True, f"Right: you have {true}" + (f", {d.target - true} short of {d.target}." if true < d.target
                                                  else f": claim {d.target} now!")
    return False, f"Not quite: you have {true}, not {n}{last}."
