"""`schema`: the JSON Schemas of every YAML file kind, written to a folder or one printed."""
from __future__ import annotations

import json
from pathlib import Path

import click

from generator.build.jsonschemas import KINDS, schema_for, write_schemas


@click.command()
@click.option("--out", type=click.Path(file_okay=False, path_type=Path),
              help="Folder to write the schemas into (default: the project's .pnpkit/schemas).")
@click.option("--kind", type=click.Choice(KINDS), help="Print one kind's schema instead of writing files.")
def schema(out: Path | None, kind: str | None) -> None:
    """JSON Schemas of every YAML file kind, for editors (yaml-language-server) and CI checks."""
    if kind:
        click.echo(json.dumps(schema_for(kind), indent=1, sort_keys=True))
        return
    from generator.core.project import current
    folder = out or current().root / ".pnpkit" / "schemas"
    for path in write_schemas(folder):
        click.echo(str(path))
