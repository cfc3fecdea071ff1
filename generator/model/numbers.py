"""Numbers a game or layout file may give: always finite, each kind within a declared range.

One place for the bounds, so a NaN, an infinity or an absurd size is refused with the file and line
while loading, never drawn, never handed to reportlab and never allowed to run a loop for minutes.
"""
from __future__ import annotations

from typing import Annotated

from pydantic import Field

NUMBERS = {"allow_inf_nan": False}  # the model config every schema here uses


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
