"""Print-safety checks on every face of an edition, before anything is printed: text outside the
template's safe zone, type under the profile's `min_text_size` (6 pt unless it says otherwise), text
that overflows its box, images under 300 DPI; and the report of every piece whose text was shrunk to fit.

Each finding names the component, the piece, the side, the template and the element. A build prints
them as warnings; with --strict they stop it (exit 1) before a file is written.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Callable

from reportlab.pdfbase.pdfmetrics import getAscentDescent

from generator.core.session import once
from generator.core.errors import ValidationFailed
from generator.model.game import Edition
from generator.model.layouts import MIN_TEXT_PT, Layouts, Profile, Template
from generator.core.numbers import key_of
from generator.core.units import MM
from generator.draw.bindings import format_text, resolve
from generator.elements import outline, placed
from generator.elements.args.conditions import holds
from generator.render.faces import FacePainter, copies
from generator.draw.ink import beyond_safe_zone
from generator.draw.richtext import fit_paragraph
from generator.draw.textpath import arc_letters, letter_corners, tracked_width
from generator.elements.text import plain_layout, text_style, typeset_as_paragraph

MIN_FONT_PT = MIN_TEXT_PT
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


@dataclass(frozen=True)
class ShrunkText:
    """A piece whose text was made smaller than its template sets it, to fit its box."""

    component: str
    piece: str
    side: str
    template: str
    element: str
    size: float      # points, as the template sets it
    final: float     # points, as it prints
    minimum: float   # the profile's min_text_size it was checked against

    def as_dict(self) -> dict:
        return {"component": self.component, "piece": self.piece, "side": self.side, "template": self.template,
                "element": self.element, "size": self.size, "final_size": self.final,
                "under_minimum": self.final < self.minimum - 1e-9}

    def __str__(self) -> str:
        under = f", under the {self.minimum:g} pt minimum" if self.final < self.minimum - 1e-9 else ""
        return (f"{self.component} '{self.piece}' {self.side} ({self.template}, element '{self.element}'): "
                f"{self.size:g} pt shrunk to {self.final:g} pt{under}")


# What to do about each kind of finding, said once after the findings of that kind.
ADVICE = {
    "safe-zone": "keep ink inside the safe zone, or mark the element `bleed: true` when it is meant to run off "
                 "the edge",
    "overflow": "shorten the text, enlarge its box, or let it shrink (`fit: shrink` or `fit: wrap-shrink`)",
    "size": "text under {minimum:g} pt is hard to read: enlarge the box or shorten the text",
    "resolution": f"use art of at least {MIN_IMAGE_DPI} DPI at its printed size, or vector art (SVG)",
}


def advice(findings: list[Finding], minimum: float = MIN_FONT_PT) -> list[str]:
    """The advice for the kinds of ``findings``, once each, in the order of ``ADVICE``."""
    kinds = {f.kind for f in findings}
    return [f"{kind}: {ADVICE[kind].format(minimum=minimum)}" for kind in ADVICE if kind in kinds]


def min_text_size(profiles: list[Profile]) -> float:
    """The strictest `min_text_size` of the profiles an edition is built or checked with."""
    return max((p.min_text_size for p in profiles), default=MIN_FONT_PT)


def summary(title: str, findings: list[Finding], minimum: float = MIN_FONT_PT) -> str:
    """A heading line, one line per finding grouped by template, then the advice once."""
    ordered = sorted(findings, key=lambda f: (f.template, f.side, f.element))
    lines = [f"{title}: {len(findings)} print-safety finding{'s' if len(findings) != 1 else ''}"]
    lines += [f"  {f}" for f in ordered]
    lines += [f"  advice, {line}" for line in advice(findings, minimum)]
    return "\n".join(lines)


def check_edition_safety(edition: Edition, layouts: Layouts, minimum: float = MIN_FONT_PT) -> list[Finding]:
    """Every print-safety finding of the edition's faces, text under ``minimum`` points among them
    (once per edition, looks and minimum in a loading session)."""
    return list(_edition_checks(edition, layouts, minimum)[0])


def shrunk_text(edition: Edition, layouts: Layouts, minimum: float = MIN_FONT_PT) -> list[ShrunkText]:
    """Every piece whose text was shrunk to fit, with the size it prints at, in drawing order."""
    return list(_edition_checks(edition, layouts, minimum)[1])


def _edition_checks(edition: Edition, layouts: Layouts, minimum: float) -> tuple[list[Finding], list[ShrunkText]]:
    return once(("print safety", edition.game.folder, edition.id, id(layouts), minimum),
                lambda: _edition_findings(edition, layouts, minimum))


def _edition_findings(edition: Edition, layouts: Layouts, minimum: float) -> tuple[list[Finding], list[ShrunkText]]:
    painter = FacePainter(edition.game, layouts, edition=edition, min_text_size=minimum)
    found: dict[tuple, Finding] = {}
    shrunk: list[ShrunkText] = []
    for component in edition.components:
        for piece, face, back in painter.sides(component):
            values = painter.values(component, piece)
            for side, template in (("face", face), ("back", back)):
                if template is None:
                    continue
                sizes: list[tuple[str, float, float]] = []
                for name, kind, problem in check_face(template, values, painter, sizes):
                    key = (component.id, side, template.id, name, kind)  # one finding per kind, however many
                    if key in found:
                        old = found[key]
                        found[key] = Finding(old.component, old.piece, old.side, old.template, old.element,
                                             old.problem, old.more + 1, kind)
                    else:
                        found[key] = Finding(component.id, piece.label, side, template.id,
                                             name, problem, 0, kind)
                shrunk += [ShrunkText(component.id, piece.label, side, template.id, name, size, final, minimum)
                           for name, size, final in sizes if final < size - 1e-9]
    return list(found.values()), shrunk


def check_face(template: Template, values: dict, painter: FacePainter,
               sizes: list | None = None) -> list[tuple[str, str, str]]:
    """(element, kind, problem) for each print-safety problem of one face with one piece's values;
    (element, size set, size printed) of each text element appended to ``sizes`` when given."""
    out = []
    for name, element in painter.bound(template, values).items():
        if not holds(element.when, values):
            continue
        offsets = copies(element, values)
        if element.kind == "text":
            problems, final = check_text(template, element, values, painter, offsets)
            out += [(name, *p) for p in problems]
            if sizes is not None:
                sizes.append((name, element.size, final))
            continue
        if key_of(element, "elements") is not None:  # a group: its text's size and fit, as printed
            out += check_group_text(template, name, element, values, painter, sizes)
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


def check_group_text(template: Template, name: str, group, values: dict, painter: FacePainter,
                     sizes: list | None, scale: float = 1.0) -> list[tuple[str, str, str]]:
    """(element, kind, problem) for the size and fit of each text a group (or a group in it) draws,
    named `group.child`, at the size it prints in the group's scale; appended to ``sizes`` as
    text_element's are. Where the text lies is the group's outline's business (check_face)."""
    out = []
    scale *= group.scale
    for child_name, child in group.children.items():
        if not holds(child.when, values):
            continue
        label = f"{name}.{child_name}"
        if key_of(child, "elements") is not None:
            out += check_group_text(template, label, child, values, painter, sizes, scale)
        elif child.kind == "text":
            problems, final = check_text(template, child, values, painter, [(0.0, 0.0)])
            content = format_text(child.text, values, child.labels)
            out += [(label, *p) for p in problems if p[0] == "overflow"]
            out += [(label, *p) for p in _size_problem_at(content, final * scale, child.size * scale,
                                                          painter.min_text_size)]
            if sizes is not None:
                sizes.append((label, child.size * scale, final * scale))
    return out


def check_text(template: Template, el, values: dict, painter: FacePainter,
               offsets: list[tuple[float, float]]) -> tuple[list[tuple[str, str]], float]:
    """The text's (kind, problem) list and the size it prints at."""
    content = format_text(el.text, values, el.labels)
    if typeset_as_paragraph(el, content):
        return check_rich_text(template, el, content, painter, offsets)
    font = painter.fonts[el.font]
    if el.path == "arc":
        return check_arc_text(template, el, content, font, painter, offsets)
    size, rows = plain_layout(el, content, font)
    problems = _size_problem(el, content, size, painter.min_text_size)
    ascent, descent = getAscentDescent(font, size)
    step = size * el.leading
    widths = [tracked_width(row, font, size, el.tracking) for row in rows]
    widest = max(widths, default=0)
    tall = ascent - descent + step * (len(rows) - 1)
    if widest > el.w + TOLERANCE:
        problems.append(("overflow", f"text {content!r} is {widest / MM:.1f} mm wide at {size:g} pt, "
                                     f"its box {el.w / MM:.1f} mm"))
    elif tall > el.h + TOLERANCE:
        problems.append(("overflow", f"text {content!r} is {tall / MM:.1f} mm tall at {size:g} pt "
                                     f"({len(rows)} rows), its box {el.h / MM:.1f} mm"))
    corners = _text_corners(el, rows, widths, size, ascent, descent)
    return problems + _safe_zone_problem(template, el, content, corners, offsets), size


def check_arc_text(template: Template, el, content: str, font: str, painter: FacePainter,
                   offsets: list[tuple[float, float]]) -> tuple[list[tuple[str, str]], float]:
    """Arc text: its size, and the corners of every letter against the safe zone."""
    ascent, descent = getAscentDescent(font, el.size)
    cx, cy = el.x + el.w / 2, el.y + el.h / 2
    corners = [(cx + x, cy - y) for letter in arc_letters(content, font, el.size, el.tracking, el.radius, el.start,
                                                          el.direction == "clockwise", el.align)
               for x, y in letter_corners(letter, ascent, descent)]
    problems = _size_problem(el, content, el.size, painter.min_text_size)
    return problems + _safe_zone_problem(template, el, content, corners, offsets), el.size


def check_rich_text(template: Template, el, content: str, painter: FacePainter,
                    offsets: list[tuple[float, float]]) -> tuple[list[tuple[str, str]], float]:
    style = text_style(el, painter.fonts.__getitem__, painter.palette.get, None, painter.game.spec.language)
    _, size, widest, used_h = fit_paragraph(content, style, el.w, el.h, el.fit, el.min_size)
    problems = _size_problem(el, content, size, painter.min_text_size)
    if widest > el.w + TOLERANCE or used_h > el.h + TOLERANCE:
        problems.append(("overflow", f"text {content!r} needs {widest / MM:.1f} x {used_h / MM:.1f} mm at "
                                     f"{size:g} pt, its box {el.w / MM:.1f} x {el.h / MM:.1f} mm"))
    top = {"top": el.y, "bottom": el.y + el.h - used_h}.get(el.valign, el.y + (el.h - used_h) / 2)
    left = el.x + {"left": 0, "centre": (el.w - widest) / 2, "right": el.w - widest}[el.align]
    corners = [(left, top), (left + widest, top), (left, top + used_h), (left + widest, top + used_h)]
    return problems + _safe_zone_problem(template, el, content, corners, offsets), size


def _size_problem(el, content: str, size: float, minimum: float) -> list[tuple[str, str]]:
    return _size_problem_at(content, size, el.size, minimum)


def _size_problem_at(content: str, size: float, set_size: float, minimum: float) -> list[tuple[str, str]]:
    """A size finding for text printed at `size` points that its template sets at `set_size`."""
    if size < minimum - 1e-9:
        how = f"shrinks to {size:g} pt to fit" if size < set_size - 1e-9 else f"is set in {size:g} pt"
        return [("size", f"text {content!r} {how}, under the {minimum:g} pt minimum")]
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
                         warn: Callable[[str], None] | None = None, minimum: float = MIN_FONT_PT) -> list[Finding]:
    """Run the checks: with strict, any finding stops the build; otherwise each is reported as a warning."""
    findings = check_edition_safety(edition, layouts, minimum)
    if not findings:
        return findings
    if strict:
        raise ValidationFailed(summary(f"{edition.game.id} {edition.id} (--strict)", findings, minimum))
    message = summary(f"{edition.game.id} {edition.id}", findings, minimum)
    if warn:
        warn(message)
    else:
        warnings.warn(message, PrintSafetyWarning, stacklevel=2)
    return findings
