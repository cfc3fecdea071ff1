"""Vendor products as data: a made-up deck exports at each product's exact pixel size with the art's
size in millimetres unchanged; the deck PDFs share the PNGs' trim; a piece no product fits is an error."""
from __future__ import annotations

import json

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from generator.model.layouts import BUILTIN_LOOKS, Layouts
from generator.exporters.vendors import load_vendor
from pnp_testing import project_copy, project_env, run_cli
from pocket_game import PIECES, write_pocket_game

MM = 72 / 25.4
PARCHMENT = (0xF5, 0xEE, 0xDB)   # the background in the bleed around every pocket face's art
# (vendor, component) -> product and pixel size, from looks/vendors/*.yaml
EXPECTED = {
    ("tgc", "poker"): ("poker", (825, 1125)), ("tgc", "bridge"): ("bridge", (750, 1125)),
    ("tgc", "mini"): ("mini", (600, 825)), ("tgc", "wide"): ("poker", (1125, 825)),
    ("tgc", "coins"): ("large-circle-chit", (375, 375)),
    ("mpc", "poker"): ("poker", (822, 1122)), ("mpc", "bridge"): ("bridge", (747, 1122)),
    ("mpc", "mini"): ("mini", (597, 822)), ("mpc", "wide"): ("poker", (1122, 822)),
}


@pytest.fixture(scope="module")
def pocket(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("pocket")
    root = write_pocket_game(tmp)
    out = tmp / "out"
    result = run_cli("build", "pocket", "-p", "tgc", "-p", "mpc", "--out", str(out), env=project_env(root))
    assert result.returncode == 0, result.stderr
    return out, json.loads((out / "manifest.json").read_text())["files"]


def art_box(path) -> tuple[int, int]:
    """Width and height in pixels of the art rectangle: everything that is not the parchment bleed."""
    with Image.open(path) as image:
        rgb = image.convert("RGB")
    distance = ImageChops.difference(rgb, Image.new("RGB", rgb.size, PARCHMENT)).convert("L")
    left, top, right, bottom = distance.point(lambda v: 255 if v > 40 else 0).getbbox()
    return right - left, bottom - top


def test_every_png_has_its_products_exact_pixel_size_and_the_arts_own_size_in_mm(pocket):
    out, files = pocket
    pngs = [f for f in files if f["kind"] == "png"]
    seen = set()
    for entry in pngs:
        key = (entry["profile"], entry["component"])
        product, pixels = EXPECTED[key]
        seen.add(key)
        assert entry["product"] == product and tuple(entry["pixels"]) == pixels and entry["dpi"] == 300
        with Image.open(out / entry["path"]) as image:
            assert image.size == pixels
            assert image.info["dpi"][0] == pytest.approx(300, abs=0.01)
        _, w_mm, h_mm, _ = PIECES[entry["component"]]
        w_px, h_px = art_box(out / entry["path"])
        assert w_px * 25.4 / 300 == pytest.approx(w_mm, abs=0.15), entry["path"]   # a pixel is 0.085 mm
        assert h_px * 25.4 / 300 == pytest.approx(h_mm, abs=0.15), entry["path"]
    assert seen == set(EXPECTED)   # tiles are no product of either vendor here; MPC takes cards only
    faces = [f for f in pngs if f["profile"] == "tgc" and f["component"] == "poker"]
    assert sorted((f["side"], f["label"], f["count"]) for f in faces) == [
        ("back", "back (blue)", 3), ("back", "back (red)", 3), ("face", "Ace", 2), ("face", "Three", 3),
        ("face", "Two", 1)]


def test_deck_pdfs_use_the_same_trim_and_canvas_as_the_pngs(pocket):
    out, files = pocket
    decks = [f for f in files if f["kind"] == "print-shop"]
    assert {f["component"] for f in decks} == {"poker", "bridge", "mini", "wide", "coins"}
    vendor = load_vendor(Layouts(None), "tgc", "tgc")
    for entry in decks:
        product, pixels = EXPECTED[("tgc", entry["component"])]
        trim = vendor.products[product].trim
        if pixels[0] > pixels[1]:
            trim = trim[::-1]
        reader = PdfReader(out / entry["path"])
        for page in reader.pages:
            box = [float(v) for v in page.trimbox]
            assert (box[2] - box[0], box[3] - box[1]) == pytest.approx(trim, abs=0.01)
            media = [float(v) for v in page.mediabox]
            assert (media[2], media[3]) == pytest.approx((pixels[0] * 72 / 300, pixels[1] * 72 / 300), abs=0.01)
            assert [float(v) for v in page.bleedbox] == pytest.approx(media, abs=0.01)


def test_every_vendor_tables_pixels_are_its_trim_plus_bleed(tmp_path):
    for path in sorted((BUILTIN_LOOKS / "vendors").glob("*.yaml")):
        vendor = load_vendor(Layouts(None), path.stem, "x")   # checks pixels against trim + bleed
        assert vendor.products and vendor.dpi == 300
        for product in vendor.products.values():
            assert product.safe > 0 and product.bleed > 0


def test_a_card_no_product_fits_is_left_out_with_one_warning_naming_the_nearest_sizes(tmp_path):
    root = project_copy(tmp_path)   # the seed game's cards are 63 x 88 mm: 0.9 mm short of poker
    out = tmp_path / "out"
    result = run_cli("build", "the-channeling", "-e", "2025", "-p", "tgc", "--out", str(out), env=project_env(root))
    assert result.returncode == 0 and "Traceback" not in result.stderr
    line = ("warning: tgc: left out magic-circle (Magic Circle cards, card): template magic-circle is 63 x 88 mm "
            "(rect), which matches no The Game Crafter product within 0.5 mm; nearest: poker 63.5 x 88.9 mm")
    assert line in result.stderr
    skipped = json.loads((out / "manifest.json").read_text())["skipped"]
    assert {"profile": "tgc", "component": "magic-circle", "kind": "card", "name": "Magic Circle cards"} in [
        {k: v for k, v in s.items() if k != "reason"} for s in skipped]
    strict = tmp_path / "strict"
    result = run_cli("build", "the-channeling", "-e", "2025", "-p", "tgc", "--strict", "--out", str(strict),
                     env=project_env(root))
    assert result.returncode == 1 and line in result.stderr and not strict.exists()
    override = (BUILTIN_LOOKS / "profiles" / "tgc.yaml").read_text() + "  trim_tolerance: 1mm\n"
    (root / "layouts" / "profiles" / "tgc.yaml").write_text(override)
    result = run_cli("build", "the-channeling", "-e", "2025", "-p", "tgc", "--out", str(out), env=project_env(root))
    assert result.returncode == 0, result.stderr
    with Image.open(out / "the-channeling-2025-tgc" / "magic-circle" / "01-hedge-ring.png") as image:
        assert image.size == (825, 1125)


def test_a_piece_takes_only_a_product_of_its_own_shape():
    from generator.core.errors import UserError
    from generator.exporters.vendors import place
    vendor = load_vendor(Layouts(None), "tgc", "tgc")
    inch = (72.0, 72.0)
    assert place(vendor, inch, "round", "a coin").product == "large-circle-chit"
    assert place(vendor, inch, "rect", "a square").product == "large-square-chit"
    with pytest.raises(UserError, match=r"a hex is 25.4 x 25.4 mm \(hex\), which matches no The Game Crafter "
                                        r"product within 0.5 mm; nearest: small-hex-tile 44.45 x 50.8 mm"):
        place(vendor, inch, "hex", "a hex")


def test_a_vendor_table_whose_pixels_disagree_with_its_trim_names_file_line_and_key(tmp_path):
    from generator.core.errors import GameDataError
    (tmp_path / "vendors").mkdir()
    (tmp_path / "vendors" / "shop.yaml").write_text(
        "name: Shop\nproducts:\n  poker: {trim: [2.5in, 3.5in], bleed: 0.125in, safe: 0.125in, pixels: [750, 1050]}\n")
    with pytest.raises(GameDataError) as caught:
        load_vendor(Layouts(tmp_path), "shop", "x")
    message = str(caught.value)
    assert "shop.yaml:3 at 'products.poker.pixels'" in message and "825 x 1125 px" in message
