"""Printable worksheets: an exercise set as a PDF, the questions with their cards drawn large
enough to read on paper, and the key starting on a page of its own.

Made with fpdf2 (pure Python, the ``print`` extra): ``pip install 'card-games-tutor[print]'``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .cards import Card, Rank, Suit
from .errors import TutorError, shorten, shorten_path
from .exercises import ExerciseSet, name_cards
from .outfiles import write_new

CARD_W, CARD_H, GAP = 13.5, 20.0, 1.5  # millimetres: twelve cards (a Piquet hand) fit across an A4 page
_RED = (192, 57, 43)
_BLACK = (31, 41, 51)


class SheetError(TutorError):
    """A worksheet that cannot be written (no fpdf2, or a file that cannot be written)."""


def _latin(text: str) -> str:
    """The core PDF fonts are Latin-1: curly quotes and the like become plain ones."""
    table = {"“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-", "…": "...", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
    return "".join(table.get(ch, ch) for ch in text).encode("latin-1", "replace").decode("latin-1")


def _face(card: Card, pack: str) -> tuple[str, str, tuple[int, int, int]]:
    """The index, the suit's word and the colour a card is printed with (Spanish cards as the
    panels draw them: :mod:`tutor.render.spanish`)."""
    if pack == "spanish40":
        from .cards import SPANISH_INDEX, SPANISH_SUIT_NAMES
        from .render.spanish import SUIT_COLOURS

        h = SUIT_COLOURS[card.suit].lstrip("#")
        return SPANISH_INDEX[card.rank], SPANISH_SUIT_NAMES[card.suit], (int(h[:2], 16), int(h[2:4], 16), int(h[4:], 16))
    index = "10" if card.rank is Rank.TEN else card.rank.value
    return index, card.suit.name.lower(), _RED if card.suit.colour == "red" else _BLACK


#: the suit symbols in the core font ZapfDingbats (its characters a168 to a171)
_DINGBATS = {Suit.CLUBS: "\xa8", Suit.DIAMONDS: "\xa9", Suit.HEARTS: "\xaa", Suit.SPADES: "\xab"}


def _emblem(pdf, suit: Suit, cx: float, cy: float, colour: tuple[int, int, int]) -> None:
    """A Spanish suit's emblem, drawn small about (cx, cy): the coin of oros, the cup of copas, the
    sword of espadas, the club of bastos (the shapes :mod:`tutor.render.spanish` draws, simplified)."""
    pdf.set_draw_color(*colour)
    pdf.set_fill_color(*colour)
    if suit is Suit.DIAMONDS:  # oros: a coin
        pdf.set_line_width(0.5)
        pdf.circle(x=cx, y=cy, radius=2.6, style="D")
        pdf.circle(x=cx, y=cy, radius=1.2, style="F")
    elif suit is Suit.HEARTS:  # copas: a cup on its stem
        pdf.ellipse(cx - 2.6, cy - 3.0, 5.2, 3.0, style="F")
        pdf.set_line_width(0.6)
        pdf.line(cx, cy - 0.5, cx, cy + 2.2)
        pdf.line(cx - 1.8, cy + 2.6, cx + 1.8, cy + 2.6)
    elif suit is Suit.SPADES:  # espadas: a sword, point up
        pdf.set_line_width(0.7)
        pdf.line(cx, cy - 3.4, cx, cy + 2.0)
        pdf.line(cx - 1.9, cy + 1.4, cx + 1.9, cy + 1.4)
        pdf.circle(x=cx, y=cy + 3.0, radius=0.7, style="F")
    else:  # bastos: a knotted club
        pdf.set_line_width(1.3)
        pdf.line(cx - 1.2, cy + 3.0, cx + 1.2, cy - 3.0)
        pdf.circle(x=cx + 1.3, y=cy - 3.1, radius=1.0, style="F")
    pdf.set_line_width(0.2)


def _card(pdf, card: Card, x: float, y: float, pack: str) -> None:
    index, suit, colour = _face(card, pack)
    pdf.set_draw_color(120, 120, 120)
    pdf.set_line_width(0.2)
    pdf.rect(x, y, CARD_W, CARD_H, round_corners=True, style="D")
    pdf.set_text_color(*colour)
    pdf.set_font("Helvetica", "B", 13)
    pdf.set_xy(x, y + 1)
    pdf.cell(CARD_W, 6, index + ("'" if str(card).endswith("'") else ""), align="C")
    if pack == "spanish40":
        _emblem(pdf, card.suit, x + CARD_W / 2, y + 10.5, colour)
    else:
        pdf.set_font("ZapfDingbats", "", 15)
        pdf.set_xy(x, y + 7)
        pdf.cell(CARD_W, 7, _DINGBATS[card.suit], align="C")
    pdf.set_font("Helvetica", "", 6.5)
    pdf.set_xy(x, y + 14.5)
    pdf.cell(CARD_W, 4, _latin(suit), align="C")
    pdf.set_text_color(0, 0, 0)


GROUP_GAP = 7.0  # between two labelled groups of cards on one line
LINE_H = 5 + CARD_H + 2  # a line of groups: their labels, then the cards


def _group_width(cards) -> float:
    return max(len(cards) * (CARD_W + GAP) - GAP, 30.0)


def _lines(rows, width: float) -> list[list[tuple[str, list[Card]]]]:
    """The labelled rows of cards laid out in lines: short rows side by side (the tricks of a
    deal), a long one (a hand) wrapped over as many lines as it needs."""
    per_line = max(1, int((width + GAP) // (CARD_W + GAP)))
    lines: list[list[tuple[str, list[Card]]]] = []
    used = width + 1.0
    for label, cards in rows:
        cards = list(cards)
        chunks = [cards[i:i + per_line] for i in range(0, len(cards), per_line)] or [[]]
        if len(chunks) == 1 and lines and used + GROUP_GAP + _group_width(cards) <= width:
            lines[-1].append((label, cards))
            used += GROUP_GAP + _group_width(cards)
            continue
        for k, chunk in enumerate(chunks):
            lines.append([(label if k == 0 else "", chunk)])
            used = _group_width(chunk) if len(chunks) == 1 else width + 1.0
    return lines


def _draw_lines(pdf, lines, pack: str) -> None:
    for line in lines:
        if pdf.get_y() + LINE_H > pdf.h - pdf.b_margin:
            pdf.add_page()
        y, x = pdf.get_y(), pdf.l_margin
        for label, cards in line:
            pdf.set_font("Helvetica", "I", 8)
            pdf.set_xy(x, y)
            pdf.cell(_group_width(cards), 4.5, _latin(label))
            for i, c in enumerate(cards):
                _card(pdf, c, x + i * (CARD_W + GAP), y + 5, pack)
            x += _group_width(cards) + GROUP_GAP
        pdf.set_xy(pdf.l_margin, y + LINE_H)


def _new_pdf():
    try:
        from fpdf import FPDF
    except ImportError as e:  # pragma: no cover - the print extra is in dev
        raise SheetError("worksheets need fpdf2: pip install 'card-games-tutor[print]'", token="fpdf2") from e
    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(True, margin=15)
    pdf.set_margins(15, 15, 15)
    return pdf


def _questions(pdf, ex: ExerciseSet, name: str = "") -> None:
    """The set's questions from a new page, headed with its code and a line for the name (or the
    name of the student it was made for), each with a box for the answer."""
    width = pdf.w - pdf.l_margin - pdf.r_margin
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 14)
    pdf.multi_cell(0, 7, _latin(f"{ex.title}: {ex.kind.title}"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 9)
    pdf.cell(0, 6, _latin(f"Set {ex.code}: {ex.count} question{'s' if ex.count != 1 else ''}.  Name: {name or '______________________'}"),
             new_x="LMARGIN", new_y="NEXT")
    room = pdf.h - pdf.t_margin - pdf.b_margin
    for q in ex.questions:
        # a question is kept on one page when it fits on one: its prompt, its lines of cards and the
        # box for the answer
        prompt_text = _latin(f"{q.number}. {name_cards(q.prompt, ex.pack)}")
        lines: Any = pdf.multi_cell(0, 5.5, prompt_text, dry_run=True, output="LINES")
        prompt = len(lines) * 5.5
        lines_of_cards = _lines(q.cards, width)
        need = 3 + prompt + len(lines_of_cards) * LINE_H + ANSWER_H + 2
        if pdf.get_y() + need > pdf.h - pdf.b_margin and need <= room:
            pdf.add_page()
        pdf.ln(3)
        pdf.set_font("Helvetica", "B", 11)
        pdf.multi_cell(0, 5.5, prompt_text, new_x="LMARGIN", new_y="NEXT")
        _draw_lines(pdf, lines_of_cards, ex.pack)
        _answer_box(pdf, width)


def _key(pdf, ex: ExerciseSet, head: str = "") -> None:
    """The set's key, headed with its code (and ``head``, the student's name in a class's key);
    an entry is kept whole on one page when it fits on one."""
    room = pdf.h - pdf.t_margin - pdf.b_margin
    pdf.set_font("Helvetica", "B", 14)
    pdf.cell(0, 8, _latin(f"Key to set {ex.code}" + (f" ({head})" if head else "")), new_x="LMARGIN", new_y="NEXT")
    for q in ex.questions:
        answer = _latin(f"{q.number}. {name_cards(q.answer, ex.pack)}")
        working = [_latin("   " + name_cards(w, ex.pack)) for w in q.working]
        pdf.set_font("Helvetica", "B", 10)
        need = 2 + 5 * _count_lines(pdf, 5, answer)
        pdf.set_font("Helvetica", "", 8)
        need += sum(4 * _count_lines(pdf, 4, w) for w in working)
        if pdf.get_y() + need > pdf.h - pdf.b_margin and need <= room:
            pdf.add_page()
        pdf.ln(2)
        pdf.set_font("Helvetica", "B", 10)
        pdf.multi_cell(0, 5, answer, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 8)
        for w in working:
            pdf.multi_cell(0, 4, w, new_x="LMARGIN", new_y="NEXT")


def _count_lines(pdf, height: float, text: str) -> int:
    """How many lines ``text`` takes in the current font across the page."""
    lines: Any = pdf.multi_cell(0, height, text, dry_run=True, output="LINES")
    return len(lines)


#: the height of the box under each question, for the student's answer (millimetres)
ANSWER_H = 14.0


def _answer_box(pdf, width: float) -> None:
    """A ruled box the width of the text, labelled, for the student's answer."""
    y = pdf.get_y() + 1
    pdf.set_draw_color(150, 150, 150)
    pdf.set_line_width(0.3)
    pdf.rect(pdf.l_margin, y, width, ANSWER_H - 2, style="D")
    pdf.set_font("Helvetica", "I", 7)
    pdf.set_text_color(110, 110, 110)
    pdf.set_xy(pdf.l_margin + 1, y + 0.5)
    pdf.cell(20, 3.5, "Answer")
    pdf.set_text_color(0, 0, 0)
    pdf.set_line_width(0.2)
    pdf.set_xy(pdf.l_margin, y + ANSWER_H - 1)


def build_pdf(ex: ExerciseSet):
    """The worksheet as an ``fpdf.FPDF``, and the number of the key's first page."""
    pdf = _new_pdf()
    _questions(pdf, ex)
    pdf.add_page()
    key_page = pdf.page_no()
    _key(pdf, ex)
    return pdf, key_page


def build_class_pdf(variants: Sequence[tuple[str, ExerciseSet]]):
    """A class's worksheets, one variant a student (``(name, set)`` pairs): each student's
    questions from a page of their own, with the name filled in, then one key for the teacher
    (each student's key under the name and code); and the number of the key's first page."""
    pdf = _new_pdf()
    for name, ex in variants:
        _questions(pdf, ex, name)
    pdf.add_page()
    key_page = pdf.page_no()
    for k, (name, ex) in enumerate(variants):
        if k:
            pdf.ln(6)
        _key(pdf, ex, name)
    return pdf, key_page


def write_pdf(ex: ExerciseSet | Sequence[tuple[str, ExerciseSet]], path, *, force: bool = False) -> dict[str, int]:
    """Write the worksheet to ``path``; return the pages of questions and of key. ``ex`` is a set,
    or a class's variants (``(name, set)`` pairs, :func:`build_class_pdf`).

    A file already there is kept (:class:`SheetError`) unless ``force``; with ``force`` it is
    replaced whole (a symbolic link is replaced, not the file it points to). A folder is never
    replaced."""
    if not isinstance(path, (str, os.PathLike)) or not str(path).strip():
        raise SheetError(f"name the PDF file to write, not {shorten(repr(path))}", token=shorten(repr(path)))
    path = Path(path)
    if path.is_dir() and not path.is_symlink():
        raise SheetError(f"{shorten_path(path)} is a folder: name the PDF file to write", token=str(path))
    if os.path.lexists(path) and not force:
        raise SheetError(f"{shorten_path(path)} exists: give --force to replace it, or another file name", token=str(path))
    pdf, key_page = build_pdf(ex) if isinstance(ex, ExerciseSet) else build_class_pdf(ex)
    write_new(path, bytes(pdf.output()), force=force, error=SheetError, what="PDF file")
    return {"questions": key_page - 1, "key": pdf.page_no() - key_page + 1}
