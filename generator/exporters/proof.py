"""A static HTML proof page per game and edition: every distinct face as a thumbnail grouped by
deck, the validation report, print-safety findings and links to the PDFs built for the edition."""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.errors import GameDataError
from generator.core.output import Produced
from generator.exporters.common import Options, designs_of, export_components, final_dir, profile_options
from generator.exporters.raster import checked, faces_pdf, raster_for, rasterise
from generator.render.faces import FacePainter
from generator.render.safety import check_edition_safety
from generator.render.style import layouts_for_profile

if TYPE_CHECKING:
    from generator.exporters.registry import Job


class ProofOptions(Options):
    kinds: list[str] = ["card", "token", "tile", "counted"]
    template: str = "proof.html.j2"


def export_proof(job: "Job") -> list[Produced]:
    options = profile_options(job.layouts, job.profile, ProofOptions)
    painter = FacePainter(job.edition.game, layouts_for_profile(job.layouts, job.profile), job.profile)
    folder, where = job.stem, job.layouts.profile_path(job.profile.id)
    decks, work = [], []
    for component in export_components(job, options.kinds):
        fronts, backs, _ = designs_of(component, painter)
        cards = []
        for design in fronts + backs:
            raster = checked(raster_for(design.template.size, job.profile.dpi, job.profile.bleed), where)
            src = f"{folder}/{component.id}/{design.name}.png"
            (job.stage / src).parent.mkdir(parents=True, exist_ok=True)
            work.append((design, raster, job.stage / src))
            cards.append({"src": src, "label": design.label, "count": design.count, "side": design.side,
                          "width": raster.pixels[0] // 2, "height": raster.pixels[1] // 2})
        decks.append({"id": component.id, "name": component.spec.name, "kind": component.spec.kind,
                      "total": component.total, "distinct": len(component.pieces), "cards": cards})
    pdf = faces_pdf([(d, r) for d, r, _ in work], painter)
    rasterise(pdf, [(i, r.pixels, r.dpi, dest) for i, (_, r, dest) in enumerate(work)])
    if job.report is None:
        raise ValueError("a proof page is built with the edition's validation report (Job.report)")
    report = job.report
    page = render_page(job, options.template, {
        "title": job.edition.game.title, "edition": job.edition.spec.title, "edition_id": job.edition.id,
        "game_id": job.edition.game.id, "decks": decks, "report": report, "report_text": job.report_text,
        "safety": [str(f) for f in check_edition_safety(job.edition, job.layouts)],
        "pdfs": pdf_links(job.stage)})
    name = f"{job.stem}.html"
    (job.stage / name).write_text(page, encoding="utf-8")
    images = [Produced(str(dest.relative_to(job.stage)), "proof-image", job.profile.id) for _, _, dest in work]
    return [Produced(name, "proof", job.profile.id, None, {"images": len(images)})] + images


def render_page(job: "Job", template: str, context: dict) -> str:
    from jinja2 import StrictUndefined, TemplateError  # only proof builds pay for Jinja2
    from jinja2.sandbox import SandboxedEnvironment

    from generator.rulebook.sandbox import FolderLoader

    folders = [layer.root / "proof" for layer in reversed(job.layouts.layers)]  # a later layer's template wins
    folder = next((f for f in folders if (f / template).is_file()), folders[-1])
    env = SandboxedEnvironment(loader=FolderLoader(folders), autoescape=True, undefined=StrictUndefined)
    try:
        return env.get_template(template).render(**context)
    except TemplateError as exc:
        line = getattr(exc, "lineno", None)
        raise GameDataError(folder / template, line, "", "a Jinja2 proof template using the documented names",
                            f"{type(exc).__name__}: {exc}") from None


def pdf_links(stage: Path) -> list[dict]:
    """PDFs of this build so far (profiles built before the proof) and of earlier builds still on disk."""
    target = final_dir(stage)
    entries: dict[str, dict] = {}
    manifest = target / "manifest.json"
    if manifest.is_file():
        try:
            for entry in json.loads(manifest.read_text()).get("files", []):
                if entry.get("path", "").endswith(".pdf") and (target / entry["path"]).is_file():
                    entries[entry["path"]] = {"href": entry["path"], "kind": entry.get("kind", ""),
                                              "profile": entry.get("profile", ""), "pages": entry.get("pages")}
        except (json.JSONDecodeError, AttributeError, TypeError):
            pass
    for path in sorted(stage.glob("*.pdf")):
        entries[path.name] = {"href": path.name, "kind": "", "profile": "", "pages": None}
    return [entries[k] for k in sorted(entries)]
