"""Write build results safely: a staging folder first, files moved into place only when all succeeded."""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterator


@dataclass
class Produced:
    """One file a build wrote, as the manifest lists it."""

    path: str          # relative to the edition's output folder
    kind: str          # sheet, tokens, print-shop, png, tts, proof, rulebook, ...
    profile: str | None
    pages: int | None = None
    extra: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        data = asdict(self)
        data.update(data.pop("extra"))
        return {k: v for k, v in data.items() if v is not None}


@contextmanager
def staging(out_dir: Path) -> Iterator[Path]:
    """A temporary folder beside out_dir; on success its files replace their namesakes in out_dir."""
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}-", dir=out_dir.parent))
    try:
        yield stage
        out_dir.mkdir(parents=True, exist_ok=True)
        for src in sorted(stage.rglob("*")):
            if src.is_file():
                dest = out_dir / src.relative_to(stage)
                dest.parent.mkdir(parents=True, exist_ok=True)
                os.replace(src, dest)
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def write_manifest(stage: Path, game: str, edition: str, produced: list[Produced], previous: Path | None) -> None:
    """manifest.json: every file of this build; entries of other profiles from an earlier build are kept."""
    entries = {p.path: p.as_dict() for p in produced}
    if previous and previous.is_file():
        try:
            old = json.loads(previous.read_text())
            built = {p.profile for p in produced}
            for entry in old.get("files", []):
                if entry.get("profile") not in built and (previous.parent / entry["path"]).exists():
                    entries.setdefault(entry["path"], entry)
        except (json.JSONDecodeError, KeyError, TypeError):
            pass
    data = {"game": game, "edition": edition, "files": [entries[k] for k in sorted(entries)]}
    (stage / "manifest.json").write_text(json.dumps(data, indent=2) + "\n")
