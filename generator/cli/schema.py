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
    from generator.core.errors import shown_path
    from generator.core.project import current
    root = current().root
    folder = out or root / ".pnpkit" / "schemas"
    written = write_schemas(folder)
    click.echo(f"{len(written)} JSON Schemas in {shown_path(folder)}/, one per kind of YAML file "
               f"({', '.join(KINDS)}).")
    for line in editor_help(root / "components" / "GAME" / "game.yaml", folder / "game.schema.json"):
        click.echo(line)


def editor_help(example: Path, schema_file: Path) -> list[str]:
    """How to point an editor at the schemas: the first line a file needs, shown for one example file."""
    import os
    relative = Path(os.path.relpath(schema_file, example.parent)).as_posix()
    return ["To have your editor complete keys and flag mistakes as you type, install a YAML plug-in built on",
            "yaml-language-server (VS Code: the YAML extension by Red Hat) and start each file with a line naming",
            f"the schema of its kind, relative to the file; for {example.name} in components/GAME/:",
            f"  # yaml-language-server: $schema={relative}",
            "Files made by `pnpkit new` start with that line already."]
