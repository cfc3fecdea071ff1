"""`python build.py rulebook GAME [--edition E]`: the rulebook PDFs, written like any other build output."""
from __future__ import annotations

from pathlib import Path

import click

from generator.model import find_game, load_edition


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
    from generator.build.rulebooks import build_rulebooks

    found = find_game(game)
    editions = [load_edition(found, e) for e in ([edition] if edition else found.spec.editions)]
    if out and len(editions) > 1:
        raise click.UsageError("--out needs a single edition: give --edition")
    for ed, target, produced in build_rulebooks(editions, list(profiles), games, out, strict):
        for item in produced:
            click.echo(f"{ed.game.id} {ed.id}: {target / item.path} ({item.pages} pages)")
        if not produced:
            click.echo(f"{ed.game.id} {ed.id}: no rules/ folder, no rulebook")
