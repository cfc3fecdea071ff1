"""Profile kind -> its exporter, and the job an exporter is given.

Each exporter is imported only when a build asks for its kind, so a plain sheet build does not load
the rasteriser, the HTML templates or the rulebook's typesetting. A kind marked ``on_worker`` is
built on a worker process of the build's scheduler when one runs (the rulebook: the longest profile
of an edition). ``Profile.kind`` and the build workers take the kinds from here.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from generator.core.output import Produced
from generator.model import Edition
from generator.model.layouts import Layouts, Profile

if TYPE_CHECKING:  # imported where used: `list` and `validate` need no painting
    from generator.render.faces import FacePainter


@dataclass
class Job:
    """What an exporter needs: the edition, the layouts, one profile and the folder to write into."""

    edition: Edition
    layouts: Layouts
    profile: Profile
    stage: Path
    strict: bool = False   # --strict: an exporter's own findings (the rulebook lint) stop the build
    base_url: str | None = None   # where a TTS save's images will be hosted (build --base-url)
    # what the build's checks found (``build.validate``'s report, and its text as `validate` prints
    # it), for the pages that show them: the proof page
    report: Any = None
    report_text: str = ""
    skipped: list[dict] = field(default_factory=list)   # components this profile left out, and why
    warnings: list[str] = field(default_factory=list)   # an exporter's findings about files it wrote

    def skip(self, component, reason: str) -> None:
        """Leave a component out of this profile's files: one entry (and warning) per component."""
        if any(s["component"] == component.id for s in self.skipped):
            return
        self.skipped.append({"profile": self.profile.id, "component": component.id, "kind": component.spec.kind,
                             "name": component.spec.name, "reason": reason})

    @property
    def stem(self) -> str:
        return f"{self.edition.game.id}-{self.edition.id}-{self.profile.id}"

    def painter(self) -> FacePainter:
        from generator.render.faces import FacePainter
        return FacePainter(self.edition.game, self.layouts, self.profile, edition=self.edition)


@dataclass(frozen=True)
class Exporter:
    """Where a kind's exporter lives (``module:function``) and whether it is built on a worker."""

    reference: str
    on_worker: bool = False


EXPORTERS: dict[str, Exporter] = {
    "sheet": Exporter("generator.exporters.sheets:export_home_sheets"),
    "png": Exporter("generator.exporters.png:export_pngs"),
    "print-shop": Exporter("generator.exporters.printshop:export_print_shop"),
    "tts": Exporter("generator.exporters.tts:export_tts"),
    "proof": Exporter("generator.exporters.proof:export_proof"),
    "rulebook": Exporter("generator.exporters.rulebook:export_rulebook", on_worker=True),
}
ON_WORKERS = tuple(kind for kind, exporter in EXPORTERS.items() if exporter.on_worker)


def exporter_for(kind: str) -> Callable[[Job], list[Produced]] | None:
    if kind not in EXPORTERS:
        return None
    module, name = EXPORTERS[kind].reference.split(":")
    return getattr(importlib.import_module(module), name)
