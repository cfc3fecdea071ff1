"""Economy and flow: chapters run on, no page but the last is under half full by drawn area
(text, figures and tables alike, measured on the rendered page), and the 2025 Letter book stays
short."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulebook_helpers import PLAYER_BOOKS


def _fills(pdf: Path) -> list[float | None]:
    import pypdfium2 as pdfium
    from generator.rulebook.lint import page_fill, page_lines
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [page_fill(doc[i], page_lines(doc[i]), i + 1) for i in range(len(doc))]
    finally:
        doc.close()


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids=["-".join(b) for b in PLAYER_BOOKS])
def test_no_page_but_the_last_is_under_half_full(player_books, book):
    from generator.rulebook.lint import lint_pdf
    pdf = player_books[book]
    findings = [f for f in lint_pdf(pdf, draft=book[0] == "mana-hex") if f.kind in ("empty-page", "stranded-heading")]
    assert findings == [], [str(f) for f in findings]
    fills = _fills(pdf)
    # the covers have no page number: the front, and a booklet's back cover (its turn at a glance)
    covers = {0, len(fills) - 1} if book[2] == "rulebook-a5-booklet" else {0}
    assert [i for i, f in enumerate(fills) if f is None] == sorted(covers), fills


def test_the_2025_letter_book_is_at_most_fifteen_pages(player_books):
    """Cover, contents, rules, the sample game and the reference aids (glossary, index, turn at a
    glance) in at most 15 pages (21 when every chapter opened a page and the boards stood alone),
    measured on the book a user gets: its sample game played by the default agents."""
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(str(player_books[("the-channeling", "2025", "rulebook-letter")]))
    try:
        pages = len(doc)
    finally:
        doc.close()
    assert pages <= 15


def _made_up(path: Path) -> Path:
    """Four pages with a running head and a page number: a cover, a page of one big drawing and no
    text, a page of four lines, a last page of one line."""
    from reportlab.lib.pagesizes import A5
    from reportlab.pdfgen.canvas import Canvas
    canvas = Canvas(str(path), pagesize=A5)
    width, height = A5
    for number in range(1, 5):
        canvas.setFont("Helvetica", 8)
        if number > 1:
            canvas.drawString(40, height - 40, "Made-up game")
            canvas.line(40, height - 44, width - 40, height - 44)
            canvas.drawCentredString(width / 2, 24, str(number))
        if number == 2:
            canvas.setFillGray(0.4)
            canvas.rect(40, 60, width - 80, height - 130, stroke=0, fill=1)
        lines = {3: 4, 4: 1}.get(number, 0)
        for i in range(lines):
            canvas.drawString(40, height - 70 - 12 * i, f"Line {i + 1} of the rules")
        canvas.showPage()
    canvas.save()
    return path


def test_fill_counts_drawings_as_well_as_text(tmp_path):
    """A page of one drawing is full though it has no text; a page of four lines is reported; the
    last page may be short."""
    from generator.rulebook.lint import lint_pdf
    pdf = _made_up(tmp_path / "made-up.pdf")
    fills = _fills(pdf)
    assert fills[1] > 0.9 and fills[2] < 0.2
    assert [(f.page, f.kind) for f in lint_pdf(pdf) if f.kind == "empty-page"] == [(3, "empty-page")]


def test_chapters_run_on_unless_the_profile_breaks_them(player_books, rulebook_env, tmp_path):
    """In the player book some chapter opens below the top of its page; a profile that sets
    chapter_breaks starts every chapter on a new page."""
    import pypdfium2 as pdfium
    from generator.rulebook.lint import bookmarks
    from pnp_testing import project_copy, run_cli

    def chapter_tops(pdf: Path) -> list[tuple[int, float, float]]:
        doc = pdfium.PdfDocument(str(pdf))
        try:
            return [(m.page, m.top, doc[m.page].get_height()) for m in bookmarks(doc) if m.level == 0]
        finally:
            doc.close()

    running = chapter_tops(player_books[("the-channeling", "2025", "rulebook-letter")])
    assert any(top < height * 0.75 for _, top, height in running)
    project = project_copy(tmp_path)
    profile = project / "layouts" / "profiles" / "rulebook-breaks.yaml"
    root = Path(__file__).resolve().parents[2]
    text = (root / "generator" / "looks" / "profiles" / "rulebook-letter.yaml").read_text()
    profile.write_text(text.replace("id: rulebook-letter", "id: rulebook-breaks") + "  chapter_breaks: true\n")
    result = run_cli("rulebook", "the-channeling", "--edition", "2025", "--profile", "rulebook-breaks", "--out",
                     str(tmp_path / "out"), env={**rulebook_env, "PNP_PROJECT": str(project)})
    assert result.returncode == 0, result.stderr
    broken = chapter_tops(tmp_path / "out" / "the-channeling-2025-rulebook-breaks.pdf")
    assert len(broken) == len(running)
    assert all(top > height * 0.8 for _, top, height in broken), broken


@pytest.mark.parametrize("extra", range(0, 90, 10))
@pytest.mark.parametrize("before", ["list", "paragraph"])
def test_a_placeholder_box_stays_on_the_page_of_what_it_follows(before, extra, tmp_path):
    """A made-up section whose box falls near a page foot after more or less text (``extra`` words):
    the box is on the page of the list's last item (numbered on, when the list is cut there) or of
    the short paragraph before it, never alone at the top of a page. Without the keep, the box
    stands alone at 10-25 extra words after the list and 55-70 after the paragraph."""
    import pypdfium2 as pdfium
    from generator.model import layouts_dir
    from generator.model.layouts import Layouts
    from generator.rulebook.document import PageSetup, write_document
    from generator.rulebook.markdown import Converter
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles

    layouts = Layouts(layouts_dir())
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"))
    setup = PageSetup((420, 595), top=50, bottom=50, inner=40, outer=40)
    lead = "\n\n".join(" ".join(f"word{i}" for i in range(50)) for _ in range(8))
    lead += " ".join(f"extra{i}" for i in range(extra))
    steps = "\n".join(f"{i}. Step{i} of the made-up rule, said in a few words." for i in range(1, 6))
    last = steps if before == "list" else "The made-up rule says this, and then ends here: LastWords."
    text = (f"# Chapter\n\n{lead}\n\n## The rule\n\nThe rule, first said at length. "
            + " ".join(f"more{i}" for i in range(40)) + f"\n\n{last}\n\n"
            "```placeholder\nWhat the rule leaves open.\n```\n\n## Next\n\nMore text.\n")
    pdf = tmp_path / "box.pdf"
    write_document(pdf, setup, styles, "Box", "Made-up game", lambda: [],
                   lambda looks: Converter(looks, 340, lambda name, width: []).convert(text))
    doc = pdfium.PdfDocument(str(pdf))
    try:
        pages = [page.get_textpage().get_text_bounded() for page in doc]
    finally:
        doc.close()
    (box,) = [p for p in pages if "Not yet written" in p]
    if before == "list":
        assert "5. Step5" in box, box
        assert all(f"{i}. Step{i}" in "".join(pages) for i in range(1, 6))
    else:
        assert "LastWords" in box, box
