"""A game of Sixty-Six against the computer, on the contract's :class:`~tutor.session.Session`: the
play panel's session, what it says in words (:class:`SixtySixNarrator`), and what the panel shows
(:func:`prompt`, :func:`table_view`).

The reader is the match's person ``you``, the computer ``computer``; the computer deals first, so
the reader leads the first hand. The session pauses after each hand for its reckoning to be read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...explain import Explanation
from ...session import AUTO, COMPUTER, READER, Narrator, Session
from ..contract import Game
from ..stock.actions import Claim, Close, Declare, Exchange, Play
from ..stock.core import Phase, Stage, When
from .rules import SixtySixRules
from .state import PLAYERS, SixtySixDeal

if TYPE_CHECKING:  # pragma: no cover
    from . import SixtySixMatch

__all__ = ["NAMES", "SixtySixNarrator", "game_session", "prompt", "seat_table", "table_view", "explanation"]

NAMES = ("you", "computer")


def game_session(seed: int | str | None = 0, rules: SixtySixRules | None = None, game: Game | None = None,
                 narrator: Narrator | None = None) -> Session:
    """A game to 7 game points between the reader and the computer (Sixty-Six, or ``game``, a game
    of its family played the same way, such as Schnapsen; ``narrator``: the game's own words)."""
    from . import SixtySix

    return Session(game if game is not None else SixtySix(rules or SixtySixRules()), seed, match=True, seats={"you": READER, "computer": COMPUTER},
                   match_options={"persons": NAMES, "first_dealer": "computer"}, narrator=narrator or SixtySixNarrator())


def _match(session: Session) -> SixtySixMatch:
    match = session.match
    assert match is not None, "a Sixty-Six session plays a match"
    return match  # type: ignore[return-value]


def _reader(session: Session) -> int:
    return int(_match(session).seat_of("you"))


def _name(session: Session, seat: int) -> str:
    return NAMES[0] if seat == _reader(session) else NAMES[1]


class SixtySixNarrator(Narrator):
    """Each action as the table hears it, who took each trick, every score as it is made, and how
    each hand and the game ended."""

    def deal_started(self, session: Session) -> list[str]:
        d: SixtySixDeal = _match(session).deal  # type: ignore[assignment]
        who = "the computer deals, you lead" if _reader(session) == 0 else "you deal, the computer leads"
        trumps = (f"{d.turnup} turned up, {d.trump.noun} are trumps" if d.turnup is not None and d.trump
                  else "no card turned up: no trumps until a marriage is declared")
        return [f"Hand {len(_match(session).records) + 1}: {who}; {trumps}."]

    def action(self, session, who, seat, action, apply) -> list[str]:
        match = _match(session)
        d: SixtySixDeal = match.deal  # type: ignore[assignment]
        you = who in (READER, AUTO)
        line = ("You " if you else "The computer ") + self.deed(d.parse_action(action), you, d.spec)
        steps, tricks, stage = len(d.events), len(d.tricks), d.stage
        reader = _reader(session)
        apply()
        lines = [line]
        if len(d.tricks) > tricks:
            t = d.tricks[-1]
            lines[-1] = line[:-1] + f": {'you win' if t.winner == reader else 'the computer wins'} the trick ({' '.join(map(str, t.cards))})."
        for player, _cat, points, text, _rule in d.events[steps:]:
            mine = PLAYERS.index(player) == reader
            lines.append(f"{'You' if mine else 'The computer'} {'score' if mine else 'scores'} {points}: {text}.")
        if stage is Stage.STOCK and d.stage is Stage.END and not d.is_over and d.closed_by is None:
            lines.append("The stock is exhausted: from now on follow suit and win the trick if you can, else trump.")
        if d.is_over and d.ending:
            lines += self.hand_over(match, d.ending, reader)
        return lines

    def deed(self, action, you: bool, spec=None) -> str:
        """What a player does, after his name (a game of the family with other words says them here)."""
        return deed(action, you, spec)

    def hand_over(self, match, e: dict, reader: int) -> list[str]:
        """What is said when a hand ends (``e``: its ending), and when the game does."""
        lines = []
        winner = "nobody" if e["winner"] is None else ("you" if PLAYERS.index(e["winner"]) == reader else "the computer")
        totals = match.standing()
        won = (f" {winner.capitalize()} {'win' if winner == 'you' else 'wins'} {e['game_points']} game "
               f"point{'s' if e['game_points'] != 1 else ''}.") if e["game_points"] else ""
        lines.append(f"Hand over: {e['reason']}.{won} "
                     f"Game: you {totals['you']}, the computer {totals['computer']} (to {match.target}).")
        if match.is_over:
            lines.append("You win the game." if match.outcome().winner == "you" else "The computer wins the game.")  # type: ignore[union-attr]
        return lines


def deed(action, you: bool, spec=None) -> str:
    """What a player does, after his name: ``plays QH.``, ``show the marriage KH QH (20) ...``
    (with the game's ``spec``, a declaration's worth, and whether one of its cards must then be led,
    or played as it is declared)."""
    s = "" if you else "s"
    if isinstance(action, Play):
        return f"play{s} {action.card}."
    if isinstance(action, Declare):
        kind = spec.melds.get(action.kind) if spec is not None else None
        value = kind.value if kind is not None else 40 if action.kind == "royal marriage" else 20
        shown = f"show{s} the {action.kind} {' '.join(map(str, action.cards))} ({value})"
        if spec is not None and not spec.lead_declared:
            return shown + "."
        verb = "play" if spec is not None and spec.declare_when is When.ON_PLAY else "lead"
        return f"{shown} and must {verb} one of them."
    if isinstance(action, Exchange):
        return f"exchange{s} {action.card} for the turn-up."
    if isinstance(action, Close):
        return f"close{s} the stock: no more drawing, and strict play from now on."
    if isinstance(action, Claim):
        if spec is not None and spec.name == "Tausendeins":
            return f"claim{s} to have reached 1001."
        return f"say{s} \"sixty-six\" and go{'' if you else 'es'} out."
    return f"{action}."  # pragma: no cover - the actions of Sixty-Six are the five above


def explanation(session: Session) -> Explanation:
    """The hand on show, step by step, the players named ``you`` and ``computer``."""
    return Explanation.build(NAMES, ((_name(session, PLAYERS.index(s.player)), s.category, s.points, s.text, s.rule)
                                     for s in session.state.explanation()))


def prompt(session: Session) -> str:
    """What is to be done now, in words."""
    match = _match(session)
    d: SixtySixDeal = match.deal  # type: ignore[assignment]
    if match.is_over:
        t = match.standing()
        who = "You win" if match.outcome().winner == "you" else "The computer wins"  # type: ignore[union-attr]
        return f"The game is over. {who}, {t['you']} to {t['computer']}{getattr(match, 'UNIT', ' game points')}: start a new game to play again."
    if session.between_deals:
        return f"Hand {len(match.records)} is over: read its reckoning, then go on to the next hand."
    strict = d.stage is Stage.END
    on_play = d.spec.declare_when is When.ON_PLAY
    may_declare = d.may_declare_now(_reader(session))  # what the engine allows now, not what the spec may allow later
    if d.phase is Phase.FOLLOW:
        rule = "follow suit and win if you can, else trump" if strict else "while the stock lasts any card may be played"
        if strict and d.spec.play[Stage.END].head_trumps_only:
            rule = "follow suit, beat a trump lead if you can, else trump"
        more = ", or declare a combination as you play one of its cards" if on_play and may_declare else ""
        return f"The computer led {d.trick[0]}: play a card ({rule}){more}."
    spec, rank = d.spec, d.spec.exchange_rank
    extra = []
    if may_declare:
        marriages_only = all("marriage" in k.key for k in spec.melds.kinds)
        extra.append("declare a combination as you lead one of its cards" if on_play
                     else "show a marriage" if marriages_only else "declare a combination")
    if rank is not None and any(isinstance(a, Exchange) for a in d.legal_actions()):  # held, and allowed now
        extra.append(f"exchange the {rank.noun} of trumps")
    if not strict and spec.may_close:
        extra.append("close the stock")
    out = f"Your lead to trick {len(d.tricks) + 1}: play a card" + (f", or {', '.join(extra)} first" if extra else "")
    return out + ("; say 66 to go out once you have it." if spec.may_claim else ".")


def seat_table(session: Session) -> tuple[dict, dict]:
    """What every game of the family shows of the table from the reader's seat, as data, and the
    deal's own view for that seat (for a game's panel to add what is its own, see :func:`table_view`)."""
    d: SixtySixDeal = _match(session).deal  # type: ignore[assignment]
    me = _reader(session)
    them = 1 - me
    v = d.view(me)
    sc = d.scores()
    last = d.tricks[-1] if d.tricks else None
    won = d.tricks_won()
    return {
        "hand": v["hand"],
        "turnup": d.turnup,
        "trumps": v["trumps"],
        "stock": v["stock"],
        "seat": PLAYERS[me],
        "trick": [(_name(session, p), c) for p, c in zip(d.trick_players, d.trick)],
        "last_trick": None if last is None else (list(last.cards), _name(session, last.winner)),
        "points": {"you": sc[PLAYERS[me]], "computer": sc[PLAYERS[them]]},
        "tricks": {"you": won[me], "computer": won[them]},
        "computer_cards": len(d.hands[them]),
    }, v


def table_view(session: Session) -> dict:
    """What the play panel shows, as data, from the reader's seat."""
    match = _match(session)
    d: SixtySixDeal = match.deal  # type: ignore[assignment]
    table, v = seat_table(session)
    me = PLAYERS[_reader(session)]
    closed = d.closed_by is not None
    return {
        **table,
        "closed": closed,
        "stock": 0 if closed else v["stock"],
        "waiting": [(("you" if who == me else "the computer"), what) for who, what in v["waiting"]],
        "game": match.standing(),
        "target": match.target,
    }
