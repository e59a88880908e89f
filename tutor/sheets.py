"""Printable worksheets: an exercise set as a PDF, the questions with their cards drawn large
enough to read on paper, and the key starting on a page of its own.

Made with fpdf2 (pure Python, the ``print`` extra): ``pip install 'card-games-tutor[print]'``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .cards import Card, Rank
from .errors import TutorError, shorten
from .exercises import ExerciseSet
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


def _card(pdf, card: Card, x: float, y: float, pack: str) -> None:
    index, suit, colour = _face(card, pack)
    pdf.set_draw_color(120, 120, 120)
    pdf.rect(x, y, CARD_W, CARD_H, round_corners=True, style="D")
    pdf.set_text_color(*colour)
    pdf.set_font("Helvetica", "B", 14)
    pdf.set_xy(x, y + 2)
    pdf.cell(CARD_W, 7, index + ("'" if str(card).endswith("'") else ""), align="C")
    pdf.set_font("Helvetica", "", 6.5)
    pdf.set_xy(x, y + 11)
    pdf.cell(CARD_W, 5, _latin(suit), align="C")
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
    name of the student it was made for)."""
    width = pdf.w - pdf.l_margin - pdf.r_margin
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 14)
    pdf.multi_cell(0, 7, _latin(f"{ex.title}: {ex.kind.title}"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 9)
    pdf.cell(0, 6, _latin(f"Set {ex.code}: {ex.count} question{'s' if ex.count != 1 else ''}.  Name: {name or '______________________'}"),
             new_x="LMARGIN", new_y="NEXT")
    room = pdf.h - pdf.t_margin - pdf.b_margin
    for q in ex.questions:
        # a question is kept on one page when it fits on one: its prompt and its lines of cards
        lines: Any = pdf.multi_cell(0, 5.5, _latin(f"{q.number}. {q.prompt}"), dry_run=True, output="LINES")
        prompt = len(lines) * 5.5
        lines_of_cards = _lines(q.cards, width)
        need = 3 + prompt + len(lines_of_cards) * LINE_H + 10
        if pdf.get_y() + need > pdf.h - pdf.b_margin and need <= room:
            pdf.add_page()
        pdf.ln(3)
        pdf.set_font("Helvetica", "B", 11)
        pdf.multi_cell(0, 5.5, _latin(f"{q.number}. {q.prompt}"), new_x="LMARGIN", new_y="NEXT")
        _draw_lines(pdf, lines_of_cards, ex.pack)
        pdf.ln(10)  # room to write the answer


def _key(pdf, ex: ExerciseSet, head: str = "") -> None:
    """The set's key, headed with its code (and ``head``, the student's name in a class's key)."""
    pdf.set_font("Helvetica", "B", 14)
    pdf.cell(0, 8, _latin(f"Key to set {ex.code}" + (f" ({head})" if head else "")), new_x="LMARGIN", new_y="NEXT")
    for q in ex.questions:
        pdf.ln(2)
        pdf.set_font("Helvetica", "B", 10)
        pdf.multi_cell(0, 5, _latin(f"{q.number}. {q.answer}"), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 8)
        for w in q.working:
            pdf.multi_cell(0, 4, _latin("   " + w), new_x="LMARGIN", new_y="NEXT")


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
        raise SheetError(f"{shorten(str(path), 80)} is a folder: name the PDF file to write", token=str(path))
    if os.path.lexists(path) and not force:
        raise SheetError(f"{shorten(str(path), 80)} exists: give --force to replace it, or another file name", token=str(path))
    pdf, key_page = build_pdf(ex) if isinstance(ex, ExerciseSet) else build_class_pdf(ex)
    write_new(path, bytes(pdf.output()), force=force, error=SheetError, what="PDF file")
    return {"questions": key_page - 1, "key": pdf.page_no() - key_page + 1}
