"""One edition kept in step with its files: load it with the build's own loader, check it with the
build's own checks, and paint only the faces whose content hash is new, with the build's own
painter, rasterised from the same PDF forms the sheets use.

A mistake in the files never ends the session: the last good faces stay, and the error is kept
as the one line the command line would print, with its file, line and key.
"""
from __future__ import annotations

import contextvars
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from generator.build.validate import format_report, validate_edition
from generator.core.errors import GameDataError, UserError, describe_os_error
from generator.exporters.page_model import (FaceView, chains_of, edition_view, face_findings, face_key,
                                            findings_count, look_digest)
from generator.exporters.raster import faces_pdf, raster_for
from generator.model import find_game, layouts_for, load_edition, loading_session
from generator.render.faces import FacePainter
from generator.studio.pngs import PngPool

DPI = 48              # pixels per inch of a served face until the page asks: its default half size on a plain screen
DPI_STEP = 24         # the page's wish is rounded up to a multiple of this (a size change repaints every face)
DPI_RANGE = (24, 600)
BLEED_MM = 3.0        # the bleed shown around each face when no print-shop profile names one
KEEP_IMAGES = 4000    # faces kept in memory (older ones are painted again if asked for)


@dataclass
class Rebuilt:
    """What one rebuild did: the faces it painted and how long it took."""

    painted: list[str] = field(default_factory=list)
    seconds: float = 0.0
    ok: bool = True


class Session:
    """The studio's view of one edition of one game in the current project."""

    def __init__(self, game: str, edition: str | None = None, dpi: int = DPI, pool: PngPool | None = None):
        self.game_id, self.edition_id, self.dpi = game, edition, dpi
        self.pool = pool or PngPool(1)
        self.images: OrderedDict[str, bytes] = OrderedDict()   # content hash -> PNG
        self.findings: dict[str, list[dict]] = {}               # content hash -> print-safety findings
        self.state: dict | None = None       # the last good page model
        self.error: dict | None = None       # the mistake that stops the files loading, if any
        self.rulebook: dict | None = None    # the rulebook's pages (or its mistake)
        self.version = 0
        self.built_at = 0.0
        self.took = 0.0
        self._lock = threading.Lock()       # held only to swap in results (the page reads under it)
        self._building = threading.Lock()   # one rebuild at a time

    # ------------------------------------------------------------------ rebuilding

    def rebuild(self) -> Rebuilt:
        """Load, check and paint what changed; on a mistake keep the last good state and record it.
        One rebuild at a time; the page model is swapped in at the end, so readers never wait long.

        Each rebuild reads the files afresh in a loading session of its own (an empty context, so
        not the command's session, which would hand back what the first rebuild read)."""
        return contextvars.Context().run(self._rebuild_in_session)

    def _rebuild_in_session(self) -> Rebuilt:
        with self._building, loading_session():
            started = time.perf_counter()
            result, state = Rebuilt(), None
            try:
                result.painted, state, error = self._rebuild()
            except UserError as exc:
                error = error_of(exc)
            except OSError as exc:
                error = {"message": f"error: {describe_os_error(exc)}", "file": exc.filename and str(exc.filename),
                         "line": None, "key": ""}
            except (RecursionError, MemoryError) as exc:
                error = {"message": f"error: the input asks for more than this build can hold "
                                    f"({type(exc).__name__})", "file": None, "line": None, "key": ""}
            except Exception as exc:  # a bug of ours: shown in the page, and the server goes on
                error = {"message": f"error: internal error {type(exc).__name__}: {exc}", "file": None,
                         "line": None, "key": ""}
            result.ok = state is not None
            with self._lock:
                if state is not None:
                    self.state = state
                self.error = error
                result.seconds = self.took = time.perf_counter() - started
                self.built_at = time.time()
                self.version += 1
            return result

    def _rebuild(self) -> tuple[list[str], dict, dict | None]:
        """The faces painted, the new page model, and the composition check's banner (or None)."""
        edition = load_edition(find_game(self.game_id), self.edition_id)
        layouts = layouts_for(edition)
        painter = FacePainter(edition.game, layouts, edition=edition)
        look = look_digest(layouts, painter)

        def findings(design) -> list[dict]:  # they depend on what the face's pixels depend on
            key = face_key(design, painter, look, ("findings", design.template.safe_margin))
            if key not in self.findings:
                self.findings[key] = face_findings(design.template, design.values, painter)
            return self.findings[key]

        views = edition_view(edition, painter, findings)   # resolves and checks every template of every piece
        report = validate_edition(edition)
        bleed = studio_bleed(layouts)
        faces = unique_faces(views)
        dpi = self.dpi   # read once: the page may ask for another size while this rebuild runs
        for face in faces:
            face.key = face_key(face.design, painter, look, (dpi, bleed))
        painted = self._paint([f for f in faces if f.key not in self.images], painter, bleed, dpi)
        return painted, page_state(edition, layouts, views, report, bleed), composition_error(edition, report)

    def _paint(self, faces: list[FaceView], painter: FacePainter, bleed: float, dpi: int) -> list[str]:
        """PNGs of the faces not painted before, from one PDF of their forms."""
        if not faces:
            return []
        rasters = [raster_for(f.design.template.size, dpi, bleed) for f in faces]
        pdf = faces_pdf([(f.design, r) for f, r in zip(faces, rasters)], painter)
        images = self.pool.paint(pdf, [(i, r.pixels, r.dpi) for i, r in enumerate(rasters)])
        with self._lock:
            for face, image in zip(faces, images):
                self.images[face.key] = image
            while len(self.images) > KEEP_IMAGES:
                self.images.popitem(last=False)
            if len(self.findings) > KEEP_IMAGES:
                self.findings.clear()
        return [f.key for f in faces]

    def rebuild_rulebook(self) -> bool:
        """Lay out the rulebook again (after a rule text changed); its mistake is kept beside its pages.
        Returns whether there is a rulebook to show."""
        from generator.studio.rulebook import lay_out

        def fresh() -> bool:
            with self._building, loading_session():
                return self._rebuild_rulebook(lay_out)
        return contextvars.Context().run(fresh)

    def _rebuild_rulebook(self, lay_out) -> bool:
        try:
            edition = load_edition(find_game(self.game_id), self.edition_id)
            laid = lay_out(edition, layouts_for(edition), self._keep)
            with self._lock:
                self.rulebook = laid and {**laid, "error": None}
        except UserError as exc:
            with self._lock:
                self.rulebook = {**(self.rulebook or {"pages": []}), "error": error_of(exc)}
        except Exception as exc:  # a bug of ours: shown beside the pages, and the server goes on
            with self._lock:
                self.rulebook = {**(self.rulebook or {"pages": []}),
                                 "error": {"message": f"error: internal error {type(exc).__name__}: {exc}",
                                           "file": None, "line": None, "key": ""}}
        with self._lock:
            self.version += 1
        return self.rulebook is not None

    def _keep(self, key: str, png: bytes) -> None:
        with self._lock:
            self.images[key] = png

    def choose_dpi(self, asked: str | None) -> bool:
        """Paint faces from now on at the resolution the page shows them at (its size times the screen's
        pixels per CSS pixel, in pixels per inch), rounded up to a step; True when that is a change.
        Sharp at any size, and a thumbnail costs a thumbnail's pixels to paint, send and decode."""
        try:
            wanted = float(asked or "")
        except ValueError:
            return False
        if not DPI_RANGE[0] <= wanted <= DPI_RANGE[1]:   # also refuses nan and inf
            return False
        dpi = int(-(-wanted // DPI_STEP) * DPI_STEP)
        with self._lock:
            changed, self.dpi = dpi != self.dpi, dpi
        return changed

    # ------------------------------------------------------------------ what the page reads

    def page(self) -> dict:
        """The page model with the status of the last rebuild (and its mistake, if any)."""
        with self._lock:
            return {"version": self.version, "built_at": self.built_at, "took_ms": round(self.took * 1000),
                    "error": self.error, "stale": bool(self.error and self.error.get("stale", True)),
                    "rulebook": self.rulebook,
                    **(self.state or {"components": [], "report": None, "title": self.game_id})}

    def image(self, key: str) -> bytes | None:
        with self._lock:
            return self.images.get(key)


def unique_faces(views) -> list[FaceView]:
    """Each distinct face object once (a back shared by many pieces is one face)."""
    seen: dict[int, FaceView] = {}
    for view in views:
        for face in [p.face for p in view.pieces] + view.backs:
            seen.setdefault(id(face), face)
    return list(seen.values())


def studio_bleed(layouts) -> float:
    """The bleed of the first print-shop profile (what a print shop will cut into), else 3 mm;
    remembered while the profile files are unchanged (reading every profile costs a tenth of a second)."""
    files = tuple((str(f.path), f.path.stat().st_mtime_ns) for f in layouts.profile_origins.values())
    if files not in _BLEEDS:
        shops = [p for p in layouts.profiles.values() if p.kind == "print-shop"]
        _BLEEDS.clear()
        _BLEEDS[files] = shops[0].bleed if shops else BLEED_MM * 72 / 25.4
    return _BLEEDS[files]


_BLEEDS: dict[tuple, float] = {}


def page_state(edition, layouts, views, report, bleed: float) -> dict:
    components, chains = [], chains_of(layouts, views)
    for view in views:
        pieces = [{"index": p.index, "label": p.label, "count": p.count, "fields": p.fields, "source": p.source,
                   "face": p.face.as_dict(chains, bleed),
                   "back": p.back.as_dict(chains, bleed) if p.back else None} for p in view.pieces]
        components.append({"id": view.id, "name": view.name, "kind": view.kind, "total": view.total,
                           "distinct": len(view.pieces), "pieces": pieces})
    return {"title": edition.game.title, "game": edition.game.id, "edition": edition.id,
            "edition_title": edition.spec.title, "components": components,
            "findings": findings_count(views),
            "report": {"ok": report.ok, "violations": report.violations, "warnings": report.warnings,
                       "components": report.components, "text": format_report(report)}}


def error_of(exc: UserError) -> dict:
    """The command line's one line, with the file, line and key it names when it names them."""
    if isinstance(exc, GameDataError):
        path = Path(exc.file)
        return {"message": f"error: {exc}", "file": str(path.resolve()) if path.is_absolute() or path.exists()
                else exc.file, "line": exc.line, "key": exc.key}
    return {"message": f"error: {exc}", "file": None, "line": None, "key": ""}


def composition_error(edition, report) -> dict | None:
    """A failed composition check is a banner too, though every face still draws (so none is stale)."""
    if report.ok:
        return None
    source = edition.source
    return {"message": f"error: {source.path}: composition check failed: {report.violations[0]}"
                       + (f" (and {len(report.violations) - 1} more)" if len(report.violations) > 1 else ""),
            "file": str(Path(source.path).resolve()), "line": source.line_of(("declares",)), "key": "declares",
            "stale": False}
