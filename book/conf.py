"""Sphinx configuration of the book: MyST markdown notebooks, executed at every build.

Build it with ``tutor book`` (see ``tutor/site.py``), which also builds the JupyterLite copy the
"try it live" links point to. Nothing on a page may load from the internet: the widget manager,
require.js, anywidget (the panels' cards) and MathJax are vendored under ``vendor/`` (versions and
sources in its README).
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from tutor.site import WIDGET_MANAGER as _WIDGET_MANAGER
from tutor.site import project_binder_repo as _binder_repo
from tutor.site import trim_widget_manager as _trim_widget_manager

project = "Card games tutor"
author = "The card-games-tutor authors"
copyright = "the card-games-tutor authors"
language = "en"

# tutor.book_kernels: the chapters' kernels use no TCP port (the parallel build never races for one)
extensions = ["myst_nb", "tutor.book_kernels"]
exclude_patterns = ["_build", "vendor", "README.md", "**.ipynb_checkpoints"]

myst_enable_extensions = ["colon_fence", "deflist", "dollarmath"]
myst_heading_anchors = 3

# Every chapter runs from scratch, so what it shows is what the engine computes today; a cell
# error or a warning fails the build (tutor.site runs sphinx with -W --keep-going).
nb_execution_mode = "force"
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_execution_timeout = 180

html_theme = "sphinx_book_theme"
html_title = project
html_static_path = ["vendor", "_static"]  # copied to _static/: npm/, mathjax/, widgets-config.js; the book's css and js
# contrast, phone widths, tap targets and names the theme and the widget manager leave out
html_css_files = ["tutor-site.css"]
html_js_files = ["tutor-site.js"]
# A first visit must log no error: a page naming no icon has the browser ask for /favicon.ico,
# which the site does not have (a 404 in the console); and pydata-sphinx-theme's head script
# leaves a visitor with nothing stored without a mode, which its page script then logs as an
# error before it falls back to "auto", the mode every reader gets: name it as the default.
html_favicon = "_static/favicon.svg"
html_context = {"default_mode": "auto"}

# Widgets in the static pages: myst-nb embeds their state; these render it, with no CDN.
# Order matters: widgets-config.js needs require.js and must run before embed-amd.js.
nb_ipywidgets_js = {
    "npm/requirejs/require.js": {},
    "widgets-config.js": {},
    "npm/html-manager/embed-amd.js": {},
}
mathjax_path = "mathjax/tex-chtml.js"

# Where a chapter opens live. tutor.site puts JupyterLite at <site>/lite/ with the chapters at
# the same paths as here (piquet/x.md -> piquet/x.ipynb); `-D live_lite_path=` drops the link
# (a build without JupyterLite). binder/postBuild writes the chapters under notebooks/.
live_lite_path = "lite"
# The GitHub owner/name mybinder builds, from the project's own metadata ([project.urls]
# Repository in pyproject.toml); none set, no Binder link, never a placeholder.
binder_repo = _binder_repo()
binder_branch = "main"
binder_url = "https://mybinder.org"


def _live_links(app, pagename, templatename, context, doctree):
    if doctree is None or "body" not in context:
        return
    if "kernelspec" not in app.env.metadata.get(pagename, {}):
        return  # not a notebook (myst-nb records the kernelspec of the pages it executes)
    cfg = app.config
    notebook = f"{pagename}.ipynb"
    links = []
    if cfg.live_lite_path:
        href = context["pathto"](f"{cfg.live_lite_path}/lab/index.html", 1) + f"?path={notebook}"
        links.append(
            f'<a class="tutor-live-lite" href="{html.escape(href)}">Try it live in your browser (JupyterLite)</a>'
        )
    if cfg.binder_repo:
        href = f"{cfg.binder_url}/v2/gh/{cfg.binder_repo}/{cfg.binder_branch}?urlpath=lab/tree/notebooks/{notebook}"
        links.append(f'<a class="tutor-live-binder" href="{html.escape(href)}">Open on Binder</a>')
    if links:
        bar = '<p class="tutor-live-links">' + " · ".join(links) + "</p>\n"
        context["body"] = bar + context["body"]
    # Before each panel, say plainly that this page shows a picture of it: the buttons need Python,
    # which runs in the live copy of the chapter.
    if cfg.live_lite_path:
        href = context["pathto"](f"{cfg.live_lite_path}/lab/index.html", 1) + f"?path={notebook}"
        live = f'<a class="tutor-static-live" href="{html.escape(href)}">open this chapter live</a>'
    else:
        live = "open this chapter in JupyterLab (tutor lab)"
    # The note comes before the panel (the widget manager draws each panel just before its script),
    # so that a reader meets it before the controls it speaks of, which tutor-site.js makes inert.
    note = (f'<p class="tutor-static-note" role="note">The panel below is a picture of the page as it was built: its '
            f"buttons, boxes and lists do nothing here. To deal, click and play, {live}; it runs in your browser.</p>")
    context["body"] = _WIDGET_VIEW.sub(lambda m: note + m.group(0), context["body"])


_WIDGET_VIEW = re.compile(r'<script type="application/vnd\.jupyter\.widget-view\+json">.*?</script>', re.S)

# The theme loads FontAwesome twice: as a web font from its stylesheet, which draws every icon the
# pages use, and as a 1.6 MB script that redraws the same icons as SVG ("so that users can add
# custom icons"; the book adds none). The script is dropped from every page and from the site, and
# so are the source maps of the theme's files, which no reader's browser fetches (tutor-site.js
# hides the font's icons from screen readers, as the script did).
_FONTAWESOME_JS = re.compile(r'\s*<script defer src="[^"]*_static/scripts/fontawesome\.js(\?[^"]*)?"></script>')
# The theme also loads Sphinx's search (its script, its word lists and the whole book's index,
# 150 kB) on every page, for results shown as the reader types; that is off
# (search_as_you_type), so only the search page, which the search box submits to, loads them.
_SEARCH_JS = re.compile(r'\s*<script src="[^"]*(_static/searchtools\.js|_static/language_data\.js|searchindex\.js)"></script>')


def _trim_theme(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    for page in out.rglob("*.html"):
        if page.relative_to(out).parts[0] in ("_static", "lite"):
            continue
        text = page.read_text(encoding="utf-8")
        trimmed = _FONTAWESOME_JS.sub("", text)
        if page.relative_to(out).as_posix() != "search.html" and not app.config.html_theme_options.get("search_as_you_type"):
            trimmed = _SEARCH_JS.sub("", trimmed)
        if trimmed != text:
            page.write_text(trimmed, encoding="utf-8")
    static = out / "_static"
    for dropped in [static / "scripts" / "fontawesome.js", *static.rglob("*.map")]:
        dropped.unlink(missing_ok=True)
    # the widget manager's script, copied from vendor/ (which keeps it as published), without the
    # ipywidgets 7 modules and the stylesheets' source maps: 3.6 MB down to 2.3 MB
    # (a book without vendor/'s scripts, as the build's own tests make, has none to trim)
    script = out / _WIDGET_MANAGER
    if script.is_file():
        script.write_text(_trim_widget_manager(script.read_text(encoding="utf-8")), encoding="utf-8")


def setup(app):
    app.add_config_value("live_lite_path", "lite", "html", str)
    app.add_config_value("binder_repo", "", "html", str)
    app.add_config_value("binder_branch", "main", "html", str)
    app.add_config_value("binder_url", "https://mybinder.org", "html", str)
    app.connect("html-page-context", _live_links)
    app.connect("build-finished", _trim_theme)
