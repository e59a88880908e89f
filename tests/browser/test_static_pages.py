"""The built pages show their widgets from the state saved at build time, with nothing loaded
from outside localhost (every page's widgets drawn: in the walk through the book of test_a11y.py)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from playwright.sync_api import expect

from tutor import site

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def test_chapter_shows_its_panel_offline(page, site_url, panel):
    page.goto(f"{site_url}/{panel.chapter}.html")
    expect(page.locator(".widget-button", has_text=panel.button)).to_be_visible(timeout=30_000)
    expect(page.locator(".widget-html-content", has_text=panel.before)).to_be_visible()
    assert page.traffic.external == []
    assert page.traffic.failed == []


def test_a_first_visit_to_a_page_logs_no_error(first_visit, site_url, panel):
    # nothing stored yet (the theme's mode) and nothing cached (the page's icon): the console of a
    # reader's very first visit, on a chapter with panels and on the book's front page
    errors: list[str] = []
    first_visit.on("console", lambda m: errors.append(f"{m.text} ({m.location.get('url', '')})") if m.type == "error" else None)
    for rel in (f"{panel.chapter}.html", "index.html"):
        first_visit.goto(f"{site_url}/{rel}")
        first_visit.wait_for_load_state("load")
        first_visit.wait_for_timeout(1_500)  # the icon is asked for once the page has loaded
        assert errors == [], (rel, errors)


def test_the_widget_manager_is_served_without_its_ipywidgets_7_modules_and_panels_render(page, site_url, site_dir, panel):
    # the site's copy of the script is the vendored one trimmed (tutor.site.trim_widget_manager):
    # no ipywidgets 7 module, no stylesheet source map; the book's panels (ipywidgets 8 and
    # anywidget) are drawn by it all the same
    vendored = (Path(__file__).resolve().parents[2] / "book" / "vendor" / "npm" / "html-manager" / "embed-amd.js")
    served = (site_dir / site.WIDGET_MANAGER).read_text(encoding="utf-8")
    assert served == site.trim_widget_manager(vendored.read_text(encoding="utf-8"))
    assert 'define("@jupyter-widgets/base7"' not in served and 'define("@jupyter-widgets/controls7"' not in served
    html = site_dir / f"{panel.chapter}.html"
    views = html.read_text(encoding="utf-8").count(WIDGET_VIEW)
    thrown: list[str] = []
    page.on("pageerror", lambda e: thrown.append(str(e)))
    page.goto(f"{site_url}/{panel.chapter}.html")
    rendered = page.locator(".widget-subarea > .jupyter-widgets")
    expect(rendered.first).to_be_visible(timeout=30_000)
    expect(rendered).to_have_count(views)
    expect(page.locator(".widget-button", has_text=panel.button)).to_be_visible()
    defined = page.evaluate("""() => ["base", "controls", "base7", "controls7"].map(
        (m) => require.specified("@jupyter-widgets/" + m))""")
    assert defined == [True, True, False, False]
    # nothing thrown, and no complaint of the widget manager (a module or a class not found)
    errors = [line for line in page.traffic.console if line.startswith("error") and re.search(r"widget|module|class", line, re.I)]
    assert thrown == [] and errors == [], (thrown, errors)
    assert page.traffic.external == [] and page.traffic.failed == []


def test_only_the_search_page_loads_the_search_index_and_search_finds_a_chapter(page, site_url, site_dir, panel):
    # the theme's results-as-you-type are off, so a chapter does without Sphinx's search scripts
    # and the book's index; the search box submits to search.html, which loads them and finds
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(f"{site_url}/{panel.chapter}.html")
    expect(page.locator(".widget-button", has_text=panel.button)).to_be_visible(timeout=30_000)
    searching = [url for url in requested if re.search(r"searchindex\.js|searchtools\.js|language_data\.js", url)]
    assert searching == [], searching
    page.goto(f"{site_url}/search.html?q=repique")
    results = page.locator("#search-results ul.search li a")
    expect(results.first).to_be_visible(timeout=30_000)
    assert any(href.startswith("piquet/") for href in results.evaluate_all("(els) => els.map((e) => e.getAttribute('href'))"))
    assert page.traffic.external == [] and page.traffic.failed == []


def test_math_is_typeset_from_the_site(page, site_url, site_dir):
    with_math = [p for p in site_dir.rglob("*.html") if "mathjax/tex-chtml.js" in p.read_text(encoding="utf-8")]
    assert with_math, "no page has math: nothing proves MathJax is served locally"
    page.goto(f"{site_url}/{with_math[0].relative_to(site_dir).as_posix()}")
    expect(page.locator("mjx-container").first).to_be_visible(timeout=30_000)
    assert page.traffic.external == []
    assert page.traffic.failed == []


def test_chapter_links_to_its_live_copies(page, site_url, site_dir, panel):
    page.goto(f"{site_url}/{panel.chapter}.html")
    lite = page.locator("a.tutor-live-lite")
    expect(lite).to_have_attribute("href", re.compile(rf"lite/lab/index\.html\?path={panel.chapter}\.ipynb$"))
    assert (site_dir / "lite" / "files" / f"{panel.chapter}.ipynb").is_file()
    # The project names no repository yet ([project.urls] in pyproject.toml): no Binder link,
    # never one to a placeholder (tests/test_site_safety.py checks the link made from one).
    expect(page.locator("a.tutor-live-binder")).to_have_count(0)


def test_each_panel_on_a_static_page_says_it_is_a_picture_and_links_live(page, site_url, site_dir):
    pages = sorted(p for p in site_dir.rglob("*.html") if "lite" not in p.relative_to(site_dir).parts[:1]
                   and WIDGET_VIEW in p.read_text(encoding="utf-8"))  # fmt: skip
    for html in pages:
        text = html.read_text(encoding="utf-8")
        rel = html.relative_to(site_dir).as_posix()
        assert text.count('class="tutor-static-note"') == text.count(WIDGET_VIEW), rel
        chapter = rel[: -len(".html")]
        assert f"lite/lab/index.html?path={chapter}.ipynb" in text, rel
    page.goto(f"{site_url}/sixtysix/rules.html")
    note = page.locator(".tutor-static-note").first
    expect(note).to_be_visible(timeout=30_000)
    expect(note).to_contain_text("picture")
    expect(note.locator("a.tutor-static-live")).to_have_attribute("href", re.compile(r"lite/lab/index\.html\?path=sixtysix/rules\.ipynb$"))


def test_static_pages_draw_the_cards_as_a_picture_named_for_screen_readers(page, site_url):
    # The card component renders from the saved state with the vendored anywidget, offline; there
    # it is a picture: every card drawn, named in words, none clickable.
    page.goto(f"{site_url}/truc/doubling.html")
    row = page.locator(".tutor-cards.tutor-frozen").first
    expect(row).to_be_visible(timeout=30_000)
    codes = (row.get_attribute("data-cards") or "").split()
    cards = row.locator("button.tutor-card-button")
    assert len(codes) == cards.count() == 3
    for i in range(cards.count()):
        expect(cards.nth(i)).to_be_disabled()
        expect(cards.nth(i)).to_have_attribute("aria-label", re.compile(r"^[a-z]+ of (spades|hearts|diamonds|clubs)$"))
    assert page.traffic.external == [] and page.traffic.failed == []


# What a Python repr looks like where a reader expects words: a dict, list or tuple of strings, an
# empty list or dict, an object's repr (``Card('KH')``, ``Bid(level=3)``, ``<... object at 0x>``),
# None/True/False, or a keyword shown with a quoted value (``last_trick='rest'``). Quoted words in
# prose, "(the book's words)", are not among them: ``('`` alone is not a tuple.
REPR = re.compile(r"\{'|\{\d+:|\['|\[\]|\{\}|\('[^']*',|\b[A-Z]\w*\((?:'|\w+=)|object at 0x|\b(?:None|True|False)\b|\w='")
# A table cell (or a whole line) that is only a quoted string: ``'twenty-fourth'`` in a table.
QUOTED = re.compile(r"^'[^']*'$")
# The engine chapter may teach a repr where the API returns one. Each entry: (page, text in the
# line). None needed today: every line there reads as words.
ALLOWED: set[tuple[str, str]] = set()


class _CellOutputs(HTMLParser):
    """The text of every cell's output on a built page, one line for each line, table cell and
    block of the output (so a table's cells are read apart, as a reader reads them)."""

    BLOCKS = frozenset({"td", "th", "tr", "br", "p", "li", "div", "pre", "table"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._depth = 0  # div depth inside the current cell output; 0: outside any
        self._skip = 0  # inside <script> or <style>
        self._parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        if self._depth and tag in self.BLOCKS:
            self._parts.append("\n")
        if tag == "div":
            if self._depth:
                self._depth += 1
            elif "cell_output" in (dict(attrs).get("class") or "").split():
                self._depth = 1

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self._skip -= 1
        if self._depth and tag in self.BLOCKS:
            self._parts.append("\n")
        if tag == "div" and self._depth:
            self._depth -= 1
            if not self._depth:
                self.lines += [line.strip() for line in "".join(self._parts).splitlines() if line.strip()]
                self._parts = []

    def handle_data(self, data):
        if self._depth and not self._skip:
            self._parts.append(data)


def output_lines(page_html: str) -> list[str]:
    """Every line of a built page's cell outputs, as a reader sees it."""
    parser = _CellOutputs()
    parser.feed(page_html)
    parser.close()
    return parser.lines


def repr_lines(lines: list[str]) -> list[str]:
    """The lines that show a Python repr instead of words."""
    return [line for line in lines if REPR.search(line) or QUOTED.match(line)]


def test_no_chapter_prints_a_python_repr(site_dir):
    # Clean text everywhere a reader looks: a printed page shows a cell's output without its
    # code, so ['play KS'], {'elder': 63}, Card('KH') or 'rest' in a table would be read as is.
    pages = sorted(p for p in site_dir.rglob("*.html") if not p.relative_to(site_dir).parts[0].startswith(("lite", "_")))
    assert len(pages) > 20, "too few pages to be the book"
    found = []
    for html in pages:
        rel = html.relative_to(site_dir).as_posix()
        found += [f"{rel}: {line[:120]}" for line in repr_lines(output_lines(html.read_text(encoding="utf-8")))
                  if not any(rel == page and text in line for page, text in ALLOWED)]  # fmt: skip
    assert not found, f"{len(found)} lines of cell output print a Python repr:\n" + "\n".join(found)


def test_the_repr_scan_reads_a_cell_output_as_a_reader_does():
    page = ('<p>prose: {\'not\': "an output"}</p><div class="cell docutils container"><div class="cell_output docutils '
            'container"><div class="output stream highlight-myst-ansi notranslate"><div class="highlight"><pre>'
            "<span></span>may play: [&#x27;play KS&#x27;, &#x27;play TH&#x27;]\nscores: elder 63, younger 147\n"
            "</pre></div></div><div class='output text_html'><table><tr><td><code>last_trick</code></td><td><code>"
            "&#x27;rest&#x27;</code></td><td>Tute (&#x27;face-up&#x27;), as the book says</td></tr></table>"
            "<script>var x = {'a': None};</script></div></div></div><p>after: None</p>")  # fmt: skip
    lines = output_lines(page)
    assert "scores: elder 63, younger 147" in lines and "last_trick" in lines
    assert repr_lines(lines) == ["may play: ['play KS', 'play TH']", "'rest'"]


def test_what_one_test_stored_in_the_shared_browser_profile_is_gone_for_the_next(profile, site_url, panel):
    # The browser tests share one profile on disk (its caches, as a reader's browser keeps them);
    # what a page stored there (local storage, IndexedDB, a cookie) must not reach the next test.
    from .conftest import forget

    page = profile.new_page()
    page.goto(f"{site_url}/{panel.chapter}.html")
    page.evaluate("""() => new Promise((done, fail) => {
        localStorage.setItem('tutor-left', '1'); document.cookie = 'tutor-left=1';
        const open = indexedDB.open('tutor-left', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('kept');
        open.onsuccess = () => { open.result.close(); done(); };
        open.onerror = () => fail(open.error);
    })""")
    stored = "async () => [localStorage.getItem('tutor-left'), document.cookie, (await indexedDB.databases()).map(d => d.name)]"
    assert page.evaluate(stored) == ["1", "tutor-left=1", ["tutor-left"]]
    forget(profile, {site_url})
    assert not profile.pages
    page = profile.new_page()
    cdp = profile.new_cdp_session(page)
    cdp.send("Network.enable")
    kept = []  # for each stylesheet: whether it came from the cache (or was only checked against it: 304)
    cdp.on("Network.responseReceived", lambda e: kept.append(e["response"]["fromDiskCache"] or e["response"]["status"] == 304)
           if e["type"] == "Stylesheet" else None)  # fmt: skip
    page.goto(f"{site_url}/{panel.chapter}.html")
    assert page.evaluate(stored) == [None, "", []]
    # the caches stay: the page's stylesheets come from the one filled on the first visit (a cache
    # cleared would send every one of them again)
    assert any(kept), kept
    cdp.detach()
    page.close()
