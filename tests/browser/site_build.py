"""The site the browser tests and tests/test_site_config.py share: built once per session.

When a session holds tests that need the site and tests that do not, tests/conftest.py runs the
first kind last and starts the build as the session starts (``tutor book`` in a process of its
own), so the build overlaps the other tests instead of adding to them."""

from __future__ import annotations

import atexit
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

_built: dict[str, Path] = {}
_background: dict[str, tuple[subprocess.Popen, Path, Path, float]] = {}


def _cleanup(folder: Path) -> None:
    stop_background()
    shutil.rmtree(folder, ignore_errors=True)


def start_in_background() -> None:
    """Start building the whole site (HTML and JupyterLite) in a process of its own."""
    if _built or _background or os.environ.get("TUTOR_TEST_SITE"):
        return
    folder = Path(tempfile.mkdtemp(prefix="tutor-test-site-"))
    atexit.register(_cleanup, folder)
    out, log = folder / "site", folder / "build.log"
    with open(log, "w") as sink:
        proc = subprocess.Popen([sys.executable, "-m", "tutor", "book", "--build-only", "--out", str(out)],
                                stdout=sink, stderr=subprocess.STDOUT, start_new_session=True,
                                cwd=Path(__file__).resolve().parents[2])  # fmt: skip
    _background["site"] = (proc, out, log, time.perf_counter())


def stop_background() -> None:
    """End a build still running (the session is over before it was needed)."""
    for proc, *_ in _background.values():
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)  # the build, Sphinx's workers and their kernels
            proc.wait(30)


def built_site(tmp_path_factory) -> Path:
    """Build the whole site (HTML and JupyterLite) once; ``TUTOR_TEST_SITE`` names one to reuse."""
    if "site" not in _built:
        if os.environ.get("TUTOR_TEST_SITE"):
            _built["site"] = Path(os.environ["TUTOR_TEST_SITE"])
        elif "site" in _background:
            proc, out, log, t0 = _background["site"]
            waited = time.perf_counter()
            if proc.wait():
                raise site.SiteBuildError(f"tutor book failed (exit {proc.returncode}):\n{log.read_text()[-6000:]}")
            print(f"\n[tests] site built in {time.perf_counter() - t0:.1f} s, "
                  f"beside the other tests (waited {time.perf_counter() - waited:.1f} s for it)")
            _built["site"] = out
        else:
            t0 = time.perf_counter()
            _built["site"] = site.build(tmp_path_factory.mktemp("site"))
            print(f"\n[tests] site built in {time.perf_counter() - t0:.1f} s")
    return _built["site"]
