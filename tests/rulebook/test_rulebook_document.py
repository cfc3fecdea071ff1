"""The rulebook as a printer and a reader see it: contents, fonts, page sizes, pictures, determinism."""
from __future__ import annotations

import json
import re
from collections import defaultdict

import pytest
from pypdf import PdfReader

from rulebook_helpers import build_rulebook_cli


def _lines(page) -> list[tuple[float, str]]:
    """The text of a page grouped into lines by baseline, top to bottom."""
    rows: dict[float, list[tuple[float, str]]] = defaultdict(list)

    def visit(text, cm, tm, font, size):
        if text.strip():
            y = round(cm[5] + tm[5] * cm[3], 0)
            rows[y].append((cm[4] + tm[4] * cm[0], text.strip()))
    page.extract_text(visitor_text=visit)
    return [(y, " ".join(t for _, t in sorted(rows[y]))) for y in sorted(rows, reverse=True)]


def _outline(reader: PdfReader) -> list[tuple[int, str, int]]:
    out = []

    def walk(items, level):
        for item in items:
            if isinstance(item, list):
                walk(item, level + 1)
            else:
                out.append((level, item.title, reader.get_destination_page_number(item) + 1))
    walk(reader.outline, 0)
    return out


def test_contents_lists_every_section_with_its_page(book_2025):
    reader = PdfReader(str(book_2025["pdf"]))
    listed = {}
    for page in reader.pages[1:4]:
        for _, line in _lines(page):
            words = re.sub(r"(\s*\.){3,}", " ", line).split()  # drop the dot leaders (spaced or set close)
            if len(words) >= 2 and words[-1].isdigit():
                listed[" ".join(words[:-1])] = int(words[-1])
    sections = [(level, title, page) for level, title, page in _outline(reader) if level <= 1]
    chapters = [title for level, title, _ in sections if level == 0]
    assert chapters[:2] == ["The game in brief", "Components"]
    assert {"Appendix: A sample game", "Clarifications"} <= set(chapters)
    assert "How this game plays" not in chapters   # statistics: the designer's report
    for _level, title, page in sections:
        assert listed.get(title) == page, (title, page, listed.get(title))


def _fonts(resources, seen: set) -> list[tuple[str, bool]]:
    found = []
    if resources is None:
        return found
    resources = resources.get_object()
    for ref in (resources.get("/Font") or {}).values():
        font = ref.get_object()
        descriptor = font.get("/FontDescriptor")
        if font.get("/Subtype") == "/Type0":
            descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
        embedded = descriptor is not None and any(
            key in descriptor.get_object() for key in ("/FontFile", "/FontFile2", "/FontFile3"))
        found.append((str(font.get("/BaseFont")), embedded))
    for ref in (resources.get("/XObject") or {}).values():
        xobject = ref.get_object()
        if id(xobject) not in seen:
            seen.add(id(xobject))
            found += _fonts(xobject.get("/Resources"), seen)
    return found


def test_every_font_is_embedded(book_2025):
    reader = PdfReader(str(book_2025["pdf"]))
    fonts = set()
    for page in reader.pages:
        fonts.update(_fonts(page.get("/Resources"), set()))
    assert fonts, "no fonts found at all"
    assert all(embedded for _, embedded in fonts), sorted(fonts)


# long: the default run checks the same for every 2025 file, this book included, in
# tests/test_build_scheduling.py's renamed-card test (a cold build against a warm one, byte for byte)
@pytest.mark.long
def test_same_inputs_give_a_byte_identical_file(book_2025, rulebook_env, tmp_path):
    again = build_rulebook_cli(tmp_path, "2025", env=rulebook_env)
    assert again.read_bytes() == book_2025["pdf"].read_bytes()


@pytest.mark.parametrize("profile, size_mm, multiple", [("rulebook-a4", (210, 297), 1),
                                                        ("rulebook-a5-booklet", (148, 210), 4)])
def test_page_size_follows_the_profile(profile, size_mm, multiple, player_books):
    pdf = player_books[("the-channeling", "2025", profile)]   # built alone into its folder, with its manifest
    reader = PdfReader(str(pdf))
    assert len(reader.pages) % multiple == 0
    for page in reader.pages:
        width, height = (float(v) * 25.4 / 72 for v in page.mediabox.upper_right)
        assert (round(width), round(height)) == size_mm
    manifest = json.loads((pdf.parent / "manifest.json").read_text())
    entry = next(f for f in manifest["files"] if f["path"] == pdf.name)
    assert entry["kind"] == "rulebook" and entry["profile"] == profile and entry["pages"] == len(reader.pages)


def test_pictures_are_the_printed_faces(book_2025):
    """The setup diagram paints the green glyph cards, the druid tokens and the cards' yellow Vigor badges."""
    from pnp_testing import render_page

    pages = book_2025["pages"]
    index = next(i for i, text in enumerate(pages) if "The table ready to play" in text)
    image = render_page(book_2025["pdf"], index, dpi=50)
    colours = image.getcolors(maxcolors=1 << 20)
    counts = {rgb: n for n, rgb in colours}

    def near(target, tolerance=12):
        return sum(n for rgb, n in counts.items() if all(abs(a - b) <= tolerance for a, b in zip(rgb, target)))
    green, vigor = (0x2F, 0x7D, 0x4A), (0xF2, 0xB7, 0x05)
    assert near(green) > 500
    assert near(vigor) > 300
    assert near((0x3B, 0x2F, 0x5C)) > 60   # Dark's druid tokens as printed
    # the token's own word 'Druid' would print far under 6 pt at this size: it is left out, and the
    # board's legend names what its figures are
    assert "deck " in pages[index] and "Vigor" in pages[index] and "Druid" not in pages[index]
