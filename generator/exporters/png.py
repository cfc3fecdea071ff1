"""Per-card PNGs for print-on-demand vendors: one image per distinct face and per distinct back,
at the size of the vendor's product the piece matches (bleed included), with the copy counts in
the manifest. A piece keeps its own size in millimetres: it is centred on the product's canvas."""
from __future__ import annotations

from typing import TYPE_CHECKING

from generator.core.errors import GameDataError
from generator.core.output import Produced
from generator.exporters.bundle import write_bundle
from generator.exporters.common import Design, designs_of, export_components, profile_options
from generator.exporters.raster import Raster, checked, faces_pdf, raster_for, rasterise
from generator.render.faces import FacePainter
from generator.render.style import layouts_for_profile
from generator.exporters.vendors import NoProduct, Vendor, VendorOptions, load_vendor, place

if TYPE_CHECKING:
    from generator.exporters.registry import Job


class PngOptions(VendorOptions):
    pass


def export_pngs(job: "Job") -> list[Produced]:
    options = profile_options(job.layouts, job.profile, PngOptions)
    vendor = vendor_of(job, options)
    components = vendor_components(job, export_components(job, options.kinds), vendor, options.trim_tolerance)
    produced = write_pngs(job, components, vendor=vendor, tolerance=options.trim_tolerance)
    return produced + (write_bundle(job, vendor, produced) if vendor is not None else [])


def vendor_of(job: "Job", options: VendorOptions) -> Vendor | None:
    return load_vendor(job.layouts, options.vendor, job.profile.id) if options.vendor else None


def vendor_components(job: "Job", components: list, vendor: Vendor | None, tolerance: float | None) -> list:
    """The components whose every face and back is one of the vendor's products; the others are
    recorded as skipped, naming the nearest products."""
    if vendor is None:
        return components
    painter = FacePainter(job.edition.game, job.layouts, job.profile, edition=job.edition)
    kept = []
    for component in components:
        templates = {t.id: t for _, *sides in painter.sides(component) for t in sides if t is not None}
        try:
            for template in templates.values():
                what = f"template {template.id}"
                place(vendor, template.size, template.shape, what, tolerance, kind=component.spec.kind)
        except NoProduct as exc:
            job.skip(component, str(exc))
            continue
        kept.append(component)
    return kept


def write_pngs(job: "Job", components: list, folder: str | None = None, vendor: Vendor | None = None,
               tolerance: float | None = None) -> list[Produced]:
    """PNGs of every distinct face and back of `components`, in <stem>/<component>/."""
    layouts = layouts_for_profile(job.layouts, job.profile)
    painter = FacePainter(job.edition.game, layouts, job.profile, edition=job.edition)
    folder = folder or job.stem
    work: list[tuple[Design, Raster, str | None]] = []
    kinds = {c.id: c.spec.kind for c in components}
    for component in components:
        fronts, backs, _ = designs_of(component, painter)
        for design in fronts + backs:
            raster, product = raster_of(design, job, vendor, tolerance, kinds[design.component])
            work.append((design, checked(raster, profile_file(job), "pixel_size" if product else "dpi"), product))
    if not work:
        return []
    pdf = faces_pdf([(d, r) for d, r, _ in work], painter)
    tasks, produced = [], []
    for index, (design, raster, product) in enumerate(work):
        relative = f"{folder}/{design.component}/{design.name}.png"
        (job.stage / relative).parent.mkdir(parents=True, exist_ok=True)
        tasks.append((index, raster.pixels, raster.dpi, job.stage / relative))
        extra = {"component": design.component, "side": design.side, "label": design.label, "count": design.count,
                 "pixels": list(raster.pixels), "dpi": raster.dpi}
        produced.append(Produced(relative, "png", job.profile.id, None, {**extra, **({"product": product}
                                                                                     if product else {})}))
    rasterise(pdf, tasks)
    return produced


def raster_of(design: Design, job: "Job", vendor: Vendor | None, tolerance: float | None,
              kind: str | None = None) -> tuple[Raster, str | None]:
    """The vendor product's canvas when the profile names a vendor; else the profile's pixel size
    (the face scaled to fit it), else the face plus bleed at the profile's dpi."""
    profile = job.profile
    if vendor is not None:
        what = f"{design.component} {design.side} '{design.label}' (template {design.template.id})"
        spot = place(vendor, design.template.size, design.template.shape, what, tolerance, kind)
        # the smaller margin as the raster's bleed makes faces_pdf draw the face at scale 1, centred
        return Raster(spot.pixels, spot.dpi, min(spot.offset)), spot.product
    if profile.pixel_size is None:
        return raster_for(design.template.size, profile.dpi, profile.bleed), None
    pixels = tuple(profile.pixel_size)
    w, h = design.template.size
    if (w > h) != (pixels[0] > pixels[1]) and w != h:
        pixels = pixels[::-1]  # a landscape piece gets the vendor's size turned
    if min(pixels) - 2 * profile.bleed * profile.dpi / 72 <= 0:
        raise GameDataError(profile_file(job), None, "pixel_size",
                            "an image larger than twice the bleed", repr(profile.pixel_size))
    return Raster(pixels, profile.dpi, profile.bleed), None


def profile_file(job: "Job"):
    return job.layouts.profile_path(job.profile.id)
