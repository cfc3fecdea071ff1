"""The home-printing sheets, inspected as a playtester would: page size, fonts, marks, backs, pips."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp_testing import ROOT, render_page, run_cli
from generator.model import load_edition
from generator.model.layouts import Layouts
from generator.render.faces import FacePainter
from generator.render.imposition import back_position, impose, page_size
from generator.render.items import items_for
from generator.core.units import MM

LETTER = (612.0, 792.0)
A4 = (595.28, 841.89)


def _manifest(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text())


def test_manifest_lists_every_file_with_kind_profile_and_pages(built_2025: Path) -> None:
    files = _manifest(built_2025)["files"]
    assert {(f["kind"], f["profile"]) for f in files} >= {("sheet", "letter"), ("sheet", "a4"),
                                                          ("tokens", "letter"), ("tokens", "a4")}
    for entry in files:
        path = built_2025 / entry["path"]
        assert path.is_file()
        if path.suffix == ".pdf":
            assert len(PdfReader(path).pages) == entry["pages"]


@pytest.mark.parametrize("profile,paper", [("letter", LETTER), ("a4", A4)])
def test_page_size_and_card_count(built_2025: Path, profile: str, paper: tuple) -> None:
    reader = PdfReader(built_2025 / f"the-channeling-2025-{profile}-cards.pdf")
    for page in reader.pages:
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(sorted(paper), abs=0.1)
    # 36 Magic Circle + 24 glyph cards, fronts and backs: every front page is followed by its backs page
    edition = load_edition("the-channeling", "2025")
    layouts = Layouts(ROOT / "layouts", edition.game.folder)
    painter = FacePainter(edition.game, layouts)
    groups = [items_for(c, painter) for c in edition.components if c.spec.kind == "card"]
    prof = layouts.profile(profile)
    pages = impose(groups, prof, page_size(prof, [g[0].front.size for g in groups]))
    assert sum(len(b.slots) for p in pages for b in p.blocks) == 60
    assert len(reader.pages) == 2 * len(pages)


def test_every_font_is_embedded_truetype(built_2025: Path) -> None:
    for pdf in built_2025.glob("*.pdf"):
        for page in PdfReader(pdf).pages:
            fonts = page["/Resources"].get("/Font", {})
            forms = page["/Resources"].get("/XObject", {})
            for xobject in forms.values():
                fonts = {**fonts, **xobject.get_object().get("/Resources", {}).get("/Font", {})}
            for font in fonts.values():
                font = font.get_object()
                assert "Helvetica" not in str(font["/BaseFont"]), pdf
                descriptor = font.get("/FontDescriptor")
                if descriptor is None:  # a composite or Type3 font: reportlab embeds TTF subsets as Type1-like
                    descendants = font.get("/DescendantFonts")
                    descriptor = descendants[0].get_object()["/FontDescriptor"] if descendants else None
                assert descriptor is not None, f"{pdf.name}: {font['/BaseFont']} has no descriptor"
                assert "/FontFile2" in descriptor.get_object(), f"{pdf.name}: {font['/BaseFont']} not embedded"


def test_text_is_vector_and_searchable(built_2025: Path) -> None:
    text = PdfReader(built_2025 / "the-channeling-2025-letter-cards.pdf").pages[0].extract_text()
    assert "Hedge Ring" in text


def _block_geometry(profile_name: str):
    edition = load_edition("the-channeling", "2025")
    layouts = Layouts(ROOT / "layouts", edition.game.folder)
    painter = FacePainter(edition.game, layouts)
    groups = [items_for(c, painter) for c in edition.components if c.spec.kind == "card"]
    profile = layouts.profile(profile_name)
    size = page_size(profile, [g[0].front.size for g in groups])
    return impose(groups, profile, size), profile, size


def _dark(pixel) -> bool:
    return sum(pixel) < 450


def test_crop_marks_in_margins_and_never_on_cards(built_2025: Path) -> None:
    pages, profile, size = _block_geometry("letter")
    block = pages[0].blocks[0]
    dpi = 300
    scale = dpi / 72
    image = render_page(built_2025 / "the-channeling-2025-letter-cards.pdf", 0, dpi)
    left, bottom, right, top = block.outer
    marks = profile.marks
    for col in range(block.cols):
        x = left + col * block.pitch[0] + block.bleed  # a vertical cut line
        px = round(x * scale)
        above = [round((size[1] - (top + marks.gap + marks.length / 2)) * scale)]
        assert any(_dark(image.getpixel((px + d, above[0]))) for d in (-1, 0, 1)), "mark missing above the grid"
        # along the same cut line inside the grid there is no black line: sample every few millimetres
        inside = [image.getpixel((px, round((size[1] - y) * scale)))
                  for y in range(int(bottom) + 5, int(top) - 5, 7)]
        assert inside and not any(_dark(p) for p in inside), "a mark fell on a card"
    for row in range(block.rows):
        y = top - row * block.pitch[1] - block.bleed
        py = round((size[1] - y) * scale)
        beside = round((left - marks.gap - marks.length / 2) * scale)
        assert any(_dark(image.getpixel((beside, py + d))) for d in (-1, 0, 1)), "mark missing left of the grid"


def _bbox_of(image, colour, tolerance=6):
    """Bounding box of the pixels close to a colour."""
    from PIL import ImageChops
    target = image.copy()
    target.paste(colour, (0, 0, *image.size))
    bands = ImageChops.difference(image, target).split()
    close = [band.point(lambda v: 255 if v < tolerance else 0) for band in bands]
    return ImageChops.multiply(ImageChops.multiply(close[0], close[1]), close[2]).getbbox()


def test_backs_are_mirrored_behind_their_fronts(game_copy: Path, tmp_path: Path) -> None:
    """A five-card deck leaves one card alone on the second row: its back must sit mirrored left-right."""
    cards = game_copy / "the-channeling/cards/magic-circle-36.yaml"
    cards.write_text("- {name: Lone Ring, vigor: 4, splendor: 3, count: 5}\n")
    edition_file = game_copy / "the-channeling/editions/2025.yaml"
    edition_file.write_text(edition_file.read_text().replace("total: 36", "total: 5"))
    out = tmp_path / "out"
    result = run_cli("build", "the-channeling", "-e", "2025", "-p", "a4", "--out", str(out),
                     env={"PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 0, result.stderr
    pdf = out / "the-channeling-2025-a4-cards.pdf"
    front, back = render_page(pdf, 0, 36), render_page(pdf, 1, 36)
    width, height = front.size
    parchment, back_green = (0xF5, 0xEE, 0xDB), (0x24, 0x40, 0x2F)
    fx0, fy0, fx1, fy1 = _bbox_of(front, parchment)
    bx0, by0, bx1, by1 = _bbox_of(back, back_green)
    portrait = height >= width
    if portrait:   # long-edge flip of a portrait sheet mirrors left-right
        assert abs(bx0 - (width - fx1)) <= 2 and abs(bx1 - (width - fx0)) <= 2
        assert abs(by0 - fy0) <= 2 and abs(by1 - fy1) <= 2
    else:          # of a landscape sheet, top-bottom
        assert abs(by0 - (height - fy1)) <= 2 and abs(by1 - (height - fy0)) <= 2
        assert abs(bx0 - fx0) <= 2 and abs(bx1 - fx1) <= 2


def test_back_position_math_for_each_mode() -> None:
    from generator.model.layouts import Profile
    from generator.render.imposition import Slot
    slot = Slot(item=None, x=10.0, top=700.0)
    long_edge = Profile(id="x", name="x", backs="duplex-long-edge")
    short_edge = Profile(id="x", name="x", backs="duplex-short-edge", back_offset=("2mm", "1mm"))
    assert back_position(slot, 100, 200, (600, 800), long_edge) == (490.0, 700.0)
    x, top = back_position(slot, 100, 200, (600, 800), short_edge)
    assert x == pytest.approx(10 + 2 * MM) and top == pytest.approx(800 - 500 - 1 * MM)
    assert back_position(slot, 100, 200, (800, 600), long_edge) == (10.0, 100.0)


def _count_blobs(image, colour, tolerance=60) -> int:
    """Connected regions of pixels near a colour (4-neighbour flood fill)."""
    w, h = image.size
    pixels = image.load()
    near = lambda p: sum(abs(a - b) for a, b in zip(p, colour)) < tolerance
    seen, blobs = set(), 0
    for y in range(h):
        for x in range(w):
            if (x, y) in seen or not near(pixels[x, y]):
                continue
            blobs += 1
            stack = [(x, y)]
            seen.add((x, y))
            while stack:
                cx, cy = stack.pop()
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if 0 <= nx < w and 0 <= ny < h and (nx, ny) not in seen and near(pixels[nx, ny]):
                        seen.add((nx, ny))
                        stack.append((nx, ny))
    return blobs


def test_each_card_shows_as_many_vigor_circles_and_petals_as_its_numbers(built_2025: Path) -> None:
    pages, profile, size = _block_geometry("letter")
    pdf = built_2025 / "the-channeling-2025-letter-cards.pdf"
    dpi = 60
    scale = dpi / 72
    checked = 0
    for page_index in (0, 4, 10):  # fronts of several pages: pages alternate front, back
        page = pages[page_index // 2]
        image = render_page(pdf, page_index, dpi)
        for slot in page.blocks[0].slots:
            values = slot.item.front_values
            if "vigor" not in values:
                continue
            # the medallion's ring and petals: within 24 mm of (31.5, 47) mm of the card (its 26 mm
            # rim's box would reach the corner value badges)
            cx, cy = slot.x + 31.5 * MM, slot.top - 47 * MM
            r = 24 * MM
            box = tuple(round(v * scale) for v in (cx - r, size[1] - (cy + r), cx + r, size[1] - (cy - r)))
            medallion = image.crop(box)
            assert _count_blobs(medallion, (0xF2, 0xB7, 0x05)) == values["vigor"], slot.item.label
            assert _count_blobs(medallion, (0x2F, 0x6F, 0xD0)) == values["splendor"], slot.item.label
            checked += 1
    assert checked >= 12


# long: the default run checks the same, every file of a 2025 build byte for byte against a second
# build (a cold build in a fresh project with its own cache, which is stricter), in
# tests/test_build_scheduling.py's renamed-card test; this one costs a whole default 2025 build more
@pytest.mark.long
# long: the default run checks the same for every 2025 file (sheets, tokens, rulebook, proof page, manifest)
# in tests/test_build_scheduling.py's renamed-card test: a cold build in another folder against a warm one,
# byte for byte
@pytest.mark.long
def test_two_builds_are_byte_identical(built_2025: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    result = run_cli("build", "the-channeling", "--edition", "2025", "--out", str(again))
    assert result.returncode == 0, result.stderr
    originals = [p for p in built_2025.rglob("*") if p.is_file()]
    assert len(originals) >= 5
    for original in originals:
        copy = again / original.relative_to(built_2025)
        assert copy.read_bytes() == original.read_bytes(), original.name


def test_failed_build_keeps_previous_output(built_2025: Path, game_copy: Path, tmp_path: Path) -> None:
    import shutil
    out = tmp_path / "kept"
    shutil.copytree(built_2025, out)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    cards = game_copy / "the-channeling/cards/magic-circle-36.yaml"
    cards.write_text(cards.read_text() + "- {name: Broken, vigor: 4, splendor: x}\n")
    result = run_cli("build", "the-channeling", "-e", "2025", "--out", str(out),
                     env={"PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 2
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".kept-")], "staging folder left behind"


def test_nine_up_profiles_fit_nine_cards_a_sheet(tmp_path: Path) -> None:
    out = tmp_path / "nine"
    result = run_cli("build", "the-channeling", "-e", "2025", "-p", "letter-9up", "-p", "a4-9up", "--out", str(out))
    assert result.returncode == 0, result.stderr
    for name in ("letter-9up", "a4-9up"):
        reader = PdfReader(out / f"the-channeling-2025-{name}-cards.pdf")
        # 36 Magic Circle + 24 glyph cards, nine a sheet, each sheet followed by its backs: 4 + 3 sheets
        assert len(reader.pages) == 2 * (4 + 3)
        text = reader.pages[0].extract_text()
        assert text.count("Vigor") >= 9
