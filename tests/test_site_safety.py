"""`tutor book --out` never deletes what it did not make (the build itself is replaced by a stub:
these tests are about the folders, not Sphinx)."""

from __future__ import annotations

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
    assert (out / "index.html").exists() and (out / site.MANIFEST).read_text().split() == ["index.html", "piquet/play.html"]
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
