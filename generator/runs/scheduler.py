"""A process pool that runs the most urgent task first.

``concurrent.futures`` hands tasks to workers in the order they were submitted, so a task that
becomes urgent late (a rulebook whose engine results just arrived) would wait behind every unit
of engine work queued before it. Here tasks wait in a heap, at most one per worker is handed to the
pool at a time, and a feeder thread hands out the next one (lowest priority first, then in
submission order) as soon as a worker is free.
"""
from __future__ import annotations

import heapq
import itertools
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from functools import partial
from typing import Any, Callable


class Scheduler:
    """``submit(priority, fn, *args)`` gives a Future; ``close()`` cancels what has not started."""

    def __init__(self, jobs: int, initializer: Callable[[], None] | None = None,
                 warm_up: Callable[[], None] | None = None):
        """``warm_up`` runs once per worker as it starts (imports a task will need, while this
        process goes on with other things)."""
        from generator.core.processes import pool_context
        self.jobs = jobs
        self.pool = ProcessPoolExecutor(jobs, mp_context=pool_context(), initializer=initializer)
        for _ in range(jobs):  # from this thread: forking from the feeder thread could copy a held lock
            self.pool.submit(warm_up or _nothing)
        self._heap: list[tuple[Any, int, Future, Callable, tuple]] = []
        self._order = itertools.count()
        self._free = threading.Condition()
        self._running = 0
        self._closed = False
        self._feeder = threading.Thread(target=self._feed, name="scheduler", daemon=True)
        self._feeder.start()

    def submit(self, priority: Any, fn: Callable, *args: Any) -> Future:
        future: Future = Future()
        with self._free:
            heapq.heappush(self._heap, (priority, next(self._order), future, fn, args))
            self._free.notify()
        return future

    def close(self, stop_running: bool = False) -> None:
        """Cancel what has not started; wait for what runs, or with ``stop_running`` (the build
        failed or was stopped) end the workers at once."""
        with self._free:
            self._closed = True
            for *_, future, _fn, _args in self._heap:
                future.cancel()
            self._heap.clear()
            self._free.notify()
        self._feeder.join()
        if stop_running:  # the executor has no public way to stop a running task
            for process in list(getattr(self.pool, "_processes", {}).values()):
                process.terminate()
        self.pool.shutdown(wait=True, cancel_futures=True)

    def _feed(self) -> None:
        while True:
            with self._free:
                while not self._closed and (not self._heap or self._running >= self.jobs):
                    self._free.wait()
                if self._closed:
                    return
                *_, future, fn, args = heapq.heappop(self._heap)
                if not future.set_running_or_notify_cancel():
                    continue
                self._running += 1
            try:  # outside the lock: the pool's own thread calls _done, which takes it
                self.pool.submit(fn, *args).add_done_callback(partial(self._done, mine=future))
            except RuntimeError as exc:  # the pool is shutting down or broken
                self._done_with(future, exc)

    def _done(self, inner: Future, mine: Future) -> None:
        if inner.cancelled():
            self._done_with(mine, None)
            return
        exc = inner.exception()
        if exc is not None:
            self._done_with(mine, exc)
        else:
            with self._free:
                self._running -= 1
                self._free.notify()
            mine.set_result(inner.result())

    def _done_with(self, future: Future, exc: BaseException | None) -> None:
        with self._free:
            self._running -= 1
            self._free.notify()
        if exc is None:
            if not future.cancel():
                future.set_exception(RuntimeError("cancelled"))
        else:
            future.set_exception(exc)


def _nothing() -> None:
    pass


_ACTIVE: list[Scheduler | None] = [None]


def activate(scheduler: Scheduler | None) -> None:
    """Make ``scheduler`` the one a build hands its rulebooks to (None: build them in this process)."""
    _ACTIVE[0] = scheduler


def active() -> Scheduler | None:
    return _ACTIVE[0]
