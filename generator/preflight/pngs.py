"""Vendor PNGs: pixel size of the product, colour mode, DPI tag, ink in the safe zone, and how many
files one upload takes."""
from __future__ import annotations

import re

from generator.preflight.rows import Row
from generator.preflight.safezone import safe_rows
from generator.preflight.target import Target

MODES = {"rgb": {"RGB", "RGBA"}, "cmyk": {"CMYK"}, "any": {"RGB", "RGBA", "CMYK", "L"}}


def png_rows(target: Target) -> list[Row]:
    from PIL import Image
    vendor, product = target.vendor, target.product
    with Image.open(target.path) as image:
        image.load()
        size, mode, dpi = image.size, image.mode, image.info.get("dpi", (0, 0))
        rows = []
        if product is not None:
            want = product.pixels if (size[0] > size[1]) == (product.pixels[0] > product.pixels[1]) \
                else product.pixels[::-1]
            rows.append(Row(target.name, "pixel-size", "pass" if tuple(size) == tuple(want) else "fail",
                            f"{size[0]} x {size[1]} px", f"{want[0]} x {want[1]} px ({target.entry.get('product')})"))
        rows.append(Row(target.name, "colour-mode", "pass" if mode in MODES[vendor.colour] else "fail",
                        mode, " or ".join(sorted(MODES[vendor.colour]))))
        rows.append(Row(target.name, "dpi-tag", "pass" if abs(float(dpi[0]) - vendor.dpi) < 0.5 else "warn",
                        f"{float(dpi[0]):g} DPI" if dpi[0] else "no DPI tag", f"{vendor.dpi} DPI"))
        if product is not None:
            scale = vendor.dpi / 72   # pixels per point
            tw, th = (v * scale for v in (product.trim if want == product.pixels else product.trim[::-1]))
            trim = ((size[0] - tw) / 2, (size[1] - th) / 2, (size[0] + tw) / 2, (size[1] + th) / 2)
            rows += safe_rows(target, [(1, image, trim, scale, size[1] / scale)], None, product.safe)
    return rows


def count_rows(profile: str, names: list[str], max_files: int | None, vendor: str) -> list[Row]:
    """One row per vendor profile: the number of files against what one upload takes."""
    if max_files is None:
        return [Row(f"{profile} ({len(names)} files)", "file-count", "pass", f"{len(names)} files", "no limit stated")]
    uploads = -(-len(names) // max_files)
    return [Row(f"{profile} ({len(names)} files)", "file-count", "pass" if uploads <= 1 else "warn",
                f"{len(names)} files" + (f": {uploads} uploads" if uploads > 1 else ""),
                f"{max_files} files an upload at {vendor}")]


SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")


def name_rows(profile: str, names: list[str], vendor: str, file_type: str) -> list[Row]:
    """The upload bundle's file names: the vendor's file type, safe characters, no two alike in any case."""
    files = [n for n in names if n != "UPLOAD.txt"]
    odd = [n for n in files if not SAFE_NAME.match(n) or not n.endswith(f".{file_type}")]
    lower = [n.lower() for n in files]
    clashes = sorted({n for n in files if lower.count(n.lower()) > 1})
    problems = odd + clashes
    return [Row(f"{profile} upload bundle", "file-names", "fail" if problems else "pass",
                f"{len(files)} files" + (f"; not usable: {', '.join(problems[:5])}" if problems else ", names usable"),
                f"{file_type.upper()} files named with letters, digits, '.', '-' and '_', each once ({vendor})")]
