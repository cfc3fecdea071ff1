"""A card's value drawn small, as its printed face marks it: the figure on a disc, a diamond or a
square of the value's colour, the shape read from the face (``value_shape``), so a diagram that
draws cards too small for their art still shows each value in the shape the card prints it in, in
the corner the card prints it in (``value_corner``).
"""
from __future__ import annotations

import math
from typing import Any, Callable, Literal

from generator.rulebook.faces import PieceFaces
from generator.rulebook.legible import ink_on
from generator.rulebook.styles import Styles

Shape = Literal["circle", "diamond", "square"]
Corner = tuple[Literal["top", "bottom"], Literal["left", "right"]]
SHAPES: dict[str, Shape] = {"circle": "circle", "diamond": "diamond", "rect": "square"}
WIDEST = 4.0      # a shape under a figure is at most this many times the area of the figure's box
DIAMOND = 1.2     # a diamond's diagonal, as a share of the disc it stands for: room for the same figure


def value_shape(faces: PieceFaces, component_id: str, field: str) -> Shape:
    """The shape the face of the component's first piece sets the figure of ``field`` on (a text
    that prints the value alone, such as ``{depth}``): the smallest filled circle, diamond or
    rectangle drawn before it under its middle, no wider than ``WIDEST`` times its box. A disc
    where the face sets the figure on none of these."""
    found = _figure(faces, component_id, field)
    if found is None:
        return "circle"
    _size, elements, k = found
    element = elements[k]
    cx, cy, area = element.x + element.w / 2, element.y + element.h / 2, element.w * element.h
    under = [(_area(e), SHAPES[e.kind]) for e in elements[:k]
             if e.kind in SHAPES and e.fill and _covers(e, cx, cy) and _area(e) <= WIDEST * area]
    return min(under)[1] if under else "circle"


def value_corner(faces: PieceFaces, component_id: str, field: str) -> Corner | None:
    """The corner of the face of the component's first piece where it prints the figure of ``field``
    (its first text printing the value alone): the quarter of the face its box's middle lies in.
    None where the face prints no such text, or prints it across the face's middle."""
    found = _figure(faces, component_id, field)
    if found is None:
        return None
    (width, height), elements, k = found
    e = elements[k]
    cx, cy = e.x + e.w / 2, e.y + e.h / 2
    if cx == width / 2 or cy == height / 2:
        return None
    return ("top" if cy < height / 2 else "bottom", "left" if cx < width / 2 else "right")


def _figure(faces: PieceFaces, component_id: str, field: str) -> tuple[tuple[float, float], list, int] | None:
    """The size of the face of the component's first piece, its elements drawn (in order) and the
    index of its first text printing ``field`` alone; None when it prints none."""
    from generator.elements.args.conditions import holds
    component = faces.component(component_id)
    template, values = faces.face(component_id, component.pieces[0])
    elements = [e for e in faces.elements(template, values).values() if holds(e.when, values)]
    for k, element in enumerate(elements):
        if getattr(element, "kind", None) == "text" and element.text.strip() == "{" + field + "}":
            return template.size, elements, k
    return None


def _area(e: Any) -> float:
    if e.kind == "circle":
        return math.pi * e.r ** 2
    return e.w * e.h / (2 if e.kind == "diamond" else 1)


def _covers(e: Any, x: float, y: float) -> bool:
    if e.kind == "circle":
        return math.hypot(x - e.cx, y - e.cy) <= e.r
    if e.kind == "diamond":
        return abs(x - e.cx) / (e.w / 2) + abs(y - e.cy) / (e.h / 2) <= 1
    return e.x <= x <= e.x + e.w and e.y <= y <= e.y + e.h


def extent(shape: str) -> float:
    """How wide and tall ``badge`` draws ``shape``, as a share of the disc it stands for."""
    return DIAMOND if shape == "diamond" else 1.0


def badge(canv: Any, styles: Styles, shape: str, px: float, py: float, side: float, colour: str,
          text: str = "", size: float = 0.0, line: float = 0.5) -> None:
    """A value's mark centred at (px, py) points: a ``shape`` of palette ``colour`` as wide as a disc
    ``side`` points across (a diamond a little wider, to hold the same figure), edged in ink, with
    ``text`` at ``size`` on it in the ink that reads on the colour."""
    fill = styles.palette.get(colour)
    canv.saveState()
    canv.setFillColor(fill)
    canv.setStrokeColor(styles.palette.get("ink"))
    canv.setLineWidth(line)
    if shape == "diamond":
        half = side * extent(shape) / 2
        path = canv.beginPath()
        path.moveTo(px, py + half)
        path.lineTo(px + half, py)
        path.lineTo(px, py - half)
        path.lineTo(px - half, py)
        path.close()
        canv.drawPath(path, stroke=1, fill=1)
    elif shape == "square":
        canv.roundRect(px - side / 2, py - side / 2, side, side, side * 0.15, stroke=1, fill=1)
    else:
        canv.circle(px, py, side / 2, stroke=1, fill=1)
    if text:
        canv.setFillColor(ink_on(fill))
        canv.setFont(styles.bold_font, size)
        canv.drawCentredString(px, py - size * 0.36, text)
    canv.restoreState()


def badge_swatch(styles: Styles, shape: str, colour: str) -> Callable[[Any, float, float, float], None]:
    """A legend's swatch (a ``piece`` item's painter) of a value's mark, without its figure."""
    def paint(canv: Any, cx: float, cy: float, side: float) -> None:
        badge(canv, styles, shape, cx, cy, side, colour)
    return paint
