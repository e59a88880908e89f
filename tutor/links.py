"""Links to a position live: the address that opens a chapter of the book in JupyterLite with one
of its panels on a deal and the moves made in it.

``lite/lab/index.html?path=CHAPTER.ipynb&panel=KIND&deal=CODE&moves=M1,M2&dealer=NAME&standing=A:5,B:3``,
relative to the site's root: ``panel`` is the panel's kind (its module under :mod:`tutor.widgets`
and its class: ``sixtysix.PlayPanel``), ``deal`` the deal's code, ``moves`` the moves made in it in
the game's notation with commas between them, each URL-encoded, and, in a match, ``dealer`` the
person who dealt it and ``standing`` the totals the deal started from
(:meth:`~tutor.session.Position.standing_of`); ``moves``, ``dealer`` and ``standing`` are left
out when there is nothing to say.

>>> link = position_link("piquet/play", "piquet.PlayPanel", Position("pq-WD2Ap91_U", ("discard KD TC 9C",)))
>>> link
'lite/lab/index.html?path=piquet/play.ipynb&panel=piquet.PlayPanel&deal=pq-WD2Ap91_U&moves=discard%20KD%20TC%209C'
>>> read_link(link, "piquet.PlayPanel")
Position(code='pq-WD2Ap91_U', moves=('discard KD TC 9C',), dealer=None, standing=())
>>> read_link(position_link("tute/play", "table.TablePanel", Position("tu-x", (), "second", (("first", 60), ("second", 35)))),
...           "table.TablePanel").standing
(('first', 60), ('second', 35))
"""

from __future__ import annotations

from urllib.parse import parse_qs, quote, urlsplit

from .session import Position

__all__ = ["position_link", "read_link"]


def position_link(chapter: str, kind: str, position: Position, lite: str = "lite") -> str:
    """The link, relative to the site's root, that opens ``chapter`` (``sixtysix/rules``) live with
    the panels of ``kind`` on ``position``."""
    link = f"{lite}/lab/index.html?path={quote(chapter)}.ipynb&panel={quote(kind)}&deal={quote(position.code, safe='')}"
    moves = Position.moves_of(list(position.moves))
    if moves:
        link += "&moves=" + ",".join(quote(m, safe="'") for m in moves)
    if position.dealer:
        link += "&dealer=" + quote(position.dealer, safe="")
    if position.standing:
        link += "&standing=" + quote(position.standing_text(), safe=",:")
    return link


def read_link(url: str, kind: str) -> Position | None:
    """The position a link asks the panels of ``kind`` to show (None: the link asks nothing of
    them: no deal, or another panel named); a bad list of moves is refused in words."""
    q = parse_qs(urlsplit(url).query)
    if "deal" not in q or q.get("panel", [kind])[0] != kind:
        return None
    return Position(q["deal"][0], Position.moves_of(q.get("moves", [""])[0]), q.get("dealer", [None])[0] or None,
                    Position.standing_of(q.get("standing", [""])[0]))
