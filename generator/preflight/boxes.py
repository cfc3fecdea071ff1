"""Page boxes present and nested: MediaBox contains BleedBox contains TrimBox, on every page."""
from __future__ import annotations

from generator.preflight.rows import Row
from generator.preflight.target import Target


def box_rows(target: Target, pdf) -> list[Row]:
    for number, page in enumerate(pdf.pages, 1):
        boxes = {}
        for name in ("/MediaBox", "/BleedBox", "/TrimBox"):
            value = page.obj.get(name)
            if value is None:
                return [Row(target.name, "page-boxes", "fail", f"no {name[1:]} on page {number}",
                            "MediaBox ⊇ BleedBox ⊇ TrimBox on every page", page=number)]
            boxes[name] = [float(v) for v in value]
        if not (_contains(boxes["/MediaBox"], boxes["/BleedBox"]) and _contains(boxes["/BleedBox"], boxes["/TrimBox"])):
            return [Row(target.name, "page-boxes", "fail", f"boxes not nested on page {number}: " + ", ".join(
                f"{k[1:]} {v}" for k, v in boxes.items()), "MediaBox ⊇ BleedBox ⊇ TrimBox", page=number)]
    return [Row(target.name, "page-boxes", "pass", f"nested on all {len(pdf.pages)} pages",
                "MediaBox ⊇ BleedBox ⊇ TrimBox on every page")]


def _contains(outer: list[float], inner: list[float], slack: float = 0.01) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack and
            inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def trim_of(page) -> tuple[float, float, float, float]:
    box = page.obj.get("/TrimBox") or page.obj.get("/MediaBox")
    return tuple(float(v) for v in box)
