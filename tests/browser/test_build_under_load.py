"""The book's build under load: more Sphinx processes than cores, each starting chapters' kernels
at once, still builds every chapter (a tiny book that uses the real conf.py). A file of its own:
it runs last, after the site is built, not beside the site's own build (it loads the machine
itself; beside the build it only waits on it)."""

from __future__ import annotations

import pytest

from tutor import site

from ..mystbook import HEADER


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
    # the answer page is the teaching chapter's: a book without that chapter has none
    assert not (out / "answer.html").exists() and not (tiny_book / site.ANSWER_CHAPTER).exists()
