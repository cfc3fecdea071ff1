"""Results that are costly to compute (simulations, the sample game), cached by content hash.

The key is a hash of everything that determines a result: the caller's parts (rule options,
deck, glyphs, agents, seed, number of games) plus a fingerprint of the engine's source code, so
a change to a card or to the rules code can never be answered from a stale entry.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from ..project import current

CACHE_FORMAT = 1  # bump when the shape of cached results changes


def cache_dir() -> Path:
    """``<project>/.pnp-cache/simulations`` unless ``PNP_CACHE_DIR`` names another folder."""
    return Path(os.environ.get("PNP_CACHE_DIR") or current().cache / "simulations")


@lru_cache(maxsize=None)
def engine_fingerprint() -> str:
    """A hash of every source file of the rules engine: any change to the rules invalidates results."""
    root = Path(__file__).resolve().parents[1] / "engine"
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_key(kind: str, parts: dict[str, Any]) -> str:
    payload = json.dumps({"kind": kind, "format": CACHE_FORMAT, "engine": engine_fingerprint(), **parts},
                         sort_keys=True, default=_plain, separators=(",", ":"))
    return hashlib.sha256(payload.encode()).hexdigest()[:32]


def cached(kind: str, parts: dict[str, Any], compute: Callable[[], Any]) -> Any:
    """The JSON result for ``parts``: read from the cache, or computed, stored and returned."""
    path = cache_dir() / f"{kind}-{cache_key(kind, parts)}.json"
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        pass  # absent or unreadable (a crash mid-write cannot leave one: writes are atomic)
    result = compute()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".tmp", dir=path.parent)
    with os.fdopen(fd, "w") as handle:
        json.dump(result, handle, sort_keys=True)
    os.replace(tmp, path)
    return json.loads(json.dumps(result))  # the same shapes as a cache hit (tuples become lists)


def _plain(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(mode="json")
    if hasattr(value, "_asdict"):
        return value._asdict()
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"cannot hash {type(value).__name__} into a cache key")
