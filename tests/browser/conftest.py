"""Browser fixtures: Debian's chromium driven by Playwright, the built site on a local server,
and JupyterLab on the book's notebooks. A missing browser fails these tests; it never skips them
(``.ci/setup-browser`` installs it)."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import threading
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tutor import site

from .site_build import built_site

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip

# The panel the live tests click: the chapter that holds it, the button's text, what its
# output area shows before the click (the state saved in the static page) and after it.
CHAPTER = "piquet/pique-repique"  # the step-by-step scoring panel
BUTTON = "Next step"
BEFORE = re.compile(r"Nothing scored yet")
ANSWER = re.compile(r"Cavendish Law")


@dataclass(frozen=True)
class Panel:
    chapter: str = CHAPTER
    button: str = BUTTON
    before: re.Pattern = BEFORE
    answer: re.Pattern = ANSWER


@pytest.fixture(scope="session")
def panel() -> Panel:
    return Panel()


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory) -> Path:
    return built_site(tmp_path_factory)


@pytest.fixture(scope="session")
def site_url(site_dir):
    server = site.make_server(site_dir, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"no chromium at {CHROMIUM}: run .ci/setup-browser (or set CHROMIUM)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@dataclass
class Traffic:
    """What a page asked for: requests that left localhost, and local ones that failed."""

    external: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)


def _is_local(url: str) -> bool:
    parts = urllib.parse.urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname in ("127.0.0.1", "localhost")


@pytest.fixture
def page(browser, request, tmp_path):
    """A fresh page; ``page.traffic`` records every request that leaves localhost."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    traffic = Traffic()
    context.on("request", lambda r: None if _is_local(r.url) else traffic.external.append(r.url))
    # a request the page itself gave up (a reload or a new address while it was loading) is
    # net::ERR_ABORTED: the browser's doing, not the site's (a missing file is a 404 below)
    context.on("requestfailed", lambda r: None if r.failure == "net::ERR_ABORTED" else traffic.failed.append(f"{r.url} ({r.failure})"))
    context.on("response", lambda r: traffic.failed.append(f"{r.url} ({r.status})") if r.status >= 400 else None)
    page = context.new_page()
    page.on("console", lambda m: traffic.console.append(f"{m.type}: {m.text}"[:300]))
    page.traffic = traffic
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        shot = tmp_path / "failure.png"
        page.screenshot(path=str(shot))
        print(f"screenshot: {shot}\nconsole:\n" + "\n".join(traffic.console[-40:]))
    context.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.rep_call = report
    return report


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def lab_url(tmp_path_factory):
    """JupyterLab on the book's notebooks, started the way ``tutor lab`` starts it."""
    notebooks = tmp_path_factory.mktemp("notebooks")
    site.export_notebooks(notebooks)
    port = _free_port()
    cmd, env = site.lab_command(
        notebooks, tmp_path_factory.mktemp("lab-runtime"), port=port,
        extra_args=["--no-browser", "--IdentityProvider.token=", "--ServerApp.password="],
    )  # fmt: skip
    log = tmp_path_factory.mktemp("lab-log") / "jupyterlab.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/status", timeout=2)
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"JupyterLab did not start:\n{log.read_text()[-3000:]}") from None
                time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture
def tiny_book(tmp_path, monkeypatch):
    """A tiny book that uses the real conf.py, for the tests of the build."""
    book = tmp_path / "book"
    book.mkdir()
    shutil.copy(site.book_dir() / "conf.py", book)
    (book / "vendor").mkdir()
    (book / "_static").mkdir()
    (book / "index.md").write_text("# Tiny\n\n```{toctree}\nchapter\n```\n", encoding="utf-8")
    monkeypatch.setenv("TUTOR_BOOK_DIR", str(book))
    return book
