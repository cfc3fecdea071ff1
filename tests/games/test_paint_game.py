"""A made-up game (tests/games/fixtures/sky-guild, not a seed game) drawn with gradients, clipping,
opacity and the shape kinds: a hero card with a sky gradient behind it, a round portrait clipped from
square art, a star cost badge, a banner from SVG path data and a half-transparent veil. Its sheets
are checked by their pixels, its CMYK build by Ghostscript's plates, and every sheet for images."""
from __future__ import annotations

import shutil
from pathlib import Path

import pikepdf
import pytest

from games_support import cli, ink_plates, page_pixels

FIXTURE = Path(__file__).parent / "fixtures" / "sky-guild"
DPI = 150
DAWN, DUSK = (0xEC, 0x00, 0x8C), (0x00, 0xAE, 0xEF)
GOLD, BANNER, PORTRAIT = (0xE0, 0xA8, 0x00), (0xF6, 0xE7, 0xC1), (40, 160, 60)
CARD_H = 88


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("sky") / "project"
    shutil.copytree(FIXTURE, root / "components" / "sky-guild")
    out = root / "out"
    result = cli("build", "sky-guild", "--strict", "-p", "one-up", "-p", "one-up-cmyk", "-p", "a4", "--out", str(out),
                 env={"PNP_PROJECT": str(root)})
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def card(built: Path):
    """The first card's page of the one-up sheets (the card edge to edge), as a pixel function in mm."""
    return page_pixels(built / "sky-guild-base-one-up-cards.pdf", 0, DPI)


def sky(y_mm: float) -> tuple[float, ...]:
    """The gradient's colour at a height: dawn at the top edge to dusk at the bottom one."""
    t = y_mm / CARD_H
    return tuple(a + (b - a) * t for a, b in zip(DAWN, DUSK))


def near(colour, target, tolerance: float = 14) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, target))


def test_the_gradient_background_has_its_end_colours_at_its_ends(card):
    assert near(card(2, 0.3), DAWN) and near(card(61, 87.7), DUSK)
    assert near(card(2, 44), sky(44))  # halfway down, halfway between


def test_the_portrait_shows_only_inside_its_round_clip(card):
    assert card(31.5, 23) == PORTRAIT and card(31.5, 10) == PORTRAIT and card(18, 23) == PORTRAIT
    for x, y in [(18.5, 9.5), (45.5, 9.5), (17.5, 37), (45.5, 37)]:  # the square art's corners, outside the circle
        assert near(card(x, y), sky(y)), (x, y, card(x, y))


def test_the_star_badge_and_the_path_banner_are_drawn_where_their_keys_say(card):
    assert near(card(11, 5), GOLD) and near(card(16.5, 9.5), GOLD)  # the top tip, the right tip
    assert near(card(14.5, 6.3), sky(6.3))  # the notch between them
    assert near(card(30, 48), BANNER) and near(card(13, 52), BANNER)
    assert near(card(8, 52), sky(52)) and near(card(56, 52), sky(52))  # the notches at its two ends


def test_the_veil_lets_half_of_the_sky_show_through(card):
    white_over_sky = tuple((255 + c) / 2 for c in sky(74))
    assert near(card(31.5, 74), white_over_sky, 8)


def test_the_shapes_and_the_gradient_stay_vector_the_art_is_the_one_image(built: Path):
    for pdf_path in sorted(built.glob("*.pdf")):
        with pikepdf.open(pdf_path) as pdf:
            images = {x.objgen for page in pdf.pages for x in _xobjects(page.obj) if x.Subtype == "/Image"}
        assert len(images) == 1, pdf_path.name  # art/portrait.png, once, however many cards show it


def test_a_cmyk_build_keeps_the_gradient_in_cmyk(built: Path, tmp_path: Path):
    with pikepdf.open(built / "sky-guild-base-one-up-cmyk-cards.pdf") as pdf:
        spaces = {str(s.ColorSpace) for page in pdf.pages for x in _xobjects(page.obj)
                  for s in dict(x.get("/Resources", {}).get("/Shading", {})).values()}
    assert spaces == {"/DeviceCMYK"}


@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript (Debian: ghostscript) is not installed")
def test_ghostscript_separates_the_cmyk_gradient_onto_its_own_two_plates(built: Path, tmp_path: Path):
    """Dawn is pure magenta and dusk pure cyan: kept in CMYK, the top edge inks only the magenta plate
    and the bottom only the cyan (a trip through RGB would put yellow or black there)."""
    ink = {}
    for plate, image in ink_plates(built / "sky-guild-base-one-up-cmyk-cards.pdf", tmp_path, 40).items():
        x, bottom = round(2 / 25.4 * 40), image.height - 1
        ink[plate] = (255 - image.getpixel((x, 0)), 255 - image.getpixel((x, bottom)))
    assert ink["Magenta"][0] > 230 and ink["Cyan"][1] > 230
    assert ink["Cyan"][0] < 25 and ink["Magenta"][1] < 25
    assert ink["Yellow"] == (0, 0) and ink["Black"] == (0, 0)


def _xobjects(holder, seen=None):
    """Every XObject a page or form uses, forms within forms included."""
    seen = set() if seen is None else seen
    for xobject in dict(holder.get("/Resources", {}).get("/XObject", {})).values():
        if xobject.objgen not in seen:
            seen.add(xobject.objgen)
            yield xobject
            if xobject.get("/Subtype") == "/Form":
                yield from _xobjects(xobject, seen)


def test_opacity_in_a_pdfx_1a_build_is_one_clear_error(tmp_path: Path):
    root = tmp_path / "project"
    shutil.copytree(FIXTURE, root / "components" / "sky-guild")
    result = cli("build", "sky-guild", "-p", "cmyk", "--out", str(root / "out"), env={"PNP_PROJECT": str(root)})
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1, result.stderr
    assert "hero-card.yaml:11" in lines[0] and "opacity" in lines[0] and "PDF/X-4" in lines[0], lines[0]
