"""Engine work already started (by the build's look-ahead, ``build.prefetch``) that ``work.resolve``
waits for instead of computing it again: one ``Pending`` per work key."""
from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, Future, wait
from contextlib import nullcontext
from typing import Callable, Protocol

from generator.core.trace import span


class Work(Protocol):
    """What a run started ahead knows of its work (``work.Work``, which asks this module): the
    games of each unit and a label for the timeline."""

    @property
    def sizes(self) -> list[int]: ...

    @property
    def label(self) -> str: ...

PENDING: dict[str, "Pending"] = {}


def pending(key: str) -> "Pending | None":
    """The run started ahead for a work's key, if any."""
    return PENDING.get(key)


class Pending:
    """One work's units on the pool."""

    def __init__(self, work: Work, futures: list[Future]):
        self.work, self.futures = work, futures

    def done(self) -> bool:
        return all(f.done() for f in self.futures)

    def games_done(self) -> int:
        return sum(size for f, size in zip(self.futures, self.work.sizes) if f.done())

    def wait(self, progress: Callable[[int], None] | None = None) -> list:
        """The parts in unit order, reporting each unit's games to ``progress`` as it finishes."""
        left = dict(zip(self.futures, self.work.sizes))
        with span(f"wait {self.work.label}") if not self.done() else nullcontext():
            self._wait(left, progress)
        return [f.result() for f in self.futures]

    @staticmethod
    def _wait(left: dict, progress: Callable[[int], None] | None) -> None:
        while left:
            finished, _ = wait(list(left), return_when=FIRST_COMPLETED)
            for future in finished:
                size = left.pop(future)
                if progress:
                    progress(size)
