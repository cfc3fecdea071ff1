"""Replaying the answer of a read-only command (`validate`, `list`) whose inputs did not change.

What such a command prints depends only on the project's files (its components and layouts
folders), the generator's own code and built-in looks, the engines registered as plug-ins and
their code, the installed distributions, the Python, the command's arguments and the ``PNP_``
environment. Its output and exit status are kept under a digest of all of them, file contents
included (not modification times); a later run with the same digest prints the kept answer without
reading a game. Computing the digest reads the files (about 1.3 MB for this project, 12-15 ms) and
imports nothing heavy.

A run that stops with an error (an unreadable file, a template that cannot be drawn) is never kept,
so a mistake is found again on every run. ``PNP_NO_REPLAY=1`` turns replaying off.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import sys
from contextlib import redirect_stdout
from importlib.util import find_spec
from pathlib import Path
from typing import Callable

from generator.core.errors import UserError
from generator.core.files import file_digest, read_kept, tree_files, write_atomically
from generator.core.project import current

PACKAGE = Path(__file__).resolve().parents[1]  # the generator package
FORMAT = 1  # bump when the shape of a kept answer changes
KEEP = 64  # answers kept; older ones are removed
DISTRIBUTIONS = (".dist-info", ".egg-info", ".egg-link", ".pth")
GROUP = "pnp_generator.engines"  # play.plugins.GROUP, named here so that its imports are not needed


def replayed(command: str, arguments: list, run: Callable[[], int | None]) -> int:
    """Print what ``run`` prints and return its exit status (0 for None), from the kept answer
    when the digest of everything the command reads is unchanged."""
    if os.environ.get("PNP_NO_REPLAY"):
        return run() or 0
    key = digest(command, arguments)
    path = _folder() / f"{key}.json"
    kept = _read(path)
    if kept is None:
        captured = io.StringIO()
        with redirect_stdout(captured):
            status = run() or 0
        kept = {"stdout": captured.getvalue(), "status": status}
        _write(path, kept)
    sys.stdout.write(kept["stdout"])
    sys.stdout.flush()
    return kept["status"]


def digest(command: str, arguments: list) -> str:
    """The hash of the command, its arguments and everything its answer depends on."""
    project = current()
    installed = _installed()
    h = hashlib.sha256(json.dumps(
        {"format": FORMAT, "command": command, "arguments": arguments, "python": sys.version,
         "root": str(project.root), "path": sys.path, "installed": installed,
         "env": sorted((k, v) for k, v in os.environ.items() if k.startswith("PNP_"))},
        sort_keys=True, default=str).encode())
    for name, folder in (("components", project.components), ("layouts", project.layouts), ("package", PACKAGE)):
        h.update(name.encode() + b"\0")
        _tree(folder, h, code=folder == PACKAGE)
    for source in _plugin_sources(installed):
        h.update(b"plugin\0")
        _tree(source, h, code=True)
    return h.hexdigest()


def _tree(root: Path, h, code: bool = False) -> None:
    """Every file under ``root`` (or ``root`` itself, a file), its relative path and its bytes, in a fixed
    order. Only regular files that stay inside the project are read (core.files.tree_files: no pipe, no
    device, no link out, a link to / is not walked), each up to a size cap. ``code``: a tree of Python
    code, whose ``__pycache__`` folders are left out (a project's are not: a deck may sit in one)."""
    if root.is_file():
        h.update(os.path.basename(root).encode() + b"\0" + file_digest(str(root)))
        return
    for path in tree_files(root, skip=frozenset({"__pycache__"}) if code else frozenset()):
        h.update(os.path.relpath(path, root).encode() + b"\0" + file_digest(path))


def _installed() -> list:
    """Every installed distribution (its metadata folder's name carries its version) with the entry
    points it declares, read straight from the files importlib.metadata reads, which is quicker
    than importing it."""
    out = []
    for entry in sys.path:
        if not os.path.isdir(entry):
            continue
        for name in sorted(os.listdir(entry)):
            if name.endswith(DISTRIBUTIONS):
                out.append([entry, name, _text(os.path.join(entry, name, "entry_points.txt"))])
    return out


def _text(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as stream:
            return stream.read()
    except (OSError, ValueError):
        return None


def _plugin_sources(installed: list) -> list[Path]:
    """The source (a package folder or a module) of every engine registered from outside this
    package, found without importing it."""
    from configparser import ConfigParser, Error
    out = []
    for _, _, text in installed:
        if not text or GROUP not in text:
            continue
        parser = ConfigParser(delimiters=("=",), interpolation=None)
        try:
            parser.read_string(text)
            references = parser[GROUP].values() if parser.has_section(GROUP) else []
        except Error:
            continue
        for reference in references:
            source = _source_of(reference.partition(":")[0].split(".")[0].strip())
            if source and not source.is_relative_to(PACKAGE) and source not in out:
                out.append(source)
    return out


def _source_of(module: str) -> Path | None:
    try:
        spec = find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin or not os.path.isfile(spec.origin):
        return None
    source = Path(spec.origin).resolve()
    return source.parent if spec.submodule_search_locations else source


def _folder() -> Path:
    # beside the simulation cache (runs.cache.cache_dir), without importing it
    return Path(os.environ.get("PNP_CACHE_DIR") or current().cache / "simulations") / "commands"


def _read(path: Path) -> dict | None:
    try:  # a damaged or planted file (a pipe, a link out of the project) is a miss
        kept = json.loads(read_kept(path) or "null")
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(kept, dict) or not isinstance(kept.get("stdout"), str) or not isinstance(kept.get("status"), int):
        return None
    return kept


def _write(path: Path, kept: dict) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps(kept))  # a planted link in the cache is not written through
        _prune(path)
    except (OSError, UserError):
        pass  # a read-only project: the next run simply works it out again


def _prune(newest: Path) -> None:
    """Keep the most recent answers only: each edit of the project leaves one that is never asked again."""
    others = sorted((p for p in newest.parent.glob("*.json") if p != newest), key=lambda p: p.stat().st_mtime_ns)
    for stale in others[:max(0, len(others) - (KEEP - 1))]:
        stale.unlink(missing_ok=True)
