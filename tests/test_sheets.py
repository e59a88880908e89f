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
