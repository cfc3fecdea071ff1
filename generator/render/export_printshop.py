"""Print-shop files: one PDF per deck, each card's front then its back on pages of trim plus bleed,
with TrimBox and BleedBox on every page, fonts embedded, no transparency; optionally per-card PNGs
at the vendor's pixel size, and the whole file in DeviceCMYK for a CMYK profile."""
from __future__ import annotations

import base64
import re
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from reportlab.pdfgen.canvas import Canvas

from ..errors import UserError
from ..output import Produced
from .export_common import Options, designs_of, export_components, profile_options
from .export_png import write_pngs
from .faces import FacePainter
from .style import layouts_for_profile

if TYPE_CHECKING:
    from ..pipeline import Job

_STREAM = re.compile(rb"stream\r?\n(.*?)endstream", re.S)
_RGB = re.compile(rb"(?:^|[\s\]])(?:[-\d.]+\s+){3}(rg|RG)\b|/DeviceRGB|/CalRGB")


class PrintShopOptions(Options):
    order: Literal["front-back", "fronts-then-backs"] = "front-back"  # page order inside a deck's PDF
    copies: Literal["every", "distinct"] = "every"  # a page per printed copy, or per distinct card


def export_print_shop(job: "Job") -> list[Produced]:
    options = profile_options(job.layouts, job.profile, PrintShopOptions)
    produced = []
    for component in export_components(job, options.kinds):
        name = f"{job.stem}-{component.id}.pdf"
        pages = write_deck(job, component, job.stage / name, options)
        if job.profile.colour_model == "cmyk":
            found = rgb_traces((job.stage / name).read_bytes())
            if found:
                raise UserError(f"{name}: profile '{job.profile.id}' is CMYK but the file still has RGB colour "
                                f"({', '.join(sorted(found))}); an image in a template is probably RGB")
        produced.append(Produced(name, "print-shop", job.profile.id, pages, {
            "component": component.id, "bleed_mm": round(job.profile.bleed / 72 * 25.4, 3),
            "colour_model": job.profile.colour_model, "order": options.order}))
    if job.profile.pixel_size:
        produced += write_pngs(job, options.kinds)
    return produced


def write_deck(job: "Job", component, path: Path, options: PrintShopOptions) -> int:
    layouts = layouts_for_profile(job.layouts, job.profile)
    painter = FacePainter(job.edition.game, layouts, job.profile)
    fronts, backs, back_of = designs_of(component, painter)
    bleed = job.profile.bleed
    w, h = fronts[0].template.size
    size = (w + 2 * bleed, h + 2 * bleed)
    title = f"{job.edition.game.title} ({job.edition.spec.title}): {component.spec.name}"
    c = shop_canvas(path, size, title, job.profile.colour_model, next(iter(painter.fonts.values())))
    c.setBleedBox((0, 0, *size))
    c.setTrimBox((bleed, bleed, bleed + w, bleed + h))
    copies = [i for i, d in enumerate(fronts) for _ in range(d.count if options.copies == "every" else 1)]
    faces = []
    if options.order == "front-back":
        for i in copies:
            faces += [fronts[i]] + ([backs[back_of[i]]] if back_of[i] >= 0 else [])
    else:
        faces = [fronts[i] for i in copies] + [backs[back_of[i]] for i in copies if back_of[i] >= 0]
    for design in faces:
        painter.draw(c, design.template, design.values, bleed, size[1] - bleed, bleed)
        c.showPage()
    c.save()
    return len(faces)


def shop_canvas(path: Path, size: tuple[float, float], title: str, colour_model: str, font: str) -> Canvas:
    """A reproducible canvas whose initial font is an embedded TrueType one: reportlab's default
    initial font is Helvetica, which it would list in every page's resources without embedding it."""
    c = Canvas(str(path), pagesize=size, invariant=1, pageCompression=1, initialFontName=font,
               enforceColorSpace="cmyk" if colour_model == "cmyk" else None)
    for setter in (c.setTitle, c.setAuthor, c.setCreator, c.setProducer):
        setter("pnp-generator" if setter != c.setTitle else title)
    return c


def rgb_traces(pdf: bytes) -> set[str]:
    """RGB colour left in a PDF: rg/RG operators in any content stream, or an RGB colour space."""
    found = set()
    for chunk in [pdf] + [_inflate(m.group(1)) for m in _STREAM.finditer(pdf)]:
        for match in _RGB.finditer(chunk):
            found.add(match.group(1).decode() if match.group(1) else match.group(0).strip().decode())
    return found


def _inflate(data: bytes) -> bytes:
    """A stream's bytes with reportlab's filters (ASCII85, Flate) undone; raw when neither applies."""
    data = data.strip()
    try:
        if data.endswith(b"~>"):
            data = base64.a85decode(data, adobe=True)
        return zlib.decompress(data)
    except (ValueError, zlib.error):
        return data
