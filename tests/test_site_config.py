"""The built JupyterLite site is self-contained: Pyodide from the site's own files, the kernel's
wheels beside it with the hashes its lock expects, and no fallback to PyPI."""

from __future__ import annotations

import gzip
import hashlib
import json

import pytest

from tests.browser.site_build import built_site
from tutor import site

PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


@pytest.fixture(scope="session")
def lite(tmp_path_factory):
    return built_site(tmp_path_factory) / "lite"


def _kernel_settings(lite):
    config = json.loads((lite / "jupyter-lite.json").read_text(encoding="utf-8"))
    return config["jupyter-config-data"]["litePluginSettings"][PLUGIN]


def test_pyodide_is_served_from_the_site(lite):
    settings = _kernel_settings(lite)
    assert settings["pyodideUrl"].startswith("./")
    assert (lite / settings["pyodideUrl"]).is_file()
    assert all(url.startswith("./") for url in settings["pipliteUrls"])


def test_pypi_fallback_is_off(lite):
    assert _kernel_settings(lite)["disablePyPIFallback"] is True


def test_no_url_in_the_config_leaves_the_site(lite):
    for config in lite.rglob("jupyter-lite.json"):
        text = config.read_text(encoding="utf-8")
        assert "http://" not in text and "https://" not in text, config


def test_lock_hashes_match_the_wheels_beside_it(lite):
    pyodide = lite / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    wheels = sorted(pyodide.glob("*.whl"))
    # the kernel's 14 (jedi and parso left out) and typing-extensions (for anywidget), then those
    # preloaded as it starts
    assert len(site.PYODIDE_KERNEL_WHEELS) == 15 and len(wheels) > 15
    by_file = {p["file_name"]: p for p in lock["packages"].values()}
    for wheel in wheels:
        assert by_file[wheel.name]["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest(), wheel.name


def test_closing_a_chapter_shuts_its_kernel_down(lite):
    # each open chapter holds a Pyodide interpreter: JupyterLab keeps a closed notebook's kernel
    # running unless told otherwise (tests/browser/test_lite_many_chapters.py closes one)
    config = json.loads((lite / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    assert config["settingsOverrides"]["@jupyterlab/notebook-extension:tracker"]["kernelShutdown"] is True


def test_the_package_and_ipywidgets_are_installable_offline(lite):
    index = json.loads((lite / "pypi" / "all.json").read_text(encoding="utf-8"))
    assert {"card-games-tutor", "ipywidgets", "comm", "jupyterlab-widgets", "anywidget", "psygnal"} <= set(index)


def test_lite_chapters_run_on_open_with_their_panel_code_folded(tmp_path):
    import nbformat

    site.export_notebooks(tmp_path, lite=True)
    nb = nbformat.read(tmp_path / "truc" / "doubling.ipynb", as_version=4)
    assert nb.metadata["tutor"] == {"run_on_open": True}
    assert nb.cells[0].cell_type == "markdown" and "starts by itself" in nb.cells[0].source
    assert nb.cells[1].source == site.LITE_INSTALL and nb.cells[1].metadata["jupyter"]["source_hidden"]
    panel = [c for c in nb.cells if "TablePanel(" in c.source]
    assert panel and all(c.metadata["jupyter"]["source_hidden"] for c in panel)
    shown = [c for c in nb.cells if c.cell_type == "code" and not c.metadata.get("jupyter", {}).get("source_hidden")]
    assert all("Panel(" not in c.source for c in shown)
    # the extension that runs them is bundled by the build, and reads that same metadata key
    entry = site.AUTORUN_EXTENSION / json.loads((site.AUTORUN_EXTENSION / "package.json").read_text())["jupyterlab"]["_build"]["load"]
    assert 'getMetadata("tutor")' in entry.read_text() and "notebook:run-all-cells" in entry.read_text()


def test_the_service_worker_is_off_and_the_kernel_starts_as_the_app_does(lite):
    config = json.loads((lite / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    assert "@jupyterlite/application-extension:service-worker-manager" in config["disabledExtensions"]
    # the bundled autorun extension (this checkout's) starts the kernel of the chapter the address
    # names, then lets go; each session is named by its notebook's whole path
    entry = next((lite / "extensions" / "tutor-autorun" / "static").glob("remoteEntry*.js")).read_text()
    assert entry == (site.AUTORUN_EXTENSION / "static" / "remoteEntry.js").read_text()
    assert "startNew({ path: addressed, name: addressed" in entry and "connection.dispose()" in entry


def test_what_the_kernel_start_imports_comes_compiled(lite):
    import zipfile

    pyodide = lite / "static" / "pyodide"
    with zipfile.ZipFile(next(pyodide.glob("ipython-*.whl"))) as z:
        names = set(z.namelist())
    # IPython's shell, imported by every kernel start: Pyodide's bytecode and no source, as in
    # the wheels Pyodide distributes; a module nothing imports at start stays source
    assert "IPython/core/interactiveshell.pyc" in names and "IPython/core/interactiveshell.py" not in names
    assert "IPython/sphinxext/ipython_directive.py" in names
    with zipfile.ZipFile(next(pyodide.glob("card_games_tutor-*.whl"))) as z:
        names = set(z.namelist())
        pyc = z.read("tutor/__pycache__/session.cpython-314.pyc")
    # this package keeps its sources (tracebacks show its lines), its bytecode beside them,
    # marked as not to be checked against the source (flags 0b01: hash-based, unchecked)
    assert "tutor/session.py" in names and int.from_bytes(pyc[4:8], "little") == 0b01


def test_the_kernel_and_the_panels_are_preloaded_from_the_lock(lite):
    config = json.loads((lite / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    preload = kernel["loadPyodideOptions"]["packages"]
    assert {"pyodide-kernel", "piplite", "ipykernel", "card-games-tutor", "ipywidgets", "anywidget", "psygnal"} <= set(preload)
    pyodide = lite / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    for name in preload:
        assert (pyodide / lock[name]["file_name"]).is_file(), name
    for name in ("card-games-tutor", "ipywidgets", "anywidget", "psygnal", "pyodide-kernel"):  # the entries the build adds
        assert all(dep in lock for dep in lock[name]["depends"]), name


def test_the_kernel_starts_without_jedi(lite):
    # jedi and parso (2 MB) would serve IPython's completion only: neither is preloaded nor served,
    # and the kernel's worker neither installs jedi nor asks IPython to complete with it
    preload = _kernel_settings(lite)["loadPyodideOptions"]["packages"]
    assert "jedi" not in preload and "parso" not in preload and "ipython" in preload
    pyodide = lite / "static" / "pyodide"
    assert not list(pyodide.glob("jedi-*.whl")) and not list(pyodide.glob("parso-*.whl"))
    assert list(pyodide.glob("ipython-*.whl")) and list(pyodide.glob("pygments-*.whl"))
    workers = list((lite / site.KERNEL_EXTENSION_STATIC).glob("comlink.worker.*.js"))
    assert len(workers) == 1, workers
    text = workers[0].read_text(encoding="utf-8")
    assert '["ipykernel","comm","pyodide-kernel","ipython"]' in text and '"jedi"' not in text
    assert '"pyodide_kernel.ipython_shell.Completer.use_jedi = False"' in text


def test_the_build_writes_the_gzip_form_of_pyodide_and_of_the_pages_scripts(lite):
    # the server sends these as they are: a reader's first live visit does not wait while it
    # compresses Pyodide's runtime (10 MB) and JupyterLab's scripts (tests/test_site_serving.py)
    wasm = lite / "static" / "pyodide" / "pyodide.asm.wasm"
    widgets = lite.parent / site.WIDGET_MANAGER
    for path in (wasm, widgets):
        assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == path.read_bytes(), path
    listed = json.loads((lite.parent / site.MANIFEST).read_text(encoding="utf-8"))["entries"]
    assert "lite/static/pyodide/pyodide.asm.wasm.gz" in listed  # the build's own: replaced by the next
