"""Accessibility and phones, on the built site, in one walk through the book: every page draws all
its saved widgets and asks for nothing away from localhost, axe-core finds no WCAG 2.1 A/AA violation on any
page, no control in a saved panel that does nothing can be reached from the keyboard and each
panel's note saying so comes before it, no page scrolls sideways at 390 px, every tap target is at least 24 px, and each chapter
page is served compressed and weighs under 1.1 MB as transferred and 3.8 MB unpacked (the heaviest,
with a panel, measured 1.01 MB and 3.54 MB; a chapter with a panel was 1.87 MB and 6.38 MB while
the theme's FontAwesome script, 1.56 MB, was loaded too, the widget manager's script still held its
ipywidgets 7 modules and its stylesheets' source maps, 1.28 MB of its 3.6 MB, and every page
loaded the search index).

axe-core comes from the npm registry (``npm pack axe-core``, kept in the tutor's cache folder, as
the Pyodide runtime is); nothing is fetched from anywhere else. A missing ``npm`` fails the test.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tutor import site

from .conftest import _is_local

AXE_VERSION = "4.10.3"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: Violations axe may report that the project does not cause, each with why: (rule id, a CSS
#: selector the offending node matches). Empty: the theme's own are fixed in book/_static.
NOT_OURS: list[tuple[str, str]] = []
PHONE = {"width": 390, "height": 844}
MAX_PAGE_BYTES = 1_100_000
MAX_UNPACKED_BYTES = 3_800_000  # the widget manager's script alone is 2.3 MB (624 kB transferred)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SIDEBAR = ".bd-sidebar-primary"  # the theme's navigation sidebar

# every control a keyboard can reach inside the panels of a page, and what it is; the bar under a
# panel (its links and buttons work without Python) and disabled or inert controls are left out
FOCUSABLE = """() => {
  const sel = 'a[href], button, input, select, textarea, [tabindex]';
  return [...document.querySelectorAll('.widget-subarea')].flatMap(area => [...area.querySelectorAll(sel)])
    .filter(el => !el.disabled && !el.closest('[inert]') && !el.closest('.tutor-bar') && el.tabIndex >= 0)
    .map(el => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent || el.value || '').trim().slice(0, 30)}"`);
}"""

# each panel's subarea has the note just before it (the note is met first, by eye and by keyboard)
NOTE_FIRST = """() => [...document.querySelectorAll('.widget-subarea')].filter(area => area.querySelector('.tutor-table-panel, .widget-button'))
  .map(area => { const p = area.previousElementSibling; return !!(p && p.classList.contains('tutor-static-note')); })"""


@pytest.fixture(scope="session")
def axe_js() -> str:
    """axe.min.js from the npm package ``axe-core`` (packed once into the tutor's cache folder)."""
    folder = site.cache_dir() / "npm" / f"axe-core-{AXE_VERSION}"
    script = folder / "package" / "axe.min.js"
    if not script.is_file():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("npm is needed to fetch axe-core from the npm registry (npm pack axe-core)")
        script.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=folder) as work:  # each process packs its own, then one rename
            subprocess.run([npm, "pack", f"axe-core@{AXE_VERSION}", "--pack-destination", work],
                           check=True, capture_output=True, timeout=300)  # fmt: skip
            with tarfile.open(Path(work) / f"axe-core-{AXE_VERSION}.tgz") as tar:
                member = tar.extractfile("package/axe.min.js")
                assert member is not None, "the axe-core package has no axe.min.js"
                (Path(work) / "axe.min.js").write_bytes(member.read())
            os.replace(Path(work) / "axe.min.js", script)
    return script.read_text(encoding="utf-8")


def book_pages(site_dir: Path) -> list[str]:
    """Every page of the book (not the JupyterLite copy, not the theme's own files)."""
    out = []
    for p in site_dir.rglob("*.html"):
        rel = p.relative_to(site_dir)
        if rel.parts[0] in ("lite", "_static", "_sources", "_images"):
            continue
        out.append(rel.as_posix())
    return sorted(out)


def chapters(site_dir: Path) -> list[str]:
    return [p for p in book_pages(site_dir) if p not in ("genindex.html", "search.html")]


def _settle(page, site_dir: Path, rel: str) -> None:
    """Wait until the page's saved widgets are drawn and the page's own scripts have run on them
    (tutor-site.js says when the page has been still for 100 ms with its fixes made)."""
    views = (site_dir / rel).read_text(encoding="utf-8").count(WIDGET_VIEW)
    drawn = f"document.querySelectorAll('.widget-subarea > .jupyter-widgets').length >= {views}"
    # a page of the site's own that is not a chapter (the answer page) has no tutor-site.js
    quiet = "(window.tutorSiteQuiet === undefined || window.tutorSiteQuiet(100))"
    page.wait_for_function(f"{drawn} && document.readyState === 'complete' && {quiet}", timeout=30_000)


@dataclass
class Visit:
    """A page as a reader's first visit finds it: the bytes each request transferred, the text
    files served uncompressed, and what axe-core reports."""

    sizes: list[tuple[str, int]] = field(default_factory=list)
    plain: list[str] = field(default_factory=list)
    bodies: list[int] = field(default_factory=list)
    axe: list[str] = field(default_factory=list)
    views: int = 0  # the widget views the page holds, saved at build time
    drawn: int = 0  # those the widget manager drew
    external: list[str] = field(default_factory=list)  # requests that left localhost
    failed: list[str] = field(default_factory=list)  # local requests that failed
    dead: list[str] = field(default_factory=list)  # controls in the saved panels a keyboard reaches (FOCUSABLE)
    notes_first: list[bool] = field(default_factory=list)  # each panel with its note before it (NOTE_FIRST)

    @property
    def weight(self) -> int:
        return sum(size for _, size in self.sizes)


AXE_RUN = """async ([tags, skip, exclude]) => {
  const context = exclude && exclude.length ? {exclude: exclude.map(sel => [sel])} : document;
  const result = await axe.run(context, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  const out = [];
  for (const v of result.violations) {
    for (const n of v.nodes) {
      const el = document.querySelector(n.target[0]);
      if (el && skip.some(([rule, sel]) => rule === v.id && el.closest(sel))) continue;
      out.push(`${v.id} (${v.impact}): ${n.target.join(' ')}: ${(n.failureSummary || '').split('\\n').slice(1, 2).join(' ').trim()}`);
    }
  }
  return out;
}"""


@dataclass
class Fetched:
    """A file as the site first sent it: the bytes transferred (headers and body), the body's
    length unpacked, and whether it came uncompressed though a text file of more than 1 kB."""

    sent: int
    unpacked: int
    plain: bool


@pytest.fixture(scope="module")
def first_visits(browser, site_url, site_dir, axe_js) -> dict[str, Visit]:
    """Every page of the book visited once: what a first visit to it transfers, and axe-core's
    report once the page is drawn. The weight and the axe tests read the same visits (one walk
    through the book, not two). One browser context with its cache on, the page's storage emptied
    before each visit: each file is fetched whole the first time a page asks for it, and what it
    transferred then (headers and body) is counted for every page that asks for it, served from
    the cache or not, which is what a first visit to that page transfers (a fresh context asks
    for the same files, request for request). Walking with the cache off instead (the Chrome
    DevTools Protocol's ``Network.setCacheDisabled``) fetches and compiles the widget manager's
    2.3 MB script again on every page: two thirds of the walk's time, for the same figures."""
    visits: dict[str, Visit] = {}
    fetched: dict[str, Fetched] = {}  # by URL: what the site sent the first time
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    flying: set = set()  # the page's own requests not yet finished
    recording = [True]  # off while axe-core runs: it fetches the stylesheets again to read them
    visit = Visit()

    def asked(request):
        if not recording[0]:
            return
        flying.add(request)
        if not _is_local(request.url):
            visit.external.append(request.url)

    def finished(request):
        if request not in flying:
            return
        flying.discard(request)
        response = request.response()
        if response is None:
            return
        first = fetched.get(request.url)
        if first is None:  # the file's first fetch in this context: over the network, whole
            s = request.sizes()
            kind = response.headers.get("content-type", "")
            plain = (kind.startswith(("text/", "application/javascript")) and s["responseBodySize"] > 1024
                     and response.headers.get("content-encoding") != "gzip")  # fmt: skip
            first = fetched[request.url] = Fetched(s["responseBodySize"] + s["responseHeadersSize"], len(response.body()), plain)
        visit.sizes.append((request.url, first.sent))
        visit.bodies.append(first.unpacked)
        if first.plain:
            visit.plain.append(request.url)

    def failed(request):
        if request not in flying:
            return
        flying.discard(request)
        if request.failure != "net::ERR_ABORTED":  # (the browser's own giving up, as in conftest's page)
            visit.failed.append(f"{request.url} ({request.failure})")

    def answered(response):
        if response.request in flying and response.status >= 400:
            visit.failed.append(f"{response.url} ({response.status})")

    def drained(rel: str) -> None:
        for _ in range(60):  # late requests (fonts, MathJax's parts) finish before the sum is made
            if not flying:
                return
            page.wait_for_timeout(50)
        raise AssertionError(f"{rel}: requests still in flight after 3 s: {[r.url for r in flying]}")

    page.on("request", asked)
    page.on("requestfinished", finished)
    page.on("requestfailed", failed)
    page.on("response", answered)
    parts_seen: set[str] = set()
    for rel in book_pages(site_dir):
        # the navigation sidebar is the same on every page of a part (its part's chapters listed,
        # the page's own marked): axe checks it on the part's first page and on every page outside
        # a part, the rest of each page everywhere (the sidebar is a sixth of axe's time a page)
        part = rel.split("/")[0] if "/" in rel else ""
        exclude = [SIDEBAR] if part in parts_seen else []
        if part:
            parts_seen.add(part)
        page.goto("about:blank")
        context.clear_cookies()
        flying.clear()
        recording[0] = True
        visit = visits[rel] = Visit()
        page.goto(f"{site_url}/{rel}")
        _settle(page, site_dir, rel)
        visit.views = (site_dir / rel).read_text(encoding="utf-8").count(WIDGET_VIEW)
        visit.drawn = page.locator(".widget-subarea > .jupyter-widgets").count()
        if visit.views:  # the saved panels for a keyboard (the live ones are another page)
            visit.dead = page.evaluate(FOCUSABLE)
            visit.notes_first = page.evaluate(NOTE_FIRST)
        drained(rel)
        recording[0] = False
        page.add_script_tag(content=axe_js)
        visit.axe = page.evaluate(AXE_RUN, [WCAG, NOT_OURS, exclude])
        drained(rel)
        page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    context.close()
    return visits


def test_every_page_with_widgets_renders_them(first_visits):
    # the widget manager draws each view the page saved into a subarea before its script tag,
    # every one of them; and no page asks for anything away from localhost or misses a file
    with_widgets = {rel: v for rel, v in first_visits.items() if v.views}
    assert with_widgets, "no page of the book holds a widget"
    assert not {rel: (v.drawn, v.views) for rel, v in with_widgets.items() if v.drawn != v.views}
    assert not {rel: v.external for rel, v in first_visits.items() if v.external}
    assert not {rel: v.failed for rel, v in first_visits.items() if v.failed}


def test_axe_finds_no_violation_on_any_page(first_visits):
    assert len(first_visits) > 20, list(first_visits)
    found = {rel: v.axe for rel, v in first_visits.items() if v.axe}
    assert not found, "\n".join(f"{rel}: {p}" for rel, ps in found.items() for p in ps)


def test_axe_is_awake(browser, site_url, site_dir, axe_js):
    """The check can fail: a button made unreadable on a real page is reported."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{site_url}/index.html")
    page.add_script_tag(content=axe_js)
    page.evaluate("() => { const b = document.createElement('button'); b.textContent = 'faint'; b.id = 'faint';"
                  " b.style.cssText = 'color:#ccc;background:#fff'; document.querySelector('main').append(b); }")
    problems = page.evaluate(AXE_RUN, [WCAG, NOT_OURS])
    assert any(p.startswith("color-contrast") for p in problems), problems
    # with the sidebar left out, the page's own content is still checked, and only the sidebar is left out
    assert any(p.startswith("color-contrast") for p in page.evaluate(AXE_RUN, [WCAG, NOT_OURS, [SIDEBAR]])), problems
    page.evaluate(f"() => {{ document.getElementById('faint').remove(); const a = document.createElement('a');"
                  f" a.href = '#'; a.textContent = 'faint'; a.style.cssText = 'color:#ddd;background:#fff';"
                  f" document.querySelector('{SIDEBAR}').append(a); }}")
    assert any(p.startswith("color-contrast") for p in page.evaluate(AXE_RUN, [WCAG, NOT_OURS])), "the sidebar is checked"
    assert not page.evaluate(AXE_RUN, [WCAG, NOT_OURS, [SIDEBAR]]), "only the sidebar is left out"
    context.close()


def test_no_control_that_does_nothing_can_be_focused_on_a_static_page_and_the_note_comes_first(first_visits, browser, site_url, site_dir):
    pages = {rel: v for rel, v in first_visits.items() if v.views}
    assert len(pages) > 10, list(pages)
    dead = {rel: v.dead for rel, v in pages.items() if v.dead}
    late = [rel for rel, v in pages.items() if not all(v.notes_first)]
    panels = sum(len(v.notes_first) for v in pages.values())
    # the check can fail: a panel button made focusable again is found
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(f"{site_url}/sixtysix/rules.html")
    _settle(page, site_dir, "sixtysix/rules.html")
    page.evaluate("() => { const b = document.querySelector('.widget-subarea .widget-button'); b.inert = false; }")
    assert page.evaluate(FOCUSABLE), "the check finds nothing even with a dead button focusable"
    context.close()
    assert panels > 10
    assert not dead, "\n".join(f"{rel}: {x}" for rel, xs in dead.items() for x in xs)
    assert not late, f"pages where a panel comes before its note: {late}"


PHONE_CHECK = """() => {
  const W = document.documentElement.clientWidth;
  const small = [];
  const targets = 'a[href], button, input, select, textarea, summary, [role=button], [role=slider], [role=tab]';
  for (const el of document.querySelectorAll(targets)) {
    if (!el.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height || r.right <= 0 || r.left >= W || r.bottom <= 0) continue;  // off screen
    if (el.tagName === 'A') {  // a link inside a sentence is exempt (WCAG 2.5.8, 'inline')
      const block = el.parentElement.closest('p, li, dd, dt, td, th, div, span.caption-text');
      const own = el.textContent.trim().length;
      if (block && block.textContent.trim().length > own + 2) continue;
    }
    if (r.width < 23.5 || r.height < 23.5) {
      const label = (el.textContent || el.getAttribute('aria-label') || el.value || '').trim().slice(0, 30);
      small.push(`${el.tagName.toLowerCase()} "${label}" ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
    }
  }
  return {scroll: document.documentElement.scrollWidth, width: W, small};
}"""


def test_no_page_scrolls_sideways_at_phone_width_and_tap_targets_are_24px(browser, site_url, site_dir):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    wide, small = [], []
    for rel in book_pages(site_dir):
        page.goto(f"{site_url}/{rel}")
        _settle(page, site_dir, rel)
        got = page.evaluate(PHONE_CHECK)
        assert got["width"] == PHONE["width"], (rel, got["width"])
        if got["scroll"] > got["width"]:
            wide.append(f"{rel}: {got['scroll']} px wide")
        small += [f"{rel}: {s}" for s in got["small"]]
    context.close()
    assert not wide, "pages that scroll sideways at 390 px:\n" + "\n".join(wide)
    assert not small, "tap targets under 24 px:\n" + "\n".join(small)


def test_each_chapter_is_served_compressed_and_under_its_weight_budget(first_visits, site_dir, browser, site_url):
    visits = {rel: first_visits[rel] for rel in chapters(site_dir)}
    plain = {rel: v.plain for rel, v in visits.items() if v.plain}
    assert not plain, f"served uncompressed: {plain}"
    weights = {rel: v.weight for rel, v in visits.items()}
    unpacked = {rel: sum(v.bodies) for rel, v in visits.items()}
    fetched_fa = [rel for rel, v in visits.items() for url, _ in v.sizes if "fontawesome.js" in url]
    heaviest = max(weights, key=weights.__getitem__)
    biggest = sorted(visits[heaviest].sizes, key=lambda us: -us[1])[:4]
    parts = ", ".join(f"{url.rsplit('/', 1)[-1]} {size / 1e3:.0f} kB" for url, size in biggest)
    print(f"\n[weight] heaviest chapter {heaviest}: {weights[heaviest] / 1e6:.2f} MB transferred ({parts}); "
          f"lightest {min(weights, key=weights.__getitem__)} {min(weights.values()) / 1e6:.2f} MB; heaviest unpacked {max(unpacked.values()) / 1e6:.2f} MB")
    over = {rel: w for rel, w in weights.items() if w >= MAX_PAGE_BYTES}
    assert not over, over
    big = {rel: u for rel, u in unpacked.items() if u >= MAX_UNPACKED_BYTES}
    assert not big, big
    assert not fetched_fa, f"the theme's FontAwesome script is loaded again: {fetched_fa}"
    fetched_search = [rel for rel, v in visits.items() for url, _ in v.sizes if "searchindex.js" in url]
    assert not fetched_search, f"chapters load the search index: {fetched_search}"
    # the walk's figure is a first visit's: the heaviest chapter, visited in a fresh context, asks
    # for the same files and transfers the same bytes (the headers' dates may differ by a byte or two)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    got: list = []
    page.on("requestfinished", lambda request: got.append(request))
    page.goto(f"{site_url}/{heaviest}")
    _settle(page, site_dir, heaviest)
    for _ in range(60):
        seen = len(got)
        page.wait_for_timeout(100)
        if len(got) == seen:
            break
    fresh = [(r.url, r.sizes()) for r in got]
    context.close()
    files = sorted(url for url, _ in fresh if not url.startswith("blob:"))
    assert files == sorted(url for url, _ in visits[heaviest].sizes if not url.startswith("blob:"))
    sent = sum(s["responseBodySize"] + s["responseHeadersSize"] for _, s in fresh)
    assert abs(sent - weights[heaviest]) <= 0.001 * sent, (sent, weights[heaviest])
