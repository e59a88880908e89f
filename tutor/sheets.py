"""Printable worksheets: an exercise set as a PDF, the questions with their cards drawn large
enough to read on paper, and the key starting on a page of its own.

Made with fpdf2 (pure Python, the ``print`` extra): ``pip install 'card-games-tutor[print]'``.
"""

from __future__ import annotations

from typing import Any

from .cards import Card, Rank
from .errors import TutorError
from .exercises import ExerciseSet

CARD_W, CARD_H, GAP = 16.0, 23.0, 2.5  # millimetres: a card about two thirds of a playing card's width
_RED = (192, 57, 43)
_BLACK = (31, 41, 51)


class SheetError(TutorError):
    """A worksheet that cannot be written (no fpdf2, or a file that cannot be written)."""


def _latin(text: str) -> str:
    """The core PDF fonts are Latin-1: curly quotes and the like become plain ones."""
    table = {"“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-", "…": "...", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
    return "".join(table.get(ch, ch) for ch in text).encode("latin-1", "replace").decode("latin-1")


def _card(pdf, card: Card, x: float, y: float) -> None:
    colour = _RED if card.suit.colour == "red" else _BLACK
    pdf.set_draw_color(120, 120, 120)
    pdf.rect(x, y, CARD_W, CARD_H, round_corners=True, style="D")
    pdf.set_text_color(*colour)
    pdf.set_font("Helvetica", "B", 15)
    pdf.set_xy(x, y + 2)
    pdf.cell(CARD_W, 7, "10" if card.rank is Rank.TEN else card.rank.value, align="C")
    pdf.set_font("Helvetica", "", 7)
    pdf.set_xy(x, y + 12)
    pdf.cell(CARD_W, 5, _latin(card.suit.name.lower()), align="C")
    pdf.set_text_color(0, 0, 0)


def _row(pdf, label: str, cards, left: float, width: float) -> None:
    pdf.set_font("Helvetica", "I", 9)
    pdf.cell(0, 5, _latin(label), new_x="LMARGIN", new_y="NEXT")
    per_line = max(1, int((width + GAP) // (CARD_W + GAP)))
    cards = list(cards)
    for start in range(0, len(cards), per_line):
        if pdf.get_y() + CARD_H > pdf.h - pdf.b_margin:
            pdf.add_page()
        y = pdf.get_y()
        for i, c in enumerate(cards[start:start + per_line]):
            _card(pdf, c, left + i * (CARD_W + GAP), y)
        pdf.set_y(y + CARD_H + 2)


def build_pdf(ex: ExerciseSet):
    """The worksheet as an ``fpdf.FPDF``, and the number of the key's first page."""
    try:
        from fpdf import FPDF
    except ImportError as e:  # pragma: no cover - the print extra is in dev
        raise SheetError("worksheets need fpdf2: pip install 'card-games-tutor[print]'", token="fpdf2") from e
    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(True, margin=15)
    pdf.set_margins(15, 15, 15)
    width = pdf.w - pdf.l_margin - pdf.r_margin
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 14)
    pdf.multi_cell(0, 7, _latin(f"{ex.title}: {ex.kind.title}"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 9)
    pdf.cell(0, 6, _latin(f"Set {ex.code}: {ex.count} question{'s' if ex.count != 1 else ''}.  Name: ______________________"),
             new_x="LMARGIN", new_y="NEXT")
    per_line = max(1, int((width + GAP) // (CARD_W + GAP)))
    room = pdf.h - pdf.t_margin - pdf.b_margin
    for q in ex.questions:
        # a question is kept on one page when it fits on one: its prompt, and each row of cards
        lines: Any = pdf.multi_cell(0, 5.5, _latin(f"{q.number}. {q.prompt}"), dry_run=True, output="LINES")
        prompt = len(lines) * 5.5
        need = 3 + prompt + sum(5 + -(-len(cs) // per_line) * (CARD_H + 2) for _, cs in q.cards) + 10
        if pdf.get_y() + need > pdf.h - pdf.b_margin and need <= room:
            pdf.add_page()
        pdf.ln(3)
        pdf.set_font("Helvetica", "B", 11)
        pdf.multi_cell(0, 5.5, _latin(f"{q.number}. {q.prompt}"), new_x="LMARGIN", new_y="NEXT")
        for label, cards in q.cards:
            _row(pdf, label, cards, pdf.l_margin, width)
        pdf.ln(10)  # room to write the answer
    pdf.add_page()
    key_page = pdf.page_no()
    pdf.set_font("Helvetica", "B", 14)
    pdf.cell(0, 8, _latin(f"Key to set {ex.code}"), new_x="LMARGIN", new_y="NEXT")
    for q in ex.questions:
        pdf.ln(2)
        pdf.set_font("Helvetica", "B", 10)
        pdf.multi_cell(0, 5, _latin(f"{q.number}. {q.answer}"), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Helvetica", "", 8)
        for w in q.working:
            pdf.multi_cell(0, 4, _latin("   " + w), new_x="LMARGIN", new_y="NEXT")
    return pdf, key_page


def write_pdf(ex: ExerciseSet, path) -> dict[str, int]:
    """Write the worksheet to ``path``; return the pages of questions and of key."""
    pdf, key_page = build_pdf(ex)
    try:
        pdf.output(str(path))
    except OSError as e:
        raise SheetError(f"cannot write {path}: {e.strerror}", token=str(path)) from e
    return {"questions": key_page - 1, "key": pdf.page_no() - key_page + 1}
