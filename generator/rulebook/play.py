"""Engine results for the rulebook: the sample game and the balance runs, through the cache.

Only the engine's public registry is used (``new_game``, ``play_game``, ``game_seed``), so the
sample game printed in a rulebook is exactly what ``python build.py replay`` plays for the same
edition, seed and agents.
"""
from __future__ import annotations

import json
import multiprocessing as mp
from dataclasses import dataclass
from typing import Any, Callable

from pydantic import BaseModel

from ..model.game import Edition
from .cache import cached


@dataclass(frozen=True)
class EngineInputs:
    """What determines a game besides the seed and the agents."""

    engine: str
    options: BaseModel
    deck: list
    glyph_ids: list[str]

    def key(self) -> dict[str, Any]:
        """What changes the games: the rule options, the glyphs and the deck's gameplay fields, in
        deck order (a card's name or art changes no game)."""
        return {"engine_name": self.engine, "options": self.options.model_dump(mode="json"),
                "deck": [gameplay(card) for card in self.deck], "glyphs": list(self.glyph_ids)}


COSMETIC_FIELDS = ("name", "title", "art", "image")


def gameplay(card: Any) -> list:
    """A card's fields as the engine plays them: all of them but its name and pictures."""
    if hasattr(card, "_asdict"):
        return [value for key, value in card._asdict().items() if key not in COSMETIC_FIELDS]
    return list(card)


def engine_inputs(edition: Edition) -> EngineInputs | None:
    """The engine's options, deck and glyphs for an edition (None when its game has no engine)."""
    if not edition.engine:
        return None
    from ..engine.registry import get_engine, options_for
    options = options_for(edition)  # a rejected option or engine name: the message validate and build give
    spec = get_engine(edition.engine)
    try:
        deck = spec.expand_deck(edition.deck_entries)
    except ValueError as exc:
        raise edition.rules_error("deck", "a deck the engine can play", str(exc)) from None
    return EngineInputs(spec.name, options, deck, edition.glyph_ids)


def sample_game(inputs: EngineInputs, seed: int, agents: tuple[str, str]) -> dict[str, Any]:
    """The record of one seeded game (setup, actions in notation, result), cached.

    The cache is keyed by the deck's gameplay fields, so the setup (which names the cards) is
    described afresh from the current deck."""
    from ..engine.registry import get_engine, play_game

    def play() -> dict[str, Any]:
        return play_game(inputs.options, inputs.deck, inputs.glyph_ids, seed, list(agents),
                         game=inputs.engine).to_dict()
    record = cached("sample", {**inputs.key(), "seed": seed, "agents": list(agents)}, play, inputs.engine)
    engine = get_engine(inputs.engine)
    setup = engine.describe_setup(engine.new_game(inputs.options, inputs.deck, inputs.glyph_ids, seed))
    return {**record, "setup": json.loads(json.dumps(setup))}


def balance_rows(inputs: EngineInputs, games: int, seed: int, agents: tuple[str, str], jobs: int = 1,
                 progress: Callable[[int], None] | None = None) -> list[list]:
    """One row per game of a run (game i is seeded ``game_seed(seed, i)``, as in ``simulate``), cached."""
    def run() -> list[list]:
        tasks = [(inputs, seed, agents, a, min(games, a + 100)) for a in range(0, games, 100)]
        rows: list[list] = []
        if jobs > 1 and len(tasks) > 1:
            with mp.get_context("fork").Pool(min(jobs, len(tasks))) as pool:
                for chunk in pool.imap(_play_rows, tasks):
                    rows.extend(chunk)
                    if progress:
                        progress(len(chunk))
        else:
            for task in tasks:
                chunk = _play_rows(task)
                rows.extend(chunk)
                if progress:
                    progress(len(chunk))
        return rows
    return cached("balance", {**inputs.key(), "seed": seed, "agents": list(agents), "games": games,
                              "row": _row_fingerprint(inputs.engine)}, run, inputs.engine)


def _row_fingerprint(engine: str) -> str:
    """A hash of the code that turns a game into a balance row: changing it must not reuse old rows."""
    import hashlib
    import inspect
    from .appendices import for_engine
    return hashlib.sha256(inspect.getsource(for_engine(engine).row).encode()).hexdigest()[:16]


def _play_rows(task: tuple) -> list[list]:
    from ..engine.registry import game_seed, play_game
    from .appendices import for_engine
    inputs, seed, agents, start, stop = task
    row = for_engine(inputs.engine).row
    return [row(play_game(inputs.options, inputs.deck, inputs.glyph_ids, game_seed(seed, i), list(agents),
                          game=inputs.engine)) for i in range(start, stop)]
