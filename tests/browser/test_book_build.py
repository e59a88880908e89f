"""The book's build fails on a cell error and on any Sphinx warning (here on a tiny book that
uses the real conf.py)."""

from __future__ import annotations

import pytest

from tutor import site

from ..mystbook import HEADER


def _build(tmp_path):
    lines: list[str] = []
    with pytest.raises(site.SiteBuildError):
        site.build(tmp_path / "out", lite=False, progress=lines.append)
    return "\n".join(lines)


def test_a_cell_error_fails_the_build(tiny_book, tmp_path):
    (tiny_book / "chapter.md").write_text(
        HEADER + "# Chapter\n\n```{code-cell} ipython3\nraise ValueError('the engine disagrees')\n```\n",
        encoding="utf-8",
    )
    assert "the engine disagrees" in _build(tmp_path)


def test_a_warning_fails_the_build(tiny_book, tmp_path):
    (tiny_book / "chapter.md").write_text(HEADER + "# Chapter\n\nSee {ref}`no-such-label`.\n", encoding="utf-8")
    assert "no-such-label" in _build(tmp_path)
