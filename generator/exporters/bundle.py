"""An upload bundle per vendor: a folder and a zip holding exactly the files the vendor's uploader
takes (the PNGs of an image vendor, the deck PDFs of a PDF vendor), named the vendor's way, with
UPLOAD.txt listing for each component the product to choose and the counts."""
from __future__ import annotations

import os
import shutil
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.output import Produced
from generator.exporters.vendors import Vendor

if TYPE_CHECKING:
    from generator.exporters.registry import Job

ZIP_DATE = (1980, 1, 1, 0, 0, 0)   # every entry's date, so two builds give the same zip


def write_bundle(job: "Job", vendor: Vendor, files: list[Produced]) -> list[Produced]:
    wanted = [f for f in files if f.path.endswith(f".{vendor.file_type}") and "component" in f.extra]
    if not wanted:
        return []
    folder = f"{job.stem}-upload"
    names: dict[str, str] = {}
    for entry in sorted(wanted, key=lambda f: f.path):
        name = upload_name(vendor, entry, Path(entry.path).stem) + f".{vendor.file_type}"
        names[name if name not in names else f"{Path(name).stem}-{len(names)}{Path(name).suffix}"] = entry.path
    (job.stage / folder).mkdir(parents=True, exist_ok=True)
    for name, source in names.items():
        _link(job.stage / source, job.stage / folder / name)
    (job.stage / folder / "UPLOAD.txt").write_text(instructions(job, vendor, wanted, len(names)), encoding="utf-8")
    archive = f"{folder}.zip"
    with zipfile.ZipFile(job.stage / archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        for name in ["UPLOAD.txt", *sorted(names)]:
            info = zipfile.ZipInfo(f"{folder}/{name}", ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zipped.writestr(info, (job.stage / folder / name).read_bytes())
    listed = [Produced(f"{folder}/{name}", "upload", job.profile.id) for name in ["UPLOAD.txt", *sorted(names)]]
    return listed + [Produced(archive, "upload-zip", job.profile.id, None, {"files": len(names)})]


def upload_name(vendor: Vendor, entry: Produced, stem: str) -> str:
    """The vendor's file name for a file: its `naming` pattern filled in."""
    extra = entry.extra
    side = {"face": "front", "back": "back"}.get(extra.get("side", ""), "")
    return vendor.naming.format(component=extra.get("component", ""), side=side, SIDE=side.upper(), name=stem,
                                count=extra.get("count", ""), product=extra.get("product", ""))


def instructions(job: "Job", vendor: Vendor, files: list[Produced], count: int) -> str:
    game = job.edition.game
    lines = [f"{game.title} ({job.edition.spec.title}) for {vendor.name}", "",
             f"{count} files ({vendor.file_type.upper()}, {vendor.colour.upper() if vendor.colour != 'any' else 'RGB'}, "
             f"{vendor.dpi} DPI)" + (f"; upload at most {vendor.max_files} files at a time" if vendor.max_files else ""),
             ""]
    by_component: dict[str, list[Produced]] = {}
    for entry in files:
        by_component.setdefault(entry.extra["component"], []).append(entry)
    names = {c.id: c.spec.name for c in job.edition.components}
    for component, entries in sorted(by_component.items()):
        product = entries[0].extra.get("product", "")
        if vendor.file_type == "pdf":
            pages = sum(e.pages or 0 for e in entries)
            lines.append(f"- {names.get(component, component)}: product '{product}', one PDF of {pages} pages "
                         f"({vendor.page_order.replace('-', ' then ')} for each card)")
            continue
        faces = [e for e in entries if e.extra.get("side") == "face"]
        backs = [e for e in entries if e.extra.get("side") == "back"]
        total = sum(e.extra.get("count", 0) for e in faces)
        lines.append(f"- {names.get(component, component)}: product '{product}', {total} pieces: "
                     f"{len(faces)} distinct fronts, {len(backs)} distinct backs")
        for entry in faces + backs:
            copies = entry.extra.get("count", 0)
            lines.append(f"    {upload_name(vendor, entry, Path(entry.path).stem)}: {copies} "
                         f"{'copy' if copies == 1 else 'copies'}")
    return "\n".join(lines) + "\n"


def _link(source: Path, dest: Path) -> None:
    try:
        os.link(source, dest)
    except OSError:
        shutil.copy2(source, dest)
