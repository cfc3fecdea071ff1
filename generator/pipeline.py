"""Build an edition: load, check, render every requested profile, write atomically with a manifest."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .errors import GameDataError
from .model import Edition, layouts_dir
from .model.layouts import Layouts, Profile
from .validate import engine_options
from .output import Produced, staging, write_manifest
from .render.faces import FacePainter
from .render.items import items_for, printable
from .render.export_png import export_pngs
from .render.export_printshop import export_print_shop
from .render.export_proof import export_proof
from .render.export_sheets import export_home_sheets
from .render.export_tts import export_tts
from .render.safety import enforce_print_safety
from .render.sheets import write_sheets

CARD_KINDS = ("card",)
TOKEN_KINDS = ("token", "tile", "counted")


@dataclass
class Job:
    """What an exporter needs: the edition, the layouts, one profile and the folder to write into."""

    edition: Edition
    layouts: Layouts
    profile: Profile
    stage: Path

    @property
    def stem(self) -> str:
        return f"{self.edition.game.id}-{self.edition.id}-{self.profile.id}"

    def painter(self) -> FacePainter:
        return FacePainter(self.edition.game, self.layouts, self.profile)


def export_sheets(job: Job) -> list[Produced]:
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
            raise GameDataError(job.layouts.root / "profiles" / f"{job.profile.id}.yaml", None, "paper",
                                "paper large enough for every piece", str(exc)) from None
        comps = [c.id for c in printable(job.edition.components, kinds)]
        produced.append(Produced(name, kind, job.profile.id, pages, {"components": comps}))
    return produced


def export_rulebook(job: Job) -> list[Produced]:
    from .rulebook.export import export_rulebook as export  # imported late: only rulebook builds need it
    return export(job)


EXPORTERS: dict[str, Callable[[Job], list[Produced]]] = {
    "sheet": export_home_sheets, "png": export_pngs, "print-shop": export_print_shop, "tts": export_tts,
    "proof": export_proof, "rulebook": export_rulebook}


def layouts_for(edition: Edition) -> Layouts:
    own = edition.game.folder / "templates"
    return Layouts(layouts_dir(), [own] if own.is_dir() else [])


def default_profiles(layouts: Layouts) -> list[str]:
    return [p.id for p in layouts.profiles.values() if p.default]


def check_edition(edition: Edition, layouts: Layouts) -> None:
    """Resolve every template and binding before anything is written."""
    painter = FacePainter(edition.game, layouts)
    for component in edition.components:
        painter.template_for(component, "face")
        painter.template_for(component, "back")


def build_edition(edition: Edition, out_dir: Path, profiles: list[str] | None = None,
                  layouts: Layouts | None = None, on_step: Callable[[str], None] | None = None,
                  strict: bool = False, on_warning: Callable[[str], None] | None = None) -> list[Produced]:
    """Render the edition with each profile into out_dir; nothing changes there unless all succeed."""
    layouts = layouts or layouts_for(edition)
    chosen = [layouts.profile(p) for p in (profiles or default_profiles(layouts))]
    chosen.sort(key=lambda p: p.kind == "proof")  # the proof page links every file built before it
    check_edition(edition, layouts)
    engine_options(edition)  # a rejected rules option stops the build here, naming its file and line
    enforce_print_safety(edition, layouts, strict, on_warning)  # --strict: findings stop the build here
    produced: list[Produced] = []
    with staging(out_dir) as stage:
        for profile in chosen:
            if on_step:
                on_step(f"{edition.game.id} {edition.id} {profile.id}")
            exporter = EXPORTERS.get(profile.kind)
            if exporter is None:
                raise GameDataError(layouts.root / "profiles" / f"{profile.id}.yaml", None, "kind",
                                    f"a profile kind this version can build, one of {sorted(EXPORTERS)}",
                                    repr(profile.kind))
            produced += exporter(Job(edition, layouts, profile, stage))
        write_manifest(stage, edition.game.id, edition.id, produced, out_dir / "manifest.json")
    return produced
