"""The exchange advisor's speed in the reader's browser (run: python tests/benchmarks/bench_advisor_lite.py).

Target (issue: the exact exchange advisor): the full elder table (1,585 discards, every draw
counted) in at most 5 s in JupyterLite. This builds the site (or uses the one named by
``TUTOR_TEST_SITE``), opens the exchange-strategy chapter live in Debian's chromium, runs its
cells, then types seeds into the advisor panel (each figure is the panel's own timing of
``advise()`` under Pyodide; the chapter has worked out seed 1's table already, so the per-suit
caches are warm), and last runs a cell of its own that times tables with those caches cleared
first (cold, as for a reader's very first hand). Prints, never asserts.
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from playwright.sync_api import sync_playwright

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.browser.lite import advisor_seconds, open_live, run_new_cell
from tutor import site
from tutor.games.piquet import Deal

SEEDS = ("2", "3", "4", "5", "6")
COLD = (
    "import time; from tutor.games.piquet import Deal, advisor; "
    "cold = [(advisor._FACTORS.clear(), advisor._SUBSETS.clear(), time.perf_counter(), "
    "advisor.advise(Deal.from_seed(s).elder), time.perf_counter()) for s in range(1, 6)]; "
    "print('cold tables:', ' '.join(f'{c[4] - c[2]:.3f}' for c in cold))"
)


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="tutor-bench-site-") as tmp:
        if os.environ.get("TUTOR_TEST_SITE"):
            site_dir = Path(os.environ["TUTOR_TEST_SITE"])
        else:
            t = time.perf_counter()
            site_dir = site.build(Path(tmp) / "site", progress=lambda *a, **k: None)
            print(f"site built in {time.perf_counter() - t:.0f} s")
        server = site.make_server(site_dir, port=0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_port}"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                idle = open_live(page, url, "piquet/strategy")
                print(f"JupyterLite: kernel idle after {idle:.1f} s")
                figures = advisor_seconds(page, {s: str(Deal.from_seed(s).elder) for s in SEEDS})
                cold = run_new_cell(page, COLD, "cold tables:").split(":")[1].split()
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    print("full elder table in the browser (Pyodide), as the advisor panel times it (target 5 s):")
    for hand, secs in figures:
        print(f"  {hand:<56} {secs:6.2f} s")
    for seed, secs in zip(range(1, 6), cold):
        print(f"  seed {seed}, caches cleared first (cold){'':<21} {float(secs):6.2f} s")


if __name__ == "__main__":
    main()
