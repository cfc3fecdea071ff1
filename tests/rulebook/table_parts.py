"""The tables of a built rulebook as a reader finds them on the pages (pdfplumber): each table's parts,
page by page, with the body rows each part holds. A table is found by its header row (a filled band
whose top is on no grid line: a striped body row's is) and the thin grid lines under its rows."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

GRID = 0.3        # the width of the line under each row (the tables' LINEBELOW)
NEAR = 1.0        # points: two edges this close are one


@dataclass
class Part:
    page: int            # 1-based
    x0: float            # the table's left and right edges
    x1: float
    head: str            # the header row's text
    rows: int            # body rows on this page
    top: float           # the header's top, points down from the page's top
    bottom: float        # the last row's line
    opens_page: bool     # nothing of the text block above it
    ends_page: bool      # nothing of the text block below it


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= NEAR


def _grid(page) -> list[dict]:
    return [ln for ln in page.lines if _near(ln["top"], ln["bottom"]) and abs(ln["linewidth"] - GRID) < 0.05]


def page_parts(page, number: int) -> list[Part]:
    """The table parts on one pdfplumber page, top to bottom."""
    grid = _grid(page)
    words = page.extract_words() if grid else []
    if not words:
        return []
    head_line = min(w["top"] for w in words)            # the running head
    foot_line = max(w["bottom"] for w in words)         # the page number
    body = [w for w in words if w["top"] > head_line + NEAR and w["bottom"] < foot_line - NEAR]
    parts = []
    for rect in page.rects:
        lines = sorted((ln for ln in grid if _near(ln["x0"], rect["x0"]) and _near(ln["x1"], rect["x1"])),
                       key=lambda ln: ln["top"])
        if not rect.get("fill") or not lines or any(_near(ln["top"], rect["top"]) for ln in lines):
            continue   # not a header: a striped row starts on the line under the row above it
        if not any(_near(ln["top"], rect["bottom"]) for ln in lines):
            continue
        rows = _rows_below(lines, rect["bottom"])
        bottom = rows[-1] if rows else rect["bottom"]
        inside = [w for w in body if rect["x0"] - NEAR <= w["x0"] and w["x1"] <= rect["x1"] + NEAR]
        head = " ".join(w["text"] for w in inside
                        if rect["top"] - NEAR <= w["top"] and w["bottom"] <= rect["bottom"] + NEAR)
        parts.append(Part(number, rect["x0"], rect["x1"], head, len(rows), rect["top"], bottom,
                          opens_page=not any(w["bottom"] < rect["top"] - NEAR for w in body),
                          ends_page=not any(w["top"] > bottom + NEAR for w in body)))
    return sorted(parts, key=lambda p: p.top)


ROW_MOST = 120.0   # points: a row taller than this is another table's line, not a row's


def _rows_below(lines: list[dict], top: float) -> list[float]:
    """The grid lines of the body rows under a header ending at ``top``: each row starts on the line
    of the row above."""
    rows, at = [], top
    for ln in lines:
        if ln["top"] <= top + NEAR:
            continue
        if ln["top"] - at > ROW_MOST:
            break
        rows.append(ln["top"])
        at = ln["top"]
    return rows


def tables(pdf: Path) -> list[list[Part]]:
    """Every table of the book: its parts in page order (one part for a table that does not split).
    A part that opens a page under the same header as the part that ends the page before continues it."""
    out: list[list[Part]] = []
    for _, parts, _ in _read(pdf):
        for part in parts:
            last = out[-1][-1] if out else None
            if last and part.opens_page and last.ends_page and last.page == part.page - 1 and last.head == part.head:
                out[-1].append(part)
            else:
                out.append([part])
    return out


def split_counts(pdf: Path, least: int = 3, short: int = 8) -> dict[str, int]:
    """How many tables the book has, how many split, how many splits leave fewer than ``least`` body
    rows on a side, how many tables of at most ``short`` body rows split."""
    found = tables(pdf)
    split = [t for t in found if len(t) > 1]
    return {"tables": len(found), "split": len(split),
            "thin": sum(any(p.rows < least for p in t) for t in split),
            "short_split": sum(sum(p.rows for p in t) <= short for t in split)}


def headless_rows(pdf: Path) -> list[int]:
    """The pages holding table rows under no header (two grid lines or more of one width, outside
    every part found): a part continued without its header row. A lone thin line is a drawing's."""
    from collections import Counter
    out = []
    for number, parts, grid in _read(pdf):
        loose = Counter((round(ln["x0"]), round(ln["x1"])) for ln in grid if not any(
            _near(ln["x0"], p.x0) and _near(ln["x1"], p.x1) and p.top - NEAR <= ln["top"] <= p.bottom + NEAR
            for p in parts))
        if any(n >= 2 for n in loose.values()):
            out.append(number)
    return out


def _read(pdf: Path) -> list[tuple[int, list[Part], list[dict]]]:
    """Each page of ``pdf``: its number, its table parts and its grid lines (read once a file)."""
    return _read_file(str(pdf), Path(pdf).stat().st_mtime_ns)


@lru_cache(maxsize=4)
def _read_file(path: str, _mtime: int) -> list[tuple[int, list[Part], list[dict]]]:
    import pdfplumber
    with pdfplumber.open(path) as doc:
        return [(number, page_parts(page, number), _grid(page)) for number, page in enumerate(doc.pages, 1)]
