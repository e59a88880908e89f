"""The contract's checks as a function: play random deals of a game and check every promise.

``tests/test_contract.py`` runs these over every registered game, and the book's chapter on the
engine runs them over its small example game, so a new game can be checked before it is
registered. Beyond each deal (:func:`play_out`), :func:`check_game` checks what is built over the
deals: a whole match (:func:`check_match`), sessions with the computer at every seat and a
reader's undo (:func:`check_session`), and the ``tutor deal`` and ``tutor replay`` verbs
(:func:`check_cli`); on the way, every listed action's notation reads back to the same action, and
every refusal of an action the game has elsewhere names one of the game's sources (its ``CITES``):

>>> from tutor.games import load
>>> report = check_game(load("truc"), deals=2)
>>> report["deals"], report["matches"], report["sessions"], report["cli"]
(2, 1, 3, 4)
"""

from __future__ import annotations

import collections
import contextlib
import io
import json
import random
import re
import traceback
from typing import Any

from ..errors import IllegalActionError, TutorError
from ..seats import Seat
from .contract import Outcome

__all__ = ["ContractBroken", "check_state", "play_out", "check_game", "check_match", "check_session", "check_cli",
           "snapshot", "JUNK"]

MAX_ACTIONS = 5_000

#: actions no game accepts: each must be refused with a TutorError, changing nothing
JUNK = ("", "play play", "play ZZ", "play 2S", "x" * 300, "declare nothing", "\u212aS", "discard ZZ", "bid", "42", "pass pass")


class ContractBroken(AssertionError):
    """A game state broke a promise of the contract."""


def _check(ok: object, message: str) -> None:
    if not ok:
        raise ContractBroken(message)


def snapshot(state: Any) -> str:
    """The whole state as text, to tell whether anything changed."""
    return json.dumps(state.to_json(), sort_keys=True, default=str)


def _tokens(data: Any) -> set[str]:
    if isinstance(data, dict):
        # "unseen" lists the cards a seat has not seen without saying where they are: no leak
        data = {k: v for k, v in data.items() if k != "unseen"}
    # a prime belongs to the card (AS' is the second ace of spades), so it does not split tokens
    return set(re.findall(r"[^\s\",\[\]{}:();.]+", json.dumps(data, default=str)))


def check_state(game: Any, state: Any) -> None:
    """Whose turn, totals as sums of steps, the pack conserved, and no seat shown a hidden card."""
    turn = state.turn
    _check((turn is None) == state.is_over, f"turn is {turn!r} but is_over is {state.is_over}")
    if turn is not None:
        _check(isinstance(turn, Seat) and turn.table is state.table, f"turn {turn!r} is not a seat of the state's table")
    sums: collections.Counter[str] = collections.Counter()
    for step in state.explanation():
        sums[step.player] += step.points
    for who, total in state.scores().items():
        _check(total == sums[who], f"{who}: total {total}, but the steps add to {sums[who]}")
    _check(collections.Counter(state.every_card()) == collections.Counter(game.pack.cards), "the cards of the deal are not the pack")
    for seat in state.table:
        view = state.view(seat)
        hidden = {str(c) for c in state.hidden(seat)}
        shown = _tokens(view) & hidden
        _check(not shown, f"{seat.name} is shown cards hidden from it: {sorted(shown)}")
        check_view_entries(state, seat, view)
        check_table_view(game, state, seat, hidden)


def check_view_entries(state: Any, seat: Seat, view: dict) -> None:
    """Each entry of ``view`` (``state.view(seat)``) made alone by ``view_entry`` is the same, and
    an entry the view has not gives the default."""
    for key, value in view.items():
        _check(state.view_entry(seat, key) == value, f"view_entry({seat.name}, {key!r}) is not the view's {key!r}")
    _check(state.view_entry(seat, "no such entry", 7) == 7, "view_entry of an entry the view has not gave no default")


def check_table_view(game: Any, state: Any, seat: Seat, hidden: set[str]) -> None:
    """The typed seat view every panel draws: plain JSON, the seat's own hand only, no hidden card
    shown, and its choices exactly the legal actions when the seat is to move (when not, what it
    may do out of turn: the state's ``legal_actions(seat=)`` where it takes one)."""
    from .view import TableView, out_of_turn

    v = game.table_view(state, seat)
    _check(isinstance(v, TableView), f"table_view gave {type(v).__name__}, not a TableView")
    data = v.to_json()
    _check(json.loads(json.dumps(data)) == data, "the seat view's JSON does not read back")
    _check([p.seat for p in v.places] == [s.name for s in state.table.order_from(seat)], "the places are not in order of play")
    _check(all(p.hand is None for p in v.places[1:]), f"{seat.name} is shown another seat's hand")
    on_table = {str(c) for p in v.places for c in p.shown} | {str(x.card) for x in v.trick.plays if x.card is not None}
    _check(not on_table & hidden, f"{seat.name}'s view shows cards hidden from it: {sorted(on_table & hidden)}")
    if state.turn is None:
        legal = []
    elif int(state.turn) == int(seat):
        legal = [str(a) for a in state.legal_actions()]
    else:
        legal = [str(a) for a in out_of_turn(state, seat)]
    _check([c.notation for c in v.choices] == legal, f"{seat.name}'s choices are not its legal actions")


def refuse_junk(state: Any, rng: random.Random, n: int = 3) -> None:
    before = snapshot(state)
    for junk in rng.sample(JUNK, n):
        try:
            state.apply(junk)
        except TutorError:
            pass
        else:
            raise ContractBroken(f"{junk!r} was accepted")
        _check(snapshot(state) == before, f"refusing {junk!r} changed the state")


def check_notation(state: Any, legal: list[Any]) -> None:
    """Every listed action's notation (its ``str``) reads back to the same action."""
    for action in legal:
        text = str(action)
        try:
            again = state.parse_action(text)
        except TutorError as e:
            raise ContractBroken(f"the listed action {text!r} does not read back: {e}") from e
        _check(again == action, f"the listed action {text!r} reads back as {again!r}, not {action!r}")


def refuse_cited(state: Any, words: set[str], legal: list[Any], rng: random.Random, n: int = 6) -> int:
    """Try actions the game has elsewhere (``words``) where they are not listed: each refusal
    must name one of the game's sources (``CITES``) and change nothing. Returns how many were refused."""
    listed = {str(a) for a in legal}
    tries = [w for w in sorted(words) if w not in listed]
    refused = 0
    before = snapshot(state)
    for text in rng.sample(tries, min(n, len(tries))):
        try:
            state.parse_action(text)
        except TutorError:
            continue  # a notation error names the bad token; it breaks no rule of play
        why = state.why_illegal(text)
        if why is None:
            continue  # the same words may be legal under another reading (a twin card)
        pattern = state.CITES
        _check(pattern is not None, f"{type(state).__name__} declares no pattern (CITES) for the sources its refusals name")
        _check(pattern.search(why), f"{text!r} is refused without naming a source: {why}")
        try:
            state.apply(text)
        except IllegalActionError as e:
            _check(str(e) == why, f"{text!r}: apply() says {str(e)!r}, why_illegal() {why!r}")
        else:
            raise ContractBroken(f"{text!r} is refused by why_illegal() ({why}) but apply() accepts it")
        _check(snapshot(state) == before, f"refusing {text!r} changed the state")
        refused += 1
    return refused


def play_out(game: Any, state: Any, rng: random.Random, check_every: int = 1, *,
             tally: collections.Counter[str] | None = None, words: set[str] | None = None) -> int:
    """Play random legal actions to the end, checking as it goes. Returns the number of actions.

    ``words`` gathers the notation of every action seen listed (the kinds of action the game has);
    when given, each checked state also tries them where they are not listed (:func:`refuse_cited`),
    counted in ``tally["refusals"]``."""
    n = 0
    while not state.is_over:
        legal = list(state.legal_actions())
        _check(legal, f"{state!r}: not over, yet nothing is legal")
        action = rng.choice(legal)
        why = state.why_illegal(action)
        _check(why is None, f"the listed action {action} is refused: {why}")
        if n % check_every == 0:
            check_state(game, state)
            refuse_junk(state, rng)
            check_notation(state, legal)
            if words is not None:
                refused = refuse_cited(state, words, legal, rng)
                if tally is not None:
                    tally["refusals"] += refused
        if words is not None:
            words.update(str(a) for a in legal[:60])
        state.apply(action)
        n += 1
        _check(n < MAX_ACTIONS, "the deal does not end")
    check_state(game, state)
    out = state.outcome()
    _check(isinstance(out, Outcome) and out.reason, f"the deal is over but its outcome is {out!r}")
    return n


def check_match(game: Any, seed: int | str, rng: random.Random) -> int:
    """A whole match from ``seed``, random legal actions: it ends, with an outcome; its totals are
    the sums of what its deals credited; its first deal is the seed's. Returns the deals played."""
    match = game.match(seed)
    _check(match.deal.code == game.match(seed).deal.code, "the same match seed gave another first deal")
    n = 0
    while not match.is_over:
        if getattr(match, "between_deals", False):
            match.next_deal()
            continue
        legal = list(match.legal_actions())
        _check(legal, "the match is not over, yet nothing is legal")
        if n % 25 == 0:
            check_view_entries(match, match.turn, match.view(match.turn))
        match.apply(rng.choice(legal))
        n += 1
        _check(n < 40 * MAX_ACTIONS, "the match does not end")
    out = match.outcome()
    _check(isinstance(out, Outcome) and out.reason, f"the match is over but its outcome is {out!r}")
    totals = match.standing()
    for who, total in totals.items():
        credited = sum(r.credited.get(who, 0) for r in match.records)
        _check(total == credited, f"the match gives {who} {total}, but its deals credited {credited}")
    _check(match.records, "the match ended without a deal")
    json.dumps(match.to_json())
    return len(match.records)


def check_session(game: Any, seed: int | str, rng: random.Random) -> int:
    """Sessions over the contract: a deal and a whole match with the computer at every seat, played
    to the end and told in words; then a reader's deal, every hint legal, undo exact. Returns the
    sessions played."""
    from ..session import COMPUTER, Session

    deal = game.deal(seed=seed)
    alone = Session(game, seed=seed, seats=dict.fromkeys(deal.table.names, COMPUTER))
    _check(alone.is_over, "a session with the computer at every seat did not play the deal out")
    _check(alone.state.code == deal.code, "the session dealt another deal from the same seed")
    _check(alone.log and all(isinstance(line, str) and line.strip() for line in alone.log), "the session's log is not words")
    persons = game.match(seed).persons.names
    match = Session(game, seed=seed, match=True, seats=dict.fromkeys(persons, COMPUTER))
    for _ in range(1000):
        if not match.between_deals:
            break
        match.next_deal()
    _check(match.is_over, "a match session with the computer at every seat did not play the match out")
    out = match.playing.outcome()
    _check(isinstance(out, Outcome) and out.reason, f"the session's match is over but its outcome is {out!r}")

    session = Session(game, seed=seed)
    _check(session.undo() is False, "undo before the reader did anything changed something")
    acts = 0
    while not session.is_over and acts < 12:
        _check(session.reader_to_move, "after the computer's moves it is neither the reader's turn nor over")
        hint = session.hint()
        _check(session.state.why_illegal(hint) is None, f"the hint {hint!r} is not a legal action")
        before = snapshot(session.state)
        session.act(str(rng.choice(session.legal_actions())))
        acts += 1
        if acts in (1, 3):
            _check(session.undo(), "undo after the reader's move took nothing back")
            _check(snapshot(session.state) == before, "undo did not give back the position before the reader's move")
            session.act(hint)
    return 3


def _cli(argv: list[str]) -> str:
    from .. import cli

    out, err = io.StringIO(), io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(argv)
    except Exception as e:  # noqa: BLE001 - any escape is a traceback for the reader
        raise ContractBroken(f"tutor {' '.join(argv)[:200]} raised {''.join(traceback.format_exception_only(e)).strip()}") from e
    _check(code == 0, f"tutor {' '.join(argv)[:200]} exited {code}: {err.getvalue().strip()[:300]}")
    text = out.getvalue()
    _check(text.strip(), f"tutor {' '.join(argv)[:200]} printed nothing")
    _check("Traceback" not in text + err.getvalue(), f"tutor {' '.join(argv)[:200]} printed a traceback")
    if "--json" in argv:
        try:
            json.loads(text)
        except ValueError as e:
            raise ContractBroken(f"tutor {' '.join(argv)[:200]} --json did not print JSON: {e}") from e
    return text


def check_cli(game: Any, seed: int | str, state: Any) -> int:
    """``tutor deal`` (by seed and by code) and ``tutor replay`` (``state``'s whole history, from
    ``seed``), as text and JSON, through the command line: exit 0, something printed, no traceback.
    A game not registered yet is registered for the check and taken out after it. Returns the
    commands run."""
    from . import GAMES, register, unregister

    registered = GAMES.get(game.name)
    _check(registered in (None, type(game)), f"another game, {registered!r}, is registered as {game.name!r}")
    if registered is None:
        register(type(game))
    try:
        options = [x for k, v in game.rules.changed().items() for x in ("-o", f"{k}={v}")]
        actions = ",".join(str(a) for a in state.history)
        runs = [["deal", game.name, "--seed", str(seed)], ["deal", game.name, "--code", state.code, "--json"],
                ["replay", game.name, "--seed", str(seed), "--actions", actions],
                ["replay", game.name, "--code", state.code, "--actions", actions, "--json"]]
        for argv in runs:
            _cli(argv + options)
        return len(runs)
    finally:
        if registered is None:
            unregister(game.name)


def check_game(game: Any, deals: int = 5, seed: int = 0, check_every: int = 1, *,
               matches: int = 1, sessions: int = 1, cli: bool = True) -> dict:
    """Play ``deals`` random deals of ``game``; check codes, seeds, replays, notation, refusals and
    every state on the way; then ``matches`` whole matches, ``sessions`` rounds of sessions
    (:func:`check_session`) and, with ``cli``, the command line's verbs over the last deal."""
    tally: collections.Counter[str] = collections.Counter()
    words: set[str] = set()
    state = None
    for k in range(deals):
        rng = random.Random(f"{seed}/{k}")
        state = game.deal(seed=f"{seed}/{k}")
        _check(snapshot(state) == snapshot(game.deal(seed=f"{seed}/{k}")), "the same seed gave another deal")
        _check(snapshot(game.deal(code=state.code)) == snapshot(state), "the deal code does not give the deal back")
        tally["actions"] += play_out(game, state, rng, check_every, tally=tally, words=words)
        again = game.deal(code=state.code)
        for a in state.history:
            again.apply(str(a))
        _check(snapshot(again) == snapshot(state), "replaying the history does not give the same state")
        json.dumps(state.to_json())
        _check("<" in state._repr_html_(), "the state does not draw itself")
    for k in range(matches):
        tally["match deals"] += check_match(game, f"{seed}/m{k}", random.Random(f"{seed}/m{k}"))
    for k in range(sessions):
        tally["sessions"] += check_session(game, f"{seed}/s{k}", random.Random(f"{seed}/s{k}"))
    if cli and state is not None:
        tally["cli"] += check_cli(game, f"{seed}/{deals - 1}", state)
    return {"game": game.name, "deals": deals, "actions": tally["actions"], "refusals": tally["refusals"],
            "matches": matches, "match_deals": tally["match deals"], "sessions": tally["sessions"], "cli": tally["cli"]}
