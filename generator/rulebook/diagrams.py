"""Diagrams drawn from data, for any game, with or without a rules engine: a small position on a
grid of squares or hexes, written in the game's ``rules/diagrams/*.yaml``, placed in the rule text
with ``{{ diagram('name') }}`` and drawn by the book (``grid_diagram``), a legend beneath::

    pieces:                           # the pieces this file's diagrams show, each named once
      runner:
        component: pawns              # a component of the game
        where: {colour: red}          # which of its pieces (omit: the first)
        window: [0, 48, 26, 34]       # the part of the printed face shown, mm (omit: the whole face)
        size: 0.6                     # drawn this share of a cell's height
        says: a red pawn              # its words in the legend
    diagrams:
      a-move:                         # the name the rule text uses
        caption: The red pawn moves two squares.
        grid: {shape: square, columns: 4, rows: 3}   # or shape: hex (orientation: flat or pointy)
        cells: {b2: [runner]}         # cell -> the pieces on it, named above
        labels: {b2: start}           # cell -> a short label
        arrows:                       # kind: move (dashed), push (solid) or choice (dotted)
          - {from: b2, to: d2, kind: move, says: the pawn's move}
          - {from: d2, to: [d1, d3], kind: choice}   # one arrow to each cell

Nothing here knows a game's rules: a diagram shows what its data says, so a rule text that the
draft leaves open stays open as long as the data shows nothing of it. Every mistake (an unknown
piece or component, a cell off the grid, a label too long for its cell, bad YAML) stops the build
with one line naming the file, the line and the key.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Callable, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field
from reportlab.platypus import Flowable

from generator.core.errors import GameDataError
from generator.core.units import MM
from generator.model.game import Edition
from generator.model.source import Sourced, load_yaml
from generator.model.validation import validate
from generator.rulebook.faces import PieceFaces
from generator.rulebook.grid_diagram import ArrowMark, DrawnPiece, GridDiagram, Placed
from generator.rulebook.grids import GridShape
from generator.rulebook.legend import Key
from generator.rulebook.styles import Styles
from generator.rulebook.text import TemplateDataError

FOLDER = "diagrams"
PREFIX = "diagram/"   # a diagram's figure name: diagram/NAME
ARROW_WORDS = {"move": "a move", "push": "a push", "choice": "a direction that may be chosen"}


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _one_or_more(value: Any) -> Any:
    return [value] if isinstance(value, str) else value


class PieceLook(Strict):
    """How one piece of the game's components is drawn on a diagram."""

    component: str = Field(description="a component of the game (its id)")
    where: dict[str, Any] = Field({}, description="field values that pick one of its pieces (none: the first)")
    side: Literal["face", "back"] = Field("face", description="the side shown")
    window: tuple[float, float, float, float] | None = Field(
        None, description="the part of the printed side shown, [x, y, w, h] in mm (none: all of it)")
    size: float = Field(0.55, gt=0.05, le=1.0, description="how tall it is drawn, as a share of a cell's height")
    says: str = Field(min_length=1, max_length=80, description="its words in the legend")


class GridSpec(Strict):
    shape: Literal["square", "hex"] = Field(description="squares, or hexes sharing whole faces")
    columns: int = Field(ge=1, le=26, description="columns a, b ... from the left")
    rows: int = Field(ge=1, le=30, description="rows 1, 2 ... from the top")
    orientation: Literal["flat", "pointy"] = Field(
        "flat", description="hexes: flat tops in columns (odd columns lower), or pointed tops in rows (even rows "
                            "to the right)")
    coordinates: bool = Field(False, description="column letters above the grid, row numbers beside it")
    cell: float = Field(16, ge=8, le=60, description="the widest a cell is drawn, in mm (narrower when the "
                                                     "column is)")


class Arrow(Strict):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    start: str = Field(alias="from", description="the cell it starts from")
    to: Annotated[list[str], BeforeValidator(_one_or_more, json_schema_input_type=str | list[str])] = Field(
        min_length=1, max_length=12, description="the cell it points to, or a list of cells (one arrow to each)")
    kind: Literal["move", "push", "choice"] = Field(
        "move", description="move (dashed), push (solid) or choice (dotted: a way that may be taken)")
    says: str | None = Field(None, min_length=1, max_length=80, description="its words in the legend")


class Diagram(Strict):
    caption: str = Field("", description="the caption under the drawing (the rule text may give another)")
    grid: GridSpec
    cells: dict[str, Annotated[list[str], BeforeValidator(_one_or_more, json_schema_input_type=str | list[str])]] = \
        Field({}, description="cell -> the pieces on it, by their names under pieces: (the same name again: a stack)")
    labels: dict[str, str] = Field({}, description="cell -> a short label, set in a pill under its middle")
    arrows: list[Arrow] = Field([], description="arrows from cell to cell, drawn over the pieces")


class DiagramFile(Strict):
    pieces: dict[str, PieceLook] = Field({}, description="the pieces this file's diagrams show, by the name "
                                                          "the diagrams use")
    diagrams: dict[str, Diagram] = Field({}, description="diagrams by the name the rule text places them with")


class Diagrams:
    """The diagrams of one game's rules folder, checked when read, drawn into ``figures``."""

    def __init__(self, folder: Path, edition: Edition, faces: PieceFaces, styles: Styles,
                 figures: dict[str, Callable[[float], list[Flowable]]]):
        self.faces, self.styles = faces, styles
        self.entries: dict[str, tuple[Diagram, Sourced, dict[str, DrawnPiece]]] = {}
        where = folder / FOLDER
        for path in sorted(where.glob("*.yaml")) if where.is_dir() else []:
            source = load_yaml(path)
            if not isinstance(source.data, dict):
                raise source.error((), "a mapping with pieces: and diagrams:", type(source.data).__name__)
            data = validate(DiagramFile, source.data, source)
            pieces = {name: self._piece(edition, name, look, source) for name, look in data.pieces.items()}
            for name, diagram in data.diagrams.items():
                if name in self.entries:
                    raise source.error(("diagrams", name), "a name no other diagram file uses", repr(name))
                _check(diagram, pieces, source, ("diagrams", name))
                self.entries[name] = (diagram, source, pieces)
                figures[PREFIX + name] = lambda width, n=name: self.draw(n, width)

    def _piece(self, edition: Edition, name: str, look: PieceLook, source: Sourced) -> DrawnPiece:
        at = ("pieces", name)
        known = {c.id: c for c in edition.components}
        if look.component not in known:
            raise source.error(at + ("component",), f"a component of the game, one of {sorted(known)}",
                               repr(look.component))
        component = known[look.component]
        piece = next((p for p in component.pieces if all(p.fields.get(k) == v for k, v in look.where.items())), None)
        if piece is None:
            raise source.error(at + ("where",), f"fields that pick one of the pieces of '{component.id}'",
                               repr(look.where))
        try:
            template, values = self.faces.face(component.id, piece, look.side)
        except GameDataError:
            raise source.error(at + ("side",), f"a side that '{component.id}' prints", repr(look.side)) from None
        window = None
        if look.window is not None:
            x, y, w, h = (v * MM for v in look.window)
            tw, th = template.size
            if w <= 0 or h <= 0 or x < 0 or y < 0 or x + w > tw + 0.01 or y + h > th + 0.01:
                raise source.error(at + ("window",), f"a part [x, y, w, h] of the {tw / MM:.0f} x {th / MM:.0f} mm "
                                   "face, in mm", repr(list(look.window)))
            window = (x, y, w, h)
        return DrawnPiece(name, component.id, template, values, window, look.size, _typographic(look.says))

    def names(self) -> list[str]:
        return sorted(self.entries)

    def caption(self, name: str) -> str:
        return self.entries[name][0].caption

    def draw(self, name: str, width: float) -> list[Flowable]:
        """The diagram ``name`` for a column ``width`` points wide, its legend under it.

        :raises GameDataError: naming the diagram's line when it cannot be drawn legibly at this width.
        """
        diagram, source, pieces = self.entries[name]
        spec = diagram.grid
        shape = GridShape(spec.shape, spec.columns, spec.rows, spec.orientation)
        placed = [Placed(cell, [pieces[p] for p in names]) for cell, names in diagram.cells.items()]
        arrows = [ArrowMark(a.start, end, a.kind, _typographic(a.says or ARROW_WORDS[a.kind]))
                  for a in diagram.arrows for end in a.to]
        labels = {cell: _typographic(text) for cell, text in diagram.labels.items()}
        drawing = GridDiagram(shape, placed, labels, arrows, self.faces, self.styles, width,
                              spec.cell * MM, spec.coordinates)
        for cell, text in labels.items():
            if not drawing.label_fits(text):
                raise source.error(("diagrams", name, "labels", cell), "a label that fits under its cell at "
                                   f"{self.styles.sheet.figures.min_text:g} pt in a {width / MM:.0f} mm column",
                                   repr(text))
        if drawing.too_small():
            raise source.error(("diagrams", name, "grid"), f"a grid whose cells fit a {width / MM:.0f} mm column "
                               "with room for its pieces", f"{spec.columns} columns")
        return [drawing, Key(self.styles, width, drawing.legend_items(), swatches=drawing.swatches())]


def _check(diagram: Diagram, pieces: dict[str, DrawnPiece], source: Sourced, at: tuple) -> None:
    """Every cell the diagram names is on its grid, every piece is one the file names."""
    spec = diagram.grid
    shape = GridShape(spec.shape, spec.columns, spec.rows, spec.orientation)
    last = f"{chr(96 + spec.columns)}{spec.rows}"
    on_grid = f"a cell of the {spec.columns} x {spec.rows} grid, a1 to {last}"
    for cell, names in diagram.cells.items():
        if shape.cell(cell) is None:
            raise source.error(at + ("cells", cell), on_grid, repr(cell))
        for k, name in enumerate(names):
            if name not in pieces:
                raise source.error(at + ("cells", cell, k), f"a piece named under pieces:, one of {sorted(pieces)}",
                                   repr(name))
    for cell in diagram.labels:
        if shape.cell(cell) is None:
            raise source.error(at + ("labels", cell), on_grid, repr(cell))
    for k, arrow in enumerate(diagram.arrows):
        if shape.cell(arrow.start) is None:
            raise source.error(at + ("arrows", k, "from"), on_grid, repr(arrow.start))
        for end in arrow.to:
            if shape.cell(end) is None:
                raise source.error(at + ("arrows", k, "to"), on_grid, repr(end))
            if end == arrow.start:
                raise source.error(at + ("arrows", k, "to"), "a cell other than where the arrow starts", repr(end))


def _typographic(text: str) -> str:
    """Curly quotes and apostrophes, as the book's typographer sets running text (a figure's
    caption is an image's alt text, which it leaves alone)."""
    text = re.sub(r"(?<=\w)'", "\u2019", text)
    text = re.sub(r"'(?=\w)", "\u2018", text).replace("'", "\u2019")
    text = re.sub(r'"(?=\w)', "\u201c", text)
    return text.replace('"', "\u201d")


def diagram_function(diagrams: Diagrams) -> Callable[..., str]:
    """The rule text's ``diagram(name, caption=None)``: the figure, under the data's caption unless told."""
    def diagram(name: str, caption: str | None = None) -> str:
        if name not in diagrams.entries:
            raise TemplateDataError(f"a diagram in rules/{FOLDER}/*.yaml, one of {diagrams.names()}", repr(name))
        text = diagrams.caption(name) if caption is None else str(caption)
        safe = _typographic(text.replace("[", "(").replace("]", ")").replace("\n", " ").strip())
        return f"![{safe}](figure:{PREFIX}{name})"
    return diagram
