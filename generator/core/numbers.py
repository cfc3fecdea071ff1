"""Numbers a game or layout file may give, lengths among them: always finite, each kind within a
declared range; and the strict model every looks file's mappings are checked with.

One place for the bounds, so a NaN, an infinity or an absurd size is refused with the file and line
while loading, never drawn, never handed to reportlab and never allowed to run a loop for minutes.
"""
from __future__ import annotations

from typing import Annotated, Any, Union

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from generator.core.units import parse_length

NUMBERS = {"allow_inf_nan": False}  # the model config every schema here uses
MAX_SIDE_MM = 1000  # a piece or page larger than a metre is a mistake, not a request


class Strict(BaseModel):
    """A mapping of a looks file: unknown keys refused, frozen, numbers finite."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True, **NUMBERS)


def key_of(model: BaseModel, key: str, default: Any = None) -> Any:
    """A model's value for `key`, or `default` when its kind has no such key: ``getattr(model, key,
    default)`` without pydantic's slow answer for a name it lacks (a model keeps its values in
    ``__dict__``). For code that asks every element for keys only some kinds have."""
    return model.__dict__.get(key, default)


def finite(low: float | None = None, high: float | None = None, *, above: float | None = None):
    """A finite float, optionally at least `low` (or strictly above `above`) and at most `high`."""
    return Annotated[float, Field(ge=low, gt=above, le=high, allow_inf_nan=False)]


def whole(low: int = 0, high: int = 1_000_000):
    """A whole number from low to high."""
    return Annotated[int, Field(ge=low, le=high)]


Finite = finite(-1e6, 1e6)
Degrees = finite(-360, 360)            # a rotation or a start angle
StrokeWidth = finite(0, 50)            # points; 0 is the thinnest line a device can draw
Percent = finite(0, 100)               # a CMYK component, 0-100
Leading = finite(0.5, 5)               # line height as a multiple of the font size
FontSize = finite(above=0, high=400)   # points
DashLength = finite(above=0, high=1000)
MAX_DASHES = 16
MAX_DOTS = 360                         # dots in a ring, petals in a flower
Dots = whole(0, MAX_DOTS)


def _length(value: Any, least_mm: float | None = None) -> float:
    points = parse_length(value)
    if not abs(points) <= parse_length(MAX_SIDE_MM):  # also refuses NaN
        raise ValueError(f"a length of at most {MAX_SIDE_MM} mm")
    if least_mm is not None and points < parse_length(least_mm):
        raise ValueError(f"a length of at least {least_mm} mm")
    return points


LENGTH_TEXT = r"^\s*-?\d+(\.\d+)?\s*(mm|cm|in|pt)?\s*$"
# In a file a length is a number of millimetres or a string with a unit; the schema says both.
_LENGTH_INPUT = Union[float, Annotated[str, Field(pattern=LENGTH_TEXT)]]
Length = Annotated[float, BeforeValidator(_length, json_schema_input_type=_LENGTH_INPUT)]
PositiveLength = Annotated[float, BeforeValidator(lambda v: _length(v, 0), json_schema_input_type=_LENGTH_INPUT)]
Spacing = Annotated[float, BeforeValidator(lambda v: _length(v, 1), json_schema_input_type=_LENGTH_INPUT)]
Bindable = Union[Dots, Annotated[str, Field(pattern=r"^\$[a-z0-9_]+$")]]  # a count, or "$field"
