"""A loading session: while one is open (a command's run), each game, edition and set of looks is
read once and handed out again (the model keeps them here), each check of an edition runs once, and
the YAML files read are counted.

Outside a session every load reads the files afresh, as a library user or a test that edits files
between builds expects. A session is held in a context variable: worker threads start without one,
and forked worker processes keep a copy of what was loaded before they started.
"""
from __future__ import annotations

from collections import Counter
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator, TypeVar

T = TypeVar("T")
_CURRENT: ContextVar["Session | None"] = ContextVar("pnp_loading_session", default=None)


@dataclass
class Session:
    """What one run has loaded and checked so far."""

    games: dict[Path, Any] = field(default_factory=dict)                 # game folder -> Game
    editions: dict[tuple[Path, str], Any] = field(default_factory=dict)  # (game folder, id) -> Edition
    looks: dict[tuple[Path, Path], Any] = field(default_factory=dict)    # (layouts, game folder) -> Layouts
    sources: dict[Path, Any] = field(default_factory=dict)               # a YAML file -> its Sourced
    results: dict[tuple, Any] = field(default_factory=dict)              # (check, what it checked) -> result
    checks: Counter = field(default_factory=Counter)                     # check name -> times run
    yaml_reads: Counter = field(default_factory=Counter)                 # path -> times read

    def once(self, key: tuple, compute: Callable[[], T]) -> T:
        """The result of a check (``key``: its name, then what it checks), computed the first time."""
        if key not in self.results:
            self.checks[key[0]] += 1
            self.results[key] = compute()
        return self.results[key]


def once(key: tuple, compute: Callable[[], T]) -> T:
    """``compute()``, once per key in the open session (every time without one)."""
    session = _CURRENT.get()
    return compute() if session is None else session.once(key, compute)


@contextmanager
def loading_session() -> Iterator[Session]:
    """Open a session for the block (the one already open, when there is one)."""
    if _CURRENT.get() is not None:
        yield _CURRENT.get()
        return
    token = _CURRENT.set(Session())
    try:
        yield _CURRENT.get()
    finally:
        _CURRENT.reset(token)


def current_session() -> Session | None:
    return _CURRENT.get()
