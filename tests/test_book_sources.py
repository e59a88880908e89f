"""Checks on the book's sources that need no build: Sphinx keeps one namespace of glossary terms
for the whole book, so a term defined in two chapters' glossaries breaks the build (-W). A game's
term that another game also uses is named with its game, e.g. "marriage (at Bezique)"."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

BOOK = Path(__file__).resolve().parent.parent / "book"
FENCE = re.compile(r"^(`{3,}|:{3,})\{glossary\}[^\n]*\n(.*?)^\1\s*$", re.S | re.M)


def glossary_terms(text: str) -> list[str]:
    """The terms of every ``{glossary}`` block in a MyST page (unindented lines; options skipped)."""
    terms = []
    for match in FENCE.finditer(text):
        for line in match.group(2).splitlines():
            if line.strip() and not line[0].isspace() and not line.startswith(":"):
                terms.append(line.strip())
    return terms


def test_the_reader_of_glossaries_finds_terms_and_skips_definitions():
    page = "```{glossary}\n:sorted:\nmarriage\ntwenty\n  King and queen.\n\nbrisque\n  An ace or ten.\n```\n"
    assert glossary_terms(page) == ["marriage", "twenty", "brisque"]


def test_no_glossary_term_is_defined_twice_in_the_book():
    seen: dict[str, list[str]] = defaultdict(list)
    for page in sorted(BOOK.rglob("*.md")):
        if "_build" in page.parts or "vendor" in page.parts:
            continue
        for term in glossary_terms(page.read_text(encoding="utf-8")):
            seen[term.lower()].append(str(page.relative_to(BOOK)))
    assert sum(len(v) for v in seen.values()) > 20, "the book's glossaries were not found"
    twice = {term: pages for term, pages in seen.items() if len(pages) > 1}
    assert not twice, f"glossary terms defined more than once (name them with their game): {twice}"
