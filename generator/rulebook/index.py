"""The index of a long rulebook, from rules/terms.yaml: each glossary term the book uses and each
topic of ``index:`` (a rule players look up: a tie, the end of the game), with the page that defines
or tells it in bold among a few more pages, in page order: those of the other headings that name it, then
those where it comes up most. Never every page where a word appears (a range over the whole book
tells the reader nothing)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from generator.model.source import load_yaml
from generator.model.validation import validate
from generator.rulebook.terms import TERMS, Term, Terms, term_pattern

MORE_PAGES = 3   # pages an entry lists beside its defining one


@dataclass(frozen=True)
class Entry:
    name: str
    pattern: re.Pattern
    see: str | None       # the heading that defines or tells it, as the book prints it


@dataclass(frozen=True)
class Mark:
    title: str
    page: int             # 1-based
    level: int


def _plain(title: str) -> str:
    return " ".join(title.split()).casefold()


def _sort_key(name: str) -> str:
    return re.sub(r"^the\s+", "", name.casefold())


@dataclass(frozen=True)
class BookIndex:
    """The index of one book: its title, its entries, and the chapters (by title) from which on
    nothing is indexed (appendix, glossary)."""

    title: str
    entries: list[Entry]
    stop: re.Pattern

    @property
    def terms(self) -> list[tuple[str, re.Pattern]]:
        return [(e.name, e.pattern) for e in self.entries]

    def locate(self, pdf: Path) -> list[tuple[str, str]]:
        """Each entry with its pages as Paragraph markup ("<b>7</b>, 3, 9"), read from the laid-out
        ``pdf``; an entry found on no page of the rules is left out."""
        marks, texts = _read(pdf, self.stop)
        out = []
        for entry in self.entries:
            numbers = entry_pages(entry, marks, texts)
            if numbers:
                first = numbers[0]
                out.append((entry.name, ", ".join(f"<b>{p}</b>" if p == first else str(p) for p in sorted(numbers))))
        return out


def entry_pages(entry: Entry, marks: list[Mark], texts: dict[int, str]) -> list[int]:
    """The defining page of ``entry`` first, then up to ``MORE_PAGES`` others in page order, chosen
    from the pages of the other headings that name it, then those where it comes up twice or more
    (most first)."""
    counts = {page: len(entry.pattern.findall(text)) for page, text in texts.items()}
    counts = {page: n for page, n in counts.items() if n}
    named = [m for m in marks if entry.pattern.search(m.title)]   # the headings that name it
    mark = next((m for m in marks if entry.see is not None and _plain(m.title) == _plain(entry.see)), None)
    if mark is not None:   # checked against the contents' headings before the layout, so found
        section = range(mark.page, _section_end(mark, marks) + 1)
        first = next((p for p in section if p in counts), mark.page)
    elif named:
        first = named[0].page
    elif counts:
        first = min(counts)
    else:
        return []
    often = sorted((page for page, n in counts.items() if n >= 2), key=lambda page: (-counts[page], page))
    ranked = [m.page for m in named] + often
    more = [p for p in dict.fromkeys(ranked) if p != first][:MORE_PAGES]
    return [first, *sorted(more)]


def _section_end(mark: Mark, marks: list[Mark]) -> int:
    """The page where the section under ``mark`` ends: that of the next heading at its level or above."""
    after = marks[marks.index(mark) + 1:]
    return next((m.page for m in after if m.level <= mark.level), max((m.page for m in after), default=mark.page))


def _read(pdf: Path, stop: re.Pattern) -> tuple[list[Mark], dict[int, str]]:
    """The headings of the rules (bookmarks before the first chapter ``stop`` names) and the text of
    each of their pages; the contents' lines (dot leaders) do not count."""
    import pypdfium2 as pdfium
    from generator.rulebook.lint import bookmarks
    doc = pdfium.PdfDocument(str(pdf))
    try:
        marks: list[Mark] = []
        end = len(doc)
        for b in bookmarks(doc):
            if b.level == 0 and stop.match(b.title):
                end = b.page
                break
            marks.append(Mark(b.title, b.page + 1, b.level))
        texts = {}
        for i in range(1, end + 1 if end < len(doc) else end):
            text = doc[i].get_textpage().get_text_bounded()
            texts[i + 1] = "\n".join(line for line in text.splitlines() if not re.search(r"\.{3,}|(\. ){3}", line))
    finally:
        doc.close()
    return [m for m in marks if m.page > 1], texts


def book_index(folder: Path, used: list[Term], markdown: str, headings: list[tuple[int, str]],
               stop: re.Pattern, title: str = "Index") -> BookIndex | None:
    """The index of a book whose rule text is ``markdown`` with ``headings`` (contents level, text):
    the glossary terms it uses and the topics of ``index:`` its text tells, in alphabetical order;
    None when there is none.

    :raises GameDataError: naming the file, line and key of a ``see`` that is no heading of the rules.
    """
    path = folder / TERMS
    if not path.is_file():
        return None
    source = load_yaml(path)
    data = validate(Terms, source.data, source)
    rules = []
    for level, text in headings:
        if level == 0 and stop.match(text):
            break
        rules.append(_plain(text))
    entries = []
    names = {t.term for t in used}
    for key, items, name in (("terms", data.terms, lambda t: t.term), ("index", data.index, lambda t: t.entry)):
        for i, item in enumerate(items):
            pattern = term_pattern(item)
            if (key == "terms" and item.term not in names) or (key == "index" and not pattern.search(markdown)):
                continue   # a term or topic this edition's text never tells
            if item.see is not None and _plain(item.see) not in rules:
                raise source.error((key, i, "see"), "the text of a heading of the rules (before the appendices)",
                                   repr(item.see))
            entries.append(Entry(name(item), pattern, item.see))
    entries.sort(key=lambda e: _sort_key(e.name))
    return BookIndex(title, entries, stop) if entries else None
