"""Building only the rulebooks of editions (the `rulebook` command): each into its output folder,
written whole with a manifest like any other build output."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from generator.core.project import current


def build_rulebooks(editions: list[Any], profiles: list[str], games: int | None = None, out: Path | None = None,
                    strict: bool = False) -> Iterator[tuple[Any, Path, list]]:
    """(edition, output folder, files written) for each edition, its rulebook profiles (``profiles``,
    or the default ones) built; ``games`` overrides the balance games simulated per edition."""
    from generator.core.errors import UserError
    from generator.core.output import staging, write_manifest
    from generator.exporters.registry import Job
    from generator.exporters.rulebook import export_rulebook
    from generator.model import layouts_for
    for ed in editions:
        layouts = layouts_for(ed)
        chosen = [layouts.profile(p) for p in profiles] or [p for p in layouts.profiles.values()
                                                             if p.kind == "rulebook" and p.default]
        for profile in chosen:
            if profile.kind != "rulebook":
                raise UserError(f"profile '{profile.id}' is a {profile.kind} profile, not a rulebook profile")
        target = out or current().output / ed.game.id / ed.id
        produced = []
        with staging(target) as stage:
            for profile in chosen:
                produced += export_rulebook(Job(ed, layouts, profile, stage, strict=strict),
                                            {"balance_games": games} if games else None)
            write_manifest(stage, ed.game.id, ed.id, produced, target / "manifest.json")
        yield ed, target, produced
