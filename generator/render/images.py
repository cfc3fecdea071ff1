"""Image files named by templates, checked with Pillow before reportlab is given them."""
from __future__ import annotations

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
