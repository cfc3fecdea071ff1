"""`pnpkit preflight OUT_FOLDER`: check the print-shop files a build wrote, write the report beside them."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from generator.core.errors import UserError


@click.command("preflight")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--strict", is_flag=True, help="Exit 1 when any check fails.")
@click.option("--json", "as_json", is_flag=True, help="Print the report's rows as JSON.")
def preflight_command(folder: Path, strict: bool, as_json: bool) -> None:
    """Check a build's print-shop files as a print shop would; write FOLDER/<game>-<edition>-preflight.html."""
    from generator.model import find_game, layouts_for, load_edition
    from generator.preflight import run_preflight, summary_lines
    from generator.preflight.report import report_names

    manifest = folder / "manifest.json"
    if not manifest.is_file():
        raise UserError(f"{folder}: no manifest.json; give an output folder a build wrote")
    try:
        data = json.loads(manifest.read_text())
        game, edition = str(data["game"]), str(data["edition"])
    except (json.JSONDecodeError, KeyError, TypeError):
        raise UserError(f"{manifest}: not a manifest a build wrote") from None
    loaded = load_edition(find_game(game), edition)
    layouts = layouts_for(loaded)
    rows, _ = run_preflight(folder, layouts, game, edition, loaded=loaded)
    if as_json:
        click.echo(json.dumps([r.as_dict() for r in rows], indent=2))
    else:
        for line in summary_lines(rows):
            click.echo(line, err=True)
        failed = sum(r.status == "fail" for r in rows)
        click.echo(f"{game} {edition}: {len(rows)} checks, {failed} failed; report in "
                   f"{folder / report_names(game, edition)[0]}")
    if strict and any(r.status == "fail" for r in rows):
        sys.exit(1)
