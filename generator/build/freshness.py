"""Skipping an edition whose output is up to date: a build records a fingerprint of everything its
files depend on, and the next build of the same target with the same fingerprint writes nothing.

An edition's fingerprint covers the generator's own code, the Python and every installed
distribution with its version (a library that draws, a dependency of one, a plug-in's), its rules
engine's code, the layouts, the game's folder except the card lists only other editions use, the other
editions' decks as the engine plays them (their balance figures appear in every rulebook of the
game), the profiles, ``--strict`` and the ``PNP_`` environment (but for the variables that only say
how to run). So renaming a card rebuilds only the editions that print it, and a change to anything
else that could show in a file rebuilds.

The records live in the simulation cache's folder (``built/``), one per target folder; a target
whose manifest or listed files were changed or removed since is built again.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator.core.files import file_digest, read_kept, tree_files, write_atomically
from generator.core.errors import UserError

# PNP_ variables that change how a build runs, never what it writes (a test checks the files agree)
HOW_NOT_WHAT = ("PNP_TRACE", "PNP_PROGRESS_EVERY", "PNP_RULEBOOK_JOBS", "PNP_START_METHOD")


def fingerprint(edition: Any, others: list[Any], profiles: list[str] | None, strict: bool,
                *settings: Any) -> str:
    """The hash of what the edition's output depends on (``others``: the game's other editions)."""
    from generator.model import layouts_dir
    digest = hashlib.sha256()
    digest.update(_static_inputs().encode())
    digest.update(_engine_code(edition.engine).encode())
    digest.update(_tree_digest(layouts_dir()).encode())
    own = {c.source.path.resolve() for c in edition.components}
    theirs = {c.source.path.resolve() for e in others for c in e.components} - own
    digest.update(_tree_digest(edition.game.folder, skip=frozenset(theirs)).encode())
    digest.update(json.dumps({"others": [_gameplay(e) for e in others], "profiles": profiles, "strict": strict,
                              "settings": settings,
                              "env": sorted((k, v) for k, v in os.environ.items()
                                            if k.startswith("PNP_") and k not in HOW_NOT_WHAT)},
                             sort_keys=True, default=str).encode())
    return digest.hexdigest()


def _gameplay(edition: Any) -> Any:
    """An edition as the engine plays it (None for a game without an engine)."""
    if not edition.engine:
        return None
    from generator.runs.work import engine_inputs
    try:
        inputs = engine_inputs(edition)
    except ValueError:  # a mistake in that edition: its own build reports it
        return "unplayable"
    return None if inputs is None else inputs.key()


@lru_cache(maxsize=None)
def _static_inputs() -> str:
    """The generator's code and package data, the Python and the installed distributions."""
    code = _tree_digest(Path(__file__).resolve().parents[1], code=True)  # the generator package
    return hashlib.sha256(f"{sys.version}|{'|'.join(installed_distributions())}|{code}".encode()).hexdigest()


def installed_distributions() -> list[str]:
    """Every distribution installed where this Python imports from, by the name of its metadata
    folder, which carries its version (``pyphen-0.16.0.dist-info``): no file of it is read. Any of
    them may change a file (reportlab draws, pyphen hyphenates, a plug-in's own dependencies...)."""
    from generator.build.kept_answers import DISTRIBUTIONS
    found = set()
    for entry in sys.path:
        try:
            found.update(name for name in os.listdir(entry or ".") if name.endswith(DISTRIBUTIONS))
        except OSError:
            continue
    return sorted(found)


def _engine_code(engine: str | None) -> str:
    """The code of the package the edition's rules engine comes from (a plug-in lives outside this
    package), found from its entry point without importing it."""
    if not engine:
        return ""
    from generator.play.plugins import discover
    reference = discover().get(engine)
    if reference is None:
        return "unknown engine"
    module = reference.partition(":")[0]
    spec = importlib.util.find_spec(module.rpartition(".")[0] or module)
    if spec is None or spec.origin is None:
        return "missing engine"
    origin = Path(spec.origin)
    return _tree_digest(origin.parent, code=True) if spec.submodule_search_locations else hashlib.sha256(origin.read_bytes()).hexdigest()


def _tree_digest(root: Path, skip: frozenset = frozenset(), code: bool = False) -> str:
    """Not cached: files change between builds made in one process (a library user, the tests).
    Only regular files inside the project are read (core.files.tree_files); ``code``: leave out
    ``__pycache__`` (of code only: a game's deck may sit in a folder of that name)."""
    digest = hashlib.sha256()
    for name in tree_files(root, skip=frozenset({"__pycache__"}) if code else frozenset()):
        path = Path(name)
        if path.resolve() not in skip:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(file_digest(name))
    return digest.hexdigest()


def _record_path(target: Path) -> Path:
    from generator.runs.cache import cache_dir
    name = hashlib.sha256(str(target.resolve()).encode()).hexdigest()[:24]
    return cache_dir() / "built" / f"{name}.json"


def up_to_date(target: Path, print_: str) -> bool:
    """True when ``target`` was built from inputs with fingerprint ``print_`` and every file its
    manifest lists is still as that build left it (same size and modification time)."""
    try:  # a record planted as a pipe or a link out of the project is none (core.files.read_kept)
        record = json.loads(read_kept(_record_path(target), 2**24) or "null")
        return record.get("fingerprint") == print_ and record.get("files") == _files_state(target)
    except (OSError, ValueError, AttributeError, TypeError, RecursionError):
        return False


def _files_state(target: Path) -> dict[str, list[int]]:
    """{file: [size, modification time]} of the manifest and every file it lists.

    :raises OSError, ValueError: for a missing or unreadable manifest or file."""
    manifest = json.loads((target / "manifest.json").read_text())
    names = ["manifest.json"] + [f["path"] if isinstance(f, dict) else f for f in manifest.get("files", [])]
    out = {}
    for name in names:
        stat = (target / name).stat()
        out[name] = [stat.st_size, stat.st_mtime_ns]
    return out


def remember(target: Path, print_: str) -> None:
    """Record that ``target`` now holds the output of inputs with fingerprint ``print_``."""
    path = _record_path(target)
    try:
        record = {"fingerprint": print_, "files": _files_state(target), "target": str(target)}
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps(record))  # a planted link in the cache is not written through
    except (OSError, ValueError, UserError):
        pass  # without a record the next build simply builds again


def others_of(edition: Any, loaded: list[Any]) -> list[Any]:
    """The game's other editions, taken from ``loaded`` where there."""
    from generator.model import load_edition
    have = {(e.game.id, e.id): e for e in loaded}
    return [have.get((edition.game.id, e)) or load_edition(edition.game, e)
            for e in edition.game.spec.editions if e != edition.id]
