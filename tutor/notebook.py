"""What the book's chapters import to put computed values into their prose.

At build time :func:`glue` is myst-nb's, which the ``{glue:text}`` roles read. Live in the browser
(JupyterLite) or in a bare Jupyter there is no myst-nb: the value is then shown, if asked, and
otherwise just kept, so the chapter still runs.
"""

from __future__ import annotations

from typing import Any

try:  # pragma: no cover - which branch runs depends on where the notebook runs
    from myst_nb import glue as _glue
except ImportError:  # pragma: no cover
    _glue = None

glued: dict[str, Any] = {}


def glue(name: str, value: Any, display: bool = True) -> None:
    glued[name] = value
    if _glue is not None:
        _glue(name, value, display=display)
    elif display:
        from IPython.display import display as show

        show(value)
