"""What the proof page and the live studio show of an edition, as plain data: every piece with its
face and back, each face's print-safety findings with the box of the element they are about, the
template chain and the file and line each piece came from.

Both pages draw this one model with one page design (looks/proof/page.css), so what the static
proof shows and what the studio shows are the same thing.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from generator.exporters.common import Design, designs_of
from generator.model.game import ComponentSet, Edition, Piece
from generator.model.layouts import Layouts, Template
from generator.model.source import load_yaml
from generator.draw.bindings import resolve
from generator.elements import outline, placed
from generator.elements.args.conditions import holds
from generator.render.bound import has_expressions
from generator.render.faces import FacePainter, copies
from generator.render.safety import check_face

MM = 72 / 25.4


@dataclass
class FaceView:
    """One distinct face or back: what to draw it with and what the checks found on it."""

    design: Design
    findings: list[dict]          # element, kind, problem, box [x, y, w, h] in points from the trim's corner
    key: str = ""                 # content hash of everything the drawing depends on (set by face_key)

    def as_dict(self, chains: dict[str, list[dict]], bleed: float) -> dict:
        """As JSON; `chains`: each template's chain (see template_chain), by template id."""
        t = self.design.template
        return {"key": self.key, "template": t.id, "chain": chains[t.id], "shape": t.shape,
                "size": [round(t.size[0], 3), round(t.size[1], 3)], "bleed": round(bleed, 3),
                "safe": round(t.safe_margin, 3), "findings": self.findings, "label": self.design.label,
                "name": self.design.name, "side": self.design.side}


@dataclass
class PieceView:
    component: str
    index: int
    label: str
    count: int
    fields: dict
    source: dict                  # path, line of the piece's row (or of its component)
    face: FaceView
    back: FaceView | None = None


@dataclass
class ComponentView:
    id: str
    name: str
    kind: str
    total: int
    pieces: list[PieceView] = field(default_factory=list)
    backs: list[FaceView] = field(default_factory=list)


def edition_view(edition: Edition, painter: FacePainter,
                 findings: Callable[[Design], list[dict]] | None = None) -> list[ComponentView]:
    """Every drawable component of the edition, its pieces paired with their backs, checks applied
    (`findings`: a face's print-safety findings, by default face_findings; the studio remembers them)."""
    views, paths = [], {}
    findings = findings or (lambda design: face_findings(design.template, design.values, painter))
    for component in edition.components:
        if not component.spec.face:
            continue
        fronts, backs, back_of = designs_of(component, painter)
        back_views = [FaceView(b, findings(b)) for b in backs]
        view = ComponentView(component.id, component.spec.name, component.spec.kind, component.total,
                             backs=back_views)
        for piece, front, back_index in zip(component.pieces, fronts, back_of):
            view.pieces.append(PieceView(component.id, piece.index, piece.label, piece.count,
                                         shown_fields(piece), piece_source(component, piece, paths),
                                         FaceView(front, findings(front)),
                                         back_views[back_index] if back_index >= 0 else None))
        views.append(view)
    return views


def shown_fields(piece: Piece) -> dict:
    return {k: v if isinstance(v, (int, float, bool)) or v is None else str(v) for k, v in piece.fields.items()}


def piece_source(component: ComponentSet, piece: Piece, paths: dict) -> dict:
    """The file and line a piece was written at (its row), as an absolute path (`paths` remembers
    each file's, so a deck of a thousand rows resolves its one file once)."""
    source, where = piece.origin or component.origin
    line = source.error(where, "", "").line  # the same line an error about the piece would name
    if source.path not in paths:
        paths[source.path] = str(Path(source.path).resolve())
    return {"path": paths[source.path], "line": line}


def face_findings(template: Template, values: dict, painter: FacePainter) -> list[dict]:
    """Print-safety findings of one face (the build's own check), each with its element's box."""
    out = []
    for name, kind, problem in check_face(template, values, painter):
        out.append({"element": name, "kind": kind, "problem": problem,
                    "box": element_box(template, painter.bound(template, values)[name], values, painter)})
    return out


def element_box(template: Template, element, values: dict, painter: FacePainter) -> list[float] | None:
    """The box [x, y, w, h] (points, from the trim's top-left corner) around every copy of an element."""
    if not holds(element.when, values):
        return None
    def glyph_shapes(name: str):
        glyph = painter.shapes.get(resolve(name, values))
        return glyph.shapes if glyph is not None else None

    points = placed(outline(element, template.size, glyph_shapes, values), element, template.size,
                    copies(element, values))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return [round(min(xs), 2), round(min(ys), 2), round(max(xs) - min(xs), 2), round(max(ys) - min(ys), 2)]


def chains_of(layouts: Layouts, views: list[ComponentView]) -> dict[str, list[dict]]:
    """The chain of every template the views draw with, by id."""
    ids = {face.design.template.id for view in views for piece in view.pieces
           for face in (piece.face, piece.back) if face is not None}
    return {template_id: template_chain(layouts, template_id) for template_id in sorted(ids)}


def template_chain(layouts: Layouts, template_id: str) -> list[dict]:
    """The template and each one it extends, with the file (and line of its id) each is written in."""
    chain, seen = [], set()
    current: str | None = template_id
    while current and current not in seen and current in layouts.template_origins:
        seen.add(current)
        found = layouts.template_origins[current]
        source = load_yaml(found.path)
        chain.append({"id": current, "path": str(found.path.resolve()), "layer": found.layer,
                      "line": source.line_of(("id",)) or 1})
        data = source.data if isinstance(source.data, dict) else {}
        current = data.get("extends") if isinstance(data.get("extends"), str) else None
    return chain


def face_key(design: Design, painter: FacePainter, look: str, raster: tuple) -> str:
    """A content hash of everything a face's pixels depend on: the resolved template (its whole
    chain merged), the values bound to it, the game's look (colours, fonts, glyphs), the bytes of
    each image it draws, and how it is rasterised."""
    t = design.template
    art = {}
    for element in painter.bound(t, design.values).values():
        if element.kind == "image" and holds(element.when, design.values):
            relative = str(resolve(element.file, design.values))
            art[relative] = file_digest((painter.game.folder / relative).resolve())
    data = painter.data if has_expressions(t) else None  # what expressions read besides the piece's fields
    payload = json.dumps([t.id, t.size, t.shape, t.corner_radius, t.raw, design.values, art, look, raster, data],
                         sort_keys=True, default=str)
    return hashlib.sha256(payload.encode()).hexdigest()[:24]


def look_digest(layouts: Layouts, painter: FacePainter) -> str:
    """A hash of the look every face of a game shares: colours, font files' bytes, glyphs and icons."""
    style = layouts.style
    fonts = {name: file_digest(Path(spec.file)) if not spec.file.startswith("reportlab:") else spec.file
             for name, spec in style.fonts.items()}
    shapes = {name: glyph.model_dump() if hasattr(glyph, "model_dump") else repr(glyph)
              for name, glyph in painter.shapes.items()}
    payload = json.dumps([style.model_dump(), fonts, shapes], sort_keys=True, default=str)
    return hashlib.sha256(payload.encode()).hexdigest()[:24]


def file_digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    except OSError:
        return "missing"


def findings_count(views: list[ComponentView]) -> int:
    """Findings as the build counts its warnings: one per component, side, template, element and
    kind of problem, however many pieces share it."""
    kinds = set()
    for view in views:
        for piece in view.pieces:
            for face in (piece.face, piece.back):
                for f in face.findings if face is not None else []:
                    kinds.add((view.id, face.design.side, face.design.template.id, f["element"], f["kind"]))
    return len(kinds)
