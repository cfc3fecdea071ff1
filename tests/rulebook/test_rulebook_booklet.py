"""The A5 booklet as a printer folds it, read from the built PDFs: the binding margin on the fold
side of every page, the imposed sheets at full size with fold and crop marks."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from rulebook_helpers import ROOT

MM = 72 / 25.4
BOOKLETS = [("the-channeling", "2025", "rulebook-a5-booklet"), ("battle-for-the-grove", "2024", "rulebook-a5-booklet")]


def _length(text: str) -> float:
    assert text.endswith("mm"), text
    return float(text[:-2]) * MM


def _margins() -> tuple[float, float]:
    """(fold-side, outer) margins of the booklet profile, in points."""
    profile = yaml.safe_load((ROOT / "generator" / "looks" / "profiles" / "rulebook-a5-booklet.yaml").read_text())
    outer = _length(profile["margin"])
    return outer + _length(profile["options"]["gutter"]), outer


@pytest.mark.parametrize("book", BOOKLETS, ids=["-".join(b[:2]) for b in BOOKLETS])
def test_the_binding_margin_is_on_the_fold_side_of_every_page(player_books, book):
    """A saddle-stitched booklet's odd pages are right-hand pages, folded on their left; even pages
    are left-hand pages, folded on their right. On every page between the covers no text comes
    nearer the fold than the binding margin; on every page whose text runs the full measure the
    wider margin is the fold side's, and the running head's rule spans exactly the text block. (The
    covers keep no binding margin: they are centred on the trim, see below.)"""
    import pdfplumber
    fold, outer = _margins()
    full = 0
    with pdfplumber.open(str(player_books[book])) as doc:
        assert len(doc.pages) % 4 == 0
        for page in doc.pages[1:-1]:
            chars = [c for c in page.chars if c["upright"]]
            if not chars:
                continue
            left, right = min(c["x0"] for c in chars), page.width - max(c["x1"] for c in chars)
            fold_side, outer_side = (left, right) if page.page_number % 2 else (right, left)
            where = f"page {page.page_number}: text {left / MM:.1f} mm from the left, {right / MM:.1f} mm from the right"
            assert fold_side >= fold - 0.5 and outer_side >= outer - 0.5, where
            if abs(left + right - fold - outer) > 0.5:
                continue   # no line runs the full measure on this page
            full += 1
            assert fold_side > outer_side + 3 * MM, where
            rules = [line for line in page.lines if abs(line["top"] - line["bottom"]) < 0.1 and line["top"] < 25 * MM]
            assert rules, f"page {page.page_number}: no running-head rule"
            assert abs(rules[0]["x0"] - left) < 0.5 and abs(page.width - rules[0]["x1"] - right) < 0.5, \
                f"{where}; the running head's rule from {rules[0]['x0'] / MM:.1f} to " \
                f"{(page.width - rules[0]['x1']) / MM:.1f} mm"
    assert full >= len(doc.pages) // 2, f"only {full} pages measured"


A5_BOOKLETS = [(game, edition, "rulebook-a5-booklet") for game, edition in
               (("the-channeling", "2025"), ("the-channeling", "thirty"), ("the-channeling", "forest"),
                ("battle-for-the-grove", "2024"), ("mana-hex", "draft"))]


def _drawn_centre(page) -> tuple[float, float, float]:
    """(left, right, centre offset from the page's middle), in points, of everything drawn on ``page``
    (text, images, lines, rectangles and curves) but the bands that run across the whole page."""
    drawn = [o for o in page.chars + page.images + page.rects + page.curves + page.lines
             if o["x1"] - o["x0"] < 0.9 * page.width]
    assert drawn, f"page {page.page_number}: nothing drawn"
    left, right = min(o["x0"] for o in drawn), max(o["x1"] for o in drawn)
    return left, page.width - right, (left + right) / 2 - page.width / 2


@pytest.mark.parametrize("book", A5_BOOKLETS, ids=["-".join(b[:2]) for b in A5_BOOKLETS])
def test_the_front_and_back_covers_are_centred_on_the_trim(player_books, book):
    """A cover's title, art and pieces stand in the middle of the page, not shifted by the binding
    margin the pages inside keep on their fold side (they were 2.5 mm, half the gutter, off
    centre): on the first and the last page, what is drawn is centred within 0.5 mm, and the
    back cover's text runs between equal margins."""
    import pdfplumber
    with pdfplumber.open(str(player_books[book])) as doc:
        for page in (doc.pages[0], doc.pages[-1]):
            left, right, off = _drawn_centre(page)
            assert abs(off) < 0.5 * MM, \
                f"page {page.page_number}: drawn {left / MM:.1f} mm from the left, {right / MM:.1f} mm from the right"


def _imposed(reading: Path, paper: str) -> Path:
    return reading.with_name(reading.name.replace(".pdf", f"-imposed-{paper}.pdf"))


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_imposed_booklet_prints_its_pages_at_full_size_with_every_text_on_its_half(player_books, paper):
    """A5 pages on Letter: the half sheet (139.7 mm) is narrower than the page (148 mm) but wider
    than its text block, so the pages print at 100% (the running text at the reading PDF's size),
    each page's margins trimmed to fit; no character strays across the fold or near the edge."""
    import pdfplumber
    from generator.rulebook.impose import MIN_MARGIN
    reading = player_books[BOOKLETS[0]]
    with pdfplumber.open(str(reading)) as doc:
        sizes = {round(c["size"], 2) for page in doc.pages for c in page.chars}
    with pdfplumber.open(str(_imposed(reading, paper))) as doc:
        for side in doc.pages:
            # a page placed at 100% keeps every text size of the reading PDF; a scaled one makes new ones
            scaled = {round(c["size"], 2) for c in side.chars} - sizes
            assert not scaled, f"sheet side {side.page_number}: pages scaled (text at {sorted(scaled)} pt)"
            half = side.width / 2
            for c in side.chars:
                lo, hi = (0, half) if c["x0"] < half else (half, side.width)
                assert c["x0"] >= lo + MIN_MARGIN - 0.5 and c["x1"] <= hi - MIN_MARGIN + 0.5, \
                    f"sheet side {side.page_number}: {c['text']!r} at {c['x0']:.1f}-{c['x1']:.1f} pt"


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_imposed_sheets_carry_fold_and_crop_marks(player_books, paper):
    """Every sheet side has fold marks (the centre line, from the top and the bottom edge); on
    Letter, where the A5 page is shorter than the sheet, crop marks on the trim lines too."""
    import pdfplumber
    reading = player_books[BOOKLETS[0]]
    with pdfplumber.open(str(reading)) as doc:
        page_h = float(doc.pages[0].height)
    with pdfplumber.open(str(_imposed(reading, paper))) as doc:
        for side in doc.pages:
            w, h = float(side.width), float(side.height)
            lines = [(l["x0"], h - l["top"], l["x1"], h - l["bottom"]) for l in side.lines]   # PDF y, upwards
            fold = [l for l in lines if abs(l[0] - w / 2) < 0.1 and abs(l[2] - w / 2) < 0.1]
            assert any(min(l[1], l[3]) < 0.1 for l in fold) and any(max(l[1], l[3]) > h - 0.1 for l in fold), \
                f"sheet side {side.page_number}: no fold marks"
            trim = (h - page_h) / 2
            crops = [l for l in lines if abs(l[1] - l[3]) < 0.1 and min(abs(l[1] - trim), abs(l[1] - h + trim)) < 0.1]
            if trim > 72 / 25.4:
                ends = {round(x) for l in crops for x in (l[0], l[2])}
                assert len(crops) >= 8 and {0, round(w / 2), round(w)} <= ends, \
                    f"sheet side {side.page_number}: crop marks {crops}"
            else:
                assert crops == []   # the page is the half sheet: nothing to trim
