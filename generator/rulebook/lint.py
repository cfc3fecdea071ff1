"""The rulebook lint: the built PDF read as an editor reads it.

Everything is read with pypdfium2. Text checks (its text layer sees the text of drawings too): a
player book must not show an option key, a command line, an agent id or a word of the designer's
(``looks/rulebook/player-words.txt``: engine, seed, win rate, percentages ...), and no book may
show an unresolved template placeholder. Words: no book (the designer's report included) prints a form its terms file lists
under a term's ``avoid`` (place, never spot), nor a spelling of the other English
(``looks/rulebook/spellings.txt``: colour in an en-US book, color in an en-GB one). Layout checks: a heading (every heading is a PDF bookmark pointing at its top) must
be followed on its page by at least two lines of what it heads, and no body page but the last may be
less than half full. Fill is measured on the rendered page, by drawn area: the share of the text
block's height (between running head and page number) that holds ink, text, figures and tables
alike, gaps shorter than a few lines of text counted as filled. Contrast: every numeral and every
short label (circle letters, "held by Blue") the book draws on a fill reaches 4.5:1 with it, in colour
and in greyscale (``legible.pdf_numerals``), and so does every digit of the pieces' printed faces the
book shows (a gallery, the cover's fan: a value is read there as on the piece; their words are the
preflight's to measure).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from generator.rulebook.legible import label, low_contrast, pdf_numerals
from generator.rulebook.terms import Term, avoid_pattern

COMMAND = re.compile(r"python\s+build\.py|\bpnp(?:kit)?\s+(build|replay|simulate|sweep|rulebook|validate)\b|--(edition|seed|agents|games)\b")
PLACEHOLDER = re.compile(r"\{\{|\}\}|\{%|%\}|\{#|#\}|\bUndefined\b|\bNone\b")
MIN_FILL = 0.5        # a body page (not the last) is at least this full, by drawn area
FILL_DPI = 36         # the resolution the fill is measured at
FILL_GAP = 30.0       # points: a blank band shorter than this (space between paragraphs) counts as filled
INK = 220             # grey levels below this are ink
NOTES = "Notes"       # the heading of the blank pages that pad a booklet to whole sheets
MIN_LINES_AFTER_HEADING = 2


@dataclass(frozen=True)
class Finding:
    page: int      # 1-based
    kind: str      # option-key, command, agent-id, designer-word, placeholder, stranded-heading, empty-page,
                   # term, spelling, contrast
    text: str

    def __str__(self) -> str:
        return f"page {self.page}: {self.kind}: {self.text}"


@dataclass(frozen=True)
class Line:
    left: float
    bottom: float
    right: float
    top: float
    text: str


@dataclass(frozen=True)
class Bookmark:
    title: str
    page: int      # 0-based
    top: float
    level: int


def lint_pdf(pdf: Path, option_keys: Iterable[str] = (), agent_ids: Iterable[str] = (),
             players: bool = True, draft: bool = False, terms: Iterable[Term] = (),
             language: str | None = None) -> list[Finding]:
    """Every finding in the rulebook at ``pdf``; ``players``: the book is for players (no keys, commands,
    agents); ``terms`` (rules/terms.yaml) and ``language`` (en-US, en-GB) for the book's words."""
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(str(pdf))
    try:
        pages = [page_lines(doc[i]) for i in range(len(doc))]
        marks = bookmarks(doc)
        fills = [page_fill(doc[i], pages[i], i + 1) for i in range(len(doc))]
    finally:
        doc.close()
    findings = text_findings(pages, option_keys, agent_ids, players, draft)
    findings += word_findings(pages, terms, language)   # the designer's report too: it quotes the engine's options
    findings += stranded_headings(pages, marks)
    findings += empty_pages(pages, fills, marks)
    findings += contrast_findings(pdf)
    return sorted(findings, key=lambda f: (f.page, f.kind, f.text))


def contrast_findings(pdf: Path) -> list[Finding]:
    """Numerals and short labels the book draws, and the digits of the pieces' printed faces it shows,
    under 4.5:1 with their ground: one finding for each page, ink and ground, with the characters
    that share them."""
    groups: dict[tuple[int, str], list] = {}
    shown = [n for n in pdf_numerals(pdf, wanted=label) if (not n.in_form or n.text.isdigit()) and not n.overlapped]
    for numeral in low_contrast(shown):
        groups.setdefault((numeral.page, numeral.colours), []).append(numeral)
    return [Finding(page, "contrast", f"'{''.join(n.text for n in found)}' {colours}, "
                                      f"{min(n.ratio for n in found):.2f}:1")
            for (page, colours), found in groups.items()]


def page_lines(page) -> list[Line]:
    text = page.get_textpage()
    out = []
    for i in range(text.count_rects()):
        left, bottom, right, top = text.get_rect(i)
        words = text.get_text_bounded(left, bottom, right, top).strip()
        if words:
            out.append(Line(left, bottom, right, top, words))
    return out


def bookmarks(doc) -> list[Bookmark]:
    """Every bookmark with its page and, for a bookmark to a point (/XYZ), the top it points at."""
    out = []
    for mark in doc.get_toc(max_depth=16):
        dest = mark.get_dest()
        if dest is None:
            continue
        mode, view = dest.get_view()
        top = view[1] if mode == 1 and len(view) > 1 else 1e9   # 1: /XYZ left top zoom
        out.append(Bookmark(mark.get_title(), dest.get_index(), float(top), mark.level))
    return out


def text_findings(pages: list[list[Line]], option_keys: Iterable[str], agent_ids: Iterable[str], players: bool,
                  draft: bool) -> list[Finding]:
    keys = [k for k in option_keys if "_" in k]  # one-word keys (dice, circles) are ordinary words
    key_re = re.compile(r"\b(" + "|".join(map(re.escape, keys)) + r")\b") if keys else None
    agents = list(agent_ids)
    agent_re = _agent_pattern(agents) if agents else None
    out = []
    for number, lines in enumerate(pages, start=1):
        text = "\n".join(line.text for line in lines)
        flat = re.sub(r"\s+", " ", text)
        for match in PLACEHOLDER.finditer(flat):
            out.append(Finding(number, "placeholder", _around(flat, match)))
        if not draft and "Not yet written" in flat:
            out.append(Finding(number, "placeholder", "a 'Not yet written' box in a finished game"))
        if not players:
            continue
        if key_re:
            out += [Finding(number, "option-key", m.group(0)) for m in key_re.finditer(flat)]
        out += [Finding(number, "command", _around(flat, m)) for m in COMMAND.finditer(flat)]
        if agent_re:
            out += [Finding(number, "agent-id", m.group(0)) for m in agent_re.finditer(flat)]
        out += [Finding(number, "designer-word", _around(flat, m)) for m in designer_words().finditer(flat)]
    return out


@lru_cache(maxsize=1)
def designer_words() -> re.Pattern:
    """The words no player book prints, from looks/rulebook/player-words.txt, as one pattern."""
    from generator.model.layouts import BUILTIN_LOOKS
    parts = []
    for line in (BUILTIN_LOOKS / "rulebook" / "player-words.txt").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("pattern:"):
            parts.append(line.removeprefix("pattern:").strip())
        else:
            parts.append(r"\b" + r"\s+".join(map(re.escape, line.split())) + r"s?\b")
    return re.compile("|".join(parts), re.IGNORECASE)


def word_findings(pages: list[list[Line]], terms: Iterable[Term], language: str | None) -> list[Finding]:
    """Every word the book should not print: a term's ``avoid`` form, a spelling of the other English."""
    checks = [(pattern, f"for {term.term}") for term in terms if (pattern := avoid_pattern(term))]
    if language in ("en-US", "en-GB"):
        checks.append((other_spellings(language), f"in an {language} book"))
    out = []
    for number, lines in enumerate(pages, start=1):
        flat = re.sub(r"\s+", " ", re.sub(r"(\w)-\n(\w)", r"\1\2", "\n".join(line.text for line in lines)))
        for pattern, why in checks:
            out += [Finding(number, "term" if why.startswith("for") else "spelling", f"'{m.group(0)}' {why}")
                    for m in pattern.finditer(flat)]
    return out


@lru_cache(maxsize=2)
def other_spellings(language: str) -> re.Pattern:
    """The spellings a book in ``language`` never prints, from looks/rulebook/spellings.txt (an
    American form, then the British one, a line), as one pattern of whole words in any case."""
    from generator.model.layouts import BUILTIN_LOOKS
    column = 1 if language == "en-US" else 0
    words = [line.split()[column] for line in
             (BUILTIN_LOOKS / "rulebook" / "spellings.txt").read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    return re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(words, key=len, reverse=True))) + r")\b",
                      re.IGNORECASE)


def _agent_pattern(agents: list[str]) -> re.Pattern:
    """A pair of agent ids ('mcts,greedy'), an id with its budget ('mcts:200'), or an id that is no
    English word (written in lower case): 'random' or 'greedy' alone are ordinary words."""
    ids = "|".join(map(re.escape, sorted(agents, key=len, reverse=True)))
    words = {"random", "greedy"}
    odd = [a for a in agents if a not in words]
    parts = [rf"\b(?:{ids})(?::\d+)?\s*,\s*(?:{ids})(?::\d+)?\b", rf"\b(?:{ids}):\d+\b"]
    if odd:
        parts.append(r"\b(?:" + "|".join(map(re.escape, odd)) + r")\b")
    return re.compile("|".join(parts))


def _around(text: str, match: re.Match) -> str:
    return text[max(0, match.start() - 20):match.end() + 20].strip()


def _footer_top(lines: list[Line], number: int) -> float:
    """The top of the page number at the foot of a body page (0 on a page without one)."""
    tops = [line.top for line in lines if line.text == str(number)]
    return min(tops) if tops else 0.0


def stranded_headings(pages: list[list[Line]], marks: list[Bookmark]) -> list[Finding]:
    """Headings followed on their page by fewer than two lines of what they head."""
    out = []
    for mark in marks:
        lines = pages[mark.page]
        bottom = _heading_bottom(lines, mark)
        if bottom is None:
            continue
        foot = _footer_top(lines, mark.page + 1)
        below = {round(line.top) for line in lines if line.top < bottom - 0.5 and line.bottom > foot + 0.5}
        if len(below) < MIN_LINES_AFTER_HEADING and _continues(pages, marks, mark.page + 1):
            out.append(Finding(mark.page + 1, "stranded-heading", mark.title))
    return out


def _continues(pages: list[list[Line]], marks: list[Bookmark], index: int) -> bool:
    """Whether page ``index`` (0-based) goes on with the section before it: it exists, is not a blank
    Notes page and does not open with a heading of its own."""
    if index >= len(pages):
        return False
    _, content, _ = _content(pages[index], index + 1)
    if not content or [line.text for line in content] == [NOTES]:
        return False
    first = max(line.top for line in content)
    return not any(m.page == index and m.top >= first - 2 for m in marks)


def _heading_bottom(lines: list[Line], mark: Bookmark) -> float | None:
    """The bottom of the heading's own lines: the lines from its top down whose text is part of its title."""
    title = re.sub(r"\s+", " ", mark.title).strip()
    below = sorted((line for line in lines if line.top <= mark.top + 1.5), key=lambda line: -line.top)
    bottom = None
    for line in below:
        words = re.sub(r"\s+", " ", line.text).strip()
        if words and words in title:
            bottom = line.bottom if bottom is None else min(bottom, line.bottom)
        elif bottom is not None:
            break
    return bottom


def empty_pages(pages: list[list[Line]], fills: list[float | None], marks: list[Bookmark] = ()) -> list[Finding]:
    """Body pages (not the cover, not a booklet's blank Notes page, not the last) less than half
    full by drawn area (``page_fill``). When the last page is a page of its own (it opens with a
    chapter: the turn at a glance on the back cover), the page before it ends the book's text and
    may be short too."""
    contents = [_content(lines, i + 1) for i, lines in enumerate(pages)]
    notes = {i for i, c in enumerate(contents) if [line.text for line in c[1]] == [NOTES]}
    last = max((i for i in range(len(pages)) if i not in notes), default=0)
    if any(m.page == last and m.level == 0 for m in marks):
        last = max((i for i in range(last) if i not in notes), default=0)
    out = []
    for index in range(1, last):
        fill = fills[index]
        if index in notes or fill is None:
            continue
        if fill < MIN_FILL:
            out.append(Finding(index + 1, "empty-page", f"{100 * fill:.0f}% of the page filled"))
    return out


def page_fill(page, lines: list[Line], number: int) -> float | None:
    """The share of the text block's height that holds anything drawn, measured on the page
    rendered in grey at ``FILL_DPI``; None for a page without a page number (the cover)."""
    foot, _, head = _content(lines, number)
    if head is None:
        return None
    head_bottom = min(line.bottom for line in lines if line.top >= head - 0.5)
    height = page.get_height()
    return drawn_fill(page, height - head_bottom + 5, height - foot - 2)


def drawn_fill(page, top: float, bottom: float) -> float | None:
    """The share of the band of ``page`` from ``top`` to ``bottom`` (points down from the page's top)
    that holds anything drawn, gaps shorter than ``FILL_GAP`` counted as filled; None for an empty band."""
    from PIL import Image
    scale = FILL_DPI / 72
    image = page.render(scale=scale, grayscale=True).to_pil().convert("L")
    first, last = int(top * scale) + 1, int(bottom * scale)
    if last <= first:
        return None
    band = image.crop((0, first, image.width, last)).point(lambda v: 255 if v < INK else 0).convert("F")
    from array import array
    rows = array("f", band.resize((1, band.height), resample=Image.Resampling.BOX).tobytes())   # row averages
    inked = [value > 0 for value in rows]
    return _covered(inked, int(FILL_GAP * scale)) / len(inked)


def _covered(inked: list[bool], gap: int) -> int:
    """Rows from the first ink to the last of each run of ink, runs closer than ``gap`` joined."""
    covered, start, last = 0, None, None
    for row, ink in enumerate(inked):
        if not ink:
            continue
        if start is None:
            start = row
        elif row - last > gap:
            covered += last - start + 1
            start = row
        last = row
    return covered + (last - start + 1 if start is not None else 0)


def _content(lines: list[Line], number: int) -> tuple[float, list[Line], float | None]:
    """(top of the page number, the lines between running head and page number, top of the running
    head); the last is None on a page without a page number (the cover)."""
    foot = _footer_top(lines, number)
    body = [line for line in lines if line.bottom > foot + 0.5]
    if not body or foot == 0.0:
        return foot, [], None
    head = max(line.top for line in body)
    return foot, [line for line in body if line.top < head - 0.5], head
