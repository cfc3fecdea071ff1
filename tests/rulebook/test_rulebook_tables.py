"""Tables as a typesetter sets them, read from the PDF: a split leaves at least three body rows on
each page and repeats the header row on the continued part; a short table (a few rows) moves to the
next page whole rather than split, when the page it leaves stays well filled. Made-up books of a
4-, an 8- and a 30-row table whose page foot falls at every height; then the shipped player books."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulebook_helpers import PLAYER_BOOKS
from table_parts import Part, headless_rows, tables

SIZE, TOP, BOTTOM = (420, 595), 50, 50
FRAME = SIZE[1] - TOP - BOTTOM
ROWS = (4, 8, 30)
LEADS = range(8, 26, 2)   # lines of text before the table: its top falls from a third of the page to its foot


def _book(path: Path, rows: int, lead: int, heading: bool) -> Path:
    """A made-up rulebook: ``lead`` one-line paragraphs, the table (under its own heading, or after
    a paragraph), a line after it."""
    from generator.model import layouts_dir
    from generator.model.layouts import Layouts
    from generator.rulebook.document import PageSetup, write_document
    from generator.rulebook.markdown import Converter
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles, seat_roles

    layouts = Layouts(layouts_dir())
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"))
    styles.seat_roles = seat_roles(("Light", "Dark"))
    setup = PageSetup(SIZE, top=TOP, bottom=BOTTOM, inner=40, outer=40)
    text = "# Zorblax rules\n\n" + "".join(f"Quibble line {i} of the lead.\n\n" for i in range(lead))
    text += "## The pieces\n\n" if heading else "Here are the pieces, each with its count and use.\n\n"
    use = "moves {} steps along the row it faces, then turns to face the nearest edge of the board"
    text += "| Piece | Count | Use |\n|---|--:|---|\n" + "".join(f"| piece-{i} | {i + 1} | {use.format(i)} |\n"
                                                          for i in range(rows))
    text += "\nAfter the table comes this line.\n"
    write_document(path, setup, styles, "Zorblax", "Zorblax rules", lambda: [],
                   lambda looks: Converter(looks, setup.size[0] - 80, lambda name, width: []).convert(text))
    return path


def _page_of(pdf: Path, text: str) -> int:
    import pdfplumber
    with pdfplumber.open(str(pdf)) as doc:
        return next(n for n, page in enumerate(doc.pages, 1) if text in (page.extract_text() or ""))


def _heading_top(pdf: Path, page: int, text: str) -> float | None:
    """The top of the last line holding ``text`` on ``page`` (points down the page; the contents may
    name it above), if it is there."""
    import pdfplumber
    with pdfplumber.open(str(pdf)) as doc:
        lines = doc.pages[page - 1].extract_text_lines()
    return next((line["top"] for line in reversed(lines) if text in line["text"]), None)


def table_faults(found: list[list[Part]], leave_empty: float, frame: float, foot: float,
                 tops: dict[int, float] | None = None, least: int = 3, short: int = 8) -> list[str]:
    """What an editor marks in ``found`` (``table_parts.tables``): a split that leaves fewer than
    ``least`` body rows on a page; a short table (``short`` body rows or fewer) split where moving it
    would have left at most ``leave_empty`` of a ``frame`` high text block blank (the block ends
    ``foot`` points down the page; a heading over the table goes with it: ``tops``, table index ->
    the heading's top): it should have moved on whole."""
    faults = []
    for i, parts in enumerate(found):
        if len(parts) < 2:
            continue
        thin = [p.rows for p in parts if p.rows < least]
        if thin:
            faults.append(f"page {parts[0].page}: a split leaves {thin} rows")
        blank = foot - (tops or {}).get(i, parts[0].top)
        if sum(p.rows for p in parts) <= short and blank <= leave_empty * frame:
            faults.append(f"page {parts[0].page}: a table of {sum(p.rows for p in parts)} rows split, "
                          f"leaving {blank:.0f} pt blank by moving")
    return faults


@pytest.mark.parametrize("heading", [True, False], ids=["under-a-heading", "after-a-paragraph"])
@pytest.mark.parametrize("rows", ROWS)
def test_a_table_near_the_page_foot_splits_as_a_typesetter_splits_it(rows, heading, tmp_path):
    """Wherever the foot falls: every row printed once, under its header on every page; a split keeps
    three rows on each side; a short table split only from a page it would leave a third empty or more
    (the 8-row table, its rows of two lines, is taller than that), and one that moves on whole leaves no
    page under half full and no heading alone."""
    from generator.rulebook.flowables import LEAVE_EMPTY
    from generator.rulebook.lint import lint_pdf
    faults, splits, moved = [], 0, 0
    for lead in LEADS:
        pdf = _book(tmp_path / f"t{rows}-{lead}.pdf", rows, lead, heading)
        found = tables(pdf)
        assert sum(p.rows for t in found for p in t) == rows and len(found) == 1, (lead, found)
        assert headless_rows(pdf) == [], lead
        top = _heading_top(pdf, found[0][0].page, "The pieces") if heading else None
        tops = {0: top} if top is not None else {}
        faults += [f"lead {lead}: {f}" for f in table_faults(found, LEAVE_EMPTY, FRAME, SIZE[1] - BOTTOM, tops)]
        faults += [f"lead {lead}: {f}" for f in lint_pdf(pdf) if f.kind in ("empty-page", "stranded-heading")]
        splits += len(found[0]) > 1
        moved += len(found[0]) == 1 and found[0][0].page > _page_of(pdf, f"line {lead - 1} of the lead")
    assert faults == []
    assert splits > 0 if rows > 4 else splits == 0   # three rows a side: four rows never split
    if rows <= 8:
        assert moved > 0   # the foot fell across it near the page's end, and it moved on whole


def test_the_check_marks_a_short_table_split_near_the_foot(tmp_path, monkeypatch):
    """The same books with the short-table rule off (no share of a page left blank is too little):
    the 8-row table splits near the foot, and the check marks it."""
    from generator.rulebook import flowables
    leave_empty = flowables.LEAVE_EMPTY
    monkeypatch.setattr(flowables, "LEAVE_EMPTY", -1.0)
    marked = []
    for lead in LEADS:
        found = tables(_book(tmp_path / f"off-{lead}.pdf", 8, lead, heading=False))
        marked += table_faults(found, leave_empty, FRAME, SIZE[1] - BOTTOM)
    assert marked


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids=["-".join(b) for b in PLAYER_BOOKS])
def test_the_player_books_split_no_table_thin(player_books, book):
    """In every player book a split table keeps three body rows on each page and its header row on
    the continued part."""
    pdf = player_books[book]
    found = tables(pdf)
    assert found, "no table found"
    assert [[p.rows for p in t] for t in found if len(t) > 1 and min(p.rows for p in t) < 3] == []
    assert headless_rows(pdf) == []
