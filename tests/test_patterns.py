"""Image patterns: a fill that tiles an image across its shape, clipped to it, over a colour, with an
opacity or a blend; on any filled shape and across a hex cluster. Checked by pixels (the faces of
test_shapes) and by the PDF's objects (the image once, however many tiles)."""
from __future__ import annotations

from io import BytesIO

import pikepdf
import pytest
from PIL import Image
from reportlab.lib.utils import ImageReader

from generator.core.errors import GameDataError
from generator.core.units import MM
from pdf_inspect import images_of, resources_of, streams_of
from test_shapes import BLUE, PAPER, RED, draw, element, face_pdf, near

GREEN, BLACK, GREY = (0, 255, 0), (0, 0, 0), (128, 128, 128)


def art(*rows: list[tuple[int, int, int]]):
    """An image from rows of pixels, as the face painter hands it to a pattern."""
    image = Image.new("RGB", (len(rows[0]), len(rows)))
    for y, row in enumerate(rows):
        for x, colour in enumerate(row):
            image.putpixel((x, y), colour)
    buffer = BytesIO()
    image.save(buffer, "PNG")
    reader = ImageReader(BytesIO(buffer.getvalue()))
    return lambda name: reader


# 4 x 2 pixels: green | black on top, blue | red below; a tile 10 mm wide is 5 mm tall
QUARTERS = art([GREEN, GREEN, BLACK, BLACK], [BLUE, BLUE, RED, RED])
DISC = {"kind": "circle", "cx": 30, "cy": 20, "r": 15}  # its box: 15..45 across, 5..35 down


def test_a_pattern_tiles_its_image_from_the_top_left_of_the_shape_in_its_proportions():
    pixel = draw({**DISC, "fill": {"image": "quarters.png", "scale": 10}}, image=QUARTERS)
    # across y = 16 (a top half of the third row of tiles): green, black, green... every 5 mm from x = 15
    assert [pixel(x, 16) for x in (16, 21, 26, 31, 36, 41)] == [GREEN, BLACK] * 3
    # down x = 16: a tile's halves are 2.5 mm tall (the image is half as tall as it is wide)
    assert [pixel(16, y) for y in (16, 19, 21, 24)] == [GREEN, BLUE, GREEN, BLUE]


def test_a_pattern_is_clipped_to_its_shape():
    pixel = draw({**DISC, "fill": {"image": "quarters.png", "scale": 10}}, image=QUARTERS)
    for x, y in [(16, 6), (44, 34), (46, 20), (30, 36)]:  # in the disc's box outside the disc, and beyond it
        assert pixel(x, y) == PAPER, (x, y)


def test_a_texture_lies_over_its_colour_with_its_opacity():
    pixel = draw({"kind": "rect", "x": 10, "y": 10, "w": 40, "h": 20,
                  "fill": {"image": "black.png", "scale": 4, "over": "red", "opacity": 0.5}}, image=art([BLACK]))
    assert near(pixel(30, 20), (128, 0, 0), 6) and pixel(5, 20) == PAPER


@pytest.mark.parametrize("blend, expected", [("normal", GREY), ("multiply", (0, 0, 128)), ("screen", (128, 128, 255))])
def test_a_blend_mixes_the_texture_with_its_colour(blend, expected):
    pixel = draw({"kind": "rect", "x": 10, "y": 10, "w": 40, "h": 20,
                  "fill": {"image": "grey.png", "scale": 4, "over": "blue", "blend": blend}}, image=art([GREY]))
    assert near(pixel(30, 20), expected, 6), pixel(30, 20)


def test_a_stroke_is_drawn_over_a_pattern():
    pixel = draw({"kind": "rect", "x": 10, "y": 10, "w": 40, "h": 20, "stroke": "blue", "stroke_width": 4,
                  "fill": {"image": "quarters.png", "scale": 10}}, image=QUARTERS)
    assert pixel(30, 10) == BLUE and pixel(10, 20) == BLUE


def test_a_hex_cluster_takes_one_gradient_across_it_and_a_pattern_in_its_centre_hex():
    pixel = draw({"kind": "hexgrid", "cx": 30, "cy": 20, "r": 5, "rings": 1, "stroke": None,
                  "fill": {"gradient": "linear", "stops": ["red", "blue"]},
                  "centre_fill": {"image": "quarters.png", "scale": 2}}, image=QUARTERS)
    # flat hexes 5 mm to a corner: the cluster runs from x = 17.5 to 42.5 (its two side hexes' corners
    # at y = 24.33), its centre hex from 25 to 35
    assert near(pixel(17.8, 24.33), RED, 40) and near(pixel(42.2, 24.33), BLUE, 40)
    assert near(pixel(21, 20), (216, 0, 39), 40)  # 3.5 mm of 25 along: still mostly red
    assert {pixel(x / 4, 19) for x in range(104, 136)} >= {GREEN, BLACK}  # the centre hex tiled
    assert pixel(17, 24.33) == PAPER and pixel(19, 20) == PAPER and pixel(30, 2) == PAPER


def test_the_image_is_one_xobject_drawn_once_however_many_tiles_show_it():
    pdf_bytes = face_pdf({"kind": "rect", "x": 0, "y": 0, "w": 60, "h": 40,
                          "fill": {"image": "quarters.png", "scale": 2}}, image=QUARTERS)
    with pikepdf.open(BytesIO(pdf_bytes)) as pdf:
        page = pdf.pages[0]
        drawn = [op for stream in streams_of(page) for _, op in pikepdf.parse_content_stream(stream)
                 if str(op) == "Do"]
        assert len(images_of(page)) == 1 and len(drawn) == 2  # the pattern's fill, and its cell's image
        patterns = [p for resources in resources_of(page) for p in (resources.get("/Pattern") or {}).values()]
        assert [(int(p.PatternType), round(float(p.XStep) / MM, 3), round(float(p.YStep) / MM, 3)) for p in patterns] \
            == [(1, 2, 1)]  # one tiling pattern, 2 x 1 mm tiles


@pytest.mark.parametrize("fill, key, says", [
    ({"image": "a.png", "scale": 0.5}, "elements.rect.fill.scale", "at least 1 mm"),
    ({"image": "a.png"}, "elements.rect.fill.scale", "present"),
    ({"image": "a.png", "scale": 5, "blend": "burn"}, "elements.rect.fill.blend", "'multiply'"),
    ({"image": "a.png", "scale": 5, "opacity": 1.5}, "elements.rect.fill.opacity", "<= 1"),
    ({"image": "a.png", "scale": 5, "stops": ["red", "blue"]}, "elements.rect.fill.stops", "unknown key"),
])
def test_a_mistake_in_a_pattern_names_its_key(fill, key, says):
    with pytest.raises(GameDataError) as found:
        element({"kind": "rect", "x": 0, "y": 0, "w": 9, "h": 9, "fill": fill})
    assert f"'{key}'" in str(found.value) and says in str(found.value), str(found.value)
