"""Ink inside the vendor's safe zone: the band between the trim and the safe line, on each face.
Text there fails (vendors ask for text inside the safe line); other art that differs from the
background running into the bleed is a warning (a frame drawn there on purpose may be lost to a
wandering cut). Measured on the face as written: the PDF page rendered, or the PNG itself."""
from __future__ import annotations

from generator.preflight.content import Drawn
from generator.preflight.geometry import trim_mm
from generator.preflight.rows import Row
from generator.preflight.target import Target

DIFFERENT = 48       # a channel this far from the background's counts as ink (0-255)
MIN_PIXELS = 4       # fewer differing pixels are edge smoothing, not art


def band_ink(image, trim_px: tuple[float, float, float, float], safe_px: float, shape: str):
    """(pixels of ink in the band, their bounding box in image pixels) on a PIL RGB image whose trim
    is trim_px (left, top, right, bottom); the background is the commonest colour of the bleed."""
    from PIL import Image, ImageChops, ImageDraw
    rgb = image.convert("RGB")
    left, top, right, bottom = trim_px
    band = Image.new("L", rgb.size, 0)
    draw = ImageDraw.Draw(band)
    inner = (left + safe_px, top + safe_px, right - safe_px, bottom - safe_px)
    if shape == "round":
        draw.ellipse(trim_px, fill=255)
        draw.ellipse(inner, fill=0)
    else:
        draw.rectangle(trim_px, fill=255)
        draw.rectangle(inner, fill=0)
    outside = Image.new("L", rgb.size, 255)
    ImageDraw.Draw(outside).rectangle(trim_px, fill=0)
    masked = Image.new("RGB", rgb.size, (1, 2, 3))   # a colour no face uses marks the inside
    masked.paste(rgb, mask=outside)
    bleed = [c for c in masked.getcolors(rgb.size[0] * rgb.size[1]) or [] if c[1] != (1, 2, 3)]
    background = max(bleed)[1] if bleed else rgb.getpixel((int(left) + 1, int(top) + 1))
    distance = ImageChops.difference(rgb, Image.new("RGB", rgb.size, background))
    channels = distance.split()
    ink = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2]).point(
        lambda v: 255 if v > DIFFERENT else 0)
    ink = ImageChops.multiply(ink, band)
    count = ink.histogram()[255]
    return count, ink.getbbox()


def safe_rows(target: Target, faces: list[tuple[int, object, tuple, float, float]],
              drawn: list[list[Drawn]] | None, safe_pt: float) -> list[Row]:
    """faces: (page number, PIL image, trim in image pixels, pixels per point, page height in points).
    Text objects crossing the safe line fail; other ink in the band warns."""
    shape = target.product.shape if target.product else "rect"
    limit = f"nothing but background within {safe_pt / (72 / 25.4):.2f} mm inside the trim"
    for number, image, trim_px, scale, height in faces:
        if drawn is not None:
            text = _text_outside(drawn[number - 1], trim_px, scale, height, safe_pt)
            if text is not None:
                return [Row(target.name, "safe-zone", "fail", f"text '{text.text[:30]}' crosses the safe line "
                            f"on page {number}", limit.replace("nothing but background", "no text"),
                            page=number, box_pt=list(text.box))]
        count, bbox = band_ink(image, trim_px, safe_pt * scale, shape)
        if count >= MIN_PIXELS and bbox:
            box, trim = _points(bbox, scale, height), _points(trim_px, scale, height)
            area = count / scale ** 2 / (72 / 25.4) ** 2
            return [Row(target.name, "safe-zone", "warn", f"art in the safe zone: {area:.1f} mm² on "
                        f"{'page ' + str(number) if drawn is not None else 'the face'}", limit, page=number,
                        box_pt=box, where_mm=trim_mm(tuple(box), tuple(trim)))]
    return [Row(target.name, "safe-zone", "pass", "only background in the safe zone", limit)]


def _points(box_px, scale: float, height: float) -> list[float]:
    """A box in image pixels (left, top, right, bottom) in PDF points (x0, y0, x1, y1), y up."""
    left, top, right, bottom = box_px
    return [left / scale, height - bottom / scale, right / scale, height - top / scale]


def _text_outside(drawn: list[Drawn], trim_px, scale: float, height: float, safe_pt: float) -> Drawn | None:
    left, top, right, bottom = (v / scale for v in trim_px)
    x0, x1 = left + safe_pt, right - safe_pt
    y_top, y_bottom = height - top - safe_pt, height - bottom + safe_pt   # PDF space, y up
    for d in drawn:
        if d.kind == "text" and d.text.strip():
            bx0, by0, bx1, by1 = d.box
            if bx0 < x0 - 0.5 or bx1 > x1 + 0.5 or by0 < y_bottom - 0.5 or by1 > y_top + 0.5:
                return d
    return None
