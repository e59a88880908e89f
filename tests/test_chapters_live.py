"""Every chapter's code runs where myst-nb is absent, as it is live in the browser (JupyterLite)."""

import pathlib
import re
import subprocess
import sys

import pytest

BOOK = pathlib.Path(__file__).parent.parent / "book"
CHAPTERS = sorted(p for p in BOOK.rglob("*.md") if "_build" not in p.parts and "kernelspec:" in p.read_text()[:400])
CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```", re.S | re.M)
WITH_CODE = [p for p in CHAPTERS if CELL.search(p.read_text())]

RUNNER = r"""
import sys
sys.modules["myst_nb"] = None  # as under Pyodide: importing it fails
from IPython.display import display
ns = {"display": display}
for i, code in enumerate(CELLS):
    lines = [l for l in code.splitlines() if not l.startswith(":")]
    exec(compile("\n".join(lines), f"cell {i + 1}", "exec"), ns)
"""


def test_the_book_has_a_part_for_every_registered_game():
    from tutor.games import GAMES

    parts = {p.parent.name for p in CHAPTERS}
    assert set(GAMES) <= parts and len(CHAPTERS) >= 15


@pytest.mark.parametrize("chapter", WITH_CODE, ids=lambda p: str(p.relative_to(BOOK)))
def test_chapter_code_runs_without_myst_nb(chapter):
    cells = CELL.findall(chapter.read_text())
    proc = subprocess.run([sys.executable, "-c", f"CELLS = {cells!r}\n" + RUNNER], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
