"""Home sheets: where backs land for each duplex mode and offset, the alignment sheet, gutterfold
orientation and fold clearance, the ink-saver variant. Checked on rasterised pages."""
from __future__ import annotations


import pypdfium2
import pytest
from PIL import Image, ImageChops

from generator.core.errors import GameDataError
from generator.model import load_edition
from generator.model.layouts import Layouts, Profile
from generator.build.pipeline import build_edition
from generator.model import layouts_for
from generator.render.alignment import alignment_size, offset_label, stations, write_alignment
from generator.render.faces import FacePainter
from generator.render.imposition import impose_gutterfold
from generator.render.items import items_for
from generator.render.sheets import fold_clearance, write_sheets

MM = 72 / 25.4
DARK = (0x3B, 0x2F, 0x5C)        # the Dark set's card colour, front and back
BACK = (0x24, 0x40, 0x2F)        # the Magic Circle back
PARCHMENT = (0xF5, 0xEE, 0xDB)   # the Magic Circle front


@pytest.fixture(scope="module")
def edition():
    return load_edition("the-channeling", "2025")


def profile(**fields) -> Profile:
    return Profile.model_validate({"id": "test", "name": "test", "paper": "letter", **fields})


def pages(path, scale=1.0) -> list[Image.Image]:
    pdf = pypdfium2.PdfDocument(path)
    return [pdf[i].render(scale=scale).to_pil().convert("RGB") for i in range(len(pdf))]


def colour_mask(image: Image.Image, colour, tolerance=10) -> Image.Image:
    """255 where every channel is within tolerance of the colour, else 0."""
    bands = [band.point(lambda v, c=c: 255 if abs(v - c) <= tolerance else 0)
             for band, c in zip(image.split(), colour)]
    return ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])


def bbox(image: Image.Image, colour, tolerance=10) -> tuple[int, int, int, int]:
    """(left, top, right, bottom) in pixels of the pixels of one colour."""
    box = colour_mask(image, colour, tolerance).getbbox()
    assert box, f"no pixel of colour {colour}"
    return box


def ink_mask(image: Image.Image, level=200) -> Image.Image:
    """255 where the darkest channel is under level (thin lines rasterise grey)."""
    r, g, b = image.split()
    return ImageChops.darker(ImageChops.darker(r, g), b).point(lambda v: 255 if v < level else 0)


def count(mask: Image.Image) -> int:
    return mask.histogram()[255]


def ink_centre(image: Image.Image, box: tuple[float, float, float, float], axis: str, scale: float) -> float:
    """Centre (points) along x or y of the ink inside box (points)."""
    found = ink_mask(image.crop(tuple(int(round(v * scale)) for v in box))).getbbox()
    assert found, f"no ink in {box}"
    lo, hi = (found[0], found[2]) if axis == "x" else (found[1], found[3])
    return (box[0] if axis == "x" else box[1]) + (lo + hi) / 2 / scale


def glyph_items(edition, painter):
    """One Dark card first, then three Light ones (one page in either orientation): the Dark card
    sits top-left on the front page, so every flip moves it somewhere else."""
    items = items_for(edition.component("glyph-cards"), painter)
    dark = next(i for i in items if i.front_values["set"] == "dark")
    light = [i for i in items if i.front_values["set"] == "light"][:3]
    return [dark] + light


@pytest.mark.parametrize("backs, orientation, mirror", [
    ("duplex-long-edge", "portrait", "x"), ("duplex-short-edge", "portrait", "y"),
    ("duplex-long-edge", "landscape", "y"), ("duplex-short-edge", "landscape", "x")])
@pytest.mark.parametrize("offset_mm", [(0, 0), (2, -1.5)])
def test_back_lands_behind_its_front_after_the_flip(edition, tmp_path, backs, orientation, mirror, offset_mm):
    prof = profile(backs=backs, orientation=orientation, back_offset=[f"{v}mm" for v in offset_mm])
    painter = FacePainter(edition.game, layouts_for(edition), prof)
    path = tmp_path / "sheet.pdf"
    assert write_sheets(path, [glyph_items(edition, painter)], painter, prof, "t") == 2
    front, back = pages(path)
    width, height = front.size
    fl, ft, fr, fb = bbox(front, DARK)
    if mirror == "x":
        expected = (width - fr, ft, width - fl, fb)
    else:
        expected = (fl, height - fb, fr, height - ft)
    dx, dy = offset_mm[0] * MM, offset_mm[1] * MM   # x right, y down on the back page
    expected = (expected[0] + dx, expected[1] + dy, expected[2] + dx, expected[3] + dy)
    assert bbox(back, DARK) == pytest.approx(expected, abs=1.5), (bbox(back, DARK), expected)


def test_alignment_pointers_sit_behind_the_scales_and_labels_give_the_correcting_offset(edition, tmp_path):
    dx, dy = 1.0, -0.5
    for backs in ("duplex-long-edge", "duplex-short-edge"):
        prof = profile(backs=backs, orientation="portrait", back_offset=[f"{dx}mm", f"{dy}mm"])
        painter = FacePainter(edition.game, layouts_for(edition), prof)
        path = tmp_path / f"{backs}.pdf"
        write_alignment(path, painter, prof, "t")
        scale = 4.0  # 288 DPI: a pixel is under 0.1 mm
        front, back = pages(path, scale)
        size = alignment_size(prof)
        width, height = size
        sx, sy = stations(size)[0]            # page coordinates of the centre station (y up)
        gx = sx + 16 * MM                     # its y scale
        long_edge = backs == "duplex-long-edge"
        # expected pointer lines on the back page, in raster coordinates (points from the top-left)
        x_column = (width - sx if long_edge else sx) + dx * MM
        x_row = (height - sy - 5 * MM if long_edge else sy + 5 * MM) + dy * MM
        y_row = (height - sy if long_edge else sy) + dy * MM
        y_column = (width - gx if long_edge else gx) + dx * MM
        window = 3 * MM
        found_x = ink_centre(back, (x_column - window, x_row, x_column + window, x_row + 1), "x", scale)
        found_y = ink_centre(back, (y_column, y_row - window, y_column + 1, y_row + window), "y", scale)
        assert found_x == pytest.approx(x_column, abs=0.15 * MM)
        assert found_y == pytest.approx(y_row, abs=0.15 * MM)
        # on the front, only the zero tick of the x scale reaches 4.5 mm up: it is at the station
        row = height - sy - 4.5 * MM
        assert ink_centre(front, (sx - window, row, sx + window, row + 1), "x", scale) == \
            pytest.approx(sx, abs=0.15 * MM)
        # a printer error e (front view, mm) moves the pointer to e plus where the offset put it;
        # the label under it must be the offset that cancels e
        for error in [(0.0, 0.0), (1.5, -2.0), (-3.0, 1.0)]:
            shown = (-dx, dy) if long_edge else (dx, -dy)   # the offset's effect seen from the front
            tick = (error[0] + shown[0], error[1] + shown[1])
            new = (offset_label("x", tick[0], size, prof), offset_label("y", tick[1], size, prof))
            moved = (-new[0], new[1]) if long_edge else (new[0], -new[1])
            assert (error[0] + moved[0], error[1] + moved[1]) == pytest.approx((0, 0))


BACK_INK = (0xD9, 0xC2, 0x7A)   # the Magic Circle back's title and ring


@pytest.fixture(scope="module")
def sheets(tmp_path_factory, edition):
    out = tmp_path_factory.mktemp("sheets")
    build_edition(edition, out, ["letter", "gutterfold", "ink-saver"])
    return out


def test_gutterfold_backs_are_upside_down_and_mirrored_across_the_fold(sheets):
    scale = 2.0
    page = pages(sheets / "the-channeling-2025-gutterfold-cards.pdf", scale)[0]
    width, height = page.width / scale, page.height / scale
    assert width > height  # landscape: three poker cards a half, portrait would hold two
    fold = height / 2
    dashes = ink_mask(page.crop((0, int(fold * scale) - 1, int(5 * MM * scale), int(fold * scale) + 2)))
    assert count(dashes) > 0, "the fold line runs through the margin"
    fl, ft, fr, fb = (v / scale for v in bbox(page, PARCHMENT))
    bl, bt, br, bb = (v / scale for v in bbox(page, BACK))
    assert fb < fold < bt
    assert (bl, br) == pytest.approx((fl, fr), abs=1)
    assert (bt, bb) == pytest.approx((2 * fold - fb, 2 * fold - ft), abs=1)
    # the back's title (printed near its foot) is near the fold: the back is turned 180 degrees
    trim_top = bt + 3 * MM + 0.3

    trim_left = bl + 3 * MM + 0.3

    def title_ink(top_mm, bottom_mm):  # inside the first back's border, across the title's width
        band = page.crop((int((trim_left + 6 * MM) * scale), int((trim_top + top_mm * MM) * scale),
                          int((trim_left + 57 * MM) * scale), int((trim_top + bottom_mm * MM) * scale)))
        return count(colour_mask(band, BACK_INK, 12))

    assert title_ink(8, 16) > 100 and title_ink(72, 80) == 0


def test_gutterfold_fold_line_keeps_five_millimetres_from_every_bleed(sheets, edition):
    for name in ("cards", "tokens"):
        for page in pages(sheets / f"the-channeling-2025-gutterfold-{name}.pdf", 2.0):
            fold, reach = page.height // 2, int(5 * MM * 2)
            for top, bottom in ((fold - reach + 1, fold - 2), (fold + 3, fold + reach)):
                darkest = min(low for low, _ in page.crop((0, top, page.width, bottom)).getextrema())
                assert darkest > 245, f"ink within 5 mm of the fold on the {name} sheet"
    prof = layouts_for(edition).profile("gutterfold")
    painter = FacePainter(edition.game, layouts_for(edition), prof)
    groups = [items_for(edition.component(c), painter) for c in ("druids", "energy-cubes")]
    for page in impose_gutterfold(groups, prof, fold_clearance(prof)):
        for block in page.blocks:
            assert block.outer[1] >= page.fold + 5 * MM - 1e-6


def test_gutterfold_refuses_a_fold_closer_than_five_millimetres(tmp_path, edition):
    layouts = copy_layouts(tmp_path)
    layouts.profile_path("gutterfold").write_text(
        layouts.profile_path("gutterfold").read_text().replace("fold_clearance: 5mm",
                                                                           "fold_clearance: 3mm"))
    with pytest.raises(GameDataError, match="fold_clearance"):
        build_edition(edition, tmp_path / "out", ["gutterfold"], layouts=layouts)
    assert not (tmp_path / "out").exists()


def ink_coverage(image: Image.Image) -> float:
    return count(ink_mask(image, 230)) / (image.width * image.height)


def test_ink_saver_prints_far_less_ink_and_keeps_the_art_as_outlines(sheets):
    normal = pages(sheets / "the-channeling-2025-letter-cards.pdf", 0.5)
    saver = pages(sheets / "the-channeling-2025-ink-saver-cards.pdf", 0.5)
    assert len(normal) == len(saver)
    front_ratio = ink_coverage(saver[0]) / ink_coverage(normal[0])
    back_ratio = ink_coverage(saver[1]) / ink_coverage(normal[1])
    assert back_ratio < 0.2 and front_ratio < 0.5, (front_ratio, back_ratio)
    assert ink_coverage(saver[1]) > 0.01  # the backs still show their outlines
    assert count(colour_mask(saver[1], BACK, 12)) > 100   # back-ink swapped to the back's colour


def test_ink_saver_names_a_bad_colour_swap(tmp_path, edition):
    layouts = copy_layouts(tmp_path)
    path = layouts.profile_path("ink-saver")
    path.write_text(path.read_text().replace("back-ink: back", "back-ink: no-such-colour"))
    with pytest.raises(GameDataError) as caught:
        build_edition(edition, tmp_path / "out", ["ink-saver"], layouts=layouts)
    assert "ink-saver.yaml:" in str(caught.value) and "no-such-colour" in str(caught.value)


def copy_layouts(tmp_path) -> Layouts:
    """Looks a test may edit: the project's with the built-in ones copied in; `.root` is that folder."""
    from pnp_testing import project_copy
    project = project_copy(tmp_path)
    return Layouts(project / "layouts", project / "components" / "the-channeling")
