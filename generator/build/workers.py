"""An edition's rulebooks built on the worker processes of the build's scheduler, while this
process builds its other profiles: a rulebook (typesetting and reading it back) is the longest
profile of an edition, and the last ones of a cold build would otherwise run on one core.

Only profiles of a kind the exporters' registry marks ``on_worker`` go, and only when a scheduler is active and the edition is
built with its usual layouts (a worker loads the edition again from its folder). A worker's
mistake comes back as the same one-line message and exit status.
"""
from __future__ import annotations

import sys
from concurrent.futures import Future, wait
from pathlib import Path
from typing import Any

from generator.core.errors import UserError
from generator.exporters.registry import ON_WORKERS, Job, exporter_for

FIRST = (0,)  # ahead of every unit of engine work in the scheduler's queue


class Relayed(UserError):
    """A user's mistake met on a worker process, carried back whole (message and exit status)."""

    def __init__(self, message: str, exit_code: int = 2):
        super().__init__(message)
        self.exit_code = exit_code

    def __reduce__(self):
        return Relayed, (str(self), self.exit_code)


class Elsewhere:
    """The files each profile of one edition's build produced, some of them still being built on
    workers; as a context manager it makes sure no worker still writes when the build ends."""

    def __init__(self, own_layouts: bool):
        scheduler = sys.modules.get("generator.runs.scheduler")  # not even loaded: no scheduler is running
        self.scheduler = None if own_layouts or scheduler is None else scheduler.active()
        self._files: dict[str, Any] = {}

    def __enter__(self) -> "Elsewhere":
        return self

    def __exit__(self, *exc: Any) -> None:
        running = [f for f in self._files.values() if isinstance(f, Future) and not f.cancel()]
        wait(running)  # a failed build removes its staging folder: nothing may be writing into it

    def submit(self, job: Any) -> bool:
        """Hand ``job`` to a worker if its kind goes there; False when it must be built here."""
        if self.scheduler is None or job.profile.kind not in ON_WORKERS:
            return False
        edition = job.edition
        self._files[job.profile.id] = self.scheduler.submit(
            FIRST, export_elsewhere, str(edition.game.folder), edition.id, job.profile.id, job.stage, job.strict,
            job.base_url)
        return True

    def done(self, job: Any, produced: list) -> None:
        self._files[job.profile.id] = produced

    def wait(self) -> None:
        for key, value in self._files.items():
            if isinstance(value, Future):
                self._files[key] = value.result()

    def files(self, job: Any) -> list:
        self.wait()
        return self._files[job.profile.id]


def warm_up() -> None:
    """A worker's first task: load the exporters it will be given (the rulebook's typesetting)."""
    from generator.core.trace import span
    with span("warm up"):
        for kind in ON_WORKERS:
            exporter_for(kind)


def export_elsewhere(game_folder: str, edition_id: str, profile_id: str, stage: Path, strict: bool,
                     base_url: str | None) -> list:
    """Build one profile of an edition on a worker process, from the edition's files."""
    from generator.model import load_edition, load_game
    from generator.model import layouts_for
    from generator.core.trace import span
    try:
        with span("load edition"):
            edition = load_edition(load_game(Path(game_folder)), edition_id)
            layouts = layouts_for(edition)
            job = Job(edition, layouts, layouts.profile(profile_id), stage, strict=strict, base_url=base_url)
        with span(job.stem):
            return exporter_for(job.profile.kind)(job)
    except UserError as exc:
        raise Relayed(str(exc), exc.exit_code) from None
