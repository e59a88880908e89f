"""`tutor book --out` never deletes what it did not make (the build itself is replaced by a stub:
these tests are about the folders, not Sphinx)."""

from __future__ import annotations

import json
import os
import pathlib

import pytest

from tutor import site
from tutor.cli import main


@pytest.fixture
def stub_build(monkeypatch):
    calls = []

    def html(book, out, *, lite, progress):
        calls.append(out)
        (out / "index.html").write_text("<html>the book</html>")
        (out / "piquet").mkdir()
        (out / "piquet" / "play.html").write_text("<html>play</html>")

    monkeypatch.setattr(site, "_build_html", html)
    return calls


def build(out):
    return site.build(out, lite=False, progress=lambda *_: None)


def test_a_new_folder_gets_the_site_and_its_manifest(tmp_path, stub_build):
    out = tmp_path / "site"
    build(out)
    entries = json.loads((out / site.MANIFEST).read_text())["entries"]
    assert (out / "index.html").exists() and sorted(entries) == ["index.html", "piquet", "piquet/play.html"]
    assert entries["piquet"] == ["d"] and entries["index.html"][:2] == ["f", len("<html>the book</html>")]
    assert [p.name for p in tmp_path.iterdir()] == ["site"]  # no staging folder left behind


def test_an_earlier_build_is_replaced(tmp_path, stub_build):
    out = tmp_path / "site"
    build(out)
    build(out)
    assert (out / "index.html").exists() and len(stub_build) == 2


def test_a_folder_with_files_the_tool_did_not_write_is_refused_and_kept(tmp_path, stub_build):
    out = tmp_path / "site"
    build(out)
    (out / "my notes.txt").write_text("mine")
    with pytest.raises(site.SiteTargetError, match="my notes.txt"):
        build(out)
    assert (out / "my notes.txt").read_text() == "mine"
    other = tmp_path / "other"
    other.mkdir()
    (other / ".buildinfo").write_text("looks like sphinx")  # a .buildinfo alone proves nothing
    (other / "thesis.tex").write_text("years of work")
    with pytest.raises(site.SiteTargetError):
        build(other)
    assert (other / "thesis.tex").read_text() == "years of work"


def test_a_failed_build_leaves_the_old_site_in_place(tmp_path, stub_build, monkeypatch):
    out = tmp_path / "site"
    build(out)

    def broken(book, out_, *, lite, progress):
        (out_ / "half.html").write_text("half")
        raise site.SiteBuildError("a cell failed")

    monkeypatch.setattr(site, "_build_html", broken)
    with pytest.raises(site.SiteBuildError):
        build(out)
    assert (out / "index.html").exists() and not (out / "half.html").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["site"]


def test_the_cli_refuses_a_file_as_the_output_folder(tmp_path, capsys):
    target = tmp_path / "book.html"
    target.write_text("not a folder")
    assert main(["book", "--build-only", "--no-lite", "--out", str(target)]) == 2
    err = capsys.readouterr().err
    assert "is a file" in err and err.count("\n") == 1 and target.read_text() == "not a folder"


def test_the_book_command_line_mistakes_are_one_line(capsys):
    assert main(["book", "--port", "x"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid int value" in err


def test_the_binder_link_comes_from_the_projects_metadata_or_is_left_out():
    from tutor.site import binder_repo

    with_repo = '[project]\nname = "x"\n[project.urls]\nRepository = "https://github.com/some-one/card-games-tutor.git"\n'
    assert binder_repo(with_repo) == "some-one/card-games-tutor"
    assert binder_repo('[project]\nname = "x"\n') == ""
    assert binder_repo('[project.urls]\nRepository = "https://example.org/x/y"\n') == ""
    here = (pathlib.Path(__file__).parent.parent / "pyproject.toml").read_text()
    assert "OWNER" not in binder_repo(here)


# -- the output folder alone (no build at all) -------------------------------------------------


def fake_build(out, files=("index.html", "a/b.html")):
    """The folder handling of a build, with two files written in place of the book."""
    with site.output_folder(out, progress=lambda *_: None) as staging:
        for f in files:
            (staging / f).parent.mkdir(parents=True, exist_ok=True)
            (staging / f).write_text(f)
    return out


@pytest.mark.parametrize("kind", ["empty folder", "symlink", "dangling symlink", "fifo", "file in a built folder"])
def test_anything_of_a_readers_put_in_a_built_site_is_refused_and_kept(tmp_path, kind):
    out = fake_build(tmp_path / "site")
    thing = out / "a" / "mine"
    if kind == "empty folder":
        thing.mkdir()
    elif kind == "symlink":
        thing.symlink_to(tmp_path)
    elif kind == "dangling symlink":
        thing.symlink_to(tmp_path / "nowhere")
    elif kind == "fifo":
        os.mkfifo(thing)
    else:
        thing.write_text("mine")
    with pytest.raises(site.SiteTargetError, match="a/mine"):
        fake_build(out)
    assert os.path.lexists(thing) and (out / "index.html").read_text() == "index.html"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_file_of_the_build_that_was_changed_or_replaced_is_refused(tmp_path):
    out = fake_build(tmp_path / "site")
    (out / "index.html").write_text("my own index, longer than before")
    with pytest.raises(site.SiteTargetError, match="index.html"):
        fake_build(out)
    assert (out / "index.html").read_text() == "my own index, longer than before"
    out2 = fake_build(tmp_path / "site2")
    (out2 / "a" / "b.html").unlink()
    (out2 / "a" / "b.html").symlink_to(out2 / "index.html")
    with pytest.raises(site.SiteTargetError, match="b.html"):
        fake_build(out2)
    assert (out2 / "a" / "b.html").is_symlink()


def test_the_default_folder_is_checked_as_any_other(tmp_path, monkeypatch, stub_build):
    book = tmp_path / "book"
    book.mkdir()
    (book / "conf.py").write_text("")
    monkeypatch.setenv("TUTOR_BOOK_DIR", str(book))
    default = book / "_build" / "html"
    default.mkdir(parents=True)
    (default / "draft.html").write_text("a reader's page")
    with pytest.raises(site.SiteTargetError, match="no earlier build"):
        site.build(None, lite=False, progress=lambda *_: None)
    assert (default / "draft.html").read_text() == "a reader's page" and not stub_build
    (default / "draft.html").unlink()
    assert site.build(None, lite=False, progress=lambda *_: None) == default and (default / "index.html").exists()


def test_the_old_site_is_removed_by_its_manifest_and_an_empty_folder_is_used(tmp_path):
    out = fake_build(tmp_path / "site", files=("old.html", "x/y/z.html"))
    fake_build(out)
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == [site.MANIFEST, "a", "a/b.html", "index.html"]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert (fake_build(empty) / "index.html").exists()


def test_a_symlink_as_the_output_folder_is_refused_in_one_line(tmp_path, capsys):
    real = fake_build(tmp_path / "real")
    link = tmp_path / "link"
    link.symlink_to(real)
    with pytest.raises(site.SiteTargetError, match="symbolic link"):
        fake_build(link)
    assert link.is_symlink() and (real / "index.html").exists()
    assert main(["book", "--build-only", "--no-lite", "--out", str(link)]) == 2
    err = capsys.readouterr().err
    assert "symbolic link" in err and err.count("\n") == 1


def test_an_unwritable_place_is_one_line(tmp_path, capsys, monkeypatch):
    locked = tmp_path / "locked"
    locked.mkdir()
    if hasattr(os, "geteuid") and os.geteuid() == 0:  # root writes anywhere: the system refuses as it would a user

        def refused(*args, **kwargs):
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(site.tempfile, "mkdtemp", refused)
    locked.chmod(0o555)
    try:
        with pytest.raises(site.SiteTargetError, match="cannot write"):
            fake_build(locked / "site")
        assert main(["book", "--build-only", "--no-lite", "--out", str(locked / "site")]) == 2
    finally:
        locked.chmod(0o755)
    err = capsys.readouterr().err
    assert "cannot write" in err and "Permission denied" in err and err.count("\n") == 1
    assert list(locked.iterdir()) == []


def test_an_output_folder_under_a_file_is_one_line(tmp_path, capsys):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(site.SiteTargetError, match="cannot write"):
        fake_build(tmp_path / "notes.txt" / "site")
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_a_killed_builds_folders_are_cleaned_next_time_and_only_those(tmp_path):
    out = fake_build(tmp_path / "site")
    # what a killed build leaves: its staging folder, with its mark, from a process that is gone
    dead = subprocess_pid_gone()
    for left in (tmp_path / ".site.building-abc123", tmp_path / ".site.old-99"):
        (left / "half").mkdir(parents=True)
        (left / "half" / "page.html").write_text("half built")
        (left / site.BUILDING).write_text(json.dumps({"pid": dead, "host": site._host()}))
    # what the tool did not make, though named like it: no mark, or a mark of a build still running
    (tmp_path / ".site.building-mine").mkdir()
    (tmp_path / ".site.building-mine" / "notes.txt").write_text("mine")
    running = tmp_path / ".site.building-running"
    running.mkdir()
    (running / site.BUILDING).write_text(json.dumps({"pid": os.getppid(), "host": site._host()}))
    (tmp_path / ".site.building-link").symlink_to(tmp_path / ".site.building-mine")
    fake_build(out)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.building-link", ".site.building-mine",
                                                          ".site.building-running", "site"]
    assert (tmp_path / ".site.building-mine" / "notes.txt").read_text() == "mine"


def test_a_building_mark_of_a_killed_swap_does_not_make_the_site_foreign(tmp_path):
    out = fake_build(tmp_path / "site")
    (out / site.BUILDING).write_text(json.dumps({"pid": 1, "host": "elsewhere"}))
    fake_build(out)
    assert (out / "index.html").exists()


def subprocess_pid_gone() -> int:
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_the_html_and_the_live_copy_are_built_at_once_and_a_failure_in_either_fails_the_build(tmp_path, monkeypatch):
    # The live copy is made from the chapters' sources, not from the HTML, so the two are built at
    # the same time (each waits here until the other has started); a part that fails raises its own
    # error once the other has finished, and the target is left as it was.
    import threading

    started = threading.Barrier(2, timeout=10)
    finished = []

    def html(book, out, *, lite, progress):
        started.wait()
        (out / "index.html").write_text("<html>the book</html>")
        finished.append("html")

    def lite(book, out, progress):
        started.wait()
        out.mkdir()
        (out / "index.html").write_text("<html>live</html>")
        finished.append("lite")

    monkeypatch.setattr(site, "_build_html", html)
    monkeypatch.setattr(site, "_build_lite", lite)
    out = tmp_path / "site"
    said: list[str] = []
    site.build(out, lite=True, progress=said.append)
    assert (out / "index.html").exists() and (out / site.LITE / "index.html").exists()
    assert sorted(finished) == ["html", "lite"] and any("JupyterLite: done" in line for line in said)

    def broken(book, out_, progress):
        started.wait()
        raise site.SiteBuildError("jupyter lite build failed")

    monkeypatch.setattr(site, "_build_lite", broken)
    finished.clear()
    with pytest.raises(site.SiteBuildError, match="jupyter lite build failed"):
        site.build(out, lite=True, progress=said.append)
    assert finished == ["html"]  # the other part ran to its end before the error was raised
    assert (out / site.LITE / "index.html").read_text() == "<html>live</html>"  # the last site kept
    assert [p.name for p in tmp_path.iterdir()] == ["site"]
