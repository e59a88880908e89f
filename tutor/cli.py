"""``tutor``: deal, score, replay and settle from the terminal; build and serve the book.

Bad input gets one line naming the bad token and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys

from .errors import TutorError
from .games import load, resolve


def _game(args):
    options = {}
    for a in args.option or []:
        if "=" not in a:
            raise TutorError(f"option {a!r} should be written NAME=VALUE", token=a)
        k, v = a.split("=", 1)
        options[k.strip()] = v.strip()
    return load(args.game, **options)


def _require_piquet(args, verb: str) -> None:
    if resolve(args.game) != "piquet":
        raise TutorError(f"'tutor {verb}' knows piquet so far, not {args.game!r}", token=args.game, legal=("piquet",))


def cmd_deal(args) -> int:
    game = _game(args)
    if game.name != "piquet":
        state = game.deal(seed=args.seed, code=args.code)
        dealt = getattr(state, "deal", None)
        code = dealt.code if dealt is not None else state.code
        if args.json:
            view = {k: str(v) for k, v in state.view(0).items()}
            print(json.dumps({"code": code, "state": repr(state), "elder_view": view}))
            return 0
        from .render import hand_text

        print(f"{game.title} deal {code}" + (f" (seed {args.seed})" if args.code is None else ""))
        for p, name in enumerate(state.players):
            print(f"  {name:<10} {hand_text(state.view(p)['hand'])}")
        view = state.view(0)
        if view.get("turnup") is not None:
            print(f"  turn-up    {view['turnup'].symbol}: {view['trumps']} are trumps; {view['stock']} cards in the stock with it")
        print(f"  {state!r}")
        return 0
    state = game.deal(seed=args.seed, code=args.code)
    d = state.deal
    if args.json:
        print(json.dumps({"code": d.code, "elder": str(d.elder), "younger": str(d.younger), "talon": " ".join(map(str, d.talon)),
                          "carte_blanche": {"elder": state.carte_blanche[0], "younger": state.carte_blanche[1]}}))
        return 0
    from .render import hand_text

    print(f"Piquet deal {d.code}" + (f" (seed {args.seed})" if args.code is None else ""))
    print(f"  elder   {hand_text(d.elder)}")
    print(f"  younger {hand_text(d.younger)}")
    print(f"  talon   {' '.join(c.symbol for c in d.talon)}   (top first: elder may take 5, younger the rest)")
    for p, name in enumerate(("elder", "younger")):
        if state.carte_blanche[p]:
            print(f"  {name} holds carte blanche: ten, reckoned first")
    return 0


def cmd_score(args) -> int:
    game = _game(args)
    if game.name == "counterpique":
        result = game.score(args.elder, args.younger, bid=args.bid or "seven-three")
        print(json.dumps(result.to_json()) if args.json else result.to_json())
        return 0
    _require_piquet(args, "score")
    result = game.score(args.elder, args.younger)
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    print(result.explanation.text())
    t = result.totals
    print(f"elder {t['elder']}, younger {t['younger']}" + (f"; repique to {result.repique}" if result.repique else ""))
    return 0


def _parse_plays(text: str):
    from .cards import parse_cards
    from .errors import NotationError

    tricks = []
    for i, chunk in enumerate(t for t in text.split(",") if t.strip()):
        cards = parse_cards(chunk)
        if len(cards) != 2:
            raise NotationError(
                f"trick {i + 1} {chunk.strip()!r} should be two cards: the leader's, then the follower's", token=chunk.strip()
            )
        tricks.append((cards[0], cards[1]))
    return tricks


def cmd_replay(args) -> int:
    game = _game(args)
    if game.name == "bezique":
        if not args.actions:
            raise TutorError("replay bezique needs --actions (and --seed or --code for the deal)", token="bezique")
        actions = [a.strip() for a in args.actions.split(",") if a.strip()]
        state = game.replay(actions, seed=args.seed if args.code is None else None, code=args.code)
        out = state.to_json()
        print(json.dumps(out) if args.json else state.explanation().text())
        return 0
    if game.name == "truc":
        if not args.actions or not args.elder or not (args.dealer or args.younger):
            raise TutorError("replay truc needs --elder, --dealer and --actions", token="truc")
        actions = [a.strip() for a in args.actions.split(",") if a.strip()]
        state = game.replay(args.elder, args.dealer or args.younger, actions)
        if args.json:
            print(json.dumps({"result": state.result(), "outcome": state.outcome, "scores": state.scores(),
                              "steps": state.explanation().to_json()}))
        else:
            print(state.commentary())
        return 0
    if game.name == "counterpique":
        if not args.elder or not args.younger or not args.plays:
            raise TutorError("replay counterpique needs --elder, --younger and --plays", token="counterpique")
        state = game.replay(args.elder, args.younger, _parse_plays(args.plays), bid=args.bid or "seven-three")
        out = state.to_json()
        print(json.dumps(out) if args.json else state.explanation().text())
        return 0
    _require_piquet(args, "replay")
    if not args.elder or not args.younger or not args.plays:
        raise TutorError("replay piquet needs --elder, --younger and --plays", token="piquet")
    state = game.replay(args.elder, args.younger, _parse_plays(args.plays))
    expl = state.explanation()
    won = state.tricks_won()
    cats = {s.category: s.player for s in expl}
    out = {
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
    if args.json:
        print(json.dumps(out))
        return 0
    print(expl.text())
    print(f"tricks {won[0]}-{won[1]}; elder {out['elder']['total']}, younger {out['younger']['total']}")
    return 0


def cmd_settle(args) -> int:
    _require_piquet(args, "settle")
    game = _game(args)
    s = game.settle(args.a, args.b)
    if args.json:
        print(json.dumps(s.to_json()))
        return 0
    print(s.explain())
    if s.winner is not None:
        print(f"{('first', 'second')[s.winner]} wins {s.points}")
    return 0


def cmd_options(args) -> int:
    game = load(args.game)
    for o in game.Rules.describe():
        choices = f" (one of {', '.join(map(str, o['choices']))})" if o["choices"] else ""
        print(f"{o['name']} = {o['default']!r}{choices}\n    {o['doc']}\n    source: {o['source']}")
    return 0


def cmd_book(argv) -> int:
    from . import site

    return site.book_main(argv)


def cmd_lab(argv) -> int:
    from . import site

    return site.lab_main(argv)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tutor", description="Rules tutor for Piquet and related card games.")
    sub = p.add_subparsers(dest="command", required=True)

    def game_cmd(name, help_):
        sp = sub.add_parser(name, help=help_)
        sp.add_argument("game", help="the game, e.g. piquet")
        sp.add_argument("--option", "-o", action="append", metavar="NAME=VALUE", help="a rule option (see 'tutor options GAME')")
        sp.add_argument("--json", action="store_true", help="print JSON")
        return sp

    d = game_cmd("deal", "show a deal")
    d.add_argument("--seed", default=0, help="deal number (same deal on every machine)")
    d.add_argument("--code", help="a deal code instead of a seed")
    d.set_defaults(func=cmd_deal)

    s = game_cmd("score", "score the declarations of two hands")
    s.add_argument("--elder", required=True, help='elder\'s twelve cards, e.g. "AS KS QS ..."')
    s.add_argument("--younger", required=True, help="younger's twelve cards")
    s.add_argument("--bid", help='counterpique: the contract, e.g. "seven-three", "9-4" or "misère"')
    s.set_defaults(func=cmd_score)

    r = game_cmd("replay", "score a whole deal: declarations and tricks")
    r.add_argument("--elder", help="elder's cards (piquet, counterpique, truc)")
    r.add_argument("--seed", default=0, help="bezique: the deal's seed")
    r.add_argument("--code", help="bezique: a deal code instead of a seed")
    r.add_argument("--younger", help="younger's twelve cards (piquet)")
    r.add_argument("--dealer", help="the dealer's three cards (truc)")
    r.add_argument("--plays", help='piquet: tricks, leader\'s card first: "AH TH,KH 7D,..."')
    r.add_argument("--bid", help='counterpique: the contract, e.g. "seven-three"')
    r.add_argument("--actions", help='truc: actions in order: "keep,play 7S,double,accept,..."')
    r.set_defaults(func=cmd_replay)

    st = game_cmd("settle", "settle a partie from the two final totals")
    st.add_argument("a", type=int, help="first player's total")
    st.add_argument("b", type=int, help="second player's total")
    st.set_defaults(func=cmd_settle)

    o = sub.add_parser("options", help="list a game's rule options with their sources")
    o.add_argument("game")
    o.set_defaults(func=cmd_options)

    sub.add_parser("book", help="build the book (with JupyterLite) and serve it on localhost", add_help=False)
    sub.add_parser("lab", help="open the book's notebooks in JupyterLab", add_help=False)
    return p


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "book":
        return cmd_book(argv[1:])
    if argv and argv[0] == "lab":
        return cmd_lab(argv[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except TutorError as e:
        print(f"tutor: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
