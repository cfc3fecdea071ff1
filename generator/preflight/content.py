"""What a PDF page draws, read with pdfium: each text run, stroked path and image with its place on
the page (points), its size as printed (text size and line width scaled by every matrix around it,
images' effective resolution), and images' colour space. Form XObjects are entered."""
from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass

from generator.rulebook.legible import run_text

TEXT, PATH, IMAGE, FORM = 1, 2, 3, 5
COLOURSPACES = {1: "DeviceGray", 2: "DeviceRGB", 3: "DeviceCMYK", 4: "CalGray", 5: "CalRGB", 6: "Lab",
                7: "ICCBased", 8: "Separation", 9: "DeviceN", 10: "Indexed", 11: "Pattern"}


@dataclass(frozen=True)
class Drawn:
    kind: str                      # text, stroke or image
    box: tuple[float, float, float, float]   # x0, y0, x1, y1 in page points (PDF space)
    size: float                    # text: points; stroke: line width in points; image: effective DPI (the lower)
    text: str = ""
    colourspace: str = ""          # images only
    pixels: tuple[int, int] = (0, 0)


Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


def then(m: Matrix, n: Matrix) -> Matrix:
    """Apply m, then n."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def page_content(page) -> list[Drawn]:
    """Everything drawn on a pypdfium2 page."""
    import pypdfium2.raw as raw
    textpage = raw.FPDFText_LoadPage(page.raw)
    try:
        out: list[Drawn] = []
        count = raw.FPDFPage_CountObjects(page.raw)
        _walk(raw, page, textpage, [raw.FPDFPage_GetObject(page.raw, i) for i in range(count)], IDENTITY, out)
        return out
    finally:
        raw.FPDFText_ClosePage(textpage)


def _walk(raw, page, textpage, objects, outer: Matrix, out: list[Drawn]) -> None:
    for obj in objects:
        kind = raw.FPDFPageObj_GetType(obj)
        own = _matrix(raw, obj)
        full = then(own, outer)
        if kind == FORM:
            inner = [raw.FPDFFormObj_GetObject(obj, i) for i in range(raw.FPDFFormObj_CountObjects(obj))]
            _walk(raw, page, textpage, inner, full, out)
            continue
        box = _bounds(raw, obj, outer)
        if kind == TEXT:
            size = ctypes.c_float()
            raw.FPDFTextObj_GetFontSize(obj, ctypes.byref(size))
            out.append(Drawn("text", box, round(size.value * _scale(full), 2), run_text(raw, obj, textpage)))
        elif kind == PATH:
            fill, stroke = ctypes.c_int(), ctypes.c_int()
            raw.FPDFPath_GetDrawMode(obj, ctypes.byref(fill), ctypes.byref(stroke))
            if stroke.value:
                width = ctypes.c_float()
                raw.FPDFPageObj_GetStrokeWidth(obj, ctypes.byref(width))
                out.append(Drawn("stroke", box, round(width.value * _scale(full), 3)))
        elif kind == IMAGE:
            w, h = ctypes.c_uint(), ctypes.c_uint()
            raw.FPDFImageObj_GetImagePixelSize(obj, ctypes.byref(w), ctypes.byref(h))
            meta = raw.FPDF_IMAGEOBJ_METADATA()
            raw.FPDFImageObj_GetImageMetadata(obj, page.raw, ctypes.byref(meta))
            a, b, c, d, _, _ = full
            width_in, height_in = math.hypot(a, b) / 72, math.hypot(c, d) / 72
            dpi = min(w.value / width_in if width_in else 0, h.value / height_in if height_in else 0)
            out.append(Drawn("image", box, round(dpi, 1), colourspace=COLOURSPACES.get(meta.colorspace, "unknown"),
                             pixels=(w.value, h.value)))


def _matrix(raw, obj) -> Matrix:
    m = raw.FS_MATRIX()
    if not raw.FPDFPageObj_GetMatrix(obj, ctypes.byref(m)):
        return IDENTITY
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _bounds(raw, obj, outer: Matrix) -> tuple[float, float, float, float]:
    """The object's bounding box in page space (pdfium gives it in the space of the form around it)."""
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    raw.FPDFPageObj_GetBounds(obj, *(ctypes.byref(v) for v in (left, bottom, right, top)))
    a, b, c, d, e, f = outer
    xs, ys = [], []
    for x in (left.value, right.value):
        for y in (bottom.value, top.value):
            xs.append(a * x + c * y + e)
            ys.append(b * x + d * y + f)
    return (min(xs), min(ys), max(xs), max(ys))


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
