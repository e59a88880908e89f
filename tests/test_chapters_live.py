"""Every chapter's code runs where myst-nb is absent, as it is live in the browser (JupyterLite)."""

import pathlib
import re

import pytest

BOOK = pathlib.Path(__file__).parent.parent / "book"
CHAPTERS = sorted(p for p in BOOK.rglob("*.md") if "_build" not in p.parts and "kernelspec:" in p.read_text()[:400])
CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```", re.S | re.M)
WITH_CODE = [p for p in CHAPTERS if CELL.search(p.read_text())]


@pytest.fixture(scope="module")
def ran() -> dict:
    """Every chapter's code run once, each chapter in a namespace of its own, in one Python where
    myst-nb cannot be imported (as under Pyodide): one start-up for all the chapters."""
    from tutor.live_markdown import run_without_myst_nb

    jobs = {str(p.relative_to(BOOK)): ["\n".join(line for line in code.splitlines() if not line.startswith(":"))
                                        for code in CELL.findall(p.read_text())] for p in WITH_CODE}  # fmt: skip
    return run_without_myst_nb(jobs)


def test_the_book_has_a_part_for_every_registered_game():
    from tutor.games import GAMES

    parts = {p.parent.name for p in CHAPTERS}
    assert set(GAMES) <= parts and len(CHAPTERS) >= 15


@pytest.mark.parametrize("chapter", WITH_CODE, ids=lambda p: str(p.relative_to(BOOK)))
def test_chapter_code_runs_without_myst_nb(ran, chapter):
    result = ran[str(chapter.relative_to(BOOK))]
    assert "error" not in result, result.get("error", "")[-2000:]
