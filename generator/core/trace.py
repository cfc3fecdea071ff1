"""A timeline of a build for finding idle cores: with ``PNP_TRACE=FILE`` set, every traced span
(a build step in the main process, a unit of engine work in a worker) appends one JSON line to FILE:
``{"pid", "name", "start", "end", "cpu"}`` (wall clock seconds since the epoch, CPU seconds of the
span). ``python bench/timeline.py FILE`` draws it. Without the variable a span costs one lookup.
"""
from __future__ import annotations

import json
import os
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator


def enabled() -> bool:
    return bool(os.environ.get("PNP_TRACE"))


@contextmanager
def span(name: str) -> Iterator[None]:
    """Record the wall and CPU time of the block as ``name`` (nothing when tracing is off)."""
    path = os.environ.get("PNP_TRACE")
    if not path:
        yield
        return
    _check_writable(path)
    start, cpu = time.time(), time.process_time()
    try:
        yield
    finally:
        line = json.dumps({"pid": os.getpid(), "name": name, "start": start, "end": time.time(),
                           "cpu": time.process_time() - cpu})
        with open(path, "a") as handle:  # one short write in append mode: lines of processes do not mix
            handle.write(line + "\n")


_WRITABLE: set[str] = set()


def _check_writable(path: str) -> None:
    """The timeline file can be appended to, checked once per process before the first span.

    :raises UserError: one line naming the variable, before any work is done."""
    if path in _WRITABLE:
        return
    try:
        with open(path, "a"):
            pass
    except (OSError, ValueError) as exc:
        from generator.core.errors import UserError
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise UserError(f"PNP_TRACE={path!r}: the build timeline cannot be written there ({reason}); "
                        "name a file you may write, or unset PNP_TRACE") from None
    _WRITABLE.add(path)


def run_traced(name: str, run: Callable[[Any], Any], unit: Any) -> Any:
    """``run(unit)`` inside a span: what a worker process is given (a module-level function, so any
    start method can send it)."""
    with span(name):
        return run(unit)
