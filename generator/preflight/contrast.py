"""Contrast of the letters and digits printed on the pieces' faces, against the ground under them.

Every distinct face (front and back) of every component a sheet or print-shop file holds is painted
alone, by the build's own painter with that file's profile (its colour model and ink-saver colours),
on a page of its trim, and measured the way the rulebook lint measures its figures
(``generator.rulebook.legible``): each character's ink from the text layer, the ground from the face
rendered without its text, WCAG contrast, the lower of colour and greyscale. A character is laid to
the template's element whose box holds it (a text element before a shape). Under 4.5:1, or 3:1 for
the letters of large text (18 pt and over, bold 14 pt and over, as WCAG has it; a digit, a value read
alone, is held to 4.5:1 at any size), is a warning: one row per template and element, whatever the
number of faces and files it holds on, with its lowest figure.
"""
from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.units import MM
from generator.draw.bindings import resolve
from generator.elements import outline
from generator.elements.args.placing import ink_placed
from generator.exporters.common import Design, designs_of
from generator.model.game import Edition
from generator.model.layouts import Layouts
from generator.preflight.rows import Row
from generator.render.faces import FacePainter
from generator.render.pdf import new_canvas
from generator.render.style import layouts_for_profile
from generator.rulebook.legible import MIN_CONTRAST, MIN_CONTRAST_LARGE, Numeral, letter, pdf_numerals

FACE_KINDS = ("sheet", "tokens", "print-shop")   # manifest kinds whose files print the pieces' faces
SLACK = 1.0   # points: a character this far outside an element's box still belongs to it
LIMIT = (f"{MIN_CONTRAST:g}:1 in colour and in greyscale ({MIN_CONTRAST_LARGE:g}:1 for the letters of "
         "text of 18 pt and over, or bold 14 pt and over)")


@dataclass
class Measured:
    """The characters of one template's element, over every face and file it prints on."""
    template: str
    element: str
    chars: list[tuple[Numeral, str, str]] = field(default_factory=list)   # (character, face, file)
    faces: set[str] = field(default_factory=set)   # every face (component and stem) it prints on
    height: float = 0.0   # the face's height in points, to give a place from its top

    @property
    def low(self) -> list[tuple[Numeral, str, str]]:
        return [c for c in self.chars if c[0].ratio < c[0].needed - 0.005]

    def row(self) -> Row:
        low = self.low
        worst, face, file = min(low, key=lambda c: c[0].ratio - c[0].needed)
        colour, grey = worst.ratios()
        faces = sorted({f for _, f, _ in low})
        total = len(self.faces)
        files = list(dict.fromkeys(f for _, _, f in low))
        size = f"{worst.size:.3g} pt{' bold' if worst.bold else ''}"
        measured = (f"template {self.template}, element {self.element}: '{worst.text}' {worst.colours} "
                    f"({size}), {colour:.2f}:1 in colour, {grey:.2f}:1 in greyscale, on {len(faces)} of {total} "
                    f"face{'s' if total != 1 else ''} (lowest on {face})")
        x0, y0, x1, y1 = worst.box
        height = self.height
        return Row(file, "contrast", "warn", measured,
                   f"{worst.needed:g}:1 in colour and in greyscale" +
                   (" (large text)" if worst.needed < MIN_CONTRAST else ""),
                   where_mm=[round(x0 / MM, 1), round((height - y1) / MM, 1), round((x1 - x0) / MM, 1),
                             round((y1 - y0) / MM, 1)],
                   detail=[f"faces: {', '.join(faces[:12])}" + (" ..." if len(faces) > 12 else ""),
                           f"files: {', '.join(files)}"])


def contrast_rows(layouts: Layouts, edition: Edition, files: list[dict]) -> list[Row]:
    """One warning row per template and element whose letters or digits fall under the limit on any
    face the listed files print; a single pass row when none does (no row when no file prints faces)."""
    holders = face_files(layouts, edition, files)
    if not holders:
        return []
    measured: dict[tuple[str, str], Measured] = {}
    seen: dict[tuple, list[tuple[Numeral, str]]] = {}
    faces = 0
    with tempfile.TemporaryDirectory(prefix="pnp-contrast-") as tmp:
        for (profile_id, component_id), name in holders.items():
            profile = layouts.profile(profile_id)
            painter = FacePainter(edition.game, layouts_for_profile(layouts, profile), profile, edition=edition)
            fronts, backs, _ = designs_of(edition.component(component_id), painter)
            for design in (d for d in fronts + backs if d.template is not None):
                key = (profile.colour_model, profile.ink_saver, design.template.id,
                       tuple(sorted((k, str(v)) for k, v in design.values.items())))
                if key not in seen:
                    seen[key] = face_characters(painter, design, Path(tmp) / "face.pdf")
                    faces += 1
                label = f"{design.component} {design.name}"
                for char, element in seen[key]:
                    entry = measured.setdefault((design.template.id, element), Measured(design.template.id, element))
                    entry.chars.append((char, label, name))
                    entry.faces.add(label)
                    entry.height = design.template.size[1]
    rows = [m.row() for _, m in sorted(measured.items()) if m.low]
    if rows:
        return rows
    chars = [c for m in measured.values() for c, _, _ in m.chars]
    lowest = min(chars, key=lambda c: c.ratio - c.needed, default=None)
    summary = f"{len(chars)} letters and digits on {faces} faces" + \
        (f", lowest {lowest.ratio:.2f}:1 ('{lowest.text}' {lowest.colours})" if lowest else "")
    return [Row(next(iter(holders.values())), "contrast", "pass", summary, LIMIT)]


def face_files(layouts: Layouts, edition: Edition, files: list[dict]) -> dict[tuple[str, str], str]:
    """(profile id, component id) -> the first listed file that prints that component's faces (a
    manifest is untrusted: a profile or component the edition does not have is passed over)."""
    known = {c.id for c in edition.components}
    out: dict[tuple[str, str], str] = {}
    for entry in files:
        profile = layouts.profiles.get(entry.get("profile") or "")
        if entry.get("kind") not in FACE_KINDS or profile is None:
            continue
        components = entry.get("components") or [entry.get("component")]
        for component in components:
            if isinstance(component, str) and component in known:
                out.setdefault((profile.id, component), str(entry["path"]))
    return out


def face_characters(painter: FacePainter, design: Design, scratch: Path) -> list[tuple[Numeral, str]]:
    """Every letter and digit one face shows, measured, with the element it belongs to."""
    template, values = design.template, design.values
    canvas = new_canvas(scratch, template.size, design.label, painter.palette.model)
    painter.paint(canvas, template, values, 0, template.size[1], 0)
    canvas.showPage()
    canvas.save()
    boxes = element_boxes(painter, template, values)
    return [(char, element_of(char, boxes, template.size[1])) for char in pdf_numerals(scratch, wanted=letter)]


def element_boxes(painter: FacePainter, template: Any, values: dict) -> list[tuple[str, str, list[tuple]]]:
    """(name, kind, boxes) of each element in painting order; each box (left, top, right, bottom) in
    points from the face's top-left corner, one for each copy the piece draws, turned as painted."""
    out = []
    for name, element in painter.bound(template, values).items():
        shape = outline(element, template.size, lambda glyph: painter.shapes[resolve(glyph, values)].shapes, values)
        points = ink_placed(element, template.size, values, lambda e: shape)
        step = max(1, len(shape))
        boxes = []
        for start in range(0, len(points), step):
            xs, ys = [p[0] for p in points[start:start + step]], [p[1] for p in points[start:start + step]]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
        out.append((name, element.kind, boxes))
    return out


def element_of(char: Numeral, boxes: list[tuple[str, str, list[tuple]]], height: float) -> str:
    """The element a character belongs to: of the elements whose box holds its centre, the text
    element with the smallest box (a corner value inside a line's box), else the smallest of any
    kind (a group, a code's digits), else '(none)'."""
    x0, y0, x1, y1 = char.box
    x, y = (x0 + x1) / 2, height - (y0 + y1) / 2
    holding = [(kind != "text", (r - l) * (b - t), name) for name, kind, found in boxes for l, t, r, b in found
               if l - SLACK <= x <= r + SLACK and t - SLACK <= y <= b + SLACK]
    return min(holding)[2] if holding else "(none)"
