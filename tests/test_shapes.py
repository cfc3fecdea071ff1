"""Shape element kinds drawn on their own, checked by pixels: each lands where its keys say."""
from __future__ import annotations

from io import BytesIO

import pypdfium2
import pytest
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from generator.core.units import MM
from generator.draw.paint import PaintContext
from generator.elements import paint
from generator.model.layouts import validate_element
from generator.model.source import Sourced

COLOURS = {"paper": Color(1, 1, 1), "ink": Color(0, 0, 0), "red": Color(1, 0, 0), "blue": Color(0, 0, 1)}
RED, PAPER = (255, 0, 0), (255, 255, 255)
FACE = (60 * MM, 40 * MM)
SCALE = 8  # pixels a point: 0.04 mm a pixel
SOURCE = Sourced(__import__("pathlib").Path("templates/shapes.yaml"), {}, {})


def element(data: dict):
    return validate_element(data, SOURCE, ("elements", data["kind"]))


def draw(*elements: dict):
    """A 60 x 40 mm face on paper with ``elements`` painted on it, as an RGB image; a pixel function
    takes millimetres from the face's top-left corner."""
    out = BytesIO()
    c = Canvas(out, pagesize=FACE)
    ctx = PaintContext(0, FACE[1], *FACE, 0, {}, COLOURS.__getitem__, lambda name: "Helvetica",
                       lambda name: None, lambda name: None)
    for data in ({"kind": "background", "fill": "paper"}, *elements):
        paint(c, element(data), ctx)
    c.showPage()
    c.save()
    page = pypdfium2.PdfDocument(out.getvalue())[0]
    image = page.render(scale=SCALE).to_pil().convert("RGB")

    def pixel(x_mm: float, y_mm: float) -> tuple[int, int, int]:
        return image.getpixel((round(x_mm * MM * SCALE), round(y_mm * MM * SCALE)))
    return pixel


def test_an_ellipse_is_drawn_with_its_two_radii_about_its_centre():
    pixel = draw({"kind": "ellipse", "cx": 30, "cy": 20, "rx": 20, "ry": 8, "fill": "red"})
    for x, y in [(30, 20), (11, 20), (49, 20), (30, 12.5), (30, 27.5), (44, 25)]:
        assert pixel(x, y) == RED, (x, y)
    for x, y in [(9, 20), (51, 20), (30, 11), (30, 29), (46, 26), (14, 14)]:  # (46, 26): inside its box
        assert pixel(x, y) == PAPER, (x, y)


@pytest.mark.parametrize("data", [{"kind": "ellipse", "cx": 30, "cy": 20, "rx": 20},
                                  {"kind": "ellipse", "cx": 30, "cy": 20, "rx": 20, "ry": "wide"}])
def test_an_ellipse_without_good_radii_is_refused(data):
    with pytest.raises(Exception, match="ry"):
        element(data)
