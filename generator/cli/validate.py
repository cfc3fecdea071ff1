"""`validate`: each edition's decks against their declared composition, and every look it uses."""
from __future__ import annotations

import json
import sys

import click

from generator.cli.editions import editions_named


@click.command()
@click.argument("game", required=False)
@click.option("--edition", "-e", help="Edition id (default: every edition).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--strict", is_flag=True, help="Treat warnings as violations.")
def validate(game: str | None, edition: str | None, as_json: bool, strict: bool) -> None:
    """Check decks against their declared composition. Exit 0 ok, 1 violations, 2 unreadable input."""
    from generator.build.kept_answers import replayed

    status = replayed("validate", [game, edition, as_json, strict], lambda: _validate(game, edition, as_json, strict))
    if status:
        sys.exit(status)


def _validate(game: str | None, edition: str | None, as_json: bool, strict: bool) -> int:
    from generator.model import layouts_for
    from generator.build.validate import format_report, validate_edition

    editions = editions_named(game, edition)
    looks = {ed.game.folder: layouts_for(ed) for ed in editions}  # a game's editions share its looks
    reports = [validate_edition(ed, looks=True, layouts=looks[ed.game.folder]) for ed in editions]
    if strict:
        for report in reports:
            report.violations += [f"(strict) {w}" for w in report.warnings]
    if as_json:
        click.echo(json.dumps([r.as_dict() for r in reports] if len(reports) > 1 else reports[0].as_dict(),
                              indent=2))
    else:
        click.echo("\n".join(format_report(r) for r in reports))
    return 0 if all(r.ok for r in reports) else 1
