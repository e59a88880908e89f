"""The chapters' MyST markup turned into what JupyterLab's own markdown renderer shows.

The static book is built by myst-nb, which reads the MyST roles and directives of the chapters.
Opened as notebooks (the JupyterLite copy, ``tutor lab``, Binder) the same markdown cells are
rendered by JupyterLab, which knows none of them. :class:`LiveMarkdown` rewrites them when the
chapters are exported:

- ``{glue:text}`name``` (and ``{glue:md}``, ``{glue}``, ``{glue:any}``) and the ``{glue:}``
  directive become the value the chapter's code glues, formatted as myst-nb formats it. The
  values come from running each chapter's code cells (up to its last ``glue(...)``) once, in one
  separate Python where myst-nb cannot be imported, as the chapters run live, and reading
  :data:`tutor.notebook.glued`;
- an admonition or dropdown whose class holds ``dropdown`` (the answer keys) becomes a folded
  ``<details><summary>TITLE</summary>`` block; any other admonition a blockquote with its title
  in bold;
- ``{doc}`` a link to that chapter's notebook, titled as the chapter is; ``{term}`` its text;
- a ``{toctree}`` a list of links; a ``{glossary}`` and a definition list a list of terms;
- a code cell tagged ``hide-output`` starts with its output folded.
"""

from __future__ import annotations

import json
import posixpath
import re
import subprocess
import sys
from collections.abc import Iterable, Mapping
from typing import Any

from .errors import TutorError

#: directives shown as a titled blockquote (myst-parser's admonitions)
ADMONITIONS = frozenset({"admonition", "note", "tip", "hint", "important", "warning", "caution", "attention",
                         "danger", "error", "seealso"})  # fmt: skip
_GLUE_DIRECTIVES = frozenset({"glue", "glue:", "glue:any", "glue:figure"})
_ROLE = re.compile(r"\{(?P<name>[a-z][\w:-]*)\}`(?P<content>[^`]*)`")
_FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|:{3,})\{(?P<name>[^}\s]+)\}[ \t]*(?P<arg>.*)$")
_CODE_FENCE = re.compile(r"^[ \t>]*(?P<fence>`{3,}|~{3,})(?P<info>.*)$")  # also inside a blockquote
_OPTION = re.compile(r"^:(?P<key>[\w-]+):[ \t]*(?P<value>.*)$")
_HEADING = re.compile(r"^#[ \t]+(.+?)[ \t]*#*[ \t]*$", re.M)
_EXPLICIT = re.compile(r"^(?P<text>.*?)\s*<(?P<target>[^<>]+)>$", re.S)  # "text <target>" in a role


class LiveMarkdownError(TutorError):
    """A chapter's markup cannot be shown faithfully live (a glued name its code never glues, or
    code that fails); the message names the chapter and the name."""


# -- glued values ------------------------------------------------------------------------------

# Runs in a separate Python, as tests/test_chapters_live.py runs a chapter: myst-nb cannot be
# imported (as under Pyodide), so tutor.notebook.glue just records each value in ``glued``.
_WORKER = r"""
import contextlib, io, json, sys, traceback
sys.modules["myst_nb"] = None
from IPython.core.formatters import DisplayFormatter
from IPython.display import display
import tutor.notebook

formatter = DisplayFormatter()
wanted = ("text/plain", "text/markdown", "text/html")
results = {}
for chapter, cells in json.load(sys.stdin).items():
    tutor.notebook.glued.clear()
    ns = {"display": display, "__name__": "__main__"}
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            for i, code in enumerate(cells):
                exec(compile(code, f"{chapter}, code cell {i + 1}", "exec"), ns)
    except BaseException:
        results[chapter] = {"error": traceback.format_exc(limit=-3)}
        continue
    glued = {}
    for name, value in tutor.notebook.glued.items():
        data, _ = formatter.format(value)
        glued[name] = {k: v for k, v in data.items() if k in wanted}
    results[chapter] = {"glued": glued}
json.dump(results, sys.stdout)
"""


def _glue_cells(nb: Any) -> list[str]:
    """The code a chapter runs to glue its values: its code cells up to the last that calls
    ``glue(``, IPython magics left out (none of the book's glue code needs them)."""
    code = [cell.source for cell in nb.cells if cell.cell_type == "code"]
    last = max((i for i, source in enumerate(code) if "glue(" in source), default=-1)
    return ["\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
            for source in code[: last + 1]]  # fmt: skip


def run_without_myst_nb(jobs: Mapping[str, list[str]], env: Mapping[str, str] | None = None) -> dict[str, dict[str, Any]]:
    """Run each chapter's ``jobs[chapter]`` (its code cells) in one separate Python where myst-nb
    cannot be imported, as live in the browser, each chapter in a namespace of its own; return
    ``{chapter: {"glued": {name: mime bundle}}}``, or ``{"error": traceback}`` for a chapter whose
    code failed."""
    if not jobs:
        return {}
    proc = subprocess.run([sys.executable, "-c", _WORKER], input=json.dumps(dict(jobs)), capture_output=True, text=True,
                          env=dict(env) if env is not None else None, check=False)  # fmt: skip
    if proc.returncode != 0:
        raise LiveMarkdownError(f"the chapters' code did not run: {proc.stderr.strip()[-1500:]}")
    return json.loads(proc.stdout)


def glued_values(notebooks: Mapping[str, Any], env: Mapping[str, str] | None = None) -> dict[str, dict[str, dict[str, str]]]:
    """``{chapter: {name: mime bundle}}``: what each chapter's code glues, for the chapters whose
    markdown reads a glued value, all run in one separate Python."""
    jobs = {chapter: _glue_cells(nb) for chapter, nb in notebooks.items()
            if any(cell.cell_type == "markdown" and "{glue" in cell.source for cell in nb.cells)}  # fmt: skip
    results = run_without_myst_nb(jobs, env)
    failed = {chapter: r["error"] for chapter, r in results.items() if "error" in r}
    if failed:
        chapter, error = next(iter(failed.items()))
        raise LiveMarkdownError(f"{chapter}: its code failed while gluing its values: {error.strip()[-1500:]}")
    return {chapter: r["glued"] for chapter, r in results.items()}


def plain_text(bundle: Mapping[str, str], fmt_spec: str = "") -> str:
    """A glued value as ``{glue:text}`` shows it: myst-nb's own formatting of its text/plain."""
    from myst_nb.core.variables import format_plain_text

    return format_plain_text(bundle["text/plain"], fmt_spec)


# -- the conversion ------------------------------------------------------------------------------


def title_of(markdown: str) -> str | None:
    """A chapter's title: its first level-one heading."""
    found = _HEADING.search(markdown)
    return found.group(1) if found else None


class LiveMarkdown:
    """Rewrites the markdown cells of the chapters ``notebooks`` (``{path without suffix,
    relative to the book: notebook}``); ``titles`` maps every chapter so named to its title."""

    def __init__(self, notebooks: Mapping[str, Any], titles: Mapping[str, str], env: Mapping[str, str] | None = None):
        self.titles = dict(titles)
        self.glued = glued_values(notebooks, env)

    def convert_notebook(self, chapter: str, nb: Any) -> None:
        """Rewrite ``nb`` (the chapter ``chapter``) in place."""
        for cell in nb.cells:
            if cell.cell_type == "markdown":
                cell.source = self.convert(chapter, cell.source)
            elif cell.cell_type == "code" and "hide-output" in cell.metadata.get("tags", ()):
                cell.metadata.setdefault("jupyter", {})["outputs_hidden"] = True

    def convert(self, chapter: str, markdown: str) -> str:
        """One markdown cell of ``chapter``, as JupyterLab should show it."""
        return self._roles(chapter, _deflists(self._blocks(chapter, markdown)))

    # blocks: directives in fences --------------------------------------------------------------

    def _blocks(self, chapter: str, markdown: str) -> str:
        lines = markdown.split("\n")
        out: list[str] = []
        i = 0
        plain_fence: str | None = None  # inside a fenced code block: left as it is
        while i < len(lines):
            line = lines[i]
            if plain_fence is not None:
                out.append(line)
                if line.strip() and set(line.strip()) == {plain_fence[0]} and len(line.strip()) >= len(plain_fence):
                    plain_fence = None
                i += 1
                continue
            found = _FENCE_OPEN.match(line)
            if not found:
                bare = re.match(r"^[ \t]*(`{3,}|~{3,})", line)
                if bare:
                    plain_fence = bare.group(1)
                out.append(line)
                i += 1
                continue
            indent, fence = found["indent"], found["fence"]
            end = i + 1
            while end < len(lines) and not (set(lines[end].strip()) == {fence[0]} and len(lines[end].strip()) >= len(fence)):
                end += 1
            body = [b[len(indent) :] if b.startswith(indent) else b.lstrip() for b in lines[i + 1 : end]]
            options, body = _options(body)
            converted = self._directive(chapter, found["name"], found["arg"].strip(), options, "\n".join(body))
            out.extend((indent + c if c else c) for c in converted.split("\n"))
            i = end + 1
        return "\n".join(out)

    def _directive(self, chapter: str, name: str, arg: str, options: dict[str, str], body: str) -> str:
        classes = options.get("class", "").split()
        if name in _GLUE_DIRECTIVES:
            return self._glue_block(chapter, arg)
        if name == "dropdown" or (name in ADMONITIONS and "dropdown" in classes):
            title = arg or ("Details" if name == "dropdown" else name.capitalize())
            kept = " ".join(c for c in classes if c != "dropdown")
            attr = f' class="{kept}"' if kept else ""
            return f"<details{attr}><summary>{title}</summary>\n\n{self._blocks(chapter, body).strip()}\n\n</details>"
        if name in ADMONITIONS:
            title = arg if name == "admonition" else (arg or name.capitalize())
            inner = self._blocks(chapter, body).strip().split("\n")
            return "\n".join([f"> **{title}**", ">", *(f"> {x}" if x else ">" for x in inner)])
        if name == "toctree":
            return self._toctree(chapter, options, body)
        if name == "glossary":
            return _glossary(body)
        # any other directive: its content, as text
        return self._blocks(chapter, body)

    def _toctree(self, chapter: str, options: Mapping[str, str], body: str) -> str:
        if "hidden" in options:
            return ""
        items = []
        for entry in filter(None, (x.strip() for x in body.split("\n"))):
            explicit = _EXPLICIT.match(entry)
            text, target = (explicit["text"], explicit["target"]) if explicit else (None, entry)
            items.append(f"- {self._link(chapter, target, text)}")
        caption = [f"**{options['caption']}**", ""] if options.get("caption") else []
        return "\n".join(caption + items)

    def _glue_block(self, chapter: str, name: str) -> str:
        bundle = self._bundle(chapter, name)
        if "text/html" in bundle:
            return "\n".join(line.strip() for line in bundle["text/html"].strip().split("\n"))  # an HTML block
        if "text/markdown" in bundle:
            return bundle["text/markdown"]
        return "```\n" + plain_text(bundle) + "\n```"

    # roles ---------------------------------------------------------------------------------------

    def _roles(self, chapter: str, markdown: str) -> str:
        def role(found: re.Match) -> str:
            name, content = found["name"], found["content"]
            if name == "glue:text":
                key, _, fmt = content.partition(":")
                return plain_text(self._bundle(chapter, key), fmt)
            if name in ("glue:md", "glue", "glue:any"):
                bundle = self._bundle(chapter, content.rsplit(":", 1)[0] if name == "glue:md" else content)
                return bundle.get("text/markdown") or plain_text(bundle)
            if name == "doc":
                explicit = _EXPLICIT.match(content)
                return self._link(chapter, *((explicit["target"], explicit["text"]) if explicit else (content, None)))
            if name in ("term", "ref", "abbr"):
                explicit = _EXPLICIT.match(content)
                return explicit["text"] if explicit else content
            if name == "math":
                return f"${content}$"
            return found.group(0)

        out, fence = [], None  # roles in a fenced code block are left as they are
        for line in markdown.split("\n"):
            bare = _CODE_FENCE.match(line)
            if bare and (fence is None or (bare["fence"][0] == fence[0] and len(bare["fence"]) >= len(fence) and not bare["info"].strip())):
                fence = None if fence else bare["fence"]
                out.append(line)
            else:
                out.append(line if fence else _ROLE.sub(role, line))
        return "\n".join(out)

    def _bundle(self, chapter: str, name: str) -> Mapping[str, str]:
        try:
            return self.glued[chapter][name]
        except KeyError:
            raise LiveMarkdownError(f"{chapter}: no value glued as {name[:60]!r} by its code") from None

    def _link(self, chapter: str, target: str, text: str | None = None) -> str:
        """A link from ``chapter`` to the chapter ``target`` (as ``{doc}`` and a toctree name it)."""
        base = posixpath.dirname(chapter)
        path = posixpath.normpath(target.lstrip("/") if target.startswith("/") else posixpath.join(base, target))
        path = path.removesuffix(".md")
        title = text or self.titles.get(path) or posixpath.basename(path)
        if path not in self.titles:
            return title
        return f"[{title}]({posixpath.relpath(path, base or '.')}.ipynb)"


def _options(body: list[str]) -> tuple[dict[str, str], list[str]]:
    """A directive's ``:key: value`` options (or its ``---`` YAML block) and the rest of its body."""
    options: dict[str, str] = {}
    if body and body[0].strip() == "---":
        end = next((j for j in range(1, len(body)) if body[j].strip() == "---"), None)
        if end is not None:
            import yaml

            loaded = yaml.safe_load("\n".join(body[1:end])) or {}
            return {str(k): str(v) for k, v in loaded.items()}, body[end + 1 :]
    j = 0
    while j < len(body) and (found := _OPTION.match(body[j].strip())):
        options[found["key"]] = found["value"].strip()
        j += 1
    return options, body[j:]


def _glossary(body: str) -> str:
    """A ``{glossary}``: unindented lines are terms, indented ones their definition."""
    items: list[list[str]] = []
    for line in body.split("\n"):
        if line.strip() and not line[0].isspace():
            items.append([f"- **{line.strip()}**:"])
        elif line.strip() and items:
            items[-1].append(line.strip())
    return "\n".join(" ".join(item) for item in items)


def _deflists(markdown: str) -> str:
    """Definition lists (``term`` then ``: definition``), as MyST's deflist reads them, as a list
    of ``term: definition`` items, outside code blocks."""
    lines = markdown.split("\n")
    fence: str | None = None
    for i, line in enumerate(lines):
        bare = re.match(r"^[ \t]*(`{3,}|~{3,})", line)
        if bare and (fence is None or bare.group(1)[0] == fence[0]):
            fence = None if fence else bare.group(1)
            continue
        if fence is None and i > 0 and re.match(r"^: +\S", line) and lines[i - 1].strip() and not lines[i - 1].startswith("- "):
            lines[i - 1] = f"- {lines[i - 1].strip()}:"
            lines[i] = "  " + line[1:].strip()
    return "\n".join(lines)


def chapter_titles(sources: Iterable[tuple[str, str]]) -> dict[str, str]:
    """``{chapter: title}`` from ``(chapter, markdown)`` pairs."""
    return {chapter: title_of(text) or posixpath.basename(chapter) for chapter, text in sources}

