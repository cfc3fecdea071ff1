"""A reportlab canvas set up for reproducible files: fixed dates and IDs, compressed pages, and an
embedded starting font."""
from __future__ import annotations

from functools import cache
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas


@cache
def fallback_font() -> str:
    """reportlab's own Bitstream Vera, registered as a TrueType font so that it is embedded."""
    pdfmetrics.registerFont(TTFont("pnp-Vera", str(Path(reportlab.__file__).parent / "fonts" / "Vera.ttf")))
    return "pnp-Vera"


def new_canvas(path: Path, size: tuple[float, float], title: str, colour_model: str = "rgb",
               font: str | None = None) -> Canvas:
    """font: a registered TrueType font to start every page with (Vera when None). reportlab's own
    default is the standard Helvetica, which it names in every page's resources without embedding it."""
    c = Canvas(str(path), pagesize=size, invariant=1, pageCompression=1,
               enforceColorSpace="cmyk" if colour_model == "cmyk" else None,
               initialFontName=font or fallback_font())
    c.setTitle(title)
    for setter in (c.setAuthor, c.setCreator, c.setProducer):
        setter("pnp-generator")
    return c
