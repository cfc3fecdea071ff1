"""Home-printing sheet profiles: the sheet exporter, seen through the profile's ink-saver rules,
with the gutterfold clearance checked and an optional duplex alignment test sheet."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict

from generator.core.errors import GameDataError
from generator.core.output import Produced
from generator.render.alignment import write_alignment
from generator.exporters.common import profile_options
from generator.render.faces import FacePainter
from generator.render.items import items_for, printable
from generator.render.sheets import fold_clearance, write_sheets
from generator.render.style import layouts_for_profile

if TYPE_CHECKING:
    from generator.exporters.registry import Job


class SheetOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    alignment_page: Literal["only", "extra"] | None = None  # only the test sheet, or it beside the pieces
    fold_clearance: float | str | None = None               # gutterfold: fold line to nearest bleed
    ink_saver: dict[str, Any] | None = None                 # see style.InkSaverRules


def export_home_sheets(job: "Job") -> list[Produced]:
    options = profile_options(job.layouts, job.profile, SheetOptions)
    where = job.layouts.profile_path(job.profile.id)
    if job.profile.backs == "gutterfold":
        try:
            fold_clearance(job.profile)
        except ValueError as exc:
            raise GameDataError(where, None, "options.fold_clearance", str(exc),
                                repr(options.fold_clearance)) from None
    if options.alignment_page and job.profile.backs not in ("duplex-long-edge", "duplex-short-edge"):
        raise GameDataError(where, None, "options.alignment_page", "a duplex profile (backs: duplex-...)",
                            repr(job.profile.backs))
    job = replace(job, layouts=layouts_for_profile(job.layouts, job.profile))
    produced = [] if options.alignment_page == "only" else export_sheets(job)
    if options.alignment_page:
        name = f"{job.stem}.pdf" if options.alignment_page == "only" else f"{job.stem}-alignment.pdf"
        painter = FacePainter(job.edition.game, job.layouts, job.profile, edition=job.edition)
        pages = write_alignment(job.stage / name, painter, job.profile,
                                f"Back alignment test ({job.profile.name})")
        produced.append(Produced(name, "alignment", job.profile.id, pages,
                                 {"back_offset_mm": [round(v / 72 * 25.4, 3) for v in job.profile.back_offset]}))
    return produced


CARD_KINDS = ("card",)
TOKEN_KINDS = ("token", "tile", "counted")


def export_sheets(job: "Job") -> list[Produced]:
    """Cards on one PDF, tokens, chits and tiles on another, each sheet followed by its backs."""
    painter = job.painter()
    title = f"{job.edition.game.title} ({job.edition.spec.title})"
    produced = []
    for kind, kinds in (("sheet", CARD_KINDS), ("tokens", TOKEN_KINDS)):
        groups = [items_for(c, painter) for c in printable(job.edition.components, kinds)]
        groups = [g for g in groups if g]
        if not groups:
            continue
        name = f"{job.stem}-{'cards' if kind == 'sheet' else 'tokens'}.pdf"
        try:
            pages = write_sheets(job.stage / name, groups, painter, job.profile, f"{title}: {kind}")
        except ValueError as exc:
            raise GameDataError(job.layouts.profile_path(job.profile.id), None, "paper",
                                "paper large enough for every piece", str(exc)) from None
        comps = [c.id for c in printable(job.edition.components, kinds)]
        produced.append(Produced(name, kind, job.profile.id, pages, {"components": comps}))
    return produced
