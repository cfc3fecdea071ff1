"""Argument groups as model mixins: a kind's model lists the groups it takes, then its own keys.

    class Rect(Box, Paint, Element): kind: Literal["rect"]; radius: Length = 0

Element comes last, so every kind lists `kind` first and the groups' keys next.
"""
from __future__ import annotations

from generator.core.numbers import Degrees, Length, Strict, StrokeWidth
from generator.elements.args.conditions import Condition, Repeat


class Transform(Strict):
    rotate: Degrees = 0  # degrees clockwise about the element's centre


class Element(Transform):
    """What every element takes."""

    kind: str  # each kind's model narrows it to its own name
    when: Condition = {}  # draw only when the piece meets it (see elements/args/conditions.py)
    repeat: Repeat | None = None  # draw it several times along a row, column, grid or arc
    bleed: bool = False  # meant to run past the trim: exempt from the print-safety check of its ink


class Box(Strict):
    """A box by its top-left corner, width and height (millimetres from the trim's top-left corner)."""

    x: Length
    y: Length
    w: Length
    h: Length


class Centre(Strict):
    """A shape placed by its centre."""

    cx: Length
    cy: Length


class Paint(Strict):
    """A fill and a stroke, each a colour name (or `$field`); none draws nothing of that kind."""

    fill: str | None = None
    stroke: str | None = None
    stroke_width: StrokeWidth = 0.5
