"""Cut lines on home-printing sheets: a thin line on the trim of every round and hexagonal piece, and
of every card whose template rounds its corners, drawn with the face so it is registered with the
art. The profile's `cut_lines:` names its colour, width and dash; `cut_lines: null` leaves them off."""
from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from generator.core.errors import did_you_mean
from generator.model.layouts import Layouts, Profile, Template
from generator.model.source import load_yaml


def check_cut_lines(profile: Profile, layouts: Layouts, palette) -> None:
    if profile.cut_lines and profile.cut_lines.colour not in palette:
        source = load_yaml(layouts.profile_path(profile.id))
        raise source.error(("cut_lines", "colour"), "a colour named in style.yaml",
                           did_you_mean(profile.cut_lines.colour, palette.colours))


def needs_cut_line(template: Template) -> bool:
    return template.shape in ("round", "hex") or template.corner_radius > 0


def draw_cut_line(c: Canvas, template: Template, x0: float, top: float, profile: Profile, palette) -> None:
    """The trim of one piece whose top-left trim corner is at page point (x0, top)."""
    spec = profile.cut_lines
    if spec is None or not needs_cut_line(template):
        return
    w, h = template.size
    _cut_style(c, spec, palette)
    cx, cy = x0 + w / 2, top - h / 2
    if template.shape == "round":
        c.circle(cx, cy, min(w, h) / 2, stroke=1, fill=0)
    elif template.shape == "hex":
        path = c.beginPath()
        for k, (px, py) in enumerate(hex_trim(cx, cy, w, h)):
            path.moveTo(px, py) if k == 0 else path.lineTo(px, py)
        path.close()
        c.drawPath(path, stroke=1, fill=0)
    else:
        c.roundRect(x0, top - h, w, h, template.corner_radius, stroke=1, fill=0)
    c.restoreState()


def draw_cut_segments(c: Canvas, segments: list[tuple[tuple[float, float], tuple[float, float]]],
                      profile: Profile, palette) -> None:
    """Straight cuts given as end points in page coordinates (the shared edges of a honeycomb)."""
    if profile.cut_lines is None:
        return
    _cut_style(c, profile.cut_lines, palette)
    path = c.beginPath()
    for (x1, y1), (x2, y2) in segments:
        path.moveTo(x1, y1)
        path.lineTo(x2, y2)
    c.drawPath(path, stroke=1, fill=0)
    c.restoreState()


def _cut_style(c: Canvas, spec, palette) -> None:
    """Save the graphics state and set the profile's cut-line stroke; the caller restores it."""
    c.saveState()
    c.setStrokeColor(palette.get(spec.colour))
    c.setLineWidth(spec.width)
    if spec.dash:
        c.setDash(spec.dash)


def hex_radius(w: float, h: float) -> tuple[float, bool]:
    """Centre-to-corner radius of the hexagon filling a w x h box, and whether it is flat-topped
    (when the box is wider than tall; pointy-topped otherwise)."""
    if w >= h:
        return min(w / 2, h / math.sqrt(3)), True
    return min(h / 2, w / math.sqrt(3)), False


def hex_trim(cx: float, cy: float, w: float, h: float) -> list[tuple[float, float]]:
    """A hexagon filling a w x h box: flat-topped when the box is wider than tall, else pointy-topped."""
    r, flat = hex_radius(w, h)
    a0 = 0.0 if flat else 30.0
    return [(cx + r * math.cos(math.radians(a0 + 60 * k)), cy + r * math.sin(math.radians(a0 + 60 * k)))
            for k in range(6)]
