"""Total area coverage: each page of a CMYK PDF separated into its plates with Ghostscript's tiffsep
device; the coverage of a point is the sum of its process plates' ink (0-400%). Reports each file's
highest coverage and where it first occurs, and any spot-colour plate Ghostscript had to make."""
from __future__ import annotations

import math
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from generator.core.errors import UserError

PROCESS = ("Cyan", "Magenta", "Yellow", "Black")
_PLATE = re.compile(r"^p(\d+)\((.+)\)\.tif$")


@dataclass(frozen=True)
class PageCoverage:
    page: int                      # 1-based
    highest: float                 # percent
    box: tuple[float, float, float, float]   # where the highest coverage is, page points (x0, y0, x1, y1)
    spots: tuple[str, ...]         # plates other than the four process colours


def resolution_for(smallest_text_pt: float | None) -> int:
    """Pixels per inch fine enough that a stem of the smallest text (about a tenth of its size) is
    a pixel wide: 150 DPI for 9 pt text and above, up to 400 DPI for text under 2 pt."""
    if not smallest_text_pt:
        return 150
    return max(150, min(400, math.ceil(720 / smallest_text_pt)))


def separate(pdf: Path, dpi: int) -> list[PageCoverage]:
    gs = shutil.which("gs")
    if gs is None:
        raise UserError("the ink coverage check needs Ghostscript (gs): install the ghostscript package")
    with tempfile.TemporaryDirectory(prefix="pnp-tiffsep-") as tmp:
        result = subprocess.run([gs, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiffsep",
                                 f"-r{dpi}", f"-sOutputFile={tmp}/p%04d.tif", str(pdf)],
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise UserError(f"{pdf.name}: Ghostscript could not separate it: "
                            f"{(result.stderr or result.stdout).strip().splitlines()[-1:]}")
        plates: dict[int, dict[str, Path]] = {}
        for path in Path(tmp).iterdir():
            match = _PLATE.match(path.name)
            if match:
                plates.setdefault(int(match.group(1)), {})[match.group(2)] = path
        return [_page(number, found, dpi) for number, found in sorted(plates.items())]


def _page(number: int, plates: dict[str, Path], dpi: int) -> PageCoverage:
    from PIL import Image, ImageChops, ImageMath
    inks = {}
    for name in PROCESS:
        with Image.open(plates[name]) as plate:   # a plate is 0 where its ink is full, 255 where none
            inks[name] = ImageChops.invert(plate.convert("L")).convert("I")
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=inks["Cyan"], m=inks["Magenta"],
                                  y=inks["Yellow"], k=inks["Black"])
    highest = total.getextrema()[1]
    peak = ImageMath.lambda_eval(lambda a: (a["t"] >= highest) * 255, t=total).convert("L")
    left, top, right, bottom = peak.getbbox() or (0, 0, 1, 1)
    height = total.size[1]
    scale = 72 / dpi
    box = (left * scale, (height - bottom) * scale, right * scale, (height - top) * scale)
    spots = tuple(sorted(n for n in plates if n not in PROCESS))
    return PageCoverage(number, round(highest * 100 / 255, 1), box, spots)
