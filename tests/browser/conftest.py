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
VIEWPORT = {"width": 1280, "height": 900}
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
def playwright():
    if not Path(CHROMIUM).is_file():
        pytest.fail(f"no chromium at {CHROMIUM}: run .ci/setup-browser (or set CHROMIUM)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright):
    """Chromium with a private context for each test that asks for one: nothing kept from a visit
    to the next, as on a reader's very first visit."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


def open_profile(playwright, folder):
    """Chromium with its profile on disk in ``folder`` (a browser context that keeps its caches)."""
    return playwright.chromium.launch_persistent_context(folder, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
                                                         viewport=VIEWPORT)  # fmt: skip


@pytest.fixture(scope="session")
def profile(playwright, tmp_path_factory):
    """Chromium with a profile on disk, kept through the session, as a reader's own browser keeps
    one: the site's files in its HTTP cache and their compiled code in its code cache (Chromium
    keeps the compiled Pyodide and JupyterLab only in a profile on disk, never in a private
    context), so that each chapter after the first starts live as a reader's second chapter does,
    with less to compile. What a page stores is cleared after every test (:func:`page`)."""
    context = open_profile(playwright, tmp_path_factory.mktemp("profile"))
    yield context
    context.close()


@dataclass
class Traffic:
    """What a page asked for: requests that left localhost, and local ones that failed."""

    external: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)


def _is_local(url: str) -> bool:
    parts = urllib.parse.urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname in ("127.0.0.1", "localhost")


#: what a test's pages may have stored, cleared after it (the caches of files and compiled code stay)
STORED = "cookies,file_systems,indexeddb,local_storage,service_workers,cache_storage,websql,shader_cache"


def _watch(context, traffic: Traffic) -> dict:
    """Record in ``traffic`` what the pages of ``context`` ask for; the listeners, to remove them."""
    listeners = {
        "request": lambda r: None if _is_local(r.url) else traffic.external.append(r.url),
        # a request the page itself gave up (a reload or a new address while it was loading) is
        # net::ERR_ABORTED: the browser's doing, not the site's (a missing file is a 404 below)
        "requestfailed": lambda r: None if r.failure == "net::ERR_ABORTED" else traffic.failed.append(f"{r.url} ({r.failure})"),
        "response": lambda r: traffic.failed.append(f"{r.url} ({r.status})") if r.status >= 400 else None,
    }
    for event, listener in listeners.items():
        context.on(event, listener)
    return listeners


def _made_page(context, traffic: Traffic):
    page = context.new_page()
    page.on("console", lambda m: traffic.console.append(f"{m.type}: {m.text}"[:300]))
    page.traffic = traffic
    return page


def _report_failure(request, page, traffic: Traffic, tmp_path: Path) -> None:
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        shot = tmp_path / "failure.png"
        page.screenshot(path=str(shot))
        print(f"screenshot: {shot}\nconsole:\n" + "\n".join(traffic.console[-40:]))


def forget(profile, origins) -> None:
    """Close every page of the browser ``profile`` and clear what pages of ``origins`` stored
    there (cookies, local storage, IndexedDB, where JupyterLite keeps its files and its layout);
    the HTTP cache and the compiled code stay, as a reader's browser keeps them."""
    page = profile.new_page()
    cdp = profile.new_cdp_session(page)
    for origin in sorted(origins):
        cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": STORED})
    cdp.detach()
    profile.clear_cookies()
    for other in profile.pages:
        other.close()


@pytest.fixture
def page(profile, request, tmp_path):
    """A fresh page in the session's browser profile (:func:`profile`); ``page.traffic`` records
    every request that leaves localhost. Afterwards the test's pages are closed and what they
    stored is cleared for every site they visited (:func:`forget`), so no test sees another's."""
    traffic = Traffic()
    origins: set[str] = set()

    def visited(r) -> None:
        parts = urllib.parse.urlsplit(r.url)
        if parts.scheme in ("http", "https"):
            origins.add(f"{parts.scheme}://{parts.netloc}")

    listeners = _watch(profile, traffic)
    profile.on("request", visited)
    page = _made_page(profile, traffic)
    try:
        yield page
        _report_failure(request, page, traffic, tmp_path)
    finally:
        profile.remove_listener("request", visited)
        for event, listener in listeners.items():
            profile.remove_listener(event, listener)
        forget(profile, origins)


@pytest.fixture
def first_visit(browser, request, tmp_path):
    """A fresh page in a private context: nothing cached, as on a reader's first visit (for what
    a first visit fetches)."""
    context = browser.new_context(viewport=VIEWPORT)
    traffic = Traffic()
    _watch(context, traffic)
    page = _made_page(context, traffic)
    try:
        yield page
        _report_failure(request, page, traffic, tmp_path)
    finally:
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
    """A tiny book that uses the real conf.py and the files it names (the book's ``_static``: its
    icon, stylesheet and script), for the tests of the build."""
    book = tmp_path / "book"
    book.mkdir()
    shutil.copy(site.book_dir() / "conf.py", book)
    (book / "vendor").mkdir()
    shutil.copytree(site.book_dir() / "_static", book / "_static")
    (book / "index.md").write_text("# Tiny\n\n```{toctree}\nchapter\n```\n", encoding="utf-8")
    monkeypatch.setenv("TUTOR_BOOK_DIR", str(book))
    return book
