"""Text under the minimum size and strokes under the minimum line width, from the PDF's content."""
from __future__ import annotations

from generator.preflight.content import Drawn
from generator.preflight.rows import Row
from generator.preflight.target import Target


def text_rows(target: Target, pages: list[list[Drawn]]) -> list[Row]:
    texts = [(n, d) for n, drawn in enumerate(pages, 1) for d in drawn if d.kind == "text" and d.text.strip()]
    need = target.vendor.min_text_pt
    if not texts:
        return [Row(target.name, "text-size", "pass", "no text", f"at least {need:g} pt")]
    number, small = min(texts, key=lambda item: item[1].size)
    status = "fail" if small.size < need - 0.01 else "pass"
    return [Row(target.name, "text-size", status, f"smallest {small.size:g} pt ('{small.text[:30]}', page {number})",
                f"at least {need:g} pt", page=number, box_pt=list(small.box))]


def line_rows(target: Target, pages: list[list[Drawn]]) -> list[Row]:
    strokes = [(n, d) for n, drawn in enumerate(pages, 1) for d in drawn if d.kind == "stroke"]
    need = target.vendor.min_line_pt
    if not strokes:
        return [Row(target.name, "line-width", "pass", "no stroked lines", f"at least {need:g} pt")]
    number, thin = min(strokes, key=lambda item: item[1].size)
    status = "fail" if thin.size < need - 1e-3 else "pass"
    return [Row(target.name, "line-width", status, f"thinnest {thin.size:g} pt on page {number}",
                f"at least {need:g} pt", page=number, box_pt=list(thin.box))]


def smallest_text(pages: list[list[Drawn]]) -> float | None:
    sizes = [d.size for drawn in pages for d in drawn if d.kind == "text" and d.text.strip()]
    return min(sizes) if sizes else None
