"""The element kinds a template places, one module each: the kind's model (its keys, built from the
shared argument groups of ``args/``), ``paint`` (draw it on a reportlab canvas), ``outline`` (the
points where it puts ink, for the print-safety check) and ``FILLED`` (filled art, which an ink-saver
profile draws as an outline).

This package finds the kind modules itself and builds the kinds table from them: adding a kind is
adding its module.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from typing import Annotated, Any, Callable, Union, get_args

from pydantic import Field


@dataclass(frozen=True)
class Kind:
    """One element kind, as its module defines it."""

    name: str
    model: type
    paint: Callable[..., None]    # (canvas, element, PaintContext)
    outline: Callable[..., list]  # (element, face size, glyph shapes by name or None) -> ink points
    filled: bool
    module: str


def _find_kinds() -> dict[str, Kind]:
    kinds = {}
    for found in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if found.ispkg:
            continue
        module = importlib.import_module(f"{__name__}.{found.name}")
        name = get_args(module.MODEL.model_fields["kind"].annotation)[0]
        kinds[name] = Kind(name, module.MODEL, module.paint, module.outline, module.FILLED, module.__name__)
    return kinds


KINDS: dict[str, Kind] = _find_kinds()
AnyElement = Annotated[Union[tuple(kind.model for kind in KINDS.values())], Field(discriminator="kind")]


def paint(c, element: Any, ctx) -> None:
    """Draw one copy of an element (its rotation and repeats are the face painter's)."""
    KINDS[element.kind].paint(c, element, ctx)


def outline(element: Any, size: tuple[float, float], glyph_shapes: Callable[[str], Any] | None = None) -> list:
    """Where one copy of an element, as written, puts ink (before rotation and repeats)."""
    return KINDS[element.kind].outline(element, size, glyph_shapes)
