"""Placing a piece of art on a canvas: a raster image (an ImageReader) as one image XObject, reused
however often it is drawn, or SVG art (a reportlab Drawing) as vector shapes."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


def art_size(art: Any) -> tuple[float, float]:
    """The art's own width and height (pixels of an image, points of a drawing)."""
    return (art.width, art.height) if hasattr(art, "drawOn") else art.getSize()


def place_art(c: Canvas, art: Any, x: float, y: float, w: float, h: float) -> None:
    """Draw ``art`` fitted in the box whose bottom-left corner is page point (x, y), its aspect ratio
    kept and centred in the box."""
    if hasattr(art, "drawOn"):  # an SVG drawing: placed as vector art
        scale = min(w / art.width, h / art.height)
        c.saveState()
        c.translate(x + (w - art.width * scale) / 2, y + (h - art.height * scale) / 2)
        c.scale(scale, scale)
        art.drawOn(c, 0, 0)
        c.restoreState()
        return
    c.drawImage(art, x, y, w, h, preserveAspectRatio=True, anchor="c", mask="auto")
