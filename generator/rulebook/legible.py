"""Legibility of the rulebook's figures: the smallest text a figure may print and readable ink on fills.

Contrast follows WCAG 2 (relative luminance, ratio (L1 + 0.05) / (L2 + 0.05)); "in greyscale" means
both colours first turned grey the way a monochrome printer or photocopier does (Rec. 601 luma),
so a pair passes only if it reads in colour and on a black-and-white copy.

``pdf_numerals`` measures it on a built PDF, page by page, with pypdfium2: each digit's colour from
the text layer, and the ground under it from the page rendered with its text made invisible (every
colour covering a quarter of the digit's box or more; the lowest contrast counts).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from reportlab.lib.colors import Color, black, white
from reportlab.pdfbase.pdfmetrics import stringWidth

MIN_CONTRAST = 4.5   # WCAG AA for normal text
MIN_EDGE_CONTRAST = 3.0   # WCAG AA for the edge of a drawn shape against its ground (non-text)


def rgb(colour: Any) -> tuple[float, float, float]:
    """A reportlab colour (RGB or CMYK) or a 0-1 tuple (grey, RGB or CMYK) as RGB in 0-1."""
    if isinstance(colour, Color):
        return tuple(colour.rgb())  # type: ignore[return-value]
    values = tuple(float(v) for v in colour)
    if len(values) == 1:
        return values * 3  # type: ignore[return-value]
    if len(values) == 4:
        c, m, y, k = values
        return (1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)
    return values  # type: ignore[return-value]


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def luminance(colour: Any) -> float:
    """WCAG relative luminance of a colour."""
    r, g, b = rgb(colour)
    return 0.2126 * _linear(r) + 0.7152 * _linear(g) + 0.0722 * _linear(b)


def grey(colour: Any) -> tuple[float, float, float]:
    """The colour as a monochrome print shows it (Rec. 601 luma)."""
    r, g, b = rgb(colour)
    y = 0.299 * r + 0.587 * g + 0.114 * b
    return y, y, y


def contrast(a: Any, b: Any) -> float:
    """WCAG contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def print_contrast(a: Any, b: Any) -> float:
    """The lower of the contrast in colour and in greyscale: what a reader of either copy gets."""
    return min(contrast(a, b), contrast(grey(a), grey(b)))


def ink_on(fill: Any, *candidates: Any, minimum: float = MIN_CONTRAST) -> Any:
    """The first candidate ink (black, then white, by default) that reaches ``minimum`` (text's
    ``MIN_CONTRAST`` unless told) on ``fill`` in colour and in greyscale; failing all, the one that
    comes closest."""
    inks = candidates or (black, white)
    for ink in inks:
        if print_contrast(ink, fill) >= minimum:
            return ink
    return max(inks, key=lambda ink: print_contrast(ink, fill))


def fit_size(text: str, font: str, wanted: float, width: float, floor: float) -> float | None:
    """The largest size up to ``wanted`` at which ``text`` fits ``width``; None if only below ``floor``."""
    natural = stringWidth(text, font, wanted)
    size = wanted if natural <= width else wanted * width / natural
    return size if size >= floor else None


# ------------------------------------------------------------ numerals on fills, read from a built PDF

CONTRAST_DPI = 72       # a 6 pt digit's box is about 4 by 3 pixels: enough to read the fill under it
GROUND_SHARE = 0.25     # a colour covering this share of a digit's box is a ground the digit sits on
PAPER = 250             # every channel at or above this (0-255) is paper: the numeral sits on no fill
PROBE = (255, 0, 255)   # the colour text is rendered in to see which digits show (no book fills with it)


@dataclass(frozen=True)
class Numeral:
    """A digit printed in a PDF: its page (1-based), box in points (left, bottom, right, top), its own
    colour and the colours of the ground under it (0-1 RGB, each covering ``GROUND_SHARE`` of the box
    or more, read from the page rendered without its text), and the lowest ``print_contrast`` of
    the ink on any of them."""
    page: int
    text: str
    box: tuple[float, float, float, float]
    ink: tuple[float, float, float]
    grounds: tuple[tuple[float, float, float], ...]
    ratio: float
    in_form: bool = False   # drawn inside a form XObject: in a rulebook, a piece's printed face placed whole

    @property
    def on_fill(self) -> bool:
        """Whether any ground under it is not paper (a fill, a card face, a chit)."""
        return any(min(c) < PAPER / 255 for c in self.grounds)

    @property
    def colours(self) -> str:
        """'#ink on #ground' (grounds joined by '/')."""
        return f"{_hex(self.ink)} on {'/'.join(_hex(c) for c in self.grounds)}"

    def __str__(self) -> str:
        return f"'{self.text}' {self.colours} at ({self.box[0]:.0f}, {self.box[1]:.0f}): {self.ratio:.2f}:1"


def pdf_numerals(pdf: Path, dpi: int = CONTRAST_DPI) -> list[Numeral]:
    """Every visible digit of every page of ``pdf`` with its ink, its ground and their contrast."""
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [n for i in range(len(doc)) for n in page_numerals(doc[i], i + 1, dpi)]
    finally:
        doc.close()


def low_contrast(numerals: list[Numeral]) -> list[Numeral]:
    """The numerals under ``MIN_CONTRAST`` with their ground, in colour or in greyscale."""
    return [n for n in numerals if n.ratio < MIN_CONTRAST - 0.005]


def page_numerals(page: Any, number: int, dpi: int = CONTRAST_DPI) -> list[Numeral]:
    """The digits of one pypdfium2 page that show on it: rendered in ``PROBE`` colour, a digit hidden
    under something drawn after it changes no pixel (a digit in its ground's own colour does, and is
    measured). The page is changed in memory (its text recoloured, then made invisible to render the
    ground alone): measure a page after everything else that reads it."""
    import pypdfium2.raw as raw
    texts = [obj for obj in page.get_objects(max_depth=16) if obj.type == raw.FPDF_PAGEOBJ_TEXT]
    digits = _digits(page, {_address(obj.raw) for obj in texts if obj.level == 0})
    if not digits:
        return []
    scale = dpi / 72
    for obj in texts:   # every text in a colour no fill has: a digit that changes no pixel is hidden
        raw.FPDFPageObj_SetFillColor(obj.raw, *PROBE, 255)
        raw.FPDFPageObj_SetStrokeColor(obj.raw, *PROBE, 255)
    probed = page.render(scale=scale).to_pil()
    for obj in texts:
        raw.FPDFTextObj_SetTextRenderMode(obj.raw, raw.FPDF_TEXTRENDERMODE_INVISIBLE)
    image = page.render(scale=scale).to_pil()
    left, _, _, top = page.get_cropbox()
    out = []
    for text, box, ink, alpha, in_form in digits:
        x0, y0 = int((box[0] - left) * scale), int((top - box[3]) * scale)
        x1, y1 = max(x0 + 1, round((box[2] - left) * scale)), max(y0 + 1, round((top - box[1]) * scale))
        crop = image.crop((x0, y0, x1, y1))
        if crop.tobytes() == probed.crop((x0, y0, x1, y1)).tobytes():
            continue   # hidden under something drawn after it (a card of a fan laid over another)
        counts = sorted(crop.getcolors(crop.width * crop.height) or [], reverse=True)
        total = sum(n for n, _ in counts)
        grounds = tuple(_unit(colour) for n, colour in counts if n >= GROUND_SHARE * total) or (_unit(counts[0][1]),)
        ratio = min(_ratio(ink, alpha, g) for g in grounds)
        out.append(Numeral(number, text, box, ink, grounds, ratio, in_form))
    return out


def _digits(page: Any, top_level: set) -> list[tuple[str, tuple, tuple, float, bool]]:
    """(digit, box, ink as 0-1 RGB, ink's opacity, whether inside a form) of every digit the page's
    text layer shows; ``top_level``: the addresses of the page's own text objects (not in forms)."""
    import ctypes

    import pypdfium2.raw as raw
    text = page.get_textpage()
    out = []
    try:
        count = text.count_chars()
        chars = text.get_text_range(0, count)
        if len(chars) != count:   # a character outside the BMP: read them one by one
            chars = "".join(chr(raw.FPDFText_GetUnicode(text, index)) for index in range(count))
        for index in (i for i, char in enumerate(chars) if "0" <= char <= "9"):
            char = chars[index]
            obj = raw.FPDFText_GetTextObject(text, index)
            mode = raw.FPDFTextObj_GetTextRenderMode(obj)
            if mode in (raw.FPDF_TEXTRENDERMODE_INVISIBLE, raw.FPDF_TEXTRENDERMODE_CLIP):
                continue
            stroked = mode in (raw.FPDF_TEXTRENDERMODE_STROKE, raw.FPDF_TEXTRENDERMODE_STROKE_CLIP)
            r, g, b, a = (ctypes.c_uint() for _ in range(4))
            if not (raw.FPDFText_GetStrokeColor if stroked else raw.FPDFText_GetFillColor)(text, index, r, g, b, a):
                continue
            out.append((char, tuple(text.get_charbox(index)), _unit((r.value, g.value, b.value)), a.value / 255,
                        _address(obj) not in top_level))
    finally:
        text.close()
    return out


def _hex(colour: tuple[float, float, float]) -> str:
    return "#%02X%02X%02X" % tuple(round(v * 255) for v in colour)


def _address(handle: Any) -> int | None:
    import ctypes
    return ctypes.cast(handle, ctypes.c_void_p).value


def _unit(colour: tuple[int, ...]) -> tuple[float, float, float]:
    return tuple(v / 255 for v in colour[:3])  # type: ignore[return-value]


@lru_cache(maxsize=4096)
def _ratio(ink: tuple[float, float, float], alpha: float, ground: tuple[float, float, float]) -> float:
    """``print_contrast`` of the ink, laid over ``ground`` at ``alpha`` opacity, and the ground."""
    laid = tuple(alpha * i + (1 - alpha) * g for i, g in zip(ink, ground))
    return print_contrast(laid, ground)
