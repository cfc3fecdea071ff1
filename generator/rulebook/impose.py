"""A booklet imposed for saddle-stitching: the reading pages placed two to a landscape sheet side
in folding order, so a duplex print (flipped on the short edge), folded in half and stapled
through the fold, reads 1, 2, 3... Sheet 1's front holds the last page on the left and page 1 on
the right; its back holds page 2 and the page before last; and so on inwards.
"""
from __future__ import annotations

from pathlib import Path

from generator.core.errors import UserError
from generator.core.units import PAPER


def saddle_order(pages: int) -> list[tuple[int, int]]:
    """(left, right) page numbers (1-based) of each sheet side, front then back, sheet by sheet.

    :raises ValueError: when ``pages`` is not a positive multiple of four.
    """
    if pages <= 0 or pages % 4:
        raise ValueError(f"a saddle-stitched booklet needs a multiple of 4 pages, got {pages}")
    sides = []
    for sheet in range(pages // 4):
        sides.append((pages - 2 * sheet, 1 + 2 * sheet))        # front
        sides.append((2 + 2 * sheet, pages - 1 - 2 * sheet))    # back
    return sides


MM = 72 / 25.4
MIN_MARGIN = 6.5 * MM    # the least white a page keeps around its text block when it is imposed at full size
MARK = 5 * MM            # length of a fold or crop mark
MARK_WIDTH = 0.3


def impose(reading: Path, out: Path, paper: str, title: str) -> int:
    """Write ``out``: the pages of ``reading`` paired on landscape ``paper`` sheets; returns its page count.

    Each page is placed in its half of the sheet at full size when its text block (the page's
    /ArtBox) fits there with ``MIN_MARGIN`` to spare: what the half cannot hold is taken from the
    page's blank margins, each side losing in proportion to its width (the fold side stays the
    wider). Only a page whose text block does not fit is scaled down. Every sheet side gets fold
    marks at the top and bottom of its centre line and, where the pages are shorter or narrower
    than their halves, crop marks on the trim lines. Every page becomes a form XObject with a
    fixed name, so the same input gives a byte-identical file.
    """
    try:
        import pikepdf
    except ImportError:
        raise UserError("the imposed booklet needs pikepdf: pip install 'pnp-generator[booklet]', "
                        "or drop `impose:` from the booklet profile") from None
    width, height = sorted(PAPER[paper], reverse=True)   # landscape
    with pikepdf.open(reading) as source:
        sides = saddle_order(len(source.pages))
        booklet = pikepdf.new()
        for left, right in sides:
            forms, drawing, trims = {}, [], []
            for slot, number in enumerate((left, right)):
                page = pikepdf.Page(source.pages[number - 1])
                forms[f"/P{slot}"] = booklet.copy_foreign(page.as_form_xobject())
                box = [float(v) for v in page.mediabox]
                art = [float(v) for v in page.artbox]
                placed, trim = _placement(box, art, slot * width / 2, width / 2, height)
                drawing.append(_draw(f"/P{slot}", placed, (slot * width / 2, 0, width / 2, height)))
                trims.append(trim)
            drawing.append(_marks(width, height, trims))
            sheet = pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=[0, 0, width, height],
                                       Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(forms)),
                                       Contents=booklet.make_stream("\n".join(drawing).encode()))
            booklet.pages.append(pikepdf.Page(sheet))
        booklet.docinfo["/Title"] = title
        booklet.docinfo["/Producer"] = "pnp-generator"
        booklet.save(out, deterministic_id=True, compress_streams=True)
    return len(sides)


def _placement(box: list[float], art: list[float], x0: float, room_w: float,
               room_h: float) -> tuple[tuple[float, float, float], tuple[float, float, float, float]]:
    """(scale, x, y) that place a page of ``box`` in the room at x0, and the trimmed page's
    rectangle on the sheet (x0, y0, x1, y1): the page, less what the room cuts off its margins."""
    llx, lly, urx, ury = box
    w, h = urx - llx, ury - lly
    ax0, ay0, ax1, ay1 = art
    full = ax1 - ax0 + 2 * MIN_MARGIN <= room_w and ay1 - ay0 + 2 * MIN_MARGIN <= room_h
    k = 1.0 if full else min(room_w / w, room_h / h, 1.0)

    def offset(lo: float, hi: float, a_lo: float, a_hi: float, room: float) -> float:
        """Where the page's edge ``lo`` goes, relative to the room: centred when it fits, else its
        margins (``a_lo - lo`` and ``hi - a_hi``) cut in proportion to their widths."""
        size = (hi - lo) * k
        if size <= room:
            return (room - size) / 2
        before, after = (a_lo - lo) * k, (hi - a_hi) * k
        spare = room - (a_hi - a_lo) * k
        return spare * before / (before + after) - before

    dx, dy = offset(llx, urx, ax0, ax1, room_w), offset(lly, ury, ay0, ay1, room_h)
    trim = (x0 + max(dx, 0), max(dy, 0), x0 + min(dx + w * k, room_w), min(dy + h * k, room_h))
    return (k, x0 + dx - llx * k, dy - lly * k), trim


def _draw(name: str, placed: tuple[float, float, float], room: tuple[float, float, float, float]) -> str:
    """The content operators that draw form ``name`` as ``placed``, clipped to its room."""
    k, x, y = placed
    rx, ry, rw, rh = room
    return f"q {rx:.4f} {ry:.4f} {rw:.4f} {rh:.4f} re W n {k:.6f} 0 0 {k:.6f} {x:.4f} {y:.4f} cm {name} Do Q"


def _marks(width: float, height: float, trims: list[tuple[float, float, float, float]]) -> str:
    """Fold marks: the centre line at the top and bottom edges. Crop marks: where a page is
    shorter (narrower) than the sheet, its trim lines drawn in from the sheet's edges and either
    side of the fold, on the line itself, so the cut takes them away."""
    lines = [(width / 2, 0, width / 2, MARK), (width / 2, height - MARK, width / 2, height)]
    for x0, y0, x1, y1 in trims:
        for y in (y0, y1):
            if MM < y < height - MM:
                lines += [(x0, y, x0 + MARK, y), (x1 - MARK, y, x1, y)]
        for x in (x0, x1):
            if MM < x < width - MM and abs(x - width / 2) > MM:
                lines += [(x, y0, x, y0 + MARK), (x, y1 - MARK, x, y1)]
    path = " ".join(f"{a:.3f} {b:.3f} m {c:.3f} {d:.3f} l" for a, b, c, d in lines)
    return f"q 0 0 0 RG {MARK_WIDTH} w {path} S Q"
