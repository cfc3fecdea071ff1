"""A new game (`pnpkit new GAME`): a commented game that validates and builds at once (cards from a CSV file with a
face and a back, a coin token, an edition that declares its deck, a style with the game's colours and
a Markdown rulebook), written into the project, which the folder becomes if it was not one."""
from __future__ import annotations

import os
import re
from importlib import resources
from pathlib import Path

from generator.build.jsonschemas import SHIPPED, kind_of
from generator.core.errors import UserError
from generator.core.files import write_atomically
from generator.core.project import MARKER

SCAFFOLD = Path(str(resources.files("generator") / "scaffold" / "game"))  # package data
GAME_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,59}$")


def create_game(project_root: Path, game_id: str, title: str) -> Path:
    """Write the scaffold as components/<game_id>/ of the project; returns that folder."""
    if not GAME_ID.match(game_id):
        raise UserError(f"{game_id!r} cannot name a game: use lower-case letters, digits, - and _ "
                        "(at most 60), starting with a letter or digit")
    folder = project_root / MARKER / game_id
    if folder.exists() or folder.is_symlink():
        raise UserError(f"{folder} already exists: pick another name, or edit that game")
    schemas = project_root / ".pnpkit" / "schemas"
    schemas.mkdir(parents=True, exist_ok=True)
    for shipped in SHIPPED.glob("*.schema.json"):  # the package's copies: no need to generate them again
        write_atomically(schemas / shipped.name, shipped.read_bytes())  # never through a link
    for source in sorted(SCAFFOLD.rglob("*")):
        if source.is_dir():
            continue
        target = folder / str(source.relative_to(SCAFFOLD)).replace("__GAME__", game_id)
        target.parent.mkdir(parents=True, exist_ok=True)
        text = source.read_text(encoding="utf-8").replace("__GAME__", game_id).replace("__TITLE__", title)
        kind = kind_of(target)
        if kind:
            text = text.replace("__SCHEMA__", Path(os.path.relpath(schemas / f"{kind}.schema.json",
                                                                   target.parent)).as_posix())
        write_atomically(target, text)
    return folder
