"""Zones: named rectangles of a template (`zones: {rules: [x, y, w, h]}`, millimetres) that elements
place themselves in (`zone: rules`). An element in a zone gives its position from the zone's top-left
corner, and the box or centre it leaves out is the zone's; a template that extends another moves or
resizes a zone in one line, and every element in it follows.
"""
from __future__ import annotations

from typing import Any

from generator.core.units import parse_length
from generator.elements import KINDS
from generator.model.source import Sourced

Zone = tuple[float, float, float, float]   # x, y, w, h in points
ACROSS = ("x", "cx", "x1", "x2")            # keys that place an element along the width
DOWN = ("y", "cy", "y1", "y2")              # and down the height
FILLED_IN = ("x", "y", "w", "h", "cx", "cy")  # left out in a zone: its corner, its size, its centre


def in_zone(data: dict, zones: dict[str, Zone] | None, origin: Sourced, where: tuple) -> dict:
    """The element's mapping with `zone` replaced by face positions (in points); unchanged without one.
    `zones` is None where zones do not apply (inside a group, whose children use its frame)."""
    if not isinstance(data, dict) or "zone" not in data:
        return data
    name = data["zone"]
    if zones is None:
        raise origin.error(where + ("zone",), "no zone inside a group (its children are placed in the group's "
                                              "own frame)", repr(name))
    if not isinstance(name, str) or name not in zones:
        known = f"one of {sorted(zones)}" if zones else "it names none: list them under `zones:`"
        raise origin.error(where + ("zone",), f"a zone of this template ({known})", repr(name))
    x, y, w, h = zones[name]
    fields = KINDS[data["kind"]].model.model_fields if data.get("kind") in KINDS else {}
    placed = {key: value for key, value in data.items() if key != "zone"}
    defaults = dict(zip(FILLED_IN, (0, 0, w, h, w / 2, h / 2)))
    for key, default in defaults.items():
        if key in fields and key not in placed:
            placed[key] = _points(default)
    for key in ACROSS + DOWN:
        if key in placed:
            placed[key] = _points(_length(placed[key], origin, where + (key,)) + (x if key in ACROSS else y))
    if isinstance(placed.get("points"), list):
        placed["points"] = [_moved(point, x, y, origin, where + ("points", i))
                            for i, point in enumerate(placed["points"])]
    return placed


def _moved(point: Any, x: float, y: float, origin: Sourced, where: tuple) -> Any:
    if not isinstance(point, (list, tuple)) or len(point) != 2:
        return point   # the kind's own check names it
    return [_points(_length(point[0], origin, where + (0,)) + x), _points(_length(point[1], origin, where + (1,)) + y)]


def _length(value: Any, origin: Sourced, where: tuple) -> float:
    try:
        return parse_length(value)
    except (ValueError, TypeError):
        raise origin.error(where, "a length such as 3mm (an element in a zone is placed from the zone's corner)",
                           repr(value)) from None


def _points(value: float) -> str:
    return f"{value:.4f}pt"


def zones_of(own: dict[str, tuple[float, float, float, float]], inherited: dict[str, Zone] | None) -> dict[str, Zone]:
    """The template's zones: those of the template it extends, with its own added or moved."""
    return {**(inherited or {}), **own}

