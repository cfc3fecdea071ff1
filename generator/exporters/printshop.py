"""Print-shop files: one PDF per deck, each card's front then its back on pages of trim plus bleed,
with TrimBox and BleedBox on every page, fonts embedded, no transparency; for a vendor profile the
pages and per-card PNGs take the canvas of the vendor's matching product; a CMYK profile writes
DeviceCMYK only, made PDF/X when the profile asks."""
from __future__ import annotations

import base64
import re
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from generator.core.errors import GameDataError, UserError
from generator.model.source import load_yaml
from generator.core.output import Produced
from generator.core.units import MM
from generator.exporters.common import designs_of, export_components, profile_options
from generator.exporters.png import vendor_of, write_pngs
from generator.render.faces import FacePainter
from generator.render.pdf import new_canvas
from generator.render.pdfx import VERSIONS, OutputIntent, make_pdfx, require_pikepdf
from generator.render.style import layouts_for_profile
from generator.exporters.vendors import Placement, Vendor, VendorOptions, place

if TYPE_CHECKING:
    from generator.exporters.registry import Job

_STREAM = re.compile(rb"stream\r?\n(.*?)endstream", re.S)
_RGB = re.compile(rb"(?:^|[\s\]])(?:[-\d.]+\s+){3}(rg|RG)\b|/DeviceRGB|/CalRGB")


class PrintShopOptions(VendorOptions):
    order: Literal["front-back", "fronts-then-backs"] = "front-back"  # page order inside a deck's PDF
    copies: Literal["every", "distinct"] = "every"  # a page per printed copy, or per distinct card
    pdfx: Literal["x-1a", "x-4"] | None = None       # make each deck PDF a PDF/X file (CMYK profiles only)
    output_intent: OutputIntent = OutputIntent()     # the press condition a PDF/X file names


def export_print_shop(job: "Job") -> list[Produced]:
    options = profile_options(job.layouts, job.profile, PrintShopOptions)
    icc = output_profile(job, options) if options.pdfx else None
    vendor = vendor_of(job, options)
    produced = []
    for component in export_components(job, options.kinds):
        name = f"{job.stem}-{component.id}.pdf"
        spot = deck_placement(job, component, vendor, options.trim_tolerance)
        pages = write_deck(job, component, job.stage / name, options, spot)
        if job.profile.colour_model == "cmyk":
            found = rgb_traces((job.stage / name).read_bytes())
            if found:
                raise UserError(f"{name}: profile '{job.profile.id}' is CMYK but the file still has RGB colour "
                                f"({', '.join(sorted(found))}); an image in a template is probably RGB")
        if icc is not None:
            make_pdfx(job.stage / name, options.pdfx, options.output_intent, icc)
        produced.append(Produced(name, "print-shop", job.profile.id, pages, {
            "component": component.id, "bleed_mm": round(spot.bleed / MM, 3),
            "trim_mm": [round(v / MM, 3) for v in spot.trim], **({"product": spot.product} if vendor else {}),
            "colour_model": job.profile.colour_model, "order": options.order,
            **({"pdfx": VERSIONS[options.pdfx][0]} if options.pdfx else {})}))
    if job.profile.pixel_size or vendor:
        produced += write_pngs(job, options.kinds, vendor=vendor, tolerance=options.trim_tolerance)
    return produced


def deck_placement(job: "Job", component, vendor: Vendor | None, tolerance: float | None) -> Placement:
    """Where a deck's faces sit on its pages: on the vendor product's canvas (the same as its PNGs),
    or on a page of the face plus the profile's bleed."""
    template = FacePainter(job.edition.game, job.layouts, job.profile).template_for(component, "face")
    size = template.size
    if vendor is not None:
        what = f"{component.id} ({component.spec.name}, template {template.id})"
        return place(vendor, size, template.shape, what, tolerance)
    bleed = job.profile.bleed
    page = (size[0] + 2 * bleed, size[1] + 2 * bleed)
    return Placement("", (0, 0), 0, page, size, bleed, (bleed, bleed), bleed)


def write_deck(job: "Job", component, path: Path, options: PrintShopOptions, spot: Placement) -> int:
    layouts = layouts_for_profile(job.layouts, job.profile)
    painter = FacePainter(job.edition.game, layouts, job.profile)
    fronts, backs, back_of = designs_of(component, painter)
    size, (tw, th) = spot.page, spot.trim
    title = f"{job.edition.game.title} ({job.edition.spec.title}): {component.spec.name}"
    c = new_canvas(path, size, title, job.profile.colour_model, painter.fonts["body"])
    x0, y0 = (size[0] - tw) / 2, (size[1] - th) / 2
    c.setBleedBox((x0 - spot.bleed, y0 - spot.bleed, x0 + tw + spot.bleed, y0 + th + spot.bleed))
    c.setTrimBox((x0, y0, x0 + tw, y0 + th))
    copies = [i for i, d in enumerate(fronts) for _ in range(d.count if options.copies == "every" else 1)]
    faces = []
    if options.order == "front-back":
        for i in copies:
            faces += [fronts[i]] + ([backs[back_of[i]]] if back_of[i] >= 0 else [])
    else:
        faces = [fronts[i] for i in copies] + [backs[back_of[i]] for i in copies if back_of[i] >= 0]
    for design in faces:
        painter.draw(c, design.template, design.values, spot.offset[0], size[1] - spot.offset[1], spot.cover)
        c.showPage()
    c.save()
    return len(faces)


def output_profile(job: "Job", options: PrintShopOptions) -> bytes:
    """The ICC output profile a PDF/X file carries: a CMYK printer profile found in the looks."""
    require_pikepdf()
    source = load_yaml(job.layouts.profile_path(job.profile.id))
    if job.profile.colour_model != "cmyk":
        raise source.error(("options", "pdfx"), "colour_model: cmyk beside a pdfx option",
                           f"colour_model: {job.profile.colour_model}")
    found = job.layouts.find(options.output_intent.icc)
    if found is None:
        raise source.error(("options", "output_intent", "icc"),
                           "an ICC file inside a looks folder (built-in, layouts/ or the game's)",
                           repr(options.output_intent.icc))
    data = found.read_bytes()
    if len(data) < 128 or data[12:16] != b"prtr" or data[16:20] != b"CMYK":
        raise GameDataError(found, None, "options.output_intent.icc", "an ICC output profile for CMYK printing",
                            f"class {data[12:16]!r}, colour space {data[16:20]!r}")
    return data


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
