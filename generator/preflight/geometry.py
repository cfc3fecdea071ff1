"""Page geometry shared by the checks: boxes, points to millimetres from the trim's top-left corner."""
from __future__ import annotations

MM = 72 / 25.4


def trim_mm(box: tuple[float, float, float, float], trim: tuple[float, float, float, float]) -> list[float]:
    """A box in PDF points (x0, y0, x1, y1) as [x, y, w, h] in mm from the trim's top-left corner."""
    x0, y0, x1, y1 = box
    return [round((x0 - trim[0]) / MM, 1), round((trim[3] - y1) / MM, 1), round((x1 - x0) / MM, 1),
            round((y1 - y0) / MM, 1)]


def where(box_mm: list[float]) -> str:
    return (f"at {box_mm[0]:g}, {box_mm[1]:g} mm from the trim's top-left corner "
            f"({box_mm[2]:g} x {box_mm[3]:g} mm)")
