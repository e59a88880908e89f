"""Cards of the 40-card Spanish pack drawn as Spanish cards, in SVG, by the tutor's own code.

The four Spanish suits are drawn as their emblems: oros a gold coin, copas a red cup, espadas a
blue sword, bastos a green club; the frame of each card is broken by the suit's *pinta* (no gap for
oros, one for copas, two for espadas, three for bastos), as on the Spanish pack, so the suit can
be told at a glance even from the edge. Number cards show their pips (the as one large emblem);
the rey, caballo and sota show their index letter (R, C, S) large with the suit's emblem and a
sign of the figure (a crown, a horse's head, a plain cap). Everything is drawn on a 92 x 132 grid
and scaled: ``scale=0.5`` is the panel size of the tutor's French cards, ``scale=1.5`` a large one.

Pure functions of a card: nothing here knows a game.
"""

from __future__ import annotations

import html

from ..cards import SPANISH_INDEX, SPANISH_SUIT_NOUNS, Card, Rank, Suit, spanish_name

__all__ = ["spanish_card_svg", "pip_svg", "SUIT_COLOURS", "PINTAS"]

W, H = 92, 132
#: each suit's ink: gold coins, red cups, blue swords, green clubs; each 4.5:1 or more on the card's
#: cream (#fffdf7), as its corner letter needs (WCAG 1.4.3): the gold 5.7:1, the red 5.3:1
SUIT_COLOURS = {Suit.DIAMONDS: "#8d5b0f", Suit.HEARTS: "#c0392b", Suit.SPADES: "#1d4e89", Suit.CLUBS: "#2f6f3e"}
#: gaps in the frame (the pinta): oros none, copas one, espadas two, bastos three
PINTAS = {Suit.DIAMONDS: 0, Suit.HEARTS: 1, Suit.SPADES: 2, Suit.CLUBS: 3}
_PIPS = {Rank.ACE: 1, Rank.TWO: 2, Rank.THREE: 3, Rank.FOUR: 4, Rank.FIVE: 5, Rank.SIX: 6, Rank.SEVEN: 7}
# pip centres on the 92 x 132 grid, by count
_LAYOUT = {
    1: [(46, 68)],
    2: [(46, 40), (46, 96)],
    3: [(46, 34), (46, 68), (46, 102)],
    4: [(30, 40), (62, 40), (30, 96), (62, 96)],
    5: [(30, 38), (62, 38), (46, 68), (30, 98), (62, 98)],
    6: [(30, 36), (62, 36), (30, 68), (62, 68), (30, 100), (62, 100)],
    7: [(30, 32), (62, 32), (46, 52), (30, 74), (62, 74), (30, 104), (62, 104)],
}


def pip_svg(suit: Suit, x: float, y: float, size: float) -> str:
    """One suit emblem centred at (x, y), ``size`` high (SVG elements, no wrapper)."""
    c = SUIT_COLOURS[suit]
    s = size / 20  # the emblems are drawn on a 20-unit box centred on 0,0
    t = f'transform="translate({x:.1f} {y:.1f}) scale({s:.3f})"'
    if suit is Suit.DIAMONDS:  # a coin: a gold disc, a rim, a rosette
        return (f'<g {t}><circle r="9.5" fill="#f2c94c" stroke="{c}" stroke-width="1.4"/>'
                f'<circle r="6.2" fill="none" stroke="{c}" stroke-width="1"/>'
                f'<circle r="2.2" fill="{c}"/></g>')
    if suit is Suit.HEARTS:  # a cup: bowl, stem, foot
        return (f'<g {t}><path d="M-8 -9 H8 Q8 1 0 3 Q-8 1 -8 -9 Z" fill="{c}"/>'
                f'<rect x="-1.3" y="2.5" width="2.6" height="4.5" fill="{c}"/>'
                f'<path d="M-6 10 Q0 5.5 6 10 Z" fill="{c}"/><path d="M-6.5 -7.5 H6.5" stroke="#f6d365" stroke-width="1"/></g>')
    if suit is Suit.SPADES:  # a sword: blade, guard, grip, pommel
        return (f'<g {t}><path d="M0 -10 L2 -7 L2 5 L-2 5 L-2 -7 Z" fill="#c9d6e3" stroke="{c}" stroke-width="0.9"/>'
                f'<rect x="-6" y="4.5" width="12" height="2" rx="1" fill="{c}"/>'
                f'<rect x="-1.2" y="6.5" width="2.4" height="2.5" fill="{c}"/><circle cy="10" r="1.5" fill="{c}"/></g>')
    # bastos: a knobbly club, thick at the top
    return (f'<g {t}><path d="M-2.2 10 L-3.6 -6 Q0 -11 3.6 -6 L2.2 10 Z" fill="#8d6e3f" stroke="{c}" stroke-width="1.1"/>'
            f'<circle cx="-3.4" cy="-2" r="1.3" fill="{c}"/><circle cx="3.2" cy="1.5" r="1.3" fill="{c}"/>'
            f'<circle cx="-2.6" cy="5" r="1.1" fill="{c}"/></g>')


def _frame(suit: Suit, colour: str) -> str:
    """The inner frame, broken by the suit's pinta at the top and the bottom."""
    gaps = PINTAS[suit]
    x0, x1, y0, y1 = 8, W - 8, 8, H - 8
    if gaps == 0:
        return f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" fill="none" stroke="{colour}" stroke-width="1.2"/>'
    parts = [f'<path d="M{x0} {y0} V{y1} M{x1} {y0} V{y1}" stroke="{colour}" stroke-width="1.2"/>']
    width = x1 - x0
    seg = width / (2 * gaps + 1)
    for y in (y0, y1):
        for k in range(gaps + 1):
            a = x0 + 2 * k * seg
            parts.append(f'<path d="M{a:.1f} {y} H{a + seg:.1f}" stroke="{colour}" stroke-width="1.2"/>')
    return "".join(parts)


def _figure(card: Card, colour: str) -> str:
    """A court card: its index large, the suit's emblem, and the sign of the figure."""
    letter = SPANISH_INDEX[card.rank]
    sign = ""
    if card.rank is Rank.KING:  # a crown
        sign = (f'<path d="M30 36 L34 24 L40 32 L46 20 L52 32 L58 24 L62 36 Z" fill="#f2c94c" stroke="{colour}" stroke-width="1.2"/>')
    elif card.rank is Rank.QUEEN:  # the caballo: a horse's head in profile
        sign = (f'<path d="M36 38 Q36 24 46 20 L50 16 L52 21 Q60 24 60 32 L54 31 Q50 31 50 36 Z" fill="#c8a97e" '
                f'stroke="{colour}" stroke-width="1.2"/>')
    elif card.rank is Rank.JACK:  # the sota: a page's plain cap
        sign = f'<path d="M34 34 Q46 14 58 34 Z" fill="{colour}" opacity="0.85"/><rect x="32" y="33" width="28" height="3" fill="{colour}"/>'
    return (sign + f'<text x="46" y="84" text-anchor="middle" font-family="Georgia, serif" font-size="40" font-weight="bold" '
            f'fill="{colour}">{letter}</text>' + pip_svg(card.suit, 46, 106, 20))


def spanish_card_svg(card: Card, *, selected: bool = False, dim: bool = False, label: str | None = None,
                     scale: float = 0.5, decorative: bool = False) -> str:
    """One Spanish card as an inline SVG; its text alternative is its Spanish name with the English
    one (``caballo de oros (horse of coins)``). ``scale`` 0.5 draws it 46 x 66, the size of the
    tutor's other cards in a panel. ``decorative``: no text alternative, for a drawing inside a
    button that has its own accessible name."""
    colour = SUIT_COLOURS[card.suit]
    index = SPANISH_INDEX[card.rank]
    noun = {Rank.KING: "king", Rank.QUEEN: "horse", Rank.JACK: "jack"}.get(card.rank, card.rank.noun)
    name = html.escape(label or f"{spanish_name(card)} ({noun} of {SPANISH_SUIT_NOUNS[card.suit]})")
    stroke = "#1d4ed8" if selected else "#7b8794"  # the contrast of the tutor's other cards
    width = 6 if selected else 2
    opacity = ' opacity="0.45"' if dim else ""
    if card.rank in _PIPS:
        n = _PIPS[card.rank]
        size = 46 if n == 1 else 24 if n <= 3 else 21
        body = "".join(pip_svg(card.suit, x, y, size) for x, y in _LAYOUT[n])
    else:
        body = _figure(card, colour)
    corner = (f'<text x="13" y="26" text-anchor="middle" font-family="Georgia, serif" font-size="19" font-weight="bold" '
              f'fill="{colour}">{index}</text>')
    corner_low = (f'<text x="{W - 13}" y="{H - 13}" text-anchor="middle" font-family="Georgia, serif" font-size="19" '
                  f'font-weight="bold" fill="{colour}" transform="rotate(180 {W - 13} {H - 19})">{index}</text>')
    return (
        f'<svg class="tutor-card tutor-card-spanish" data-card="{card}" data-pack="spanish40" xmlns="http://www.w3.org/2000/svg" '
        f'width="{W * scale:g}" height="{H * scale:g}" viewBox="0 0 {W} {H}"{opacity}'
        + (' aria-hidden="true" focusable="false">' if decorative else f' role="img" aria-label="{name}"><title>{name}</title>')
        + f'<rect x="2" y="2" width="{W - 4}" height="{H - 4}" rx="9" fill="#fffdf7" stroke="{stroke}" stroke-width="{width}"/>'
        + _frame(card.suit, colour) + corner + corner_low + body + "</svg>"
    )
