"""Effective resolution of every placed image at its printed size."""
from __future__ import annotations

from generator.preflight.content import Drawn
from generator.preflight.rows import Row
from generator.preflight.target import Target


def resolution_rows(target: Target, pages: list[list[Drawn]]) -> list[Row]:
    images = [(number, d) for number, drawn in enumerate(pages, 1) for d in drawn if d.kind == "image"]
    need = target.vendor.min_image_dpi
    if not images:
        return [Row(target.name, "image-resolution", "pass", "no placed images", f"at least {need} DPI")]
    number, low = min(images, key=lambda item: item[1].size)
    status = "fail" if low.size < need - 0.5 else "pass"
    return [Row(target.name, "image-resolution", status,
                f"lowest {low.size:g} DPI: a {low.pixels[0]} x {low.pixels[1]} px image on page {number}",
                f"at least {need} DPI", page=number, box_pt=list(low.box))]
