"""A reportlab canvas set up for reproducible files: fixed dates and IDs, compressed pages."""
from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas


def new_canvas(path: Path, size: tuple[float, float], title: str, colour_model: str = "rgb",
               font: str | None = None) -> Canvas:
    """font: a registered TrueType font to start every page with; without it reportlab names the
    standard Helvetica, which is never embedded."""
    c = Canvas(str(path), pagesize=size, invariant=1, pageCompression=1,
               enforceColorSpace="cmyk" if colour_model == "cmyk" else None,
               initialFontName=font or "Helvetica")
    c.setTitle(title)
    c.setAuthor("pnp-generator")
    c.setCreator("pnp-generator")
    c.setProducer("pnp-generator")
    return c
