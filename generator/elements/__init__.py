"""The element kinds a template places, one module each: the kind's model (its keys, built from the
shared argument groups of ``args/``), ``paint`` (draw it on a reportlab canvas), ``outline`` (the
points where it puts ink, for the print-safety check) and ``FILLED`` (filled art, which an ink-saver
profile draws as an outline). A closed shape also has ``trace`` (add its outline to a reportlab
path), which makes it a shape an image may be clipped to; a kind may say which point it turns about
(``centre``). A kind that holds elements of its own (a group) says so with ``NESTED``; a kind may say
what a value bound for one piece must meet beyond its type (``check``, such as a QR code's content
fitting its size).

A kind module whose model names ``Shape`` is given it: the kinds that have ``trace``, by their `kind` key.

This package finds the kind modules itself and builds the kinds table from them: adding a kind is
adding its module, named as its kind. A module is imported when a template first names its kind.
"""
from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any, Callable, Union, get_args

from pydantic import Field

from generator.core.numbers import key_of
from generator.draw.ink import Point, middle, turned_and_copied


@dataclass(frozen=True)
class Kind:
    """One element kind, as its module defines it."""

    name: str
    model: type
    paint: Callable[..., None]    # (canvas, element, PaintContext)
    outline: Callable[..., list]  # (element, face size, glyph shapes by name or None) -> ink points
    filled: bool
    module: str
    trace: Callable[..., None] | None  # (reportlab path, element, PaintContext), for a closed shape
    centre: Callable[..., Point]       # (element, face size) -> the point it turns about
    nested: bool = False               # holds elements of its own: its outline also takes the piece's values
    check: Callable[..., Any] | None = None  # (element, piece's values) -> (key, expected, found) or None


def _usual_centre(el, size: tuple[float, float]) -> Point:
    """A shape placed by its centre turns about it, one placed by points about their middle, a box
    about its middle, anything else about the face's centre."""
    if key_of(el, "cx") is not None:
        return el.cx, el.cy
    if key_of(el, "points"):
        return middle(list(el.points))
    if key_of(el, "w") is not None:
        return el.x + el.w / 2, el.y + el.h / 2
    return size[0] / 2, size[1] / 2


class _Kinds(Mapping):
    """The kinds table: every module of this package is a kind of that name, imported when a template
    first names it (a build imports the kinds its templates use, not all of them)."""

    def __init__(self) -> None:
        self._names = tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.ispkg))
        self._loaded: dict[str, Kind] = {}

    def __getitem__(self, name: str) -> Kind:
        kind = self._loaded.get(name) if isinstance(name, str) else None
        if kind is None:
            if not isinstance(name, str) or name not in self._names:
                raise KeyError(name)
            kind = self._loaded[name] = _load(name)
        return kind

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


_NAMES_SHAPE = re.compile(r"\bShape\b")


def _load(name: str) -> Kind:
    module = importlib.import_module(f"{__name__}.{name}")
    written = get_args(module.MODEL.model_fields["kind"].annotation)[0]
    if written != name:
        raise ImportError(f"{module.__name__} defines the kind {written!r}: a kind's module bears its name")
    if any(_NAMES_SHAPE.search(str(a)) for a in module.MODEL.__annotations__.values()):
        module.Shape = shape_union()  # resolved when the model is first used (the models defer their build)
    return Kind(name, module.MODEL, module.paint, module.outline, module.FILLED, module.__name__,
                getattr(module, "trace", None), getattr(module, "centre", _usual_centre),
                getattr(module, "NESTED", False), getattr(module, "check", None))


KINDS = _Kinds()


@lru_cache(maxsize=None)
def any_element() -> Any:
    """Any element: the union of every kind, told apart by `kind` (imports them all)."""
    return Annotated[Union[tuple(kind.model for kind in KINDS.values())], Field(discriminator="kind")]


@lru_cache(maxsize=None)
def shape_union() -> Any:
    """The kinds with a closed outline (`trace`), which an image or a group may be clipped to."""
    modules = [importlib.import_module(f"{__name__}.{name}") for name in KINDS]  # not loaded: it is part of loading
    return Annotated[Union[tuple(m.MODEL for m in modules if hasattr(m, "trace"))], Field(discriminator="kind")]


def __getattr__(name: str) -> Any:
    """`AnyElement` and `Shape`, made when first asked for."""
    if name == "AnyElement":
        return any_element()
    if name == "Shape":
        return shape_union()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@lru_cache(maxsize=None)
def prepare() -> None:
    """Build the checks of the models every kind nests (conditions, repeats, gradients, patterns)
    once, before the first kind's. The models defer their build; a kind built while these are still
    unbuilt builds its own copy of each, so every kind a build meets would pay for all of them again."""
    from generator.elements.args import conditions, groups
    for model in (conditions.Comparison, conditions.Repeat, groups.Gradient, groups.Pattern):
        model.model_rebuild()


def paint(c, element: Any, ctx) -> None:
    """Draw one copy of an element (its rotation and repeats are the face painter's)."""
    KINDS[element.kind].paint(c, element, ctx)


def outline(element: Any, size: tuple[float, float], glyph_shapes: Callable[[str], Any] | None = None,
            values: dict | None = None) -> list:
    """Where one copy of an element, as written, puts ink (before rotation and repeats); `values` are
    the piece's, which a group's children's conditions and repeats read."""
    kind = KINDS[element.kind]
    if kind.nested:
        return kind.outline(element, size, glyph_shapes, values)
    return kind.outline(element, size, glyph_shapes)


def trace(path, element: Any, ctx) -> None:
    """Add a closed shape's outline to a reportlab path (an image's clip, say)."""
    KINDS[element.kind].trace(path, element, ctx)


def centre(element: Any, size: tuple[float, float]) -> Point:
    """The point an element turns about, in template coordinates."""
    return KINDS[element.kind].centre(element, size)


def placed(points: list[Point], element: Any, size: tuple[float, float], offsets: list[Point]) -> list[Point]:
    """Points of an element turned by its rotation and moved to every copy (see faces.copies)."""
    return turned_and_copied(points, element.rotate, centre(element, size), offsets)
