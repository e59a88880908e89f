"""The site the browser tests and tests/test_site_config.py share: built once per session."""

from __future__ import annotations

import os
import time
from pathlib import Path

from tutor import site

_built: dict[str, Path] = {}


def built_site(tmp_path_factory) -> Path:
    """Build the whole site (HTML and JupyterLite) once; ``TUTOR_TEST_SITE`` names one to reuse."""
    if "site" not in _built:
        if os.environ.get("TUTOR_TEST_SITE"):
            _built["site"] = Path(os.environ["TUTOR_TEST_SITE"])
        else:
            t0 = time.perf_counter()
            _built["site"] = site.build(tmp_path_factory.mktemp("site"))
            print(f"\n[tests] site built in {time.perf_counter() - t0:.1f} s")
    return _built["site"]
