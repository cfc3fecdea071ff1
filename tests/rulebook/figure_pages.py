"""Where a book's figures landed, read from the built PDF as an editor checks it: a narrated turn's
board on its heading's page, a worked example's drawing on the page its text begins, each small
board on the page of its log row.

Read with pdfplumber (words with their size, the drawn curves of every board) and pypdfium2 (the
bookmarks: every heading points at its top). A board draws its pieces as curves; a table draws none.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

TURN_HEADING = re.compile(r"^Turns? (\d+)\b")   # a narrated turn (or a run of alike turns)
SMALL_CAPTION = re.compile(r"^(\d+),$")          # "Turn 52," over a small board
FIGURE_TEXT = 6.5                                  # points: figure text is set at 6-6.2 pt, body text above 7


@dataclass(frozen=True)
class Split:
    page: int      # 1-based: the page where the text (heading, example, log row) is
    what: str

    def __str__(self) -> str:
        return f"p{self.page}: {self.what}"


def split_figures(pdf: Path) -> list[Split]:
    """Every narrated turn whose board is not on its heading's page, every worked example whose
    drawing is not on the page its text begins, every small board whose log row is elsewhere."""
    import pdfplumber
    marks = _bookmarks(pdf)
    with pdfplumber.open(str(pdf)) as doc:
        pages = [_Page(p) for p in doc.pages]
    return _turn_boards(pages, marks) + _examples(pages) + _small_boards(pages)


class _Page:
    def __init__(self, page) -> None:
        self.height = float(page.height)
        self.words = page.extract_words(extra_attrs=["size"])
        self.curves = [(float(c["top"]), float(c["bottom"])) for c in page.curves]

    def curves_between(self, top: float, bottom: float) -> int:
        """Curves (a board's pieces) that begin between ``top`` and ``bottom`` (from the page top)."""
        return sum(1 for t, _ in self.curves if top - 2 <= t < bottom)


def _bookmarks(pdf: Path) -> list[tuple[str, int, float]]:
    """(title, 0-based page, top from the page's top) of every heading that points at a place."""
    import pypdfium2 as pdfium
    from generator.rulebook.lint import bookmarks
    doc = pdfium.PdfDocument(str(pdf))
    try:
        out = [(m.title, m.page, doc[m.page].get_height() - m.top) for m in bookmarks(doc) if m.top < 1e9]
        return sorted(out, key=lambda m: (m[1], m[2]))
    finally:
        doc.close()


def _turn_boards(pages: list[_Page], marks: list[tuple[str, int, float]]) -> list[Split]:
    """A narrated turn's heading with no board under it on its page, while its section goes on
    overleaf with a board: the heading (and its first lines) stranded at the page foot."""
    out = []
    for i, (title, page, top) in enumerate(marks):
        if not TURN_HEADING.match(title):
            continue
        after = marks[i + 1] if i + 1 < len(marks) else None
        end_here = after[2] if after and after[1] == page else pages[page].height
        if pages[page].curves_between(top, end_here):
            continue
        if after is not None and after[1] == page or page + 1 >= len(pages):
            continue   # the section ends on its page: a turn told without a board
        end_next = after[2] if after and after[1] == page + 1 else pages[page + 1].height
        if pages[page + 1].curves_between(0, end_next):
            out.append(Split(page + 1, f"'{title}' at the foot, its board on p{page + 2}"))
    return out


def _examples(pages: list[_Page]) -> list[Split]:
    """A worked example (its text opens with "Example:") whose page holds no drawing below its first line."""
    out = []
    for index, page in enumerate(pages):
        for word in page.words:
            if word["text"] == "Example:" and word["size"] > FIGURE_TEXT:
                if not page.curves_between(word["top"], page.height):
                    title = " ".join(w["text"] for w in page.words
                                     if abs(w["top"] - word["top"]) < 1 and w["x0"] > word["x0"])
                    out.append(Split(index + 1, f"'Example: {title}' begins here, its drawing on a later page"))
    return out


def _small_boards(pages: list[_Page]) -> list[Split]:
    """Each small board ("Turn N," over it, at the figures' size) on the page of its log row
    (the row whose first cell is N, at the table's size)."""
    rows: dict[int, set[int]] = {}
    boards: list[tuple[int, int]] = []
    for index, page in enumerate(pages):
        words = page.words
        for k, word in enumerate(words):
            if word["text"] == "Turn" and word["size"] <= FIGURE_TEXT and k + 1 < len(words):
                found = SMALL_CAPTION.match(words[k + 1]["text"])
                if found:
                    boards.append((index, int(found.group(1))))
            elif word["text"].isdigit() and word["size"] > FIGURE_TEXT and _opens_row(word, words):
                rows.setdefault(int(word["text"]), set()).add(index)
    return [Split(page + 1, f"the small board of turn {turn}: its log row on "
                            f"{', '.join(f'p{p + 1}' for p in sorted(rows.get(turn, ()))) or 'no page'}")
            for page, turn in boards if page not in rows.get(turn, ())]


def _opens_row(word: dict, words: list[dict]) -> bool:
    """Whether ``word`` is the first cell of a table row: the leftmost of at least three words on
    its line, at the text block's left edge."""
    line = [w for w in words if abs(w["top"] - word["top"]) < 1]
    left = min(w["x0"] for w in words if w["size"] > FIGURE_TEXT)
    return len(line) >= 3 and word["x0"] <= min(w["x0"] for w in line) + 0.1 and word["x0"] - left < 6
