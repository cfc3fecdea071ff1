"""Print-safety checks on every face of an edition, before anything is printed: text outside the
template's safe zone, type under 6 pt, text that overflows its box, images under 300 DPI.

Each finding names the component, the piece, the side, the template and the element. A build prints
them as warnings; with --strict they stop it (exit 1) before a file is written.
"""
from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import Callable

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

from ..errors import ValidationFailed
from ..model.game import Edition
from ..model.layouts import Layouts, Template
from ..units import MM
from .bindings import format_text, resolve
from .export_common import piece_title
from .faces import FacePainter

MIN_FONT_PT = 6.0
MIN_IMAGE_DPI = 300
SHRINK_FLOOR_PT = 4.0     # where the text painter stops shrinking (see painters.text)
TOLERANCE = 0.05          # points: rounding, not a problem


class PrintSafetyWarning(UserWarning):
    """A face that may print badly (reported through `warnings` when no callback is given)."""


@dataclass(frozen=True)
class Finding:
    component: str
    piece: str
    side: str
    template: str
    element: str
    problem: str
    more: int = 0   # other pieces with the same finding

    def __str__(self) -> str:
        others = f" (and {self.more} more)" if self.more else ""
        return (f"{self.component} '{self.piece}'{others}, {self.side} (template {self.template}), "
                f"element '{self.element}': {self.problem}")


def check_edition_safety(edition: Edition, layouts: Layouts) -> list[Finding]:
    painter = FacePainter(edition.game, layouts)
    found: dict[tuple, Finding] = {}
    for component in edition.components:
        for side in ("face", "back"):
            template = painter.template_for(component, side)
            if template is None:
                continue
            for piece in component.pieces:
                values = painter.values(component, piece)
                for name, kind, problem in check_face(template, values, painter):
                    key = (component.id, side, name, kind)  # one finding per kind, however many cards
                    if key in found:
                        old = found[key]
                        found[key] = Finding(old.component, old.piece, old.side, old.template, old.element,
                                             old.problem, old.more + 1)
                    else:
                        found[key] = Finding(component.id, piece_title(piece), side, template.id, name, problem)
    return list(found.values())


def check_face(template: Template, values: dict, painter: FacePainter) -> list[tuple[str, str, str]]:
    """(element, kind, problem) for each print-safety problem of one face with one piece's values."""
    out = []
    for name, element in template.elements.items():
        if element.when and any(str(values.get(k)) != v for k, v in element.when.items()):
            continue
        if element.kind == "text":
            out += [(name, *p) for p in check_text(template, element, values, painter.fonts[element.font])]
        elif element.kind == "image":
            problem = check_image(element, values, painter)
            if problem:
                out.append((name, "resolution", problem))
    return out


def text_layout(element, content: str, font: str) -> tuple[float, list[str]]:
    """The size the text painter ends up using and the rows it prints (mirrors painters.text)."""
    size = element.size
    if element.fit == "shrink":
        while size > SHRINK_FLOOR_PT and stringWidth(content, font, size) > element.w:
            size -= 0.25
    rows = simpleSplit(content, font, size, element.w) if element.fit == "wrap" else [content]
    return size, rows


def check_text(template: Template, el, values: dict, font: str) -> list[tuple[str, str]]:
    content = format_text(el.text, values, el.labels)
    size, rows = text_layout(el, content, font)
    problems = []
    if size < MIN_FONT_PT - 1e-9:
        how = f"shrinks to {size:g} pt to fit" if size < el.size else f"is set in {size:g} pt"
        problems.append(("size", f"text {content!r} {how}, under the {MIN_FONT_PT:g} pt minimum"))
    ascent, descent = getAscentDescent(font, size)
    step = size * el.leading
    widths = [stringWidth(row, font, size) for row in rows]
    widest = max(widths, default=0)
    tall = ascent - descent + step * (len(rows) - 1)
    if widest > el.w + TOLERANCE:
        problems.append(("overflow", f"text {content!r} is {widest / MM:.1f} mm wide at {size:g} pt, "
                                     f"its box {el.w / MM:.1f} mm"))
    elif tall > el.h + TOLERANCE:
        problems.append(("overflow", f"text {content!r} is {tall / MM:.1f} mm tall at {size:g} pt "
                                     f"({len(rows)} rows), its box {el.h / MM:.1f} mm"))
    outside = _outside_safe_zone(template, el, rows, widths, size, ascent, descent)
    if outside:
        problems.append(("safe-zone", f"text {content!r} reaches {outside / MM:.1f} mm past the safe zone "
                                      f"({template.safe_margin / MM:g} mm inside the trim)"))
    return problems


def _outside_safe_zone(template: Template, el, rows, widths, size, ascent, descent) -> float:
    """How far (points) the inked text goes beyond the safe zone; 0 when inside."""
    step = size * el.leading
    block = size + step * (len(rows) - 1)
    first = {"top": el.y + size * 0.8, "bottom": el.y + el.h - block + size * 0.8}.get(
        el.valign, el.y + (el.h - block) / 2 + size * 0.78)   # baselines as painters.text sets them
    corners = []
    for i, width in enumerate(widths):
        dx = {"left": 0, "centre": (el.w - width) / 2, "right": el.w - width}[el.align]
        base = first + i * step
        for x in (el.x + dx, el.x + dx + width):
            corners += [(x, base - ascent), (x, base - descent)]
    if el.rotate:  # turned about the box's centre, clockwise on the page
        cx, cy, a = el.x + el.w / 2, el.y + el.h / 2, math.radians(el.rotate)
        corners = [(cx + (x - cx) * math.cos(a) - (y - cy) * math.sin(a),
                    cy + (x - cx) * math.sin(a) + (y - cy) * math.cos(a)) for x, y in corners]
    w, h, m = template.size[0], template.size[1], template.safe_margin
    if not corners:  # empty text prints no ink
        return 0.0
    if template.shape in ("round", "hex"):  # the safe zone is the inscribed circle, less the margin
        radius = min(w, h) / 2 - m
        return max(0.0, max(math.hypot(x - w / 2, y - h / 2) - radius for x, y in corners))
    return max(0.0, max(max(m - x, x - (w - m), m - y, y - (h - m)) for x, y in corners))


def check_image(el, values: dict, painter: FacePainter) -> str | None:
    relative = resolve(el.file, values)
    px_w, px_h = painter._image(relative).getSize()
    scale = min(el.w / px_w, el.h / px_h)   # points per pixel, aspect ratio kept as the painter does
    dpi = 72 / scale
    if dpi < MIN_IMAGE_DPI - 0.5:
        return (f"image {relative!r} ({px_w} x {px_h} px) prints at {dpi:.0f} DPI in a "
                f"{el.w / MM:.1f} x {el.h / MM:.1f} mm box, under {MIN_IMAGE_DPI} DPI")
    return None


def enforce_print_safety(edition: Edition, layouts: Layouts, strict: bool = False,
                         warn: Callable[[str], None] | None = None) -> list[Finding]:
    """Run the checks: with strict, any finding stops the build; otherwise each is reported as a warning."""
    findings = check_edition_safety(edition, layouts)
    if findings and strict:
        lines = "\n".join(f"  {f}" for f in findings)
        raise ValidationFailed(f"{edition.game.id} {edition.id}: {len(findings)} print-safety "
                               f"problem(s) (--strict):\n{lines}")
    for finding in findings:
        message = f"{edition.game.id} {edition.id}: print safety: {finding}"
        if warn:
            warn(message)
        else:
            warnings.warn(message, PrintSafetyWarning, stacklevel=2)
    return findings
