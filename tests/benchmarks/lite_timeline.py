"""Where the seconds go between clicking "try it live" and a working panel, in Chromium.

    python tests/benchmarks/lite_timeline.py SITE_DIR [game] [--warm]

SITE_DIR is a site built by ``tutor book --build-only --out SITE_DIR``; it is copied, and the copy's
Pyodide kernel worker is given a console line at each stage of its start (the site itself is not
changed). Prints, in seconds after the click: the requests of 0.2 MB or more (``-v``: every
request), the worker's stages (Pyodide loaded with its preloaded packages, the package manager,
``import pyodide_kernel``), the page's and the worker's console, the kernel's status, each cell's
execution count as it appears, the panel's first card button, and the bytes fetched since the
click until then (response bodies as transferred). ``--warm`` opens the chapter once first in a
browser profile on disk and prints the second opening: the profile's HTTP cache and code cache
warm, as in a reader's own browser (Chromium keeps compiled code only in a profile on disk, never
in a private context).
``TL_TIMEOUT`` (seconds, default 120) bounds the wait for the panel.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, forget, open_profile  # noqa: E402
from tests.browser.play import GAMES, panel_of  # noqa: E402
from tutor import site  # noqa: E402

# the worker's stages: Pyodide.initialize calls these in turn
_STAGES = ("initRuntime", "initFilesystem", "initPackageManager", "initKernel", "initGlobals")

# in the page: kernel status, execution counts and the first card button, each with Date.now()
_WATCH = """(() => {
  const seen = new Set();
  const say = (what) => { if (!seen.has(what)) { seen.add(what); console.log('TL ' + Date.now() + ' ' + what); } };
  const look = () => {
    for (const el of document.querySelectorAll('.jp-Notebook-ExecutionIndicator, .jp-StatusBar-TextItem'))
      if (/Pyodide|Idle|Busy|Starting|Connecting|Unknown/.test(el.textContent || el.title || ''))
        say('status ' + (el.textContent || '').trim() + ' ' + (el.title || '').slice(0, 60));
    if (document.querySelector('.jp-Notebook .jp-Cell')) say('first cell drawn');
    document.querySelectorAll('.jp-InputPrompt').forEach((p, i) => {
      const t = p.textContent.trim(); if (t && t !== '[ ]:') say('cell ' + i + ' ' + t);
    });
    const b = document.querySelector('button.tutor-card-button');
    if (b && b.getBoundingClientRect().width > 0) say('first card button');
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
})();"""


def instrument(site_dir: Path, into: Path) -> Path:
    """A copy of ``site_dir`` whose kernel worker logs ``TL <Date.now()> <stage>`` around each stage."""
    shutil.copytree(site_dir, into, symlinks=True)
    workers = list((into / site.LITE / "extensions").rglob("comlink.worker.*.js"))
    for worker in workers:
        text = worker.read_text(encoding="utf-8")
        for stage in _STAGES:
            text = text.replace(f"await this.{stage}(e)",
                                f"(console.log('TL '+Date.now()+' worker {stage} start'),await this.{stage}(e),"
                                f"console.log('TL '+Date.now()+' worker {stage} end'))")
        worker.write_text(text, encoding="utf-8")
    return into


def timeline(page, url: str, game) -> list[tuple[float, str]]:
    events: list[tuple[float, str]] = []
    starts: dict[object, float] = {}
    sizes: list[tuple[float, int]] = []  # (finished at, bytes transferred) of each request
    clock = {}

    def now_ms() -> float:
        return time.time() * 1000

    def on_console(msg) -> None:
        m = re.match(r"TL (\d+) (.*)", msg.text)
        if m:
            events.append((float(m[1]), m[2]))
        elif msg.text.strip():
            events.append((now_ms(), "console " + msg.text.strip().splitlines()[0][:110]))

    def on_request(req) -> None:
        starts[req] = now_ms()

    def on_finished(req) -> None:
        t1 = now_ms()
        try:
            size = req.sizes()["responseBodySize"]
        except Exception:  # noqa: BLE001 - a request whose sizes are gone
            size = -1
        name = req.url.split("?")[0].split("/lite/", 1)[-1]
        sizes.append((t1, max(size, 0)))
        events.append((starts.get(req, t1), f"req  {name} ({size / 1e6:.2f} MB) ... {(t1 - starts.get(req, t1)) / 1000:.2f} s"))
        events.append((t1, f"done {name}"))

    page.on("console", on_console)
    page.on("worker", lambda w: (events.append((now_ms(), f"worker started {w.url.rsplit('/', 1)[-1]}")),
                                 w.on("console", on_console)))
    page.on("request", on_request)
    page.on("requestfinished", on_finished)
    page.add_init_script(_WATCH)
    page.goto(f"{url}/{game.chapter}.html")
    clock["click"] = now_ms()
    page.locator("a.tutor-live-lite").click()
    panel = panel_of(page, game)
    try:
        panel.locator("button.tutor-card-button").first.wait_for(timeout=float(os.environ.get("TL_TIMEOUT", 120)) * 1000)
        seen = now_ms()
        events.append((seen, "panel visible (playwright)"))
        before = [size for t, size in sizes if clock["click"] <= t <= seen]
        events.append((seen, f"fetched {sum(before) / 1e6:.2f} MB in {len(before)} requests since the click"))
    except Exception as e:  # noqa: BLE001 - the timeline so far says why
        events.append((now_ms(), f"NO PANEL: {str(e).splitlines()[0]}"))
    page.wait_for_timeout(300)
    return sorted((round((t - clock["click"]) / 1000, 2), what) for t, what in events if t >= clock["click"] - 1)



def main(argv: list[str]) -> int:
    site_dir = Path(argv[0])
    name = next((a for a in argv[1:] if a in GAMES), "piquet")
    warm = "--warm" in argv
    verbose = "-v" in argv
    with tempfile.TemporaryDirectory(prefix="lite-timeline-") as tmp:
        copy = instrument(site_dir, Path(tmp) / "site")
        server = site.make_server(copy, port=0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_port}"
        print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; {name}; {'warm' if warm else 'cold'}")
        with sync_playwright() as p:
            if warm:
                context = open_profile(p, Path(tmp) / "profile")
                timeline(context.new_page(), url, GAMES[name])
                forget(context, {url})  # what it stored (its tabs: not reopened), not the caches
            else:
                context = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS).new_context(viewport=VIEWPORT)
            events = timeline(context.new_page(), url, GAMES[name])
            context.close()
        server.shutdown()
    shown = set()
    for t, what in events:
        if what.startswith(("worker ", "console ")) and what in shown:
            continue  # a worker's console line comes to the page's listener and to the worker's
        shown.add(what)
        if verbose or not what.startswith(("req ", "done ")) or re.search(r"\((\d+\.\d\d) MB\)", what) and \
                float(re.search(r"\((\d+\.\d\d) MB\)", what)[1]) >= 0.2:
            print(f"{t:7.2f}  {what}")
    print(f"load average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
