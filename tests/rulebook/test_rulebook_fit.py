"""A booklet fitted to whole sheets: text that runs a line or two past a sheet's last page is set a
little tighter instead of taking a page of its own with blank Notes pages after it; an index or
glossary never ends with a page of one to three lines. Read from the built PDFs: the shipped
booklets and made-up books whose length is searched for so that they overflow by a line."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook_helpers import PLAYER_BOOKS

MM = 72 / 25.4
A5 = (148 * MM, 210 * MM)
BOOKLETS = [book for book in PLAYER_BOOKS if book[2] == "rulebook-a5-booklet"]
LEAST_LINES = 5   # the least lines of text the last page of a booklet's text holds


def _body_words(page) -> list[dict]:
    """The words inside the text frame: not the running head above it nor the folio below it."""
    return [w for w in page.extract_words() if 17 * MM < w["top"] < page.height - 17 * MM]


def text_lines(page) -> int:
    """Lines of text on a page: a line across the measure counts once, a row of two columns (an
    index's, a glossary's) twice."""
    words = _body_words(page)
    if not words:
        return 0
    middle = (min(w["x0"] for w in words) + max(w["x1"] for w in words)) / 2
    rows: dict[int, list[dict]] = {}
    for w in words:
        rows.setdefault(round(w["bottom"]), []).append(w)
    count = 0
    for row in rows.values():
        if any(w["x0"] < middle < w["x1"] for w in row):
            count += 1
        else:
            count += len({w["x0"] >= middle for w in row})
    return count


def _is_notes(page) -> bool:
    return " ".join(w["text"] for w in _body_words(page)) == "Notes"


def last_text_page(pdf: Path) -> tuple[int, int, int]:
    """(number of the last page of text before the blank Notes pages and the back cover, its lines
    of text, the number of Notes pages)."""
    import pdfplumber
    with pdfplumber.open(str(pdf)) as doc:
        pages = doc.pages[:-1]   # the back cover: the turn at a glance
        notes = 0
        while pages and _is_notes(pages[-1]):
            notes, pages = notes + 1, pages[:-1]
        return pages[-1].page_number, text_lines(pages[-1]), notes


# ---------------------------------------------------------------- the shipped booklets


@pytest.mark.parametrize("book", BOOKLETS, ids=["-".join(b[:2]) for b in BOOKLETS])
def test_no_booklet_ends_its_text_with_a_page_of_a_few_lines(player_books, book):
    """The last page of a booklet's text holds at least LEAST_LINES lines: a line or two of an
    index left alone on a page (then blank pages) is what the fit and the widow rule prevent."""
    page, lines, notes = last_text_page(player_books[book])
    assert lines >= LEAST_LINES, f"page {page} holds {lines} lines of text, then {notes} Notes pages"


def test_the_grove_booklet_fills_whole_sheets_without_notes_pages(player_books):
    """The Grove's A5 booklet as a user gets it (the default sample game): its index's last line
    ran onto page 20 and four sheets' sides of Notes followed; set a little tighter, the text ends
    on page 19 and the turn at a glance is page 20."""
    from pypdf import PdfReader
    pdf = player_books[("battle-for-the-grove", "2024", "rulebook-a5-booklet")]
    pages = [p.extract_text() for p in PdfReader(str(pdf)).pages]
    assert len(pages) == 20
    assert not [i + 1 for i, text in enumerate(pages) if re.search(r"^Notes\s*$", text, re.MULTILINE)]
    assert "Supply" in pages[18] and "Turn at a glance" in pages[19]


@pytest.mark.parametrize("book", BOOKLETS, ids=["-".join(b[:2]) for b in BOOKLETS])
def test_a_shipped_booklet_prints_no_notes_page_and_no_page_under_half_full(player_books, book):
    """An editor does not print blank pages nor a sheet for a remnant: a booklet as a user builds
    it (the default sample game) whose text runs past whole sheets is set tighter, then its sample
    game told shorter, until its text ends on the page before its back cover with no Notes page,
    and every page but the covers, the last page of text included, is at least half full by drawn
    area."""
    import pypdfium2 as pdfium
    from generator.rulebook.lint import MIN_FILL, page_fill, page_lines
    page, lines, notes = last_text_page(player_books[book])
    assert notes == 0, f"the text ends on page {page}, then {notes} Notes pages"
    doc = pdfium.PdfDocument(str(player_books[book]))
    try:
        fills = [page_fill(doc[i], page_lines(doc[i]), i + 1) for i in range(1, len(doc) - 1)]
    finally:
        doc.close()
    short = {i + 2: round(f, 2) for i, f in enumerate(fills) if f is not None and f < MIN_FILL}
    assert short == {}, f"pages under half full: {short}"


# ---------------------------------------------------------------- made-up books

WORDS = ("isle coin trick band hero play turn lead hand pay cost hold wins round tide reef shell crew "
         "sail mast wind chart gold bell lamp rope deck").split()


def _filler(count: int, seed: int) -> str:
    return " ".join(WORDS[(seed * 7 + i * 5 + i * i) % len(WORDS)] for i in range(count)).capitalize() + "."


def _made_up_text(words: int, glossary: int) -> str:
    """Three chapters of running text, the last paragraph ``words`` words long, and a glossary of
    ``glossary`` entries in two columns."""
    chapters = []
    for chapter in range(3):
        paragraphs = [_filler(60 + 9 * k, chapter * 10 + k) for k in range(7)]
        chapters.append(f"# Chapter {chapter + 1}\n\n## Part one\n\n" + "\n\n".join(paragraphs[:4])
                        + "\n\n## Part two\n\n" + "\n\n".join(paragraphs[4:]))
    body = "\n\n".join(chapters) + "\n\n" + "\n\n".join(_filler(min(100, words - at), at) for at in range(0, words, 100))
    entries = "\n".join(f"**Term {i}.** {_filler(12 + i % 9, i)}\n" for i in range(glossary))
    return body + (f"\n\n# Glossary\n\n```columns 2\n{entries}```\n" if glossary else "")


def _write_made_up(pdf: Path, text: str, hint: list | None = None, shorter: list[str] = ()) -> int:
    """A made-up booklet on the A5 booklet profile's page (12 mm margins, 5 mm gutter, the text 92%),
    its ``shorter`` texts the cuts it may take."""
    from generator.model import layouts_dir
    from generator.model.layouts import Layouts
    from generator.rulebook.document import PageSetup, write_document
    from generator.rulebook.markdown import Converter
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles
    layouts = Layouts(layouts_dir())
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"), 0.92)
    setup = PageSetup(A5, top=18 * MM, bottom=18 * MM, inner=17 * MM, outer=12 * MM, booklet=True)
    width = A5[0] - 29 * MM

    def convert(source: str):
        return lambda looks: Converter(looks, width, lambda name, w: []).convert(source)

    def body(looks, cut: int = 0):
        return convert(([text, *shorter])[cut])(looks)
    return write_document(pdf, setup, styles, "Made-up game", "Made-up game \u00b7 rules", lambda: [],
                          body, contents_hint=hint, back=convert("# Turn at a glance\n\n" + _filler(80, 5)),
                          cuts=len(shorter))


def _as_styles_set(monkeypatch) -> None:
    """Books written as before the fit: never tried tighter nor looser."""
    from generator.rulebook import document
    monkeypatch.setattr(document, "first_level", lambda overflow, savings: None)
    monkeypatch.setattr(document, "loosest", lambda target, has_back, height, lay_out: None)


def _overflowing_by_a_line(tmp_path: Path, glossary: int) -> int:
    """The fewest words (in tens) added at the end of the made-up book's running text for which,
    laid out as the style sheet sets it, it takes one sheet more: its text then runs a line or two
    past a sheet's last page."""
    hint: list = []   # the contents' pages, the same for every probe: one layout pass each
    with pytest.MonkeyPatch.context() as m:
        _as_styles_set(m)
        probe = tmp_path / "probe.pdf"
        base = _write_made_up(probe, _made_up_text(0, glossary), hint)
        lo, hi = 0, 64
        while _write_made_up(probe, _made_up_text(10 * hi, glossary), hint) <= base:
            lo, hi = hi, 2 * hi
        while hi - lo > 1:
            mid = (lo + hi) // 2
            lo, hi = (lo, mid) if _write_made_up(probe, _made_up_text(10 * mid, glossary), hint) > base else (mid, hi)
        return 10 * hi


@pytest.fixture(scope="module")
def overflowing(tmp_path_factory):
    """glossary entries -> the words that make the made-up book overflow by a line (searched once)."""
    found: dict[int, int] = {}

    def words(glossary: int) -> int:
        if glossary not in found:
            found[glossary] = _overflowing_by_a_line(tmp_path_factory.mktemp("probe"), glossary)
        return found[glossary]
    return words


@pytest.mark.parametrize("glossary", [0, 14], ids=["running-text", "glossary"])
def test_a_made_up_book_overflowing_by_a_line_is_set_tighter(tmp_path, glossary, overflowing):
    """The book's text runs just past a sheet: laid out as its styles set it, it takes a page more
    and blank Notes pages; fitted, it ends on the sheet's last page, with every word, the same type
    sizes and no Notes page, and two builds are byte-identical."""
    import pdfplumber
    text = _made_up_text(overflowing(glossary), glossary)
    loose = tmp_path / "loose.pdf"
    with pytest.MonkeyPatch.context() as m:
        _as_styles_set(m)
        loose_pages = _write_made_up(loose, text)
    page, lines, notes = last_text_page(loose)
    assert notes >= 1 and lines < 10, (page, lines, notes)   # a few lines run over, then Notes pages

    fitted = tmp_path / "fitted.pdf"
    pages = _write_made_up(fitted, text)
    page, lines, notes = last_text_page(fitted)
    assert (pages, notes) == (loose_pages - 4, 0)
    assert page == pages - 1 and lines >= LEAST_LINES
    with pdfplumber.open(str(loose)) as a, pdfplumber.open(str(fitted)) as b:
        def words_of(doc):   # the text's words (not the contents' leaders and page numbers, nor the Notes)
            return sorted(w["text"] for p in doc.pages for w in _body_words(p)
                          if not re.fullmatch(r"\d+|Notes|(\. ?)+", w["text"]))

        def sizes(doc):   # of the type on every page but the Notes pages
            return {round(c["size"], 2) for p in doc.pages if not _is_notes(p) for c in p.chars}
        assert words_of(a) == words_of(b)
        assert sizes(a) == sizes(b)
    again = tmp_path / "again.pdf"
    _write_made_up(again, text)
    assert again.read_bytes() == fitted.read_bytes()


def test_a_made_up_book_a_page_over_is_padded_not_squeezed(tmp_path, overflowing):
    """A page past the sheet is more than the small steps save: the book is laid out as its styles
    set it and padded with Notes pages (the same file as without the fit)."""
    text = _made_up_text(overflowing(0) + 500, 0)
    loose = tmp_path / "loose.pdf"
    with pytest.MonkeyPatch.context() as m:
        _as_styles_set(m)
        _write_made_up(loose, text)
    fitted = tmp_path / "fitted.pdf"
    _write_made_up(fitted, text)
    assert fitted.read_bytes() == loose.read_bytes()
    assert last_text_page(fitted)[2] >= 1


def test_a_made_up_booklet_past_its_sheets_takes_the_least_cut_that_saves_a_sheet(tmp_path, overflowing):
    """A page past the sheet, more than the spacing steps save: offered cuts (each 120 words
    shorter), the booklet takes the least one that brings it to the sheet before, with no Notes
    page; the cut before it does not fit, even set tighter."""
    import pdfplumber
    words = overflowing(0) + 500
    texts = [_made_up_text(words - 120 * cut, 0) for cut in range(7)]
    loose = _write_made_up(tmp_path / "loose.pdf", texts[0])
    assert last_text_page(tmp_path / "loose.pdf")[2] >= 1   # padded with Notes pages
    pages = _write_made_up(tmp_path / "cut.pdf", texts[0], shorter=texts[1:])
    page, lines, notes = last_text_page(tmp_path / "cut.pdf")
    assert (pages, notes) == (loose - 4, 0) and page == pages - 1

    def text_of(pdf: Path) -> list[str]:
        with pdfplumber.open(str(pdf)) as doc:
            return [w["text"] for p in doc.pages[2:-1] for w in _body_words(p)
                    if not re.fullmatch(r"\d+|Notes|(\. ?)+", w["text"])]
    kept = text_of(tmp_path / "cut.pdf")
    cut = next(c for c in range(1, 7) if _write_made_up(tmp_path / f"alone-{c}.pdf", texts[c]) and
               text_of(tmp_path / f"alone-{c}.pdf") == kept)
    assert _write_made_up(tmp_path / "less.pdf", texts[cut - 1]) > pages   # the cut before: a sheet more
    again = tmp_path / "again.pdf"
    _write_made_up(again, texts[0], shorter=texts[1:])
    assert again.read_bytes() == (tmp_path / "cut.pdf").read_bytes()


def test_a_made_up_booklet_ending_short_of_its_sheets_runs_looser_to_the_end(tmp_path, overflowing):
    """The book's text ends on the sheet's last page of text but fills a third of it: laid out a
    little looser (its spaces, never its type), the text runs on to fill that page at least half,
    on the same pages, with every word and the same type sizes, and two builds are byte-identical."""
    import pdfplumber
    import pypdfium2 as pdfium
    from generator.rulebook.lint import MIN_FILL, page_fill, page_lines

    def last_fill(pdf: Path) -> float:
        doc = pdfium.PdfDocument(str(pdf))
        try:
            return page_fill(doc[len(doc) - 2], page_lines(doc[len(doc) - 2]), len(doc) - 1)
        finally:
            doc.close()
    text = _made_up_text(overflowing(0) - 400, 0)   # a line past the sheet, less about two thirds of a page
    tight = tmp_path / "as-set.pdf"
    with pytest.MonkeyPatch.context() as m:
        _as_styles_set(m)
        pages = _write_made_up(tight, text)
    assert last_text_page(tight) == (pages - 1, last_text_page(tight)[1], 0)
    assert last_fill(tight) < MIN_FILL
    loose = tmp_path / "looser.pdf"
    assert _write_made_up(loose, text) == pages
    assert last_text_page(loose)[::2] == (pages - 1, 0)
    assert last_fill(loose) >= MIN_FILL
    with pdfplumber.open(str(tight)) as a, pdfplumber.open(str(loose)) as b:
        def words_of(doc):
            return sorted(w["text"] for p in doc.pages for w in _body_words(p) if not re.fullmatch(r"\d+|(\. ?)+", w["text"]))

        def sizes(doc):
            return {round(c["size"], 2) for p in doc.pages for c in p.chars}
        assert words_of(a) == words_of(b)
        assert sizes(a) == sizes(b)
    again = tmp_path / "again.pdf"
    _write_made_up(again, text)
    assert again.read_bytes() == loose.read_bytes()


# ---------------------------------------------------------------- the steps and the widow rule


def test_tightening_keeps_type_sizes_and_a_legible_leading():
    """Every level of the fit keeps each style's size; a leading it changes stays at least
    LEAST_LEADING times the size, and each step takes something off."""
    from generator.model import layouts_dir
    from generator.model.layouts import Layouts
    from generator.rulebook.fit import LEAST_LEADING, STEPS, tightened
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles
    layouts = Layouts(layouts_dir())
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"), 0.92)
    for level in range(1, len(STEPS) + 1):
        tight = tightened(styles, level)
        for name, style in styles.paragraph.items():
            after = tight[name]
            assert after.fontSize == style.fontSize and after.fontName == style.fontName
            assert after.leading <= style.leading and after.spaceBefore <= style.spaceBefore
            assert after.spaceAfter <= style.spaceAfter
            if after.leading != style.leading:
                assert after.leading >= LEAST_LEADING * after.fontSize - 1e-9
        step = STEPS[level - 1]
        before = tightened(styles, level - 1)
        assert any((tight[n].leading, tight[n].spaceBefore, tight[n].spaceAfter)
                   != (before[n].leading, before[n].spaceBefore, before[n].spaceAfter) for n in step.styles), step


def test_the_first_level_tried_saves_clearly_more_than_the_overflow():
    from generator.rulebook.fit import MARGIN, REACH, first_level, next_level
    savings = [0.0, 10.0, 40.0, 200.0, 260.0, 400.0]
    assert first_level(8.0, savings) == 2            # 10 is not clearly more than 8
    assert first_level(35.0, savings) == 3            # 40 is not clearly more than 35
    assert first_level(380.0, savings) == 5          # none clearly more: all the steps
    assert first_level(401.0, savings) == 5          # more than all the steps save, but within their reach
    assert first_level(400.0 / REACH + 1, savings) is None   # out of their reach
    assert first_level(0.0, savings) is None
    assert savings[first_level(100.0, savings)] >= 100.0 * MARGIN
    assert next_level(2, 1) == len(savings) - 1 and next_level(2, -1) == 1 and next_level(2, 0) is None
    assert next_level(1, -1) is None and next_level(len(savings) - 1, 1) is None


@pytest.mark.parametrize("room_rows", range(1, 15))
def test_columns_split_only_into_parts_of_four_lines_or_more(room_rows):
    """A two-column list of 30 one-line rows split at every height: each part is at least
    TAIL_LINES lines tall (else it moves whole), and rows held back from a page open the next."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph
    from reportlab.platypus.doctemplate import FrameBreak
    from generator.rulebook.flowables import TAIL_LINES, Columns
    style = ParagraphStyle("row", fontSize=9, leading=12)
    columns = Columns([Paragraph(f"Term {i}", style) for i in range(30)], 2, 300, 10)
    columns.canv = Canvas("/dev/null")
    assert columns.first_height() == TAIL_LINES * 12
    parts = columns.split(300, room_rows * 12 + 1)
    if room_rows < TAIL_LINES:
        assert parts == []
        return
    first, *turn, rest = parts
    rest.canv = first.canv = columns.canv
    assert len(first.blocks) + len(rest.blocks) == 30
    assert TAIL_LINES * 12 <= first.wrap(300, 1e6)[1] <= room_rows * 12 + 1
    assert rest.wrap(300, 1e6)[1] >= TAIL_LINES * 12
    held = len(first.blocks) < 2 * room_rows   # rows that would have fitted went over
    assert [type(f) for f in turn] == ([type(FrameBreak)] if held else [])


def test_a_short_list_in_columns_moves_whole():
    """Seven rows (four lines in two columns) cannot split into two parts of four lines: the block
    asks for all its height and never splits."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph
    from generator.rulebook.flowables import Columns
    style = ParagraphStyle("row", fontSize=9, leading=12)
    columns = Columns([Paragraph(f"Term {i}", style) for i in range(13)], 2, 300, 10)
    columns.canv = Canvas("/dev/null")
    assert columns.first_height() == 7 * 12
    assert all(columns.split(300, rows * 12 + 1) == [] for rows in range(1, 7))
