"""Legibility of the rulebook's figures: the smallest text a figure may print and readable ink on fills.

Contrast follows WCAG 2 (relative luminance, ratio (L1 + 0.05) / (L2 + 0.05)); "in greyscale" means
both colours first turned grey the way a monochrome printer or photocopier does (Rec. 601 luma),
so a pair passes only if it reads in colour and on a black-and-white copy.

``pdf_numerals`` measures it on a built PDF, page by page, with pypdfium2: each character's colour
from the text layer, and the ground under it from the page rendered with its text made invisible
(every colour covering a quarter of the character's box or more; the lowest contrast counts). Which
characters are measured is a choice (``numeral``, ``label``: the letters and digits of short labels,
``letter``: every letter and digit), as is the bar: 4.5:1, or 3:1 for the letters of large text as
WCAG allows; a digit 4.5:1 at any size (``Numeral.needed``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from reportlab.lib.colors import Color, black, white
from reportlab.pdfbase.pdfmetrics import stringWidth

from generator.rulebook.breaks import best_break

MIN_CONTRAST = 4.5   # WCAG AA for normal text
MIN_CONTRAST_LARGE = 3.0   # WCAG AA for large text: 18 pt and over, or bold 14 pt and over
MIN_EDGE_CONTRAST = 3.0   # WCAG AA for the edge of a drawn shape against its ground (non-text)
LARGE, LARGE_BOLD = 18.0, 14.0
LABEL_CHARS = 24     # a run of text this long or shorter (spaces aside) is a label, not running text


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


def fit_lines(text: str, font: str, wanted: float, width: float, floor: float,
              most: int = 2) -> tuple[float, list[str]] | None:
    """``text`` set to fit ``width``: on one line at the largest size up to ``wanted`` (``fit_size``),
    or else broken between words into the fewest lines, at most ``most``, that fit at ``floor`` or
    more, broken where they come out most even (``breaks.best_break``) and set at the largest size,
    in steps of a quarter point down from ``wanted``, that is not below ``floor``; None if it fits
    only below ``floor``."""
    size = fit_size(text, font, wanted, width, floor)
    if size is not None:
        return size, [text]
    words = text.split()
    unit = lambda line: stringWidth(line, font, 1.0)  # noqa: E731  (widths in proportion to the size)
    for count in range(2, min(most, len(words)) + 1):
        lines = best_break(words, count, unit, limit=width / floor)
        fits = min(wanted, width / lines.widest)
        if fits >= floor:
            steps = int((wanted - fits) / 0.25 - 1e-9) + 1 if fits < wanted else 0
            return max(floor, wanted - 0.25 * steps), list(lines.lines)
    return None


# ------------------------------------------------------------ numerals on fills, read from a built PDF

CONTRAST_DPI = 72       # a 6 pt digit's box is about 4 by 3 pixels: enough to read the fill under it
GROUND_SHARE = 0.25     # a colour covering this share of a digit's box is a ground the digit sits on
PAPER = 250             # every channel at or above this (0-255) is paper: the numeral sits on no fill
PROBE = (255, 0, 255)   # the colour text is rendered in to see which digits show (no book fills with it)
HIDDEN = 0.1            # a digit that changes fewer of its box's pixels than this share is hidden: what
                        # shows is the antialiased edge of a face laid over it (a fanned card's corner)

Wanted = Callable[[str, str], bool]   # (character, the text of its run) -> measure it


def numeral(char: str, run: str) -> bool:
    """A digit, wherever it is printed."""
    return "0" <= char <= "9"


def label(char: str, run: str) -> bool:
    """A letter or digit of a short label (a run of at most ``LABEL_CHARS``, spaces aside): circle
    letters, count boxes, "held by Blue"; a digit anywhere."""
    return numeral(char, run) or (char.isalnum() and len("".join(run.split())) <= LABEL_CHARS)


def letter(char: str, run: str) -> bool:
    """Every letter and digit."""
    return char.isalnum()


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
    size: float = 0.0       # the font size as printed, points
    bold: bool = False      # set in a bold face (the font's weight or name)
    alpha: float = 1.0      # the ink's opacity
    overlapped: bool = False   # on a placed face that another placed face overlaps: its ground is not its own

    @property
    def large(self) -> bool:
        """Large text as WCAG has it: 18 pt and over, or bold 14 pt and over."""
        return self.size >= LARGE - 0.005 or (self.bold and self.size >= LARGE_BOLD - 0.005)

    @property
    def needed(self) -> float:
        """The contrast it must reach: 4.5:1, or 3:1 for a letter of large text as WCAG AA allows. A
        digit is held to 4.5:1 at any size: a value printed alone (a card's corner, a count) is read
        at a glance with no word around it to guess it from."""
        return MIN_CONTRAST_LARGE if self.large and not self.text.isdigit() else MIN_CONTRAST

    def ratios(self) -> tuple[float, float]:
        """(in colour, in greyscale) on the ground where the lower of the two is lowest."""
        ground = min(self.grounds, key=lambda g: _ratio(self.ink, self.alpha, g))
        laid = _laid(self.ink, self.alpha, ground)
        return contrast(laid, ground), contrast(grey(laid), grey(ground))

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


def pdf_numerals(pdf: Path | bytes, dpi: int = CONTRAST_DPI, wanted: Wanted = numeral) -> list[Numeral]:
    """Every visible digit (or other ``wanted`` character) of every page of ``pdf`` (a file, or a
    PDF's bytes) with its ink, its ground and their contrast."""
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        return [n for i in range(len(doc)) for n in page_numerals(doc[i], i + 1, dpi, wanted)]
    finally:
        doc.close()


def _meets(box: tuple, other: tuple) -> bool:
    """Whether two (left, bottom, right, top) boxes overlap."""
    return other[0] < box[2] and box[0] < other[2] and other[1] < box[3] and box[1] < other[3]


def low_contrast(numerals: list[Numeral], large_text: bool = False) -> list[Numeral]:
    """The numerals under ``MIN_CONTRAST`` with their ground, in colour or in greyscale; with
    ``large_text``, the letters of large text only under ``MIN_CONTRAST_LARGE`` (``Numeral.needed``)."""
    return [n for n in numerals if n.ratio < (n.needed if large_text else MIN_CONTRAST) - 0.005]


def page_numerals(page: Any, number: int, dpi: int = CONTRAST_DPI, wanted: Wanted = numeral) -> list[Numeral]:
    """The digits (``wanted`` characters) of one pypdfium2 page that show on it: rendered in ``PROBE`` colour, a digit hidden
    under something drawn after it changes no pixel, or only a covering edge's few (under ``HIDDEN``
    of its box; a digit in its ground's own colour changes its ink's, and is measured). The page is changed in memory (its text recoloured, then made invisible to render the
    ground alone): measure a page after everything else that reads it."""
    import pypdfium2.raw as raw
    texts = [obj for obj in page.get_objects(max_depth=16) if obj.type == raw.FPDF_PAGEOBJ_TEXT]
    digits = _characters(page, {_address(obj.raw) for obj in texts if obj.level == 0}, wanted)
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
    faces = [tuple(obj.get_bounds()) for obj in page.get_objects(max_depth=0) if obj.type == raw.FPDF_PAGEOBJ_FORM]
    out = []
    for text, box, ink, alpha, in_form, size, bold in digits:
        x0, y0 = int((box[0] - left) * scale), int((top - box[3]) * scale)
        x1, y1 = max(x0 + 1, round((box[2] - left) * scale)), max(y0 + 1, round((top - box[1]) * scale))
        crop = image.crop((x0, y0, x1, y1))
        if _shown(crop, probed.crop((x0, y0, x1, y1))) < HIDDEN:
            continue   # hidden under something drawn after it (a card of a fan laid over another)
        counts = sorted(crop.getcolors(crop.width * crop.height) or [], reverse=True)
        total = sum(n for n, _ in counts)
        grounds = tuple(_unit(colour) for n, colour in counts if n >= GROUND_SHARE * total) or (_unit(counts[0][1]),)
        ratio = min(_ratio(ink, alpha, g) for g in grounds)
        # where placed faces overlap (a fan), the ground under a digit's box is partly the other face's
        overlapped = in_form and sum(_meets(box, face) for face in faces) > 1
        out.append(Numeral(number, text, box, ink, grounds, ratio, in_form, size, bold, alpha, overlapped))
    return out


def _shown(bare: Any, probed: Any) -> float:
    """The share of a character's box whose pixels its ink changes: ``bare`` rendered without text,
    ``probed`` with every text in ``PROBE``."""
    from PIL import ImageChops
    changed = ImageChops.difference(bare.convert("RGB"), probed.convert("RGB")).convert("L")
    return 1 - changed.histogram()[0] / (bare.width * bare.height)


def _characters(page: Any, top_level: set, wanted: Wanted) -> list[tuple[str, tuple, tuple, float, bool, float, bool]]:
    """(character, box, ink as 0-1 RGB, ink's opacity, whether inside a form, font size, bold) of
    every ``wanted`` character the page's text layer shows; ``top_level``: the addresses of the
    page's own text objects (not in forms)."""
    import ctypes

    import pypdfium2.raw as raw
    text = page.get_textpage()
    out = []
    runs: dict[int | None, str] = {}
    try:
        count = text.count_chars()
        chars = text.get_text_range(0, count)
        if len(chars) != count:   # a character outside the BMP: read them one by one
            chars = "".join(chr(raw.FPDFText_GetUnicode(text, index)) for index in range(count))
        for index, char in enumerate(chars):
            if not char.isalnum():
                continue
            obj = raw.FPDFText_GetTextObject(text, index)
            address = _address(obj)
            if address not in runs:
                runs[address] = run_text(raw, obj, text)
            if not wanted(char, runs[address]):
                continue
            mode = raw.FPDFTextObj_GetTextRenderMode(obj)
            if mode in (raw.FPDF_TEXTRENDERMODE_INVISIBLE, raw.FPDF_TEXTRENDERMODE_CLIP):
                continue
            stroked = mode in (raw.FPDF_TEXTRENDERMODE_STROKE, raw.FPDF_TEXTRENDERMODE_STROKE_CLIP)
            r, g, b, a = (ctypes.c_uint() for _ in range(4))
            if not (raw.FPDFText_GetStrokeColor if stroked else raw.FPDFText_GetFillColor)(text, index, r, g, b, a):
                continue
            out.append((char, tuple(text.get_charbox(index)), _unit((r.value, g.value, b.value)), a.value / 255,
                        address not in top_level, _printed_size(raw, text, index), _bold(raw, text, index)))
    finally:
        text.close()
    return out


def run_text(raw: Any, obj: Any, textpage: Any) -> str:
    """The text of one text object (a run set in one font and colour)."""
    import ctypes
    length = raw.FPDFTextObj_GetText(obj, textpage, None, 0)
    if length <= 2:
        return ""
    buffer = ctypes.create_string_buffer(length)
    raw.FPDFTextObj_GetText(obj, textpage, ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort)), length)
    return buffer.raw[:length - 2].decode("utf-16-le", errors="replace")


def _printed_size(raw: Any, textpage: Any, index: int) -> float:
    """A character's font size as printed: scaled by every matrix around it (a face drawn smaller)."""
    import ctypes
    m = raw.FS_MATRIX()
    scale = math.sqrt(abs(m.a * m.d - m.b * m.c)) if raw.FPDFText_GetMatrix(textpage, index, ctypes.byref(m)) else 1.0
    return raw.FPDFText_GetFontSize(textpage, index) * scale


def _bold(raw: Any, textpage: Any, index: int) -> bool:
    """Whether a character is set in a bold face: its font's weight (600 and over), its descriptor's
    ForceBold flag, or "Bold" or "Black" in its name (embedded TrueType fonts often state no weight)."""
    import ctypes
    if raw.FPDFText_GetFontWeight(textpage, index) >= 600:
        return True
    flags = ctypes.c_int()
    length = raw.FPDFText_GetFontInfo(textpage, index, None, 0, ctypes.byref(flags))
    buffer = ctypes.create_string_buffer(max(length, 1))
    raw.FPDFText_GetFontInfo(textpage, index, buffer, length, ctypes.byref(flags))
    name = buffer.value.decode("latin-1", errors="replace").lower()
    return bool(flags.value & (1 << 18)) or "bold" in name or "black" in name


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
    return print_contrast(_laid(ink, alpha, ground), ground)


def _laid(ink: tuple[float, float, float], alpha: float, ground: tuple[float, float, float]) -> tuple:
    """The colour ``ink`` prints at ``alpha`` opacity over ``ground``."""
    return tuple(alpha * i + (1 - alpha) * g for i, g in zip(ink, ground))
