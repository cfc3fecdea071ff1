"""One parser for lengths: numbers are millimetres; strings may say mm, cm, in or pt."""
from __future__ import annotations

import re

MM = 72 / 25.4  # points per millimetre
_UNITS = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?\s*$")
PAPER = {"letter": (215.9 * MM, 279.4 * MM), "a4": (210 * MM, 297 * MM), "a5": (148 * MM, 210 * MM),
         "legal": (215.9 * MM, 355.6 * MM), "a3": (297 * MM, 420 * MM), "tabloid": (279.4 * MM, 431.8 * MM)}


def parse_length(value: float | int | str) -> float:
    """A length in points.

    >>> round(parse_length("63mm"), 2), parse_length("1in"), parse_length(10) == parse_length("1cm")
    (178.58, 72.0, True)

    :raises ValueError: when the value is not a number with an optional unit.
    """
    if isinstance(value, bool):
        raise ValueError("a length such as 3mm, 0.125in or 10pt")
    if isinstance(value, (int, float)):
        return float(value) * MM
    match = _LENGTH.match(str(value))
    if not match:
        raise ValueError("a length such as 3mm, 0.125in or 10pt")
    return float(match.group(1)) * _UNITS[match.group(2) or "mm"]
