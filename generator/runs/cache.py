"""Results that are costly to compute (simulations, the sample game), cached by content hash.

The key is a hash of everything that determines a result and nothing else: the caller's parts
(rule options, what of the engine's inputs changes a game, agents, seed, number of games), a
fingerprint of the code that plays the games of the one engine (every file of its own package but
its rulebook appendix, with a Cython kernel's source and build, and the generator's layers engine
work may import: ``runs`` and every layer below it, by the import contract) and a fingerprint of the
code that makes the result from the games (``code_fingerprint``: the package of each function the
work runs, a game's appendix when the function is there). A change to a card's numbers or to any of
that code is never answered from a stale entry; renaming a card, redrawing its art, editing another
engine or the typesetting reuses the stored results. An entry kept by an older version of that code
is never found: its key differs.
"""
from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from generator.core.errors import UserError
from generator.core.files import read_kept, refusal, write_atomically
from generator.core.project import current

CACHE_FORMAT = 3  # bump when the shape of cached results changes


def cache_dir() -> Path:
    """``<project>/.pnp-cache/simulations`` unless ``PNP_CACHE_DIR`` names another folder."""
    return Path(os.environ.get("PNP_CACHE_DIR") or current().cache / "simulations")


# the generator's layers engine work may import (pyproject.toml's layers contract: runs and below)
ENGINE_LAYERS = ("runs", "play", "render", "model", "elements", "draw", "core")
GENERATOR = Path(__file__).resolve().parents[1]
# and the registry's code that plays a game (its module is in ``play``, above: kept for the readers)
REGISTRY_FUNCTIONS = ("play_game",)


@lru_cache(maxsize=None)
def engine_fingerprint(engine: str | None = None) -> str:
    """A hash of the code that plays the games of ``engine`` (every engine when None)."""
    return source_digest(*engine_sources(engine))


def engine_sources(engine: str | None) -> tuple[list[Path], list[str]]:
    """The files and the registry functions (as source text) the games of ``engine`` depend on: every
    file of the package its ``new_game`` comes from (only that module for a module outside any
    package) but its rulebook appendix, and every file of the generator's ``ENGINE_LAYERS``."""
    import importlib
    import inspect
    from generator.play import registry
    if engine is None:
        every = [engine_sources(name) for name in registry.ENGINES]
        return sorted({p for files, _ in every for p in files}), every[0][1] if every else []
    module = registry.get_engine(engine).new_game.__module__
    package = module.rpartition(".")[0]
    if package:
        folder = Path(str(importlib.import_module(package).__file__)).parent
        # the package's rulebook appendix tells games and plays none: it counts only for the works
        # whose functions live there (code_fingerprint)
        book = _appendix_folder(registry.get_engine(engine).appendices, package, folder)
        own = [p for p in code_files(folder) if book is None or book not in p.parents]
    else:
        own = [Path(str(importlib.import_module(module).__file__))]
    layers = [p for layer in ENGINE_LAYERS for p in code_files(GENERATOR / layer)]
    return own + layers, [inspect.getsource(getattr(registry, name)) for name in REGISTRY_FUNCTIONS]


def code_files(folder: Path) -> list[Path]:
    """Every file of a code folder, in a fixed order: its Python modules, a kernel's ``.pyx`` source and
    built library, data it reads (compiled ``__pycache__`` left out)."""
    from generator.core.files import tree_files
    return [Path(p) for p in tree_files(folder, skip=frozenset({"__pycache__"}))]


def code_fingerprint(*functions: Callable) -> str:
    """A hash of the code of ``functions``: for each, every file of the package its module is in (the
    module alone when it is in none). A function that makes a result from games (a step search, an
    event reader, a balance row) is seldom alone: what it calls sits beside it."""
    import inspect
    import sys
    files: set[Path] = set()
    for function in functions:
        function = getattr(function, "func", function)   # a functools.partial
        module = sys.modules.get(getattr(function, "__module__", "") or "")
        path = Path(inspect.getfile(function)).resolve()
        files.update(code_files(path.parent) if module is not None and module.__package__ else [path])
    return source_digest(sorted(files), [])


def _appendix_folder(appendices: str | None, package: str, folder: Path) -> Path | None:
    """The sub-package of ``package`` (in ``folder``) holding the engine's rulebook appendix, if any."""
    holder = (appendices or "").partition(":")[0].rpartition(".")[0]
    if not holder.startswith(package + "."):
        return None
    return folder.joinpath(*holder[len(package) + 1:].split("."))


def source_digest(files: list[Path], functions: list[str]) -> str:
    from generator.core.files import file_digest
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + b"\0")
        digest.update(file_digest(str(path)))
    for source in functions:
        digest.update(source.encode())
    return digest.hexdigest()[:16]


def cache_key(kind: str, parts: dict[str, Any], engine: str | None = None, code: str = "") -> str:
    """The key of a result: ``parts``, the fingerprint of ``engine`` (of every engine when None) and
    ``code``, the fingerprint of the code that makes the result from the games (``code_fingerprint``)."""
    payload = json.dumps({"kind": kind, "format": CACHE_FORMAT, "engine": engine_fingerprint(engine), "code": code,
                          **parts},
                         sort_keys=True, default=_plain, separators=(",", ":"))
    return hashlib.sha256(payload.encode()).hexdigest()[:32]


MAX_KEPT = 256 * 2**20  # a kept result larger than this is not read (a sample search keeps whole games)


def cached(kind: str, parts: dict[str, Any], compute: Callable[[], Any], engine: str | None = None,
           shape: Any = None, code: str = "") -> Any:
    """The JSON result for ``parts`` (played by ``engine``): read from the cache, or computed,
    stored and returned. ``shape``: a pydantic TypeAdapter a kept result must pass, else it is a miss
    (the cache lives in the project, which may have been sent by anyone)."""
    path = cache_dir() / f"{kind}-{cache_key(kind, parts, engine, code)}.json"
    try:
        text = read_kept(path, MAX_KEPT)   # None for a pipe, a link out of the project, a larger file
        if text is not None:
            kept = json.loads(text)
            if shape is not None:
                shape.validate_python(kept)
            return kept
    except (OSError, ValueError, RecursionError):
        pass  # absent, unreadable or of the wrong shape (pydantic's ValidationError is a ValueError)
    result = compute()
    path.parent.mkdir(parents=True, exist_ok=True)
    try:  # all or nothing, never through a link planted in the project's cache
        if refusal(path) is None:  # a pipe or device planted where the result goes is left alone
            write_atomically(path, json.dumps(result, sort_keys=True))
    except UserError:
        pass  # a cache folder leading out of the project: the result is simply not kept
    return json.loads(json.dumps(result))  # the same shapes as a cache hit (tuples become lists)


def _plain(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if hasattr(value, "_asdict"):
        return value._asdict()
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"cannot hash {type(value).__name__} into a cache key")
