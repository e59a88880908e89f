"""What the site build leaves out of what a reader's browser is sent: the widget manager's
ipywidgets 7 modules and its stylesheets' source maps (tutor.site.trim_widget_manager, run by
book/conf.py on the site's copy), and jedi from the live copy's kernel start
(tutor.site._trim_kernel_worker, run on the built JupyterLite site). The built site itself is
checked in tests/test_site_config.py and tests/browser/test_static_pages.py."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tutor import site

VENDORED = Path(__file__).resolve().parents[1] / "book" / "vendor" / "npm" / "html-manager" / "embed-amd.js"
DEFINE = re.compile(r'^define\("([^"]+)"', re.M)


@pytest.fixture(scope="module")
def vendored() -> str:
    return VENDORED.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def trimmed(vendored) -> str:
    return site.trim_widget_manager(vendored)


def test_the_trimmed_widget_manager_defines_all_but_the_ipywidgets_7_modules(vendored, trimmed):
    assert DEFINE.findall(vendored) == [
        "@jupyter-widgets/base", "@jupyter-widgets/controls", "@jupyter-widgets/base7", "@jupyter-widgets/controls7",
        "@jupyter-widgets/html-manager", "@jupyter-widgets/html-manager/dist/libembed-amd",
    ]  # fmt: skip
    assert DEFINE.findall(trimmed) == [
        "@jupyter-widgets/base", "@jupyter-widgets/controls",
        "@jupyter-widgets/html-manager", "@jupyter-widgets/html-manager/dist/libembed-amd",
    ]  # fmt: skip
    assert "base7" not in trimmed and "controls7" not in trimmed
    # the call that draws the saved widgets when the page has loaded is kept, last
    assert trimmed.rstrip().splitlines()[-2].startswith('(()=>{"use strict";window.require(["@jupyter-widgets/html-manager/dist/libembed-amd"]')


def test_the_trimmed_widget_manager_keeps_its_stylesheets_without_their_source_maps(vendored, trimmed):
    assert vendored.count("{version:3,sources:[") == 36
    assert "{version:3,sources:[" not in trimmed
    # the stylesheets themselves stay (css-loader's entries: [module id, css, media, map])
    entries = re.compile(r"\.push\(\[\w+\.id,")
    assert len(entries.findall(trimmed)) == len(entries.findall(vendored)) == 36
    # each entry now ends at its (empty) media: [id, css, ""]
    assert trimmed.count('""]);') - vendored.count('""]);') == 36
    assert len(trimmed.encode()) < 2_400_000 < 3_600_000 < len(vendored.encode())


def test_the_trimmed_widget_manager_is_valid_javascript(trimmed, tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is needed to check the trimmed script (the site build needs it too)")
    script = tmp_path / "embed-amd.js"
    script.write_text(trimmed, encoding="utf-8")
    result = subprocess.run([node, "--check", str(script)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]


def test_a_widget_manager_laid_out_otherwise_is_refused(vendored):
    without = vendored.replace('define("@jupyter-widgets/base7"', 'define("@jupyter-widgets/base7x"', 1)
    with pytest.raises(site.SiteBuildError, match="0 copies of @jupyter-widgets/base7"):
        site.trim_widget_manager(without)
    # a module that asks for an ipywidgets 7 module by name: taking it out would break that
    asking = vendored + '\nwindow.require(["@jupyter-widgets/controls7"],()=>{});\n'
    with pytest.raises(site.SiteBuildError, match="still names @jupyter-widgets/controls7"):
        site.trim_widget_manager(asking)


@pytest.fixture()
def kernel_extension(tmp_path) -> Path:
    """A copy of the installed kernel extension's scripts, where the built site has them."""
    static = site._lab_extension("@jupyterlite/pyodide-kernel-extension") / "static"
    shutil.copytree(static, tmp_path / site.KERNEL_EXTENSION_STATIC)
    return tmp_path


def test_the_kernel_worker_starts_without_jedi(kernel_extension):
    changed = site._trim_kernel_worker(kernel_extension)
    assert any(p.name.startswith("comlink.worker.") for p in changed), [p.name for p in changed]
    for script in changed:
        text = script.read_text(encoding="utf-8")
        assert '["ipykernel","comm","pyodide-kernel","ipython"]' in text and '"jedi"' not in text, script.name
        assert re.search(r'\.push\("import pyodide_kernel","pyodide_kernel\.ipython_shell\.Completer\.use_jedi = False"\)', text)
    # a second pass finds nothing left to change: refused, not silently passed
    with pytest.raises(site.SiteBuildError, match="no script under"):
        site._trim_kernel_worker(kernel_extension)
