"""Total-ink limiting of the named CMYK colours a print-shop file is drawn with: a colour over the
press's limit is replaced by the CMYK colour within the limit that looks closest to it through the
output ICC profile (LittleCMS, through Pillow's ImageCms): its grey component moved into black,
then cyan, magenta and yellow scaled down to fit."""
from __future__ import annotations

import io
import math

STEPS = 21   # grey-component replacement fractions tried, 0 to 1


def candidates(cmyk: tuple[float, ...], limit: float) -> list[tuple[float, float, float, float]]:
    """Ways to print cmyk (0-100 each) within limit% total: each fraction of the grey component moved into K."""
    c, m, y, k = cmyk
    out = []
    for step in range(STEPS):
        grey = min(c, m, y) * step / (STEPS - 1)
        c1, m1, y1, k1 = c - grey, m - grey, y - grey, min(100.0, k + grey)
        k1 = min(k1, limit)
        room, cmy = limit - k1, c1 + m1 + y1
        if cmy > room:
            scale = room / cmy if cmy else 0
            c1, m1, y1 = c1 * scale, m1 * scale, y1 * scale
        out.append(tuple(math.floor(v * 10 + 1e-6) / 10 for v in (c1, m1, y1, k1)))   # never rounded up past the limit
    return out


def to_lab(icc: bytes, colours: list[tuple[float, ...]]) -> list[tuple[float, float, float]]:
    """L*a*b* of CMYK colours (0-100) as the ICC output profile prints them."""
    from PIL import Image, ImageCms
    image = Image.new("CMYK", (len(colours), 1))
    image.putdata([tuple(round(v * 2.55) for v in colour) for colour in colours])
    transform = ImageCms.buildTransform(ImageCms.ImageCmsProfile(io.BytesIO(icc)), ImageCms.createProfile("LAB"),
                                        "CMYK", "LAB")
    lab = ImageCms.applyTransform(image, transform)
    return [(l * 100 / 255, a - 128, b - 128) for l, a, b in (lab.getpixel((i, 0)) for i in range(len(colours)))]


def limit_colour(cmyk: tuple[float, ...], limit: float, icc: bytes) -> tuple[tuple[float, ...], float]:
    """The closest colour within the limit, and its colour difference (ΔE*ab) from the original."""
    options = candidates(cmyk, limit)
    labs = to_lab(icc, [tuple(cmyk), *options])
    target = labs[0]
    best = min(range(len(options)), key=lambda i: math.dist(labs[i + 1], target))
    return options[best], round(math.dist(labs[best + 1], target), 1)
