"""Results that are costly to compute (simulations, the sample game), cached by content hash.

The key is a hash of everything that determines a result and nothing else: the caller's parts
(rule options, what of the engine's inputs changes a game, agents, seed, number of games) plus a
fingerprint of the source code of the one engine that plays the games (its own package, the
shared agent and search code, the seeding and game loop of the registry). A change to a card's
numbers or to that engine's code is never answered from a stale entry; renaming a card, redrawing
its art or editing another engine reuses the stored results.
"""
from __future__ import annotations

import hashlib
import json
import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from generator.core.errors import UserError
from generator.core.files import refusal, write_atomically
from generator.core.project import current

CACHE_FORMAT = 2  # bump when the shape of cached results changes


def cache_dir() -> Path:
    """``<project>/.pnp-cache/simulations`` unless ``PNP_CACHE_DIR`` names another folder."""
    return Path(os.environ.get("PNP_CACHE_DIR") or current().cache / "simulations")


# the engine-wide modules of generator/play/ a game's results depend on (agents, search, options,
# records, seeds, the game loop)
SHARED_ENGINE_FILES = ("agents_base.py", "mcts.py", "options_base.py", "records.py", "engine_spec.py", "seeds.py",
                       "loop.py")
# and the registry's code that plays a game
REGISTRY_FUNCTIONS = ("play_game",)  # (the run loop itself: loop.py, above)


@lru_cache(maxsize=None)
def engine_fingerprint(engine: str | None = None) -> str:
    """A hash of the source code that plays the games of ``engine`` (every engine when None)."""
    return source_digest(*engine_sources(engine))


def engine_sources(engine: str | None) -> tuple[list[Path], list[str]]:
    """The files and the registry functions (as source text) the games of ``engine`` depend on: the
    package its ``new_game`` comes from (only that module for a module outside any package)."""
    import importlib
    import inspect
    from generator.play import registry
    root = Path(registry.__file__).parent
    if engine is None:
        every = [engine_sources(name) for name in registry.ENGINES]
        return sorted({p for files, _ in every for p in files}), every[0][1] if every else []
    module = registry.get_engine(engine).new_game.__module__
    package = module.rpartition(".")[0]
    if package:
        folder = Path(str(importlib.import_module(package).__file__)).parent
        # the package's rulebook appendix tells games and plays none: editing it re-simulates nothing
        book = _appendix_folder(registry.get_engine(engine).appendices, package, folder)
        own = sorted(p for p in folder.rglob("*.py") if book is None or book not in p.parents)
    else:
        own = [Path(str(importlib.import_module(module).__file__))]
    files = own + [root / name for name in SHARED_ENGINE_FILES if (root / name).is_file()]
    return files, [inspect.getsource(getattr(registry, name)) for name in REGISTRY_FUNCTIONS]


def _appendix_folder(appendices: str | None, package: str, folder: Path) -> Path | None:
    """The sub-package of ``package`` (in ``folder``) holding the engine's rulebook appendix, if any."""
    holder = (appendices or "").partition(":")[0].rpartition(".")[0]
    if not holder.startswith(package + "."):
        return None
    return folder.joinpath(*holder[len(package) + 1:].split("."))


def source_digest(files: list[Path], functions: list[str]) -> str:
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    for source in functions:
        digest.update(source.encode())
    return digest.hexdigest()[:16]


def cache_key(kind: str, parts: dict[str, Any], engine: str | None = None) -> str:
    """The key of a result: ``parts`` and the fingerprint of ``engine`` (of every engine when None)."""
    payload = json.dumps({"kind": kind, "format": CACHE_FORMAT, "engine": engine_fingerprint(engine), **parts},
                         sort_keys=True, default=_plain, separators=(",", ":"))
    return hashlib.sha256(payload.encode()).hexdigest()[:32]


MAX_KEPT = 256 * 2**20  # a kept result larger than this is not read (a sample search keeps whole games)


def cached(kind: str, parts: dict[str, Any], compute: Callable[[], Any], engine: str | None = None,
           shape: Any = None) -> Any:
    """The JSON result for ``parts`` (played by ``engine``): read from the cache, or computed,
    stored and returned. ``shape``: a pydantic TypeAdapter a kept result must pass, else it is a miss
    (the cache lives in the project, which may have been sent by anyone)."""
    path = cache_dir() / f"{kind}-{cache_key(kind, parts, engine)}.json"
    try:
        if refusal(path) is None and path.stat().st_size <= MAX_KEPT:
            kept = json.loads(path.read_text())
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
