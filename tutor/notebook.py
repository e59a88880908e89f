"""What the book's chapters import to put computed values into their prose.

At build time :func:`glue` shows the value as myst-nb's own ``glue`` does (the ``{glue:text}``
roles read it from the cell's output). Live in the browser (JupyterLite) or in a bare Jupyter there
is no myst-nb: the value is then shown, if asked, and otherwise just kept, so the chapter still runs.
"""

from __future__ import annotations

from typing import Any

try:  # pragma: no cover - which branch runs depends on where the notebook runs
    import myst_nb  # noqa: F401 - only whether it is there: the book is being built

    _AT_BUILD = True
except ImportError:  # pragma: no cover
    _AT_BUILD = False

#: myst-nb's mime prefix for a value glued without being shown (myst_nb.ext.glue.GLUE_PREFIX)
GLUE_PREFIX = "application/papermill.record/"

glued: dict[str, Any] = {}


def glue(name: str, value: Any, display: bool = True) -> None:
    glued[name] = value
    if _AT_BUILD:
        myst_glue(name, value, display)
    elif display:
        from IPython.display import display as show

        show(value)


def myst_glue(name: str, value: Any, display: bool = True) -> None:
    """What ``myst_nb.glue`` shows: the value's display data (under :data:`GLUE_PREFIX` when it is
    not to be shown) with its name in the output's ``scrapbook`` metadata. Made here because
    importing myst-nb's own imports nbformat and jsonschema, about a second of CPU in each
    chapter's kernel at every build; tests/test_live_markdown.py holds it to myst-nb's output."""
    from IPython.core.formatters import format_display_data
    from IPython.display import display as show

    bundle, metadata = format_display_data(value)
    prefix = "" if display else GLUE_PREFIX
    metadata["scrapbook"] = {"name": name, "mime_prefix": prefix}
    show({prefix + k: v for k, v in bundle.items()}, raw=True, metadata=metadata)
