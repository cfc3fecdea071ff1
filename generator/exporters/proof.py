"""A static HTML proof page per game and edition, in the studio's page design: every piece with its
back grouped by component, overlays for trim, bleed and safe zone, the print-safety findings drawn
on the element they are about and linked from a badge that counts them, the validation report and
links to the PDFs built for the edition."""
from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from generator.core.errors import GameDataError
from generator.core.output import Produced
from generator.exporters.common import Options, final_dir, profile_options
from generator.exporters.page_model import MM, ComponentView, FaceView, PieceView, chains_of, edition_view, findings_count
from generator.exporters.raster import checked, faces_pdf, raster_for, rasterise
from generator.render.faces import FacePainter
from generator.render.safety import check_edition_safety, shrunk_text
from generator.render.style import layouts_for_profile

if TYPE_CHECKING:
    from generator.exporters.registry import Job


class ProofOptions(Options):
    kinds: list[str] = ["card", "token", "tile", "counted"]
    template: str = "proof.html.j2"


def export_proof(job: "Job") -> list[Produced]:
    options = profile_options(job.layouts, job.profile, ProofOptions)
    looks = layouts_for_profile(job.layouts, job.profile)
    painter = FacePainter(job.edition.game, looks, job.profile, edition=job.edition)
    folder, where = job.stem, job.layouts.profile_path(job.profile.id)
    kinds = set(options.kinds)
    views = [v for v in edition_view(job.edition, painter) if v.kind in kinds]
    work, sources = [], {}
    for view in views:
        for face in unique_faces(view):
            raster = checked(raster_for(face.design.template.size, job.profile.dpi, job.profile.bleed), where)
            src = f"{folder}/{view.id}/{face.design.name}.png"
            (job.stage / src).parent.mkdir(parents=True, exist_ok=True)
            work.append((face.design, raster, job.stage / src))
            sources[id(face)] = src
    pdf = faces_pdf([(d, r) for d, r, _ in work], painter)
    rasterise(pdf, [(i, r.pixels, r.dpi, dest) for i, (_, r, dest) in enumerate(work)])
    if job.report is None:
        raise ValueError("a proof page is built with the edition's validation report (Job.report)")
    report = job.report
    chains = chains_of(looks, views)
    decks = [{"id": v.id, "name": v.name, "kind": v.kind, "total": v.total, "distinct": len(v.pieces),
              "pieces": [piece_context(p, sources, chains, job.profile.bleed) for p in v.pieces]} for v in views]
    minimum = job.profile.min_text_size
    findings = check_edition_safety(job.edition, job.layouts, minimum)
    page = render_page(job, options.template, {
        "title": job.edition.game.title, "edition": job.edition.spec.title, "edition_id": job.edition.id,
        "game_id": job.edition.game.id, "decks": decks, "report": report, "report_text": job.report_text,
        "safety": [str(f) for f in findings], "findings": findings_count(views),
        "min_text_size": f"{minimum:g}", "shrunk": [s.as_dict() for s in shrunk_text(job.edition, job.layouts, minimum)],
        "pieces_with_findings": [{"href": f"#piece-{d['id']}-{p['index']}", "label": p["label"], "deck": d["name"],
                                  "findings": p["findings"]} for d in decks for p in d["pieces"] if p["findings"]],
        "style": looks_file(job, "page.css"), "script": looks_file(job, "page.js"),
        "pdfs": pdf_links(job.stage), "preflight": preflight_link(job)})
    name = f"{job.stem}.html"
    (job.stage / name).write_text(page, encoding="utf-8")
    images = [Produced(str(dest.relative_to(job.stage)), "proof-image", job.profile.id) for _, _, dest in work]
    return [Produced(name, "proof", job.profile.id, None, {"images": len(images)})] + images


def unique_faces(view: ComponentView) -> list[FaceView]:
    """The component's faces, then its distinct backs: each drawn once, however many pieces share it."""
    return [p.face for p in view.pieces] + view.backs


def piece_context(piece: PieceView, sources: dict, chains: dict, bleed: float) -> dict:
    """A piece as the page design draws it (see looks/proof/page.js): its sides with their overlay
    geometry and findings numbered across both sides."""
    sides, findings, number = [], [], 1
    for face in (piece.face, piece.back):
        if face is None:
            continue
        data = face.as_dict(chains, bleed)
        w, h = data["size"]
        marks = []
        for finding in data["findings"]:
            marks.append({**finding, "n": number})
            findings.append({**finding, "n": number, "side": data["side"]})
            number += 1
        sides.append({**data, "src": sources[id(face)], "marks": marks,
                      "w_mm": f"{(w + 2 * bleed) / MM:.2f}", "h_mm": f"{(h + 2 * bleed) / MM:.2f}",
                      "outer": [round(w + 2 * bleed, 3), round(h + 2 * bleed, 3)]})
    return {"index": piece.index, "label": piece.label, "count": piece.count, "sides": sides,
            "findings": findings, "source": piece.source}


def looks_file(job: "Job", name: str) -> str:
    """A file of the page design (proof/page.css, proof/page.js) from the latest layer holding it."""
    from generator.core.files import contained
    path = job.layouts.find(f"proof/{name}")
    return contained(path).read_text(encoding="utf-8") if path else ""


def render_page(job: "Job", template: str, context: dict) -> str:
    from jinja2 import StrictUndefined, TemplateError  # only proof builds pay for Jinja2

    from generator.core.sandbox import BudgetedEnvironment, BudgetExceeded, FolderLoader

    folders = [layer.root / "proof" for layer in reversed(job.layouts.layers)]  # a later layer's template wins
    folder = next((f for f in folders if (f / template).is_file()), folders[-1])
    # the rule text's sandbox and budget: a proof template may come from someone else's project too
    env = BudgetedEnvironment(loader=FolderLoader(folders), autoescape=True, undefined=StrictUndefined)
    try:
        return env.render_within_budget(env.get_template(template), context)
    except BudgetExceeded as exc:
        raise GameDataError(folder / template, None, "", f"a proof template within its budget ({exc.limit})",
                            "more") from None
    except (TemplateError, RecursionError) as exc:
        line = getattr(exc, "lineno", None)
        raise GameDataError(folder / template, line, "", "a Jinja2 proof template using the documented names",
                            f"{type(exc).__name__}: {exc}") from None


def preflight_link(job: "Job") -> dict | None:
    """The preflight report of this build (build --preflight), or of an earlier one still on disk."""
    name = f"{job.edition.game.id}-{job.edition.id}-preflight"
    for folder in (job.stage, final_dir(job.stage)):
        if (folder / f"{name}.html").is_file() and (folder / f"{name}.json").is_file():
            try:
                status = json.loads((folder / f"{name}.json").read_text()).get("status", "")
            except (ValueError, AttributeError):
                status = ""
            return {"href": f"{name}.html", "status": str(status)}
    return None


def pdf_links(stage: Path) -> list[dict]:
    """PDFs of this build so far (profiles built before the proof) and of earlier builds still on disk."""
    target = final_dir(stage)
    entries: dict[str, dict] = {}
    manifest = target / "manifest.json"
    if manifest.is_file():
        try:
            for entry in json.loads(manifest.read_text()).get("files", []):
                if entry.get("path", "").endswith(".pdf") and entry.get("kind") != "upload" \
                        and (target / entry["path"]).is_file():
                    entries[entry["path"]] = {"href": entry["path"], "kind": entry.get("kind", ""),
                                              "profile": entry.get("profile", ""), "pages": entry.get("pages")}
        except (json.JSONDecodeError, AttributeError, TypeError):
            pass
    for path in sorted(stage.glob("*.pdf")):
        entries[path.name] = {"href": path.name, "kind": "", "profile": "", "pages": None}
    return [entries[k] for k in sorted(entries)]
