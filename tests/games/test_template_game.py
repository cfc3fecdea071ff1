"""A made-up game (tests/games/fixtures/harbour-lights, not a seed game) drawn with every template
feature: three piece sizes, its own colours, a tile with a back of its own, a row of anchors
repeated by a field, rich text with bold words and inline coins that wraps and shrinks, an SVG
emblem, round coins with cut lines, conditions and labels. Its pages are checked by their pixels.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from pypdf import PdfReader
import pytest
from PIL import Image

from games_support import cli, harbour_project
from pnp_testing import render_page

DPI = 150
PX_MM = DPI / 25.4
PROFILES = ("harbour-a4", "harbour-png", "tts", "proof")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = harbour_project(tmp_path_factory.mktemp("harbour"))
    out = root / "out"
    args = ["build", "harbour-lights", "--strict", "--out", str(out)]
    for profile in PROFILES:
        args += ["-p", profile]
    result = cli(*args, env={"PNP_PROJECT": str(root)})
    assert result.returncode == 0, result.stderr
    return out


def face(built: Path, component: str, name: str) -> np.ndarray:
    return np.asarray(Image.open(built / "harbour-lights-base-harbour-png" / component / f"{name}.png").convert("RGB"))


def mask(pixels: np.ndarray, rgb: str, tolerance: int = 40) -> np.ndarray:
    target = np.array([int(rgb[i:i + 2], 16) for i in (1, 3, 5)])
    return np.abs(pixels.astype(int) - target).sum(axis=2) < tolerance


def runs(flags: np.ndarray) -> list[tuple[int, int]]:
    """(start, end) of each run of True in a 1-D array."""
    out, start = [], None
    for i, flag in enumerate(list(flags) + [False]):
        if flag and start is None:
            start = i
        elif not flag and start is not None:
            out.append((start, i))
            start = None
    return out


def band(pixels: np.ndarray, top_mm: float, bottom_mm: float) -> np.ndarray:
    return pixels[int(top_mm * PX_MM):int(bottom_mm * PX_MM)]


@pytest.mark.parametrize("name, anchors", [("01-the-dawn-treader", 3), ("02-saltmarsh-barge", 5),
                                           ("03-mother-carey-s-chicken", 1)])
def test_the_row_of_anchors_has_as_many_icons_as_the_field(built, name, anchors):
    red = mask(band(face(built, "ships", name), 40, 46), "#C81E1E")
    assert len(runs(red.any(axis=0))) == anchors


def test_the_inline_coin_sits_on_its_text_line(built):
    pixels = band(face(built, "ships", "01-the-dawn-treader"), 49, 73)
    coin = mask(pixels, "#E0A800")
    rows, cols = np.nonzero(coin)
    assert rows.size, "no inline coin drawn"
    top, bottom, left = rows.min(), rows.max(), cols.min()
    ink = mask(pixels, "#2B2118", 120)[:, :left]   # the words before the coin on its line
    line = next((start, end) for start, end in runs(ink.any(axis=1)) if start <= (top + bottom) / 2 < end)
    size = bottom - top
    assert line[0] - 2 <= top and bottom <= line[1] + 0.3 * size, (line, top, bottom)
    assert 8 <= size / PX_MM * 72 / 25.4 <= 14  # about an em of the text (set at 12 pt or a little less)


def test_text_with_bold_words_wraps_and_shrinks_into_its_box(built):
    pixels = face(built, "ships", "02-saltmarsh-barge")
    ink_rows = runs(mask(band(pixels, 49, 76), "#2B2118", 60).any(axis=1))  # "Heavy" starts lower
    assert len(ink_rows) >= 4                                  # wrapped onto several lines
    assert ink_rows[-1][1] / PX_MM + 49 <= 73 + 0.3            # and ends inside its 24 mm box


def test_without_shrinking_the_same_text_overflows(tmp_path):
    root = harbour_project(tmp_path)
    template = root / "components" / "harbour-lights" / "templates" / "ship-card.yaml"
    template.write_text(template.read_text().replace("fit: wrap-shrink", "fit: wrap"))
    result = cli("validate", "harbour-lights", "--strict", env={"PNP_PROJECT": str(root)})
    assert result.returncode == 1
    assert "Saltmarsh Barge" in result.stdout and "element 'rule'" in result.stdout


def test_the_svg_emblem_stays_vector(built):
    pdf = PdfReader(built / "harbour-lights-base-harbour-a4-cards.pdf")
    images = [x for page in pdf.pages for x in _xobjects(page) if x.get("/Subtype") == "/Image"]
    assert images == []
    emblem = mask(band(face(built, "ships", "01-the-dawn-treader"), 16, 36), "#138A72")
    assert emblem.sum() > 0.5 * (20 * PX_MM) ** 2  # a 20 mm disc, mostly teal


def _xobjects(page) -> list:
    """Every XObject of a page, the ones inside its forms included."""
    pending = [page.get("/Resources", {}).get("/XObject", {})]
    found = []
    while pending:
        table = pending.pop()
        for ref in table.values():
            xobject = ref.get_object()
            found.append(xobject)
            inner = xobject.get("/Resources", {}).get("/XObject")
            if inner is not None:
                pending.append(inner.get_object())
    return found


def cut_line_extent(built: Path, block: int) -> tuple[float, float]:
    """Width and height (mm) of the first magenta cut line in the given row of cut pieces on the tokens page."""
    page = np.asarray(render_page(built / "harbour-lights-base-harbour-a4-tokens.pdf", 0, dpi=254))
    cut = mask(page, "#FF00FF", 60)
    top, bottom = runs(cut.any(axis=1))[block]
    left, right = runs(cut[top:bottom].any(axis=0))[0]
    return (right - left) / 10, (bottom - top) / 10


LINE_MM = 0.6 * 25.4 / 72  # the profile's cut line, 0.6 pt


def test_round_coins_get_a_cut_circle_of_their_diameter(built):
    width, height = cut_line_extent(built, 0)
    assert abs(width - (20 + LINE_MM)) < 0.3 and abs(height - (20 + LINE_MM)) < 0.3


def test_hexagonal_tokens_get_a_hexagonal_cut_line(built):
    width, height = cut_line_extent(built, -1)
    assert abs(width - (30 + LINE_MM)) < 0.3 and abs(height - (25.98 + LINE_MM)) < 0.3


def test_the_storm_tile_has_its_own_back_with_coins_on_an_arc(built):
    own = face(built, "quays", "back-storm-tile-back")
    assert mask(own, "#1B1F3A").mean() > 0.5                 # the night sky of its own template
    coins = mask(own, "#E0A800")
    assert len(runs(coins.any(axis=1))) >= 3 and coins.sum() > 0  # five coins round an arc
    shared = face(built, "quays", "back")
    assert mask(shared, "#1B1F3A").mean() == 0


def test_conditions_choose_what_each_card_shows(built):
    heavy = [mask(band(face(built, "ships", n), 76, 81)[:, :int(26 * PX_MM)], "#12324A").sum()
             for n in ("01-the-dawn-treader", "02-saltmarsh-barge")]
    assert heavy[0] == 0 and heavy[1] > 0                     # `anchors >= 4` only on the barge
    bird = [mask(band(face(built, "ships", n), 76, 81)[:, int(44 * PX_MM):], "#12324A").sum() > 0
            for n in ("01-the-dawn-treader", "02-saltmarsh-barge", "03-mother-carey-s-chicken")]
    assert bird == [True, False, True]                        # any of gulls / in [stars]


def test_the_game_colour_fills_its_cards(built):
    assert mask(face(built, "ships", "03-mother-carey-s-chicken"), "#DCEBF5", 6).mean() > 0.5


def test_labels_name_files_tts_objects_the_proof_and_the_manifest(built):
    names = sorted(p.name for p in (built / "harbour-lights-base-harbour-png" / "coins").iterdir())
    assert names == ["01-1-coin.png", "02-3-coin.png"]
    tts = (built / "harbour-lights-base-tts.json").read_text()
    assert "The Dawn Treader" in tts and "Saltmarsh Barge" in tts
    assert "Mother Carey&#39;s Chicken" in (built / "harbour-lights-base-proof.html").read_text()
    labels = {f.get("label") for f in json.loads((built / "manifest.json").read_text())["files"]}
    assert "1 coin" in labels and "Storm Surge" in labels


def test_svg_art_turns_cmyk_in_a_cmyk_build(tmp_path):
    root = harbour_project(tmp_path)
    out = tmp_path / "out"
    result = cli("build", "harbour-lights", "-p", "cmyk", "--out", str(out), env={"PNP_PROJECT": str(root)})
    assert result.returncode == 0, result.stderr
    pdf = PdfReader(next(out.glob("*ships*.pdf")))
    streams = b"".join(x.get_data() for page in pdf.pages for x in _xobjects(page))
    streams += b"".join(page.get_contents().get_data() for page in pdf.pages)
    assert b" k\n" in streams or b" k " in streams          # CMYK fills, the emblem's among them
    assert not any(op in streams for op in (b" rg\n", b" rg ", b" RG\n", b" RG "))


def test_a_polygon_pennant_flies_on_quays_only(built):
    quay, storm = (mask(face(built, "quays", n), "#C81E1E") for n in ("01-north-quay", "02-storm-surge"))
    assert storm.sum() == 0 and quay.sum() > 0
    region = face(built, "quays", "01-north-quay")[int(12 * PX_MM):int(22 * PX_MM), int(28 * PX_MM):int(38 * PX_MM)]
    rows, cols = np.nonzero(~mask(region, "#F5EEDB", 30))   # fill and outline against the tile's paper
    # 6 x 6 mm, plus the outline (its mitre at the sharp tip reaches a little further)
    assert abs((cols.max() - cols.min() + 1) / PX_MM - 6) < 0.6 and abs((rows.max() - rows.min() + 1) / PX_MM - 6) < 0.6
