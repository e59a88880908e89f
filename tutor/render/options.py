"""A game's rule options as a table: what each does, its default, its values and its source.

Every "variants and sources" chapter shows this table, generated from the rules themselves, so a
new option appears in the book the moment it exists.
"""

from __future__ import annotations

import html
from typing import Any

__all__ = ["options_table", "options_text"]


def _values(o: dict) -> str:
    if o["choices"]:
        return ", ".join(map(str, o["choices"]))
    return "true, false" if isinstance(o["default"], bool) else "a number" if isinstance(o["default"], int) else "text"


def default_text(o: dict) -> str:
    """The default as a reader reads it and writes it after ``--option NAME=``: ``twenty-fourth``,
    ``true``, ``1000``; never a Python literal (``'twenty-fourth'``, ``True``)."""
    default = o["default"]
    return ("true" if default else "false") if isinstance(default, bool) else str(default)


def options_table(rules: Any) -> str:
    """HTML table of the options of ``rules`` (a Rules class, an instance, or a game)."""
    rules = getattr(rules, "Rules", rules)
    rows = "".join(
        f"<tr><td><code>{html.escape(o['name'])}</code></td><td><code>{html.escape(default_text(o))}</code></td>"
        f"<td>{html.escape(_values(o))}</td><td>{html.escape(o['doc'])}</td><td>{html.escape(o['source'])}</td></tr>"
        for o in rules.describe()
    )
    return (
        "<div class='tutor-scroll'><table class='tutor-steps'><thead><tr><th>option</th><th>default</th><th>values</th>"
        f"<th>what it does</th><th>source</th></tr></thead><tbody>{rows}</tbody></table></div>"
    )


def options_text(rules: Any) -> str:
    """The same as plain text, one option a paragraph."""
    rules = getattr(rules, "Rules", rules)
    out = []
    for o in rules.describe():
        out.append(f"{o['name']} = {default_text(o)} ({_values(o)})\n    {o['doc']}\n    source: {o['source']}")
    return "\n".join(out)
