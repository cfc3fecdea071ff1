"""The one containment rule for files a project makes the tool read.

A project is untrusted: any of its files may be a link to anything on the machine. A file found inside
one of the trusted trees (the project root, the components and layouts folders the user named, the
installed package's own data) is read only when its real path, every link followed, stays inside that
same tree, and only when it is a regular file (never a FIFO or a device). A refused file is never
opened, so nothing of its content can reach a message or an output. A path the user names directly,
outside every tree, is the user's own choice and is only held to being a regular file.
"""
from __future__ import annotations

import os
import stat
from functools import lru_cache
from pathlib import Path

from generator.core.errors import GameDataError

PACKAGE = Path(__file__).resolve().parents[1]  # the installed package's own data (built-in looks, scaffold)


def trusted_roots() -> tuple[Path, ...]:
    """The trees files are found in: the current project's folders and the package's."""
    env = tuple(os.environ.get(name, "") for name in ("PNP_PROJECT", "PNP_COMPONENTS", "PNP_LAYOUTS"))
    return _roots(os.getcwd(), env)


@lru_cache(maxsize=8)
def _roots(cwd: str, env: tuple[str, ...]) -> tuple[Path, ...]:
    from generator.core.project import current

    project = current()
    named = [Path(os.path.abspath(p)) for p in (project.components, project.layouts, project.root, PACKAGE)]
    return tuple(dict.fromkeys(named + [p.resolve() for p in named]))  # as named and with links followed


def refusal(path: Path, roots: tuple[Path, ...] | None = None) -> str | None:
    """Why ``path`` may not be read, or None when it may."""
    lexical = Path(os.path.abspath(path))
    try:
        real = path.resolve(strict=False)
    except (OSError, RuntimeError):
        return "a link that leads nowhere (a loop)"
    trees = roots or trusted_roots()
    if any(lexical.is_relative_to(root) for root in trees) and not any(real.is_relative_to(r) for r in trees):
        return "a link that leads outside the project"
    try:
        mode = real.stat().st_mode
    except OSError:
        return None  # absent or unreadable: the reader says so in its own words
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        return "a special file (a pipe or a device), not a regular file"
    return None


def contained(path: Path, roots: tuple[Path, ...] | None = None) -> Path:
    """``path`` itself when it may be read.

    :raises GameDataError: naming the path only (nothing of where it leads) when it may not.
    """
    reason = refusal(path, roots)
    if reason:
        raise GameDataError(path, None, "", "a regular file inside the project", reason)
    return path
