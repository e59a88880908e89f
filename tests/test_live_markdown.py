"""The chapters exported as notebooks (the JupyterLite copy, ``tutor lab``, Binder) show no MyST
markup that JupyterLab's markdown cannot read: glued values are filled in, answer keys folded."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import nbformat
import pytest

from tutor import site
from tutor.live_markdown import LiveMarkdown, LiveMarkdownError

from .mystbook import HEADER

BOOK = site.book_dir()
# markup JupyterLab shows as raw text
RAW = re.compile(r"\{glue|\{admonition\}|\{dropdown\}|\{doc\}|\{term\}|\{toctree\}|\{glossary\}|^[ \t]*(?:`{3,}|:{3,})\{", re.M)
# an answer key in a chapter's source: a dropdown admonition, or a <details> block written as such
KEY_BLOCK = re.compile(r"^```\{(?:admonition|dropdown)\}[^\n]*\n:class:[^\n]*dropdown[^\n]*\n(.*?)^```$", re.S | re.M)


def markdown_of(path: Path) -> list[str]:
    return [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown"]


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    dest = tmp_path_factory.mktemp("lite-notebooks")
    site.export_notebooks(dest, lite=True)
    return dest


def test_no_markdown_cell_of_any_chapter_shows_myst_markup(exported):
    notebooks = sorted(exported.rglob("*.ipynb"))
    assert len(notebooks) == len(site.chapters()) > 50
    raw = [(str(nb.relative_to(exported)), found.group(0)) for nb in notebooks for md in markdown_of(nb) for found in RAW.finditer(md)]
    assert raw == []


def test_every_answer_key_is_folded_in_a_details_block(exported):
    keys = 0
    for source in site.chapters():
        rel = source.relative_to(BOOK).with_suffix(".ipynb")
        text = "\n\n".join(markdown_of(exported / rel))
        folded = "\n".join(re.findall(r"<details[^>]*>.*?</details>", text, re.S))
        bodies = KEY_BLOCK.findall(source.read_text(encoding="utf-8"))
        bodies += re.findall(r'<details class="answer-key">.*?</details>', source.read_text(encoding="utf-8"), re.S)
        for body in bodies:
            keys += 1
            # every line of the answer with no glued value in it, only inside a <details> block
            for line in (x.strip() for x in body.split("\n")):
                if line and "{" not in line and "<" not in line:
                    assert line in folded, f"{rel}: {line!r} is not folded"
                    if len(line) > 40:  # long enough to be said only in the key
                        assert text.count(line) == folded.count(line), f"{rel}: {line!r} shows outside its key"
        assert text.count("<details") == text.count("</details>") == len(bodies)
        assert all("<summary>" in block and "\n\n" in block for block in re.findall(r"<details.*?</details>", text, re.S))
    assert keys >= 70  # 27 admonitions and 48 <details> blocks in the book's sources


def test_glued_values_are_those_of_the_rules(exported):
    # Piquet counts the ace 11, courts 10, others their face (Cavendish, Law 46): five cards make
    # at least 7+8+9+10+10 = 44, four at most 11+10+10+10 = 41.
    text = "\n".join(markdown_of(exported / "piquet" / "declarations.ipynb"))
    assert "Five cards make at least\n44, four at most 41," in text
    # Schnapsen (pagat.com): 20 cards, five each and a turn-up leave a stock of 9; with the turn-up,
    # two cards a trick, 5 tricks are played with drawing, then 5 from the hands.
    text = "\n".join(markdown_of(exported / "schnapsen" / "rules.ipynb"))
    assert "1. 5 with drawing (the stock of 9 and the turn-up, two\n   cards a trick), then 5 from the hands." in text


def test_a_glued_table_and_markdown_value_are_filled_in(exported):
    text = "\n".join(markdown_of(exported / "piquet" / "declarations.ipynb"))
    # the sequence table: a quint (five cards) scores 15 (Cavendish, Law 49)
    assert "<tr><td>5</td><td>quint</td><td>15</td></tr>" in text
    text = "\n".join(markdown_of(exported / "bezique" / "last-eight.ipynb"))
    assert re.search(r"on the table\n\(`[2-9TJQKA][SHDC]'? ", text), "glue:md value missing"


def test_links_to_chapters_open_their_notebooks_and_keys_in_code_start_folded(exported):
    text = "\n".join(markdown_of(exported / "piquet" / "declarations.ipynb"))
    assert "[Pique and repique](pique-repique.ipynb) explains" in text
    text = "\n".join(markdown_of(exported / "index.ipynb"))
    assert "- [Point, sequence and set](piquet/declarations.ipynb)" in text and "**Piquet**" in text
    nb = nbformat.read(exported / "exercises" / "bezique.ipynb", as_version=4)
    keys = [c for c in nb.cells if "answer-key" in c.metadata.get("tags", ())]
    assert keys and all(c.metadata["jupyter"]["outputs_hidden"] for c in keys)


CHAPTER = HEADER + """\
    # Counting

    ```{code-cell} ipython3
    from tutor.notebook import glue
    glue("total", 6 * 7, display=False)
    glue("name", "quint major", display=False)
    ```

    The total is {glue:text}`total`, a {glue:text}`name`; see {doc}`other <other>` and {doc}`missing`.

    ```{admonition} Solutions
    :class: dropdown answer-key

    1. It is {glue:text}`total:.1f`.
    ```

    ```{note}
    Counted {term}`by hand <counting>`.
    ```

    ````{tip} Keep
    ```text
    {glue:text}`total` stays as it is in code
    ```
    ````
    """


def _book(tmp_path: Path, chapter: str) -> Path:
    book = tmp_path / "book"
    book.mkdir()
    (book / "conf.py").write_text("")
    (book / "count.md").write_text(HEADER + textwrap.dedent(chapter[len(HEADER):]))
    (book / "other.md").write_text(HEADER + "# The other chapter\n")
    return book


def test_a_chapter_for_jupyterlab_is_converted_the_same_way(tmp_path):
    book = _book(tmp_path, CHAPTER)
    site.export_notebooks(tmp_path / "out", book=book)  # as tutor lab and Binder write them
    text = "\n\n".join(markdown_of(tmp_path / "out" / "count.ipynb"))
    assert "The total is 42, a quint major; see [other](other.ipynb) and missing." in text
    assert '<details class="answer-key"><summary>Solutions</summary>\n\n1. It is 42.0.\n\n</details>' in text
    assert "> **Note**\n>\n> Counted by hand." in text
    assert "> **Keep**\n>\n> ```text\n> {glue:text}`total` stays as it is in code\n> ```" in text


def test_a_glued_name_no_code_glues_is_an_error_naming_it(tmp_path):
    book = _book(tmp_path, CHAPTER.replace("{glue:text}`name`", "{glue:text}`nameless`"))
    with pytest.raises(LiveMarkdownError, match="count: no value glued as 'nameless'"):
        site.export_notebooks(tmp_path / "out", book=book)
    assert not (tmp_path / "out").exists()


def test_failing_glue_code_is_an_error_naming_the_chapter():
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("from tutor.notebook import glue\nglue('x', 1 / 0)"),
                                         nbformat.v4.new_markdown_cell("{glue:text}`x`")])  # fmt: skip
    with pytest.raises(LiveMarkdownError, match="(?s)broken: its code failed .*ZeroDivisionError"):
        LiveMarkdown({"broken": nb}, {})


@pytest.mark.parametrize("value", [42, "quint major", 6.5, ["a", 1]])
@pytest.mark.parametrize("display", [True, False])
def test_the_books_glue_shows_what_myst_nbs_own_glue_shows(monkeypatch, value, display):
    # tutor.notebook.myst_glue stands in for myst_nb.glue at build time (without its imports):
    # the same display call, data, metadata and all
    import IPython.display
    import myst_nb.ext.glue
    from IPython.core.interactiveshell import InteractiveShell

    import tutor.notebook

    calls: list[tuple] = []
    record = lambda *args, **kwargs: calls.append((args, kwargs))  # noqa: E731
    monkeypatch.setattr(myst_nb.ext.glue, "ipy_display", record)
    monkeypatch.setattr(IPython.display, "display", record)
    had_shell = InteractiveShell.initialized()
    try:
        myst_nb.ext.glue.glue("v", value, display=display)
        tutor.notebook.myst_glue("v", value, display=display)
    finally:  # formatting makes IPython's shell, which would change how later tests' widgets report errors
        if not had_shell:
            InteractiveShell.clear_instance()
    assert len(calls) == 2 and calls[0] == calls[1], calls
    assert tutor.notebook.GLUE_PREFIX == myst_nb.ext.glue.GLUE_PREFIX
