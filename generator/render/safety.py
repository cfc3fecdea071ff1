"""Print-safety checks on every face of an edition, before anything is printed: text outside the
template's safe zone, type under 6 pt, text that overflows its box, images under 300 DPI.

Each finding names the component, the piece, the side, the template and the element. A build prints
them as warnings; with --strict they stop it (exit 1) before a file is written.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Callable

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth

from generator.core.session import once
from generator.core.errors import ValidationFailed
from generator.model.game import Edition
from generator.model.layouts import Layouts, Template
from generator.core.units import MM
from generator.draw.bindings import format_text, resolve
from generator.elements import outline, placed
from generator.elements.args.conditions import holds
from generator.render.faces import FacePainter, copies
from generator.draw.ink import beyond_safe_zone
from generator.draw.richtext import RichStyle, fit_paragraph, is_rich

MIN_FONT_PT = 6.0
MIN_IMAGE_DPI = 300
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

    kind: str = ""  # safe-zone, overflow, size or resolution: which advice applies

    def __str__(self) -> str:
        """One short line: where (template, element), what, and on which pieces."""
        others = f" and {self.more} more" if self.more else ""
        return (f"{self.template} {self.side}, element '{self.element}': {self.problem}; "
                f"{self.component} '{self.piece}'{others}")


# What to do about each kind of finding, said once after the findings of that kind.
ADVICE = {
    "safe-zone": "keep ink inside the safe zone, or mark the element `bleed: true` when it is meant to run off "
                 "the edge",
    "overflow": "shorten the text, enlarge its box, or let it shrink (`fit: shrink` or `fit: wrap-shrink`)",
    "size": f"text under {MIN_FONT_PT:g} pt is hard to read: enlarge the box or shorten the text",
    "resolution": f"use art of at least {MIN_IMAGE_DPI} DPI at its printed size, or vector art (SVG)",
}


def advice(findings: list[Finding]) -> list[str]:
    """The advice for the kinds of ``findings``, once each, in the order of ``ADVICE``."""
    kinds = {f.kind for f in findings}
    return [f"{kind}: {ADVICE[kind]}" for kind in ADVICE if kind in kinds]


def summary(title: str, findings: list[Finding]) -> str:
    """A heading line, one line per finding grouped by template, then the advice once."""
    ordered = sorted(findings, key=lambda f: (f.template, f.side, f.element))
    lines = [f"{title}: {len(findings)} print-safety finding{'s' if len(findings) != 1 else ''}"]
    lines += [f"  {f}" for f in ordered]
    lines += [f"  advice, {line}" for line in advice(findings)]
    return "\n".join(lines)


def check_edition_safety(edition: Edition, layouts: Layouts) -> list[Finding]:
    """Every print-safety finding of the edition's faces (once per edition and looks in a loading session)."""
    return list(once(("print safety", edition.game.folder, edition.id, id(layouts)),
                     lambda: _edition_findings(edition, layouts)))


def _edition_findings(edition: Edition, layouts: Layouts) -> list[Finding]:
    painter = FacePainter(edition.game, layouts, edition=edition)
    found: dict[tuple, Finding] = {}
    for component in edition.components:
        for piece, face, back in painter.sides(component):
            values = painter.values(component, piece)
            for side, template in (("face", face), ("back", back)):
                if template is None:
                    continue
                for name, kind, problem in check_face(template, values, painter):
                    key = (component.id, side, template.id, name, kind)  # one finding per kind, however many
                    if key in found:
                        old = found[key]
                        found[key] = Finding(old.component, old.piece, old.side, old.template, old.element,
                                             old.problem, old.more + 1, kind)
                    else:
                        found[key] = Finding(component.id, piece.label, side, template.id,
                                             name, problem, 0, kind)
    return list(found.values())


def check_face(template: Template, values: dict, painter: FacePainter) -> list[tuple[str, str, str]]:
    """(element, kind, problem) for each print-safety problem of one face with one piece's values."""
    out = []
    for name, element in painter.bound(template, values).items():
        if not holds(element.when, values):
            continue
        offsets = copies(element, values)
        if element.kind == "text":
            out += [(name, *p) for p in check_text(template, element, values, painter, offsets)]
            continue
        if element.kind == "image":
            problem = check_image(element, values, painter)
            if problem:
                out.append((name, "resolution", problem))
        if element.bleed:
            continue
        points = placed(outline(element, template.size, lambda name: painter.shapes[resolve(name, values)].shapes,
                                values), element, template.size, offsets)
        outside = beyond_safe_zone(points, template.size, template.shape, template.safe_margin)
        if outside > TOLERANCE:
            out.append((name, "safe-zone", f"{element.kind} reaches {outside / MM:.1f} mm past the safe zone "
                                           f"({template.safe_margin / MM:g} mm inside the trim)"))
    return out


def text_layout(element, content: str, font: str) -> tuple[float, list[str]]:
    """The size the text painter ends up using and the rows it prints (mirrors elements/text.py)."""
    size = element.size
    if element.fit == "shrink":
        while size > element.min_size and stringWidth(content, font, size) > element.w:
            size -= 0.25
    rows = simpleSplit(content, font, size, element.w) if element.fit == "wrap" else [content]
    return size, rows


def check_text(template: Template, el, values: dict, painter: FacePainter,
               offsets: list[tuple[float, float]]) -> list[tuple[str, str]]:
    content = format_text(el.text, values, el.labels)
    if is_rich(content, el.fit):
        return check_rich_text(template, el, content, painter, offsets)
    font = painter.fonts[el.font]
    size, rows = text_layout(el, content, font)
    problems = _size_problem(el, content, size)
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
    corners = _text_corners(el, rows, widths, size, ascent, descent)
    return problems + _safe_zone_problem(template, el, content, corners, offsets)


def check_rich_text(template: Template, el, content: str, painter: FacePainter,
                    offsets: list[tuple[float, float]]) -> list[tuple[str, str]]:
    style = RichStyle(painter.fonts[el.font], painter.fonts[el.bold_font], painter.fonts[el.italic_font], el.size,
                      el.leading, None, el.align, painter.palette.get)
    _, size, widest, used_h = fit_paragraph(content, style, el.w, el.h, el.fit, el.min_size)
    problems = _size_problem(el, content, size)
    if widest > el.w + TOLERANCE or used_h > el.h + TOLERANCE:
        problems.append(("overflow", f"text {content!r} needs {widest / MM:.1f} x {used_h / MM:.1f} mm at "
                                     f"{size:g} pt, its box {el.w / MM:.1f} x {el.h / MM:.1f} mm"))
    top = {"top": el.y, "bottom": el.y + el.h - used_h}.get(el.valign, el.y + (el.h - used_h) / 2)
    left = el.x + {"left": 0, "centre": (el.w - widest) / 2, "right": el.w - widest}[el.align]
    corners = [(left, top), (left + widest, top), (left, top + used_h), (left + widest, top + used_h)]
    return problems + _safe_zone_problem(template, el, content, corners, offsets)


def _size_problem(el, content: str, size: float) -> list[tuple[str, str]]:
    if size < MIN_FONT_PT - 1e-9:
        how = f"shrinks to {size:g} pt to fit" if size < el.size else f"is set in {size:g} pt"
        return [("size", f"text {content!r} {how}, under the {MIN_FONT_PT:g} pt minimum")]
    return []


def _safe_zone_problem(template: Template, el, content: str, corners, offsets) -> list[tuple[str, str]]:
    outside = beyond_safe_zone(placed(corners, el, template.size, offsets), template.size, template.shape,
                               template.safe_margin)
    if outside > TOLERANCE:
        return [("safe-zone", f"text {content!r} reaches {outside / MM:.1f} mm past the safe zone "
                              f"({template.safe_margin / MM:g} mm inside the trim)")]
    return []


def _text_corners(el, rows, widths, size, ascent, descent) -> list[tuple[float, float]]:
    """Corners of each printed row's ink, at the baselines the text element's painter sets."""
    step = size * el.leading
    block = size + step * (len(rows) - 1)
    first = {"top": el.y + size * 0.8, "bottom": el.y + el.h - block + size * 0.8}.get(
        el.valign, el.y + (el.h - block) / 2 + size * 0.78)
    corners = []
    for i, width in enumerate(widths):
        dx = {"left": 0, "centre": (el.w - width) / 2, "right": el.w - width}[el.align]
        base = first + i * step
        for x in (el.x + dx, el.x + dx + width):
            corners += [(x, base - ascent), (x, base - descent)]
    return corners


def check_image(el, values: dict, painter: FacePainter) -> str | None:
    relative = resolve(el.file, values)
    art = painter.art(relative)
    if not hasattr(art, "getSize"):
        return None  # vector art prints sharp at any size
    px_w, px_h = art.getSize()
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
    if not findings:
        return findings
    if strict:
        raise ValidationFailed(summary(f"{edition.game.id} {edition.id} (--strict)", findings))
    message = summary(f"{edition.game.id} {edition.id}", findings)
    if warn:
        warn(message)
    else:
        warnings.warn(message, PrintSafetyWarning, stacklevel=2)
    return findings
