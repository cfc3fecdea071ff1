"""Per-face images from the same vector faces as the PDFs: each face is drawn on its own page of a
PDF held in memory, then the pages are rasterised with pypdfium2 in worker processes."""
from __future__ import annotations

import io
import os
import struct
import zlib
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from generator.core.errors import GameDataError
from generator.exporters.common import Design
from generator.render.faces import FacePainter

WORKERS = 2           # processes that rasterise; more than the cores only adds overhead
MAX_SIDE_PX = 12000   # an image wider or taller than this is a mistake in a profile, not a request
PNG_LEVEL = 1         # zlib level: flat artwork compresses well even at 1, and 1 is several times faster


@dataclass(frozen=True)
class Raster:
    """How to turn a face into pixels: the image size and how much of it is bleed."""

    pixels: tuple[int, int]
    dpi: int
    bleed: float          # points of bleed at each edge of the image, around the (scaled) trim

    @property
    def page(self) -> tuple[float, float]:
        return self.pixels[0] * 72 / self.dpi, self.pixels[1] * 72 / self.dpi


def checked(raster: Raster, profile_file: Path, key: str = "dpi") -> Raster:
    """The raster, unless it is absurdly large (a 1 m card at 1200 DPI would need gigabytes)."""
    if max(raster.pixels) > MAX_SIDE_PX or min(raster.pixels) < 1:
        raise GameDataError(profile_file, None, key, f"images of 1 to {MAX_SIDE_PX} pixels a side",
                            f"{raster.pixels[0]} x {raster.pixels[1]} px")
    return raster


def raster_for(size: tuple[float, float], dpi: int, bleed: float) -> Raster:
    """An image of the face at its own size plus bleed, at dpi."""
    return Raster((round((size[0] + 2 * bleed) * dpi / 72), round((size[1] + 2 * bleed) * dpi / 72)), dpi, bleed)


def faces_pdf(designs: list[tuple[Design, Raster]], painter: FacePainter) -> bytes:
    """One page per design, its trim scaled to fit the raster's trim and centred; bleed fills the rest.

    A vendor's trim need not match the card's (TGC's poker card is 2.5 x 3.5 in, ours 63 x 88 mm):
    the face is scaled uniformly to fit, and the background, which always runs into the bleed,
    covers any sliver left over.
    """
    buffer = io.BytesIO()
    c = Canvas(buffer, invariant=1, pageCompression=0)
    for design, raster in designs:
        w, h = design.template.size
        pw, ph = raster.page
        scale = min((pw - 2 * raster.bleed) / w, (ph - 2 * raster.bleed) / h)
        c.setPageSize((pw, ph))
        c.saveState()
        c.translate((pw - w * scale) / 2, (ph - h * scale) / 2)
        c.scale(scale, scale)
        cover = max((pw / scale - w) / 2, (ph / scale - h) / 2)
        painter.draw(c, design.template, design.values, 0, h, cover)
        c.restoreState()
        c.showPage()
    c.save()
    return buffer.getvalue()


_document = None


def _open(pdf: bytes) -> None:
    global _document
    import pypdfium2
    _document = pypdfium2.PdfDocument(pdf)


def _render(task: tuple[int, tuple[int, int], int, str | None]):
    """Rasterise one page; write a PNG (returns None) or return raw RGB bytes for compositing."""
    index, pixels, dpi, dest = task
    page = _document[index]
    # pdfium rounds the bitmap up; a hair under the exact scale lands on the intended pixel count
    scale = min((pixels[0] - 0.01) / page.get_width(), (pixels[1] - 0.01) / page.get_height())
    bitmap = page.render(scale=scale, rev_byteorder=True)
    image = bitmap.to_pil()
    if image.size != pixels:
        image = image.crop((0, 0, *pixels))
    if image.mode != "RGB":
        image = image.convert("RGB")
    if dest is None:
        return image.tobytes()
    Path(dest).write_bytes(png_bytes(image.tobytes(), image.size, dpi))
    return None


def png_bytes(rgb: bytes, size: tuple[int, int], dpi: int) -> bytes:
    """An RGB PNG with every row unfiltered, deflated at PNG_LEVEL, and its resolution recorded.

    Pillow's encoder tries an adaptive filter on every row, which triples the encoding time (the
    larger share of the whole export) and gains nothing on flat artwork; the format itself is four
    chunks, so the file is written here.
    """
    width, height = size
    stride = width * 3
    rows = b"".join(b"\0" + rgb[y * stride:(y + 1) * stride] for y in range(height))
    per_metre = round(dpi / 0.0254)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))
            + chunk(b"IDAT", zlib.compress(rows, PNG_LEVEL)) + chunk(b"IEND", b""))


def rasterise(pdf: bytes, tasks: list[tuple[int, tuple[int, int], int, str | Path | None]],
              workers: int = WORKERS) -> list[bytes | None]:
    """Rasterise pages of `pdf` (page index, pixel size, dpi, PNG path or None) across worker processes
    (`workers=1`: in this process, as a long-running server whose threads must not fork wants)."""
    tasks = [(i, tuple(px), dpi, str(dest) if dest else None) for i, px, dpi, dest in tasks]
    workers = min(workers, os.cpu_count() or 1, len(tasks))
    if workers <= 1:
        _open(pdf)
        return [_render(t) for t in tasks]
    from generator.core.processes import pool_context
    with ProcessPoolExecutor(workers, mp_context=pool_context(),
                             initializer=_open, initargs=(pdf,)) as pool:
        return list(pool.map(_render, tasks, chunksize=max(1, len(tasks) // (workers * 4))))


def images_of(pdf: bytes, tasks: list[tuple[int, tuple[int, int], int]]):
    """Rasterise pages to Pillow images (for compositing sheets)."""
    from PIL import Image
    raw = rasterise(pdf, [(i, px, dpi, None) for i, px, dpi in tasks])
    return [Image.frombytes("RGB", tuple(px), data) for (_, px, _), data in zip(tasks, raw)]
