"""A reportlab canvas set up for reproducible files: fixed dates and IDs, compressed pages."""
from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas


def new_canvas(path: Path, size: tuple[float, float], title: str, colour_model: str, font: str) -> Canvas:
    """font: a registered TrueType font to start every page with. reportlab's default initial font is
    the standard Helvetica, which it names in every page's resources without embedding it."""
    c = Canvas(str(path), pagesize=size, invariant=1, pageCompression=1,
               enforceColorSpace="cmyk" if colour_model == "cmyk" else None, initialFontName=font)
    c.setTitle(title)
    for setter in (c.setAuthor, c.setCreator, c.setProducer):
        setter("pnp-generator")
    return c
