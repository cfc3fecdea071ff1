"""Cut lines on home-printing sheets: a thin line on the trim of every round and hexagonal piece, and
of every card whose template rounds its corners, drawn with the face so it is registered with the
art. The profile's `cut_lines:` names its colour, width and dash; `cut_lines: null` leaves them off."""
from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from ..model.layouts import Layouts, Profile, Template
from ..model.source import load_yaml


def check_cut_lines(profile: Profile, layouts: Layouts, palette) -> None:
    if profile.cut_lines and profile.cut_lines.colour not in palette:
        source = load_yaml(layouts.profile_path(profile.id))
        raise source.error(("cut_lines", "colour"), "a colour named in style.yaml", repr(profile.cut_lines.colour))


def needs_cut_line(template: Template) -> bool:
    return template.shape in ("round", "hex") or template.corner_radius > 0


def draw_cut_line(c: Canvas, template: Template, x0: float, top: float, profile: Profile, palette) -> None:
    """The trim of one piece whose top-left trim corner is at page point (x0, top)."""
    spec = profile.cut_lines
    if spec is None or not needs_cut_line(template):
        return
    w, h = template.size
    c.saveState()
    c.setStrokeColor(palette.get(spec.colour))
    c.setLineWidth(spec.width)
    if spec.dash:
        c.setDash(spec.dash)
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


def hex_trim(cx: float, cy: float, w: float, h: float) -> list[tuple[float, float]]:
    """A hexagon filling a w x h box: flat-topped when the box is wider than tall, else pointy-topped."""
    if w >= h:
        r, a0 = min(w / 2, h / math.sqrt(3)), 0.0
    else:
        r, a0 = min(h / 2, w / math.sqrt(3)), 30.0
    return [(cx + r * math.cos(math.radians(a0 + 60 * k)), cy + r * math.sin(math.radians(a0 + 60 * k)))
            for k in range(6)]
