"""Run every check on the print-shop files an output folder's manifest lists."""
from __future__ import annotations

import json
from pathlib import Path

from generator.core.errors import UserError
from generator.model.layouts import Layouts
from generator.exporters.vendors import load_vendor
from generator.preflight.boxes import box_rows, trim_of
from generator.preflight.colour import colour_rows
from generator.preflight.content import page_content
from generator.preflight.coverage import resolution_for, separate
from generator.preflight.fonts import font_rows
from generator.preflight.images import resolution_rows
from generator.preflight.ink import coverage_rows, spot_rows
from generator.preflight.marks import line_rows, smallest_text, text_rows
from generator.preflight.pngs import count_rows, name_rows, png_rows
from generator.preflight.rows import Row
from generator.preflight.safezone import safe_rows
from generator.preflight.target import DEFAULT, Target

def manifest_files(out_dir: Path) -> list[dict]:
    manifest = out_dir / "manifest.json"
    if not manifest.is_file():
        raise UserError(f"{out_dir}: no manifest.json; give an output folder a build wrote")
    try:
        data = json.loads(manifest.read_text())
        return [dict(entry) for entry in data["files"] if isinstance(entry.get("path"), str)]
    except (json.JSONDecodeError, KeyError, TypeError, AttributeError, ValueError):
        raise UserError(f"{manifest}: not a manifest a build wrote") from None


def targets(out_dir: Path, layouts: Layouts, files: list[dict]) -> list[Target]:
    out, vendors = [], {}
    for entry in files:
        path = out_dir / entry["path"]
        if not path.resolve().is_relative_to(out_dir.resolve()):
            continue   # a manifest is untrusted: nothing outside the folder is read
        is_pdf = entry.get("kind") == "print-shop" and path.suffix == ".pdf"
        profile = layouts.profiles.get(entry.get("profile") or "")
        vendor_id = profile.options.get("vendor") if profile else None
        if not path.is_file() or not (is_pdf or (entry.get("kind") == "png" and vendor_id)):
            continue
        if vendor_id and vendor_id not in vendors:
            vendors[vendor_id] = load_vendor(layouts, vendor_id, profile.id)
        vendor = vendors[vendor_id] if vendor_id else DEFAULT
        product = vendor.products.get(entry.get("product", ""))
        cmyk = entry.get("colour_model") == "cmyk" or (is_pdf and vendor.colour == "cmyk")
        out.append(Target(path, entry["path"], entry.get("profile", ""), vendor_id, vendor, product, cmyk, entry))
    return out


def preflight(out_dir: Path, layouts: Layouts, files: list[dict] | None = None) -> list[Row]:
    """Rows for every print-shop file of `files` (manifest entries; default: the folder's manifest)."""
    found = targets(out_dir, layouts, manifest_files(out_dir) if files is None else files)
    colours = {name: tuple(c.cmyk) for name, c in layouts.style.colours.items() if c.cmyk is not None}
    rows: list[Row] = []
    for target in found:
        rows += pdf_rows(target, colours) if target.path.suffix == ".pdf" else png_rows(target)
    by_profile: dict[str, list[Target]] = {}
    for target in found:
        if target.path.suffix == ".png":
            by_profile.setdefault(target.profile, []).append(target)
    for profile, pngs in sorted(by_profile.items()):
        rows += count_rows(profile, [t.name for t in pngs], pngs[0].vendor.max_files, pngs[0].vendor.name)
    entries = manifest_files(out_dir) if files is None else files
    vendors = {t.profile: t.vendor for t in found if t.vendor_id}
    for profile, vendor in sorted(vendors.items()):
        bundle = [Path(e["path"]).name for e in entries if e.get("kind") == "upload" and e.get("profile") == profile]
        if bundle:
            rows += name_rows(profile, bundle, vendor.name, vendor.file_type)
    return rows


def pdf_rows(target: Target, colours: dict[str, tuple]) -> list[Row]:
    import pikepdf
    import pypdfium2 as pdfium
    document = pdfium.PdfDocument(str(target.path))
    try:
        drawn = [page_content(document[i]) for i in range(len(document))]
        faces = _faces(document, target) if target.product else []
    finally:
        document.close()
    rows: list[Row] = []
    with pikepdf.open(target.path) as pdf:
        rows += box_rows(target, pdf)
        rows += font_rows(target, pdf)
        if target.cmyk:
            rows += colour_rows(target, pdf, drawn)
    if target.cmyk:
        dpi = resolution_for(smallest_text(drawn))
        pages = separate(target.path, dpi)
        rows += coverage_rows(target, pages, dpi, colours) + spot_rows(target, pages)
    rows += resolution_rows(target, drawn) + text_rows(target, drawn) + line_rows(target, drawn)
    if target.product:
        rows += safe_rows(target, faces, drawn, target.product.safe)
    return rows


def _faces(document, target: Target) -> list[tuple]:
    """Each distinct page rendered, with its trim in pixels (pages repeat once per printed copy)."""
    import pikepdf
    scale = 150 / 72
    out, seen = [], set()
    with pikepdf.open(target.path) as pdf:
        for number, page in enumerate(pdf.pages, 1):
            key = _content(page)
            if key in seen:
                continue
            seen.add(key)
            x0, y0, x1, y1 = trim_of(page)
            height = float(page.obj.MediaBox[3])
            image = document[number - 1].render(scale=scale).to_pil()
            out.append((number, image, (x0 * scale, (height - y1) * scale, x1 * scale, (height - y0) * scale),
                        scale, height))
    return out


def _content(page) -> bytes:
    """A page's content, to tell repeated pages (a page per printed copy) from new ones."""
    import pikepdf
    contents = page.obj.get("/Contents")
    parts = [] if contents is None else contents if isinstance(contents, pikepdf.Array) else [contents]
    return b"".join(part.read_bytes() for part in parts)
