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

from generator.core.errors import GameDataError
from generator.model.source import load_yaml
from generator.core.output import Produced
from generator.core.units import MM
from generator.exporters.bundle import write_bundle
from generator.exporters.common import designs_of, export_components, profile_options
from generator.exporters.png import vendor_components, vendor_of, write_pngs
from generator.draw.overprint import used as overprint_used
from generator.render import overprint
from generator.render.faces import FacePainter
from generator.render.pdf import new_canvas
from generator.render.pdfx import VERSIONS, OutputIntent, make_pdfx, require_pikepdf
from generator.render.style import layouts_for_profile
from generator.exporters.vendors import Placement, Vendor, VendorOptions, place

if TYPE_CHECKING:
    from generator.exporters.registry import Job

_STREAM = re.compile(rb"stream\r?\n(.*?)endstream", re.S)
_RGB = re.compile(rb"(?:^|[\s\]])(?:[-\d.]+\s+){3}(rg|RG)\b|/DeviceRGB|/CalRGB")


Order = Literal["front-back", "back-front", "fronts-then-backs"]


class PrintShopOptions(VendorOptions):
    order: Order | None = None  # page order inside a deck's PDF; default: the vendor's, else front-back
    copies: Literal["every", "distinct"] = "every"  # a page per printed copy, or per distinct card
    pdfx: Literal["x-1a", "x-4"] | None = None       # make each deck PDF a PDF/X file (CMYK profiles only)
    output_intent: OutputIntent = OutputIntent()     # the press condition a PDF/X file names
    ink_limit_fix: bool = False     # CMYK: colours over the vendor's ink limit print as their closest within it
    small_black_as_k: bool = True   # CMYK: near-black text under 12 pt prints as pure K, overprinting


def export_print_shop(job: "Job") -> list[Produced]:
    options = profile_options(job.layouts, job.profile, PrintShopOptions)
    icc = output_profile(job, options) if options.pdfx or options.ink_limit_fix else None
    vendor = vendor_of(job, options)
    check_vendor_agrees(job, options, vendor)
    limit = ink_limit(job, options, vendor)
    order = options.order or (vendor.page_order if vendor else "front-back")
    components = vendor_components(job, export_components(job, options.kinds), vendor, options.trim_tolerance)
    produced = []
    for component in components:
        name = f"{job.stem}-{component.id}.pdf"
        spot = deck_placement(job, component, vendor, options.trim_tolerance)
        pages, limited = write_deck(job, component, job.stage / name, order, options, spot,
                                    (limit, icc) if limit else None)
        if job.profile.colour_model == "cmyk":
            found = rgb_traces((job.stage / name).read_bytes())
            if found:  # the preflight fails the file; --strict stops the build
                job.warnings.append(f"{name}: profile '{job.profile.id}' is CMYK but the file still has RGB colour "
                                    f"({', '.join(sorted(found))}); an image in a template is probably RGB")
        if options.pdfx:
            make_pdfx(job.stage / name, options.pdfx, options.output_intent, icc)
        produced.append(Produced(name, "print-shop", job.profile.id, pages, {
            "component": component.id, "bleed_mm": round(spot.bleed / MM, 3),
            "trim_mm": [round(v / MM, 3) for v in spot.trim], **({"product": spot.product} if vendor else {}),
            "colour_model": job.profile.colour_model, "order": order,
            **({"vendor": options.vendor} if vendor else {}),
            **({"ink_limited": limited} if limited else {}),
            **({"pdfx": VERSIONS[options.pdfx][0]} if options.pdfx else {})}))
    if job.profile.pixel_size or (vendor and vendor.file_type == "png"):
        produced += write_pngs(job, components, vendor=vendor, tolerance=options.trim_tolerance)
    if vendor is not None:
        produced += write_bundle(job, vendor, produced)
    return produced


def ink_limit(job: "Job", options: PrintShopOptions, vendor: Vendor | None) -> float | None:
    """The total-ink limit colours are brought under (ink_limit_fix), from the vendor's table."""
    if not options.ink_limit_fix:
        return None
    if vendor is None or vendor.ink_limit is None:
        source = load_yaml(job.layouts.profile_path(job.profile.id))
        raise source.error(("options", "ink_limit_fix"), "a vendor whose table states an ink_limit",
                           f"vendor {options.vendor!r} with no ink limit")
    return float(vendor.ink_limit)


def check_vendor_agrees(job: "Job", options: PrintShopOptions, vendor: Vendor | None) -> None:
    """A profile naming a vendor whose files must be CMYK or PDF/X must write them so."""
    if vendor is None:
        return
    source = load_yaml(job.layouts.profile_path(job.profile.id))
    if vendor.colour == "cmyk" and job.profile.colour_model != "cmyk":
        raise source.error(("colour_model",), f"cmyk ({vendor.name} takes CMYK files only)",
                           repr(job.profile.colour_model))
    if vendor.pdf_standard and options.pdfx != vendor.pdf_standard:
        raise source.error(("options", "pdfx"), f"{vendor.pdf_standard} ({vendor.name} asks for "
                           f"{VERSIONS[vendor.pdf_standard][0]})", repr(options.pdfx))


def deck_placement(job: "Job", component, vendor: Vendor | None, tolerance: float | None) -> Placement:
    """Where a deck's faces sit on its pages: on the vendor product's canvas (the same as its PNGs),
    or on a page of the face plus the profile's bleed."""
    template = FacePainter(job.edition.game, job.layouts, job.profile,
                           edition=job.edition).template_for(component, "face")
    size = template.size
    if vendor is not None:
        what = f"{component.id} ({component.spec.name}, template {template.id})"
        return place(vendor, size, template.shape, what, tolerance, component.spec.kind)
    bleed = job.profile.bleed
    page = (size[0] + 2 * bleed, size[1] + 2 * bleed)
    return Placement("", (0, 0), 0, page, size, bleed, (bleed, bleed), bleed)


def refuse_transparency(templates) -> None:
    """PDF/X-1a has no transparency: an element drawn with opacity under 1, or a pattern fill laid with
    opacity or a blend, is one clear error."""
    for template in templates:
        for name, element in template.elements.items():
            source, where = template.sources[name]
            for key, value in _transparent(element):
                wanted = "opacity under 1" if key[-1] == "opacity" else "blend but normal"
                raise source.error(where + key, f"no {wanted} in a PDF/X-1a file (it has no transparency; a "
                                   "PDF/X-4 profile keeps it)", repr(value))


def _transparent(element) -> list[tuple[tuple[str, ...], object]]:
    found = [(("opacity",), element.opacity)] if element.opacity < 1 else []
    for key in ("fill", "centre_fill"):
        pattern = getattr(element, key, None)
        if getattr(pattern, "image", None) is not None:
            found += [((key, "opacity"), pattern.opacity)] if pattern.opacity < 1 else []
            found += [((key, "blend"), pattern.blend)] if pattern.blend != "normal" else []
    return found


def write_deck(job: "Job", component, path: Path, order: str, options: PrintShopOptions, spot: Placement,
               limit: tuple[float, bytes] | None) -> tuple[int, dict]:
    """The deck's pages; with the colours brought under an ink limit, what each became."""
    layouts = layouts_for_profile(job.layouts, job.profile)
    painter = FacePainter(job.edition.game, layouts, job.profile, edition=job.edition)
    painter.palette.small_black_as_k = options.small_black_as_k
    if limit is not None:
        painter.palette.limit_ink(*limit)
    copies_of = options.copies
    fronts, backs, back_of = designs_of(component, painter)
    if options.pdfx == "x-1a":
        refuse_transparency([d.template for d in fronts + backs])
    size, (tw, th) = spot.page, spot.trim
    title = f"{job.edition.game.title} ({job.edition.spec.title}): {component.spec.name}"
    c = new_canvas(path, size, title, job.profile.colour_model, painter.fonts["body"])
    x0, y0 = (size[0] - tw) / 2, (size[1] - th) / 2
    c.setBleedBox((x0 - spot.bleed, y0 - spot.bleed, x0 + tw + spot.bleed, y0 + th + spot.bleed))
    c.setTrimBox((x0, y0, x0 + tw, y0 + th))
    copies = [i for i, d in enumerate(fronts) for _ in range(d.count if copies_of == "every" else 1)]
    faces = []
    if order in ("front-back", "back-front"):
        for i in copies:
            pair = [fronts[i]] + ([backs[back_of[i]]] if back_of[i] >= 0 else [])
            faces += pair if order == "front-back" else pair[::-1]
    else:
        faces = [fronts[i] for i in copies] + [backs[back_of[i]] for i in copies if back_of[i] >= 0]
    for design in faces:
        painter.draw(c, design.template, design.values, spot.offset[0], size[1] - spot.offset[1], spot.cover)
        c.showPage()
    c.save()
    if overprint_used(c):
        overprint.register(path)
    limited = {name: {"given": list(given), "printed": list(printed), "delta_e": delta}
               for name, (given, printed, delta) in sorted(painter.palette.limited.items())}
    return len(faces), limited


MAX_ICC_BYTES = 16 * 2**20  # a printer's CMYK profile is a few MB at most


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
    if found.stat().st_size > MAX_ICC_BYTES:
        raise GameDataError(found, None, "options.output_intent.icc", f"an ICC profile of at most {MAX_ICC_BYTES:,} bytes",
                            f"{found.stat().st_size:,} bytes")
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
