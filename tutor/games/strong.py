"""The strong computer player of the stock-and-tricks games: determinized search over the contract.

From its seat's view alone, :class:`StrongPlayer` deals the unseen cards again a number of times
(:meth:`SeatView.sample <tutor.games.contract.SeatView.sample>`, each sample consistent with all
the seat has seen), and weighs each legal action on the same samples:

* once the deal is two-handed, in its last stage (the stock exhausted or closed) and with a card
  to play, a sample is solved exactly by the stock core's solver
  (:mod:`tutor.games.stock.solver`: minimax over the cards, both hands known in the sample);
* before that, the deal is played on from the action by a fast player (the game's own beginner,
  :meth:`Game.beginner_bot <tutor.games.contract.Game.beginner_bot>`) until the solver can take
  over or the deal ends.

An action's value is what the seat's side scores minus what the other side scores (the mean of
the others at a table of three), from now to the end of the deal, in the deal's own points (what
``state.scores()`` counts: cards taken, declarations, the last trick). A deal decided by a rule
rather than by the points played out (won by a claim, Sixty-Six's 66, Tute's 101, Gaigel's "Aus";
lost by a false claim, a failed close or a failed capote) counts besides its stake, every point
the pack holds, to the side that won it and against the side that lost it. Where the deal counts
game points (what a match adds up: the Sixty-Six family, Gaigel, Briscan, Mariage), a deal that
has ended counts its game points alone, each worth the stake: the card points taken once the deal
is decided change nothing, so a claim that wins is never put off for them. The action of the
greatest mean is chosen. In a match whose game values a deal by its race to the match's target
(``game.race()``: Bondtolva for three; Marjapussi, to exactly 10; :mod:`tutor.games.race`), a
sample is played to the end of the deal instead and valued by what it changes in the seat's chance
of winning the match, from the totals the match's view gives (in chances in 100). Where every card is known to the seat (two
hands, the stock exhausted: the other hand is known by counting) there is one sample and the
values of the cards are the solver's, exact. Closing, declaring, exchanging, drawing and claiming
are legal actions weighed the same way.

The number of samples is fixed by the work a move needs (the actions to weigh and the cards left
to play), not by a clock, and the samples are drawn from a seed made of the seat's view: the same
position always gets the same weights and the same move. A game may have that work spent by
halves (``Game.STRONG_HALVE``: Tute): every action is weighed on the first half of the samples,
and only the better half of the actions on the rest, so that those in question are weighed on
more samples in the same time; the choice is then made among them.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from statistics import fmean, pstdev
from typing import Any, NamedTuple

from .contract import SeatView
from .stock.actions import Claim, Close, Declare, Draw, Exchange, Play
from .stock.core import Phase, Stage
from .stock.solver import best, best_first, best_value, solve
from .stock.tricks import trick_winner
from .strength import Weight, seed_view

__all__ = ["StrongPlayer", "game_point_worth"]


def _seed(seat: SeatView, view: dict) -> int:
    """A seed made of what the seat sees (``view``: the same view, the same seed; nothing hidden
    read). A match's seating is left out: it follows from the deal's number, already in the seed,
    and leaving it out keeps the seed every recorded match was played with."""
    view = seed_view(view)
    text = repr(sorted((k, repr(v)) for k, v in view.items())) + seat.seat.name
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def _kind(action: Any) -> str:
    return type(action).__name__


def _tie(action: Any, mean: float) -> int:
    """The order of actions of the same value (``mean``): a claim that does not lose first (the
    deal won now is won for certain, the same value played on is only expected); an action that
    decides the deal at a loss last (a false claim, a close that fails: a loss conceded now is certain, the
    same loss played on is only expected, and the others may yet go wrong); the rest between."""
    if mean < 0 and _deciding(action):
        return 2
    return 0 if _kind(action) == "Claim" else 1


class StrongPlayer:
    """Weighs every legal action by determinized search (see the module's words).

    ``work``: about how many actions may be played out in the samples of one move (the samples
    are as many as that allows, between ``least`` and ``most``); ``seed``: mixed into each
    position's own seed (two players with different seeds sample differently); ``rollout``:
    who plays the samples on, ``"fast"`` (:func:`fast_choice`, a rule of thumb read from the
    deal itself) or ``"beginner"`` (the game's own player, through its seat's view: slower);
    ``trust``: how many standard errors of the samples an action must gain over the game's own
    beginner's choice to be preferred to it (the samples are few, and a difference smaller than
    their error is noise: the rule of thumb then keeps the lead); ``solve_at``: in a sample, the
    solver takes over once each hand is down to this many cards (a search from eight cards each,
    as in Tute's last eight tricks, takes tens of milliseconds: too long for each of many samples;
    a position where every card is known is solved whatever the size of the hands); ``halve``:
    the samples' work spent by halves, every action weighed on the first half of the samples and
    the better half of the actions on the rest (:meth:`_sampled`: in the same time, the actions
    in question are weighed on more samples, the ones plainly worse on fewer)."""

    def __init__(self, game: Any, *, work: int = 3000, least: int = 4, most: int = 32, seed: int = 0,
                 rollout: str = "fast", trust: float = 1.0, solve_at: int = 6, halve: bool = False):
        self.game = game
        self.halve = halve
        self._race = game.race()
        self.solve_at = solve_at
        self.work, self.least, self.most, self.seed, self.trust = work, least, most, seed, trust
        self._beginner = game.beginner_bot()
        self.rollout = rollout

    def __repr__(self) -> str:
        return f"StrongPlayer({self.game.name!r})"

    # -- the contract --------------------------------------------------------------------------
    def choose(self, seat: SeatView) -> Any:
        legal = list(seat.legal_actions())
        if len(legal) == 1:
            return legal[0]
        return self.weigh(seat)[0].action

    def weigh(self, seat: SeatView) -> list[Weight]:
        """Every legal action of the seat to move, weighed, best first: by mean (with ``halve``,
        the actions weighed on every sample ahead of those left behind after the first half),
        except that the beginner's choice stays ahead of an action whose gain over it is within
        ``trust`` standard errors of the samples both were weighed on (never where the weights are
        exact, nor ahead of a claim of the same value in every sample); in a tie as :func:`_tie`
        orders them, then the order listed."""
        legal = list(seat.legal_actions())
        view = seat.view()
        rng = random.Random(_seed(seat, view) ^ self.seed)
        first = seat.sample(rng)
        p = int(seat.seat)
        race = self._race_now(view, first, p)
        order = {id(a): i for i, a in enumerate(legal)}
        if _all_known(first):
            weights = self._exact(first, p, legal, race)
            return sorted(weights, key=lambda w: (-w.mean, _tie(w.action, w.mean), order[id(w.action)]))
        weights, values = self._sampled(seat, first, p, legal, rng, race)
        # (the actions weighed on every sample first: with ``halve``, one left behind after the
        # first half of the samples looked worse there, and its mean rests on fewer of them)
        ranked = sorted(weights, key=lambda w: (-w.samples, -w.mean, _tie(w.action, w.mean), order[id(w.action)]))
        if self.trust <= 0 or len(legal) < 2 or (_kind(ranked[0].action) == "Claim" and ranked[0].spread == 0):
            return ranked
        prior = self._beginner.choose(seat)
        kept = next((w for w in ranked if w.action == prior), None)
        top = ranked[0]
        if kept is None or kept is top:
            return ranked
        # (paired sample by sample; zip stops at the first half where the beginner's was left behind)
        diffs = [a - b for a, b in zip(values[id(top.action)], values[id(kept.action)])]
        error = pstdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("inf")
        if fmean(diffs) > self.trust * error:
            return ranked
        return [kept] + [w for w in ranked if w is not kept]

    def _race_now(self, view: dict, state: Any, p: int) -> _Race | None:
        """Where the game values a deal by its match's race (``game.race()``) and the seat plays
        in a match: the race, each seat's total before this deal, and the seat's chance now."""
        match = view.get("match")
        if self._race is None or not isinstance(match, dict) or "seats" not in match:
            return None
        totals = [match["totals"][name] for name in match["seats"]]
        return _Race(self._race, totals, _race_chance(state, p, self._race, totals))

    # -- every card known: the solver --------------------------------------------------------------
    def _exact(self, state: Any, p: int, legal: list[Any], race: _Race | None = None) -> list[Weight]:
        out: list[Weight] = []
        if race is not None:  # (the solver counts points: each action played to the end instead)
            for a in legal:
                value, _ = self._after(state, p, a, race)
                out.append(Weight(a, value, 0.0, 1, True, RACE_UNIT, reason=_reason(state, p, a, value)))
            return out
        solution = solve(state)
        total = sum(solution.points.values())
        plain = _no_more_declarations(state)
        others: list[Any] = []
        for a in legal:
            if type(a) is Play and a.card in solution.plays:
                mine = solution.plays[a.card]
                out.append(Weight(a, float(2 * mine - total), 0.0, 1, plain, "points",
                                  reason=_play_reason(state, p, a.card, mine, total)))
            else:
                others.append(a)
        for a in others:
            value, over = self._after(state, p, a)
            out.append(Weight(a, value, 0.0, 1, plain and over is not None, "points", reason=_reason(state, p, a, value)))
        return out

    # -- unseen cards: samples, played on ------------------------------------------------------------
    def _sampled(self, seat: SeatView, first: Any, p: int, legal: list[Any],
                 rng: random.Random, race: _Race | None = None) -> tuple[list[Weight], dict[int, list[float]]]:
        """Each legal action's weight over the samples, and its values sample by sample (every
        action's values in the same samples' order, so that they pair by position). With
        ``halve``, and more than two actions: every action is played out on the first half of the
        samples, and the better half of them (the greater means there; two at least) shares the
        rest of the work, each on more samples than it would have had; an action left behind
        rests on the first half alone."""
        left = sum(len(h) for h in first.hands) + len(first.stock) + (first.turnup is not None)
        count = max(self.least, min(self.most, self.work // max(1, len(legal) * max(1, left))))
        values: dict[int, list[float]] = {id(a): [] for a in legal}

        def weigh_on(samples: int, actions: list[Any], *, first_sample: bool = False) -> None:
            for i in range(samples):
                sample = first if first_sample and i == 0 else seat.sample(rng)
                for a in actions:
                    values[id(a)].append(self._after(sample, p, a, race)[0])

        if not self.halve or len(legal) <= 2:
            weigh_on(count, legal, first_sample=True)
        else:
            half = max(2, count // 2)
            weigh_on(half, legal, first_sample=True)
            means = {id(a): fmean(values[id(a)]) for a in legal}  # (ranked as weigh ranks them)
            ranked = sorted(legal, key=lambda a: (-means[id(a)], _tie(a, means[id(a)])))
            better = ranked[:max(2, (len(legal) + 1) // 2)]
            weigh_on((count - half) * len(legal) // len(better), better)
        out = []
        unit = "points" if race is None else RACE_UNIT
        for a in legal:
            mean = fmean(values[id(a)])
            out.append(Weight(a, mean, pstdev(values[id(a)]), len(values[id(a)]), False, unit,
                              reason=_reason(first, p, a, mean)))
        return out, values

    def _after(self, state: Any, p: int, action: Any, race: _Race | None = None) -> tuple[float, Any]:
        """What ``action`` is worth to ``p``'s side in ``state`` (a sample: every card placed), and
        the deal as it ended (None where the solver valued the rest). The deal is played on by the
        rollout player until the solver can value the rest; after an action that may decide the
        deal (a close, a claim, Tute's capote: :func:`_deciding`), or in a match valued by its race,
        it is played to its end, the last tricks by the solver's best cards, so that the deal
        decided counts (:func:`_decided`, :func:`_race_chance`)."""
        start = _margin(state, p)
        s = state.clone()
        s.apply_unchecked(action)
        to_end = race is not None or _deciding(action)
        fast = self.rollout == "fast"
        bot = self._beginner
        for _ in range(5000):
            if s.is_over:
                if race is not None:
                    return 100.0 * (_race_chance(s, p, race.race, race.totals) - race.now), s
                return _ended(s, p, start), s
            if _solvable(s) and len(s.held(s.to_move)) <= self.solve_at:
                if not to_end:
                    return float(_margin(s, p) - start + _solved_margin(s, p)), None
                s.apply_unchecked(_solver_choice(s))
                continue
            if fast:
                s.apply_unchecked(fast_choice(s))
            else:
                s.apply(bot.choose(SeatView(s, s.turn)))
        raise RuntimeError("a deal played on did not end")  # pragma: no cover


#: the actions that never decide a deal by a rule (:func:`_deciding`)
_PLAIN = frozenset({Play, Declare, Draw, Exchange})

#: whether an action's type may decide a deal later but never ends it at once, so that the rule of
#: thumb has no need to try it on a copy (:func:`fast_choice`): the type says so itself (its
#: ``never_ends_deal``: a close, which only records who closed and what stood then; a partner's
#: question, which records itself and passes the turn), read once a type
_NEVER_ENDS: dict[type, bool] = {}


def _never_ends(kind: type) -> bool:
    found = _NEVER_ENDS.get(kind)
    if found is None:
        found = _NEVER_ENDS[kind] = bool(getattr(kind, "never_ends_deal", False))
    return found


def _deciding(action: Any) -> bool:
    """Whether ``action`` may decide the deal by a rule (anything but a card, a declaration, an
    exchange or the draw: a close, a claim, Tute's capote, a game's own undertaking)."""
    return type(action) not in _PLAIN


def fast_choice(state: Any) -> Any:
    """A quick rule of thumb read from the deal itself (a sample: no view made), for playing
    samples on: a claim (or another action) that wins the deal at once; the best declaration, the
    exchange, the draw; never a close, a false claim or another undertaking; leading, the cheapest plain card; following, a partner's trick left to him (a
    counting card thrown on it last), else the cheapest card that wins a trick worth taking (one
    with points in it, the last stage, or the last to play), else the cheapest card. A card's worth
    is what the game says a card is worth winning (``spec.take_value``: its card points, or in
    Bondtolva 10 for a matador and its points, the matadors deciding the deal's point)."""
    legal = state.legal_actions()
    plays: list[Any] = []
    best_declare, best_meld = None, -1
    draw = exchange = None
    for a in legal:
        kind = type(a)
        if kind is not Play and kind not in _PLAIN:  # a claim (or an accusation) that wins the deal now is made
            if _never_ends(kind):  # (the deal would not be over: no winning action)
                continue
            known = state._wins_now(a, state.to_move)  # (what the game knows of it, without trying it)
            if known is not None:
                if known:
                    return a
                continue
            trial = state.clone()
            trial.apply_unchecked(a)
            if _wins(trial, state.to_move):
                return a
            continue
        if kind is Play:
            plays.append(a)
        elif kind is Declare:
            meld = state.spec.melds.get(a.kind)
            v = meld.value if meld is not None else 0
            if v > best_meld:
                best_declare, best_meld = a, v
        elif kind is Exchange:
            exchange = a
        elif kind is Draw:
            draw = a
    if exchange is not None:
        return exchange
    if best_declare is not None:
        return best_declare
    if draw is not None:
        return draw
    if not plays:
        return legal[0]  # an answer to a partner's question, or the like: the first listed
    if len(plays) == 1:
        return plays[0]
    spec = state.spec
    value = spec.take_value
    power = spec.order.of_card
    trump = state.trump
    trick = state.trick
    if not trick:
        return min(plays, key=lambda a: (a.card.suit is trump, value[a.card] >= 10, power[a.card]))
    best = trick_winner(trick, trump, spec.order)
    holder = state.trick_players[best]
    me = state.to_move
    last = len(trick) == state.n - 1
    if spec.teams is not None and holder != me and spec.teams[holder] == spec.teams[me]:
        if last:
            return max(plays, key=lambda a: (value[a.card], a.card.suit is not trump))
        return min(plays, key=lambda a: (value[a.card], a.card.suit is trump, power[a.card]))
    led = trick[0].suit
    top = trick[best]
    top_suit, top_power = top.suit, power[top]
    # (the cards that beat the card now winning, as trick_winner judges two cards: the same suit
    # and higher, or a trump on another suit)
    winners = [a for a in plays if (power[a.card] > top_power if a.card.suit is top_suit else a.card.suit is trump)]
    worth = sum(value[c] for c in trick)
    if winners and (worth >= 10 or last or state.stage is Stage.END):
        return min(winners, key=lambda a: (a.card.suit is trump and led is not trump, power[a.card]))
    return min(plays, key=lambda a: (value[a.card], a.card.suit is trump, power[a.card]))


# -- the position as the search sees it -----------------------------------------------------------
#: the unit of a weight valued by the match's race: the gain in the seat's chance of winning it
RACE_UNIT = "chances in 100 of winning the game"


class _Race(NamedTuple):
    """A match valued by its race: the race, each seat's total before this deal, and the seat's
    chance of winning from the deal's points as they stand when it weighs (what a weight gains on)."""

    race: Any
    totals: list[int]
    now: float


def _race_chance(state: Any, p: int, race: Any, totals: list[int]) -> float:
    """``p``'s chance of winning ``race`` once ``state``'s points are added to ``totals`` (a seat's each)."""
    return race.chance(race.totals_after(state, totals), p)


def _margin(state: Any, p: int) -> float:
    """``p``'s side's score minus the others' (their mean, at a table of three or more sides)."""
    scores = state.scores()
    spec = state.spec
    mine = spec.scorers[spec.side(p)]
    others = [v for k, v in scores.items() if k != mine]
    return scores[mine] - (sum(others) / len(others) if others else 0)


_PLAYING = (Phase.LEAD, Phase.FOLLOW)


def _two_handed_end(state: Any) -> bool:
    return state.n == 2 and state.phase in _PLAYING and state.stage is Stage.END


def _solvable(state: Any) -> bool:
    """Whether the solver can value the rest of ``state`` (every card placed, as in a sample)."""
    return _two_handed_end(state)


def _all_known(state: Any) -> bool:
    """Whether every card is known to the player to move: two hands, the stock and the turn-up gone."""
    return _two_handed_end(state) and not state.stock and state.turnup is None


def _no_more_declarations(state: Any) -> bool:
    """Whether nothing but cards can score from here on (no declarations in the last stage)."""
    spec = state.spec
    return not (spec.declare_in_end and spec.melds.kinds)


def _solved_margin(state: Any, p: int) -> float:
    """The solver's margin for ``p`` from here: what his side takes of the points left, less the rest."""
    mover = state.to_move
    top = best_value(state)  # (the value alone: no search for the other cards that reach it)
    value = state.spec.card_value
    total = sum(value[c] for q in range(2) for c in state.held(q)) + sum(value[c] for c in state.trick) + state.last_trick_bonus()
    margin = 2 * top - total
    return margin if mover == p else -margin


def _stake(state: Any) -> int:
    """What deciding a deal is counted as: every point the cards of the pack hold, and the last trick."""
    spec = state.spec
    found = _PACK_POINTS.get(id(spec))
    if found is None or found[0] is not spec:  # (a game's rules make a spec once: summed once)
        if len(_PACK_POINTS) > 256:
            _PACK_POINTS.clear()
        value = spec.card_value
        found = _PACK_POINTS[id(spec)] = (spec, sum(value[c] for c in spec.pack.cards))
    return found[1] + state.last_trick_bonus()


#: by game spec (its id): the spec and the points its pack holds
_PACK_POINTS: dict[int, tuple[Any, int]] = {}


def game_point_worth(state: Any) -> int | None:
    """What the strong player weighs one game point as, in a deal of the stock core that counts game
    points (the Sixty-Six family, Gaigel, Briscan, Mariage): the stake, every point of the pack and
    the last trick; None for a deal that counts no game points. A review says its sampled costs in
    game points too with it."""
    if getattr(state, "game_points", None) is None or getattr(state, "spec", None) is None:
        return None
    return _stake(state)


def _ended(state: Any, p: int, start: float) -> float:
    """What a deal that has ended is worth to ``p``'s side, against the margin ``start`` it had
    when the action was weighed. Where the deal counts game points (``game_points()``: what a
    match adds up), those alone (:func:`_game_points_value`): the card points taken after the
    deal is decided change nothing, and counting them would make playing on past a winning claim
    look better than the claim. Elsewhere the points gained and what a rule decided
    (:func:`_decided`)."""
    if getattr(state, "game_points", None) is not None:
        return _game_points_value(state, p)
    return float(_margin(state, p) - start + _decided(state, p))


def _game_points_value(state: Any, p: int) -> float:
    """The stake (:func:`_stake`) for each game point the deal gives ``p``'s side more than the
    others (their mean), however it ended (a claim or the cards played out)."""
    mine, name = _names(state.table, p)
    gp = state.game_points()
    key = mine if mine in gp else name
    others = [v for k, v in gp.items() if k != key]
    return float(_stake(state) * (gp.get(key, 0) - (sum(others) / len(others) if others else 0)))


#: by table (its id) and seat: the table, the seat's side's name (its own where there are no sides), its own name
_NAMES: dict[tuple[int, int], tuple[Any, str, str]] = {}


def _names(table: Any, p: int) -> tuple[str, str]:
    """Seat ``p``'s side's name (his own, where there are no partnerships) and his own name."""
    found = _NAMES.get((id(table), p))
    if found is None or found[0] is not table:
        if len(_NAMES) > 256:  # (tables are few, one a game's rules: never met)
            _NAMES.clear()
        seat = table.seats[p]
        found = _NAMES[(id(table), p)] = (table, table.side_name(seat) if table.partnerships else seat.name, seat.name)
    return found[1], found[2]


def _decided(state: Any, p: int) -> float:
    """For a deal ended by a rule that decides it rather than by the points played out (a claim,
    a failed close, a false accusation, Tute's capote): its stake (:func:`_stake`) for each game
    point it gives ``p``'s side more than the others (their mean), where the deal counts game
    points (``game_points()``); else the stake to the side named the winner, less to the other;
    nothing for a deal played out."""
    out = state.outcome()
    if out is None or out.termination == "played-out":
        return 0.0
    table = state.table
    seat = table.seats[p]
    mine = table.side_name(seat) if table.partnerships else seat.name
    if getattr(state, "game_points", None) is not None:
        return _game_points_value(state, p)
    if out.winner is None:
        return 0.0
    return float(_stake(state) if out.winner in (mine, seat.name) else -_stake(state))


def _wins(state: Any, p: int) -> bool:
    """Whether the deal is over, decided for ``p``'s side by a rule: ``_decided(state, p) > 0``,
    without making the deal's outcome (its reason in words) where the game points already say no
    (a deal that counts game points and gives ``p``'s side none more than the others)."""
    if not state.is_over:
        return False
    if getattr(state, "game_points", None) is not None and _game_points_value(state, p) <= 0:
        return False  # (_decided: nothing for a deal played out, else this value)
    return _decided(state, p) > 0


def _solver_choice(state: Any) -> Any:
    """In a position the solver can value: a claim that wins the deal, else the solver's best card
    (the first of the best in the hand's order)."""
    legal = list(state.legal_actions())
    for a in legal:
        if type(a) is Claim:
            known = state._wins_now(a, state.to_move)
            if known is not None:
                if known:
                    return a
                continue
            trial = state.clone()
            trial.apply_unchecked(a)
            if _wins(trial, state.to_move):
                return a
    plays = {a.card: a for a in legal if type(a) is Play}
    first = best_first(state)
    if first in plays:
        return plays[first]
    _, cards = best(state)  # (the first best card not listed as a play: the next best that is)
    for c in cards:
        if c in plays:
            return plays[c]
    return next(iter(plays.values()), legal[0])


# -- reasons in words -------------------------------------------------------------------------------
def _play_reason(state: Any, p: int, card: Any, mine: int, total: int) -> str:
    base = _reason(state, p, _play(card), None)
    return f"{base}; with best play after it takes {mine} of the {total} points left"


def _play(card: Any) -> Any:
    return Play(card)


def _reason(state: Any, p: int, action: Any, value: float | None = None) -> str:
    """A short reason for ``action`` in words, from what the seat sees."""
    kind = type(action)
    if kind is Claim:
        if value is None:
            return "claims the target"
        return "goes out: the deal is won now" if value > 0 else "claims without the points: the deal is lost"
    if kind is Play:
        card = action.card
        trump = state.trump
        trick = list(state.trick)
        if not trick:
            if trump is not None and card.suit is trump:
                return f"leads a trump ({card})"
            return f"leads {card}"
        cards = [*trick, card]
        beats = trick_winner(cards, trump, state.spec.order) == len(trick)
        last = len(cards) == state.n
        if beats and last:
            pts = sum(state.spec.card_value[c] for c in cards)
            return f"takes the trick with {card} ({pts} in it)"
        if beats:
            return f"heads the trick with {card}"
        return f"lets the trick go, throwing {card}"
    if kind is Declare:
        return f"declares {action.kind or 'a combination'} {' '.join(map(str, action.cards))}".rstrip()
    if kind is Exchange:
        return f"takes the turn-up {state.turnup} for {action.card}"
    if kind is Close:
        return "closes the stock: no more drawing, strict play" + ("" if value is None else
                                                                     ", and from here the closer comes out ahead on average" if value > 0 else
                                                                     ", and from here the closer comes out behind on average")
    if kind is Draw:
        return "draws without declaring"
    return str(action)


def weights_text(weights: Sequence[Weight]) -> str:
    """The weights as lines of text, best first (for a reader at a prompt)."""
    return "\n".join(f"{w.action}: {w.mean:+.1f} {w.unit}" + ("" if w.exact else f" (±{w.spread:.1f}, {w.samples} samples)")
                     + (f": {w.reason}" if w.reason else "") for w in weights)
