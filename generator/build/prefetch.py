"""Engine work started ahead of a build: the balance runs, sample-game searches and other results
the rulebooks of a build will ask for, split into units and run side by side on every core while the
build goes on; the build's editions are taken in the order their results arrive.

``plan`` lists the work of the editions to build (leaving out what the cache holds already);
``Ahead`` runs it on a ``Scheduler`` (longest units first: the sample-game searches, each one chain
of games; then the games whose results the most editions wait for) and lists each run in
``runs.pending``, where ``work.resolve`` waits for it instead of computing it again. The same scheduler builds the
rulebooks themselves on its workers, ahead of any engine work still queued, so both cores stay busy
to the end. A progress line goes to the log at least every ``HEARTBEAT`` seconds, terminal or not.
"""
from __future__ import annotations

import sys
import threading
import time
from concurrent.futures import FIRST_COMPLETED, wait
from typing import Any, Callable, Iterable

from generator.core.trace import run_traced, span
from generator.runs.pending import PENDING, Pending
from generator.runs.work import Work, resolve

HEARTBEAT = 5.0  # seconds between progress lines (PNP_PROGRESS_EVERY overrides)

def forget_pending() -> None:
    """In a worker process: a forked copy of the build's pending work must never be waited for there,
    and the worker builds what it is given in itself."""
    from generator.runs.scheduler import activate
    PENDING.clear()
    activate(None)


def plan(editions: Iterable[Any], profiles: list[str] | None) -> dict[str, list[Work]]:
    """The engine work each edition's rulebooks need, by edition (``game/edition``), leaving out
    results the cache holds (a game's balance runs are listed under each of its editions)."""
    from generator.model import layouts_for
    from generator.runs.cache import cache_dir
    from generator.runs.work import balance_work, engine_inputs

    out: dict[str, list[Work]] = {}
    for edition in editions:
        works = out.setdefault(f"{edition.game.id}/{edition.id}", [])
        layouts = layouts_for(edition)
        books = _rulebooks(edition, profiles)
        if not books or not edition.engine:  # no rulebook, or no engine: nothing to start ahead
            continue
        from generator.rulebook.appendices import for_engine
        from generator.rulebook.config import rulebook_config
        from generator.rulebook.settings import settings_for
        appendices = for_engine(edition.engine)
        config = rulebook_config(edition)
        if appendices is None or config is None:
            continue
        inputs = engine_inputs(edition)
        others = [engine_inputs(other) for other in _game_editions(edition)]
        for profile in books:
            settings = settings_for(layouts, profile)
            todo = [balance_work(other, settings.balance_games, settings.balance_seed, settings.balance_agents)
                    for other in others] if settings.simulates else []
            if appendices.sample is not None:
                told = config.narrated_turns if config.narrated_turns is not None else settings.narrated_turns
                todo.append(_sample_work(inputs, settings, config.sample, appendices.read_events, told))
            balance = tuple(settings.balance_agents)  # the designer's report checks more pairings for stalls
            todo += [balance_work(inputs, settings.stall_games, settings.balance_seed, tuple(pair))
                     for pair in settings.stall_agents if tuple(pair) != balance and settings.simulates]
            todo += appendices.ahead(settings, inputs)
            if settings.simulates:  # the report's strength, lever and decision runs
                from generator.rulebook.config import rules_folder
                from generator.rulebook.report import works as report_works
                todo += report_works(settings, edition, inputs, rules_folder(edition), config)
            works += [w for w in todo if not (cache_dir() / f"{w.kind}-{w.key}.json").is_file()]
    return out


def priorities(planned: dict[str, list[Work]]) -> dict[str, tuple]:
    """The order the units of planned work start in, by work key (lowest first): every sample-game
    search first (one long chain of games each, so it must not be the last thing running), then
    the work of the game with the most editions waiting for it (its books can be built while the
    rest plays), in plan order."""
    editions_of: dict[str, int] = {}
    for name in planned:
        game = name.split("/")[0]
        editions_of[game] = editions_of.get(game, 0) + 1
    games = sorted(editions_of, key=lambda g: -editions_of[g])
    out: dict[str, tuple] = {}
    for name, works in planned.items():
        for work in works:
            rank = (0 if work.kind == "sample-search" else 1, games.index(name.split("/")[0]))
            out.setdefault(work.key, (*rank, len(out)))
    return out


def _rulebooks(edition: Any, profiles: list[str] | None) -> list[Any]:
    """The rulebook profiles a build of ``edition`` makes (none for a game without rules/)."""
    from generator.build.pipeline import default_profiles
    from generator.model import layouts_for
    from generator.rulebook.config import rules_folder
    if rules_folder(edition) is None:
        return []
    layouts = layouts_for(edition)
    return [p for p in (layouts.profile(p) for p in (profiles or default_profiles(layouts))) if p.kind == "rulebook"]


def _sample_work(inputs: Any, settings: Any, search: Any, read_events: Any, told: int = 0) -> Work:
    """The sample-game search, or the one game of the first seed when the book asks for no events
    (or its engine cannot read them on a worker)."""
    from generator.runs.work import sample_work
    from generator.runs.sample_search import search_work
    if search.shows and read_events is not None:
        return search_work(inputs, settings.sample_agents, settings.sample_seed, search, read_events, told)
    return sample_work(inputs, settings.sample_seed, settings.sample_agents)


def _game_editions(edition: Any) -> list[Any]:
    from generator.model import load_edition
    from generator.runs.work import engine_inputs
    others = [edition if e == edition.id else load_edition(edition.game, e) for e in edition.game.spec.editions]
    return [e for e in others if engine_inputs(e) is not None]


class Ahead:
    """A ``Scheduler`` of ``jobs`` processes for the build: ``start(planned)`` puts the planned engine
    work on it, the most urgent units first; the same scheduler builds rulebooks (``pipeline``).
    Use as a context manager around the build."""

    def __init__(self, jobs: int, log: Callable[[str], None] | None = None):
        self.planned: dict[str, list[Work]] = {}
        self.jobs, self.log = jobs, log
        self.scheduler: Any = None
        self.started = time.monotonic()
        self._stop = threading.Event()
        self._beat: threading.Thread | None = None

    def __enter__(self) -> "Ahead":
        from generator.runs.scheduler import Scheduler, activate
        from generator.build.workers import warm_up
        self.scheduler = Scheduler(self.jobs, initializer=forget_pending, warm_up=warm_up)
        activate(self.scheduler)
        return self

    def start(self, planned: dict[str, list[Work]]) -> None:
        self.planned = planned
        works = list({w.key: w for ws in planned.values() for w in ws}.values())
        order = priorities(planned)
        for work in works:
            PENDING[work.key] = Pending(work, [
                self.scheduler.submit((1, *order[work.key], i), run_traced, f"{work.label} #{i}", work.run, unit)
                for i, unit in enumerate(work.units)])
        if works and self.log:  # no line at the start: a build that fails at once says only why
            self._beat = threading.Thread(target=self._heartbeat, daemon=True)
            self._beat.start()

    def __exit__(self, *exc: Any) -> None:
        from generator.runs.scheduler import activate
        self._stop.set()
        if self._beat is not None and exc[0] is None:
            games = sum(p.games_done() for p in {w.key: PENDING[w.key] for ws in self.planned.values()
                                                  for w in ws if w.key in PENDING}.values())
            self.log(f"games for the rulebooks: done, {games:,} games in {time.monotonic() - self.started:.0f} s")
        for works in self.planned.values():
            for work in works:
                PENDING.pop(work.key, None)
        activate(None)
        if self.scheduler is not None:
            self.scheduler.close(stop_running=exc[0] is not None)

    def order(self, names: list[str]) -> Iterable[str]:
        """``names`` (``game/edition``) in the order their work is done: ready ones first, the rest as
        their work finishes (a finished edition is handed out while the pool goes on). Before an
        edition is handed out its results are stored in the cache, where a rulebook built on a
        worker process finds them."""
        left = list(names)
        while left:
            ready = [n for n in left if all(PENDING[w.key].done() for w in self._works(n))]
            if not ready:
                # only unfinished futures: waiting on a finished one returns at once and spins a core
                futures = [f for n in left for w in self._works(n) for f in PENDING[w.key].futures if not f.done()]
                with span("wait for engine results"):
                    wait(futures, return_when=FIRST_COMPLETED)
                continue
            left.remove(ready[0])
            for work in self._works(ready[0]):
                resolve(work)
            yield ready[0]

    def _works(self, name: str) -> list[Work]:
        return [w for w in self.planned.get(name, []) if w.key in PENDING]

    def _heartbeat(self) -> None:
        import os
        try:
            every = float(os.environ.get("PNP_PROGRESS_EVERY", HEARTBEAT))
        except ValueError:
            every = HEARTBEAT
        while not self._stop.wait(max(0.05, every)):
            pendings = list(PENDING.values())
            total = sum(sum(p.work.sizes) for p in pendings)
            done = sum(p.games_done() for p in pendings)
            if done >= total:
                return
            self.log(progress_line(done, total, time.monotonic() - self.started, self.jobs))


def progress_line(done: int, total: int, elapsed: float, processes: int) -> str:
    """What the rulebooks' engine work has done and, once a tenth is done, about how long it has left at the
    rate so far (before that the longest single tasks, the sample-game searches, dominate and the rate says
    little)."""
    left = f", about {_duration(elapsed * (total - done) / done)} left" if done and done * 10 >= total else ""
    return (f"playing the games for the rulebooks' balance figures and sample games: {done:,} of {total:,} "
            f"on {processes} processes{left}")


def _duration(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} min"


def log_line(text: str) -> None:
    print(f"  {text}", file=sys.stderr, flush=True)


def jobs() -> int:
    """Processes for work started ahead: ``PNP_RULEBOOK_JOBS`` when set, else every core."""
    import os
    try:  # int() inside try: '²'.isdigit() is True and int('²') fails
        return max(1, int(os.environ.get("PNP_RULEBOOK_JOBS", "")))
    except ValueError:  # unset, or not a number: settings.py reports a wrong value in one line
        return os.cpu_count() or 1


class ahead_of:
    """Around a build of ``editions``: with rulebooks to build and more than one job, a scheduler
    whose workers build the rulebooks and, started ahead, the engine work they need (none when
    planning meets a mistake: the build then reports it where it belongs); gives a function that
    hands out the editions in the order their work is done."""

    def __init__(self, editions: list[Any], profiles: list[str] | None):
        self.editions, self.profiles, self.ahead = editions, profiles, None

    def __enter__(self) -> Callable[[list[Any]], Iterable[Any]]:
        from generator.core.errors import UserError
        if jobs() < 2:
            return lambda editions: editions
        try:
            books = any(_rulebooks(e, self.profiles) for e in self.editions)
        except (UserError, ValueError):
            books = False
        if not books:
            return lambda editions: editions
        with span("start workers"):
            self.ahead = Ahead(jobs(), log_line).__enter__()  # its workers start while the work is planned
        try:
            try:
                with span("plan engine work"):
                    planned = plan(self.editions, self.profiles)
            except (UserError, ValueError):
                planned = {}
            if any(planned.values()):
                with span("check editions"):
                    _check(self.editions, self.profiles)  # a mistake stops the build before any engine work starts
            self.ahead.start(planned)
        except BaseException as exc:
            self.ahead.__exit__(type(exc), exc, exc.__traceback__)
            raise
        by_name = {f"{e.game.id}/{e.id}": e for e in self.editions}
        return lambda editions: (by_name[n] for n in self.ahead.order(list(by_name)))

    def __exit__(self, *exc: Any) -> None:
        if self.ahead is not None:
            self.ahead.__exit__(*exc)


def _check(editions: list[Any], profiles: list[str] | None = None) -> None:
    """The checks each edition's build makes before writing anything (templates, bindings, rule
    options), made for all of them first: with engine work started ahead, editions are built out of
    order, and a mistake in any of them must stop the build at once with its one message."""
    from generator.build.validate import check_edition, engine_options, engine_setup_problem
    from generator.core.errors import ValidationFailed
    from generator.model import layouts_for
    for edition in editions:
        check_edition(edition, layouts_for(edition))
        engine_options(edition)
        problem = engine_setup_problem(edition) if _rulebooks(edition, profiles) else None
        if problem:  # validate's words, as build_edition says them, before a worker plays a game
            raise ValidationFailed(f"{edition.source.path}: {problem} (see `validate`)")
