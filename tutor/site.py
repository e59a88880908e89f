"""Build, serve and open the book: ``tutor book`` and ``tutor lab``.

The site is the Sphinx + myst-nb HTML of ``book/`` (every chapter executed, warnings are errors)
with a JupyterLite copy of the chapters under ``lite/``, where the panels run in the reader's
browser (Pyodide), and the answer page (``answer.html``, :mod:`tutor.classroom`) with a practice set
of every kind under ``answer-sets/``. Nothing is fetched from a CDN, at build time or in the browser: the Pyodide
runtime comes from ``npm pack``, the wheels from ``pip download``, both kept in :func:`cache_dir`.

Only the standard library is imported at module level: Sphinx, jupytext and JupyterLite are
needed (and imported) only by the functions that use them (``pip install card-games-tutor[book]``).
The book's sources are not in the wheel: these commands work from a source checkout, or from any
folder named by ``TUTOR_BOOK_DIR``.
"""

from __future__ import annotations

import contextlib
import datetime
import email.utils
import functools
import gzip
import hashlib
import http.server
import importlib.metadata
import io
import json
import mimetypes
import os
import re
import shutil
import socket
import stat
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from .errors import TutorError

__all__ = [
    "SiteBuildError",
    "WIDGET_MANAGER",
    "book_dir",
    "book_main",
    "build",
    "cache_dir",
    "chapters",
    "export_notebooks",
    "lab",
    "lab_command",
    "lab_main",
    "lite_config_problems",
    "make_server",
    "serve",
    "trim_widget_manager",
]

Progress = Callable[[str], object]

_SOURCE_ROOT = Path(__file__).resolve().parent.parent

#: the JupyterLite site's folder inside the built site (``live_lite_path`` in book/conf.py)
LITE = "lite"

#: what a chapter runs first in JupyterLite: the wheels are served by the site itself
LITE_INSTALL = """try:  # Pyodide loaded them as it started (tutor.site preloads them); else they come from the site
    import anywidget, ipywidgets, tutor
except ImportError:
    %pip install -q card-games-tutor ipywidgets anywidget"""

#: the kernel Pyodide needs, as pure-Python wheels next to its runtime; versions come from
#: Pyodide's own pyodide-lock.json (jedi and parso, which only IPython's completion would use, are
#: left out: see :data:`_WORKER_INSTALLS`)
PYODIDE_KERNEL_WHEELS = (
    "micropip", "packaging", "ipython", "traitlets", "pygments", "asttokens",
    "decorator", "executing", "matplotlib-inline", "prompt-toolkit", "pure-eval", "six",
    "stack-data", "wcwidth", "typing-extensions",
)  # fmt: skip

#: the runtime files of the npm ``pyodide`` package that JupyterLite serves
PYODIDE_RUNTIME = (
    "pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
    "package.json",
)  # fmt: skip

#: the Python side of ipywidgets and anywidget (the panels' card component), at the versions
#: installed here (so they match the front ends JupyterLite bundles from this environment)
WIDGET_WHEELS = ("comm", "ipywidgets", "jupyterlab_widgets", "anywidget", "psygnal")  # typing-extensions: Pyodide's

#: the JupyterLab extensions bundled into JupyterLite; add a widget library's here
LAB_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "anywidget", "@jupyterlite/pyodide-kernel-extension")

#: this project's own extension for JupyterLite: a chapter runs all its cells when it opens
AUTORUN_EXTENSION = Path(__file__).parent / "lite" / "tutor-autorun"

#: what a chapter says first in JupyterLite, above its (collapsed) code
LITE_NOTE = (
    "**This chapter starts by itself**: Python loads in your browser (a few seconds the first time), "
    "then every cell runs and the panels appear below, ready to click. The code is folded away: click "
    "a cell's bar to see it. If no panel appears, choose *Run ▸ Run All Cells*."
)

#: cells whose code JupyterLite shows folded: those the book hides, and those that make a panel
_FOLD_TAGS = {"remove-input", "hide-input", "remove-cell"}

_PYODIDE_KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

#: JupyterLite plugins the live copy leaves off. The service worker gives the kernel the browser's
#: notebook storage as its working folder (/drive), which the chapters never read, and it costs
#: the start a synchronous round trip to the page for every module Python imports (about a hundred
#: while the kernel starts: seconds); without it the kernel works in Pyodide's own folder.
LITE_DISABLED_PLUGINS = ("@jupyterlite/application-extension:service-worker-manager",)
#: JupyterLab settings of the live copy: closing a chapter's tab shuts its kernel down (each holds a
#: Pyodide interpreter: a reader who visits many chapters would otherwise keep them all running)
LITE_SETTINGS = {"@jupyterlab/notebook-extension:tracker": {"kernelShutdown": True}}
_LITE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}

# ipykernel 7 prints this once per executed chapter; it says nothing about the book
_NOISE = ("Kernel is running over TCP without encryption",)


class SiteBuildError(RuntimeError):
    """A stage of the site build failed; the message holds the tool's own output."""


# -- places ----------------------------------------------------------------------------------


def book_dir() -> Path:
    """The book's sources: ``$TUTOR_BOOK_DIR``, else ``book/`` of this source checkout."""
    path = Path(os.environ.get("TUTOR_BOOK_DIR") or _SOURCE_ROOT / "book")
    if not (path / "conf.py").is_file():
        raise SiteBuildError(
            f"no book at {path} (no conf.py): run from a source checkout of card-games-tutor or set TUTOR_BOOK_DIR"
        )
    return path


def cache_dir() -> Path:
    """Downloads kept between builds: ``$TUTOR_CACHE_DIR``, else ``~/.cache/card-games-tutor``."""
    if os.environ.get("TUTOR_CACHE_DIR"):
        return Path(os.environ["TUTOR_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "card-games-tutor"


def _source_env() -> dict[str, str]:
    """The environment for Sphinx, its kernels and JupyterLab: this checkout's ``tutor`` first."""
    env = dict(os.environ)
    if (_SOURCE_ROOT / "pyproject.toml").is_file():
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(_SOURCE_ROOT), env.get("PYTHONPATH")]))
    return env


# -- chapters as notebooks -------------------------------------------------------------------


def panels_of(game: str, book: Path | None = None) -> list[tuple[str, str]]:
    """The panels the chapters of ``game``'s part open, as (chapter, kind) pairs: the chapter
    without its suffix (``chouine/rules``) and the panel's kind in a link (``chouine.PlayPanel``,
    its module under :mod:`tutor.widgets` and its class). The part's ``play`` chapter first, then
    its ``rules`` chapter, then the others in order of their names, and its narrated deal
    (``a-deal-played-well``, which tells its story before its table) last."""
    book = book or book_dir()
    part = book / game
    pages = sorted(part.glob("*.md"), key=lambda p: ({"play": 0, "rules": 1, "a-deal-played-well": 3}.get(p.stem, 2), p.stem))
    if not pages:
        raise SiteBuildError(f"the book has no part for {game} (no {part})")
    found = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for module, names in re.findall(r"^from tutor\.widgets\.(\w+) import ([\w, ]+)$", text, flags=re.M):
            for name in (n.strip() for n in names.split(",")):
                if name and re.search(rf"^{name}\(", text, flags=re.M) and (f"{game}/{page.stem}", f"{module}.{name}") not in found:
                    found.append((f"{game}/{page.stem}", f"{module}.{name}"))
    return found


def chapters(book: Path | None = None) -> list[Path]:
    """The book's notebooks: MyST markdown files whose jupytext header names a kernel."""
    import jupytext

    book = book or book_dir()
    found = []
    for path in sorted(book.rglob("*.md")):
        rel = path.relative_to(book)
        if any(part.startswith((".", "_")) or part == "vendor" for part in rel.parts[:-1]):
            continue
        if "kernelspec" in jupytext.read(path).metadata:
            found.append(path)
    return found


def export_notebooks(dest: Path, *, book: Path | None = None, lite: bool = False, overwrite: bool = True) -> list[Path]:
    """Write each chapter as ``dest/<same path>.ipynb``; return the notebooks written.

    The MyST markup JupyterLab cannot read is rewritten (:mod:`tutor.live_markdown`): glued values
    filled in, answer keys folded, links to chapters made links to their notebooks.

    ``lite=True`` makes them JupyterLite notebooks: the Pyodide kernel, and a first cell that
    installs the package from the site's own wheels. ``overwrite=False`` keeps notebooks that
    already exist (a reader's edits in ``tutor lab``).
    """
    import jupytext
    import nbformat

    from .live_markdown import LiveMarkdown, chapter_titles

    book = book or book_dir()
    sources = chapters(book)
    names = {source: source.relative_to(book).with_suffix("").as_posix() for source in sources}
    todo = {}
    for source in sources:
        target = Path(dest) / source.relative_to(book).with_suffix(".ipynb")
        if target.exists() and not overwrite:
            continue
        todo[source] = (target, jupytext.read(source))
    # the MyST markup JupyterLab does not read (glued values, folded keys, links), rewritten
    titles = chapter_titles((names[s], s.read_text(encoding="utf-8")) for s in sources)
    live = LiveMarkdown({names[s]: nb for s, (_, nb) in todo.items()}, titles, env=_source_env())
    written = []
    for source, (target, nb) in todo.items():
        live.convert_notebook(names[source], nb)
        nb.metadata.pop("jupytext", None)
        if lite:
            nb.metadata["kernelspec"] = dict(_LITE_KERNELSPEC)
            nb.metadata["tutor"] = {"run_on_open": True}  # read by the tutor-autorun extension
            nb.cells.insert(0, nbformat.v4.new_code_cell(LITE_INSTALL))
            for cell in nb.cells:
                if cell.cell_type == "code" and (cell is nb.cells[0] or _FOLD_TAGS & set(cell.metadata.get("tags", ()))
                                                 or "Panel(" in cell.source):
                    cell.metadata.setdefault("jupyter", {})["source_hidden"] = True
            nb.cells.insert(0, nbformat.v4.new_markdown_cell(LITE_NOTE))
        target.parent.mkdir(parents=True, exist_ok=True)
        jupytext.write(nb, target, fmt="ipynb")
        written.append(target)
    return written


# -- running tools ---------------------------------------------------------------------------


def _at_once(parts: Sequence[tuple[str, Callable[[], None]]], progress: Progress) -> None:
    """Run the build's ``parts`` (each a stage: its words, and the work) at once, each in a thread
    of its own (the work of each is done in processes of its own: Sphinx, its kernels, Node, the
    engines), and wait for every one; the first part that failed, in the order given, raises its
    error. On its own the HTML build keeps the machine's cores busy for only part of its time."""
    def staged(what: str, work: Callable[[], None]) -> None:
        with _stage(progress, what):
            work()

    if len(parts) == 1:
        staged(*parts[0])
        return
    with ThreadPoolExecutor(max_workers=len(parts), thread_name_prefix="tutor-book") as pool:
        done = [pool.submit(staged, what, work) for what, work in parts]
    for part in done:
        part.result()


@contextlib.contextmanager
def _stage(progress: Progress, what: str) -> Iterator[None]:
    progress(f"[book] {what} ...")
    t0 = time.perf_counter()
    yield
    progress(f"[book] {what}: done in {time.perf_counter() - t0:.1f} s")


def _run(cmd: Sequence[str | os.PathLike[str]], progress: Progress, *, stream: bool = False, **kwargs) -> None:
    """Run a tool; its output is shown as it goes (``stream``) or only if it fails."""
    proc = subprocess.Popen(
        [str(c) for c in cmd], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kwargs
    )
    lines = []
    assert proc.stdout is not None
    for line in proc.stdout:
        if any(n in line for n in _NOISE):
            continue
        lines.append(line.rstrip("\n"))
        if stream:
            progress(lines[-1])
    if proc.wait():
        shown = "" if stream else ":\n" + "\n".join(lines[-60:])
        raise SiteBuildError(f"{' '.join(map(str, cmd[:5]))} ... failed (exit {proc.returncode}){shown}")


def _pip_download(specs: Sequence[str], dest: Path, python_version: str, progress: Progress) -> None:
    """Pure-Python wheels for Pyodide's Python, whatever Python runs the build."""
    dest.mkdir(parents=True, exist_ok=True)
    _run(
        [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:",
         "--python-version", python_version, "--implementation", "py", "--abi", "none",
         "--platform", "any", "--disable-pip-version-check", "-d", dest, *specs],
        progress,
    )  # fmt: skip


# -- the site --------------------------------------------------------------------------------


MANIFEST = ".tutor-site"  # what a build wrote (JSON: each path, its kind, a file's size and time), kept in the site
BUILDING = ".tutor-building"  # put in a build's staging folder while it runs: which process makes it


class SiteTargetError(TutorError):
    """An output folder the book may not be built into (a file, a symbolic link, a folder holding
    what no earlier build wrote, or one that cannot be written)."""


def build(out_dir: Path | str | None = None, *, lite: bool = True, progress: Progress = print) -> Path:
    """Build the book's HTML and (``lite``) its JupyterLite copy into ``out_dir``; return it.

    The default ``out_dir`` is ``book/_build/html``. A cell error or any Sphinx warning fails
    the build with :class:`SiteBuildError`. Nothing the tool did not make is ever deleted: the
    site is built in a fresh folder beside the target and swapped in only when the build has
    succeeded, and a target holding anything its last build did not write is refused
    (:class:`SiteTargetError`), as the default folder is.
    """
    book = book_dir()
    out = Path(out_dir) if out_dir else book / "_build" / "html"
    t0 = time.perf_counter()
    with output_folder(out, progress) as staging:
        # the live copy is made from the chapters' sources, not from the HTML: both at once
        parts: list[tuple[str, Callable[[], None]]] = [
            ("the HTML pages (every chapter executed)", lambda: _build_html(book, staging, lite=lite, progress=progress))]
        if lite:
            parts.append(("JupyterLite", lambda: _build_lite(book, staging / LITE, progress)))
        _at_once(parts, progress)
    progress(f"[book] site built in {time.perf_counter() - t0:.1f} s: {out}")
    return out


# -- the output folder: what the tool wrote, and only that, is replaced ------------------------


def _kind(path: Path) -> str:
    """``d`` a folder, ``f`` a regular file, ``l`` a symbolic link, ``o`` anything else (a fifo,
    a socket, a device), without following a link."""
    mode = path.lstat().st_mode
    return "l" if stat.S_ISLNK(mode) else "d" if stat.S_ISDIR(mode) else "f" if stat.S_ISREG(mode) else "o"


def _entries(folder: Path) -> dict[str, Path]:
    """Every path under ``folder`` (relative, ``/``-separated), links not followed."""
    found = {}
    def fail(error: OSError) -> None:
        raise error

    for root, dirs, files in os.walk(folder, onerror=fail):  # os.walk lists a link to a folder in dirs but does not enter it
        for name in dirs + files:
            path = Path(root) / name
            found[path.relative_to(folder).as_posix()] = path
    return found


def _record(path: Path) -> list:
    st = path.lstat()
    kind = _kind(path)
    return [kind, st.st_size, st.st_mtime_ns] if kind == "f" else [kind, os.readlink(path)] if kind == "l" else [kind]


def write_manifest(site: Path) -> dict[str, list]:
    """List in ``site/MANIFEST`` everything in ``site`` (a build's output): each path with its
    kind, a file's size and modification time, a link's target."""
    entries = {rel: _record(p) for rel, p in sorted(_entries(site).items()) if rel != MANIFEST}
    (site / MANIFEST).write_text(json.dumps({"tutor-site": 1, "entries": entries}, indent=0), encoding="utf-8")
    return entries


def _read_manifest(site: Path) -> dict[str, list] | None:
    path = site / MANIFEST
    if not path.is_file() or path.is_symlink():
        return None
    text = path.read_text(encoding="utf-8", errors="replace")
    with contextlib.suppress(ValueError):
        data = json.loads(text)
        if isinstance(data, dict) and isinstance(data.get("entries"), dict):
            return data["entries"]
    # a plain list of files, as the first builds wrote it: their folders were the build's too
    files = [line for line in text.split("\n") if line]
    entries: dict[str, list] = {f: ["f"] for f in files}
    for f in files:
        for parent in list(Path(f).parents)[:-1]:
            entries.setdefault(parent.as_posix(), ["d"])
    return entries


def _not_ours(out: Path) -> list[str]:
    """What in ``out`` its last build did not write, or changed since (empty: all of it is ours).
    Raises :class:`SiteTargetError` when no build wrote ``out`` at all."""
    entries = _read_manifest(out)
    if entries is None:
        raise SiteTargetError(f"{out} is not empty and no earlier build of the book wrote it: give an empty or new "
                              "folder with --out, or move it away", token=str(out))
    others = []
    for rel, path in _entries(out).items():
        if rel in (MANIFEST, BUILDING):
            continue
        had, now = entries.get(rel), _record(path)
        if had is None or had[0] != now[0] or (len(had) > 1 and had != now):
            others.append(rel + ("/" if now[0] == "d" else ""))
    return sorted(others)


def check_target(out: Path) -> None:
    """Refuse (:class:`SiteTargetError`, one line) an output folder that is a symbolic link or not
    a folder, or that holds anything its last build did not write."""
    if out.is_symlink():
        raise SiteTargetError(f"{out} is a symbolic link: give the folder itself (or a new one) with --out", token=str(out))
    if not out.exists():
        return
    if not out.is_dir():
        raise SiteTargetError(f"--out {out} is a file, not a folder: give a folder for the site", token=str(out))
    try:
        if not any(out.iterdir()):
            return
        others = _not_ours(out)
    except OSError as e:
        raise SiteTargetError(f"{out} cannot be read ({e.strerror}): give a folder you own with --out", token=str(out)) from e
    if others:
        shown = ", ".join(others[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
        raise SiteTargetError(f"{out} holds what no build of the book wrote, or changed since ({shown}): not replacing it; "
                              "move those away or give another folder with --out", token=str(out))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def clean_stale(out: Path, progress: Progress = print) -> list[Path]:
    """Remove the folders beside ``out`` that an interrupted build left (``.NAME.building-*``
    and ``.NAME.old-*``): only those holding this tool's mark, and not a build still running."""
    removed: list[Path] = []
    if not out.parent.is_dir():
        return removed
    for path in sorted(out.parent.glob(f".{out.name}.building-*")) + sorted(out.parent.glob(f".{out.name}.old-*")):
        mark = path / BUILDING
        if path.is_symlink() or not path.is_dir() or mark.is_symlink() or not mark.is_file():
            continue  # not a folder this tool made
        with contextlib.suppress(ValueError, OSError):
            owner = json.loads(mark.read_text(encoding="utf-8"))
            if owner.get("host") == _host() and owner.get("pid") != os.getpid() and _alive(int(owner["pid"])):
                continue  # a build running now
            shutil.rmtree(path)
            removed.append(path)
            progress(f"[book] removed {path.name}, left by an interrupted build")
    return removed


def _host() -> str:
    return socket.gethostname()


@contextlib.contextmanager
def output_folder(out: Path, progress: Progress = print) -> Iterator[Path]:
    """A fresh staging folder beside ``out`` to build the site in; once the body has finished, it
    replaces ``out``, whose old contents (all the last build's, as :func:`check_target` makes sure
    first) are removed. If the body fails, ``out`` is left as it was and the staging folder goes.
    A folder that cannot be made or written is a :class:`SiteTargetError`, one line."""
    check_target(out)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        clean_stale(out, progress)
        staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.building-", dir=out.parent))
    except OSError as e:
        raise SiteTargetError(f"cannot write the site beside {out} ({e.strerror or e}): give a folder you may write "
                              "in with --out", token=str(out)) from e
    mark = staging / BUILDING
    try:
        mark.write_text(json.dumps({"pid": os.getpid(), "host": _host()}), encoding="utf-8")
        yield staging
        mark.unlink()
        write_manifest(staging)
        check_target(out)  # nothing of a reader's has appeared in it while the book was built
        _swap_in(staging, out)
    finally:
        if staging.exists():
            shutil.rmtree(staging)


def _swap_in(staging: Path, out: Path) -> None:
    """Put the finished site in place of the old one, then remove of the old one what its manifest
    lists (all of it, as the checks have shown)."""
    old = None
    if out.exists():
        old = out.with_name(f".{out.name}.old-{os.getpid()}")
        entries = _read_manifest(out) or {}
        (out / BUILDING).write_text(json.dumps({"pid": os.getpid(), "host": _host()}), encoding="utf-8")
        out.rename(old)
    staging.rename(out)
    if old is not None:
        _remove_listed(old, entries)


def _remove_listed(folder: Path, entries: dict[str, list]) -> None:
    """Remove from ``folder`` the files and links ``entries`` lists, then its listed folders left
    empty, then ``folder`` itself if nothing else is in it."""
    for rel in sorted(entries, key=lambda r: r.count("/"), reverse=True):
        path = folder / rel
        with contextlib.suppress(FileNotFoundError):
            if _kind(path) == "d":
                with contextlib.suppress(OSError):
                    path.rmdir()
            elif _kind(path) == entries[rel][0]:
                path.unlink()
    for name in (MANIFEST, BUILDING):
        with contextlib.suppress(FileNotFoundError):
            (folder / name).unlink()
    with contextlib.suppress(OSError):
        folder.rmdir()


#: the chapter that tells a class of the site's answer page (``answer.html``, written beside it)
ANSWER_CHAPTER = "teaching.md"

#: Sphinx's ``-j``: the chapters are executed in parallel, one kernel each (book/conf.py's
#: tutor.book_kernels starts them without TCP ports, so they never race for one)
SPHINX_JOBS = "auto"


#: makes the answer page and its sets (:func:`tutor.classroom.write_site_pages`) in the folder named
_ANSWER_PAGES = "import sys; from pathlib import Path; from tutor import classroom; classroom.write_site_pages(Path(sys.argv[1]))"


def _build_html(book: Path, out: Path, *, lite: bool, progress: Progress) -> None:
    with tempfile.TemporaryDirectory(prefix="tutor-doctrees-") as doctrees, \
            tempfile.TemporaryDirectory(prefix="tutor-answer-page-") as pages:
        no_lite: list[str] = [] if lite else ["-D", "live_lite_path="]  # no "try it live" link to nowhere
        cmd: list[str | os.PathLike[str]] = [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-W", "--keep-going", "-E", "-T", "-j", SPHINX_JOBS,
               "-d", doctrees, *no_lite, book, out]  # fmt: skip
        sphinx = functools.partial(_run, cmd, progress, stream=True, env=_source_env())
        if not (book / ANSWER_CHAPTER).exists():  # the page that chapter describes (a book without it has none)
            sphinx()
        else:
            # the answer page is made by the engines alone, beside Sphinx, and put beside the chapters after
            _at_once([("  Sphinx", sphinx),
                      ("  the answer page and its exercise sets",
                       functools.partial(_run, [sys.executable, "-c", _ANSWER_PAGES, pages], progress, env=_source_env()))],
                     progress)
            for made in sorted(Path(pages).iterdir()):  # answer.html and answer-sets/
                shutil.move(made, out / made.name)
    with _stage(progress, "  the pages' files compressed for serving"):
        precompress(out, skip=(LITE,))  # (the live copy, built beside them, compresses its own)


def _build_lite(book: Path, out: Path, progress: Progress) -> None:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    with tempfile.TemporaryDirectory(prefix="tutor-lite-") as tmp:
        lite_dir = Path(tmp)
        with _stage(progress, f"  Pyodide {PYODIDE_VERSION} and its kernel wheels"):
            python_version = _stage_pyodide(lite_dir / "static" / "pyodide", PYODIDE_VERSION, progress)
        with _stage(progress, "  wheels for %pip install (card-games-tutor, ipywidgets, anywidget)"):
            _stage_pypi(lite_dir / "pypi", python_version, progress)
        with _stage(progress, "  chapters as notebooks"):
            export_notebooks(lite_dir / "files", book=book, lite=True)
        with _stage(progress, "  the kernel and the panels' wheels preloaded with Pyodide"):
            preload = _stage_preload(lite_dir / "static" / "pyodide", lite_dir / "pypi")
        with _stage(progress, "  the preloaded wheels compiled to Pyodide's bytecode"):
            _compile_preloaded(lite_dir / "static" / "pyodide", progress)
        _write_lite_config(lite_dir, out, preload)
        # its task cache once kept an old jupyter-lite.json, and the site fell back to the CDN
        (lite_dir / ".jupyterlite.doit.db").unlink(missing_ok=True)
        with _stage(progress, "  jupyter lite build"):
            _run([sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", lite_dir],
                 progress, cwd=lite_dir)  # fmt: skip
    _trim_kernel_worker(out)
    problems = lite_config_problems(out)
    if problems:
        raise SiteBuildError("the JupyterLite site is not self-contained: " + "; ".join(problems))
    with _stage(progress, "  the live copy's files compressed for serving"):
        precompress(out)


#: the packages the Pyodide kernel's worker installs at each start unless Pyodide preloaded them,
#: as its script lists them. jedi (1.85 MB, with parso 0.19 MB: an eighth of what the live copy
#: fetched before a panel could be played) serves IPython's completion only, and IPython completes
#: without it (its own matchers, ``Completer.use_jedi = False``): the live copy's worker skips it.
_WORKER_INSTALLS = '["ipykernel","comm","pyodide-kernel","jedi","ipython"]'
#: where the worker starts the kernel (``<list>.push("import pyodide_kernel")``)
_WORKER_IMPORT = re.compile(r'\b(\w+)\.push\("import pyodide_kernel"\)')
_NO_JEDI = "pyodide_kernel.ipython_shell.Completer.use_jedi = False"
#: the kernel extension's scripts in the built JupyterLite site
KERNEL_EXTENSION_STATIC = Path("extensions") / "@jupyterlite" / "pyodide-kernel-extension" / "static"


def _trim_kernel_worker(lite_site: Path) -> list[Path]:
    """Make the kernel's worker scripts (our copies in the built site) start the kernel without
    jedi: not installed at start, and IPython told to complete without it. Returns the scripts
    changed; raises :class:`SiteBuildError` if the worker is not written as expected (a new
    version of the kernel extension is to be looked at again)."""
    changed = []
    for script in sorted((Path(lite_site) / KERNEL_EXTENSION_STATIC).glob("*.js")):
        text = script.read_text(encoding="utf-8")
        if _WORKER_INSTALLS not in text:
            continue
        starts = _WORKER_IMPORT.findall(text)
        if text.count(_WORKER_INSTALLS) != 1 or len(starts) != 1:
            raise SiteBuildError(f"{script.name}: the kernel's start is not written as expected "
                                 f"({text.count(_WORKER_INSTALLS)} install lists, {len(starts)} imports of pyodide_kernel)")
        text = text.replace(_WORKER_INSTALLS, _WORKER_INSTALLS.replace('"jedi",', ""))
        text = _WORKER_IMPORT.sub(lambda m: f'{m[1]}.push("import pyodide_kernel",{json.dumps(_NO_JEDI)})', text)
        script.write_text(text, encoding="utf-8")
        changed.append(script)
    if not changed:
        raise SiteBuildError(f"no script under {KERNEL_EXTENSION_STATIC} lists the kernel's packages {_WORKER_INSTALLS}")
    return changed


def _stage_pyodide(dest: Path, version: str, progress: Progress) -> str:
    """Pyodide's runtime, its kernel's wheels and a lock whose hashes match those wheels.

    Returns the Python version Pyodide runs (``"3.14"``).
    """
    cache = cache_dir() / f"pyodide-{version}"
    tgz = cache / f"pyodide-{version}.tgz"
    if not tgz.exists():
        cache.mkdir(parents=True, exist_ok=True)
        if not shutil.which("npm"):
            raise SiteBuildError("npm is needed once to fetch the Pyodide runtime (npm pack pyodide)")
        _run(["npm", "pack", f"pyodide@{version}", "--pack-destination", cache], progress)
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tar:
        for name in (*PYODIDE_RUNTIME, "pyodide-lock.json"):
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise SiteBuildError(f"{tgz} has no package/{name}")
            (dest / name).write_bytes(member.read())
    lock = json.loads((dest / "pyodide-lock.json").read_text(encoding="utf-8"))
    python_version = ".".join(lock["info"]["python"].split(".")[:2])
    wheels = cache / "wheels"
    entries = [lock["packages"][name] for name in PYODIDE_KERNEL_WHEELS]
    missing = [e for e in entries if not (wheels / e["file_name"]).exists()]
    if missing:
        _pip_download([f"{e['name']}=={e['version']}" for e in missing], wheels, python_version, progress)
    for entry in entries:
        wheel = wheels / entry["file_name"]
        if not wheel.exists():
            raise SiteBuildError(f"pip did not fetch {wheel.name}, which pyodide-lock.json names")
        shutil.copy2(wheel, dest / wheel.name)
        # Pyodide rebuilds its pure wheels, so the lock's sha256 are not PyPI's
        entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    (dest / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    return python_version


def _stage_pypi(dest: Path, python_version: str, progress: Progress) -> None:
    """This package's wheel, built now, and ipywidgets' wheels at the versions installed here."""
    dest.mkdir(parents=True, exist_ok=True)
    cache = cache_dir() / "pypi"
    versions = {name: importlib.metadata.version(name) for name in WIDGET_WHEELS}
    missing = [f"{name}=={v}" for name, v in versions.items() if not any(cache.glob(f"{name}-{v}-*.whl"))]
    if missing:
        _pip_download(missing, cache, python_version, progress)
    for name, v in versions.items():
        for wheel in cache.glob(f"{name}-{v}-*.whl"):
            shutil.copy2(wheel, dest / wheel.name)
    _build_wheel(dest, progress)


def _build_wheel(dest: Path, progress: Progress) -> None:
    """Build this checkout's wheel from a clean copy (setuptools' build/ would keep deleted modules)."""
    if not (_SOURCE_ROOT / "pyproject.toml").is_file():
        raise SiteBuildError("the JupyterLite site needs this package's wheel: build from a source checkout")
    with tempfile.TemporaryDirectory(prefix="tutor-wheel-") as tmp:
        src = Path(tmp) / "src"
        shutil.copytree(_SOURCE_ROOT / "tutor", src / "tutor", ignore=shutil.ignore_patterns("__pycache__"))
        for name in ("pyproject.toml", "README.md", "LICENSE", "MANIFEST.in"):
            if (_SOURCE_ROOT / name).is_file():
                shutil.copy2(_SOURCE_ROOT / name, src / name)
        _run([sys.executable, "-m", "build", "--wheel", "--outdir", dest, src], progress)


def _lab_extension(name: str) -> Path:
    from jupyter_core.paths import jupyter_path

    found = [Path(p) / name for p in jupyter_path("labextensions") if (Path(p) / name / "package.json").exists()]
    if not found:
        raise SiteBuildError(f"the JupyterLab extension {name} is not installed here")
    return found[0]


#: what the Pyodide kernel installs one after the other at each start (micropip, then piplite,
#: then these through piplite), unless Pyodide loaded them already, all at once, from its lock
_KERNEL_PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "ipython")
#: the kernel extension's own wheels (its static/pypi), and which of them to preload
_KERNEL_EXTENSION_WHEELS = ("piplite-", "ipykernel-", "pyodide_kernel-", "widgetsnbextension-4.")


def _stage_preload(pyodide: Path, pypi: Path) -> list[str]:
    """Add the kernel's wheels and the panels' (this package, ipywidgets, anywidget) to Pyodide's
    lock, beside its runtime, so that the kernel loads them all at once while Pyodide starts
    instead of installing them one after the other (and the chapter's ``%pip install`` finds them
    installed). Returns the names to preload (``loadPyodideOptions.packages``)."""
    import re
    import zipfile

    lock_path = pyodide / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    kernel_pypi = _lab_extension("@jupyterlite/pyodide-kernel-extension") / "static" / "pypi"
    wheels = [w for w in sorted(kernel_pypi.glob("*.whl")) if w.name.startswith(_KERNEL_EXTENSION_WHEELS)]
    wheels += sorted(pypi.glob("*.whl"))
    names = list(_KERNEL_PRELOAD)
    for wheel in wheels:
        dist, version = wheel.name.split("-")[:2]
        name = re.sub(r"[-_.]+", "-", dist).lower()
        with zipfile.ZipFile(wheel) as z:
            tops = {n.split("/")[0] for n in z.namelist() if not n.split("/")[0].endswith((".dist-info", ".data"))}
            meta = z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))).decode("utf-8")
        # what it needs that Pyodide's lock holds (typing-extensions for anywidget): loaded with it
        needs = [re.sub(r"[-_.]+", "-", m.group(1)).lower()
                 for m in re.finditer(r"^Requires-Dist: ([A-Za-z0-9._-]+)[^;\n]*$", meta, re.M)]
        imports = sorted(t[:-3] if t.endswith(".py") else t for t in tops if t.endswith(".py") or "." not in t)
        shutil.copy2(wheel, pyodide / wheel.name)
        lock["packages"][name] = {
            "name": name, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
            "imports": imports, "depends": [n for n in needs if n in lock["packages"] or n in names], "unvendored_tests": False,
        }  # fmt: skip
        if name not in names:
            names.append(name)
    lock_path.write_text(json.dumps(lock), encoding="utf-8")
    return names


#: packages whose preloaded wheel keeps its sources beside the bytecode (a traceback in a panel
#: shows the engine's lines); the others become sourceless, as the wheels Pyodide distributes
_KEEP_SOURCE = ("card-games-tutor",)

#: Node drives Pyodide (from the site's own runtime files) through tutor/lite/pycompile.py
_PYCOMPILE_JS = """
const [pyodideDir, wheels, script, keep, roots] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/" });
py.mountNodeFS("/wheels", wheels);
py.runPython(require("fs").readFileSync(script, "utf8"));
const done = py.globals.get("main")(py.toPy(JSON.parse(keep)), py.toPy(JSON.parse(roots))).toJs();
console.log(JSON.stringify(done instanceof Map ? Object.fromEntries(done) : done));
"""


def _startup_modules() -> list[str]:
    """What the kernel imports as it starts (pyodide_kernel: IPython and the rest), what
    ``%pip`` would (piplite), and what a chapter does: the panels of every game."""
    widgets = Path(__file__).parent / "widgets"
    panels = sorted(f"tutor.widgets.{p.stem}" for p in widgets.glob("*.py") if p.stem != "__init__")
    return ["micropip", "piplite.piplite", "pyodide_kernel", "IPython", "ipykernel.comm", "comm", "ipywidgets",
            "anywidget", "tutor", "tutor.games", *panels]


def _compile_preloaded(pyodide: Path, progress: Progress) -> None:
    """Compile the Python files of the wheels beside Pyodide's runtime to its bytecode (the
    reader's browser would compile them at every kernel start: about a second of it), and put
    their new hashes in the lock. Needs Node (as ``npm pack`` did); without it the wheels stay
    as they are and the site works, only slower to start."""
    node = shutil.which("node")
    if not node:
        progress("[book]   no node here: the preloaded wheels stay uncompiled (the live copy starts slower)")
        return
    with tempfile.TemporaryDirectory(prefix="tutor-pyc-") as tmp:
        script = Path(tmp) / "pycompile.mjs"
        script.write_text("import { createRequire } from 'module'; const require = createRequire(import.meta.url);\n"
                          + _PYCOMPILE_JS, encoding="utf-8")
        wheels = Path(tmp) / "wheels"
        wheels.mkdir()
        for wheel in pyodide.glob("*.whl"):
            shutil.copy2(wheel, wheels / wheel.name)
        result = subprocess.run(
            [node, script, pyodide.resolve(), wheels, Path(__file__).parent / "lite" / "pycompile.py",
             json.dumps(list(_KEEP_SOURCE)), json.dumps(_startup_modules())], capture_output=True, text=True)  # fmt: skip
        if result.returncode != 0:
            raise SiteBuildError(f"compiling the preloaded wheels failed:\n{result.stdout}{result.stderr}")
        compiled = json.loads(result.stdout.strip().splitlines()[-1])
        lock_path = pyodide / "pyodide-lock.json"
        lock = json.loads(lock_path.read_text(encoding="utf-8"))
        by_file = {entry["file_name"]: entry for entry in lock["packages"].values()}
        for wheel in wheels.glob("*.whl"):
            shutil.copy2(wheel, pyodide / wheel.name)
            if wheel.name in by_file:
                by_file[wheel.name]["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
        lock_path.write_text(json.dumps(lock), encoding="utf-8")
    progress(f"[book]   {sum(compiled.values())} modules in {len(compiled)} wheels compiled")


def _write_lite_config(lite_dir: Path, out: Path, preload: Sequence[str] = ()) -> None:
    extensions = [str(AUTORUN_EXTENSION)] + [str(_lab_extension(name)) for name in LAB_EXTENSIONS]
    build_config = {
        "LiteBuildConfig": {
            "output_dir": str(out.resolve()),
            "contents": ["files"],
            "apps": ["lab"],
            "no_sourcemaps": True,
            # only the extensions named above, not whatever else this environment holds
            "ignore_sys_prefix": True,
            "federated_extensions": extensions,
        }
    }
    runtime_config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "disabledExtensions": list(LITE_DISABLED_PLUGINS),
            "settingsOverrides": LITE_SETTINGS,
            "litePluginSettings": {_PYODIDE_KERNEL_PLUGIN: {
                "disablePyPIFallback": True,
                **({"loadPyodideOptions": {"packages": list(preload)}} if preload else {}),
            }},
        },
    }
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=2), encoding="utf-8")
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(runtime_config, indent=2), encoding="utf-8")


def lite_config_problems(lite_site: Path) -> list[str]:
    """What in a built JupyterLite site would make the browser leave it (empty: nothing)."""
    config = json.loads((Path(lite_site) / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"].get("litePluginSettings", {}).get(_PYODIDE_KERNEL_PLUGIN, {})
    problems = []
    url = kernel.get("pyodideUrl", "")
    if not url.startswith("./"):
        problems.append(f"pyodideUrl is {url!r}, not a ./ path in the site")
    elif not (Path(lite_site) / url).is_file():
        problems.append(f"pyodideUrl {url} is missing from the site")
    if kernel.get("disablePyPIFallback") is not True:
        problems.append("the PyPI fallback is on")
    return problems


# -- what a reader's browser is sent -----------------------------------------------------------

#: the widget manager's script as Sphinx copies it into the site (``npm/html-manager/embed-amd.js``
#: of ``@jupyter-widgets/html-manager``, vendored unchanged under book/vendor)
WIDGET_MANAGER = Path("_static") / "npm" / "html-manager" / "embed-amd.js"

#: the AMD modules of ipywidgets 7 the script defines for widgets of protocol 1.x (the html
#: manager itself resolves those to copies it bundles, so nothing in the script requires them by
#: name); every widget of the book is ipywidgets 8 or anywidget
WIDGETS7_MODULES = ("base7", "controls7")

#: the source maps css-loader puts beside each stylesheet in the script (``[id, css, "", map]``):
#: only a browser's developer tools read them, and the page turns each into base64 at every load
_CSS_MAP = re.compile(r',\{version:3,sources:\[')


def _end_of_literal(text: str, start: int) -> int:
    """The index just past the object or array literal that opens at ``text[start]``."""
    depth, i, quote = 0, start, ""
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'`":
            quote = c
        elif c in "{[":
            depth += 1
        elif c in "}]":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise SiteBuildError(f"the widget manager's script ends inside a literal opened at {start}")


def trim_widget_manager(script: str) -> str:
    """The widget manager's script without what no page of the book uses: the ipywidgets 7
    modules (:data:`WIDGETS7_MODULES`) and the stylesheets' source maps. Raises
    :class:`SiteBuildError` if the script is not laid out as expected (a new version of it is
    to be looked at again) or if anything in it still names a module taken out."""
    for name in WIDGETS7_MODULES:
        module = re.compile(rf"/\*! For license information please see {name}\.js\.LICENSE\.txt \*/\n"
                            rf'define\("@jupyter-widgets/{name}",.*?\n//# sourceMappingURL={name}\.js\.map;\n\n?', re.S)
        found = module.findall(script)
        if len(found) != 1:
            raise SiteBuildError(f"the widget manager's script holds {len(found)} copies of @jupyter-widgets/{name}, not 1")
        script = module.sub("", script)
        if f"@jupyter-widgets/{name}\"" in script:
            raise SiteBuildError(f"the widget manager's script still names @jupyter-widgets/{name}")
    parts, at = [], 0
    for m in _CSS_MAP.finditer(script):
        if m.start() < at:
            continue
        end = _end_of_literal(script, m.start() + 1)
        if script[end] != "]":
            raise SiteBuildError(f"a stylesheet's source map at {m.start()} is not the last item of its entry")
        parts.append(script[at:m.start()])
        at = end
    parts.append(script[at:])
    return "".join(parts)


# -- serving and JupyterLab -------------------------------------------------------------------


#: the kinds of file served gzip-compressed to a browser that accepts it (pictures, fonts, wheels and
#: archives are compressed already)
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/wasm", "application/xml",
                "image/svg+xml")
#: the types the server gives by file ending before it asks ``mimetypes`` (the standard library's
#: server's own table, ``.gz`` a gzip file whatever it holds, and two it lacks or has otherwise)
EXTENSIONS = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript", ".wasm": "application/wasm"}
#: a build writes NAME.gz beside each file of a compressible kind of at least this many bytes
PRECOMPRESS_MIN = 4096
_GZIP_LEVEL = 6


def content_type(path: str | os.PathLike[str]) -> str:
    """The type the server sends a file with, by its ending (as the standard library's server
    guesses it, from :data:`EXTENSIONS`)."""
    ext = os.path.splitext(path)[1]
    found = EXTENSIONS.get(ext) or EXTENSIONS.get(ext.lower())
    return found or mimetypes.guess_type(os.fspath(path))[0] or "application/octet-stream"


def precompress(folder: Path, *, skip: Sequence[str] = ()) -> int:
    """Write beside every file under ``folder`` that the server compresses, of at least
    :data:`PRECOMPRESS_MIN` bytes, its gzip form (``NAME.gz``), so that the server sends it as it
    is instead of compressing the file when it is first asked for (Pyodide's 10 MB and JupyterLab's
    scripts took about a second of the server's CPU on a reader's first visit to a live chapter).
    Top-level folders named in ``skip`` are left out. Returns how many files were written."""
    todo = []
    for root, dirs, files in os.walk(folder):
        if Path(root) == folder:
            dirs[:] = [d for d in dirs if d not in skip]
        for name in files:
            path = os.path.join(root, name)
            if content_type(name).startswith(COMPRESSIBLE) and not os.path.islink(path) and os.path.getsize(path) >= PRECOMPRESS_MIN:
                todo.append(path)  # (NAME.gz is a gzip file: never compressed again)

    def write(path: str) -> None:
        with open(path, "rb") as f:
            body = gzip.compress(f.read(), compresslevel=_GZIP_LEVEL, mtime=0)
        with open(path + ".gz", "wb") as f:
            f.write(body)

    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:  # (zlib lets go of the GIL)
        list(pool.map(write, todo))
    return len(todo)


@functools.lru_cache(maxsize=256)
def _gzipped(path: str, mtime_ns: int, size: int) -> bytes:
    """A file's bytes gzip-compressed, kept for as long as the file is unchanged (mtime and size)."""
    with open(path, "rb") as f:
        return gzip.compress(f.read(), compresslevel=_GZIP_LEVEL, mtime=0)


def _precompressed(path: str, st: os.stat_result) -> tuple[io.BufferedReader, int] | None:
    """The gzip form a build wrote beside ``path`` (see :func:`precompress`), opened, and its size,
    if it is there and not older than the file (``st``); None otherwise."""
    try:
        f = open(path + ".gz", "rb")  # noqa: SIM115 - the server's copyfile reads and closes it
    except OSError:
        return None
    gz = os.fstat(f.fileno())
    if stat.S_ISREG(gz.st_mode) and gz.st_mtime_ns >= st.st_mtime_ns:
        return f, gz.st_size
    f.close()
    return None


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site, gzip-compressed where the browser accepts it and the kind of file gains
    (the gzip form a build wrote beside a file, else the file compressed at its first request)."""

    def guess_type(self, path):  # (the standard library's asks its extensions_map: EXTENSIONS is that table)
        return content_type(path)

    def log_message(self, format, *args):
        pass

    def _accepts_gzip(self) -> bool:
        codings = self.headers.get("Accept-Encoding", "")
        return any(c.split(";")[0].strip().lower() == "gzip" for c in codings.split(","))

    def _unchanged_since_asked(self, st: os.stat_result) -> bool:
        """Whether the request asks for the file only if changed since a time it has not changed
        since (``If-Modified-Since``, as the standard library's handler reads it for files it
        serves uncompressed)."""
        since = self.headers.get("If-Modified-Since")
        if since is None or "If-None-Match" in self.headers:
            return False
        try:
            asked = email.utils.parsedate_to_datetime(since)
        except (TypeError, IndexError, OverflowError, ValueError):
            return False
        if asked.tzinfo is None:
            asked = asked.replace(tzinfo=datetime.UTC)
        modified = datetime.datetime.fromtimestamp(int(st.st_mtime), datetime.UTC)
        return modified <= asked

    def send_head(self):
        try:
            return self._send_head()
        except (ValueError, OSError):  # a path the system cannot open (a NUL byte, an odd encoding): not found
            self.send_error(404, "File not found")
            return None

    def _send_head(self):
        path = self.translate_path(self.path)
        if "\x00" in path:
            self.send_error(400, "Bad request: a NUL byte in the path")
            return None
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].split("#", 1)[0].endswith("/"):
                return super().send_head()  # the redirect to the folder's address
            path = os.path.join(path, "index.html")
        ctype = self.guess_type(path)
        if not (self._accepts_gzip() and os.path.isfile(path) and ctype.startswith(COMPRESSIBLE)):
            return super().send_head()
        st = os.stat(path)
        if self._unchanged_since_asked(st):
            self.send_response(304)  # the browser's cached copy is current: it reuses it
            self.end_headers()
            return None
        body: io.BufferedIOBase
        made = _precompressed(path, st)
        if made is not None:
            body, length = made
        else:
            data = _gzipped(path, st.st_mtime_ns, st.st_size)
            body, length = io.BytesIO(data), len(data)
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(length))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", email.utils.formatdate(st.st_mtime, usegmt=True))
        self.end_headers()
        return body


class _SiteServer(http.server.ThreadingHTTPServer):
    """A browser that goes elsewhere while a file is still coming (a reader who follows a link
    while Pyodide downloads) closes its connection: that is no error of the server's, and prints
    nothing. Any other error in a request is printed, as the standard library does."""

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):  # a broken pipe, a connection reset
            return
        super().handle_error(request, client_address)


def make_server(site_dir: Path | str, port: int = 8000) -> http.server.ThreadingHTTPServer:
    """An HTTP server for a built site on 127.0.0.1 (``port=0``: any free port)."""
    handler = functools.partial(_QuietHandler, directory=str(site_dir))
    return _SiteServer(("127.0.0.1", port), handler)


def serve(site_dir: Path | str, port: int = 8000, *, progress: Progress = print) -> None:
    """Serve a built site on http://127.0.0.1:PORT/ until interrupted."""
    with make_server(site_dir, port) as server:
        progress(f"[book] serving {site_dir} at http://127.0.0.1:{server.server_port}/ (Ctrl-C to stop)")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            progress("[book] stopped")


def lab_command(
    notebook_dir: Path, runtime_dir: Path, *, port: int = 8888, extra_args: Sequence[str] = ()
) -> tuple[list[str], dict[str, str]]:
    """The command and environment that start JupyterLab on ``notebook_dir``.

    ``runtime_dir`` receives a fresh config, settings and workspace folder: a workspace saved by
    an earlier run can break the next one, and without the tracker setting JupyterLab asks which
    kernel to start instead of starting the notebook's.
    """
    runtime_dir = Path(runtime_dir)
    tracker = runtime_dir / "settings" / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True, exist_ok=True)
    tracker.write_text(json.dumps({"autoStartDefaultKernel": True}), encoding="utf-8")
    env = _source_env()
    env.update(
        JUPYTER_CONFIG_DIR=str(runtime_dir / "config"),
        JUPYTERLAB_SETTINGS_DIR=str(runtime_dir / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(runtime_dir / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(runtime_dir / "runtime"),
    )
    cmd = [
        sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={notebook_dir}",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        # nothing reaches out on its own: no news, no update check, no extension search on PyPI
        "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly",
    ]  # fmt: skip
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--ServerApp.allow_root=True")  # containers and CI often run as root
    return cmd + list(extra_args), env


def lab(
    notebook_dir: Path | str | None = None,
    *,
    port: int = 8888,
    reset: bool = False,
    open_browser: bool = True,
    progress: Progress = print,
) -> int:
    """Open the book's chapters in JupyterLab (blocks until it stops); return its exit code.

    The chapters are written as notebooks into ``notebook_dir`` (default: ``notebooks`` in
    :func:`cache_dir`); notebooks already there are kept, with the reader's edits, unless ``reset``.
    """
    target = Path(notebook_dir) if notebook_dir else cache_dir() / "notebooks"
    written = export_notebooks(target, overwrite=reset)
    progress(f"[book] chapters in {target} ({len(written)} written, the others kept with your edits)")
    with tempfile.TemporaryDirectory(prefix="tutor-lab-") as runtime:
        cmd, env = lab_command(target, Path(runtime), port=port, extra_args=[] if open_browser else ["--no-browser"])
        try:
            return subprocess.call(cmd, env=env)
        except KeyboardInterrupt:
            return 0


# -- command line (wired into tutor.cli) -----------------------------------------------------

_EXTRAS_HINT = " (the book needs its extras: pip install 'card-games-tutor[book]')"


def book_main(argv: Sequence[str] | None = None) -> int:
    from .cli import _Parser  # a mistake on the command line is one line and exit 2

    parser = _Parser(prog="tutor book", description="Build the book (with its JupyterLite copy) and serve it on localhost.")
    parser.add_argument("--no-lite", action="store_true", help="skip the JupyterLite copy (faster)")
    parser.add_argument("--build-only", action="store_true", help="build, do not serve")
    parser.add_argument("--port", type=int, default=8000, help="port to serve on (default 8000)")
    parser.add_argument("--out", type=Path, default=None, help="output folder (default book/_build/html)")
    args = parser.parse_args(argv)
    try:
        site = build(args.out, lite=not args.no_lite)
    except (SiteBuildError, ImportError) as exc:
        print(f"tutor book: {exc}{_EXTRAS_HINT if isinstance(exc, ImportError) else ''}", file=sys.stderr)
        return 1
    if not args.build_only:
        serve(site, args.port)
    return 0


def lab_main(argv: Sequence[str] | None = None) -> int:
    from .cli import _Parser

    parser = _Parser(prog="tutor lab", description="Open the book's chapters in JupyterLab.")
    parser.add_argument("--dir", type=Path, default=None, help="where the notebooks go (default: in the cache)")
    parser.add_argument("--reset", action="store_true", help="rewrite notebooks already there (drops your edits)")
    parser.add_argument("--port", type=int, default=8888)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args(argv)
    try:
        return lab(args.dir, port=args.port, reset=args.reset, open_browser=not args.no_browser)
    except (SiteBuildError, ImportError) as exc:
        print(f"tutor lab: {exc}{_EXTRAS_HINT if isinstance(exc, ImportError) else ''}", file=sys.stderr)
        return 1


def binder_repo(pyproject_text: str) -> str:
    """The ``owner/name`` mybinder builds, from ``[project.urls] Repository`` when it is a GitHub
    address; empty (no Binder link at all) when the project names none."""
    import re
    import tomllib

    urls = tomllib.loads(pyproject_text).get("project", {}).get("urls", {})
    url = str(urls.get("Repository", "")).strip()
    found = re.fullmatch(r"https://github\.com/([\w.-]+/[\w.-]+?)(?:\.git)?/?", url)
    return found.group(1) if found else ""


def project_binder_repo() -> str:
    """:func:`binder_repo` of this checkout's ``pyproject.toml`` (empty where there is none, as
    in an installed wheel)."""
    path = _SOURCE_ROOT / "pyproject.toml"
    return binder_repo(path.read_text(encoding="utf-8")) if path.is_file() else ""
