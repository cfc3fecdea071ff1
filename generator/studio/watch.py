"""Watch the project's game and looks folders with watchfiles (the operating system's change
notifications, through Rust's notify) and rebuild the session after each burst of changes."""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Awaitable, Callable

from watchfiles import DefaultFilter, awatch

STEP_MS = 20   # a burst of changes ends after this long without another (an editor's save is several)


class ProjectFilter(DefaultFilter):
    """Everything a game is read from; never the build's output, caches or editors' temporary files."""

    def __init__(self, ignored: list[Path]):
        super().__init__()
        self.ignored = [str(p) for p in ignored]

    def __call__(self, change, path: str) -> bool:
        if any(path == p or path.startswith(p + "/") for p in self.ignored):
            return False
        return super().__call__(change, path) and not Path(path).name.startswith(".")


async def watch(folders: list[Path], ignored: list[Path], on_changes: Callable[[set[Path]], Awaitable[None]],
                stop: asyncio.Event) -> None:
    """Await `on_changes` with the changed paths after each burst of changes under `folders`, until `stop`."""
    folders = [f for f in folders if f.is_dir()]
    if not folders:
        return
    async for changes in awatch(*folders, watch_filter=ProjectFilter(ignored), stop_event=stop,
                                step=STEP_MS, debounce=1000):
        await on_changes({Path(path) for _, path in changes})
