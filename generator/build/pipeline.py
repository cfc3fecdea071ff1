"""Build an edition: load, check, render every requested profile, write atomically with a manifest."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from generator.core.errors import GameDataError, ValidationFailed
from generator.model import Edition, layouts_for
from generator.model.layouts import Layouts
from generator.core.output import Produced, staging, write_manifest
from generator.core.trace import span
from generator.build.overrides import override_notes
from generator.exporters.registry import EXPORTERS, Job, exporter_for


def default_profiles(layouts: Layouts) -> list[str]:
    return [p.id for p in layouts.profiles.values() if p.default]


def text_minimum(layouts: Layouts, profiles: list[str] | None) -> float:
    """The strictest `min_text_size` of the profiles a build makes (the default ones when none are named)."""
    from generator.render.safety import min_text_size
    return min_text_size([layouts.profile(p) for p in (profiles or default_profiles(layouts))])


def build_edition(edition: Edition, out_dir: Path, profiles: list[str] | None = None,
                  layouts: Layouts | None = None, on_step: Callable[[str], None] | None = None,
                  strict: bool = False, on_warning: Callable[[str], None] | None = None,
                  base_url: str | None = None, preflight: bool = False,
                  on_note: Callable[[str], None] | None = None) -> list[Produced]:
    """Render the edition with each profile into out_dir; nothing changes there unless all succeed."""
    from generator.render.safety import enforce_print_safety
    from generator.build.validate import (check_edition, engine_options, engine_setup_problem, format_report,
                                          validate_edition)
    layouts_given, layouts = layouts is not None, layouts or layouts_for(edition)
    chosen = [layouts.profile(p) for p in (profiles or default_profiles(layouts))]
    chosen.sort(key=lambda p: p.kind == "proof")  # the proof page links every file built before it
    with span("checks"):
        check_edition(edition, layouts)
        engine_options(edition)  # a rejected rules option stops the build here, naming its file and line
        enforce_print_safety(edition, layouts, strict, on_warning,  # --strict: findings stop the build here
                             minimum=text_minimum(layouts, [p.id for p in chosen]))
        if any(p.kind == "rulebook" for p in chosen):  # the rulebook plays sample games
            problem = engine_setup_problem(edition)
            if problem:
                raise ValidationFailed(f"{edition.source.path}: {problem} (see `validate`)")
        report = validate_edition(edition) if any(p.kind == "proof" for p in chosen) else None  # the proof page shows it
    for profile in chosen:
        if profile.kind not in EXPORTERS:
            raise GameDataError(layouts.profile_path(profile.id), None, "kind",
                                f"a profile kind this version can build, one of {sorted(EXPORTERS)}",
                                repr(profile.kind))
    warn = on_warning or (lambda message: None)
    for is_warning, line in override_notes(layouts, [p.id for p in chosen], used_templates(edition, layouts)):
        (warn if is_warning else (on_note or (lambda message: None)))(line)
    from generator.build.workers import Elsewhere
    elsewhere = Elsewhere(layouts_given)
    with staging(out_dir) as stage, elsewhere:
        jobs = [Job(edition, layouts, profile, stage, strict=strict, base_url=base_url, report=report,
                    report_text=format_report(report) if report else "") for profile in chosen]
        here = []
        for job in jobs:  # rulebooks start at once on the workers
            if not elsewhere.submit(job):
                here.append(job)
            elif on_step:
                on_step(f"{edition.game.id} {edition.id} {job.profile.id} (on a worker)")
        checked: list[Produced] | None = None
        for job in here:
            if job.profile.kind == "proof":  # it links the files the others wrote: they must be there
                elsewhere.wait()
                if preflight and checked is None:  # so the proof page links the report
                    checked = run_checks(edition, layouts, stage, jobs, elsewhere, warn, strict)
            if on_step:
                on_step(f"{edition.game.id} {edition.id} {job.profile.id}")
            with span(job.stem):
                elsewhere.done(job, exporter_for(job.profile.kind)(job))
            report_findings(job, warn)
        if preflight and checked is None:
            elsewhere.wait()
            checked = run_checks(edition, layouts, stage, jobs, elsewhere, warn, strict)
        produced = [f for job in jobs for f in elsewhere.files(job)] + (checked or [])
        skipped = [s for job in jobs for s in job.skipped]
        if strict and (skipped or any(job.warnings for job in jobs)):
            raise ValidationFailed(f"{edition.game.id} {edition.id}: --strict and the warnings above "
                                   "(pieces left out, or files a print shop would refuse); nothing written")
        write_manifest(stage, edition.game.id, edition.id, produced, out_dir / "manifest.json", skipped)
    return produced


def run_checks(edition: Edition, layouts: Layouts, stage: Path, jobs: list[Job], elsewhere,
               warn: Callable[[str], None], strict: bool) -> list[Produced]:
    """The preflight of the print-shop files built so far; its report's files, to list in the manifest."""
    from generator.preflight import run_preflight, summary_lines
    files = [p.as_dict() for job in jobs if job.profile.kind != "proof" for p in elsewhere.files(job)]
    with span("preflight"):
        rows, written = run_preflight(stage, layouts, edition.game.id, edition.id, files, edition)
    for line in summary_lines(rows):
        warn(line)
    if strict and any(r.status == "fail" for r in rows):
        raise ValidationFailed(f"{edition.game.id} {edition.id}: --strict and the preflight failures above; "
                               "nothing written (run `pnpkit preflight` on a build without --strict for the report)")
    return [Produced(path, "preflight", None) for path in written]


def report_findings(job: Job, warn: Callable[[str], None]) -> None:
    """One warning line per component a profile left out, and per finding about a file it wrote."""
    for entry in job.skipped:
        warn(f"{entry['profile']}: left out {entry['component']} ({entry['name']}, {entry['kind']}): "
             f"{entry['reason']}")
    for message in job.warnings:
        warn(message)


def used_templates(edition: Edition, layouts: Layouts) -> list[str]:
    """Ids of the templates the edition's pieces are drawn with."""
    from generator.render.faces import FacePainter
    painter = FacePainter(edition.game, layouts, edition=edition)
    found = []
    for component in edition.components:
        for _, *sides in painter.sides(component):
            for template in sides:
                if template is not None:
                    found.append(template.id)
    return found
