"""Where the user's project is: a folder holding `components/` (and optionally `layouts/`).

Found, in order, from `--project DIR` (which the command line passes on as PNP_PROJECT, so worker
processes see it too), the PNP_PROJECT variable, or the current folder and its parents, the way
ruff or pre-commit find their configuration. Output and caches belong to the project; nothing is
ever written inside the installed package.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from generator.core.errors import UserError

MARKER = "components"


@dataclass(frozen=True)
class Project:
    root: Path

    @property
    def components(self) -> Path:
        return Path(os.environ.get("PNP_COMPONENTS") or self.root / MARKER)

    @property
    def layouts(self) -> Path:
        return Path(os.environ.get("PNP_LAYOUTS") or self.root / "layouts")

    @property
    def output(self) -> Path:
        return self.root / "output"

    @property
    def cache(self) -> Path:
        return self.root / ".pnp-cache"


def find_project(start: Path | None = None) -> Project:
    """The project named by PNP_PROJECT, else the nearest folder holding components/ from start upward.
    With neither, the start folder itself: commands that need games then say there are none."""
    named = os.environ.get("PNP_PROJECT")
    if named:
        root = Path(named).expanduser()
        if not root.is_dir():
            raise UserError(f"project folder {root} does not exist (from --project or PNP_PROJECT)")
        return Project(root.resolve())
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / MARKER).is_dir():
            return Project(folder)
    return Project(here)


def current() -> Project:
    return find_project()
