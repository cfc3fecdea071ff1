"""`python build.py rulebook GAME [--edition E]`: the rulebook PDFs, written like any other build output."""
from __future__ import annotations

from pathlib import Path

import click

from generator.model import find_game, load_edition
from generator.core.project import current


@click.command()
@click.argument("game")
@click.option("--edition", "-e", help="Edition id (default: every edition of the game).")
@click.option("--profile", "-p", "profiles", multiple=True,
              help="Rulebook profile, e.g. rulebook-a4; repeat for several (default: the default ones).")
@click.option("--games", type=click.IntRange(1, 1_000_000), help="Games simulated per edition for the balance appendix.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), help="Output folder (one edition only).")
@click.option("--strict", is_flag=True, help="Rulebook lint findings become errors: exit 1, nothing written.")
def rulebook(game: str, edition: str | None, profiles: tuple[str, ...], games: int | None, out: Path | None,
             strict: bool = False) -> None:
    """Build the rulebook of GAME from its data, rules/ text and rules engine."""
    from generator.core.errors import UserError
    from generator.core.output import staging, write_manifest
    from generator.exporters.registry import Job
    from generator.model import layouts_for
    from generator.exporters.rulebook import export_rulebook

    found = find_game(game)
    editions = [load_edition(found, e) for e in ([edition] if edition else found.spec.editions)]
    if out and len(editions) > 1:
        raise click.UsageError("--out needs a single edition: give --edition")
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
        for item in produced:
            click.echo(f"{ed.game.id} {ed.id}: {target / item.path} ({item.pages} pages)")
        if not produced:
            click.echo(f"{ed.game.id} {ed.id}: no rules/ folder, no rulebook")
