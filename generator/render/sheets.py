"""Home-printing sheets: fronts on one page, their backs on the next, crop marks in the margins."""
from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..model.layouts import Profile
from .faces import FacePainter
from .imposition import Block, Item, Page, back_position, impose, page_size
from .pdf import new_canvas


def write_sheets(path: Path, groups: list[list[Item]], painter: FacePainter, profile: Profile, title: str) -> int:
    """Impose the groups of items and write the PDF; returns the page count."""
    sizes = [g[0].front.size for g in groups if g]
    size = page_size(profile, sizes)
    pages = impose(groups, profile, size)
    c = new_canvas(path, size, title, profile.colour_model, painter.fonts["body"])
    count = 0
    for page in pages:
        draw_fronts(c, page, painter, profile)
        c.showPage()
        count += 1
        if profile.backs != "none" and any(s.item.back for b in page.blocks for s in b.slots):
            draw_backs(c, page, painter, profile)
            c.showPage()
            count += 1
    c.save()
    return count


def draw_fronts(c: Canvas, page: Page, painter: FacePainter, profile: Profile) -> None:
    for block in page.blocks:
        for slot in block.slots:
            painter.draw(c, slot.item.front, slot.item.front_values, slot.x, slot.top, block.bleed)
        if profile.marks:
            draw_crop_marks(c, block, page.size, profile, painter)


def draw_backs(c: Canvas, page: Page, painter: FacePainter, profile: Profile) -> None:
    for block in page.blocks:
        for slot in block.slots:
            if slot.item.back is None:
                continue
            x, top = back_position(slot, block.width, block.height, page.size, profile)
            painter.draw(c, slot.item.back, slot.item.back_values, x, top, block.bleed)


def draw_crop_marks(c: Canvas, block: Block, size: tuple[float, float], profile: Profile,
                    painter: FacePainter) -> None:
    """Short lines on every cut, outside the grid's bleed, so no mark ever falls on a piece."""
    marks = profile.marks
    left, bottom, right, top = block.outer
    pitch_w, pitch_h = block.pitch
    c.setStrokeColor(painter.palette.get("mark"))
    c.setLineWidth(marks.weight)
    for col in range(block.cols):
        for x in (left + col * pitch_w + block.bleed, left + col * pitch_w + block.bleed + block.width):
            c.line(x, top + marks.gap, x, min(size[1], top + marks.gap + marks.length))
            c.line(x, bottom - marks.gap, x, max(0, bottom - marks.gap - marks.length))
    for row in range(block.rows):
        for y in (top - row * pitch_h - block.bleed, top - row * pitch_h - block.bleed - block.height):
            c.line(left - marks.gap, y, max(0, left - marks.gap - marks.length), y)
            c.line(right + marks.gap, y, min(size[0], right + marks.gap + marks.length), y)
