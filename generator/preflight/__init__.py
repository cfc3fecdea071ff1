"""Preflight: the checks a print shop runs on the files a build wrote, measured on those files.

`run_preflight` reads an output folder's manifest, checks every print-shop PDF and every vendor
PNG against its vendor's table (looks/vendors/), and writes a report (HTML for people, JSON for
scripts) into the folder's `preflight/`. One module per check; each returns `Row`s.
"""

from __future__ import annotations

from pathlib import Path

from generator.model.game import Edition
from generator.model.layouts import Layouts
from generator.preflight.rows import Row, worst


def run_preflight(out_dir: Path, layouts: Layouts, game: str, edition: str,
                  files: list[dict] | None = None, loaded: Edition | None = None) -> tuple[list[Row], list[str]]:
    """Check the folder's print-shop files (`files`: manifest entries, default the folder's
    manifest), and with the edition ``loaded`` the contrast of the text on the faces its sheets and
    print-shop files print, and write the report into it: (rows, files written)."""
    from generator.render.pdfx import require_pikepdf
    from generator.preflight.contrast import contrast_rows
    from generator.preflight.report import write_report
    from generator.preflight.run import manifest_files, preflight
    require_pikepdf()   # reads every PDF's structure; a clear message when the pdfx extra is missing
    rows = preflight(out_dir, layouts, files)
    if loaded is not None:
        rows += contrast_rows(layouts, loaded, manifest_files(out_dir) if files is None else files)
    return rows, write_report(out_dir, game, edition, rows)


def summary_lines(rows: list[Row]) -> list[str]:
    """One line per failed or warned check, for the terminal."""
    from generator.preflight.geometry import where
    return [f"preflight {r.status}: {r.file}: {r.check}: {r.measured} (limit: {r.limit})"
            + (f", {where(r.where_mm)}" if r.where_mm else "") for r in rows if r.status != "pass"]


__all__ = ["Row", "run_preflight", "summary_lines", "worst"]
