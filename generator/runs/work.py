"""Engine results for the rulebook: the sample game and the balance runs, through the cache.

Only the engine's public registry is used (``new_game``, ``play_game``, ``game_seed``), so the
sample game printed in a rulebook is exactly what ``python build.py replay`` plays for the same
edition, seed and agents.
"""
from __future__ import annotations

import inspect
import json
from dataclasses import dataclass
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, TypeAdapter

from generator.model.game import Edition
from generator.runs.cache import cache_key, cached, code_fingerprint


@dataclass(frozen=True)
class EngineInputs:
    """What determines a game besides the seed and the agents: the engine, its rule options and its
    inputs from the edition (``EngineSpec.inputs``; None for an engine that reads only its rules)."""

    engine: str
    options: Any  # the engine's rule options (its ``options_model``)
    inputs: Any

    def key(self) -> dict[str, Any]:
        """What changes the games: the rule options and what of the inputs the engine plays (its
        ``key()``: a card's name or art changes no game)."""
        return {"engine_name": self.engine, "options": self.options.model_dump(mode="json"),
                "inputs": None if self.inputs is None else self.inputs.key()}

    def new_game(self, seed: int) -> Any:
        """A fresh state of the game these inputs set up."""
        from generator.play.registry import get_engine
        return get_engine(self.engine).new_game(self.options, self.inputs, seed)


def engine_inputs(edition: Edition) -> EngineInputs | None:
    """The engine's options and inputs for an edition (None when its game has no engine)."""
    if not edition.engine:
        return None
    from generator.play.registry import get_engine, inputs_for, options_for
    options = options_for(edition)  # a rejected option or engine name: the message validate and build give
    spec = get_engine(edition.engine)
    try:
        inputs = inputs_for(spec, edition)
    except ValueError as exc:
        raise edition.rules_error("deck", "a deck the engine can play", str(exc)) from None
    return EngineInputs(spec.name, options, inputs)


class _KeptRecord(BaseModel):
    """What a kept game record must hold to be used (the game's own figures may add more)."""

    model_config = ConfigDict(extra="allow")
    game: str
    seed: int
    agents: list[str]
    actions: list[str]
    winner: int | None
    turns: int
    flags: dict[str, Any]


# A kept result of another shape is a miss, never a KeyError: the cache lives in the project, which
# may have been sent by anyone.
RECORD = TypeAdapter(_KeptRecord)
ROWS = TypeAdapter(list[list[Any]])


@dataclass
class Work:
    """A cached engine result made of independent units: ``run`` (a module-level function, so any
    process can call it, started by fork or spawn) turns each unit into a part; ``combine`` joins
    the parts in unit order. ``sizes`` are the games each unit plays, for progress reports."""

    kind: str
    parts: dict[str, Any]
    engine: str
    units: list[tuple]
    run: Callable[[tuple], Any]
    combine: Callable[[list], Any]
    sizes: list[int]
    shape: Any = None  # a pydantic TypeAdapter a kept result must pass (rulebook.cache.cached)

    @property
    def code(self) -> str:
        """The fingerprint of the code that makes the result from the games: the functions it runs
        and those handed to its units (an appendix's event reader), by their packages."""
        handed = {x for unit in self.units for x in unit if inspect.isfunction(x)}
        return code_fingerprint(self.run, self.combine, *sorted(handed, key=lambda f: f.__qualname__))

    @property
    def key(self) -> str:
        return cache_key(self.kind, self.parts, self.engine, self.code)

    @property
    def label(self) -> str:
        """What the work is, for a timeline (``PNP_TRACE``)."""
        agents = ",".join(self.parts.get("agents", ()))
        return f"{self.kind} {self.engine} {agents} {sum(self.sizes)} [{self.key[:6]}]"


def resolve(work: Work, jobs: int = 1, progress: Callable[[int], None] | None = None) -> Any:
    """The result of ``work``: from the cache, from a run started ahead (``pending``), or run now
    on ``jobs`` processes."""
    def compute() -> Any:
        from generator.runs.pending import pending
        ahead = pending(work.key)
        parts = ahead.wait(progress) if ahead is not None else run_units(work, jobs, progress)
        return work.combine(parts)
    return cached(work.kind, work.parts, compute, work.engine, work.shape, work.code)


def run_units(work: Work, jobs: int, progress: Callable[[int], None] | None) -> list:
    """Every unit's part, in unit order, here or on a pool of ``jobs`` processes."""
    from generator.core.trace import span
    with span(f"run here {work.label}"):
        return _run_units(work, jobs, progress)


def _run_units(work: Work, jobs: int, progress: Callable[[int], None] | None) -> list:
    parts = []
    if jobs > 1 and len(work.units) > 1:
        from concurrent.futures import ProcessPoolExecutor

        from generator.core.processes import pool_context
        with ProcessPoolExecutor(min(jobs, len(work.units)), mp_context=pool_context()) as pool:
            for part, size in zip(pool.map(work.run, work.units), work.sizes):
                parts.append(part)
                if progress:
                    progress(size)
        return parts
    for unit, size in zip(work.units, work.sizes):
        parts.append(work.run(unit))
        if progress:
            progress(size)
    return parts


def _first(parts: list) -> Any:
    return parts[0]


def _joined(parts: list[list]) -> list:
    return [row for part in parts for row in part]


def sample_work(inputs: EngineInputs, seed: int, agents: tuple[str, str]) -> Work:
    return Work("sample", {**inputs.key(), "seed": seed, "agents": list(agents)}, inputs.engine,
                [(inputs, seed, tuple(agents))], _sample_record, _first, [1], RECORD)


def _sample_record(unit: tuple) -> dict[str, Any]:
    from generator.play.registry import play_game
    inputs, seed, agents = unit
    return play_game(inputs.options, inputs.inputs, seed, list(agents), game=inputs.engine).to_dict()


def keep_sample(inputs: EngineInputs, seed: int, agents: tuple[str, str], record: dict[str, Any]) -> None:
    """Store the record of a game played elsewhere (the sample-game search) as ``sample_game``'s result."""
    work = sample_work(inputs, seed, agents)
    cached(work.kind, work.parts, lambda: record, work.engine, code=work.code)


def sample_game(inputs: EngineInputs, seed: int, agents: tuple[str, str]) -> dict[str, Any]:
    """The record of one seeded game (setup, actions in notation, result), cached.

    The cache is keyed by the deck's gameplay fields, so the setup (which names the cards) is
    described afresh from the current deck."""
    from generator.play.registry import get_engine
    record = resolve(sample_work(inputs, seed, agents))
    engine = get_engine(inputs.engine)
    setup = engine.describe_setup(inputs.new_game(seed))
    return {**record, "setup": json.loads(json.dumps(setup))}


BALANCE_UNIT = 100  # games per unit of a balance run
SEARCH_UNIT = 4     # ... when an agent searches (each of its games costs a hundred of the others)


def balance_work(inputs: EngineInputs, games: int, seed: int, agents: tuple[str, str]) -> Work:
    from generator.play.kernels import kernel_agent
    size = BALANCE_UNIT if all(kernel_agent(a) is not None for a in agents) else SEARCH_UNIT
    units = [(inputs, seed, tuple(agents), a, min(games, a + size)) for a in range(0, games, size)]
    return Work("balance", {**inputs.key(), "seed": seed, "agents": list(agents), "games": games,
                            "row": _row_fingerprint(inputs.engine)}, inputs.engine,
                units, _play_rows, _joined, [b - a for *_, a, b in units], ROWS)


def balance_rows(inputs: EngineInputs, games: int, seed: int, agents: tuple[str, str], jobs: int = 1,
                 progress: Callable[[int], None] | None = None) -> list[list]:
    """One row per game of a run (game i is seeded ``game_seed(seed, i)``, as in ``simulate``), cached."""
    return resolve(balance_work(inputs, games, seed, agents), jobs, progress)


def _row_fingerprint(engine: str) -> str:
    """A hash of the code that turns a game into a balance row (the appendix it is in, with the
    names of its columns): changing it must not reuse old rows."""
    return code_fingerprint(_row_of(engine))


def _play_rows(task: tuple) -> list[list]:
    from generator.play.registry import game_seed, play_game
    inputs, seed, agents, start, stop = task
    row = _row_of(inputs.engine)
    return [row(play_game(inputs.options, inputs.inputs, game_seed(seed, i), list(agents), game=inputs.engine))
            for i in range(start, stop)]


def _row_of(engine: str) -> Callable[[Any], list]:
    """The engine's balance row (a played game's record -> one row), from the rulebook appendix its
    spec names (``EngineSpec.appendices``), loaded by that name."""
    from generator.play.plugins import get_engine, load_reference
    return load_reference(get_engine(engine).appendices).row
