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


# -- Sentences a reader must not meet, and names that must be right everywhere --------------------

ROOT = BOOK.parent

#: each phrase was once in the book, wrong or meaningless to a reader; the reason is the message
FORBIDDEN = {
    "tens of a full Spanish pack": "a Spanish pack has no tens (sota 10, caballo 11, rey 12)",
    "cannot be reached by both": "marriages count, so both players can pass sixty-six in one deal",
    "has lost its heading": "Parlett's book is complete; only the copy the tutor worked from is cut",
    "entry breaks off": "Parlett's book is complete; only the copy the tutor worked from is cut",
    "simpler game Briscan grew from": "Brisque is another name for Briscan (its rules chapter)",
    "always made with the lowest": "Tute exchanges the seven, not its lowest card, the two",
    '"in the order they are declared"': "not Parlett's words",
    '"in the order declared"': "not Parlett's words",
    "there is no going out in Mariage": "the tutor's reading of 'as Schnapsen', to be said as one",
    "seed 2)": "a seed number means nothing to a reader",
    "(seed 5)": "a seed number means nothing to a reader",
    "(seed 14)": "a seed number means nothing to a reader",
    "The option `sharp=True`": "name the sharp rules; a Python keyword is not a rule",
    "With `sharp=True`": "name the sharp rules; a Python keyword is not a rule",
    "sl_bonus`": "printed as '(0 more)'",
    'print(f"deal {seed}': "prints the tutor's deal number ('deal 33'), which means nothing to a reader",
}
#: phrases wrong in the book's pages only (the README also speaks to developers)
FORBIDDEN_IN_BOOK = {"tests/benchmarks/": "a file path of the project's tests is not a source a reader can use"}

#: each source's author, as the source itself names him
WRONG_NAMES = {"Gerhard Senst": "Günther Senst", "Joshua Tompa": "Martin Tompa", "Jeff Waclena": "Keith Waclena"}


def _reader_texts() -> dict[str, str]:
    """Every markdown page of the book, the README and every rule module's text."""
    pages = [p for p in BOOK.rglob("*.md") if "_build" not in p.parts and "vendor" not in p.parts]
    pages += [ROOT / "README.md", *sorted((ROOT / "tutor" / "games").rglob("*.py"))]
    return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in pages}


def test_the_book_says_none_of_the_sentences_once_found_wrong():
    texts = _reader_texts()
    assert len(texts) > 100 and "book/tute/spanish-pack.md" in texts
    found = [f"{name}: {phrase!r} ({why})" for name, text in texts.items()
             for phrase, why in (FORBIDDEN | FORBIDDEN_IN_BOOK if name.startswith("book/") else FORBIDDEN).items()
             if phrase in " ".join(text.split())]
    assert not found, "\n".join(found)


def test_each_author_is_named_one_way_everywhere():
    texts = _reader_texts()
    wrong = [f"{name}: {bad!r}, not {good!r}" for name, text in texts.items() for bad, good in WRONG_NAMES.items()
             if bad in " ".join(text.split())]
    assert not wrong, "\n".join(wrong)
    joined = " ".join(" ".join(t.split()) for t in texts.values())
    for good in WRONG_NAMES.values():
        assert good in joined, f"{good} is named nowhere: the source lost its author"


def test_the_spanish_pack_is_described_without_tens():
    text = " ".join((BOOK / "tute" / "spanish-pack.md").read_text(encoding="utf-8").split())
    assert "sota (10), the caballo (11) and the rey (12)" in text
    assert "no card marked ten" in text


def test_no_count_of_nought_more_is_printed_where_nothing_more_is_scored():
    # the last trick of Schnapsen scores nothing beyond its cards: said so in words, never '(0 more)'
    import re

    from tutor.games.stock.family import family_table

    table = family_table()
    assert not re.search(r"\b0 more\b", table) and "nothing more" in table and "10 more" in table
    text = " ".join((BOOK / "schnapsen" / "last-tricks.md").read_text(encoding="utf-8").split())
    assert "worth its cards and nothing more" in text
