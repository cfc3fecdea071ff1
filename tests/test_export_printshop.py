"""Print-shop PDFs (page boxes, fonts, colour spaces, no transparency) and vendor PNGs (pixel sizes)."""
from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

import pypdfium2
import pytest
from PIL import Image
from pypdf import PdfReader

from generator.model import load_edition
from generator.model.layouts import BUILTIN_LOOKS, Layouts
from generator.build.pipeline import build_edition
from generator.exporters.printshop import rgb_traces
from pnp_testing import ROOT

MM = 72 / 25.4
BLEED = 0.125 * 72   # 1/8 in
CARD = (63 * MM, 88 * MM)
COLOUR_OPS = re.compile(rb"(?:^|\s)(?:-?[\d.]+\s+){3}(rg|RG)(?=\s)|(?:^|\s)(?:-?[\d.]+\s+){4}(k|K)(?=\s)")


def tolerant_layouts(root: Path, edition) -> Layouts:
    """The looks with tgc and mpc accepting the seed game's 63 x 88 mm cards (0.9 mm short of the
    vendors' 2.5 x 3.5 in poker card): the art stays 63 x 88 mm, centred, bleed all round."""
    shutil.copytree(ROOT / "layouts", root, dirs_exist_ok=True)   # the seed project's colours
    (root / "profiles").mkdir(exist_ok=True)
    for vendor in ("tgc", "mpc"):
        text = (BUILTIN_LOOKS / "profiles" / f"{vendor}.yaml").read_text() + "  trim_tolerance: 1mm\n"
        (root / "profiles" / f"{vendor}.yaml").write_text(text)
    return Layouts(root, edition.game.folder)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("shop")
    edition = load_edition("the-channeling", "2025")
    layouts = tolerant_layouts(tmp_path_factory.mktemp("looks"), edition)
    produced = build_edition(edition, out, ["tgc", "cmyk", "mpc"], layouts=layouts)
    return out, produced


def streams(reader: PdfReader) -> list[bytes]:
    """Every page's content and every form XObject it draws, decompressed."""
    out, seen = [], set()

    def visit(resources):
        for ref in (resources.get("/XObject") or {}).values():
            xobject = ref.get_object()
            if id(xobject) in seen:
                continue
            seen.add(id(xobject))
            out.append(xobject.get_data())
            if "/Resources" in xobject:
                visit(xobject["/Resources"])

    for page in reader.pages:
        out.append(page.get_contents().get_data())
        visit(page["/Resources"])
    return out


def fonts(reader: PdfReader) -> list:
    """Every font dictionary named in the resources of a page or of a form XObject it draws."""
    found, seen = {}, set()

    def visit(resources):
        for ref in (resources.get("/Font") or {}).values():
            found[id(ref.get_object())] = ref.get_object()
        for ref in (resources.get("/XObject") or {}).values():
            xobject = ref.get_object()
            if id(xobject) not in seen and "/Resources" in xobject:
                seen.add(id(xobject))
                visit(xobject["/Resources"])

    for page in reader.pages:
        visit(page["/Resources"])
    return list(found.values())


def test_every_page_has_trim_and_bleed_boxes_of_an_eighth_inch(built):
    out, _ = built
    for name in ("the-channeling-2025-cmyk-magic-circle.pdf", "the-channeling-2025-cmyk-glyph-cards.pdf"):
        reader = PdfReader(out / name)
        for page in reader.pages:
            media = [float(v) for v in page.mediabox]
            assert [float(v) for v in page.bleedbox] == pytest.approx(media)
            assert [float(v) for v in page.trimbox] == pytest.approx(
                [BLEED, BLEED, BLEED + CARD[0], BLEED + CARD[1]], abs=0.01)
            assert media == pytest.approx([0, 0, CARD[0] + 2 * BLEED, CARD[1] + 2 * BLEED], abs=0.01)


def test_deck_pdf_alternates_front_and_back_for_every_copy(built):
    out, produced = built
    entry = next(p for p in produced if p.path == "the-channeling-2025-tgc-magic-circle.pdf")
    assert entry.pages == 72  # 36 cards, front and back
    pdf = pypdfium2.PdfDocument(out / entry.path)
    tops = []
    for index in range(4):
        image = pdf[index].render(scale=0.5).to_pil().convert("RGB")
        tops.append(image.getpixel((image.width // 2, 12)))   # inside the trim, above the card's title
    parchment, back = (0xF5, 0xEE, 0xDB), (0x24, 0x40, 0x2F)
    for pixel, wanted in zip(tops, [parchment, back, parchment, back]):
        assert max(abs(a - b) for a, b in zip(pixel, wanted)) < 12, (tops, wanted)


def test_fonts_are_all_embedded_and_nothing_is_transparent(built):
    out, _ = built
    for name in ("the-channeling-2025-tgc-magic-circle.pdf", "the-channeling-2025-cmyk-magic-circle.pdf"):
        reader = PdfReader(out / name)
        found = fonts(reader)
        assert found, "the card faces use text, so fonts must be present"
        for font in found:
            descriptor = font.get("/FontDescriptor")
            assert descriptor is not None, f"{font['/BaseFont']} is not embedded (no descriptor)"
            descriptor = descriptor.get_object()
            assert any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")), font["/BaseFont"]
        raw = (out / name).read_bytes()
        assert b"/Helvetica" not in raw  # reportlab's default initial font, never embedded
        assert b"/SMask" not in raw and b"/Transparency" not in raw
        assert not re.search(rb"/(CA|ca)\s+0?\.\d", raw)


def test_cmyk_file_has_no_rgb_operator_left(built):
    out, _ = built
    cmyk = b"\n".join(streams(PdfReader(out / "the-channeling-2025-cmyk-magic-circle.pdf")))
    ops = {m.group(1) or m.group(2) for m in COLOUR_OPS.finditer(cmyk)}
    assert ops and ops <= {b"k", b"K"}, ops
    assert b"/DeviceRGB" not in (out / "the-channeling-2025-cmyk-magic-circle.pdf").read_bytes()
    # the same scan does find RGB in the RGB print-shop file, so the scan itself works
    rgb = b"\n".join(streams(PdfReader(out / "the-channeling-2025-tgc-magic-circle.pdf")))
    assert {m.group(1) for m in COLOUR_OPS.finditer(rgb) if m.group(1)} == {b"rg", b"RG"}
    assert rgb_traces((out / "the-channeling-2025-tgc-magic-circle.pdf").read_bytes())
    assert not rgb_traces((out / "the-channeling-2025-cmyk-magic-circle.pdf").read_bytes())


@pytest.mark.parametrize("profile, size", [("tgc", (825, 1125)), ("mpc", (822, 1122))])
def test_vendor_pngs_have_the_vendors_pixel_size_and_full_bleed(built, profile, size):
    out, produced = built
    pngs = [p for p in produced if p.kind == "png" and p.profile == profile]
    faces = [p for p in pngs if p.extra["component"] == "magic-circle" and p.extra["side"] == "face"]
    assert sum(p.extra["count"] for p in faces) == 36 and len(faces) == 12
    tokens = {"tgc": {"druids"}, "mpc": set()}[profile]   # tgc's chits take the druid tokens too
    assert {p.extra["component"] for p in pngs} == {"magic-circle", "glyph-cards"} | tokens
    pngs = [p for p in pngs if p.extra["component"] not in tokens]
    for entry in pngs:
        with Image.open(out / entry.path) as image:
            assert image.size == size and image.mode == "RGB"
            assert image.info["dpi"][0] == pytest.approx(300, abs=0.01)
    with Image.open(out / faces[0].path) as image:  # the background runs to every edge of the image
        for corner in [(0, 0), (size[0] - 1, 0), (0, size[1] - 1), (size[0] - 1, size[1] - 1)]:
            assert max(abs(a - b) for a, b in zip(image.getpixel(corner), (0xF5, 0xEE, 0xDB))) < 6


def test_manifest_lists_every_file_and_builds_are_byte_identical(built, tmp_path):
    out, produced = built
    manifest = json.loads((out / "manifest.json").read_text())
    listed = {f["path"] for f in manifest["files"]}
    assert {p.path for p in produced} <= listed
    assert all((out / p).is_file() for p in listed)
    edition = load_edition("the-channeling", "2025")
    again = build_edition(edition, tmp_path / "again", ["tgc"],  # a build replaces its whole output folder
                          layouts=tolerant_layouts(tmp_path / "looks", edition))
    for entry in again:
        assert hashlib.sha256((tmp_path / "again" / entry.path).read_bytes()).digest() == \
            hashlib.sha256((out / entry.path).read_bytes()).digest(), entry.path
