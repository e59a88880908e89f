"""The book's build fails on a cell error and on any Sphinx warning (here on a tiny book that
uses the real conf.py)."""

from __future__ import annotations

import shutil

import pytest

from tutor import site

from ..mystbook import HEADER


@pytest.fixture
def tiny_book(tmp_path, monkeypatch):
    book = tmp_path / "book"
    book.mkdir()
    shutil.copy(site.book_dir() / "conf.py", book)
    (book / "vendor").mkdir()
    (book / "_static").mkdir()
    (book / "index.md").write_text("# Tiny\n\n```{toctree}\nchapter\n```\n", encoding="utf-8")
    monkeypatch.setenv("TUTOR_BOOK_DIR", str(book))
    return book


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


@pytest.mark.after_build  # its own load is the test: beside the site's build it only waits on it
def test_many_chapters_executed_in_parallel_on_a_busy_machine_all_build(tiny_book, tmp_path, monkeypatch):
    # More Sphinx processes than cores, each starting chapters' kernels at once, while short TCP
    # connections keep the machine's free ports turning over (as browser tests and downloads do):
    # over TCP a port the client chose could be taken before its kernel bound it ("Address
    # already in use", the kernel dies and the build fails). The book's kernels use no port:
    # every chapter says so (its kernel's own connection file).
    import os
    import threading

    from tests.benchmarks.kernel_start_stress import churn_ports

    chapters = [f"chapter{i}" for i in range(10)]
    (tiny_book / "index.md").write_text("# Tiny\n\n```{toctree}\n" + "\n".join(chapters) + "\n```\n", encoding="utf-8")
    cell = ("```{code-cell} ipython3\nimport json, ipykernel.connect\n"
            "print('transport:', json.load(open(ipykernel.connect.get_connection_file()))['transport'])\n```\n")
    for name in chapters:
        (tiny_book / f"{name}.md").write_text(HEADER + f"# {name}\n\n{cell}", encoding="utf-8")
    monkeypatch.setattr(site, "SPHINX_JOBS", str(4 * (os.cpu_count() or 2)))
    stop = threading.Event()
    churn = threading.Thread(target=churn_ports, args=(stop,), daemon=True)
    churn.start()
    lines: list[str] = []
    try:
        out = site.build(tmp_path / "out", lite=False, progress=lines.append)
    except site.SiteBuildError:
        pytest.fail("\n".join(lines[-40:]))
    finally:
        stop.set()
    for name in chapters:
        assert "transport: ipc" in (out / f"{name}.html").read_text(encoding="utf-8"), name
