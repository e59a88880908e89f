"""The rules of the stock-and-tricks family, plainly, one function a rule, read from a game's spec.

* :func:`legal` lists what the player to move may do (in no particular order: a set of actions);
* :func:`why_not` says which rule an action breaks (a :class:`Refusal`), or None if it may be made;
* :func:`apply` makes an action on a copy of the position and returns the copy.

What a game changes (its scoring, a rule of its own) is asked of its plain rules (``pos.game``,
:mod:`.games`). Declarations are in :mod:`.declaring`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....cards import Card
from ..actions import Action, Aside, Claim, Close, Draw, Exchange, Play
from ..laws import LAWS
from ..spec import Stage, When
from ..tricks import Follow, PlayRule
from .position import Position


@dataclass(frozen=True)
class Refusal:
    """The kind of rule an action breaks, and the words of the rule a refusal must quote ("" if the
    game names none for it)."""

    kind: str
    rule: str


def refusal(pos: Position, kind: str, rule: str | None = None) -> Refusal:
    """A refusal of ``kind``, quoting the game's registered rule for it (or ``rule``, if given)."""
    return Refusal(kind, rule if rule is not None else LAWS.get(pos.spec.name, {}).get(kind, ""))


# -- the play of the cards ------------------------------------------------------------------------
def play_rule(pos: Position) -> PlayRule:
    return pos.spec.play[pos.stage]


def beats(pos: Position, card: Card, best: Card) -> bool:
    """``card``, played after ``best``, takes the trick from it: a higher card of its suit, or a
    trump on a card of another suit; of two equal cards the first played wins."""
    power = pos.spec.order.power
    if card.suit == best.suit:
        return power[card.rank] > power[best.rank]
    return card.suit == pos.trump


def winning_index(pos: Position, cards: list[Card]) -> int:
    """Which card of ``cards`` (in the order played) holds the trick."""
    best = 0
    for i in range(1, len(cards)):
        if beats(pos, cards[i], cards[best]):
            best = i
    return best


def partner_winning(pos: Position, p: int) -> bool:
    teams = pos.spec.teams
    if teams is None or not pos.trick:
        return False
    holder = pos.trick_players[winning_index(pos, pos.trick)]
    return holder != p and teams[holder] == teams[p]


def follow_rule(pos: Position, p: int, cards: list[Card]) -> list[Card]:
    """Of ``cards``, those ``p`` may play to the trick by the rule of play of the stage: follow suit
    if asked and able (beating the best card of the suit led where asked), else trump where asked
    (over a trump already played if able); a partner holding the trick may excuse the duties."""
    rule = play_rule(pos)
    if not pos.trick or rule.follow == Follow.ANY:
        return cards
    led = pos.trick[0].suit
    if rule.follow == Follow.TRUMPS and led != pos.trump:
        return cards
    best = pos.trick[winning_index(pos, pos.trick)]
    power = pos.spec.order.power
    suited = [c for c in cards if c.suit == led]
    if partner_winning(pos, p) and not rule.beat_partner:
        return suited or cards
    if suited:
        must_head = rule.head and best.suit == led and (led == pos.trump or not rule.head_trumps_only)
        higher = [c for c in suited if power[c.rank] > power[best.rank]]
        return higher if must_head and higher else suited
    trumps = [c for c in cards if c.suit == pos.trump] if rule.trump and pos.trump is not None else []
    if not trumps:
        return cards
    over = [c for c in trumps if power[c.rank] > power[best.rank]]
    return over if rule.overtrump and best.suit == pos.trump and over else trumps


def playable(pos: Position, p: int) -> list[Card]:
    """The cards ``p`` may play now: held, by the rule of play, and one of the declared cards if
    he has just declared (and must lead or play one of them)."""
    cards = follow_rule(pos, p, pos.held(p))
    if pos.must_lead is not None:
        cards = [c for c in cards if c in pos.must_lead]
    return cards


# -- moments --------------------------------------------------------------------------------------
def may_declare_now(pos: Position, p: int) -> bool:
    """The moment to declare: after winning a trick (before drawing), on lead, or on one's turn to
    play, as the game says; once a turn; and in the last stage only where the game allows it."""
    spec = pos.spec
    if spec.declare_when == When.AFTER_TRICK:
        moment = pos.phase == "declare"
    elif spec.declare_when == When.ON_LEAD:
        moment = pos.phase == "lead" and not pos.trick and not pos.declared_now
    else:
        moment = pos.phase in ("lead", "follow") and not pos.declared_now
    return moment and bool(spec.melds.kinds) and (spec.declare_in_end or pos.stage != Stage.END)


def may_close(pos: Position, p: int) -> bool:
    return pos.spec.may_close and pos.stage == Stage.STOCK and not pos.trick and bool(pos.stock)


def exchange_time(pos: Position, p: int) -> bool:
    when = pos.spec.exchange_when
    if when == When.ON_LEAD:
        return pos.phase == "lead" and not pos.trick and bool(pos.stock)
    if when == When.ON_PLAY:
        return pos.phase in ("lead", "follow") and bool(pos.stock)
    return pos.phase == "declare"


def exchangeable(pos: Position, p: int) -> list[Card]:
    """The cards ``p`` may give for the turn-up now: the trump of the exchange rank, held in hand,
    at the game's moment for it, once, while the stock lasts and is open."""
    rank = pos.game.exchange_rank(pos)
    if rank is None or pos.trump is None or pos.turnup is None or pos.turnup.rank == rank:
        return []
    if pos.exchanged_now or pos.closed_by is not None or not exchange_time(pos, p):
        return []
    cards = [c for c in pos.hands[p] if c.rank == rank and c.suit == pos.trump]
    return pos.game.exchange_allowed(pos, p, cards) if cards else []


# -- what may be done -------------------------------------------------------------------------------
def legal(pos: Position) -> list[Action]:
    """Everything the player to move may do now."""
    if pos.phase == "over":
        return []
    p, spec, game = pos.to_move, pos.spec, pos.game
    only = game.only(pos)
    if only is not None:
        return only
    out: list[Action] = []
    declares_now = {"declare": spec.declare_when == When.AFTER_TRICK, "lead": spec.declare_when != When.AFTER_TRICK,
                    "follow": spec.declare_when == When.ON_PLAY}[pos.phase]
    if declares_now and pos.must_lead is None and game.may_declare_now(pos, p):
        out += game.declarations(pos, p)
    exchanges_now = {"declare": spec.exchange_when == When.AFTER_TRICK, "lead": spec.exchange_when != When.AFTER_TRICK,
                     "follow": spec.exchange_when == When.ON_PLAY}[pos.phase]
    if exchanges_now:
        out += [Exchange(c) for c in exchangeable(pos, p)]
    if pos.phase == "declare":
        if spec.close_before_draw and game.may_close(pos, p):
            out.append(Close())
        return out + [Draw()]
    if pos.phase == "lead":
        out += [Close()] if game.may_close(pos, p) else []
        out += [Claim()] if game.may_claim(pos, p) else []
    return out + [Play(c) for c in game.playable(pos, p)] + game.more_actions(pos, p)


def asides(pos: Position, q: int) -> list[Action]:
    """What ``q``, not to move, may do now: the exchange, where the game allows it at any time."""
    if pos.phase == "over" or not pos.spec.exchange_any_time or q == pos.to_move:
        return []
    return [Aside(pos.spec.players[q], Exchange(c)) for c in exchangeable(pos, q)]


def resolve(pos: Position, p: int, cards: tuple[Card, ...] | list[Card], pool: list[Card] | None = None) -> tuple[Card, ...]:
    """Each card named, as the card held: ``QS`` is the second copy when only that one is held
    (unless both are named)."""
    held = pos.held(p) if pool is None else pool
    out: list[Card] = []
    for c in cards:
        if c in held and c not in out:
            out.append(c)
            continue
        other = [h for h in held if h.face == c.face and h not in out and h not in cards]
        out.append(other[0] if other else c)
    return tuple(out)
