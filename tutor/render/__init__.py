"""Pure functions that draw cards and hands as SVG/HTML and text. No game logic lives here."""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence

from ..cards import Card, Rank, spanish_name
from .spanish import spanish_card_svg

CARD_W, CARD_H = 46, 66
#: packs drawn with faces of their own, by pack key (the rest are drawn by :func:`card_svg`)
PACK_FACES = {"spanish40": spanish_card_svg}
#: packs whose cards are named in words of their own (a screen reader says "rey de copas")
PACK_NAMES = {"spanish40": spanish_name}
_COLOURS = {"red": "#c0392b", "black": "#1f2933"}


def card_label(card: Card, pack: str | None = None, *, jack: bool = False) -> str:
    """What a screen reader says for a card: ``queen of spades``, and for the second copy of a
    card in a pack that holds two, ``queen of spades, second copy``; in a pack with names of its
    own, that name (``rey de copas``). ``jack``: the J is a jack, as the game's chapters say (the
    cards' own names, after the old books of Piquet and Bezique, say knave)."""
    if pack is not None and pack in PACK_NAMES:
        return PACK_NAMES[pack](card)
    name = card.name.replace("knave", "jack") if jack else card.name
    return name + (", second copy" if card.copy else "")


def card_svg(card: Card, *, selected: bool = False, dim: bool = False, label: str | None = None, decorative: bool = False,
             pack: str | None = None, jack: bool = False) -> str:
    """One card as an inline SVG with a text alternative (its name), suit-coloured; the second copy
    of a card (Bezique's two packs) carries a small "2" in its corner. ``decorative``: no text
    alternative, for a drawing inside a button that has its own accessible name. ``pack`` names a
    pack with faces of its own (``spanish40``: :mod:`tutor.render.spanish`)."""
    if pack is not None and pack in PACK_FACES:
        return PACK_FACES[pack](card, selected=selected, dim=dim, label=label, decorative=decorative)
    colour = _COLOURS[card.suit.colour]
    rank = "10" if card.rank is Rank.TEN else card.rank.value
    name = html.escape(label or card_label(card, jack=jack))
    stroke = "#1d4ed8" if selected else "#7b8794"
    width = 3 if selected else 1
    opacity = ' opacity="0.45"' if dim else ""
    alt = ' aria-hidden="true" focusable="false">' if decorative else f' role="img" aria-label="{name}"><title>{name}</title>'
    mark = (f'<circle cx="{CARD_W - 10}" cy="{CARD_H - 10}" r="7" fill="#1f2933"/>'
            f'<text x="{CARD_W - 10}" y="{CARD_H - 6}" text-anchor="middle" font-family="sans-serif" font-size="11" '
            f'font-weight="bold" fill="#fff">2</text>') if card.copy else ""
    return (
        f'<svg class="tutor-card" data-card="{card}" xmlns="http://www.w3.org/2000/svg" width="{CARD_W}" '
        f'height="{CARD_H}" viewBox="0 0 {CARD_W} {CARD_H}"{opacity}{alt}'
        f'<rect x="1" y="1" width="{CARD_W - 2}" height="{CARD_H - 2}" rx="5" fill="#fff" stroke="{stroke}" stroke-width="{width}"/>'
        f'<text x="5" y="17" font-family="Georgia, serif" font-size="15" font-weight="bold" fill="{colour}">{rank}</text>'
        f'<text x="{CARD_W / 2}" y="{CARD_H / 2 + 12}" text-anchor="middle" font-size="26" fill="{colour}">{card.suit.symbol}</text>'
        f"{mark}</svg>"
    )


def hand_svg(cards: Iterable[Card], *, selected: Iterable[Card] = (), dim: Iterable[Card] = (), caption: str = "",
             pack: str | None = None, jack: bool = False) -> str:
    """A row of cards; ``selected`` are outlined, ``dim`` faded (e.g. cards that may not be played);
    ``jack`` as for :func:`card_label`."""
    sel, dm = set(selected), set(dim)
    cards = list(cards)
    inner = "".join(card_svg(c, selected=c in sel, dim=c in dm, pack=pack, jack=jack) for c in cards) or '<span class="tutor-empty">(no cards)</span>'
    cap = f'<span class="tutor-caption">{html.escape(caption)}</span>' if caption else ""
    text = html.escape(" ".join(map(str, cards)))
    return f'<div class="tutor-hand" data-cards="{text}" style="display:flex;gap:3px;align-items:center;flex-wrap:wrap">{cap}{inner}</div>'


def table_html(headers: Sequence[str], rows: Iterable[Sequence[object]], cls: str = "tutor-steps") -> str:
    """A plain HTML table (every cell escaped): what the chapters show their figures in."""
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table class='{html.escape(cls)}'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def sheet_html(match) -> str:
    """A match's score sheet (:meth:`~tutor.games.match.Match.sheet`) as a table: deal, dealer,
    what each scorer was credited, the running totals, how the deal ended."""
    names = list(match.scorers)
    rows = [[r["deal"], r["dealer"], *(r["credited"][n] for n in names), *(r["totals"][n] for n in names), r["ended"]]
            for r in match.sheet()]
    said = [match.persons.words(n) for n in names]  # a side as a reader reads it: 'second and dealer'
    totals = ["your total" if n == "you" else f"{w}'s total" if w == n else f"total of {w}" for n, w in zip(names, said)]
    return table_html(["deal", "dealer", *said, *totals, "how the deal ended"], rows)


def hand_text(cards: Iterable[Card]) -> str:
    """Cards with suit symbols, suits separated: ``A♠ K♠  Q♥``."""
    out, last = [], None
    for c in cards:
        if last is not None and c.suit is not last:
            out.append("")
        out.append(c.symbol)
        last = c.suit
    return " ".join(out)


def listed(items: Iterable[object]) -> str:
    """Items as a reader reads them, comma-separated: ``play KS, play TH``; ``none`` for no items
    (what the chapters print in place of a Python list).

    >>> listed(["play KS", "play TH"])
    'play KS, play TH'
    >>> listed([])
    'none'
    """
    words = [str(i) for i in items]
    return ", ".join(words) if words else "none"


def scores_text(scores: Mapping[str, object]) -> str:
    """Each side named with its figure: ``elder 63, younger 147`` (in place of a Python dict).

    >>> scores_text({"elder": 63, "younger": 147})
    'elder 63, younger 147'
    """
    return ", ".join(f"{who} {value}" for who, value in scores.items())
