"""Home-printing sheets: fronts on one page and their backs on the next (duplex), or both on one
sheet folded in half (gutterfold); crop marks in the margins."""
from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from generator.model.layouts import Profile
from generator.render.cut_lines import check_cut_lines, draw_cut_line, draw_cut_segments
from generator.render.faces import FacePainter
from generator.render.honeycomb import hex_cell, is_honeycomb, shared_edges
from generator.core.units import MM, parse_length
from generator.render.imposition import (FOLD_CLEARANCE_MM, Block, FoldedPage, Item, Page, back_position, folded_back_position,
                         impose, impose_gutterfold, page_size)
from generator.render.pdf import new_canvas

SIDES = ("top", "bottom", "left", "right")


def write_sheets(path: Path, groups: list[list[Item]], painter: FacePainter, profile: Profile, title: str) -> int:
    """Impose the groups of items and write the PDF; returns the page count."""
    if profile.backs == "gutterfold":
        return write_gutterfold(path, groups, painter, profile, title)
    check_cut_lines(profile, painter.layouts, painter.palette)
    largest = max((g[0].front for g in groups if g), key=lambda t: t.size[0] * t.size[1])
    size = page_size(profile, [largest.size], is_honeycomb(largest))
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
        draw_front_faces(c, block, painter, profile)
        if profile.marks and not block.cluster:
            draw_crop_marks(c, block, page.size, profile, painter)


def draw_front_faces(c: Canvas, block: Block, painter: FacePainter, profile: Profile) -> None:
    """The fronts of a block with their cut lines; a honeycomb's shared edges are cut once."""
    boxes = [(slot.x, slot.top) for slot in block.slots]
    for slot, box in zip(block.slots, boxes):
        with cell(c, block, box, boxes):
            painter.draw(c, slot.item.front, slot.item.front_values, slot.x, slot.top, block.bleed)
        if not block.cluster:
            draw_cut_line(c, slot.item.front, slot.x, slot.top, profile, painter.palette)
    if block.cluster:
        draw_cut_segments(c, shared_edges((block.width, block.height), boxes), profile, painter.palette)


def draw_backs(c: Canvas, page: Page, painter: FacePainter, profile: Profile) -> None:
    for block in page.blocks:
        backed = [slot for slot in block.slots if slot.item.back is not None]
        boxes = [back_position(slot, block.width, block.height, page.size, profile) for slot in backed]
        for slot, (x, top) in zip(backed, boxes):
            with cell(c, block, (x, top), boxes):
                painter.draw(c, slot.item.back, slot.item.back_values, x, top, block.bleed)


def cell(c: Canvas, block: Block, box: tuple[float, float], boxes: list[tuple[float, float]]):
    """Clip a piece of a honeycomb to its hexagon (see honeycomb.hex_cell); a grid's pieces are not clipped."""
    if not block.cluster:
        return nullcontext()
    return hex_cell(c, (block.width, block.height), block.bleed, box, boxes)


def draw_crop_marks(c: Canvas, block: Block, size: tuple[float, float], profile: Profile,
                    painter: FacePainter, sides: tuple[str, ...] = SIDES) -> None:
    """Short lines on every cut, outside the grid's bleed, so no mark ever falls on a piece."""
    marks = profile.marks
    left, bottom, right, top = block.outer
    pitch_w, pitch_h = block.pitch
    c.setStrokeColor(painter.palette.get("mark"))
    c.setLineWidth(marks.weight)
    for col in range(block.cols):
        for x in (left + col * pitch_w + block.bleed, left + col * pitch_w + block.bleed + block.width):
            if "top" in sides:
                c.line(x, top + marks.gap, x, min(size[1], top + marks.gap + marks.length))
            if "bottom" in sides:
                c.line(x, bottom - marks.gap, x, max(0, bottom - marks.gap - marks.length))
    for row in range(block.rows):
        for y in (top - row * pitch_h - block.bleed, top - row * pitch_h - block.bleed - block.height):
            if "left" in sides:
                c.line(left - marks.gap, y, max(0, left - marks.gap - marks.length), y)
            if "right" in sides:
                c.line(right + marks.gap, y, min(size[0], right + marks.gap + marks.length), y)


def fold_clearance(profile: Profile) -> float:
    """The profile's `fold_clearance` option (points), never under the 5 mm minimum.

    :raises ValueError: for a value that is not a length or is under the minimum.
    """
    clearance = parse_length(profile.options.get("fold_clearance", FOLD_CLEARANCE_MM))
    if clearance < FOLD_CLEARANCE_MM * MM - 1e-6:
        raise ValueError(f"fold_clearance of at least {FOLD_CLEARANCE_MM:g} mm")
    return clearance


def write_gutterfold(path: Path, groups: list[list[Item]], painter: FacePainter, profile: Profile,
                     title: str) -> int:
    """Fronts above the fold, backs below it turned upside down: fold, glue or hold, cut both layers."""
    pages = impose_gutterfold(groups, profile, fold_clearance(profile))
    c = new_canvas(path, pages[0].size if pages else profile.paper_size, title, profile.colour_model,
                   painter.fonts["body"])
    for page in pages:
        c.setPageSize(page.size)
        draw_folded(c, page, painter, profile)
        c.showPage()
    c.save()
    return len(pages)


def draw_folded(c: Canvas, page: FoldedPage, painter: FacePainter, profile: Profile) -> None:
    fold = page.fold
    for block in page.blocks:
        draw_front_faces(c, block, painter, profile)
        backed = [slot for slot in block.slots if slot.item.back is not None]
        boxes = [folded_back_position(slot, block.height, fold) for slot in backed]
        for slot, (x, top) in zip(backed, boxes):
            with cell(c, block, (x, top), boxes):  # a hexagon turned about its centre keeps its place
                c.saveState()  # turn the back about its own centre
                c.translate(2 * x + block.width, 2 * top - block.height)
                c.rotate(180)
                painter.draw(c, slot.item.back, slot.item.back_values, x, top, block.bleed)
                c.restoreState()
    if profile.marks:
        reach = profile.marks.gap + profile.marks.length
        for block in (b for b in page.blocks if not b.cluster):
            has_backs = any(s.item.back for s in block.slots)
            # marks on the fold side would reach into the clearance: the far side's marks mark those cuts
            sides = SIDES if block.outer[1] - reach >= fold + page.clearance else ("top", "left", "right")
            draw_crop_marks(c, block, page.size, profile, painter, sides)
            if has_backs:  # the same marks mirrored across the fold, around the backs
                c.saveState()
                c.transform(1, 0, 0, -1, 0, 2 * fold)
                draw_crop_marks(c, block, page.size, profile, painter, sides)
                c.restoreState()
    draw_fold_line(c, page, painter)


def draw_fold_line(c: Canvas, page: FoldedPage, painter: FacePainter) -> None:
    c.saveState()
    c.setStrokeColor(painter.palette.get("mark"))
    c.setLineWidth(0.4)
    c.setDash([4, 3])
    c.line(0, page.fold, page.size[0], page.fold)
    c.restoreState()
