"""Total area coverage rows: the highest coverage of each file against the vendor's ink limit, with
the style colours whose own CMYK values exceed it (the usual culprits)."""
from __future__ import annotations

from generator.preflight.coverage import PageCoverage
from generator.preflight.rows import Row
from generator.preflight.target import Target


def coverage_rows(target: Target, pages: list[PageCoverage], dpi: int, colours: dict[str, tuple]) -> list[Row]:
    if not pages:
        return []
    top = max(pages, key=lambda p: p.highest)
    limit = target.vendor.ink_limit
    status = "fail" if limit is not None and top.highest > limit + 0.5 else "pass"
    culprits = [f"colour '{name}' is C{c:g} M{m:g} Y{y:g} K{k:g} = {c + m + y + k:g}%"
                for name, (c, m, y, k) in sorted(colours.items()) if limit is not None and c + m + y + k > limit]
    if status == "fail" and not culprits:
        culprits = ["no style colour exceeds the limit by itself: an image there, or colours overprinting"]
    return [Row(target.name, "ink-coverage", status, f"{top.highest:g}% on page {top.page} (separated at {dpi} DPI)",
                f"at most {limit}%" if limit is not None else "none stated (measured only)", page=top.page,
                box_pt=list(top.box), detail=culprits if status == "fail" else [])]


def spot_rows(target: Target, pages: list[PageCoverage]) -> list[Row]:
    spots = sorted({s for p in pages for s in p.spots})
    first = next((p.page for p in pages if p.spots), None)
    return [Row(target.name, "spot-colour", "fail" if spots else "pass",
                f"spot plates {', '.join(spots)} (page {first})" if spots else "no spot plates",
                "process CMYK only", page=first)]
