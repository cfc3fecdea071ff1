"""A booklet imposed for saddle-stitching: the reading pages placed two to a landscape sheet side
in folding order, so a duplex print (flipped on the short edge), folded in half and stapled
through the fold, reads 1, 2, 3... Sheet 1's front holds the last page on the left and page 1 on
the right; its back holds page 2 and the page before last; and so on inwards.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import UserError
from ..units import PAPER


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


def impose(reading: Path, out: Path, paper: str, title: str) -> int:
    """Write ``out``: the pages of ``reading`` paired on landscape ``paper`` sheets; returns its page count.

    Each page keeps its proportions and is centred in its half of the sheet (scaled down when the
    half is smaller than the page, as Letter's half is for A5).
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
            booklet.add_blank_page(page_size=(width, height))
            sheet = booklet.pages[-1]
            for slot, number in enumerate((left, right)):
                x0 = slot * width / 2
                sheet.add_overlay(source.pages[number - 1], pikepdf.Rectangle(x0, 0, x0 + width / 2, height))
        booklet.docinfo["/Title"] = title
        booklet.docinfo["/Producer"] = "pnp-generator"
        booklet.save(out, deterministic_id=True, compress_streams=True)
    return len(sides)
