"""Shape element kinds drawn on their own, checked by pixels: each lands where its keys say."""
from __future__ import annotations

from io import BytesIO
from pathlib import Path

import pypdfium2
import pytest
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from generator.core.errors import GameDataError
from generator.core.units import MM
from generator.draw.paint import PaintContext
from generator.elements import paint
from generator.model.layouts import validate_element
from generator.model.source import Sourced

COLOURS = {"paper": Color(1, 1, 1), "ink": Color(0, 0, 0), "red": Color(1, 0, 0), "blue": Color(0, 0, 1)}
RED, PAPER = (255, 0, 0), (255, 255, 255)
FACE = (60 * MM, 40 * MM)
SCALE = 8  # pixels a point: 0.04 mm a pixel
SOURCE = Sourced(Path("templates/shapes.yaml"), {}, {})


def element(data: dict):
    return validate_element(data, SOURCE, ("elements", data["kind"]))


def draw(*elements: dict, image=lambda name: None):
    """A 60 x 40 mm face on paper with ``elements`` painted on it, as an RGB image; a pixel function
    takes millimetres from the face's top-left corner."""
    page = pypdfium2.PdfDocument(face_pdf(*elements, image=image))[0]
    image = page.render(scale=SCALE).to_pil().convert("RGB")

    def pixel(x_mm: float, y_mm: float) -> tuple[int, int, int]:
        return image.getpixel((round(x_mm * MM * SCALE), round(y_mm * MM * SCALE)))
    return pixel


def face_pdf(*elements: dict, image=lambda name: None) -> bytes:
    """The PDF of a 60 x 40 mm face on paper with ``elements`` painted on it."""
    out = BytesIO()
    c = Canvas(out, pagesize=FACE)
    ctx = PaintContext(0, FACE[1], *FACE, 0, {}, COLOURS.__getitem__, lambda name: "Helvetica",
                       lambda name: None, image)
    for data in ({"kind": "background", "fill": "paper"}, *elements):
        el = element(data)
        ctx.opacity = el.opacity
        c.saveState()
        if el.opacity < 1:
            c.setFillAlpha(el.opacity)
        paint(c, el, ctx)
        c.restoreState()
    c.showPage()
    c.save()
    return out.getvalue()


def test_an_ellipse_is_drawn_with_its_two_radii_about_its_centre():
    pixel = draw({"kind": "ellipse", "cx": 30, "cy": 20, "rx": 20, "ry": 8, "fill": "red"})
    for x, y in [(30, 20), (11, 20), (49, 20), (30, 12.5), (30, 27.5), (44, 25)]:
        assert pixel(x, y) == RED, (x, y)
    for x, y in [(9, 20), (51, 20), (30, 11), (30, 29), (46, 26), (14, 14)]:  # (46, 26): inside its box
        assert pixel(x, y) == PAPER, (x, y)


@pytest.mark.parametrize("data", [{"kind": "ellipse", "cx": 30, "cy": 20, "rx": 20},
                                  {"kind": "ellipse", "cx": 30, "cy": 20, "rx": 20, "ry": "wide"}])
def test_an_ellipse_without_good_radii_is_refused(data):
    with pytest.raises(GameDataError, match="ry"):
        element(data)


BLUE = (0, 0, 255)


def near(colour, target, tolerance: int = 30) -> bool:
    return sum(abs(a - b) for a, b in zip(colour, target)) <= tolerance


@pytest.mark.parametrize("data, inside, outside", [
    # a five-pointed star: its top tip and middle inked, the notch between two tips not
    ({"kind": "star", "cx": 30, "cy": 20, "r": 15, "points": 5, "inner": 0.4},
     [(30, 6), (30, 20), (30 + 14 * 0.951, 20 - 14 * 0.309)], [(30, 4), (30 + 11 * 0.588, 20 - 11 * 0.809)]),
    # a regular hexagon with a corner up: its flat right side 8.66 mm from the centre
    ({"kind": "polygon", "sides": 6, "cx": 30, "cy": 20, "r": 10}, [(30, 10.5), (38, 20)], [(39.5, 20), (30, 9.5)]),
    ({"kind": "path", "d": "M 10 10 L 50 10 Q 30 50 10 10 Z"}, [(30, 15), (30, 28)], [(12, 25), (30, 31)]),
    ({"kind": "path", "d": "M 0 0 h 10 v 10 h -10 z", "x": 20, "y": 10}, [(25, 15)], [(15, 15), (35, 15)]),
    # an arrow pointing right: a 2 mm shaft, a 10 mm head 8 mm long ending at x = 50
    ({"kind": "arrow", "x1": 10, "y1": 20, "x2": 50, "y2": 20, "width": 2, "head_width": 10, "head_length": 8},
     [(20, 20), (45, 23), (49.5, 20)], [(20, 22), (51, 20), (41, 26)]),
    # a quarter of a disc, counter-clockwise from the right: the upper right on the page
    ({"kind": "sector", "cx": 30, "cy": 20, "r": 15, "start": 0, "end": 90}, [(36, 14)], [(24, 14), (36, 26)]),
    ({"kind": "sector", "cx": 30, "cy": 20, "r": 15, "start": 0, "end": 360, "inner": 8}, [(41, 20), (19, 20)],
     [(30, 20), (34, 20)]),
])
def test_each_shape_inks_where_its_keys_say(data, inside, outside):
    pixel = draw({**data, "fill": "red"})
    for x, y in inside:
        assert pixel(x, y) == RED, (x, y)
    for x, y in outside:
        assert pixel(x, y) == PAPER, (x, y)


def test_open_lines_are_stroked_never_filled():
    pixel = draw({"kind": "polyline", "points": [[5, 35], [30, 5], [55, 35]], "stroke": "red", "stroke_width": 6},
                 {"kind": "arc", "cx": 30, "cy": 20, "r": 12, "start": 180, "end": 360, "stroke": "red",
                  "stroke_width": 6})
    assert pixel(17.5, 20) == RED and pixel(30, 32) == RED  # on the polyline, on the arc's bottom
    assert pixel(30, 25) == PAPER and pixel(30, 10) == PAPER  # inside the polyline's bend and the arc


def test_a_dashed_stroke_leaves_gaps():
    pixel = draw({"kind": "rect", "x": 10, "y": 10, "w": 40, "h": 20, "stroke": "red", "stroke_width": 2,
                  "dash": [10, 10]})
    top = [pixel(10 + k * 0.2, 10) for k in range(200)]
    assert RED in top and PAPER in top


@pytest.mark.parametrize("gradient, ends", [
    ({"gradient": "linear", "stops": ["red", "blue"]}, [((0.5, 20), RED), ((59.5, 20), BLUE)]),
    ({"gradient": "linear", "stops": ["red", "blue"], "angle": 90}, [((30, 0.5), RED), ((30, 39.5), BLUE)]),
    ({"gradient": "linear", "stops": ["red", "blue", "red"], "at": [0, 0.5, 1]},
     [((0.5, 20), RED), ((30, 20), BLUE), ((59.5, 20), RED)]),
])
def test_a_gradient_background_has_its_stops_at_its_ends(gradient, ends):
    pixel = draw({"kind": "background", "fill": gradient})
    for (x, y), colour in ends:
        assert near(pixel(x, y), colour), (x, y, pixel(x, y))


def test_a_radial_gradient_runs_from_the_centre_to_the_edge_of_its_shape():
    pixel = draw({"kind": "circle", "cx": 30, "cy": 20, "r": 15,
                  "fill": {"gradient": "radial", "stops": ["red", "blue"]}})
    assert near(pixel(30, 20), RED) and near(pixel(44.6, 20), BLUE, 60) and pixel(46, 20) == PAPER


def test_opacity_lets_what_lies_beneath_show_through():
    pixel = draw({"kind": "rect", "x": 0, "y": 0, "w": 60, "h": 40, "fill": "red"},
                 {"kind": "rect", "x": 20, "y": 0, "w": 40, "h": 40, "fill": "blue", "opacity": 0.5})
    assert pixel(10, 20) == RED and near(pixel(40, 20), (128, 0, 128), 6)


def test_an_image_clipped_to_a_circle_shows_only_inside_it(tmp_path):
    from PIL import Image
    Image.new("RGB", (200, 200), (0, 255, 0)).save(tmp_path / "green.png")
    from reportlab.lib.utils import ImageReader
    art = ImageReader(str(tmp_path / "green.png"))
    pixel = draw({"kind": "image", "x": 10, "y": 0, "w": 40, "h": 40, "file": "green.png",
                  "clip": {"kind": "circle", "cx": 30, "cy": 20, "r": 15}}, image=lambda name: art)
    assert pixel(30, 20) == (0, 255, 0) and pixel(30, 34) == (0, 255, 0)
    assert pixel(12, 2) == PAPER and pixel(30, 37) == PAPER  # inside the image's box, outside the circle


@pytest.mark.parametrize("data, key, says", [
    ({"kind": "path", "d": "M 0 0 L ten 0"}, "elements.path.d", "SVG path data"),
    ({"kind": "path", "d": "M 5 5"}, "elements.path.d", "nothing drawn"),
    ({"kind": "path", "d": "M 0 0 L 1e9 0"}, "elements.path.d", "within 1000 mm"),
    ({"kind": "image", "x": 0, "y": 0, "w": 9, "h": 9, "file": "a.png",
      "clip": {"kind": "text", "x": 0, "y": 0, "w": 9, "h": 9, "text": "a"}}, "elements.image.clip.kind", "'circle'"),
    ({"kind": "rect", "x": 0, "y": 0, "w": 9, "h": 9, "fill": {"gradient": "conic", "stops": ["red", "blue"]}},
     "elements.rect.fill.gradient", "'linear' or 'radial'"),
    ({"kind": "rect", "x": 0, "y": 0, "w": 9, "h": 9, "fill": {"gradient": "linear", "stops": ["red"]}},
     "elements.rect.fill.stops", "at least 2"),
    ({"kind": "polygon", "sides": 6, "cx": 1, "cy": 1}, "elements.polygon", "`points`, or `sides`"),
    ({"kind": "star", "cx": 1, "cy": 1, "r": 5, "points": 2}, "elements.star.points", ">= 3"),
    ({"kind": "circle", "cx": 1, "cy": 1, "r": 5, "opacity": 2}, "elements.circle.opacity", "<= 1"),
])
def test_a_mistake_in_a_shape_names_its_key(data, key, says):
    with pytest.raises(GameDataError) as found:
        element(data)
    assert f"'{key}'" in str(found.value) and says in str(found.value), str(found.value)
