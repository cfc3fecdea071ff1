"""Per-card PNGs for print-on-demand vendors: one image per distinct face and per distinct back,
at the vendor's pixel size (bleed included), with the copy counts in the manifest."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import GameDataError
from ..output import Produced
from .export_common import Design, Options, designs_of, export_components, profile_options
from .export_raster import Raster, checked, faces_pdf, raster_for, rasterise
from .faces import FacePainter
from .style import layouts_for_profile

if TYPE_CHECKING:
    from ..pipeline import Job


class PngOptions(Options):
    pass


def export_pngs(job: "Job") -> list[Produced]:
    options = profile_options(job.layouts, job.profile, PngOptions)
    return write_pngs(job, options.kinds)


def write_pngs(job: "Job", kinds: list[str], folder: str | None = None) -> list[Produced]:
    """PNGs of every distinct face and back of the components of `kinds`, in <stem>/<component>/."""
    layouts = layouts_for_profile(job.layouts, job.profile)
    painter = FacePainter(job.edition.game, layouts, job.profile)
    folder = folder or job.stem
    work: list[tuple[Design, Raster]] = []
    for component in export_components(job, kinds):
        fronts, backs, _ = designs_of(component, painter)
        key = "pixel_size" if job.profile.pixel_size else "dpi"
        work += [(d, checked(raster_of(d, job), profile_file(job), key)) for d in fronts + backs]
    if not work:
        return []
    pdf = faces_pdf(work, painter)
    tasks, produced = [], []
    for index, (design, raster) in enumerate(work):
        relative = f"{folder}/{design.component}/{design.name}.png"
        (job.stage / relative).parent.mkdir(parents=True, exist_ok=True)
        tasks.append((index, raster.pixels, raster.dpi, job.stage / relative))
        produced.append(Produced(relative, "png", job.profile.id, None, {
            "component": design.component, "side": design.side, "label": design.label, "count": design.count,
            "pixels": list(raster.pixels), "dpi": raster.dpi}))
    rasterise(pdf, tasks)
    return produced


def raster_of(design: Design, job: "Job") -> Raster:
    """The vendor's pixel size when the profile gives one (for its card size), else the face plus bleed."""
    profile = job.profile
    if profile.pixel_size is None:
        return raster_for(design.template.size, profile.dpi, profile.bleed)
    pixels = tuple(profile.pixel_size)
    w, h = design.template.size
    if (w > h) != (pixels[0] > pixels[1]) and w != h:
        pixels = pixels[::-1]  # a landscape piece gets the vendor's size turned
    if min(pixels) - 2 * profile.bleed * profile.dpi / 72 <= 0:
        raise GameDataError(profile_file(job), None, "pixel_size",
                            "an image larger than twice the bleed", repr(profile.pixel_size))
    return Raster(pixels, profile.dpi, profile.bleed)


def profile_file(job: "Job"):
    return job.layouts.profile_path(job.profile.id)
