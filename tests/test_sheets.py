"""Printable worksheets (tutor/sheets.py): the PDF is rendered page by page (pypdfium2) and looked at."""

import pypdfium2 as pdfium  # the dev extra
import pytest

from tutor.cli import main
from tutor.exercises import make_set
from tutor.sheets import SheetError, build_pdf, write_pdf


def _ink(page) -> float:
    """The share of pixels that are not white on a rendered page."""
    img = page.render(scale=0.5).to_pil().convert("L")
    pixels = list(img.tobytes())
    return sum(1 for p in pixels if p < 200) / len(pixels)


@pytest.mark.parametrize("game, kind, count", [("piquet", "score", 6), ("sixtysix", "tricks", 3), ("bezique", "melds", 8),
                                                    ("counterpique", "contract", 3), ("truc", "truc", 4)])
def test_a_sheet_has_its_questions_then_the_key_on_pages_of_its_own(tmp_path, game, kind, count):
    ex = make_set(game, kind, count, 4)
    out = tmp_path / "sheet.pdf"
    pages = write_pdf(ex, out)
    doc = pdfium.PdfDocument(str(out))
    assert len(doc) == pages["questions"] + pages["key"] and pages["questions"] >= 1 and pages["key"] >= 1
    assert all(_ink(doc[i]) > 0.001 for i in range(len(doc)))  # no blank page
    text = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    first_key = pages["questions"]
    assert text[first_key].lstrip().startswith(f"Key to set {ex.code}")
    assert not any("Key to set" in t for t in text[:first_key])  # the key starts on its own page
    assert ex.questions[-1].answer.split(",")[0].replace("“", '"').replace("”", '"') in " ".join(text[first_key:]).replace("\r\n", " ")
    # a question's number appears on the question pages, once each
    assert all(f"{q.number}. " in " ".join(text[:first_key]) for q in ex.questions)


def test_more_questions_more_pages():
    few, _ = build_pdf(make_set("piquet", "score", 2, 1))
    many, _ = build_pdf(make_set("piquet", "score", 12, 1))
    assert many.page_no() > few.page_no()


def test_cli_sheet_by_code(tmp_path, capsys):
    code = make_set("chouine", "melds", 4, 2).code
    out = tmp_path / "c.pdf"
    assert main(["sheet", "--code", code, "--out", str(out)]) == 0
    assert code in capsys.readouterr().out and out.read_bytes().startswith(b"%PDF")
    assert main(["sheet", "--code", code, "--out", str(tmp_path / "no" / "such" / "dir.pdf")]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


@pytest.mark.parametrize("count, pages", [(1, 1), (3, 1), (4, 2), (7, 3)])
def test_three_piquet_deals_fit_a_page_and_no_question_is_split(tmp_path, count, pages):
    # a Piquet question is its prompt and two hands of twelve, one line of cards each: three to an A4 page
    ex = make_set("piquet", "score", count, 6)
    out = tmp_path / "p.pdf"
    assert write_pdf(ex, out) == {"questions": pages, "key": 1}
    doc = pdfium.PdfDocument(str(out))
    text = [doc[i].get_textpage().get_text_range().replace("\r\n", " ") for i in range(pages)]
    for q in ex.questions:
        assert sum(f"{q.number}. Elder and younger" in t for t in text) == 1


def test_an_existing_file_is_kept_unless_force_and_a_link_is_replaced_not_followed(tmp_path, capsys):
    code = make_set("chouine", "melds", 2, 1).code
    mine = tmp_path / "mine.pdf"
    mine.write_text("my own work")
    assert main(["sheet", "--code", code, "--out", str(mine)]) == 2
    err = capsys.readouterr().err
    assert "exists" in err and "--force" in err and err.count("\n") == 1 and mine.read_text() == "my own work"
    link = tmp_path / "link.pdf"
    link.symlink_to(mine)
    assert main(["sheet", "--code", code, "--out", str(link)]) == 2
    assert mine.read_text() == "my own work"
    dangling = tmp_path / "dangling.pdf"
    dangling.symlink_to(tmp_path / "elsewhere.pdf")
    assert main(["sheet", "--code", code, "--out", str(dangling)]) == 2
    assert not (tmp_path / "elsewhere.pdf").exists()
    capsys.readouterr()
    assert main(["sheet", "--code", code, "--out", str(link), "--force"]) == 0
    assert not link.is_symlink() and link.read_bytes().startswith(b"%PDF") and mine.read_text() == "my own work"
    assert main(["sheet", "--code", code, "--out", str(mine), "--force"]) == 0
    assert mine.read_bytes().startswith(b"%PDF")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dangling.pdf", "link.pdf", "mine.pdf"]  # no temporary file left


@pytest.mark.parametrize("out", ["", "   ", "."])
def test_an_empty_name_or_a_folder_is_refused_force_or_not(tmp_path, capsys, monkeypatch, out):
    monkeypatch.chdir(tmp_path)
    code = make_set("chouine", "melds", 2, 1).code
    for force in ([], ["--force"]):
        assert main(["sheet", "--code", code, "--out", out, *force]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(SheetError):
        write_pdf(make_set("chouine", "melds", 2, 1), None)


def _texts(path) -> list[str]:
    doc = pdfium.PdfDocument(str(path))
    return [doc[i].get_textpage().get_text_range().replace("\r\n", "\n") for i in range(len(doc))]


def test_each_card_carries_its_suit_symbol(tmp_path):
    # one question on one page: as many of each suit's symbol as cards of that suit are drawn
    ex = make_set("sixtysix", "best", 1, 2)
    out = tmp_path / "s.pdf"
    write_pdf(ex, out)
    page = _texts(out)[0]
    drawn = [c for _, cards in ex.questions[0].cards for c in cards]
    for suit in {c.suit for c in drawn} | {s for s in type(drawn[0].suit)}:
        assert page.count(suit.symbol) == sum(c.suit is suit for c in drawn), suit


def test_an_answer_box_follows_each_question(tmp_path):
    ex = make_set("piquet", "score", 5, 6)
    out = tmp_path / "p.pdf"
    pages = write_pdf(ex, out)
    text = "\n".join(_texts(out)[:pages["questions"]])
    assert text.count("Answer") == len(ex.questions)
    starts = [text.index(f"{q.number}. Elder and younger") for q in ex.questions] + [len(text)]
    for q, a, b in zip(ex.questions, starts, starts[1:]):
        assert text[a:b].count("Answer") == 1, q.number  # the box under the question, before the next


# sets whose key, laid out line after line, ran entries over a page (Truc's 3, 5, 10 and 20;
# Sixty-Six's 5 and 11)
@pytest.mark.parametrize("game, kind, count", [("truc", "truc", 20), ("sixtysix", "tricks", 20)])
def test_no_entry_of_the_key_is_split_across_pages(tmp_path, game, kind, count):
    import re

    ex = make_set(game, kind, count, 10)
    out = tmp_path / "k.pdf"
    pages = write_pdf(ex, out)
    assert pages["key"] >= 2  # long enough to turn a page
    key = [" ".join(t.split()) for t in _texts(out)[pages["questions"]:]]
    for q in ex.questions:
        first = " ".join(f"{q.number}. {q.answer}".split())[:40]
        last = " ".join(q.working[-1].split())[:40]
        on = [i for i, t in enumerate(key) if re.search(r"(?<!\d)" + re.escape(first), t)]  # not 13. for 3.
        assert len(on) == 1, q.number
        assert last in key[on[0]], f"entry {q.number} of the key runs over a page"


def test_the_html_keeps_each_question_and_each_key_entry_whole():
    from html.parser import HTMLParser

    from tutor.exercises import questions_html

    class Items(HTMLParser):
        def __init__(self):
            super().__init__()
            self.items: list[tuple[str, str]] = []

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if tag == "li" and a.get("class") in ("tutor-question", "tutor-key-entry"):
                self.items.append((a["class"], a.get("style") or ""))

    ex = make_set("sixtysix", "tricks", 4, 1)
    parser = Items()
    parser.feed(questions_html(ex, key=True))
    kinds = [k for k, _ in parser.items]
    assert kinds.count("tutor-question") == 4 and kinds.count("tutor-key-entry") == 4
    assert all("break-inside:avoid" in style and "page-break-inside:avoid" in style for _, style in parser.items)


def test_tute_text_names_the_cards_as_the_spanish_pack_draws_them(tmp_path):
    import re

    from tutor.exercises import name_cards, questions_html

    code = re.compile(r"(?<![\w'])[AKQJ2-7][SHDC](?![\w'])")
    ex = make_set("tute", "tricks", 3, 2)
    assert any(code.search(q.prompt + q.answer + " ".join(q.working)) for q in ex.questions)  # the engine's notation
    out = tmp_path / "t.pdf"
    write_pdf(ex, out)
    text = "\n".join(_texts(out))
    assert not code.search(text), code.search(text)
    assert "de bastos" in text or "de oros" in text or "de copas" in text or "de espadas" in text
    assert not code.search(re.sub(r"<[^>]*>", " ", questions_html(ex, key=True)))
    # the caballo is named as drawn (C on the card), not as the French queen's code; and a bracket
    # that is not the card's name is kept
    assert name_cards("Elder plays QC. KC QC (40). 2C (dos de bastos)", "spanish40") == \
        "Elder plays caballo de bastos. rey de bastos caballo de bastos (40). dos de bastos"
    assert name_cards("Trumps are clubs.", "spanish40") == "Trumps are bastos."
    assert name_cards("Elder plays QC.", "pack24") == "Elder plays QC."  # a French pack keeps its notation
