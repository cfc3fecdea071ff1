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


def impose(reading: Path, out: Path, paper: str, title: str) -> int:
    """Write ``out``: the pages of ``reading`` paired on landscape ``paper`` sheets; returns its page count.

    Each page keeps its proportions and is centred in its half of the sheet (scaled down when the
    half is smaller than the page, as Letter's half is for A5). Every page becomes a form XObject
    with a fixed name, so the same input gives a byte-identical file.
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
            forms, drawing = {}, []
            for slot, number in enumerate((left, right)):
                page = pikepdf.Page(source.pages[number - 1])
                forms[f"/P{slot}"] = booklet.copy_foreign(page.as_form_xobject())
                drawing.append(_placed(f"/P{slot}", page.mediabox, slot * width / 2, width / 2, height))
            sheet = pikepdf.Dictionary(Type=pikepdf.Name.Page, MediaBox=[0, 0, width, height],
                                       Resources=pikepdf.Dictionary(XObject=pikepdf.Dictionary(forms)),
                                       Contents=booklet.make_stream("\n".join(drawing).encode()))
            booklet.pages.append(pikepdf.Page(sheet))
        booklet.docinfo["/Title"] = title
        booklet.docinfo["/Producer"] = "pnp-generator"
        booklet.save(out, deterministic_id=True, compress_streams=True)
    return len(sides)


def _placed(name: str, box, x0: float, room_w: float, room_h: float) -> str:
    """The content operators that draw form ``name`` (a page of ``box``) centred in a room at x0."""
    llx, lly, urx, ury = (float(v) for v in box)
    w, h = urx - llx, ury - lly
    k = min(room_w / w, room_h / h, 1.0)
    x, y = x0 + (room_w - w * k) / 2 - llx * k, (room_h - h * k) / 2 - lly * k
    return f"q {k:.6f} 0 0 {k:.6f} {x:.4f} {y:.4f} cm {name} Do Q"
