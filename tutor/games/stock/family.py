"""A family of stock-and-tricks games at a glance: one row per registered game, read from the games
themselves (their descriptions, their specs as data, a fresh deal and match), so the comparison
grows by itself as games are registered.
"""

from __future__ import annotations

import html

__all__ = ["family_rows", "family_table", "COLUMNS"]

COLUMNS = ("game", "pack", "hands", "trumps", "declarations", "exchange", "while the stock lasts",
           "once it is gone or closed", "last trick", "the match")


def _play(rule) -> str:
    if rule.free:
        return "any card"
    parts = ["follow suit" if rule.follow.value == "suit" else "answer a trump lead with a trump"]
    if rule.head:
        parts.append("win a trump lead if able" if rule.head_trumps_only else "win if able")
    if rule.trump:
        parts.append("else trump")
    return ", ".join(parts)


def family_rows(family: str = "Sixty-Six") -> list[tuple[str, ...]]:
    """One row of :data:`COLUMNS` for each registered game of ``family`` played on the stock core."""
    from .. import GAMES, load
    from .core import Stage, StockState

    rows: list[tuple[str, ...]] = []
    for name in sorted(GAMES):
        cls = GAMES[name]
        if cls.TYPE.family != family:
            continue
        game = load(name)
        deal = game.deal(seed=0)
        if not isinstance(deal, StockState):
            continue
        spec = deal.spec
        match = game.match(0)
        target = getattr(match, "target", None)
        n = len(spec.players)
        dealt_out = len(spec.pack) == n * spec.hand_size  # no stock: every card dealt (games for three or four)
        hands = f"{spec.hand_size} each" + ("" if n == 2 else f" to {n}" + (" in partnerships" if spec.teams else ""))
        rows.append((
            cls.TYPE.title,
            f"{len(spec.pack)} cards",
            f"{hands}, " + ("one at a time" if set(spec.packets) == {1} else f"by {' + '.join(map(str, spec.packets))}"),
            "the turn-up" if spec.turnup else "none until declared",
            deal.declarations_text(),
            deal.exchange_text(),
            "no stock: every card is dealt" if dealt_out else _play(spec.play[Stage.STOCK]),
            _play(spec.play[Stage.END]),
            f"{deal.last_trick_bonus()} more" if deal.last_trick_bonus() else "nothing more",
            getattr(match, "SUMMARY", "") or f"a {match.NOUN}" + (f" to {target}" if target else ""),
        ))
    return rows


def family_table(family: str = "Sixty-Six") -> str:
    """:func:`family_rows` as an HTML table (in a scroll box, for narrow screens)."""
    head = "".join(f"<th>{html.escape(c)}</th>" for c in COLUMNS)
    # the Sixty-Six family's chapters call the J a jack (the cards' names, after Piquet's books, say knave)
    word = (lambda v: v.replace("knave", "jack")) if family == "Sixty-Six" else (lambda v: v)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(word(v))}</td>" for v in row) + "</tr>" for row in family_rows(family))
    return f"<div class='tutor-scroll' style='overflow-x:auto'><table class='tutor-steps'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"
