"""Typography of the player books, read from the built PDFs: the book face for running text and
the sans for headings, hyphenated justified text without wide word spaces, contents with aligned
leaders."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rulebook_helpers import ROOT

FONTS = ROOT / "generator" / "looks" / "fonts"
LETTER_2025 = ("the-channeling", "2025", "rulebook-letter")


def _chars(pdf: Path, pages=None):
    import pdfplumber
    with pdfplumber.open(str(pdf)) as doc:
        for page in doc.pages if pages is None else [doc.pages[i] for i in pages]:
            yield page.page_number, page.chars


def test_the_book_face_ships_with_its_licence():
    faces = sorted(FONTS.glob("*.ttf"))
    assert faces, "no font files under generator/looks/fonts"
    licence = (FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Reserved Font Name" in licence
    style = (ROOT / "generator" / "looks" / "style.yaml").read_text(encoding="utf-8")
    assert all(f"fonts/{face.name}" in style for face in faces), "a shipped face no style names"


FACE_BOOKS = [LETTER_2025, ("battle-for-the-grove", "2024", "rulebook-letter"),
              ("the-channeling", "2025", "rulebook-a5-booklet")]


@pytest.mark.parametrize("book", FACE_BOOKS, ids=["-".join(b) for b in FACE_BOOKS])
def test_running_text_is_set_in_the_book_face_and_headings_in_the_sans(player_books, book):
    sizes: dict[str, Counter] = {"text": Counter(), "heading": Counter()}
    for number, chars in _chars(player_books[book], range(1, 6)):   # after the cover
        for c in chars:
            kind = "heading" if c["size"] >= 12.5 * _scale(book) else "text"
            sizes[kind][c["fontname"].split("+")[-1]] += 1
    text_face, _ = sizes["text"].most_common(1)[0]
    heading_face, _ = sizes["heading"].most_common(1)[0]
    assert text_face.startswith("SourceSerif4SmText-Regular"), sizes["text"].most_common(4)
    assert "Vera" in heading_face and "Bold" in heading_face, sizes["heading"].most_common(4)


def _scale(book) -> float:
    return 0.92 if "a5" in book[2] else 1.0
