"""Image files named by templates, checked with Pillow (raster) or lxml (SVG) before reportlab or
svglib is given them."""
from __future__ import annotations

import math
import re
from pathlib import Path

from generator.core.errors import GameDataError

MAX_PIXELS = 64_000_000  # an A3 sheet at 600 DPI is 70 MP; a card's art is a few megapixels
FORMATS = {"PNG", "JPEG", "GIF", "BMP", "TIFF", "WEBP"}


def check_image(path: Path) -> None:
    """A real, complete image of a known format and a sane size, or a GameDataError naming the file.

    Pillow reads the header first (a 'decompression bomb' is refused by its size before any
    pixel is decoded), then `verify()` checks the file's structure and `load()` decodes it.
    """
    from PIL import Image

    try:
        with Image.open(path) as image:
            _check_header(path, image)
            image.verify()
        with Image.open(path) as image:
            image.load()
    except GameDataError:
        raise
    except Image.DecompressionBombError:
        raise GameDataError(path, None, "", f"an image of at most {MAX_PIXELS:,} pixels", "more") from None
    except Exception as exc:  # noqa: BLE001 - Pillow's decoders raise many kinds for a damaged file
        found = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
        raise GameDataError(path, None, "", "a complete PNG, JPEG, GIF, BMP, TIFF or WebP image", found) from None


def _check_header(path: Path, image) -> None:
    if image.format not in FORMATS:
        raise GameDataError(path, None, "", f"an image in one of {sorted(FORMATS)}", repr(image.format))
    width, height = image.size
    if width * height > MAX_PIXELS or width < 1 or height < 1:
        raise GameDataError(path, None, "", f"an image of 1 to {MAX_PIXELS:,} pixels", f"{width}x{height}")


# ------------------------------------------------------------------ SVG art

MAX_SVG_BYTES = 8 * 2**20       # card art drawn as vectors is kilobytes; a 50 MB file is an attack
MAX_SVG_ELEMENTS = 200_000
MAX_SVG_NUMBER = 1e9            # any length or coordinate (a card is a few hundred points wide)
_HREFS = ("{http://www.w3.org/1999/xlink}href", "href")
_DATA_IMAGE = re.compile(r"^data:image/(png|jpe?g);base64,", re.IGNORECASE)
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|nan|inf(?:inity)?", re.IGNORECASE)
_NUMERIC = {"x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "width", "height", "d", "points",
            "viewBox", "transform", "stroke-width", "font-size", "offset", "dx", "dy", "style"}


def check_svg(path: Path) -> None:
    """SVG art the tool may draw, or a GameDataError naming the file: at most MAX_SVG_BYTES and
    MAX_SVG_ELEMENTS, no DTD or entities, finite sizes and coordinates only, and no reference to
    another file (an ``<image>`` or ``<use>`` may name a fragment of this file or embed a PNG or
    JPEG as a data URI, which is held to the image pixel limit)."""
    from lxml import etree

    size = path.stat().st_size
    if size > MAX_SVG_BYTES:
        raise GameDataError(path, None, "", f"an SVG file of at most {MAX_SVG_BYTES:,} bytes", f"{size:,} bytes")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        tree = etree.parse(str(path), parser)
    except etree.XMLSyntaxError as exc:
        raise GameDataError(path, None, "", "a well-formed SVG file", str(exc).splitlines()[0][:120]) from None
    if tree.docinfo.internalDTD or tree.docinfo.doctype:
        raise GameDataError(path, None, "", "an SVG file without a DOCTYPE or entities", "a DOCTYPE")
    for count, element in enumerate(tree.iter(), 1):
        if count > MAX_SVG_ELEMENTS:
            raise GameDataError(path, None, "", f"an SVG file of at most {MAX_SVG_ELEMENTS:,} elements", "more")
        if not isinstance(element.tag, str):
            continue
        for name, value in element.attrib.items():
            _check_attribute(path, element, name, value)


def _check_attribute(path: Path, element, name: str, value: str) -> None:
    line = getattr(element, "sourceline", None)
    if name in _HREFS:
        match = _DATA_IMAGE.match(value)
        if match:
            _check_embedded(path, line, value[match.end():])
        elif not value.startswith("#"):
            raise GameDataError(path, line, name.rpartition("}")[2],
                                "a reference inside this SVG file (#id) or an embedded PNG or JPEG (data:)",
                                "a reference to another file")
    elif name in _NUMERIC:
        for number in _NUMBER.findall(value):
            if not math.isfinite(float(number)) or abs(float(number)) > MAX_SVG_NUMBER:
                raise GameDataError(path, line, name, f"finite numbers of at most {MAX_SVG_NUMBER:g}", number)


def _check_embedded(path: Path, line: int | None, data: str) -> None:
    """A data-URI image inside SVG art: decoded and held to the same format and pixel limits as a file."""
    import base64
    import binascii
    import io

    from PIL import Image

    try:
        with Image.open(io.BytesIO(base64.b64decode(data, validate=False))) as image:
            width, height = image.size
    except (binascii.Error, OSError, ValueError, Image.DecompressionBombError):
        raise GameDataError(path, line, "href", "an embedded PNG or JPEG image", "unreadable data") from None
    if width * height > MAX_PIXELS or width < 1 or height < 1:
        raise GameDataError(path, line, "href", f"an embedded image of 1 to {MAX_PIXELS:,} pixels",
                            f"{width}x{height}")


def check_drawing_size(path: Path, width: float, height: float) -> None:
    """The drawing svglib made has a finite, positive size."""
    if not (math.isfinite(width) and math.isfinite(height) and 0 < width <= MAX_SVG_NUMBER
            and 0 < height <= MAX_SVG_NUMBER):
        raise GameDataError(path, None, "", "a readable SVG file with a finite, positive width and height",
                            f"{width} x {height}")
