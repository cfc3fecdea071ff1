"""A preflight result: one row per file and check."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

STATUSES = ("pass", "warn", "fail")


@dataclass
class Row:
    file: str               # relative to the output folder
    check: str              # coverage, image-resolution, fonts, colour, boxes, text-size, line-width, safe-zone, png
    status: str             # pass, warn or fail
    measured: str           # what was found, in words and numbers
    limit: str              # what the vendor (or the usual print minimum) allows
    page: int | None = None          # 1-based page of a PDF, for a location-based finding
    where_mm: list[float] | None = None   # x, y, w, h in mm from the trim's top-left corner
    box_pt: list[float] | None = None     # the same place in PDF points (x0, y0, x1, y1), for the thumbnail
    thumbnail: str | None = None     # a PNG beside the report with the place marked
    detail: list[str] = field(default_factory=list)  # e.g. the template colours responsible

    def as_dict(self) -> dict:
        data = asdict(self)
        data.pop("box_pt")
        return {k: v for k, v in data.items() if v not in (None, [])}


def worst(rows: list[Row]) -> str:
    return max((r.status for r in rows), key=STATUSES.index, default="pass")
