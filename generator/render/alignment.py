"""A duplex alignment test sheet: scales on the front, pointer lines on the back.

Held to the light, each back pointer crosses a front scale at a labelled tick; that label is the
`back_offset` (x or y, in millimetres) to write in the profile. The labels already account for the
offset the sheet was printed with, so a calibrated profile reads its own back_offset on every scale.
"""
from __future__ import annotations

from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from generator.model.layouts import Profile
from generator.core.units import MM
from generator.render.faces import FacePainter
from generator.render.imposition import Slot, back_position
from generator.render.pdf import new_canvas

SPAN_MM = 5          # each scale reads from -5 to +5 mm
STEP_MM = 0.5        # one tick per half millimetre
SCALE_GAP_MM = 16    # from a station's centre to its vertical scale


def alignment_size(profile: Profile) -> tuple[float, float]:
    w, h = profile.paper_size
    return (max(w, h), min(w, h)) if profile.orientation == "landscape" else (min(w, h), max(w, h))


def stations(size: tuple[float, float]) -> list[tuple[float, float]]:
    """Measuring points (page coordinates): the centre and two opposite corners, to show skew too."""
    w, h = size
    inset = 30 * MM
    return [(w / 2, h / 2), (inset, h - 2 * inset), (w - inset - SCALE_GAP_MM * MM, inset)]


def back_point(x: float, y: float, size: tuple[float, float], profile: Profile) -> tuple[float, float]:
    """The back-page point that lands behind front point (x, y) after the flip, offset applied."""
    bx, by = back_position(Slot(None, x, y), 0, 0, size, profile)
    return bx, by


def mirror_x(size: tuple[float, float], profile: Profile) -> bool:
    portrait = size[1] >= size[0]
    return (profile.backs != "duplex-short-edge") == portrait


def offset_label(axis: str, tick_mm: float, size: tuple[float, float], profile: Profile) -> float:
    """The back_offset (mm) to use when the back's pointer falls on the front tick `tick_mm` from zero.

    `tick_mm` is measured on the front, rightwards for x and downwards for y. The printer's error e
    moves the pointer to e plus where the current offset o puts it; the offset that cancels e is
    o minus that displacement, expressed in the back page's own axes.
    """
    dx, dy = (v / MM for v in profile.back_offset)
    flip_x = mirror_x(size, profile)
    if axis == "x":
        return round(dx + tick_mm if flip_x else dx - tick_mm, 2)
    return round(dy - tick_mm if flip_x else dy + tick_mm, 2)


def write_alignment(path: Path, painter: FacePainter, profile: Profile, title: str) -> int:
    size = alignment_size(profile)
    c = new_canvas(path, size, title, profile.colour_model, painter.fonts["body"])
    draw_front(c, size, painter, profile)
    c.showPage()
    draw_back(c, size, painter, profile)
    c.showPage()
    c.save()
    return 2


def draw_front(c: Canvas, size: tuple[float, float], painter: FacePainter, profile: Profile) -> None:
    ink, body = painter.palette.get("mark"), painter.fonts["body"]
    c.setFillColor(ink)
    c.setStrokeColor(ink)
    c.setFont(painter.fonts["bold"], 12)
    c.drawString(20 * MM, size[1] - 18 * MM, "Back alignment test")
    c.setFont(body, 8)
    flip = {"duplex-long-edge": "long edge", "duplex-short-edge": "short edge"}.get(profile.backs, profile.backs)
    lines = [
        f"Print both pages double-sided, flipped on the {flip}, at 100% (no fit-to-page).",
        "Hold the sheet to a light. Where the line printed on the back crosses each scale,",
        "read the label: write it as back_offset: [X mm, Y mm] in your print profile.",
        f"This sheet was printed with back_offset [{profile.back_offset[0] / MM:g} mm, "
        f"{profile.back_offset[1] / MM:g} mm]; if every scale reads that, it is calibrated.",
    ]
    for i, line in enumerate(lines):
        c.drawString(20 * MM, size[1] - (25 + 4.2 * i) * MM, line)
    c.setLineWidth(0.3)
    for sx, sy in stations(size):
        draw_scale(c, "x", sx, sy, size, profile, body)
        draw_scale(c, "y", sx + SCALE_GAP_MM * MM, sy, size, profile, body)


def draw_scale(c: Canvas, axis: str, sx: float, sy: float, size, profile: Profile, font: str) -> None:
    """Ticks every half millimetre, longer at whole millimetres, with the offset as labels."""
    c.setFont(font, 6)
    steps = int(SPAN_MM / STEP_MM)
    if axis == "x":
        c.drawRightString(sx - (SPAN_MM + 1.5) * MM, sy + 1 * MM, "X")
    else:
        c.drawString(sx, sy + (SPAN_MM + 1.5) * MM, "Y")
    for i in range(-steps, steps + 1):
        t = i * STEP_MM
        whole = abs(t - round(t)) < 1e-9
        length = (5 if i == 0 else 3.5 if whole else 2) * MM
        if axis == "x":
            x = sx + t * MM
            c.line(x, sy, x, sy + length)
        else:
            y = sy - t * MM  # the front's y runs downwards in the labels
            c.line(sx, y, sx + length, y)
        if i % 4 == 0:  # a label every 2 mm; the ticks between are read by eye
            value = offset_label(axis, t, size, profile)
            label = f"{value:+g}" if value else "0"
            if axis == "x":
                c.saveState()  # upright labels would collide at 2 mm apart: turn them a quarter
                c.translate(sx + t * MM + 0.7 * MM, sy - 1 * MM)
                c.rotate(90)
                c.drawRightString(0, 0, label)
                c.restoreState()
            else:
                c.drawString(sx + 6 * MM, sy - t * MM - 0.8 * MM, label)


def draw_back(c: Canvas, size: tuple[float, float], painter: FacePainter, profile: Profile) -> None:
    ink = painter.palette.get("mark")
    c.setStrokeColor(ink)
    c.setFillColor(ink)
    c.setLineWidth(0.3)
    for sx, sy in stations(size):
        # x pointer: a vertical line over the x scale's zero, running past the ticks (not the labels)
        (ax, ay), (bx, by) = (back_point(sx, sy + 0.5 * MM, size, profile),
                              back_point(sx, sy + 10 * MM, size, profile))
        c.line(ax, ay, bx, by)
        gx = sx + SCALE_GAP_MM * MM  # y pointer: a horizontal line across the y scale's zero
        (ax, ay), (bx, by) = (back_point(gx - 5 * MM, sy, size, profile),
                              back_point(gx + 4.5 * MM, sy, size, profile))
        c.line(ax, ay, bx, by)
    c.setFont(painter.fonts["body"], 8)
    c.drawString(20 * MM, 15 * MM, "Back of the alignment test: the lines on this side are the pointers.")
