"""The site the browser tests and tests/test_site_config.py share: built once per session.

When a session holds tests that need the site and tests that do not, tests/conftest.py runs the
first kind last and starts the build as the session starts (``tutor book`` in a process of its
own), so the build overlaps the other tests instead of adding to them. Under pytest-xdist the
session's processes share one build: the controller makes a folder for it, the first worker that
needs the site starts the build there, and every worker waits for its exit status in that folder."""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tutor import site

#: the fixtures that build the site (site_url and the live tests' fixtures use site_dir)
SITE_FIXTURES = frozenset({"site_dir", "lite"})
#: names the folder a session's processes share (pytest-xdist's workers and their controller): the
#: controller makes it, the first worker to need the site starts the one build in it
SHARED = "TUTOR_TEST_SHARED"

_built: dict[str, Path] = {}
_started: dict[str, Path] = {}  # the shared folder whose build this session waits for


def _folder() -> tuple[Path, bool]:
    """The folder the build goes in, and whether this process owns it (removes it at the end)."""
    if os.environ.get(SHARED):
        return Path(os.environ[SHARED]), False
    folder = Path(tempfile.mkdtemp(prefix="tutor-test-site-"))
    return folder, True


def share_between_processes() -> Path:
    """Make the folder the session's worker processes share (called by pytest-xdist's controller
    before it starts them); the controller stops the build and removes the folder at the end."""
    folder = Path(tempfile.mkdtemp(prefix="tutor-test-site-"))
    os.environ[SHARED] = str(folder)
    atexit.register(_cleanup, folder)
    return folder


def _cleanup(folder: Path) -> None:
    _stop(folder)
    shutil.rmtree(folder, ignore_errors=True)


def start_in_background() -> None:
    """Start building the whole site (HTML and JupyterLite) in a process of its own, once for
    the session (the first of the session's processes to ask starts it; the others wait for it)."""
    if _built or _started or os.environ.get("TUTOR_TEST_SITE"):
        return
    folder, owned = _folder()
    if owned:
        atexit.register(_cleanup, folder)
    _started["site"] = folder
    try:
        (folder / "started").mkdir()
    except FileExistsError:
        return  # another process of the session builds it
    out, log, rc = folder / "site", folder / "build.log", folder / "rc"
    (folder / "t0").write_text(repr(time.time()))
    # the build, then its exit status in a file (every process of the session can wait on that)
    wrapper = ("import subprocess, sys; code = subprocess.call(sys.argv[2:]); "
               "open(sys.argv[1], 'w').write(str(code))")
    with open(log, "w") as sink:
        proc = subprocess.Popen([sys.executable, "-c", wrapper, str(rc), sys.executable, "-m", "tutor", "book", "--build-only",
                                 "--out", str(out)], stdout=sink, stderr=subprocess.STDOUT, start_new_session=True,
                                cwd=Path(__file__).resolve().parents[2])  # fmt: skip
    (folder / "pid").write_text(str(proc.pid))


def _stop(folder: Path) -> None:
    """End the build in ``folder`` if it still runs: the build, Sphinx's workers and their kernels."""
    try:
        pid = int((folder / "pid").read_text())
    except (OSError, ValueError):
        return
    if not (folder / "rc").exists():
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGTERM)


def stop_background() -> None:
    """End a build still running that this process owns (the session is over before it was needed);
    a build shared with other processes is stopped by the process that made the shared folder."""
    folder = _started.get("site")
    if folder is not None and not os.environ.get(SHARED):
        _stop(folder)


def built_site(tmp_path_factory) -> Path:
    """Build the whole site (HTML and JupyterLite) once; ``TUTOR_TEST_SITE`` names one to reuse."""
    if "site" not in _built:
        if os.environ.get("TUTOR_TEST_SITE"):
            _built["site"] = Path(os.environ["TUTOR_TEST_SITE"])
        else:
            start_in_background()  # no-op once started (by this process or another of the session)
            folder = _started["site"]
            waited = time.perf_counter()
            rc = folder / "rc"
            while not rc.exists():
                if time.perf_counter() - waited > 3600:
                    raise site.SiteBuildError(f"the site's build did not finish in an hour:\n{_log_tail(folder)}")
                time.sleep(0.5)
            code = rc.read_text().strip()
            if code != "0":
                raise site.SiteBuildError(f"tutor book failed (exit {code}):\n{_log_tail(folder)}")
            t0 = float((folder / "t0").read_text())
            print(f"\n[tests] site built in {time.time() - t0:.1f} s (waited {time.perf_counter() - waited:.1f} s for it)")
            _built["site"] = folder / "site"
    return _built["site"]


def _log_tail(folder: Path) -> str:
    try:
        return (folder / "build.log").read_text(errors="replace")[-6000:]
    except OSError:
        return "(no build log)"
