"""Hexagonal pieces with `shared_cuts: true` are packed edge to edge as a honeycomb on the home
sheets: neighbours touch, one cut line runs along each shared edge, the backs land behind their
fronts. Checked by the pixels of a made-up game's pages and by the cut lines in the PDF itself."""
from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from games_support import cli, harbour_project
from pnp_testing import render_page
from pypdf import PdfReader
from pypdf.generic import ContentStream

DPI = 100
PX_MM = DPI / 25.4
HEX = (30, 25.98)  # mm: a flat-topped hexagon 30 mm corner to corner, 25.98 mm flat to flat

LAMP_TEMPLATE = """id: {id}
size: [30mm, 25.98mm]
shape: hex
shared_cuts: true
elements:
  background: {{kind: background, fill: {fill}}}
  lamp: {{kind: circle, cx: 15, cy: 12.99, r: 4, fill: {lamp}}}
"""


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> Path:
    """Harbour Lights with only its cards and 100 double-sided hexagonal lighthouse tokens, built
    on A4 with magenta cut lines and, as `harbour-plain`, with no cut lines."""
    root = harbour_project(tmp_path_factory.mktemp("honeycomb"))
    game = root / "components" / "harbour-lights"
    with open(game / "style.yaml", "a") as style:
        style.write('  lamp-green: {rgb: "#00A050", cmyk: [100, 0, 80, 20]}\n'
                    '  lamp-blue:  {rgb: "#2050E0", cmyk: [86, 64, 0, 12]}\n')
    (game / "templates" / "lighthouse.yaml").write_text(LAMP_TEMPLATE.format(id="lighthouse", fill="night",
                                                                              lamp="lamp-green"))
    (game / "templates" / "lighthouse-back.yaml").write_text(
        LAMP_TEMPLATE.format(id="lighthouse-back", fill="harbour", lamp="lamp-blue"))
    text = (game / "game.yaml").read_text()
    text = text[:text.index("  - id: quays")] + text[text.index("  - id: lights"):]  # drop quays and coins
    (game / "game.yaml").write_text(text.replace("face: lighthouse", "face: lighthouse\n    back: lighthouse-back")
                                    .replace("- {count: 2}", "- {count: 100}"))
    edition = game / "editions" / "base.yaml"
    edition.write_text(edition.read_text().replace("  - {component: coins, total: 9}\n", ""))
    profile = (game / "profiles" / "harbour-a4.yaml").read_text()
    (game / "profiles" / "harbour-plain.yaml").write_text(
        profile.replace("id: harbour-a4", "id: harbour-plain").replace("cut_lines: {colour: cut-magenta, width: 0.6}",
                                                                       "cut_lines: null"))
    env = {"PNP_PROJECT": str(root)}
    assert cli("validate", "harbour-lights", env=env).returncode == 0
    out = root / "out"
    result = cli("build", "harbour-lights", "-p", "harbour-a4", "-p", "harbour-plain", "--out", str(out), env=env)
    assert result.returncode == 0, result.stderr
    return out


def page(sheets: Path, profile: str, index: int) -> np.ndarray:
    return np.asarray(render_page(sheets / f"harbour-lights-base-{profile}-tokens.pdf", index, dpi=DPI)).astype(int)


def near(pixels: np.ndarray, rgb: str, tolerance: int = 60) -> np.ndarray:
    target = np.array([int(rgb[i:i + 2], 16) for i in (1, 3, 5)])
    return np.abs(pixels - target).sum(axis=2) < tolerance


def blob_centres(mask: np.ndarray) -> list[tuple[float, float]]:
    """(x, y) pixel centre of each 4-connected blob of True pixels."""
    seen, centres = np.zeros_like(mask), []
    for start in zip(*np.nonzero(mask)):
        if seen[start]:
            continue
        stack, points = [start], []
        seen[start] = True
        while stack:
            y, x = stack.pop()
            points.append((x, y))
            for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                if 0 <= ny < mask.shape[0] and 0 <= nx < mask.shape[1] and mask[ny, nx] and not seen[ny, nx]:
                    seen[ny, nx] = True
                    stack.append((ny, nx))
        centres.append(tuple(np.mean(points, axis=0)))
    return centres


def lamps(sheets: Path, profile: str, index: int, colour: str = "#00A050") -> list[tuple[float, float]]:
    return blob_centres(near(page(sheets, profile, index), colour))


def neighbour_pairs(centres: list[tuple[float, float]]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Pairs of hexes whose centres lie one flat-to-flat width apart: they share an edge."""
    across = HEX[1] * PX_MM
    return [(a, b) for i, a in enumerate(centres) for b in centres[i + 1:] if abs(math.dist(a, b) - across) < 2]


def test_a_full_a4_sheet_holds_80_hexes_twice_as_many_as_with_bleed(sheets):
    # 188 mm between 8 mm margins less 3 mm outer bleed each side: 30 + 7 x 22.5 = 187.5 mm takes 8
    # columns; 275 mm down: 10 rows of 25.98 mm plus the half-hex offset (272.8 mm). 36 x 31.98 mm
    # cells with bleed would fit 5 x 8 = 40.
    counts = [len(lamps(sheets, "harbour-a4", i)) for i in (0, 2)]
    assert counts == [80, 20]


def test_neighbouring_hexes_touch_with_no_paper_between(sheets):
    pixels = page(sheets, "harbour-plain", 0)
    pairs = neighbour_pairs(lamps(sheets, "harbour-plain", 0))
    assert len(pairs) > 150
    for a, b in pairs:  # the pixels on the straight line between two neighbours' centres cross their shared edge
        for t in np.linspace(0.3, 0.7, 41):
            x, y = (round(a[k] + t * (b[k] - a[k])) for k in (0, 1))
            assert pixels[y, x].max() < 100, f"paper shows between the hexes at {a} and {b}: {pixels[y, x]}"


def test_the_outer_edge_of_the_cluster_has_the_bleed(sheets):
    """Beyond an outer cut the hex's own colour runs on for the profile's 3 mm bleed, then paper."""
    pixels = page(sheets, "harbour-plain", 0)
    centres = lamps(sheets, "harbour-plain", 0)
    x, y = min(centres, key=lambda c: (c[1], c[0]))  # a hex of the top row: nothing above it
    edge = y - HEX[1] / 2 * PX_MM
    for mm, dark in ((0.5, True), (2.5, True), (4, False)):
        colour = pixels[round(edge - mm * PX_MM), round(x)]
        assert (colour.max() < 100) if dark else (colour.min() > 240), (mm, colour)


def test_a_cut_line_runs_along_each_shared_edge(sheets):
    pixels = page(sheets, "harbour-a4", 0)
    r, g, b = pixels[..., 0], pixels[..., 1], pixels[..., 2]
    magenta = (r - g > 50) & (b - g > 50)  # the thin line antialiased onto the dark hexes
    for a, b in neighbour_pairs(lamps(sheets, "harbour-a4", 0)):
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        along = ((a[1] - b[1]) / math.dist(a, b), (b[0] - a[0]) / math.dist(a, b))  # the edge's direction
        for s in np.linspace(-5, 5, 11) * PX_MM:  # the middle 10 mm of the 15 mm edge
            x, y = round(mid[0] + s * along[0]), round(mid[1] + s * along[1])
            assert magenta[y - 1:y + 2, x - 1:x + 2].any(), f"no cut between the hexes at {a} and {b}"
        assert not magenta[round((a[1] + mid[1]) / 2), round((a[0] + mid[0]) / 2)]  # none inside a hex


def test_each_shared_edge_is_cut_once(sheets):
    """The straight edges the page strokes (the faces are forms; the clips are not stroked)."""
    content = PdfReader(sheets / "harbour-lights-base-harbour-a4-tokens.pdf").pages[0].get_contents()
    drawn, edges = 0, 0
    for _, op in ContentStream(content, None).operations:
        if op in (b"l", b"h"):
            edges += 1
        elif op in (b"S", b"s", b"B", b"b", b"n", b"f", b"f*"):  # a path ends: count it if it is stroked
            drawn += edges if op in (b"S", b"s", b"B", b"b") else 0
            edges = 0
    shared = len(neighbour_pairs(lamps(sheets, "harbour-a4", 0)))
    assert drawn == 6 * 80 - shared


def test_backs_land_behind_their_fronts(sheets):
    """Long-edge duplex on portrait A4 mirrors left to right: each back's lamp sits where its front's
    lamp is once the sheet is turned over."""
    width = page(sheets, "harbour-a4", 0).shape[1]
    for front, back in ((0, 1), (2, 3)):
        fronts = [(width - 1 - x, y) for x, y in lamps(sheets, "harbour-a4", front)]
        backs = lamps(sheets, "harbour-a4", back, "#2050E0")
        assert len(fronts) == len(backs)
        for f in fronts:
            assert min(math.dist(f, b) for b in backs) < 1.5, f"no back behind the front at {f}"


def test_pointy_topped_hexes_pack_in_rows_offset_by_half_a_hex():
    from generator.render.honeycomb import Honeycomb
    from generator.core.units import MM

    comb = Honeycomb.of((HEX[1] * MM, HEX[0] * MM))  # taller than wide: pointy-topped
    assert not comb.flat
    centres = [comb.centre(col, row, 0, 0) for row in range(3) for col in range(4)]
    (x0, y0), (x1, y1) = comb.centre(0, 0, 0, 0), comb.centre(0, 1, 0, 0)
    assert math.isclose(x1 - x0, comb.across / 2) and math.isclose(y0 - y1, 1.5 * comb.r)
    for a in centres:  # inner hexes have six neighbours, none closer than one flat-to-flat width
        distances = sorted(math.dist(a, b) for b in centres if b != a)
        assert math.isclose(distances[0], comb.across)
    assert sum(math.isclose(math.dist(comb.centre(1, 1, 0, 0), b), comb.across) for b in centres) == 6
