"""Time from opening a chapter live (the "try it live" link of its static page) to a working panel,
and the time of each click, in the built JupyterLite, in Chromium; goal: a working panel within 8 s.

    python tests/benchmarks/bench_lite_panels.py [SITE_DIR] [game ...]
    python tests/benchmarks/bench_lite_panels.py SITE_DIR --against OLD_SITE_DIR [--fresh-server] [game ...]

SITE_DIR is a site built by ``tutor book --build-only --out SITE_DIR`` (default book/_build/html);
games are those of tests/browser/play.py (default: all). Prints, per game, the seconds until the
Pyodide kernel was idle after running the chapter and until the panel showed its cards, on a
first visit (a private context: nothing cached) and as a reader's next chapter (a browser profile
on disk that has opened another chapter live before: Chromium keeps the compiled Pyodide and
JupyterLab in a profile's code cache, never in a private context, so only a profile shows what a
reader's own browser does on a second chapter; what the pages stored is cleared between chapters,
the caches stay), and the median and slowest click over one deal played as a reader plays it.
The machine's load is printed too: on a shared machine the figures scale with it.

With ``--against OLD_SITE_DIR`` it compares two builds instead: each game's first visit on the old
site and on this one, one after the other in fresh private contexts, the order alternating from
game to game (so the machine's hour falls on both alike), and prints the medians and the
differences of the pairs. ``--fresh-server``: each of those visits served by a server started for it,
as a reader's first visit after ``tutor book`` has started serving (a server compresses a file the
first time it is asked for, unless the build wrote its gzip form).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, forget, open_profile  # noqa: E402
from tests.browser.play import GAMES, open_panel, play_deals  # noqa: E402
from tutor import site  # noqa: E402


def main(argv: list[str]) -> int:
    if "--against" in argv:
        at = argv.index("--against")
        return against(Path(argv[at + 1]), Path(argv[0]), [a for a in argv[1:] if a in GAMES] or list(GAMES),
                       fresh="--fresh-server" in argv)
    site_dir = Path(argv[0]) if argv and argv[0] not in GAMES else ROOT / "book" / "_build" / "html"
    names = [a for a in argv if a in GAMES] or list(GAMES)
    server, url = _serving(site_dir)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'game':<13} {'kernel idle':>11} {'panel ready':>11} {'next chapter':>12} {'clicks':>6} {'median':>7} {'slowest':>7}")
    first, later = [], []
    with sync_playwright() as p, tempfile.TemporaryDirectory() as folder:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        profile = open_profile(p, folder)
        warm_up = names[1] if len(names) > 1 else next(g for g in GAMES if g != names[0])
        visit(profile, url, warm_up)  # the reader's first chapter, untimed: the profile's caches filled
        for name in names:
            context = browser.new_context(viewport=VIEWPORT)
            page = context.new_page()
            t0 = time.perf_counter()
            panel, idle, ready = open_panel(page, url, GAMES[name])
            times = sorted(play_deals(page, panel, GAMES[name], deals=1))
            context.close()
            warm = visit(profile, url, name)
            first.append(ready)
            later.append(warm)
            print(f"{name:<13} {idle:>10.1f}s {ready:>10.1f}s {warm:>11.1f}s {len(times):>6} {times[len(times) // 2]:>6.2f}s "
                  f"{times[-1]:>6.2f}s   (whole run {time.perf_counter() - t0:.0f} s)")
        profile.close()
        browser.close()
    print(f"panel ready, median (min-max) over {len(names)} games: first visit {statistics.median(first):.1f} s "
          f"({min(first):.1f}-{max(first):.1f}), next chapter {statistics.median(later):.1f} s ({min(later):.1f}-{max(later):.1f}); goal 8 s")
    server.shutdown()
    return 0


def _serving(folder: Path, fresh: bool = False):
    """A server for ``folder`` on a free port, serving in a thread of its own, and its address;
    ``fresh``: as a server in a process of its own starts, with no file compressed yet (what the
    process's servers compressed is kept for all of them)."""
    if fresh:
        site._gzipped.cache_clear()
    server = site.make_server(folder, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}"


def against(old_dir: Path, new_dir: Path, names: list[str], fresh: bool = False) -> int:
    """First visits to each game's chapter on two builds, interleaved (see the module docstring)."""
    dirs = (old_dir, new_dir)
    urls = [] if fresh else [_serving(d)[1] for d in dirs]
    print(f"first visits, old {old_dir} against new {new_dir}{', a server started for each' if fresh else ''}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    ready: list[list[float]] = [[], []]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for i, name in enumerate(names):
            for side in ((0, 1) if i % 2 == 0 else (1, 0)):
                server, url = _serving(dirs[side], fresh=True) if fresh else (None, urls[side])
                context = browser.new_context(viewport=VIEWPORT)
                ready[side].append(open_panel(context.new_page(), url, GAMES[name])[2])
                context.close()
                if server is not None:
                    server.shutdown()
                    server.server_close()
            print(f"{name:<13} old {ready[0][-1]:5.1f}s  new {ready[1][-1]:5.1f}s  (load {os.getloadavg()[0]:.1f})", flush=True)
        browser.close()
    gains = sorted(a - b for a, b in zip(*ready))
    print(f"panel ready on a first visit, median over {len(names)} games: old {statistics.median(ready[0]):.1f} s, "
          f"new {statistics.median(ready[1]):.1f} s; old minus new, pair by pair: median {statistics.median(gains):.2f} s "
          f"({gains[0]:.1f} to {gains[-1]:.1f}), new sooner in {sum(g > 0 for g in gains)} of {len(gains)}")
    return 0


def visit(profile, url: str, name: str) -> float:
    """Open ``name``'s chapter live in the browser ``profile`` (a page of its own); the seconds
    until its panel showed its cards. What the page stored is cleared after it."""
    _, _, ready = open_panel(profile.new_page(), url, GAMES[name])
    forget(profile, {url})
    return ready


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
