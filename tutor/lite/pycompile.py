"""Run inside Pyodide (under Node, by tutor.site at build time): compile the modules that a kernel
start and a chapter's panels import, from the wheels the live copy preloads, to Pyodide's own
bytecode, so that the reader's browser does not compile them each time the kernel starts.

Every wheel in the folder mounted at ``/wheels`` is rewritten in place. Those modules become
sourceless ``.pyc`` files, as in the wheels Pyodide itself distributes, except those of the
packages ``main`` is told to keep the source of, which keep their ``.py`` (tracebacks show their lines) with an
unchecked ``__pycache__`` file beside each. A file that does not compile is kept as it is.
"""

import importlib.util
import io
import os
import sys
import warnings
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc, _code_to_timestamp_pyc  # type: ignore[attr-defined]

#: where Pyodide installs a wheel (the file names the bytecode carries, as if compiled there)
SITE = f"/lib/python{sys.version_info[0]}.{sys.version_info[1]}/site-packages"


def compile_wheel(path, keep_source, wanted):
    out = io.BytesIO()
    compiled = 0
    with zipfile.ZipFile(path) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            name = info.filename
            if name not in wanted:
                zout.writestr(info, data)
                continue
            try:
                code = compile(data, f"{SITE}/{name}", "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                zout.writestr(info, data)
                continue
            compiled += 1
            if keep_source:
                zout.writestr(info, data)
                pyc = importlib.util.cache_from_source(name)
                zout.writestr(pyc, bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)))
            else:
                zout.writestr(name + "c", bytes(_code_to_timestamp_pyc(code)))
    with open(path, "wb") as f:
        f.write(out.getvalue())
    return compiled


def imported_files(roots):
    """The files, inside the wheels, of the modules that importing ``roots`` imports (the wheels
    imported as zip archives): what a kernel start and a chapter's panels run."""
    wheels = sorted(f"/wheels/{w}" for w in os.listdir("/wheels") if w.endswith(".whl"))
    sys.path[:0] = wheels
    for root in roots:
        try:
            importlib.import_module(root)
        except Exception:  # noqa: BLE001 - what needs the browser's page does not import here
            pass
    files = set()
    for module in list(sys.modules.values()):
        origin = getattr(module, "__file__", None) or ""
        for wheel in wheels:
            if origin.startswith(wheel + "/") and origin.endswith(".py"):
                files.add((wheel, origin[len(wheel) + 1:]))
    del sys.path[:len(wheels)]
    return files


def main(keep, roots):
    warnings.simplefilter("ignore")  # the packages' own SyntaxWarnings (escapes in their tests)
    files = imported_files(roots)
    done = {}
    for wheel in sorted(os.listdir("/wheels")):
        if wheel.endswith(".whl"):
            dist = wheel.split("-")[0].replace("_", "-").lower()
            wanted = {name for w, name in files if w == f"/wheels/{wheel}"}
            done[wheel] = compile_wheel(f"/wheels/{wheel}", dist in keep, wanted)
    return done
